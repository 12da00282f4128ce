"""The score to enter in the scoring program, as scorers write it, read from the ruling JSON.

A result is entered as the contract, the result and the declarer, with the side's score:
"5C+1 by E, NS -420" (what Bridgemate and the scoring programs take). Directors enter a weighted
score (Law 12C1(c); 12C3 in 1997) component by component: "60% of 4S= by S, NS +620; 40% of 4S-1
by S, NS -100". The scoring program scores each component (in IMPs or matchpoints) and weights
the results, never the averaged score, so the net of the components is only shown labelled as
such, after "score each component, then weight". Under 1997's Law 12C2 (``enter`` is ``split``)
each side gets its own result: the non-offenders the most favourable likely one, the offenders the
most unfavourable at all probable one, so the two sides' scores need not balance. Otherwise it is
the one recommended result.

Everything here reads the ruling as the dict of ``Ruling.to_dict()`` (``docs/ruling-format.md``):
``contract``, ``declarer``, ``recommendation`` (``adjusted``, ``declarer_tricks``, ``score_ns`` and,
when present, ``weighted.components``, each with ``declarer_tricks``, ``score_ns``, ``weight`` and
``result`` and ``declarer``), ``enter`` and ``split``. A ruling logged by an older version (no
``enter``, no ``result``) enters its weighted score when adjusted, its results written from the
contract and declarer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from revoke_equity.laws.adjudication import EACH_THEN_WEIGHT
from revoke_equity.model.contract import contract_result
from revoke_equity.ruling.schema import EnterComponentJSON, ScoreToEnterJSON
from revoke_equity.scoring import imps, matchpoints

__all__ = ["Component", "SideScore", "contract_result", "score_to_enter", "weighted_components"]

SIDES = ("NS", "EW")


@dataclass(frozen=True)
class Component:
    """One result to enter: all of a side's score, or a component of a weighted score."""

    percent: int
    declarer_tricks: int
    result: str
    """The contract and result in scorers' notation: ``5C+1``."""
    declarer: str
    score: int
    """The side's score for this result."""

    def text(self, side: str) -> str:
        """``5C+1 by E, NS -420``, with ``60% of`` before it for a weighted score's component."""
        weight = "" if self.percent == 100 else f"{self.percent}% of "
        return f"{weight}{self.result} by {self.declarer}, {side} {_points(self.score)}"

    def as_dict(self) -> EnterComponentJSON:
        return {"percent": self.percent, "result": self.result, "declarer": self.declarer,
                "score": self.score}


@dataclass(frozen=True)
class SideScore:
    """What one side's score is to be in the scoring program."""

    side: str
    score: float
    """The side's score; for a weighted score the net of its components, which is not entered
    (the components are)."""
    text: str
    """The line a director reads: ``"5C+1 by E, NS -420"``, or for a weighted score ``"60% of 4S=
    by S, NS +620; 40% of 4S-1 by S, NS -100 (score each component, then weight; net NS +332)"``."""
    components: tuple[Component, ...] = ()
    """What to enter: one result, or the weighted score's components."""

    @property
    def weighted(self) -> bool:
        return len(self.components) > 1

    def as_dict(self) -> ScoreToEnterJSON:
        return {"side": self.side, "score": self.score, "text": self.text,
                "weighted": self.weighted, "components": [c.as_dict() for c in self.components]}


def weighted_components(ruling: Mapping[str, Any]) -> list[tuple[int, int, int]] | None:
    """``[(percent, declarer_tricks, score_ns), ...]`` of the weighted score to enter, best for
    declarer first; else None. A weight may be a fraction (0.6) or a percentage (60)."""
    components = _weighted(ruling)
    return None if components is None else [(p, t, s) for p, t, s, _, _ in components]


def _weighted(ruling: Mapping[str, Any]) -> list[tuple[int, int, int, str, str]] | None:
    """``weighted_components`` with each component's result and declarer."""
    rec = ruling.get("recommendation") or {}
    weighted = rec.get("weighted")
    if not rec.get("adjusted") or not isinstance(weighted, Mapping) or \
            rec.get("enter", "weighted") != "weighted":
        return None
    components = weighted.get("components") or []
    if not components:
        return None
    out = []
    for c in components:
        weight = float(c["weight"])
        percent = round(weight * 100) if weight <= 1 else round(weight)
        tricks = int(c["declarer_tricks"])
        out.append((percent, tricks, int(c["score_ns"]), *_written(ruling, c, tricks)))
    return sorted(out, key=lambda c: -c[1])


def _written(ruling: Mapping[str, Any], result: Mapping[str, Any], tricks: int) -> tuple[str, str]:
    """A result's contract-result string and declarer: its own, else from the ruling's contract."""
    written = result.get("result") or contract_result(str(ruling["contract"]), tricks)
    declarer = result.get("declarer") or ruling.get("declarer") or "?"
    return str(written), str(declarer)


def score_to_enter(ruling: Mapping[str, Any]) -> list[SideScore]:
    """One :class:`SideScore` for NS and one for EW. With the command line's ``comparison`` (the
    other table's score, or a field of NS scores), the line also gives each component in IMPs or
    matchpoints, converted one by one and then weighted, as the scoring program does."""
    rec = ruling.get("recommendation") or {}
    weighted = _weighted(ruling)
    split = rec.get("split") if rec.get("enter") == "split" else None
    out = []
    for side in SIDES:
        sign = 1 if side == "NS" else -1
        if weighted:
            components = tuple(Component(p, t, r, d, s * sign) for p, t, s, r, d in weighted)
            net = sum(c.percent * c.score for c in components) / 100
            text = "; ".join(c.text(side) for c in components)
            if len(components) > 1:  # one component at 100% is an assigned result
                text += f" ({EACH_THEN_WEIGHT}; net {side} {_points(net)})"
            score: float = round(net, 2)
        else:
            who = ""
            result = rec
            if isinstance(split, Mapping):  # 1997's Law 12C2: each side its own result
                ours = split["non_offending_side"] == side
                result = split["non_offenders" if ours else "offenders"]
                who = f" (Law {split['law']}, the {'non-' if ours else ''}offenders' score)"
            tricks = int(result["declarer_tricks"])
            components = (Component(100, tricks, *_written(ruling, result, tricks),
                                    int(result["score_ns"]) * sign),)
            score = components[0].score
            text = components[0].text(side) + who
        text += _converted(ruling.get("comparison"),
                           [(c.percent, c.declarer_tricks, c.score * sign) for c in components], side)
        out.append(SideScore(side, score, text, components))
    return out


def _converted(comparison: Any, components: list[tuple[int, int, int]], side: str) -> str:
    """``; IMPs against -420: 100% of 0 = 0`` and ``; matchpoints: ...`` for ``side``."""
    if not isinstance(comparison, Mapping):
        return ""
    sign = 1 if side == "NS" else -1
    out = ""
    imps_block = comparison.get("imps_ns")
    if isinstance(imps_block, Mapping):
        other = int(imps_block["other_table_ns"])
        values = [(p, sign * imps(s - other)) for p, _, s in components]
        total = sum(p * v for p, v in values) / 100
        out += (f"; IMPs against NS {other:+d}: "
                + ", ".join(f"{p}% of {v:+d}" for p, v in values) + f" = {total:+g}")
    mps_block = comparison.get("matchpoints_ns_percent")
    if isinstance(mps_block, Mapping):
        field = [int(x) for x in mps_block["field"]]
        values_mp = [(p, matchpoints(s, field) if side == "NS" else 100 - matchpoints(s, field))
                     for p, _, s in components]
        total_mp = sum(p * v for p, v in values_mp) / 100
        out += ("; matchpoints: " + ", ".join(f"{p}% of {v:.4g}%" for p, v in values_mp)
                + f" = {total_mp:.4g}%")
    return out


def _points(score: float) -> str:
    """``+620``, ``-100``, ``0``, ``+332.5``."""
    if score == 0:
        return "0"
    text = f"{score:+.2f}".rstrip("0").rstrip(".")
    return text

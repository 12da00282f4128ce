"""The score to enter in the scoring program: one line per side, read from the ruling JSON.

Directors enter a weighted score (Law 12C1(c); 12C3 in 1997) component by component, as
"NS: 60% of 4S= +620, 40% of 4S-1 -100": the scoring program scores each component (in IMPs or
matchpoints) and weights the results, never the averaged score. So when the score to enter is a
weighted score, the line lists the components, each as the contract's result and its score for
that side, then the weighted total. Under 1997's Law 12C2 (``enter`` is ``split``) each side gets
its own result: the non-offenders the most favourable likely one, the offenders the most
unfavourable at all probable one, so the two sides' scores need not balance. Otherwise it is the
one recommended result.

Everything here reads the ruling as the dict of ``Ruling.to_dict()`` (``docs/ruling-format.md``):
``recommendation`` (``adjusted``, ``declarer_tricks``, ``score_ns`` and, when present,
``weighted.components``, each with ``declarer_tricks``, ``score_ns`` and ``weight``), ``enter``
and ``split``. A ruling without ``enter`` (logged by an older version) enters its weighted score
when adjusted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from revoke_equity.scoring import imps, matchpoints

__all__ = ["SideScore", "contract_result", "score_to_enter", "weighted_components"]

SIDES = ("NS", "EW")


@dataclass(frozen=True)
class SideScore:
    """What one side's score is to be in the scoring program."""

    side: str
    score: float
    """The side's score (a weighted score can have a fraction)."""
    text: str
    """The line a director reads: ``"NS: 60% of 4S= +620, 40% of 4S-1 -100 (= +332)"``."""

    def as_dict(self) -> dict[str, Any]:
        return {"side": self.side, "score": self.score, "text": self.text}


def contract_result(contract: str, declarer_tricks: int) -> str:
    """The result in scorers' notation: ``4S=``, ``4S+1``, ``3NTX-2`` (``N`` written ``NT``)."""
    level = int(contract[0])
    strain = contract[1]
    rest = contract[2:]
    over = declarer_tricks - 6 - level
    mark = "=" if over == 0 else f"{over:+d}"
    return f"{level}{'NT' if strain == 'N' else strain}{rest}{mark}"


def weighted_components(ruling: Mapping[str, Any]) -> list[tuple[int, int, int]] | None:
    """``[(percent, declarer_tricks, score_ns), ...]`` of the weighted score to enter, best for
    declarer first; else None. A weight may be a fraction (0.6) or a percentage (60)."""
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
        out.append((percent, int(c["declarer_tricks"]), int(c["score_ns"])))
    return sorted(out, key=lambda c: -c[1])


def score_to_enter(ruling: Mapping[str, Any]) -> list[SideScore]:
    """One :class:`SideScore` for NS and one for EW. With the command line's ``comparison`` (the
    other table's score, or a field of NS scores), the line also gives each component in IMPs or
    matchpoints, converted one by one and then weighted, as the scoring program does."""
    contract = str(ruling["contract"])
    rec = ruling.get("recommendation") or {}
    weighted = weighted_components(ruling)
    split = rec.get("split") if rec.get("enter") == "split" else None
    out = []
    for side in SIDES:
        sign = 1 if side == "NS" else -1
        if weighted:
            components = weighted
            total = sum(p * s for p, _, s in components) / 100 * sign
            parts = ", ".join(f"{p}% of {contract_result(contract, t)} {_points(s * sign)}"
                              for p, t, s in components)
            text = f"{side}: {parts} (= {_points(total)})"
            score: float = round(total, 2)
        else:
            who = ""
            result = rec
            if isinstance(split, Mapping):  # 1997's Law 12C2: each side its own result
                ours = split["non_offending_side"] == side
                result = split["non_offenders" if ours else "offenders"]
                who = f" (Law {split['law']}, the {'non-' if ours else ''}offenders' score)"
            components = [(100, int(result["declarer_tricks"]), int(result["score_ns"]))]
            score = components[0][2] * sign
            text = f"{side}: {contract_result(contract, components[0][1])} {_points(score)}{who}"
        text += _converted(ruling.get("comparison"), components, side)
        out.append(SideScore(side, score, text))
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

"""The score to enter in the scoring program: one line per side, read from the ruling JSON.

Directors enter a weighted score (Law 12C1(c); 12C3 in 1997) component by component, as
"NS: 60% of 4S= +620, 40% of 4S-1 -100": the scoring program scores each component (in IMPs or
matchpoints) and weights the results, never the averaged score. So when the recommendation is an
adjusted score with a weighted score, the line lists the components, each as the contract's result
and its score for that side, then the weighted total; otherwise it is the one recommended result.

Everything here reads the ruling as the dict of ``Ruling.to_dict()`` (``docs/ruling-format.md``):
``recommendation`` (``adjusted``, ``declarer_tricks``, ``score_ns`` and, when present,
``weighted.components``, each with ``declarer_tricks``, ``score_ns`` and ``weight``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

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
    """``[(percent, declarer_tricks, score_ns), ...]`` of the weighted score that the recommendation
    rests on (an adjusted score that has one), best for declarer first; else None. A weight may be
    a fraction (0.6) or a percentage (60)."""
    rec = ruling.get("recommendation") or {}
    weighted = rec.get("weighted")
    if not rec.get("adjusted") or not isinstance(weighted, Mapping):
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
    """One :class:`SideScore` for NS and one for EW."""
    contract = str(ruling["contract"])
    rec = ruling.get("recommendation") or {}
    components = weighted_components(ruling)
    out = []
    for side in SIDES:
        sign = 1 if side == "NS" else -1
        if components:
            total = sum(p * s for p, _, s in components) / 100 * sign
            parts = ", ".join(f"{p}% of {contract_result(contract, t)} {_points(s * sign)}"
                              for p, t, s in components)
            text = f"{side}: {parts} (= {_points(total)})"
            score: float = round(total, 2)
        else:
            tricks = int(rec["declarer_tricks"])
            score = int(rec["score_ns"]) * sign
            text = f"{side}: {contract_result(contract, tricks)} {_points(score)}"
        out.append(SideScore(side, score, text))
    return out


def _points(score: float) -> str:
    """``+620``, ``-100``, ``0``, ``+332.5``."""
    if score == 0:
        return "0"
    text = f"{score:+.2f}".rstrip("0").rstrip(".")
    return text

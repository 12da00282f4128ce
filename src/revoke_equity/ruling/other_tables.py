"""Each option of a ruling in IMPs against the other table, or in matchpoints on a field of NS
scores: what the command line's ``--compare`` and ``--field`` add (``comparison`` in the ruling
JSON). A weighted score (Law 12C1(c)) is converted component by component, then weighted, as the
scoring programs do."""

from __future__ import annotations

from collections.abc import Sequence

from revoke_equity.ruling.data import Ruling
from revoke_equity.ruling.schema import ScoreComparisonJSON
from revoke_equity.scoring import imps, matchpoints, weighted_imps, weighted_matchpoints

__all__ = ["score_comparison"]


def score_comparison(ruling: Ruling, other: int | None,
                     field: Sequence[int] | None) -> ScoreComparisonJSON | None:
    """The options (the table result, the mechanical one, the recommended one, the double-dummy
    one and the weighted score) against ``other`` (the other table's NS score) and on ``field``;
    None when neither is given."""
    if other is None and not field:
        return None
    options: dict[str, int] = {
        "table": ruling.record.declarer_tricks,
        "mechanical": ruling.mechanical_tricks,
        "recommended": ruling.recommendation.declarer_tricks,
    }
    if ruling.comparison is not None:
        options["equity"] = ruling.comparison.dd_tricks
    weighted = ruling.recommendation.weighted
    out: ScoreComparisonJSON = {}
    if other is not None:
        table: dict[str, float] = {k: imps(ruling.score(t) - other) for k, t in options.items()}
        if weighted is not None:
            table["weighted"] = weighted_imps(weighted.parts(), other)
        out["imps_ns"] = {"other_table_ns": other, "options": table}
    if field:
        mps = {k: round(matchpoints(ruling.score(t), field), 2) for k, t in options.items()}
        if weighted is not None:
            mps["weighted"] = weighted_matchpoints(weighted.parts(), field)
        out["matchpoints_ns_percent"] = {"field": list(field), "options": mps}
    return out

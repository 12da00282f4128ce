"""Duplicate scores (Law 77), from North-South's side, through endplay's scoring.

endplay's ``Contract.score`` is checked against a table of known scores in ``tests/test_scoring.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from revoke_equity.model.contract import Contract, Vulnerability
from revoke_equity.model.seats import Seat, Side


def score_ns(contract: Contract, declarer: Seat, vulnerable: Vulnerability, tricks: int) -> int:
    """North-South's duplicate score when declarer's side takes ``tricks`` tricks (0-13)."""
    if not 0 <= tricks <= 13:
        raise ValueError(f"declarer's tricks must be 0-13, not {tricks}")
    declarer_score = _declarer_score(
        contract.level, contract.strain.value, int(contract.doubling),
        vulnerable.is_vulnerable(declarer.side), tricks,
    )
    return declarer_score if declarer.side is Side.NS else -declarer_score


@cache
def _declarer_score(level: int, strain: str, doubling: int, vulnerable: bool, tricks: int) -> int:
    from revoke_equity import _endplay

    _endplay.load()  # endplay's types without its plotting, and only when first scored
    from endplay.types import Contract as EpContract
    from endplay.types import Denom, Penalty, Player, Vul

    denoms = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs,
              "N": Denom.nt}
    ep = EpContract(
        level=level,
        denom=denoms[strain],
        declarer=Player.north,
        penalty=(Penalty.passed, Penalty.doubled, Penalty.redoubled)[doubling],
        result=tricks - level - 6,
    )
    return int(ep.score(Vul.ns if vulnerable else Vul.none))



_IMP_TABLE = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
              1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(difference: int) -> int:
    """The WBF IMP scale: IMPs for a score difference (sign kept)."""
    size = abs(difference)
    value = sum(1 for bound in _IMP_TABLE if size >= bound)
    return value if difference >= 0 else -value


def matchpoints(score: int, field: Sequence[int]) -> float:
    """Matchpoints on a field of other NS scores: 2 per score beaten, 1 per tie (as a share of the
    top, 0-100%)."""
    if not field:
        raise ValueError("a matchpoint comparison needs at least one other score")
    points = sum(2 if score > other else 1 if score == other else 0 for other in field)
    return 100.0 * points / (2 * len(field))


def weighted_imps(components: Sequence[tuple[int, int]], other_table_ns: int) -> float:
    """IMPs to NS for a weighted score, ``components`` being ``(percent, score_ns)`` pairs: each
    component converted, then weighted (as scoring programs do)."""
    return round(sum(p * imps(s - other_table_ns) for p, s in components) / 100, 2)


def weighted_matchpoints(components: Sequence[tuple[int, int]], field: Sequence[int]) -> float:
    """NS's matchpoint percentage for a weighted score on ``field``, component by component."""
    return round(sum(p * matchpoints(s, field) for p, s in components) / 100, 2)

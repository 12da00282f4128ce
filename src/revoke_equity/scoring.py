"""Duplicate scores (Law 77), from North-South's side, through endplay's scoring.

endplay's ``Contract.score`` is checked against a table of known scores in ``tests/test_scoring.py``.
"""

from __future__ import annotations

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


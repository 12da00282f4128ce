"""Law 62D: a revoke on trick 12 is corrected, even when established.

Declarer's tricks become the table's tricks 1-11 plus the double-dummy result of tricks 12 and 13
from the moment the offender had to play, with the offender following suit. With at most two cards
in each hand the exact search is tiny, so this needs no solver.
"""

from __future__ import annotations

from revoke_equity.model.case import Noticed
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Side


def applies(noticed: Noticed) -> bool:
    """62D applies when the revoke is noticed before all four hands are back in the board.

    ``after-round`` is too late (Law 64B5). A call on the next deal (64B4) means the hands of this
    board have been returned, so 62D no longer applies either (our reading; ``ruling.md`` says
    "before the round ends" and does not address 64B4).
    """
    return noticed in (Noticed.DURING_PLAY, Noticed.END_OF_PLAY)


def exact_tricks(position: Position, side: Side) -> int:
    """Tricks ``side`` wins from ``position`` to the end under legal double-dummy play (minimax).

    Meant for endings of a few cards; the cost grows as the product of the hands' options.
    """
    if position.is_over:
        return 0
    return best_of(position, side, corrected_results(position, side))


def best_of(position: Position, side: Side, results: dict[str, int]) -> int:
    """The double-dummy choice among ``results`` (per card, ``side``'s tricks) of the player to
    move at ``position``: the most for ``side`` if he is on it, else the fewest."""
    return (max if position.to_move.side is side else min)(results.values())


def corrected_results(position: Position, side: Side) -> dict[str, int]:
    """For each legal card of the player to move at ``position`` (the offender, for Law 62D):
    ``side``'s tricks from there on, the rest played double-dummy."""
    out = {}
    for card in sorted(position.legal_cards(), key=lambda c: c.sort_key()):
        after = position.play(card)
        out[str(card)] = after.tricks(side) - position.tricks(side) + exact_tricks(after, side)
    return out

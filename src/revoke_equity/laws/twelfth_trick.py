"""Law 62D: a revoke on trick 12 is corrected, even when established.

Declarer's tricks become the table's tricks 1-11 plus the double-dummy result of tricks 12 and 13
from the moment the offender had to play, with the offender following suit (or playing the card the
laws required of him). With at most two cards in each hand the exact search is tiny, so this needs
no solver.

Law 62D comes first: :func:`correct` gives the corrected play record, and Law 64 is then applied to
the board's other established revokes on that record (``spec/likely-result.md`` §4), so that tricks
12-13 are counted once, as corrected.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from revoke_equity.laws.revokes import Revoke
from revoke_equity.model.cards import Card
from revoke_equity.model.case import Noticed
from revoke_equity.model.play import PlayRecord, replay
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Side


@dataclass(frozen=True)
class Correction62D:
    """The Law 62D correction of the board's first established revoke on trick 12."""

    revoke: Revoke
    record: PlayRecord
    """The corrected play record: the table's cards up to the offender's, then the corrected play
    of tricks 12-13 (the offender's best card of ``revoke.could_play``, every later card
    double-dummy); no claim."""
    alternatives: dict[str, int]
    """For each card the offender could play: declarer's total with the rest double-dummy."""

    @property
    def declarer_tricks(self) -> int:
        """Declarer's side's tricks on the corrected record."""
        return self.record.declarer_tricks


def applies(noticed: Noticed) -> bool:
    """62D applies when the revoke is noticed before all four hands are back in the board.

    ``after-round`` is too late (Law 64B5). A call on the next deal (64B4) means the hands of this
    board have been returned, so 62D no longer applies either (our reading; ``ruling.md`` says
    "before the round ends" and does not address 64B4).
    """
    return noticed in (Noticed.DURING_PLAY, Noticed.END_OF_PLAY)


def correct(record: PlayRecord, revokes: Iterable[Revoke]) -> Correction62D | None:
    """The Law 62D correction for the first established revoke on trick 12, if 62D applies.

    The offender plays his double-dummy best card among the cards he could legally play (the
    first in bridge order among equals), and every later card of tricks 12-13 is chosen the same way
    by the player to play it; who wins which of the two tricks can differ between equal lines, the
    number each side wins cannot.
    """
    if not applies(record.case.noticed):
        return None
    revoke = next((r for r in revokes if r.established and r.trick == 12), None)
    if revoke is None:
        return None
    position = record.positions[revoke.index]
    side = record.declarer_side
    results = corrected_results(position, side, revoke.could_play)
    best = best_of(position, side, results)
    first_best = next(card for card, tricks in results.items() if tricks == best)
    line = [Card.from_str(first_best), *_best_line(position.play(Card.from_str(first_best)), side)]
    case = replace(record.case, play=record.case.play[: revoke.index] + tuple(line), claim=None)
    corrected = replay(case)
    alternatives = {card: position.tricks(side) + tricks for card, tricks in results.items()}
    assert corrected.declarer_tricks == position.tricks(side) + best
    return Correction62D(revoke, corrected, alternatives)


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


def corrected_results(
    position: Position, side: Side, cards: Iterable[Card] | None = None
) -> dict[str, int]:
    """For each of ``cards`` (default: the legal cards) of the player to move at ``position`` (the
    offender, for Law 62D): ``side``'s tricks from there on, the rest played double-dummy. In
    bridge order."""
    out = {}
    choices = position.legal_cards() if cards is None else cards
    for card in sorted(choices, key=lambda c: c.sort_key()):
        after = position.play(card)
        out[str(card)] = after.tricks(side) - position.tricks(side) + exact_tricks(after, side)
    return out


def _best_line(position: Position, side: Side) -> list[Card]:
    """A double-dummy line from ``position`` to the end: each player plays the first card in
    bridge order among his best."""
    line: list[Card] = []
    while not position.is_over:
        results = corrected_results(position, side)
        best = best_of(position, side, results)
        card = Card.from_str(next(c for c, tricks in results.items() if tricks == best))
        line.append(card)
        position = position.play(card)
    return line

"""An exact double-dummy minimax for small endings: the independent check of DDS.

Shares nothing with :mod:`revoke_equity.solver.dds` but the model. The search is alpha-beta on
North-South's tricks with a transposition table of bounds at trick boundaries, keyed on the hands,
the leader and the trumps; inside a hand, cards with no live card of their suit between them (in
any hand or on the table) are equivalent and only one of them is searched. At the root every
legal card is searched on its own. Practical up to 5-6 cards per hand (about 5 ms and 35 ms a
position).

    >>> from revoke_equity.model import Card, Position, Seat
    >>> hands = tuple(frozenset({Card.from_str(c)}) for c in ("SA", "S2", "S3", "S4"))
    >>> best_tricks(Position(hands, None, Seat.E))
    0
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from revoke_equity.errors import SolverError
from revoke_equity.model.cards import Card
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat, Side
from revoke_equity.solver.base import SolverStats

__all__ = ["BruteForceSolver", "best_tricks"]

_SUIT_BITS = tuple(((1 << 13) - 1) << (13 * i) for i in range(4))
_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_MAX_TT = 400_000

State = tuple[tuple[int, int, int, int], int, tuple[int, ...]]
"""Hands as 52-bit masks (bit ``13 * suit + rank - 2``), leader 0-3 (N E S W), trick bits."""


def _bit(card: Card) -> int:
    return 1 << (13 * card.suit.order + int(card.rank) - 2)


_SUIT_INDEX = {1 << i: i // 13 for i in range(52)}
"""Card bit -> suit index (0 spades .. 3 clubs)."""
_SUIT_MASK = {1 << i: _SUIT_BITS[i // 13] for i in range(52)}
"""Card bit -> mask of its whole suit."""


def _winner(leader: int, trick: tuple[int, ...], trump: int) -> int:
    """Seat index (0-3) that wins four cards (bits) led by ``leader``."""
    best = trick[0]
    best_suit = _SUIT_INDEX[best]
    best_offset = 0
    for offset in (1, 2, 3):
        card = trick[offset]
        suit = _SUIT_INDEX[card]
        if suit == best_suit:
            if card > best:
                best, best_offset = card, offset
        elif suit == trump:
            best, best_suit, best_offset = card, suit, offset
    return (leader + best_offset) % 4


class _Search:
    """Fail-soft alpha-beta for one trump suit; values are North-South tricks from the node on
    (the unfinished trick included). ``table`` maps a trick-boundary key to proven bounds."""

    def __init__(self, trump: int, table: dict[tuple[int, int, int, int, int], tuple[int, int]]):
        self.trump = trump
        self.table = table

    def value(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...],
              alpha: int, beta: int) -> int:
        key = None
        if not trick:
            left = hands[leader].bit_count()
            if left == 0:
                return 0
            key = (hands[0], hands[1], hands[2], hands[3], leader)
            low, high = self.table.get(key, (0, left))
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        alpha0, beta0 = alpha, beta
        player = (leader + len(trick)) % 4
        maximise = player % 2 == 0
        best = -1 if maximise else 99
        for card in self.moves(hands, player, trick):
            value = self.child(hands, leader, trick, player, card, alpha, beta)
            if maximise:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        if key is not None:
            low, high = self.table.get(key, (0, left))
            if best <= alpha0:
                high = min(high, best)  # failed low: the value is at most best
            elif best >= beta0:
                low = max(low, best)  # failed high: the value is at least best
            else:
                low = high = best
            if len(self.table) >= _MAX_TT:
                self.table.clear()
            self.table[key] = (low, high)
        return best

    def child(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...],
              player: int, card: int, alpha: int, beta: int) -> int:
        """Value after ``player`` plays ``card``."""
        new = list(hands)
        new[player] ^= card
        after = (new[0], new[1], new[2], new[3])
        if len(trick) < 3:
            return self.value(after, leader, (*trick, card), alpha, beta)
        winner = _winner(leader, (*trick, card), self.trump)
        gained = 1 if winner % 2 == 0 else 0
        return gained + self.value(after, winner, (), alpha - gained, beta - gained)

    def moves(self, hands: tuple[int, int, int, int], player: int,
              trick: tuple[int, ...]) -> list[int]:
        """Legal cards of ``player``, one per group of equivalent cards (the highest)."""
        mine = hands[player]
        legal = mine
        if trick:
            follow = mine & _SUIT_MASK[trick[0]]
            if follow:
                legal = follow
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for card in trick:
            live |= card
        out = []
        while legal:
            card = legal & -legal  # lowest first
            legal ^= card
            above = live & _SUIT_MASK[card] & ~((card << 1) - 1)
            if above & -above & mine:
                continue  # the next live card up in the suit is ours too: same value
            out.append(card)
        return out


def _state(position: Position) -> State:
    masks = [0, 0, 0, 0]
    for i, seat in enumerate(_SEATS):
        for card in position.hand(seat):
            masks[i] |= _bit(card)
    hands = (masks[0], masks[1], masks[2], masks[3])
    return hands, _SEATS.index(position.leader), tuple(_bit(c) for c in position.trick)


def _check(position: Position) -> int:
    """Tricks left (unfinished included); :class:`SolverError` if the card counts are off."""
    to_move = position.leader.after(len(position.trick))
    tricks = len(position.hand(to_move))
    if tricks == 0:
        raise SolverError("no cards are left to play: there is nothing to solve")
    if len(position.trick) > 3:
        raise SolverError(f"the unfinished trick holds {len(position.trick)} cards (at most 3)")
    for offset in range(4):
        seat = position.leader.after(offset)
        expected = tricks - 1 if offset < len(position.trick) else tricks
        if len(position.hand(seat)) != expected:
            raise SolverError(
                f"{seat.name_long} holds {len(position.hand(seat))} cards, expected {expected}"
            )
    cards = [c for seat in _SEATS for c in position.hand(seat)] + list(position.trick)
    if len(set(cards)) != len(cards):
        raise SolverError("a card is held twice or is both held and on the table")
    return tricks


class BruteForceSolver:
    """:class:`~revoke_equity.solver.base.Solver` by exhaustive alpha-beta (small endings only).

    The transposition tables (one per trump suit) persist between calls and are cleared when
    they reach a few hundred thousand entries.
    """

    def __init__(self) -> None:
        self.stats = SolverStats()
        self._tables: dict[int, dict[tuple[int, int, int, int, int], tuple[int, int]]] = {}

    def _search(self, position: Position) -> _Search:
        trump = 4 if position.trump is None else position.trump.order
        return _Search(trump, self._tables.setdefault(trump, {}))

    def ns_value(self, position: Position) -> int:
        """North-South's tricks from ``position`` on (the unfinished trick included)."""
        if position.is_over:
            return 0
        tricks = _check(position)
        hands, leader, trick = _state(position)
        return self._search(position).value(hands, leader, trick, -1, tricks + 1)

    def solve(self, position: Position) -> dict[Card, int]:
        """Each legal card's tricks for the side to move (every card searched separately)."""
        start = time.perf_counter()
        tricks = _check(position)
        hands, leader, trick = _state(position)
        search = self._search(position)
        player = (leader + len(trick)) % 4
        ns_to_move = player % 2 == 0
        answer: dict[Card, int] = {}
        for card in position.legal_cards():
            ns = search.child(hands, leader, trick, player, _bit(card), -1, tricks + 1)
            answer[card] = ns if ns_to_move else tricks - ns
        self.stats.solve_calls += 1
        self.stats.seconds += time.perf_counter() - start
        return answer

    def solve_many(self, positions: Sequence[Position]) -> list[dict[Card, int]]:
        """:meth:`solve` for each position, one after the other."""
        return [self.solve(position) for position in positions]

    def trace(self, position: Position, cards: Sequence[Card]) -> tuple[int, ...]:
        """North-South's remaining tricks at ``position`` and after each card (legal ones only)."""
        start = time.perf_counter()
        _check(position)
        values = [self.ns_value(position)]
        for number, card in enumerate(cards, start=1):
            if position.is_over:
                raise SolverError(f"card {number} of the line, {card}: the play is already over")
            if card not in position.hand(position.to_move):
                raise SolverError(
                    f"card {number} of the line, {card}: {position.to_move} does not hold it"
                )
            if card not in position.legal_cards():
                raise SolverError(
                    f"card {number} of the line, {card}: {position.to_move} must follow suit"
                )
            position = position.play(card)
            values.append(self.ns_value(position))
        self.stats.trace_calls += 1
        self.stats.seconds += time.perf_counter() - start
        return tuple(values)


def best_tricks(position: Position) -> int:
    """Tricks the side to move wins from ``position`` on with best play (unfinished included)."""
    tricks = _check(position)
    ns = BruteForceSolver().ns_value(position)
    return ns if position.to_move.side is Side.NS else tricks - ns

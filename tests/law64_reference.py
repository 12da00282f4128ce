"""An independent reference for Laws 61-64 and 62D, written from ``spec/ruling.md`` alone.

It shares nothing with :mod:`revoke_equity.laws`, :mod:`revoke_equity.model.play` or
:mod:`revoke_equity.model.position`: it takes plain values (cards, seats, suits, the edition and
the ``noticed`` value) and walks the play itself. Readings where ``ruling.md`` is silent are those
of ``docs/decisions.md``:

- a card a defender withdraws when a revoke is corrected becomes a major penalty card from the next
  trick on (decision 4); every failure to play a penalty card in force when it could legally be
  played is a revoke (Laws 50D1, 61A);
- Law 62D applies when the revoke is noticed during or at the end of play, not after a call on the
  next deal (decision 1);
- the 1997 extra trick of 64A2 counts only tricks played at the table (decision 5), and on a record
  corrected under 62D only tricks 1-11.

Where the spec gives rules the product may not have yet (a claim's ``by`` and ``agreed``,
``requirements``, 62D before Law 64 on the corrected record, 2007's 64B7 counting corrected
revokes), the reference follows the spec; the property tests generate only boards on which those
rules and the product's current behaviour cannot differ (see ``test_law64_property.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from revoke_equity.model import Card, Edition, Noticed, Seat, Suit

SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


def side_of(seat: Seat) -> int:
    """0 for North-South, 1 for East-West."""
    return SEATS.index(seat) % 2


def left_of(seat: Seat, steps: int = 1) -> Seat:
    return SEATS[(SEATS.index(seat) + steps) % 4]


@dataclass(frozen=True)
class Claim:
    """Play stopped after trick ``after_trick``; declarer's side got ``declarer_tricks`` of the
    rest. ``by`` claimed or conceded (default declarer); ``agreed``: the other side agreed."""

    after_trick: int
    declarer_tricks: int
    by: Seat | None = None
    agreed: bool = True


@dataclass(frozen=True)
class Requirement:
    """A rectification an opponent required (``case.md``): ``kind`` is ``lead``, ``no-lead``,
    ``highest``, ``lowest`` or ``suit``."""

    trick: int
    player: Seat
    kind: str
    suit: Suit | None = None


@dataclass(frozen=True)
class Board:
    hands: Mapping[Seat, frozenset[Card]]
    trump: Suit | None
    declarer: Seat
    play: tuple[Card, ...]
    edition: Edition
    noticed: Noticed = Noticed.END_OF_PLAY
    claim: Claim | None = None
    corrected: tuple[tuple[int, Seat, Card], ...] = ()
    """(trick, player, withdrawn revoke card)."""
    penalty_cards: tuple[tuple[Seat, Card, int], ...] = ()
    """(player, card, from trick)."""
    requirements: tuple[Requirement, ...] = ()

    @property
    def dummy(self) -> Seat:
        return left_of(self.declarer, 2)


@dataclass(frozen=True)
class Found:
    """One revoke as ``ruling.md`` reports it."""

    trick: int
    player: Seat
    card: Card
    suit_led: Suit | None
    by_dummy: bool
    established: bool
    corrected: bool
    kind: str
    """``follow-suit``, ``penalty-card`` or ``requirement``."""
    index: int
    """Index of the revoke card in the play."""


@dataclass
class Result:
    revokes: list[Found]
    rectifications: list[tuple[int, Seat, str, int]]
    """(trick, player, law, tricks prescribed alone)."""
    transferred: int
    mechanical: int
    """Declarer's tricks after 62D and Law 64."""
    table: int
    twelfth: int | None = None
    """Declarer's tricks after the 62D correction, when it applied."""


@dataclass
class _Trick:
    number: int
    leader: Seat
    cards: list[tuple[Seat, Card]] = field(default_factory=list)
    winner: Seat | None = None


def winner_of(cards: list[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    led = cards[0][1].suit
    trumps = [(c.rank, s) for s, c in cards if c.suit is trump]
    if trumps:
        return max(trumps, key=lambda x: x[0])[1]
    return max(((c.rank, s) for s, c in cards if c.suit is led), key=lambda x: x[0])[1]


def _tricks(board: Board) -> tuple[list[_Trick], list[dict[Seat, set[Card]]]]:
    """The tricks, and each player's hand before every card of the play."""
    hands = {s: set(board.hands[s]) for s in SEATS}
    tricks: list[_Trick] = []
    before: list[dict[Seat, set[Card]]] = []
    leader = left_of(board.declarer)
    for i, card in enumerate(board.play):
        if i % 4 == 0:
            tricks.append(_Trick(i // 4 + 1, leader))
        trick = tricks[-1]
        seat = left_of(trick.leader, len(trick.cards))
        before.append({s: set(h) for s, h in hands.items()})
        assert card in hands[seat], (seat, card)
        hands[seat].discard(card)
        trick.cards.append((seat, card))
        if len(trick.cards) == 4:
            trick.winner = leader = winner_of(trick.cards, board.trump)
    return tricks, before


def _legal(hand: set[Card], led: Suit | None) -> set[Card]:
    follow = {c for c in hand if c.suit is led}
    return follow or set(hand)


def find(board: Board) -> list[Found]:
    """Law 61: every revoke, corrected ones included, in play order, with Law 63A."""
    tricks, before = _tricks(board)
    corrections = {(t, p): c for t, p, c in board.corrected}
    penalties = list(board.penalty_cards) + [
        (p, c, t + 1) for t, p, c in board.corrected if side_of(p) != side_of(board.declarer)
    ]
    found: list[Found] = []
    for trick in tricks:
        led = trick.cards[0][1].suit
        for offset, (seat, card) in enumerate(trick.cards):
            index = 4 * (trick.number - 1) + offset
            hand = before[index][seat]
            suit_led = led if offset else None
            by_dummy = seat is board.dummy
            if (trick.number, seat) in corrections:
                found.append(Found(trick.number, seat, corrections[trick.number, seat], suit_led,
                                   by_dummy, False, True, "follow-suit", index))
                continue
            kind = None
            legal = _legal(hand, suit_led)
            owed = {c for p, c, t in penalties
                    if p is seat and t <= trick.number and c in hand and c in legal}
            if suit_led is not None and card.suit is not suit_led and any(
                    c.suit is suit_led for c in hand):
                kind = "follow-suit"
            elif owed and card not in owed:
                kind = "penalty-card"
            elif _fails_requirement(board, tricks, trick, seat, card, hand, suit_led):
                kind = "requirement"
            if kind is not None:
                found.append(Found(trick.number, seat, card, suit_led, by_dummy,
                                   _established(board, tricks, trick, seat), False, kind, index))
    return found


def _fails_requirement(board: Board, tricks: list[_Trick], trick: _Trick, seat: Seat, card: Card,
                       hand: set[Card], suit_led: Suit | None) -> bool:
    """A failure, when able, to lead or play as an opponent required (Laws 26, 50D2, 57A, 59)."""
    legal = _legal(hand, suit_led)
    for r in board.requirements:
        if r.player is not seat:
            continue
        if r.kind == "lead" and r.trick == trick.number and suit_led is None:
            if card.suit is not r.suit and any(c.suit is r.suit for c in hand):
                return True
        elif r.kind == "no-lead" and suit_led is None and r.trick <= trick.number:
            kept = all(tricks[n - 1].leader is seat for n in range(r.trick, trick.number + 1))
            if kept and card.suit is r.suit and any(c.suit is not r.suit for c in hand):
                return True
        elif r.kind in ("highest", "lowest") and r.trick == trick.number and suit_led is not None:
            follow = [c for c in hand if c.suit is suit_led]
            if follow:
                pick = (max if r.kind == "highest" else min)(follow, key=lambda c: c.rank)
                if card != pick:
                    return True
        elif (r.kind == "suit" and r.trick == trick.number and card.suit is not r.suit
              and any(c.suit is r.suit for c in legal)):
            return True
    return False


def _established(board: Board, tricks: list[_Trick], trick: _Trick, offender: Seat) -> bool:
    """Law 63A: the offender or his partner played to the next trick, or a member of the offending
    side claimed or conceded, or agreed to the opponents' claim, after the revoke."""
    if trick.number < len(tricks):
        seats = {s for s, _ in tricks[trick.number].cards}
        if offender in seats or left_of(offender, 2) in seats:
            return True
    claim = board.claim
    if claim is None:
        return False
    by = claim.by or board.declarer
    return side_of(by) == side_of(offender) or claim.agreed


def _dd(hands: dict[Seat, frozenset[Card]], cards: tuple[tuple[Seat, Card], ...], leader: Seat,
        trump: Suit | None, side: int) -> int:
    """Tricks ``side`` wins from here to the end, every player choosing for his own side."""
    if not cards and not any(hands.values()):
        return 0
    seat = left_of(leader, len(cards))
    led = cards[0][1].suit if cards else None
    values = [_dd_after(hands, cards, leader, trump, side, card)
              for card in _legal(set(hands[seat]), led)]
    return max(values) if side_of(seat) == side else min(values)


def _dd_after(hands: dict[Seat, frozenset[Card]], cards: tuple[tuple[Seat, Card], ...],
              leader: Seat, trump: Suit | None, side: int, card: Card) -> int:
    """Tricks ``side`` wins from here to the end after the player to move plays ``card``."""
    seat = left_of(leader, len(cards))
    after = {**hands, seat: hands[seat] - {card}}
    played = (*cards, (seat, card))
    if len(played) < 4:
        return _dd(after, played, leader, trump, side)
    winner = winner_of(list(played), trump)
    return (side_of(winner) == side) + _dd(after, (), winner, trump, side)


def rule(board: Board) -> Result:
    """Law 64 for every established revoke (62D first for one on trick 12), and the mechanical
    result."""
    revokes = find(board)
    tricks, before = _tricks(board)
    declarer = side_of(board.declarer)
    claim = board.claim
    claimed = {declarer: claim.declarer_tricks, 1 - declarer: 13 - claim.after_trick
               - claim.declarer_tricks} if claim else {0: 0, 1: 0}
    # Tricks won: (trick number, side); claimed ones numbered after the last played trick.
    won = [(t.number, side_of(t.winner)) for t in tricks if t.winner is not None]
    if claim:
        n = claim.after_trick
        for s in (declarer, 1 - declarer):
            won += [(n + 1 + i, s) for i in range(claimed[s])]
            n += claimed[s]
    table = sum(1 for _, s in won if s == declarer)
    established = [r for r in revokes if r.established]

    twelfth = None
    late = board.noticed in (Noticed.AFTER_NEXT_DEAL_CALL, Noticed.AFTER_ROUND)
    at_12 = [r for r in established if r.trick == 12]
    if at_12 and not late:
        r = at_12[0]
        hands = {s: frozenset(h) for s, h in before[r.index].items()}
        trick = tricks[11]
        on_table = tuple(trick.cards[:r.index % 4])
        follow = [c for c in hands[r.player] if c.suit is r.suit_led] or list(hands[r.player])
        offender_side = side_of(r.player)
        best = max(_dd_after(hands, on_table, trick.leader, board.trump, offender_side, c)
                   for c in follow)
        ends = best if offender_side == declarer else 2 - best
        won = [(n, s) for n, s in won if n <= 11]
        won += [(12 + i, declarer) for i in range(ends)] + [(12 + ends + i, 1 - declarer)
                                                           for i in range(2 - ends)]
        twelfth = sum(1 for _, s in won if s == declarer)

    if board.edition is Edition.LAWS_2007:
        sides = {side_of(r.player) for r in revokes}
    else:
        sides = {side_of(r.player) for r in established}
    both = len(sides) == 2
    rects: list[tuple[int, Seat, str, int]] = []
    units: list[int] = []
    """One per trick to transfer: the revoke's trick."""
    for i, r in enumerate(established):
        offending = side_of(r.player)
        law = None
        if board.noticed is Noticed.AFTER_NEXT_DEAL_CALL:
            law = "64B4"
        elif board.noticed is Noticed.AFTER_ROUND:
            law = "64B5"
        elif r.trick == 12:
            law = "62D" if board.edition is Edition.LAWS_1997 else "64B6"
        elif r.by_dummy or r.kind == "penalty-card":
            law = "64B3"
        elif r.kind == "follow-suit" and any(
                e.player is r.player and e.kind == "follow-suit" and e.suit_led is r.suit_led
                for e in established[:i]):
            law = "64B2"
        elif both:
            law = "64C" if board.edition is Edition.LAWS_1997 else "64B7"
        elif not any(s == offending and n >= r.trick for n, s in won):
            law = "64B1"
        if law is not None:
            rects.append((r.trick, r.player, law, 0))
            continue
        if tricks[r.trick - 1].winner is r.player:
            later = any(s == offending and n > r.trick for n, s in won)
            rects.append((r.trick, r.player, "64A1", 1 + later))
            units += [r.trick] * (1 + later)
        else:
            extra = board.edition is Edition.LAWS_1997 and any(
                t.winner is r.player and dict(t.cards)[r.player].suit is r.suit_led
                for t in tricks[r.trick:11 if twelfth is not None else 13] if t.winner)
            rects.append((r.trick, r.player, "64A2", 1 + extra))
            units += [r.trick] * (1 + extra)

    transferred = 0
    mechanical = twelfth if twelfth is not None else table
    if units:
        offending = side_of(established[0].player)
        mine = sorted(n for n, s in won if s == offending)
        transferred = _matching(units, mine)
        mechanical += -transferred if offending == declarer else transferred
    return Result(revokes, rects, transferred, mechanical, table, twelfth)


def _matching(units: list[int], won: list[int]) -> int:
    """The largest number of distinct won tricks that can be assigned to the units, each taking a
    trick on or after its revoke's trick ("Several revokes by one side")."""
    owner: dict[int, int] = {}

    def augment(u: int, seen: set[int]) -> bool:
        for n in (n for n in won if n >= units[u]):
            if n not in seen:
                seen.add(n)
                if n not in owner or augment(owner[n], seen):
                    owner[n] = u
                    return True
        return False

    return sum(augment(u, set()) for u in range(len(units)))

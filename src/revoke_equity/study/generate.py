"""Synthetic revoke cases: a seeded deal, a contract from its double-dummy table, double-dummy
play, and one or two revokes injected on purpose.

Every case is a pure function of ``(study seed, case index, kind mix, revoke-card rule)``:
:func:`case_seed` derives
the case's own seed, and one :class:`random.Random` seeded with it makes every random choice of the
case, through :meth:`random.Random.random` only (the one method whose sequence Python promises to
keep across versions). So any case can be rebuilt alone, on any machine, in any worker.

The rules, in the order they are applied:

1. **Kind.** Drawn from the mix (weights) with the case's generator.
2. **Deal.** The 52 cards shuffled (Fisher-Yates) and dealt 13 each to N, E, S, W.
3. **Board.** ``case index + 1``: dealer and vulnerability as on duplicate boards.
4. **Contract** (:func:`choose_contract`), from DDS's double-dummy table: the declaring side is the
   side that can take the most tricks in some strain (a tie: the side whose best contract scores
   more for it; then the dealer's side). Its contract is the undoubled one that scores most for it
   when it takes its double-dummy tricks (a tie: the lower level, then the strain order N S H D C);
   declarer is the partner with more tricks in that strain (a tie: the one who comes first
   clockwise from the dealer, the dealer himself first). A side that can make nothing plays one
   of its best strain, down.
5. **Play.** Every card is the double-dummy best for the side to move, the lowest of equal cards
   (lowest rank, then the suit order S H D C): the rule of :mod:`revoke_equity.equity.replay`.
6. **Revokes.** A trick ``t`` is drawn (1-11; 1-10 when two revokes are wanted). At the first
   trick from ``t`` on at which a player of the wanted role follows the lead, holds the suit led
   and holds a card of the wanted manner (a trump to ruff; a card of a side suit to discard), one
   such player is drawn, then the manner, then a suit. The revoke card (``--revoke-card``): by
   default (``best``) the card of that manner (a trump; any card of a side suit) that is best for
   the offender's side double-dummy, the lowest of equals: he plays as if void, and plays well;
   with ``lowest``, the lowest card of the drawn suit. Play then goes on double-dummy from the
   position the revoke created. A second revoke (``same-suit-twice``: the same player, on a later
   lead of the same suit; ``both-sides``: a player of the other side from a drawn trick after the
   first) is placed the same way. When no chance comes by trick 11 the attempt is dropped; after
   three attempts on one deal a new deal is drawn (the case records how many of each it took).
   Revokes are never on trick 12 or 13, so Law 62D never applies.

Kinds (:class:`StudyKind`): ``defender-discard``, ``defender-ruff`` (suit contracts only, so these
cases are all suit contracts), ``declarer`` (declarer's own hand, ruff or discard), ``dummy``,
``same-suit-twice`` (a defender or declarer revokes twice in one suit: Law 64B2 and, in 2017,
64C2(a)), ``both-sides`` (a defender and declarer each revoke once, in either order: Law 64B7).

Hidden-card kinds (``hidden-defender``, ``hidden-declarer``, ``hidden-dummy``,
``hidden-both-sides``): no revoke is put in; instead rule 6 draws the misread card(s)
(:mod:`.hidden`) and the play goes on with their readers choosing on the position they believe in;
every revoke that follows is recorded. An attempt is dropped when the misreading ends without a
revoke, when none came by trick 11, or when a revoke falls on trick 12.

Play model (:mod:`.players`, ``--play``): with ``sd`` every card but an injected revoke is drawn
from the single-dummy policy's probabilities, with a generator of its own seeded by the case's
seed (:func:`play_seed`); the revoke's double-dummy ``before``/``after`` are then solved where
they fall.

Solver economy: one ``CalcDDtable`` per deal, then at most one ``SolveBoard`` per card played, plus
one per further group of equal candidate cards for a ``best`` revoke card. No call for a forced
card or when all the legal cards are equals (one suit, no outstanding card between them); none for
the cards after a failed attempt's trick 11; a replayed prefix (a second attempt on a deal) comes
from the solver's cache. Declarer's double-dummy expectation is carried
along: double-dummy play keeps it, so only a revoke changes it, and the one solve after the revoke
(needed anyway to choose the next card) gives the new value.
"""

from __future__ import annotations

import enum
import hashlib
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from revoke_equity.equity.propagate import Line
from revoke_equity.errors import RevokeEquityError
from revoke_equity.model.cards import ALL_CARDS, Card, Strain, Suit
from revoke_equity.model.case import Case
from revoke_equity.model.contract import Contract, Vulnerability, dealer_for_board
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import Position, equal_groups
from revoke_equity.model.seats import SEATS, Seat, Side
from revoke_equity.scoring import score_ns
from revoke_equity.solver.base import Solver
from revoke_equity.study.dealsource import DealSource
from revoke_equity.study.hidden import HiddenCard, believed_position, draw_hidden, played_card
from revoke_equity.study.players import PlayModel, PlaySpec

__all__ = [
    "DEFAULT_MIX",
    "HIDDEN_MIX",
    "MAX_REVOKE_TRICK",
    "NAMED_MIXES",
    "REVOKE_CARD_RULES",
    "InjectedRevoke",
    "StudyError",
    "StudyKind",
    "StudyUsageError",
    "SyntheticCase",
    "case_seed",
    "choose_contract",
    "generate_case",
    "parse_mix",
    "play_seed",
]

MAX_REVOKE_TRICK = 11
"""The last trick a revoke is injected at (trick 12 would bring in Law 62D)."""
ATTEMPTS_PER_DEAL = 3
"""Injection attempts (each with a freshly drawn trick) on one deal before a new deal is drawn."""
MAX_DEALS = 60
"""Deals drawn for one case before giving up (never reached in practice; a guard)."""


class StudyError(RevokeEquityError):
    """A study that cannot go on: a case that could not be built or ruled, missing chunk files."""


class StudyUsageError(StudyError):
    """Bad study parameters, or an output directory that holds another study."""


class StudyKind(enum.Enum):
    """What kind of revoke(s) a synthetic case holds."""

    DEFENDER_DISCARD = "defender-discard"
    """A defender discards from a side suit while holding the suit led."""
    DEFENDER_RUFF = "defender-ruff"
    """A defender ruffs while holding the suit led (suit contracts only)."""
    DECLARER = "declarer"
    """Declarer revokes from his own hand (a ruff or a discard)."""
    DUMMY = "dummy"
    """Dummy revokes (declarer plays a card of dummy; Law 64B3)."""
    SAME_SUIT_TWICE = "same-suit-twice"
    """One player (a defender or declarer) revokes twice in the same suit (Laws 64B2, 64C2(a))."""
    BOTH_SIDES = "both-sides"
    """A defender and declarer each revoke once, in either order (Laws 64B7, 64C2(b))."""
    HIDDEN_DEFENDER = "hidden-defender"
    """A defender misreads a card of his hand (:mod:`.hidden`); every revoke that follows."""
    HIDDEN_DECLARER = "hidden-declarer"
    """Declarer misreads a card of his own hand."""
    HIDDEN_DUMMY = "hidden-dummy"
    """Declarer misreads a card of dummy's (dummy's revokes, Law 64B3)."""
    HIDDEN_BOTH_SIDES = "hidden-both-sides"
    """A defender and declarer (his own hand or dummy's) each misread a card."""

    @property
    def hidden(self) -> bool:
        """The revokes come from misread cards (not put in on purpose)."""
        return self.value.startswith("hidden-")

    def __str__(self) -> str:
        return self.value


DEFAULT_MIX: dict[StudyKind, float] = {
    StudyKind.DEFENDER_DISCARD: 3.0,
    StudyKind.DEFENDER_RUFF: 2.0,
    StudyKind.DECLARER: 2.0,
    StudyKind.DUMMY: 1.0,
    StudyKind.SAME_SUIT_TWICE: 1.0,
    StudyKind.BOTH_SIDES: 1.0,
}
"""The default kind mix (weights): defenders' revokes most, as at the table; every kind enough for
a confidence interval of a few points at 10,000 cases."""

HIDDEN_MIX: dict[StudyKind, float] = {
    StudyKind.HIDDEN_DEFENDER: 3.0,
    StudyKind.HIDDEN_DECLARER: 2.0,
    StudyKind.HIDDEN_DUMMY: 1.0,
    StudyKind.HIDDEN_BOTH_SIDES: 1.0,
}
"""The mix ``hidden``: the hidden-card kinds, defenders' most."""

NAMED_MIXES: dict[str, dict[StudyKind, float]] = {
    "default": DEFAULT_MIX,
    "hidden": HIDDEN_MIX,
    "all": {**DEFAULT_MIX, **HIDDEN_MIX},
}
"""Mixes that ``--kinds`` takes by name."""


def parse_mix(text: str | None) -> dict[StudyKind, float]:
    """``"defender-discard=3,dummy=1"`` or ``"declarer,dummy"`` (equal weights); ``None``, ``""``
    or ``"default"`` give :data:`DEFAULT_MIX`, ``"hidden"`` :data:`HIDDEN_MIX`, ``"all"`` both.
    Raises :class:`StudyUsageError` on a bad item."""
    if text is None or not text.strip():
        return dict(DEFAULT_MIX)
    if text.strip() in NAMED_MIXES:
        return dict(NAMED_MIXES[text.strip()])
    mix: dict[StudyKind, float] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        name, _, weight_text = item.partition("=")
        try:
            kind = StudyKind(name.strip())
        except ValueError:
            names = ", ".join(k.value for k in StudyKind)
            raise StudyUsageError(f"unknown revoke kind {name.strip()!r} (expected one of {names})") from None
        try:
            weight = float(weight_text) if weight_text else 1.0
        except ValueError:
            raise StudyUsageError(f"the weight of {kind} must be a number, not {weight_text!r}") from None
        if not weight > 0 or weight == float("inf"):
            raise StudyUsageError(f"the weight of {kind} must be positive, not {weight_text}")
        if kind in mix:
            raise StudyUsageError(f"revoke kind {kind} is given twice")
        mix[kind] = weight
    if not mix:
        raise StudyUsageError("no revoke kinds given")
    return mix


# -- seeds and random choices (random() only) ----------------------------------------------------


def case_seed(seed: int, index: int) -> int:
    """The seed of case ``index`` of a study seeded ``seed``: 63 bits of BLAKE2b over both (stable
    across Python versions, platforms and processes)."""
    digest = hashlib.blake2b(f"revoke-equity/study:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & (2**63 - 1)


def _below(rng: random.Random, n: int) -> int:
    """A whole number in ``[0, n)`` from one ``rng.random()``."""
    return min(int(rng.random() * n), n - 1)


def _choice(rng: random.Random, items: Sequence[object]) -> object:
    return items[_below(rng, len(items))]


def _between(rng: random.Random, low: int, high: int) -> int:
    """A whole number in ``[low, high]``."""
    return low + _below(rng, high - low + 1)


def _weighted(rng: random.Random, mix: Mapping[StudyKind, float]) -> StudyKind:
    kinds = [k for k in StudyKind if k in mix]  # a fixed order, whatever the mix's order
    total = sum(mix[k] for k in kinds)
    x = rng.random() * total
    for kind in kinds:
        x -= mix[kind]
        if x < 0:
            return kind
    return kinds[-1]


def _deal(rng: random.Random) -> Deal:
    cards = list(ALL_CARDS)
    for i in range(len(cards) - 1, 0, -1):  # Fisher-Yates
        j = _below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return Deal.from_hands({seat: cards[13 * i:13 * i + 13] for i, seat in enumerate(SEATS)})


# -- the contract ----------------------------------------------------------------------------------

_STRAIN_PREFERENCE = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def _side_seats(side: Side) -> tuple[Seat, Seat]:
    return (Seat.N, Seat.S) if side is Side.NS else (Seat.E, Seat.W)


def _nearer_dealer(seats: Sequence[Seat], dealer: Seat) -> list[Seat]:
    """``seats`` ordered from the dealer clockwise."""
    return sorted(seats, key=lambda s: (s.index - dealer.index) % 4)


def choose_contract(
    table: Mapping[tuple[Strain, Seat], int], vulnerable: Vulnerability, dealer: Seat
) -> tuple[Contract, Seat, int]:
    """The contract, declarer and declarer's double-dummy tricks for a deal with DD ``table``
    (``{(strain, declarer): tricks}``), by the rule of the module docstring."""
    best: dict[Side, tuple[int, int, Contract, Seat, int]] = {}
    for side in (Side.NS, Side.EW):
        seats = _nearer_dealer(_side_seats(side), dealer)
        top_tricks = 0
        options: list[tuple[int, int, int, Contract, Seat, int]] = []
        for rank, strain in enumerate(_STRAIN_PREFERENCE):
            tricks = max(table[(strain, s)] for s in seats)
            declarer = next(s for s in seats if table[(strain, s)] == tricks)  # first of equals
            top_tricks = max(top_tricks, tricks)
            for level in range(1, max(1, tricks - 6) + 1):
                contract = Contract(level, strain)
                score = score_ns(contract, declarer, vulnerable, tricks)
                own = score if side is Side.NS else -score
                options.append((own, -level, -rank, contract, declarer, tricks))
        if top_tricks <= 6:  # nothing makes: one of the best strain, down
            options = [o for o in options if o[5] == top_tricks]
        own, _, _, contract, declarer, tricks = max(options, key=lambda o: o[:3])
        best[side] = (top_tricks, own, contract, declarer, tricks)
    dealer_side = dealer.side

    def key(side: Side) -> tuple[int, int, int]:
        return (best[side][0], best[side][1], 1 if side is dealer_side else 0)

    side = max((Side.NS, Side.EW), key=key)
    _, _, contract, declarer, tricks = best[side]
    return contract, declarer, tricks


# -- double-dummy play ----------------------------------------------------------------------------


class TableSolver(Solver, Protocol):
    """A :class:`~revoke_equity.solver.base.Solver` that also gives a deal's double-dummy table
    (:class:`~revoke_equity.solver.dds.DdsSolver` does)."""

    def dd_table(self, deal: Deal) -> dict[tuple[Strain, Seat], int]: ...


def _lowest(cards: Iterable[Card]) -> Card:
    """The lowest card: lowest rank, then the suit order S H D C."""
    return min(cards, key=lambda c: (c.rank, c.suit.order))


def all_equals(position: Position, legal: frozenset[Card]) -> bool:
    """True when the legal cards are of one suit with no card of that suit held by another player
    or on the table ranking between two of them: then they are equal double-dummy."""
    suits = {c.suit for c in legal}
    if len(suits) != 1:
        return False
    suit = suits.pop()
    ranks = sorted(int(c.rank) for c in legal)
    mover = position.to_move
    outstanding = [int(c.rank) for c in position.trick if c.suit is suit]
    for seat in SEATS:
        if seat is not mover:
            outstanding += [int(c.rank) for c in position.hand(seat) if c.suit is suit]
    return not any(ranks[0] < r < ranks[-1] for r in outstanding)


class DdPlayer:
    """Chooses double-dummy cards (the lowest of the best) with as few solver calls as it can."""

    def __init__(self, solver: Solver, declarer_side: Side) -> None:
        self.solver = solver
        self.side = declarer_side

    def choose(self, position: Position) -> Card:
        legal = position.legal_cards()
        if len(legal) == 1 or all_equals(position, legal):
            return _lowest(legal)
        scores = self.solver.solve(position)
        best = max(scores.values())
        return _lowest([c for c, v in scores.items() if v == best])

    def expectation(self, position: Position) -> int:
        """Declarer's tricks so far plus his side's double-dummy tricks from ``position`` (one
        solve, which the next :meth:`choose` finds in the solver's cache)."""
        if position.is_over:
            return position.tricks(self.side)
        scores = self.solver.solve(position)
        best = max(scores.values())
        rest = best if position.to_move.side is self.side else position.tricks_left - best
        return position.tricks(self.side) + rest

    def best_revoke(self, position: Position, cards: Sequence[Card]) -> tuple[Card, int]:
        """Of ``cards`` (revoke cards of the player to move), the one best for his side double-
        dummy (the lowest of equals), and declarer's expectation after it. One solve per group of
        equal cards; the chosen card's solve is the one the next card's choice needs anyway."""
        offender_is_declarer = position.to_move.side is self.side
        best: tuple[int, Card, int] | None = None
        for group in equal_groups(position, cards):
            card = _lowest(group)
            value = self.expectation(position.play(card))
            own = value if offender_is_declarer else 13 - value
            if best is None or own > best[0] or (own == best[0] and _lower(card, best[1])):
                best = (own, card, value)
        assert best is not None
        return best[1], best[2]


def _lower(a: Card, b: Card) -> bool:
    return (a.rank, a.suit.order) < (b.rank, b.suit.order)


# -- revokes --------------------------------------------------------------------------------------

RUFF, DISCARD = "ruff", "discard"
BEST, LOWEST = "best", "lowest"
REVOKE_CARD_RULES = (BEST, LOWEST)
"""How the revoke card is chosen among the offender's cards of the drawn manner: ``best`` for his
side double-dummy (he plays as if void, and well), or ``lowest`` of a drawn suit."""
DEFENDER, DECLARER, DUMMY = "defender", "declarer", "dummy"


@dataclass(frozen=True)
class InjectedRevoke:
    """One revoke put into the play on purpose, and what it did double-dummy."""

    trick: int
    seat: Seat
    card: Card
    suit_led: Suit
    role: str
    """``defender``, ``declarer`` or ``dummy``."""
    manner: str
    """``ruff`` (a trump) or ``discard`` (a card of a side suit)."""
    index: int
    """Index of the revoke card in the play record."""
    before: int
    """Declarer's double-dummy expectation (tricks won plus DD rest) just before the revoke."""
    after: int
    """The same just after it."""

    @property
    def offender_gain(self) -> int:
        """Tricks the revoke gained the offending side double-dummy (negative: it cost them)."""
        gain = self.after - self.before
        return -gain if self.role == DEFENDER else gain


@dataclass(frozen=True)
class _Want:
    """Where the next revoke may go."""

    roles: tuple[str, ...]
    manners: tuple[str, ...]
    from_trick: int
    seat: Seat | None = None
    suit: Suit | None = None


@dataclass(frozen=True)
class _Pending:
    seat: Seat
    manner: str
    lowest: Card
    """The lowest card of the drawn suit (the ``lowest`` revoke-card rule)."""


def _role(seat: Seat, declarer: Seat) -> str:
    if seat is declarer:
        return DECLARER
    if seat is declarer.partner:
        return DUMMY
    return DEFENDER


def _revoke_cards(hand: frozenset[Card], led: Suit, trump: Suit | None, manner: str) -> list[Card]:
    """The cards ``hand`` could revoke with in ``manner`` on a ``led`` lead."""
    if manner == RUFF:
        return [c for c in hand if trump is not None and led is not trump and c.suit is trump]
    return [c for c in hand if c.suit is not led and c.suit is not trump]


def _place(
    position: Position, want: _Want, declarer: Seat, rng: random.Random
) -> _Pending | None:
    """After a lead: draw a follower who can revoke as ``want`` says, his manner and card."""
    led = position.suit_led
    assert led is not None
    if want.suit is not None and led is not want.suit:
        return None
    choices: list[tuple[Seat, list[str]]] = []
    for offset in (1, 2, 3):
        seat = position.leader.after(offset)
        if want.seat is not None and seat is not want.seat:
            continue
        if _role(seat, declarer) not in want.roles:
            continue
        hand = position.hand(seat)
        if not any(c.suit is led for c in hand):
            continue
        manners = [m for m in want.manners if _revoke_cards(hand, led, position.trump, m)]
        if manners:
            choices.append((seat, manners))
    if not choices:
        return None
    seat, manners = choices[_below(rng, len(choices))]
    manner = manners[_below(rng, len(manners))]
    cards = _revoke_cards(position.hand(seat), led, position.trump, manner)
    suits = sorted({c.suit for c in cards}, key=lambda s: s.order)
    suit = suits[_below(rng, len(suits))]
    return _Pending(seat, manner, _lowest([c for c in cards if c.suit is suit]))


_BOTH_MANNERS = (RUFF, DISCARD)
NextWant = Callable[[InjectedRevoke, random.Random], _Want]


def _plan(kind: StudyKind, rng: random.Random) -> tuple[_Want, NextWant | None]:
    """The first revoke's :class:`_Want` and how to place a second one after it (or ``None``)."""
    if kind is StudyKind.DEFENDER_DISCARD:
        return _Want((DEFENDER,), (DISCARD,), _between(rng, 1, MAX_REVOKE_TRICK)), None
    if kind is StudyKind.DEFENDER_RUFF:
        return _Want((DEFENDER,), (RUFF,), _between(rng, 1, MAX_REVOKE_TRICK)), None
    if kind is StudyKind.DECLARER:
        return _Want((DECLARER,), _BOTH_MANNERS, _between(rng, 1, MAX_REVOKE_TRICK)), None
    if kind is StudyKind.DUMMY:
        return _Want((DUMMY,), _BOTH_MANNERS, _between(rng, 1, MAX_REVOKE_TRICK)), None
    first_trick = _between(rng, 1, MAX_REVOKE_TRICK - 1)
    if kind is StudyKind.SAME_SUIT_TWICE:

        def again(first: InjectedRevoke, rng: random.Random) -> _Want:
            return _Want((first.role,), _BOTH_MANNERS, first.trick + 1, first.seat, first.suit_led)

        return _Want((DEFENDER, DECLARER), _BOTH_MANNERS, first_trick), again
    first_role = (DEFENDER, DECLARER)[_below(rng, 2)]

    def other_side(first: InjectedRevoke, rng: random.Random) -> _Want:
        role = DECLARER if first.role == DEFENDER else DEFENDER
        if first.trick >= MAX_REVOKE_TRICK:  # no trick left for it: the attempt will be dropped
            return _Want((role,), _BOTH_MANNERS, MAX_REVOKE_TRICK + 1)
        return _Want((role,), _BOTH_MANNERS, _between(rng, first.trick + 1, MAX_REVOKE_TRICK))

    return _Want((first_role,), _BOTH_MANNERS, first_trick), other_side


# -- a case ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GenerationCost:
    """What building a case cost: DDS engine calls and seconds, and wall seconds."""

    dds_calls: int = 0
    dds_seconds: float = 0.0
    seconds: float = 0.0


@dataclass(frozen=True)
class SyntheticCase:
    """One generated case: the :class:`Case` (laws 2017; the study rules it under each edition),
    the revokes put into it, and how it was made."""

    case_id: int
    study_seed: int
    seed: int
    kind: StudyKind
    case: Case
    dd_tricks: int
    """Declarer's double-dummy tricks on the deal (the DD table's entry for the contract)."""
    revokes: tuple[InjectedRevoke, ...]
    deals_drawn: int
    attempts: int
    """Injection attempts in all, over all the deals drawn."""
    cost: GenerationCost = field(default_factory=GenerationCost)
    hidden: tuple[HiddenCard, ...] = ()
    """The misread cards of a hidden-card kind."""
    play_model: str = "dd"
    """How the cards other than the injected revokes were chosen (:data:`.players.PLAY_MODELS`)."""
    source: str | None = None
    """The file and deal the deal came from (:mod:`.real_deals`); ``None``: shuffled."""
    dealer: Seat | None = None
    """The dealer, when the source gives it (else the board's)."""


def _attempt(
    deal: Deal,
    contract: Contract,
    declarer: Seat,
    dd_tricks: int,
    kind: StudyKind,
    rng: random.Random,
    player: DdPlayer,
    revoke_card: str,
    play: PlayModel | None = None,
    play_rng: random.Random | None = None,
    before: Sequence[Card] = (),
) -> tuple[tuple[Card, ...], tuple[InjectedRevoke, ...]] | None:
    """One play of the deal with the revokes of ``kind`` put in; ``None`` when a revoke found no
    place by trick 11. Until the first revoke the cards are ``before``'s, as long as each is legal;
    every other card is double-dummy, or ``play``'s (drawing from ``play_rng``)."""
    want: _Want | None
    want, second = _plan(kind, rng)
    dd_play = play is None or play.name == "dd"
    line = Line(Position.initial(deal, contract.strain.trump, declarer.next), frozenset())
    play_cards: list[Card] = []
    injected: list[InjectedRevoke] = []
    pending: _Pending | None = None
    expectation = dd_tricks
    following = bool(before)
    while not line.position.is_over:
        position = line.position
        if pending is not None and position.to_move is pending.seat:
            led = position.suit_led
            assert led is not None
            trick = 14 - position.tricks_left
            before_dd = expectation if dd_play and not before else player.expectation(position)
            if revoke_card == BEST:
                cards = _revoke_cards(position.hand(pending.seat), led, position.trump,
                                      pending.manner)
                card, _ = player.best_revoke(position, cards)
            else:
                card = pending.lowest
            line = line.play(card)
            play_cards.append(card)
            expectation = player.expectation(line.position)
            revoke = InjectedRevoke(trick, pending.seat, card, led,
                                    _role(pending.seat, declarer), pending.manner,
                                    len(play_cards) - 1, before_dd, expectation)
            injected.append(revoke)
            pending = None
            want = second(revoke, rng) if second is not None else None
            second = None
            continue
        following = following and not injected and len(play_cards) < len(before) and \
            position.is_legal(before[len(play_cards)])
        if following:
            card = before[len(play_cards)]
        elif dd_play:
            card = player.choose(position)
        else:
            assert play is not None and play_rng is not None
            card = play.card(line, play_rng)
        line = line.play(card)
        play_cards.append(card)
        position = line.position
        if want is not None and pending is None and len(position.trick) == 1:
            trick = 14 - position.tricks_left
            if trick > MAX_REVOKE_TRICK:
                return None  # no place for the revoke: stop here, no more solves
            if trick >= want.from_trick:
                pending = _place(position, want, declarer, rng)
                if pending is not None:
                    want = None
    if want is not None or pending is not None:  # pragma: no cover - returned at trick 12
        return None
    table = line.position.tricks(declarer.side)
    if dd_play and table != expectation:
        raise StudyError(
            f"double-dummy play gave declarer {table} tricks but the expectation after the last "
            f"revoke was {expectation}"
        )
    return tuple(play_cards), tuple(injected)


_HIDDEN_HOLDERS: dict[StudyKind, tuple[str, ...]] = {
    StudyKind.HIDDEN_DEFENDER: (DEFENDER,),
    StudyKind.HIDDEN_DECLARER: (DECLARER,),
    StudyKind.HIDDEN_DUMMY: (DUMMY,),
}


def _hidden_cards(kind: StudyKind, deal: Deal, declarer: Seat, rng: random.Random
                  ) -> tuple[HiddenCard, ...] | None:
    """The misread card(s) of a hidden-card kind: whose (a defender drawn of the two; for both
    sides, declarer's own hand or dummy's drawn too), which card, and what it is taken for."""
    roles = _HIDDEN_HOLDERS.get(kind)
    if roles is None:  # both sides
        roles = (DEFENDER, (DECLARER, DUMMY)[_below(rng, 2)])
    hidden = []
    for role in roles:
        if role == DEFENDER:
            holder = (declarer.next, declarer.previous)[_below(rng, 2)]
        else:
            holder = declarer if role == DECLARER else declarer.partner
        card = draw_hidden(deal, declarer, holder, rng)
        if card is None:
            return None
        hidden.append(card)
    return tuple(hidden)


def _hidden_attempt(
    deal: Deal,
    contract: Contract,
    declarer: Seat,
    kind: StudyKind,
    rng: random.Random,
    player: DdPlayer,
    play: PlayModel,
    play_rng: random.Random,
) -> tuple[tuple[Card, ...], tuple[InjectedRevoke, ...], tuple[HiddenCard, ...]] | None:
    """One play of the deal with misread card(s) (:mod:`.hidden`); every revoke they lead to is
    recorded. ``None`` when they turned up without a revoke, or when none came by trick 11, or a
    revoke fell on trick 12 (Law 62D is left out of the study)."""
    hidden = _hidden_cards(kind, deal, declarer, rng)
    if hidden is None:
        return None
    line = Line(Position.initial(deal, contract.strain.trump, declarer.next), frozenset())
    play_cards: list[Card] = []
    revokes: list[InjectedRevoke] = []
    while not line.position.is_over:
        position = line.position
        mover = position.to_move
        reader = declarer if mover is declarer.partner else mover
        misread = [h for h in hidden if h.reader is reader and h.active(position)]
        believed = believed_position(position, misread) if misread else None
        card = played_card(play.card(line, play_rng, believed), mover, misread)
        led = position.suit_led
        if led is not None and card.suit is not led and any(c.suit is led
                                                            for c in position.hand(mover)):
            trick = 14 - position.tricks_left
            if trick > MAX_REVOKE_TRICK:
                return None
            manner = RUFF if card.suit is position.trump else DISCARD
            revokes.append(InjectedRevoke(trick, mover, card, led, _role(mover, declarer), manner,
                                          len(play_cards), player.expectation(position),
                                          player.expectation(position.play(card))))
        line = line.play(card)
        play_cards.append(card)
        if not revokes and (14 - line.position.tricks_left > MAX_REVOKE_TRICK
                            or not any(h.active(line.position) for h in hidden)):
            return None  # no revoke can come now: stop, no more solves
    return tuple(play_cards), tuple(revokes), hidden


def play_seed(case_seed: int) -> int:
    """The seed of a case's card draws under a play policy (a stream of its own, so the case's
    other choices do not depend on the play model's draws)."""
    digest = hashlib.blake2b(f"revoke-equity/study-play:{case_seed}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & (2**63 - 1)


def generate_case(
    study_seed: int,
    index: int,
    mix: Mapping[StudyKind, float],
    solver: TableSolver,
    revoke_card: str = BEST,
    play: PlaySpec | None = None,
    deals: DealSource | None = None,
) -> SyntheticCase:
    """Case ``index`` of the study seeded ``study_seed`` with kind mix ``mix``, the revoke-card
    rule ``revoke_card`` (:data:`REVOKE_CARD_RULES`) and the play model ``play`` (double-dummy when
    ``None``). The deals and contracts are shuffled and chosen by the rules of the module, or drawn
    from ``deals`` (:mod:`.real_deals`): one without a contract is skipped like one that took no
    revoke.

    Deterministic: the same arguments give the same case whatever the solver's cache holds.
    Raises :class:`StudyError` if no deal took the revoke(s) (a guard; it does not happen).
    """
    if revoke_card not in REVOKE_CARD_RULES:
        raise StudyUsageError(f"unknown revoke-card rule {revoke_card!r} (expected best or lowest)")
    play = play or PlaySpec()
    start = time.perf_counter()
    stats = solver.stats
    calls0, seconds0 = stats.engine_calls, stats.seconds
    seed = case_seed(study_seed, index)
    rng = random.Random(seed)
    play_rng = random.Random(play_seed(seed))
    kind = _weighted(rng, mix)
    board = index + 1
    vulnerable = Vulnerability.for_board(board)
    dealer = dealer_for_board(board)
    attempts = 0
    for deals_drawn in range(1, MAX_DEALS + 1):
        sourced = deals.draw(index, deals_drawn) if deals is not None else None
        if sourced is None:
            deal = _deal(rng)
            contract, declarer, dd_tricks = choose_contract(solver.dd_table(deal), vulnerable,
                                                            dealer)
        elif sourced.contract is None:
            continue
        else:
            deal, contract, declarer = sourced.deal, sourced.contract, sourced.declarer
            vulnerable, dealer = sourced.vulnerable, sourced.dealer
        if kind is StudyKind.DEFENDER_RUFF and contract.strain is Strain.NOTRUMP:
            continue
        player = DdPlayer(solver, declarer.side)
        if sourced is not None:
            dd_tricks = player.expectation(Position.initial(deal, contract.strain.trump,
                                                            declarer.next))
        model = play.player(solver, declarer, player, seed) if play.model != "dd" or kind.hidden \
            else None
        for _ in range(ATTEMPTS_PER_DEAL):
            attempts += 1
            hidden: tuple[HiddenCard, ...] = ()
            if kind.hidden:
                assert model is not None
                found = _hidden_attempt(deal, contract, declarer, kind, rng, player, model,
                                        play_rng)
                if found is None:
                    continue
                cards, revokes, hidden = found
            else:
                done = _attempt(deal, contract, declarer, dd_tricks, kind, rng, player,
                                revoke_card, model, play_rng,
                                sourced.before if sourced is not None else ())
                if done is None:
                    continue
                cards, revokes = done
            case = Case(deal=deal, contract=contract, declarer=declarer, play=cards,
                        vulnerable=vulnerable, board=board)
            cost = GenerationCost(stats.engine_calls - calls0, stats.seconds - seconds0,
                                  time.perf_counter() - start)
            return SyntheticCase(index, study_seed, seed, kind, case, dd_tricks, revokes,
                                 deals_drawn, attempts, cost, hidden, play.model,
                                 sourced.source if sourced is not None else None,
                                 dealer if sourced is not None else None)
    raise StudyError(f"case {index} (seed {seed}): no deal of {MAX_DEALS} took a {kind} revoke")

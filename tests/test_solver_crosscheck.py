"""DDS against the brute force on random small endings: every card's value and whole traces.

The default run checks 10,000 seeded endings (20 batches of 500) of 1-5 cards per hand with random
trumps and leaders; about three in four start in the middle of a trick (1-3 cards on the table)
and many hold a revoke: either the ending was reached by playing random cards, some of them
revokes, from a full deal, or its unfinished trick holds an off-suit card from a player who still
holds the suit led. For each ending, ``solve`` is compared card by card (in batches through
``SolveAllBoardsBin``, and one in ten also through ``SolveBoard``) and ``trace`` on a random legal
line (to the end of the play, or part of the way) value by value.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from revoke_equity.model import Card, Deal, Position, Seat, Suit
from revoke_equity.model.cards import ALL_CARDS, format_cards
from revoke_equity.model.seats import SEATS
from revoke_equity.solver.bruteforce import BruteForceSolver
from revoke_equity.solver.dds import DdsSolver

BATCHES = 20
BATCH_SIZE = 500


@dataclass(frozen=True)
class Ending:
    position: Position
    line: tuple[Card, ...]
    revoked_before: bool
    """Reached by a play that contained at least one revoke."""

    def describe(self) -> str:
        p = self.position
        hands = " ".join(f"{seat}:{format_cards(p.hand(seat)) or '-'}" for seat in SEATS)
        trick = " ".join(map(str, p.trick))
        line = " ".join(map(str, self.line))
        return f"trump={p.trump} leader={p.leader} trick=[{trick}] {hands} line=[{line}]"


def _sorted(cards: frozenset[Card]) -> list[Card]:
    return sorted(cards, key=Card.sort_key)


def _dealt(rng: random.Random, per_hand: int, on_table: int) -> Ending:
    """Hands with consistent counts; the trick's cards are picked at random (often revokes)."""
    cards = rng.sample(ALL_CARDS, 4 * per_hand)
    leader = rng.choice(SEATS)
    trump = rng.choice((None, *Suit))
    by_offset = [set(cards[i * per_hand:(i + 1) * per_hand]) for i in range(4)]
    trick = []
    for offset in range(on_table):
        card = rng.choice(_sorted(frozenset(by_offset[offset])))
        by_offset[offset].remove(card)
        trick.append(card)
    hands: list[frozenset[Card]] = [frozenset()] * 4
    for offset in range(4):
        hands[leader.after(offset).index] = frozenset(by_offset[offset])
    position = Position((hands[0], hands[1], hands[2], hands[3]), trump, leader, tuple(trick))
    return Ending(position, (), False)


def _played(rng: random.Random, per_hand: int, on_table: int) -> Ending:
    """A random deal played down to the ending; about one card in eight is a revoke."""
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    deal = Deal.from_hands({seat: cards[13 * i:13 * i + 13] for i, seat in enumerate(SEATS)})
    position = Position.initial(deal, rng.choice((None, *Suit)), rng.choice(SEATS))
    revoked = False
    for _ in range(4 * (13 - per_hand) + on_table):
        hand = position.hand(position.to_move)
        legal = position.legal_cards()
        revokes = _sorted(hand - legal) if legal != hand else []
        if revokes and rng.random() < 0.125:
            card = rng.choice(revokes)
            revoked = True
        else:
            card = rng.choice(_sorted(legal))
        position = position.play(card)
    return Ending(position, (), revoked)


def _line(position: Position, rng: random.Random) -> tuple[Card, ...]:
    """A random legal line: to the end of the play, or (one time in three) part of the way."""
    cards: list[Card] = []
    stop = None if rng.random() < 2 / 3 else rng.randint(0, 4 * position.cards_left)
    while not position.is_over and (stop is None or len(cards) < stop):
        card = rng.choice(_sorted(position.legal_cards()))
        cards.append(card)
        position = position.play(card)
    return tuple(cards)


def random_endings(
    seed: int, count: int, sizes: tuple[int, ...] = (1, 2, 3, 4, 5)
) -> Iterator[Ending]:
    """``count`` seeded endings with a line each; a quarter played out from a full deal."""
    rng = random.Random(seed)
    for _ in range(count):
        per_hand = rng.choice(sizes)
        on_table = rng.randint(0, 3)
        make = _played if rng.random() < 0.25 else _dealt
        ending = make(rng, per_hand, on_table)
        yield Ending(ending.position, _line(ending.position, rng), ending.revoked_before)


def _revoke_on_table(position: Position) -> bool:
    led = position.suit_led
    for offset, card in enumerate(position.trick[1:], start=1):
        hand = position.hand(position.leader.after(offset))
        if card.suit is not led and any(c.suit is led for c in hand):
            return True
    return False


@pytest.fixture(scope="module")
def dds() -> DdsSolver:
    return DdsSolver()


def _compare(endings: list[Ending], dds: DdsSolver) -> None:
    brute = BruteForceSolver()
    positions = [e.position for e in endings]
    expected = brute.solve_many(positions)
    got = dds.solve_many(positions)
    bad = [f"{e.describe()}\n  dds {a}\n  brute {b}" for e, a, b in
           zip(endings, got, expected, strict=True) if a != b]
    single = DdsSolver(cache_size=0)  # SolveBoard, one position per call
    bad += [f"SolveBoard {e.describe()}" for e, b in zip(endings[::10], expected[::10],
                                                        strict=True)
            if single.solve(e.position) != b]
    for e in endings:
        a, b = dds.trace(e.position, e.line), brute.trace(e.position, e.line)
        if a != b:
            bad.append(f"trace {e.describe()}\n  dds {a}\n  brute {b}")
    assert not bad, f"{len(bad)} mismatches, first:\n" + "\n".join(bad[:3])


@pytest.mark.parametrize("batch", range(BATCHES), ids=lambda b: f"batch{b:02d}")
def test_dds_matches_bruteforce_on_random_endings(batch: int, dds: DdsSolver) -> None:
    endings = list(random_endings(1000 + batch, BATCH_SIZE))
    mid_trick = sum(1 for e in endings if e.position.trick)
    assert mid_trick > BATCH_SIZE // 2
    assert sum(1 for e in endings if _revoke_on_table(e.position)) > BATCH_SIZE // 10
    assert sum(1 for e in endings if e.revoked_before) > BATCH_SIZE // 20
    _compare(endings, dds)


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(4), ids=lambda b: f"six-cards-{b}")
def test_dds_matches_bruteforce_on_six_card_endings(batch: int, dds: DdsSolver) -> None:
    _compare(list(random_endings(5000 + batch, 100, sizes=(6,))), dds)


def test_the_solver_cache_does_not_hide_mid_trick_differences(dds: DdsSolver) -> None:
    """Same hands, trumps and leader, different cards on the table: different answers (DDS's
    batch scheduler would copy the first answer to the second; see test_solver_endplay_bugs)."""
    empty: frozenset[Card] = frozenset()
    hands = (frozenset({Card.from_str("S2")}), empty, empty, empty)
    lose = Position(hands, Suit.SPADES, Seat.E, tuple(map(Card.from_str, ("SA", "H2", "SK"))))
    win = Position(hands, Suit.SPADES, Seat.E, tuple(map(Card.from_str, ("H3", "H4", "D5"))))
    card = Card.from_str("S2")
    assert DdsSolver().solve_many([lose, win]) == [{card: 0}, {card: 1}]
    assert BruteForceSolver().solve_many([lose, win]) == [{card: 0}, {card: 1}]

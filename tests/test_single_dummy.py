"""The single-dummy estimate against an independent brute-force expectimax of the same policy.

With every layout considered and the temperature at 0, the policy is deterministic up to ties: each
player plays the card with the best mean double-dummy value over the layouts he can imagine (equals,
touching cards or cards with the same value in every layout, counted once; ties shared equally).
The reference below enumerates layouts with
itertools, values cards with the brute-force solver (not DDS), and propagates exactly; the code under
test deals layouts its own way and asks DDS.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from revoke_equity.equity.policy import SingleDummyPolicy
from revoke_equity.equity.propagate import Line, exact
from revoke_equity.model import Card, Position, Seat, Suit
from revoke_equity.solver.bruteforce import BruteForceSolver

BRUTE = BruteForceSolver()


def _unseen_layouts(position: Position, unseen: list[Seat], voids: set[tuple[Seat, Suit]]
                    ) -> list[dict[Seat, frozenset[Card]]]:
    pool = sorted(set().union(*(position.hand(s) for s in unseen)), key=Card.sort_key)
    sizes = [len(position.hand(s)) for s in unseen]

    def deals(use_voids: bool) -> list[dict[Seat, frozenset[Card]]]:
        out = []
        for first in itertools.combinations(pool, sizes[0]):
            rest = frozenset(pool) - frozenset(first)
            hands = {unseen[0]: frozenset(first), unseen[1]: rest}
            if use_voids and any((s, c.suit) in voids for s, h in hands.items() for c in h):
                continue
            out.append(hands)
        return out

    return deals(True) or deals(False)


def _equal(position: Position, a: Card, b: Card) -> bool:
    """Touching in the mover's view: same suit, every rank between in his hand or gone."""
    if a.suit is not b.suit:
        return False
    lo, hi = sorted((int(a.rank), int(b.rank)))
    hand = position.hand(position.to_move)
    live = set().union(*position.hands) | set(position.trick)
    return all(Card(a.suit, r) in hand or Card(a.suit, r) not in live
               for r in type(a.rank) if lo < int(r) < hi)


def reference(position: Position, voids: frozenset[tuple[Seat, Suit]], declarer: Seat
              ) -> dict[int, float]:
    """Declarer's side's final tricks under the tau -> 0 policy, by exhaustive expectimax."""
    side = declarer.side
    if position.is_over:
        return {position.tricks(side): 1.0}
    mover = position.to_move
    decider = declarer if mover is declarer.partner else mover
    legal = sorted(position.legal_cards(), key=lambda c: (c.suit.order, int(c.rank)))
    # Merge touching cards (lowest kept).
    reps: list[Card] = []
    for card in legal:
        if not any(_equal(position, r, card) for r in reps):
            reps.append(card)
    if len(reps) == 1:
        options = [(reps[0], 1.0)]
    else:
        seen = {decider, declarer.partner} | ({declarer} if decider is declarer else set())
        unseen = [s for s in (Seat.N, Seat.E, Seat.S, Seat.W) if s not in seen]
        values: dict[Card, list[int]] = {c: [] for c in reps}
        for hands in _unseen_layouts(position, unseen, set(voids)):
            full = tuple(hands.get(s, position.hand(s)) for s in (Seat.N, Seat.E, Seat.S, Seat.W))
            world = Position(full, position.trump, position.leader,  # type: ignore[arg-type]
                             position.trick, position.ns_tricks, position.ew_tricks)
            scores = BRUTE.solve(world)
            for c in reps:
                mine = scores[c] if mover.side is decider.side else position.tricks_left - scores[c]
                values[c].append(mine)
        # Cards with the same value in every layout are equals too (the first in card order).
        kept: list[Card] = []
        for c in reps:
            if not any(values[k] == values[c] for k in kept):
                kept.append(c)
        means = {c: sum(values[c]) / len(values[c]) for c in kept}
        top = max(means.values())
        best = [c for c in kept if means[c] >= top - 1e-9]
        options = [(c, 1 / len(best)) for c in best]
    out: dict[int, float] = {}
    for card, p in options:
        after = position.play(card)
        led = position.suit_led
        nv = set(voids)
        if led is not None and card.suit is not led:
            nv.add((mover, led))
        else:
            nv.discard((mover, card.suit))
        for t, q in reference(after, frozenset(nv), declarer).items():
            out[t] = out.get(t, 0.0) + p * q
    return out


def random_ending(seed: int, cards_each: int, revoke: bool, late: bool = False
                  ) -> tuple[Position, frozenset[Any], Seat]:
    """A random deal played at random (legally, but with one revoke when ``revoke``: early, or
    with ``late`` as near the end as it can come) down to ``cards_each`` cards a hand, stopped at
    a random point of a trick; the voids the play showed (a revoke's false show-out included)."""
    rng = random.Random(seed)
    deck = [Card.from_str(s + r) for s in "SHDC" for r in "23456789TJQKA"]
    rng.shuffle(deck)
    hands = tuple(frozenset(deck[13 * i: 13 * i + 13]) for i in range(4))
    declarer = rng.choice([Seat.N, Seat.E, Seat.S, Seat.W])
    trump = rng.choice([None, Suit.SPADES, Suit.HEARTS])
    position = Position(hands, trump, declarer.next)  # type: ignore[arg-type]
    voids: set[tuple[Seat, Suit]] = set()
    played = 0
    stop = 4 * (13 - cards_each) + rng.randrange(4)
    revoked = not revoke
    while played < stop:
        seat = position.to_move
        hand = position.hand(seat)
        led = position.suit_led
        legal = sorted(position.legal_cards(), key=Card.sort_key)
        off_suit = [c for c in hand if led is not None and c.suit is not led]
        soon = not late or played >= stop - 8
        if not revoked and soon and led is not None and off_suit and len(legal) < len(hand) \
                and seat is not declarer.partner:
            card = rng.choice(sorted(off_suit, key=Card.sort_key))  # a revoke: a false show-out
            revoked = True
        else:
            card = rng.choice(legal)
        if led is not None and card.suit is not led:
            voids.add((seat, led))
        else:
            voids.discard((seat, card.suit))
        position = position.play(card)
        played += 1
    return position, frozenset(voids), declarer


def _usable(position: Position) -> bool:
    counts = {len(position.hand(s)) for s in (Seat.N, Seat.E, Seat.S, Seat.W)}
    return max(counts) - min(counts) <= 1


@pytest.mark.parametrize("seed", range(30))
def test_single_dummy_equals_brute_force_expectimax(seed: int, dds_solver: Any) -> None:
    """Endings of 3 and 4 cards a hand; a third right after a revoke (its false show-out among
    the voids the players go by), a third with a revoke long before."""
    cards_each = 3 if seed % 3 else 4
    position, voids, declarer = random_ending(seed, cards_each, revoke=seed % 3 != 1,
                                              late=seed % 3 == 2)
    assert _usable(position)
    policy = SingleDummyPolicy(dds_solver, declarer, worlds=200, tau=0.0, seed=seed)

    def outcome(line: Line) -> int:
        return line.position.tricks(declarer.side)

    got = exact(Line(position, voids), lambda line: policy.choose(line.position, line.voids),
                outcome, budget=100_000)
    want = reference(position, voids, declarer)
    assert set(got) == set(want), (got, want)
    for t in want:
        assert got[t] == pytest.approx(want[t], abs=1e-9)


def test_declarer_sees_dummy_and_a_defender_sees_dummy_not_declarer() -> None:
    """The view a decision is memoised on: declarer's partner's cards are known to declarer, but a
    defender's partner's cards are not known to him."""
    position, _, declarer = random_ending(5, 4, revoke=False)
    policy = SingleDummyPolicy(BRUTE, declarer, worlds=4, tau=0.3, seed=1)
    defender = declarer.next
    seen = policy._seen(position, defender, frozenset())
    assert set(seen) == {defender, declarer.partner}
    seen = policy._seen(position, declarer, frozenset())
    assert set(seen) == {declarer, declarer.partner}


def test_a_decision_is_memoised_on_the_players_view(dds_solver: Any) -> None:
    """Two positions that differ only in how the cards the player cannot see lie get the same
    probabilities (and the second costs no solver call)."""
    position, _, declarer = random_ending(11, 4, revoke=False)
    mover = position.to_move
    decider = declarer if mover is declarer.partner else mover
    hidden = [s for s in (Seat.N, Seat.E, Seat.S, Seat.W)
              if s not in {decider, declarer.partner, declarer if decider is declarer else decider}]
    a, b = hidden
    pool = sorted(position.hand(a) | position.hand(b), key=Card.sort_key)
    swapped = list(position.hands)
    swapped[a.index] = frozenset(pool[: len(position.hand(a))])
    swapped[b.index] = frozenset(pool[len(position.hand(a)):])
    other = Position(tuple(swapped), position.trump, position.leader,  # type: ignore[arg-type]
                     position.trick, position.ns_tricks, position.ew_tricks)
    policy = SingleDummyPolicy(dds_solver, declarer, worlds=8, tau=0.3, seed=3)
    first = policy.choose(position, frozenset())
    solved = policy.stats.solved_decisions
    assert policy.choose(other, frozenset()) == first
    assert policy.stats.solved_decisions == solved
    assert abs(sum(p for _, p in first) - 1) < 1e-12


def test_same_answer_with_one_and_two_worker_processes(dds_solver: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The sampled playouts give the same JSON, solver counts included, whether they run here or
    in two worker processes (forced from the first block)."""
    import json as json_module

    from revoke_equity.equity import single_dummy
    from revoke_equity.equity.estimate import EstimateOptions
    from revoke_equity.io.json_case import case_from_dict
    from revoke_equity.ruling import rule

    from conftest import CASES

    case = case_from_dict(json_module.loads(
        (CASES / "p09-64A1-one-trick.json").read_text())["case"])
    options = EstimateOptions(estimate="sd", extra=("table",), worlds=5, playouts=60,
                              exact_budget=0, seed=3)
    alone = rule(case, dds_solver, options=options).to_dict()
    monkeypatch.setattr(single_dummy, "FAN_OUT_AFTER", 0.0)
    from dataclasses import replace

    shared = rule(case, dds_solver, options=replace(options, jobs=2)).to_dict()
    for data in (alone, shared):
        data.pop("solver")
    assert alone["equity"]["estimates"]["sd"]["parameters"]["method"] == "sampled"
    assert shared == alone

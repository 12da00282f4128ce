"""Double-dummy numbers checked with the project's own brute-force solver (no DDS).

- The worked cases' ``expect.equity`` (worked out with DDS) wherever the ending at the revoke is
  small enough for the brute force: at most ``MAX_TRICKS_LEFT`` tricks (well under a second each).
- Law 62D's search (``laws/twelfth_trick.py``) against the brute force on random trick-12 endings,
  for either side and whoever is to move.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from revoke_equity.io.json_case import case_from_dict
from revoke_equity.laws import twelfth_trick
from revoke_equity.model import Card, Edition, Position, Seat, Side, Suit
from revoke_equity.model.cards import ALL_CARDS
from revoke_equity.model.play import replay
from revoke_equity.ruling import rule
from revoke_equity.solver.bruteforce import BruteForceSolver

from conftest import CASES

MAX_TRICKS_LEFT = 5
"""Endings of up to five cards a hand: the brute force takes a few milliseconds on each."""


def _first_revoke(case_json: dict[str, Any]) -> tuple[Any, int]:
    """The play record and the index of the first card that did not follow suit when able."""
    record = replay(case_from_dict(case_json))
    for index, card in enumerate(record.case.play):
        position = record.positions[index]
        led = position.suit_led
        hand = position.hand(position.to_move)
        if led is not None and card.suit is not led and any(c.suit is led for c in hand):
            return record, index
    raise AssertionError("no revoke")  # pragma: no cover


def _small_cases() -> list[Any]:
    params = []
    for path in sorted(CASES.glob("p*.json")):
        worked = json.loads(path.read_text())
        if "comparison" in worked["expect"]["equity"]:
            continue  # a 64C2a comparison keeps earlier transfers: not a plain DD number
        record, index = _first_revoke(worked["case"])
        if record.positions[index].tricks_left <= MAX_TRICKS_LEFT:
            params.append(pytest.param(worked, id=path.stem[:3]))
    return params


SMALL = _small_cases()


def test_some_worked_cases_are_small_enough() -> None:
    assert [p.id for p in SMALL] == ["p02", "p04", "p05", "p09"]


@pytest.mark.parametrize("worked", SMALL)
def test_worked_case_equity_matches_the_brute_force(worked: dict[str, Any]) -> None:
    """Each alternative: declarer's tricks before the revoke plus the brute force's tricks after
    the offender plays that card instead; the equity is the offender's best of them."""
    record, index = _first_revoke(worked["case"])
    position = record.positions[index]
    side = record.declarer_side
    offender_side = position.to_move.side
    per_card = BruteForceSolver().solve(position)
    before = position.tricks(side)
    alternatives = {
        str(card): before + (tricks if offender_side is side else position.tricks_left - tricks)
        for card, tricks in per_card.items()
    }
    expect = worked["expect"]["equity"]
    assert alternatives == {a["card"]: a["declarer_tricks"] for a in expect["alternatives"]}
    best = (max if offender_side is side else min)(alternatives.values())
    assert best == expect["declarer_tricks"]


def test_worked_62D_ending_matches_the_brute_force() -> None:
    """p04: the trick-12 correction (mechanical 11) is the brute force's value with dummy following
    suit, and the product's 62D search gives the same per-card numbers."""
    (path,) = CASES.glob("p04*.json")
    worked = json.loads(path.read_text())
    record, index = _first_revoke(worked["case"])
    position = record.positions[index]
    assert index // 4 + 1 == 12
    side = record.declarer_side
    brute = {str(c): position.tricks(side) + (t if position.to_move.side is side else 2 - t)
             for c, t in BruteForceSolver().solve(position).items()}
    ours = twelfth_trick.corrected_results(position, side)
    assert {c: position.tricks(side) + t for c, t in ours.items()} == brute
    assert worked["expect"]["mechanical"]["declarer_tricks"] == max(brute.values())


def random_ending(rng: random.Random) -> Position:
    """A random two-card ending (trick 12) with 0-3 cards of trick 12 on the table, the tricks
    won so far split at random."""
    cards = rng.sample(ALL_CARDS, 8)
    leader = rng.choice(list(Seat))
    hands: list[frozenset[Card]] = [frozenset()] * 4
    for offset in range(4):
        hands[leader.after(offset).index] = frozenset(cards[2 * offset:2 * offset + 2])
    ns = rng.randint(0, 11)
    position = Position((hands[0], hands[1], hands[2], hands[3]), rng.choice((None, *Suit)),
                        leader, (), ns, 11 - ns)
    for _ in range(rng.randint(0, 3)):
        position = position.play(rng.choice(sorted(position.legal_cards(), key=str)))
    return position


@pytest.mark.parametrize("side", list(Side), ids=str)
def test_62D_search_matches_the_brute_force_on_random_endings(side: Side) -> None:
    """300 endings per side: each card's result, the best of them for the player to move, and
    the exact value; the player to move is of ``side`` in about half of them."""
    rng = random.Random(62)
    solver = BruteForceSolver()
    mover_is_side = 0
    for _ in range(300):
        position = random_ending(rng)
        mine = position.to_move.side is side
        mover_is_side += mine
        left = position.tricks_left
        brute = {str(c): t if mine else left - t for c, t in solver.solve(position).items()}
        results = twelfth_trick.corrected_results(position, side)
        assert results == brute
        assert twelfth_trick.best_of(position, side, results) == (
            max if mine else min)(brute.values())
        ns = solver.ns_value(position)
        assert twelfth_trick.exact_tricks(position, side) == (ns if side is Side.NS else left - ns)
    assert 100 < mover_is_side < 200


@pytest.mark.parametrize("side", list(Side), ids=str)
def test_62D_corrected_line_reaches_the_brute_force_value_on_random_endings(side: Side) -> None:
    """The corrected play of tricks 12-13 (every card double-dummy, the first in bridge order
    among equals) ends with ``side`` holding as many tricks as the brute force says, for either
    side as declarer's."""
    rng = random.Random(6212)
    solver = BruteForceSolver()
    for _ in range(200):
        position = random_ending(rng)
        ns = solver.ns_value(position)
        value = ns if side is Side.NS else position.tricks_left - ns
        end = position
        for card in twelfth_trick._best_line(position, side):
            end = end.play(card)
        assert end.is_over
        assert end.tricks(side) - position.tricks(side) == value


def _dd_line(position: Position, solver: BruteForceSolver, offender: Seat
             ) -> tuple[Position, frozenset[Suit]]:
    """Everyone plays his side's best card from ``position`` on, the lowest of equals (rank, then
    S H D C); the end and the suits ``offender`` won tricks with."""
    suits = set()
    while not position.is_over:
        scores = solver.solve(position)
        top = max(scores.values())
        card = min((c for c in scores if scores[c] == top),
                   key=lambda c: (int(c.rank), "SHDC".index(str(c.suit))))
        after = position.play(card)
        if not after.trick and after.leader is offender:
            trick = (*position.trick, card)
            suits.add(trick[(offender.index - position.leader.index) % 4].suit)
        position = after
    return position, frozenset(suits)


def _all_dd_lines(position: Position, solver: BruteForceSolver, offender: Seat,
                  first: Card | None = None) -> list[frozenset[Suit]]:
    """Every line from ``position`` on which each player plays a card best for his side (all of
    equal cards, ``first`` forced for the player to move): the suits ``offender`` won tricks with
    on each."""
    if position.is_over:
        return [frozenset()]
    if first is not None:
        cards = [first]
    else:
        scores = solver.solve(position)
        top = max(scores.values())
        cards = [c for c in scores if scores[c] == top]
    lines = []
    for card in cards:
        after = position.play(card)
        won: frozenset[Suit] = frozenset()
        if not after.trick and after.leader is offender:
            won = frozenset({(*position.trick, card)[(offender.index - position.leader.index)
                                                     % 4].suit})
        lines += [won | rest for rest in _all_dd_lines(after, solver, offender)]
    return lines


def _best_line_total(point: Any, card: Card, solver: BruteForceSolver) -> int:
    """Declarer's total after the offender's ``card``, the rest double-dummy, the kept revokes'
    transfers on the equal line best for the non-offenders (the larger transfer)."""
    position = point.position
    after = position.play(card)
    side = point.declarer_side
    if after.is_over:
        rest = after.tricks(side) - position.tricks(side)
    else:
        value = max(solver.solve(after).values())
        rest = (after.tricks(side) - position.tricks(side)
                + (value if after.to_move.side is side else after.tricks_left - value))
    if not point.tracks_offender_wins:
        return int(point.total_from_rest(rest))
    totals = {point.total_from_rest(rest, suits)
              for suits in _all_dd_lines(position, solver, point.player, card)}
    return int(min(totals) if point.offending_side is side else max(totals))


def _dd_points(seed: int) -> list[Any]:
    from revoke_equity.laws.comparison import comparison_points
    from revoke_equity.laws.rectification import rectify
    from revoke_equity.laws.revokes import find_revokes

    from playgen import late_revokes

    rng = random.Random(f"dd:{seed}")
    twice = seed % 2 == 0
    case = late_revokes(rng, first_card=32 if twice else 36, revokes=2 if twice else 1,
                        same_suit=twice)
    if twice:  # the 1997 extra trick of a kept 64A2 revoke may turn on the replay
        case = dataclasses.replace(case, laws=Edition.LAWS_1997)
    record = replay(case)
    revokes = find_revokes(record)
    return list(comparison_points(record, revokes, rectify(record, revokes, case.laws),
                                  case.laws))


@pytest.mark.parametrize("seed", [*range(40), 88, 114, 162])  # 88, 114: equal lines, unequal
# transfers; 162: the offender's card on the table in an unfinished trick, behind its leader
def test_double_dummy_estimate_matches_the_brute_force(seed: int) -> None:
    """The ``dd`` estimate at each comparison point of random late revokes (half of them a
    player revoking twice in a suit, so 64C2(a) with a kept revoke): each of the offender's cards
    is worth declarer's tricks before, the brute force's after it (the rest double-dummy), and
    the kept revokes' transfers on the equal double-dummy line that gives the non-offenders the
    most (1997: the extra trick can turn on the line; every line enumerated); the card the
    estimate rests on is the offender's best (declarer's, designating a penalty card), the lowest
    of equals."""
    from revoke_equity.equity.dd_equity import DoubleDummy

    solver = BruteForceSolver()
    for point in _dd_points(seed):
        position = point.position
        side = point.declarer_side
        totals = {card: _best_line_total(point, card, solver) for card in point.choices}
        for_declarer = point.designated_by_declarer or point.revoke.side is side
        raw = {c: _dd_line(position.play(c), solver, point.player)[0].tricks(side)
               for c in point.choices}
        top = (max if for_declarer else min)(raw.values())
        chosen = min((c for c in raw if raw[c] == top),
                     key=lambda c: (int(c.rank), "SHDC".index(str(c.suit))))
        calls = solver.stats.solve_calls
        got = DoubleDummy().estimate(point, solver)
        assert tuple(got.distribution.support) == (totals[chosen],)
        assert got.details["card"] == str(chosen)
        assert got.details["alternatives"] == [
            {"card": str(c), "declarer_tricks": totals[c]} for c in sorted(totals, key=str)]
        assert got.details["kept_transfer"] == abs(totals[chosen] - raw[chosen])
        assert got.solver_calls == solver.stats.solve_calls - calls
        # one call, more only to search the equal lines when the line's winners matter
        if not point.tracks_offender_wins:
            assert got.solver_calls == 1


def test_some_random_points_keep_a_revoke_whose_transfer_turns_on_the_line() -> None:
    """Among the points above: kept revokes, and 1997 ones whose extra trick depends on the
    suits the offender wins tricks with on the double-dummy line."""
    solver = BruteForceSolver()
    points = [p for seed in range(40) for p in _dd_points(seed)]
    assert sum(bool(p.kept) for p in points) >= 5
    assert sum(len(p.choices) > 1 for p in points) >= 20
    turns = 0
    for point in points:
        if point.tracks_offender_wins:
            for card in point.choices:
                end, suits = _dd_line(point.position.play(card), solver, point.player)
                rest = end.tricks(point.declarer_side) - point.position.tricks(point.declarer_side)
                turns += point.total_from_rest(rest, suits) != point.total_from_rest(rest)
    assert turns >= 2


def test_best_card_is_the_most_for_the_side_lowest_of_equals() -> None:
    """South to lead at no trumps with HA H2 SK D2; the opponents' scores are the complement."""
    from revoke_equity.equity.dd_equity import best_card

    hands = (frozenset(map(Card.from_str, ("SA", "S3", "C5", "C6"))),
             frozenset(map(Card.from_str, ("HK", "H3", "D3", "C2"))),
             frozenset(map(Card.from_str, ("HA", "H2", "SK", "D2"))),
             frozenset(map(Card.from_str, ("SQ", "S2", "C3", "C4"))))
    position = Position(hands, None, Seat.S, (), 5, 4)  # type: ignore[arg-type]
    scores = BruteForceSolver().solve(position)
    ns_best = max(scores.values())
    lowest = min((c for c in scores if scores[c] == ns_best),
                 key=lambda c: (int(c.rank), "SHDC".index(str(c.suit))))
    assert best_card(position, scores, Side.NS) == lowest
    ew_best = min(scores.values())
    assert best_card(position, scores, Side.EW) == min(
        (c for c in scores if scores[c] == ew_best),
        key=lambda c: (int(c.rank), "SHDC".index(str(c.suit))))
    others = tuple(c for c in scores if c != lowest)
    got = best_card(position, scores, Side.NS, others)
    assert got in others and scores[got] == max(scores[c] for c in others)


def _trick_12_revoke(rng: random.Random, by_declarers_side: bool) -> Any:
    """A random deal played at random (legally) but for a revoke on trick 12 by declarer or
    dummy (``by_declarers_side``) or a defender, noticed at the end of play."""
    from revoke_equity.model import Case, Contract, Strain
    from revoke_equity.synthetic import legal_choice, random_deal, revoke_options

    while True:
        deal = random_deal(rng)
        contract = Contract(rng.randint(1, 7), rng.choice(list(Strain)))
        declarer = rng.choice(list(Seat))
        position = Position.initial(deal, contract.strain.trump, declarer.next)
        play: list[Card] = []
        revoked = False
        while len(play) < 52:
            options = revoke_options(position)
            if (not revoked and 44 <= len(play) < 48 and options
                    and (position.to_move.side is declarer.side) == by_declarers_side):
                card = rng.choice(options)
                revoked = True
            else:
                card = legal_choice(position, rng)
            play.append(card)
            position = position.play(card)
        if revoked:
            return Case(deal, contract, declarer, tuple(play), laws=rng.choice(list(Edition)))


@pytest.mark.parametrize("offenders", ["declarer's side", "defenders"])
def test_62D_correction_gives_the_offenders_best_on_random_trick_12_revokes(offenders: str
                                                                             ) -> None:
    """The corrected result is declarer's tricks before the revoke plus the brute force's value
    of the card the offender could legally play (with two cards left and a revoke, there is one;
    the best of them in general: the most for declarer's side, the fewest for a defender)."""
    from revoke_equity.laws.revokes import find_revokes

    rng = random.Random(f"62D:{offenders}")
    solver = BruteForceSolver()
    for _ in range(40):
        case = _trick_12_revoke(rng, offenders == "declarer's side")
        record = replay(case)
        (revoke,) = (r for r in find_revokes(record) if r.trick == 12)
        correction = twelfth_trick.correct(record, (revoke,))
        assert correction is not None
        position = record.positions[revoke.index]
        side = record.declarer_side
        mine = position.to_move.side is side
        assert mine == (offenders == "declarer's side")
        values = {c: position.tricks(side) + (t if mine else 2 - t)
                  for c, t in solver.solve(position).items()}
        best = (max if mine else min)(values.values())
        assert correction.record.declarer_tricks == best
        assert correction.alternatives == {str(c): t for c, t in values.items()}
        ruling = rule(case)
        twelfth = ruling.twelfth
        assert twelfth is not None
        assert ruling.recommendation.words == ("the result stands" if best == record.declarer_tricks
                                               else "corrected result")
        assert (twelfth.trick, twelfth.player, twelfth.declarer_tricks, twelfth.alternatives) == (
            12, str(revoke.player), best, correction.alternatives)

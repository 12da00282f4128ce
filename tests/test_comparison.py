"""The comparison point per law (likely-result.md §1) and the kept revokes' transfers (64C2(a))."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.laws.comparison import comparison_points
from revoke_equity.laws.rectification import rectify
from revoke_equity.laws.revokes import RevokeKind, find_revokes
from revoke_equity.model import Card, Case, Contract, Edition, PenaltyCard, Position, Seat
from revoke_equity.model.play import replay
from revoke_equity.ruling import rule
from revoke_equity.synthetic import legal_choice, random_deal, revoke_options

from conftest import CASES


def worked(name: str) -> Case:
    (path,) = CASES.glob(f"{name}*.json")
    return case_from_dict(json.loads(path.read_text())["case"])


def points(case: Case) -> tuple[Any, ...]:
    record = replay(case)
    revokes = find_revokes(record)
    return comparison_points(record, revokes, rectify(record, revokes, case.laws), case.laws)


@pytest.mark.parametrize(("edition", "c2a", "c1"), [
    (Edition.LAWS_2017, "64C2a", "64C1"), (Edition.LAWS_2007, "64C", "64C"),
    (Edition.LAWS_1997, "64C", "64C")])
def test_repeat_in_the_same_suit_starts_at_the_second_revoke(edition: Edition, c2a: str,
                                                              c1: str) -> None:
    """p11: South revoked in spades at tricks 2 and 8 (64A2, then 64B2)."""
    found = points(dataclasses.replace(worked("p11"), laws=edition))
    assert [(p.clause, p.law, p.trick, str(p.player)) for p in found] == [
        ("C2a", c2a, 8, "S"), ("C1", c1, 2, "S")]
    kept = found[0].kept
    assert [(k.trick, k.won_revoke_trick, k.recomputed) for k in kept] == [(2, False, True)]
    assert found[1].kept == ()


def test_both_sides_start_at_the_first_established_revoke() -> None:
    (point,) = points(worked("p08"))
    assert point.clause == "C2b" and point.offending_side is None and point.kept == ()


def test_one_side_one_comparison() -> None:
    (point,) = points(worked("p01"))
    assert point.clause == "C1" and point.trick == 1 + worked("p01").play.index(
        point.revoke.card) // 4


def test_p11_double_dummy_keeps_the_first_revoke_and_its_transfer(dds_solver: Any) -> None:
    """12 tricks without the second revoke (11 double-dummy from trick 8, plus the first revoke's
    one-trick transfer); 11 from the first revoke with no revoke at all."""
    ruling = rule(worked("p11"), dds_solver, options=EstimateOptions(estimate="dd"))
    by_clause = {c.point.clause: c for c in ruling.comparisons}
    assert by_clause["C2a"].dd_tricks == 12 and by_clause["C2a"].kept_transfer == 1
    assert by_clause["C1"].dd_tricks == 11 and by_clause["C1"].kept_transfer == 0
    assert (ruling.recommendation.law, ruling.recommendation.declarer_tricks) == ("64C2a", 12)


def _penalty_case() -> Case:
    """p09's deal and play, with a major penalty card given to the first defender who discards
    (from that trick on): his discard of another card is then a failure to play it (Law 50D1)."""
    case = worked("p09")
    record = replay(dataclasses.replace(case, corrected=(), penalty_cards=()))
    for index, card in enumerate(case.play):
        position = record.positions[index]
        seat = position.to_move
        led = position.suit_led
        if seat.side is case.declarer.side or led is None or card.suit is led:
            continue
        if any(c.suit is led for c in position.hand(seat)):
            continue  # a revoke already
        others = sorted((c for c in position.hand(seat) if c != card), key=str)
        trick = index // 4 + 1
        if others and trick < 11:
            return dataclasses.replace(case, penalty_cards=(PenaltyCard(seat, others[0], trick),))
    raise AssertionError("no defender discards in p09")


def test_a_penalty_card_revoke_is_replayed_with_the_penalty_card(dds_solver: Any) -> None:
    case = _penalty_case()
    penalty = case.penalty_cards[0]
    ruling = rule(case, dds_solver, options=EstimateOptions(estimate="sd", worlds=4, playouts=8))
    first = ruling.established[0]
    assert first.kind is RevokeKind.PENALTY_CARD
    comparison = ruling.comparisons[0]
    assert comparison.point.choices == (penalty.card,)
    alternatives = comparison.dd.details["alternatives"]
    assert [a["card"] for a in alternatives] == [str(penalty.card)]  # type: ignore[index]
    assert comparison.dd.details["card"] == str(penalty.card)


def _counterfactual_suits(line: list[Card], start: Any, offender: Seat) -> frozenset[Any]:
    suits = set()
    position = start
    for card in line:
        after = position.play(card)
        if len(position.trick) == 3 and after.leader is offender:
            offset = (offender.index - position.leader.index) % 4
            suits.add((*position.trick, card)[offset].suit)
        position = after
    return frozenset(suits)


@pytest.mark.parametrize("seed", range(60))
def test_kept_transfer_equals_law_64_on_the_replayed_record(seed: int) -> None:
    """A player revokes twice in one suit at random; the counterfactual from the second revoke is a
    random legal play. Law 64 applied by :func:`rectify` to the record made of the table's play up
    to the second revoke and the counterfactual (the first revoke kept, the second gone) gives
    declarer's total that the comparison point computes from the counterfactual's trick count."""
    rng = random.Random(seed)
    edition = rng.choice(list(Edition))
    case = _twice_in_one_suit(rng, edition)
    found = points(case)
    point = next(p for p in found if p.clause == "C2a")
    line: list[Card] = []
    position = point.position
    while not position.is_over:
        card = legal_choice(position, rng)
        line.append(card)
        position = position.play(card)
    replayed = dataclasses.replace(case, play=(*case.play[:point.revoke.index], *line))
    replayed_record = replay(replayed)
    revokes = find_revokes(replayed_record)
    assert [r.trick for r in revokes if r.established] == [k.trick for k in point.kept]
    law64 = rectify(replayed_record, revokes, edition).mechanical_declarer_tricks
    suits = _counterfactual_suits(line, point.position, point.player)
    assert point.declarer_total(position, suits) == law64


def _twice_in_one_suit(rng: random.Random, edition: Edition) -> Case:
    """A random deal and legal play in which one player revokes twice in the same suit."""
    while True:
        deal = random_deal(rng)
        contract = Contract.from_str(rng.choice(["3N", "4S", "4H", "5D"]))
        declarer = rng.choice([Seat.N, Seat.E, Seat.S, Seat.W])
        pos = Position.initial(deal, contract.strain.trump, declarer.next)
        play: list[Card] = []
        offender: Seat | None = None
        suit = None
        revokes = 0
        while len(play) < 52:
            options = revoke_options(pos)
            seat = pos.to_move
            can = options and len(play) < 40 and seat is not declarer.partner and (
                offender is None or (seat is offender and pos.suit_led is suit))
            if can and revokes < 2 and rng.random() < 0.5:
                card = rng.choice(options)
                offender, suit = seat, pos.suit_led
                revokes += 1
            else:
                card = legal_choice(pos, rng)
            play.append(card)
            pos = pos.play(card)
        if revokes == 2:
            return Case(deal, contract, declarer, tuple(play), laws=edition)


def test_a_broken_requirement_is_replayed_with_a_complying_card(dds_solver: Any) -> None:
    """l04: a defender was required to lead a heart (Law 26) and led another suit: the
    replay's first card is one of his hearts, in every estimate."""
    from conftest import DATA

    case = case_from_dict(json.loads((DATA / "laws" / "l04-requirement-lead.json").read_text())["case"])
    ruling = rule(case, dds_solver, options=EstimateOptions(estimate="sd", worlds=4, playouts=8))
    first = ruling.established[0]
    assert first.kind is RevokeKind.REQUIREMENT
    comparison = ruling.comparisons[0]
    assert set(comparison.point.choices) == set(first.could_play)
    assert {c.suit for c in comparison.point.choices} == {first.could_play[0].suit}
    cards = [a["card"] for a in comparison.dd.details["alternatives"]]  # type: ignore[union-attr]
    assert sorted(cards) == sorted(str(c) for c in first.could_play)

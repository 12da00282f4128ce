"""The comparison point per law (likely-result.md §1) and the kept revokes' transfers (64C2(a))."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.laws.comparison import KeptRevoke, comparison_points
from revoke_equity.laws.rectification import rectify
from revoke_equity.laws.revokes import RevokeKind, find_revokes
from revoke_equity.model import Card, Case, Contract, Edition, PenaltyCard, Position, Seat, Side, Suit
from revoke_equity.model.play import replay
from revoke_equity.ruling import rule
from revoke_equity.ruling.json_form import comparison_json
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
    ruling = rule(case, dds_solver, options=EstimateOptions(estimate="sd", worlds=4, max_worlds=4,
                                                                   playouts=8, exact_budget=0))
    first = ruling.established[0]
    assert first.kind is RevokeKind.REQUIREMENT
    comparison = ruling.comparisons[0]
    assert set(comparison.point.choices) == set(first.could_play)
    assert {c.suit for c in comparison.point.choices} == {first.could_play[0].suit}
    cards = [a["card"] for a in comparison.dd.details["alternatives"]]  # type: ignore[union-attr]
    assert sorted(cards) == sorted(str(c) for c in first.could_play)


# --- The kept revokes' transfer on hand-built kept revokes (64C2(a), comparison at trick 8) -----


def _p11_points(edition: Edition = Edition.LAWS_2017) -> tuple[Any, ...]:
    return points(dataclasses.replace(worked("p11"), laws=edition))


def test_p11_kept_revoke_as_played() -> None:
    """p11: S revoked at trick 2 (W won it with SA; 64A2); between tricks 2 and 7 N-S won only
    trick 4 (N's H9); S won no trick in that stretch, so none with a spade."""
    point = _p11_points()[0]
    assert point.kept == (KeptRevoke(trick=2, player=Seat.S, suit_led=Suit.SPADES,
                                     won_revoke_trick=False, recomputed=True, table_tricks=(4,),
                                     won_with_suit_led=False),)
    assert comparison_json(point, 1) == {"law": "64C2a", "trick": 8, "player": "S",
                                         "kept_revokes": [2], "kept_transfer": 1}
    assert comparison_json(point, 0)["kept_transfer"] == 0


def kept(trick: int, table: tuple[int, ...], *, won_revoke_trick: bool = False,
         recomputed: bool = True, with_suit: bool = False) -> KeptRevoke:
    return KeptRevoke(trick, Seat.S, Suit.SPADES, won_revoke_trick, recomputed, table, with_suit)


def at_trick_8(*revokes: KeptRevoke, extra: bool = False) -> Any:
    """p11's 64C2(a) point (trick 8) with the kept revokes replaced by ``revokes``."""
    return dataclasses.replace(_p11_points()[0], kept=revokes, extra_trick_rule=extra)


def test_no_kept_revoke_no_transfer() -> None:
    c1 = _p11_points()[1]
    assert c1.kept == () and c1.kept_transfer(0) == 0 and c1.kept_transfer(4) == 0


def test_kept_64A2_takes_the_revoke_trick_won_by_partner() -> None:
    """The partner won the revoke trick (2) and the side nothing after: one trick (64A2)."""
    assert at_trick_8(kept(2, (2,))).kept_transfer(0) == 1


def test_kept_64A2_without_a_trick_becomes_64B1_or_takes_a_replayed_trick() -> None:
    """Nothing won from trick 2 at the table: no transfer unless the side wins a trick in the
    replay, which the 64A2 transfer then takes."""
    assert at_trick_8(kept(2, ())).kept_transfer(0) == 0
    assert at_trick_8(kept(2, ())).kept_transfer(2) == 1


def test_kept_64A1_its_own_trick_and_one_later() -> None:
    """The offender won the revoke trick (3): it is transferred, and one more if the side won a
    later trick, at the table (5) or in the replay."""
    assert at_trick_8(kept(3, (3,), won_revoke_trick=True)).kept_transfer(0) == 1
    assert at_trick_8(kept(3, (3, 5), won_revoke_trick=True)).kept_transfer(0) == 2
    assert at_trick_8(kept(3, (3,), won_revoke_trick=True)).kept_transfer(1) == 2


def test_a_revoke_not_recomputed_leaves_the_others_their_transfer() -> None:
    """Revoke at trick 5 exempt at the table (not recomputed); the one at trick 2 (64A2) takes
    trick 4."""
    assert at_trick_8(kept(2, (4,)), kept(5, (), recomputed=False)).kept_transfer(0) == 1
    assert at_trick_8(kept(5, (), recomputed=False), kept(2, (4,))).kept_transfer(0) == 1


def test_kept_revokes_share_distinct_tricks_with_the_1997_extra_trick() -> None:
    """1997: revoke at trick 2 (64A2 plus the extra trick: the offender won a later trick with a
    spade) and at trick 6 (64A2): three tricks demanded. The side won trick 7 at the table and
    wins two tricks in the replay (8 and 9): three distinct tricks, all transferred; with one
    trick in the replay only two distinct tricks exist; without the extra trick rule two are
    demanded."""
    first, second = kept(2, (7,), with_suit=True), kept(6, (7,))
    assert at_trick_8(first, second, extra=True).kept_transfer(2) == 3
    assert at_trick_8(first, second, extra=True).kept_transfer(1) == 2
    assert at_trick_8(first, second, extra=False).kept_transfer(2) == 2


def test_the_1997_extra_trick_from_a_replayed_trick_won_with_the_suit_led() -> None:
    """1997: the offender (S) did not win a trick with a spade at the table after his revoke at
    trick 2; in the replay he wins one with a spade: the extra trick, given the side won two
    tricks (4 at the table, one in the replay). A heart, or the 2007 Laws, give none."""
    point = at_trick_8(kept(2, (4,)), extra=True)
    assert point.kept_transfer(1, frozenset({Suit.SPADES})) == 2
    assert point.kept_transfer(1, frozenset({Suit.HEARTS})) == 1
    assert point.kept_transfer(1) == 1
    assert at_trick_8(kept(2, (4,))).kept_transfer(1, frozenset({Suit.SPADES})) == 1


def test_kept_revoke_whose_trick_the_partner_won() -> None:
    """l11: W (declarer) revoked at trick 2 (SQ on a heart lead; dummy E won the trick with HK)
    and at trick 3 (S9 on a heart lead). The comparison starts at trick 3 and keeps the first
    revoke: E-W won trick 2, and no trick lies between 2 and 3, so its table tricks are (2,) and
    W won none with a heart; 64A2 takes trick 2 whatever the replay gives."""
    from conftest import DATA

    (path,) = (DATA / "laws").glob("l11*.json")
    case = case_from_dict(json.loads(path.read_text())["case"])
    c2a, c1 = points(case)
    assert (c2a.clause, c2a.trick, c1.clause, c1.trick) == ("C2a", 3, "C1", 2)
    assert c2a.kept == (KeptRevoke(trick=2, player=Seat.W, suit_led=Suit.HEARTS,
                                   won_revoke_trick=False, recomputed=True, table_tricks=(2,),
                                   won_with_suit_led=False),)
    assert c2a.kept_transfer(0) == 1


def test_each_point_names_the_offending_and_the_declaring_side() -> None:
    """p11: N-S (the defenders) revoked; declarer E: both points say so; p08 (both sides): none."""
    for point in _p11_points():
        assert (point.offending_side, point.declarer_side) == (Side.NS, Side.EW)
    (both,) = points(worked("p08"))
    assert both.offending_side is None


def test_total_when_the_defenders_kept_revoke_takes_a_replayed_trick() -> None:
    """p11 at trick 8: E-W have won 6 tricks (1, 2, 3, 5, 6, 7), 6 are left. A kept 64A2 revoke of
    N-S with no trick won at the table takes one replayed trick of N-S when they win one: E-W
    winning all 6 keep 12; winning 5 get 11 + 1; winning 4 get 10 + 1."""
    point = at_trick_8(kept(2, ()))
    assert (point.position.tricks(Side.EW), point.position.tricks_left) == (6, 6)
    assert [point.total_from_rest(rest) for rest in (6, 5, 4)] == [12, 12, 11]


def test_the_64C1_point_of_a_follow_suit_revoke_is_the_offenders_choice() -> None:
    """p11 at trick 2: S held several spades; he, not declarer, chooses among them."""
    c1 = _p11_points()[1]
    assert len(c1.choices) > 1 and c1.designated_by_declarer is False


def test_one_penalty_card_is_no_choice_two_are_declarers() -> None:
    """Law 50D1: one playable penalty card must be played (no choice); with two, declarer
    designates which (Law 51)."""
    one = _penalty_case()
    (point,) = points(one)
    assert point.choices == (one.penalty_cards[0].card,) and point.designated_by_declarer is False
    two = _two_penalty_cards_case()
    (point,) = points(two)
    assert set(point.choices) == {p.card for p in two.penalty_cards}
    assert point.designated_by_declarer is True


def _two_penalty_cards_case() -> Case:
    """As :func:`_penalty_case`, with two of the defender's other cards as penalty cards."""
    case = _penalty_case()
    (first,) = case.penalty_cards
    record = replay(dataclasses.replace(case, penalty_cards=()))
    index = 4 * (first.from_trick - 1) + next(
        i for i in range(4) if record.tricks[first.from_trick - 1].seat_of(i) is first.player)
    hand = record.positions[index].hand(first.player)
    played = case.play[index]
    others = sorted((c for c in hand if c != played), key=str)
    assert len(others) >= 2
    return dataclasses.replace(case, penalty_cards=(first, PenaltyCard(first.player, others[1],
                                                                       first.from_trick)))

"""Laws 61A (requirements), 63A3/63A4 (claims), 62D before Law 64, and 64B7 per edition, on the
hand-made cases of ``tests/data/laws`` (README there) and the worked cases.

Every expected number is worked out by hand from the trick table of the case; the comment above each
assertion gives the tricks it rests on.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from revoke_equity.laws import twelfth_trick
from revoke_equity.laws.law import Law
from revoke_equity.laws.rectification import rectify
from revoke_equity.laws.revokes import RevokeKind, find_revokes
from revoke_equity.model import (
    Case,
    Claim,
    Edition,
    Noticed,
    Requirement,
    RequirementKind,
    Seat,
    Side,
    Suit,
)
from revoke_equity.model.play import replay
from revoke_equity.ruling import Ruling, rule
from test_laws import laws_of, worked

from conftest import DATA, DD

E1997, E2007, E2017 = Edition.LAWS_1997, Edition.LAWS_2007, Edition.LAWS_2017
EDITIONS = pytest.mark.parametrize("edition", list(Edition), ids=str)


def law_case(name: str) -> Case:
    from revoke_equity.io.json_case import case_from_dict

    (path,) = (DATA / "laws").glob(f"{name}*.json")
    return case_from_dict(json.loads(path.read_text()))


def ruled(case: Case, **changes: Any) -> Ruling:
    return rule(dataclasses.replace(case, **changes))


def revokes_of(r: Ruling) -> list[tuple[int, str, str, bool, bool]]:
    return [(x.trick, str(x.player), x.kind.value, x.established, x.corrected) for x in r.revokes]


def requirement(trick: int, player: str, kind: str, suit: str | None = None) -> Requirement:
    return Requirement(trick, Seat.from_str(player), RequirementKind.from_str(kind),
                       None if suit is None else Suit.from_str(suit))


# --- Law 63A3/63A4: a claim establishes a revoke only through the offending side ----------------


@EDITIONS
def test_63A_claim_by_the_non_offenders_not_agreed_leaves_the_revoke_unestablished(
        edition: Edition) -> None:
    """l01: E revoked at trick 6; S claimed right after it and E-W did not agree. Without a solver
    the corrected play of 8 tricks is not made: the ruling says so and shows the table result."""
    r = ruled(law_case("l01"), laws=edition)
    assert revokes_of(r) == [(6, "E", "follow-suit", False, False)]
    assert r.transfer.rectifications == ()
    # tricks 2, 3, 5 and 6 as played, plus the 6 tricks of the Director's ruling on the claim
    assert r.record.declarer_tricks == r.mechanical_tricks == 10
    assert "did not agree" in r.explanation[1] and "must be corrected (Law 62A)" in r.explanation[1]
    assert r.law62 is not None and r.corrected is None
    assert r.mechanical_law is Law.L62 and r.recommendation.law is Law.L62
    assert "needs a solver" in r.recommendation.reason


@EDITIONS
def test_62_the_revoke_left_unestablished_by_the_claim_is_corrected(edition: Edition,
                                                                    dds_solver: Any) -> None:
    """l01 corrected (Law 62, the same in every edition). Trick 6: N led DA; E (DK D8) must
    follow (62B: his choice; D8 and DK lose the same, the lower is played: DK falls later under
    N's ruff of S's D5); his H2 becomes a major penalty card (62B1). S's D2 (62C1) and W's DT
    (62C2: no non-offender before W changed his card) stand: N wins trick 6, as at the table.
    Tricks 7-13 by hand, N to lead, spades trumps: N HA HQ H8 H7 SJ ST S9; E DK HJ H6 H2
    (penalty card) SQ S7 S2; S D9 D5 HK H9 SK S8 S4; W DJ H5 H4 H3 HT SA S5. The defenders'
    only trick is the SA: E's SQ lies under S's SK (trumps are led from N, E plays before S),
    S's two diamonds are ruffed in N, the hearts are N-S's from the top and E's forced H2 gives
    him nothing. So N-S take 6 of the last 7, as S claimed: 4 + 6 = 10; S's claim is ruled on
    the corrected position (Law 70) and the corrected result equals the table's."""
    r = rule(dataclasses.replace(law_case("l01"), laws=edition), dds_solver, trace=False, options=DD)
    assert r.corrected is not None and r.law62 is not None
    assert str(r.corrected.substitute) == "D8"
    assert r.law62.penalty_card is not None and str(r.law62.penalty_card.card) == "H2"
    assert [(x.clause, str(x.card)) for x in r.law62.later] == [("62C1", "D2"), ("62C2", "DT")]
    assert r.corrected.changed == ()
    assert r.corrected.record.trick(6).winner is Seat.N
    # N-S: 4 tricks of 1-6, then 6 of 7 (the SA lost)
    assert r.corrected.declarer_tricks == r.mechanical_tricks == 10
    assert r.corrected.record.tricks_won(Side.NS, 7) == 6
    # the penalty card is played at its first legal opportunity: E's first heart after trick 6
    e_hearts = [t.number for t in r.corrected.record.tricks
                if t.number > 6 and (c := t.card_of(Seat.E)) is not None and c.suit is Suit.HEARTS]
    assert str(r.corrected.record.trick(e_hearts[0]).card_of(Seat.E)) == "H2"
    assert r.mechanical_law is Law.L62 and r.recommendation.law is Law.L62
    assert r.recommendation.words == "the result stands"  # 10 corrected, 10 at the table
    assert "corrected (Laws 62A, 62B): E withdraws H2 and plays D8" in " ".join(r.explanation)
    data = r.to_dict()
    assert data["mechanical"]["law"] == "62" and data["law_62"]["law"] == "62B1"
    assert data["law_62"]["penalty_card"] == "H2" and data["law_62"]["claim_by"] == "S"


@pytest.mark.parametrize(("edition", "clause"), [(E1997, "63A3"), (E2007, "63A3"),
                                                 (E2017, "63A4")], ids=str)
def test_63A_the_offenders_agreeing_to_the_opponents_claim_establishes(
        edition: Edition, clause: str) -> None:
    case = law_case("l01")
    assert case.claim is not None
    r = ruled(case, laws=edition, claim=dataclasses.replace(case.claim, agreed=True))
    assert revokes_of(r) == [(6, "E", "follow-suit", True, False)]
    # N won trick 6; E-W receive one of the 7 claimed tricks (after trick 6): 64A2, one trick
    # (1997: claimed tricks are not tricks won with a diamond, no extra trick)
    assert laws_of(r) == [(6, "E", "64A2", 1)]
    assert r.mechanical_tricks == 11
    assert f"(Law {clause})" in r.explanation[1] and "agreed to S's claim" in r.explanation[1]


@EDITIONS
def test_63A3_a_claim_by_the_offending_side_establishes_even_when_not_agreed(
        edition: Edition) -> None:
    case = law_case("l01")
    assert case.claim is not None
    r = ruled(case, laws=edition, claim=dataclasses.replace(case.claim, by=Seat.E))
    assert revokes_of(r) == [(6, "E", "follow-suit", True, False)]
    assert laws_of(r) == [(6, "E", "64A2", 1)]
    assert "(Law 63A3)" in r.explanation[1] and "E, of the offending side" in r.explanation[1]


@EDITIONS
def test_63A3_declarer_revokes_and_claims_the_defenders_object(edition: Edition) -> None:
    """p02 stopped by declarer E's claim right after his revoke at trick 9; the defenders object.
    The claim is the offending side's own: established."""
    full = worked("p02")
    record = replay(full)
    # declarer's side won 3 of the last 4 tricks at the table (10: E, 11: W, 12: E; 13: S)
    rest = record.tricks_won(Side.EW, 10)
    assert rest == 3
    case = dataclasses.replace(full, laws=edition, play=full.play[:36],
                               claim=Claim(9, rest, by=Seat.E, agreed=False))
    r = rule(case)
    assert revokes_of(r) == [(9, "E", "follow-suit", True, False)]
    # W (dummy) won trick 9: the offending side won the revoke trick, E did not: 64A2, one trick
    assert laws_of(r) == [(9, "E", "64A2", 1)]
    assert r.mechanical_tricks == record.declarer_tricks - 1 == 8


# --- Law 61A: failing to comply, when able, with a requirement ---------------------------------


@EDITIONS
def test_61A_lead_requirement_not_complied_with(edition: Edition) -> None:
    """l04: W required to lead a heart at trick 1 (Law 26) led C2 holding four hearts."""
    r = ruled(law_case("l04"), laws=edition)
    assert revokes_of(r) == [(1, "W", "requirement", True, False)]
    assert [str(c) for c in r.revokes[0].could_play] == ["HT", "H5", "H4", "H3"]
    # E won trick 1 with CQ: the offending side won the revoke trick, W did not: 64A2, one trick;
    # W's only later trick (13) was won with SA, not a heart: no 1997 extra trick
    assert laws_of(r) == [(1, "W", "64A2", 1)]
    assert r.mechanical_tricks == 11
    assert "required to lead a heart (Laws 26, 50D2)" in r.explanation[1]


@EDITIONS
def test_61A_lowest_card_requirement_broken_by_winning_the_trick(edition: Edition) -> None:
    """l05: E required to play his lowest club at trick 1 (Law 57A) won it with CQ holding C9."""
    r = ruled(law_case("l05"), laws=edition)
    assert revokes_of(r) == [(1, "E", "requirement", True, False)]
    assert [str(c) for c in r.revokes[0].could_play] == ["C9"]
    # E won the revoke trick, E-W won trick 4 later: 64A1, two tricks
    assert laws_of(r) == [(1, "E", "64A1", 2)]
    assert r.mechanical_tricks == 12


@pytest.mark.parametrize(("edition", "tricks"), [(E1997, 2), (E2007, 1), (E2017, 1)], ids=str)
def test_61A_highest_card_requirement_and_the_1997_extra_trick(edition: Edition,
                                                               tricks: int) -> None:
    """l06: W required to play his highest spade at trick 11 played S5 and won trick 13 with the
    SA he should have played."""
    r = ruled(law_case("l06"), laws=edition)
    assert revokes_of(r) == [(11, "W", "requirement", True, False)]
    # N won trick 11; E-W won trick 13: 64A2, one trick; 1997 prescribes one more (SA could have
    # been played to trick 11), but trick 13 is the only trick E-W won from trick 11 on
    assert laws_of(r) == [(11, "W", "64A2", tricks)]
    assert r.transfer.transferred == 1
    assert r.mechanical_tricks == 11


@pytest.mark.parametrize(("edition", "tricks"), [(E1997, 2), (E2007, 1), (E2017, 1)], ids=str)
def test_61A_lead_prohibition_lasts_while_the_player_keeps_the_lead(edition: Edition,
                                                                    tricks: int) -> None:
    """l07: E, forbidden to lead diamonds from trick 1 while he kept the lead (Law 50D2), won
    tricks 1 and 2 with clubs and led D3 at trick 3."""
    r = ruled(law_case("l07"), laws=edition)
    assert revokes_of(r) == [(3, "E", "requirement", True, False)]
    # N won trick 3, E won trick 13 (SA, a card he could have led at trick 3): 64A2, one trick;
    # 1997 prescribes one more, but trick 13 is the only trick E-W won from trick 3 on
    assert laws_of(r) == [(3, "E", "64A2", tricks)]
    assert r.transfer.transferred == 1
    assert r.mechanical_tricks == 11


def test_61A_lead_prohibition_ends_when_the_player_loses_the_lead() -> None:
    """p01: E led S3 at trick 1 and lost the lead; he led H3 at trick 5 after winning trick 4."""
    case = worked("p01")
    found = ruled(case, requirements=(requirement(1, "E", "no-lead", "H"),)).revokes
    assert [(x.trick, x.kind) for x in found] == [(4, RevokeKind.FOLLOW_SUIT)]
    found = ruled(case, requirements=(requirement(5, "E", "no-lead", "H"),)).revokes
    assert [(x.trick, x.kind) for x in found] == [(4, RevokeKind.FOLLOW_SUIT),
                                                   (5, RevokeKind.REQUIREMENT)]


def test_61A_lead_prohibition_ends_when_the_player_loses_the_lead_for_one_trick() -> None:
    """p03: E led D4 at trick 1 (W won it), won trick 2 and led S2 at trick 3. Forbidden to lead
    a spade from trick 1, he lost the lead at trick 2, so the prohibition had ended."""
    case = worked("p03")
    with_requirement = ruled(case, requirements=(requirement(1, "E", "no-lead", "S"),))
    assert with_requirement.revokes == ruled(case).revokes
    assert RevokeKind.REQUIREMENT not in {x.kind for x in with_requirement.revokes}


@EDITIONS
def test_61A_suit_requirement_when_void_in_the_suit_led(edition: Edition) -> None:
    """l08: W, void in diamonds, required to play a heart at trick 5 (Law 57A) played CT."""
    r = ruled(law_case("l08"), laws=edition)
    assert revokes_of(r) == [(5, "W", "requirement", True, False)]
    # N won trick 5, E won trick 13: 64A2, one trick; W won no trick (no 1997 extra)
    assert laws_of(r) == [(5, "W", "64A2", 1)]
    assert r.mechanical_tricks == 11


def test_59_no_revoke_when_unable_to_comply() -> None:
    """Law 59: W holds no diamond at trick 9 (void in clubs, the suit led); at trick 3 he must
    follow to the diamond led, so a heart cannot be required of him."""
    case = law_case("l08")
    assert ruled(case, requirements=(requirement(9, "W", "suit", "D"),)).revokes == ()
    assert ruled(case, requirements=(requirement(3, "W", "suit", "H"),)).revokes == ()


def test_61A_complying_is_no_revoke() -> None:
    """l04's W led C2 at trick 1: a club requirement was complied with."""
    assert ruled(law_case("l04"), requirements=(requirement(1, "W", "lead", "C"),)).revokes == ()


@EDITIONS
def test_62D_requirement_revoke_on_trick_12_is_corrected_with_the_required_card(
        edition: Edition) -> None:
    """l07's record: E played S8 at trick 12 holding SA; with a highest-card requirement the
    correction has E play SA (N's SQ then wins trick 13): declarer keeps 10 tricks."""
    r = ruled(law_case("l07"), laws=edition, requirements=(requirement(12, "E", "highest"),))
    assert revokes_of(r) == [(12, "E", "requirement", True, False)]
    assert laws_of(r) == [(12, "E", "62D" if edition is E1997 else "64B6", 0)]
    assert r.twelfth is not None and list(r.twelfth.alternatives) == ["SA"]
    assert r.mechanical_tricks == 10


# --- Law 62D first, then Law 64 on the corrected record ------------------------------------------


def _law_64_then_62d(case: Case) -> int:
    """The other order, for contrast: Law 64 on the table's tricks, the 62D change added after."""
    record = replay(case)
    revokes = find_revokes(record)
    correction = twelfth_trick.correct(record, revokes)
    assert correction is not None
    table_transfer = rectify(record, revokes, case.laws)
    return (table_transfer.mechanical_declarer_tricks + correction.declarer_tricks
            - record.declarer_tricks)


@pytest.mark.parametrize(("edition", "label"), [(E1997, "62D"), (E2007, "64B6"),
                                                (E2017, "64B6")], ids=str)
def test_62D_first_leaves_no_trick_for_64A(edition: Edition, label: str) -> None:
    """l09: W revoked at trick 3 and at trick 12 (DT under the HA, keeping HQ for trick 13)."""
    case = dataclasses.replace(law_case("l09"), laws=edition)
    r = rule(case)
    table = r.record
    assert [t.winner for t in table.tricks if t.winner.side is Side.EW] == [Seat.W, Seat.W]
    assert [t.number for t in table.tricks if t.winner.side is Side.EW] == [1, 13]
    # corrected: W plays HQ under the HA, S's HJ wins trick 13; E-W won nothing from trick 3 on
    assert r.twelfth is not None and r.twelfth.declarer_tricks == 12
    # W's only card that follows: HQ; N-S won 10 of tricks 1-11 and win both of 12 and 13
    assert r.twelfth.alternatives == {"HQ": 12}
    assert laws_of(r) == [(3, "W", "64B1", 0), (12, "W", label, 0)]
    assert r.mechanical_tricks == 12
    # the other order transfers trick 13 for the trick-3 revoke and adds 62D's trick: 13 tricks,
    # though E-W won trick 1 before any revoke
    assert _law_64_then_62d(case) == 13


@pytest.mark.parametrize(("edition", "label"), [(E1997, "62D"), (E2007, "64B6"),
                                                (E2017, "64B6")], ids=str)
def test_62D_first_then_64A2_on_the_corrected_trick(edition: Edition, label: str) -> None:
    """l10: S revoked at trick 3; N at trick 12 (SQ under the DK, holding DA). Declarer W took all
    13 tricks at the table."""
    case = dataclasses.replace(law_case("l10"), laws=edition)
    r = rule(case)
    assert r.record.declarer_tricks == 13
    # corrected: N's DA wins trick 12 (E's SA then wins 13): 12 tricks before Law 64
    assert r.twelfth is not None and r.twelfth.declarer_tricks == 12
    assert r.twelfth.alternatives == {"DA": 12}  # E-W won tricks 1-11, then one of 12 and 13
    # S did not win trick 3; N-S won trick 12 of the corrected record: 64A2, one trick; S won no
    # trick (no 1997 extra)
    assert laws_of(r) == [(3, "S", "64A2", 1), (12, "N", label, 0)]
    assert r.mechanical_tricks == 13
    assert _law_64_then_62d(case) == 12


def test_62D_corrects_a_trick_12_revoke_in_a_trick_left_unfinished_by_a_claim() -> None:
    """p04 stopped right after dummy's DT at trick 12 by declarer's claim of one more trick: the
    claim establishes the revoke, and 62D replays tricks 12-13 (no need to decide who won the
    unfinished trick)."""
    case = worked("p04")
    r = ruled(case, play=case.play[:47], claim=Claim(11, 1))
    assert laws_of(r) == [(12, "W", "64B6", 0)]
    assert r.twelfth is not None and r.mechanical_tricks == 11 == rule(case).mechanical_tricks


def test_62D_is_not_applied_after_the_round_and_law_64_uses_the_table() -> None:
    r = ruled(law_case("l10"), noticed=Noticed.AFTER_ROUND)
    assert r.twelfth is None
    assert laws_of(r) == [(3, "S", "64B5", 0), (12, "N", "64B5", 0)]
    assert r.mechanical_tricks == 13


# --- Law 64B7 per edition ------------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "law", "tricks"), [(E1997, "64A2", 1), (E2007, "64B7", 0),
                                                        (E2017, "64A2", 1)], ids=str)
def test_64B7_a_corrected_revoke_of_the_other_side_counts_in_2007_only(
        edition: Edition, law: str, tricks: int) -> None:
    """l03: E revoked at trick 6 (established); S revoked at trick 9 and corrected it at once."""
    r = ruled(law_case("l03"), laws=edition)
    assert revokes_of(r) == [(6, "E", "follow-suit", True, False),
                             (9, "S", "follow-suit", False, True)]
    # N won trick 6, W won trick 8: 64A2, one trick (2007: both sides revoked, none)
    assert laws_of(r) == [(6, "E", law, tricks)]
    assert r.mechanical_tricks == 9 + tricks
    # the corrected revoke did no damage: E-W stay the offending side in every edition
    assert r.transfer.offending_side is Side.EW
    if edition is E2007:
        assert "S's revoke at trick 9 counts though it was not established" in \
            r.transfer.rectifications[0].reason


@pytest.mark.parametrize(("edition", "law", "tricks"), [(E1997, "64A2", 1), (E2007, "64B7", 0),
                                                        (E2017, "64A2", 1)], ids=str)
def test_64B7_a_revoke_left_unestablished_by_a_claim_counts_in_2007_only(
        edition: Edition, law: str, tricks: int) -> None:
    """l02: E revoked at trick 6; S revoked at trick 9 and W's claim after it was not agreed.

    S's revoke is corrected (Law 62, the same in every edition): trick 9 is W H4, N HQ, E HJ and
    S (D9 H9 S4 S8 SK) must play H9, declarer's card replaced without further rectification
    (62B2: no penalty card); no one played after him. N's HQ wins trick 9. The last 4 tricks by
    hand, N to lead, spades trumps: N HA SJ ST S9; E DK SQ S7 S2; S D9 SK S8 S4; W HT H5 SA S5.
    The defenders' SA is a trick whatever N-S do; E's SQ lies under S's SK (E plays before S), and
    S's D9 is ruffed or thrown on a winner: N-S take 3 of the 4. The corrected play: 5 tricks of
    1-8, trick 9, and 3 of 10-13: 9 tricks (W's claim is ruled on the corrected position, Law 70,
    and gives declarer the 3 of 4 it gave at the table). The 4 tricks left are few enough for the
    exact search without a solver."""
    r = ruled(law_case("l02"), laws=edition)
    assert revokes_of(r) == [(6, "E", "follow-suit", True, False),
                             (9, "S", "follow-suit", False, False)]
    # 6 tricks as played (2, 3, 5, 6, 7, 9) and 3 of the 4 claimed
    assert r.record.declarer_tricks == 9
    assert r.law62 is not None and r.corrected is not None
    assert r.law62.penalty_card is None and r.law62.clause == "62B2" and r.law62.later == ()
    assert str(r.corrected.substitute) == "H9" and r.corrected.record.trick(9).winner is Seat.N
    assert r.corrected.declarer_tricks == 9
    assert r.corrected.record.tricks_won(Side.NS, 10) == 3
    # E's revoke on the corrected record: N won trick 6, W won trick 8: 64A2, one trick (2007:
    # a revoke of each side, 64B7, none)
    assert laws_of(r) == [(6, "E", law, tricks)]
    assert r.mechanical_tricks == 9 + tricks
    assert r.mechanical_law is (Law.L62 if tricks == 0 else Law.L64A2)
    assert "S withdraws D9 and plays H9; D9 is replaced without further rectification (Law 62B2)" \
        in " ".join(r.explanation)


# --- the requirement must fit the play record ----------------------------------------------------


@pytest.mark.parametrize(("req", "message"), [
    (requirement(1, "S", "lead", "H"),
     "only a defender can be required to lead or play a card (Laws 26, 50D2, 57A)"),
    (requirement(2, "W", "lead", "H"), "a 'lead' requirement, but E, not W, led trick 2"),
    (requirement(2, "E", "highest"),
     "a 'highest' requirement is about following, but E led trick 2"),
    (requirement(7, "W", "no-lead", "S"), "a 'no-lead' requirement, but N, not W, led trick 7"),
], ids=["declarer", "not-on-lead", "follow-kind-on-a-lead", "no-lead-not-on-lead"])
def test_requirement_that_does_not_fit_the_record_is_an_error(req: Requirement,
                                                              message: str) -> None:
    from revoke_equity.errors import CaseError

    with pytest.raises(CaseError) as info:
        ruled(law_case("l04"), requirements=(req,))
    assert str(info.value) == f"board 24, trick {req.trick}, {req.player}: {message}"


def test_two_requirements_for_one_player_and_trick_are_an_error() -> None:
    from revoke_equity.errors import CaseError

    twice = requirement(1, "W", "lead", "H")
    with pytest.raises(CaseError) as info:
        ruled(law_case("l04"), requirements=(twice, twice))
    assert str(info.value) == "board 24, trick 1, W: two requirements name trick 1 and W"


def test_requirement_for_a_player_who_did_not_play_to_the_trick_is_an_error() -> None:
    """p04 stopped by a claim after three cards of trick 12 (E's CT, S's C9, W's DT): N, a
    defender, has not played to it."""
    from revoke_equity.errors import CaseError

    case = worked("p04")
    with pytest.raises(CaseError) as info:
        ruled(case, play=case.play[:47], claim=Claim(11, 1),
              requirements=(requirement(12, "N", "lowest"),))
    assert str(info.value) == "board 4, trick 12, N: N did not play to trick 12"


def test_requirement_at_the_last_trick() -> None:
    """l05: at trick 13 E's one card is SQ, a spade on the spade lead: his highest spade, met."""
    case = law_case("l05")
    assert ruled(case, requirements=(requirement(13, "E", "highest"),)).revokes == ()


def test_requirement_on_a_trick_not_played_is_an_error() -> None:
    from revoke_equity.errors import CaseError

    case = law_case("l01")  # play stopped after trick 6
    with pytest.raises(CaseError, match="trick 9, which was not played"):
        ruled(case, requirements=(requirement(9, "W", "highest"),))


@pytest.mark.parametrize(("name", "line"), [
    ("l04", "Trick 1: W led C2 when required to lead a heart (Laws 26, 50D2) while holding "
            "HT H5 H4 H3: revoke (Laws 59, 61A)."),
    ("l05", "Trick 1: E played CQ on a club lead when required to play his lowest club, C9 "
            "(Law 57A): revoke (Laws 59, 61A)."),
    ("l06", "Trick 11: W played S5 on a spade lead when required to play his highest spade, SA "
            "(Law 57A): revoke (Laws 59, 61A)."),
    ("l07", "Trick 3: E led D3 when forbidden to lead a diamond from trick 1 for as long as he "
            "kept the lead (Laws 26, 50D2), while holding SA S8 S7 S6 S4 HK H8 H7: revoke "
            "(Laws 59, 61A)."),
    ("l08", "Trick 5: W played CT on a diamond lead when required to play a heart (Law 57A) "
            "while holding HJ HT H9 H6 H4: revoke (Laws 59, 61A)."),
])
def test_61A_each_requirement_described(name: str, line: str) -> None:
    """The revoke's line names the requirement, its law and the cards that complied (worked out
    from the deal: l05 E held CA CK CQ C9; l06 W held SA S5 at trick 11; l07 E had played CJ and
    CK; l08 W had played C8, C9, D6 and DT)."""
    (revoke,) = find_revokes(replay(law_case(name)))
    assert revoke.describe() == line
    assert revoke.by_dummy is False  # a requirement binds a defender only


def test_61A_a_requirement_of_another_player_listed_first() -> None:
    """l04 with E's lowest-diamond requirement at trick 3 (met: D4) listed before W's lead
    requirement: W's broken requirement is still found."""
    case = law_case("l04")
    r = ruled(case, requirements=(requirement(3, "E", "lowest"), *case.requirements))
    assert revokes_of(r) == [(1, "W", "requirement", True, False)]


def test_59_no_revoke_when_void_in_the_suit_of_a_highest_card_requirement() -> None:
    """l05: at trick 12 (N leads H8) E holds S7 and SQ, no heart: his highest heart cannot be
    required, so his S7 is no revoke."""
    case = law_case("l05")
    assert ruled(case, requirements=(requirement(12, "E", "highest"),)).revokes == ()

"""One named test per law branch and edition (Laws 62, 63, 64A, 64B, 64C labels, 62D).

The records are the worked cases (real play with revokes put in by hand) and, where a branch needs
a situation none of them has, seeded random deals searched for that situation.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from revoke_equity.errors import CaseError
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.laws.revokes import RevokeKind, find_revokes
from revoke_equity.model import (
    Card,
    Case,
    Correction,
    Edition,
    Noticed,
    PenaltyCard,
    Seat,
)
from revoke_equity.model.play import replay
from revoke_equity.model.position import Position
from revoke_equity.ruling import Ruling, rule

from conftest import CASES
from playgen import make_case, play_out, random_deal, revoke_options

E1997, E2007, E2017 = Edition.LAWS_1997, Edition.LAWS_2007, Edition.LAWS_2017


def worked(name: str) -> Case:
    (path,) = CASES.glob(f"{name}*.json")
    return case_from_dict(json.loads(path.read_text()))


def ruled(case: Case, **changes: Any) -> Ruling:
    return rule(dataclasses.replace(case, **changes))


def laws_of(ruling: Ruling) -> list[tuple[int, str, str, int]]:
    return [(r.trick, r.player, r.law, r.tricks) for r in ruling.transfer.rectifications]


# --- 64A1 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_64A1_two_tricks(edition: Edition) -> None:
    r = ruled(worked("p01"), laws=edition)
    assert laws_of(r) == [(4, "E", "64A1", 2)]
    assert r.mechanical_tricks == 12


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_64A1_one_trick_when_offenders_win_nothing_later(edition: Edition) -> None:
    r = ruled(worked("p09"), laws=edition)
    assert laws_of(r) == [(9, "S", "64A1", 1)]
    assert r.mechanical_tricks == 12


# --- 64A2 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", [E2007, E2017], ids=str)
def test_64A2_one_trick(edition: Edition) -> None:
    r = ruled(worked("p13"), laws=edition)
    assert laws_of(r) == [(4, "N", "64A2", 1)]
    assert r.mechanical_tricks == 12


def test_64A2_1997_extra_trick() -> None:
    r = ruled(worked("p12"), laws=E1997)
    assert laws_of(r) == [(4, "N", "64A2", 2)]
    assert r.mechanical_tricks == 13


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_64A2_declarer_revoked(edition: Edition) -> None:
    r = ruled(worked("p02"), laws=edition)
    assert laws_of(r)[0][:3] == (9, "E", "64A2")
    assert r.mechanical_tricks == r.record.declarer_tricks - laws_of(r)[0][3]


def _search(predicate: Callable[[Case], bool], contract: str = "4S", declarer: str = "S",
            revoker: Callable[[Position, Case], bool] | None = None, seeds: int = 3000) -> Case:
    """The first seeded random case with one revoke (by a player ``revoker`` accepts) that
    satisfies ``predicate``."""
    for seed in range(seeds):
        rng = random.Random(seed)
        deal = random_deal(rng)
        base = make_case(deal, contract, declarer, ())
        position = Position.initial(deal, base.contract.strain.trump, base.opening_leader)
        play: list[Card] = []
        done = False
        while len(play) < 52:
            options = revoke_options(position)
            if not done and options and len(play) < 40 and (
                    revoker is None or revoker(position, base)) and rng.random() < 0.3:
                card = rng.choice(options)
                done = True
            else:
                card = rng.choice(sorted(position.legal_cards(), key=str))
            play.append(card)
            position = position.play(card)
        if done:
            case = dataclasses.replace(base, play=tuple(play))
            if predicate(case):
                return case
    raise AssertionError("no case found")  # pragma: no cover


def test_64A2_declarer_revokes_and_dummy_wins_the_trick() -> None:
    """A trick won by dummy is not won by declarer (64A note): 64A2, one trick, not 64A1."""
    def dummy_won(case: Case) -> bool:
        record = replay(case)
        (rev,) = find_revokes(record)
        return record.trick(rev.trick).winner is case.dummy

    case = _search(dummy_won, revoker=lambda p, c: p.to_move is c.declarer)
    for edition in Edition:
        r = ruled(case, laws=edition)
        assert r.revokes[0].player is case.declarer
        assert [x[2] for x in laws_of(r)] == ["64A2"]


# --- 64B --------------------------------------------------------------------------------------


def test_64B1_offenders_won_nothing_after() -> None:
    assert laws_of(ruled(worked("p06")))[0][2:] == ("64B1", 0)


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_64B2_second_revoke_same_suit(edition: Edition) -> None:
    r = ruled(worked("p11"), laws=edition)
    assert laws_of(r) == [(2, "S", "64A2", 1), (8, "S", "64B2", 0)]


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_64B3_dummy_revoke(edition: Edition) -> None:
    r = ruled(worked("p05"), laws=edition)
    assert laws_of(r) == [(9, "S", "64B3", 0)]
    assert r.revokes[0].by_dummy


def _first_legal_chance(case: Case, seat: Seat, card: Card, from_trick: int) -> int | None:
    """The first trick from ``from_trick`` on at which ``seat`` could legally play ``card``."""
    record = replay(case)
    for index, position in enumerate(record.positions[:-1]):
        if (index // 4 + 1 >= from_trick and position.to_move is seat
                and card in position.legal_cards()):
            return index // 4 + 1
    return None


@pytest.mark.parametrize("edition", list(Edition), ids=str)
@pytest.mark.parametrize("from_trick", [1, 3, 6])
def test_64B3_failure_to_play_a_penalty_card(edition: Edition, from_trick: int) -> None:
    """A defender with a major penalty card from trick ``from_trick`` plays another card at the
    first trick, from then on, at which it could legally be played (50D1): a revoke at that very
    trick, rectified under 64B3. Searched until the first chance is ``from_trick`` itself."""
    rng = random.Random(7)
    for _ in range(500):
        deal = random_deal(rng)
        penalty = sorted(deal.hand(Seat.W), key=str)[0]
        base = make_case(deal, "3N", "N", (), laws=edition,
                         penalty_cards=(PenaltyCard(Seat.W, penalty, from_trick),))

        def avoid(position: Position, r: random.Random, penalty: Card = penalty) -> Card:
            legal = sorted(position.legal_cards(), key=str)
            if position.to_move is Seat.W:
                others = [c for c in legal if c != penalty]
                if others:
                    return others[0]
            return legal[0]

        play = play_out(deal, base.contract, base.declarer, rng, choose=avoid)
        case = dataclasses.replace(base, play=play)
        chance = _first_legal_chance(case, Seat.W, penalty, from_trick)
        if chance != from_trick or penalty in replay(case).trick(chance).cards:
            continue  # a later first chance, or the penalty card was his only legal card
        r = rule(case)
        first = r.revokes[0]
        assert (first.trick, first.player, first.kind) == (chance, Seat.W, RevokeKind.PENALTY_CARD)
        assert first.could_play == (penalty,)
        assert first.established and first.established_by is Seat.W
        assert laws_of(r)[0][2:] == ("64B3", 0)
        return
    raise AssertionError("no penalty-card revoke generated")  # pragma: no cover


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_64B4_noticed_after_next_deal_call(edition: Edition) -> None:
    r = ruled(worked("p01"), laws=edition, noticed=Noticed.AFTER_NEXT_DEAL_CALL)
    assert laws_of(r) == [(4, "E", "64B4", 0)]
    assert r.mechanical_tricks == r.record.declarer_tricks


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_64B5_noticed_after_round(edition: Edition) -> None:
    r = ruled(worked("p15"), laws=edition)
    assert laws_of(r) == [(4, "E", "64B5", 0)]


@pytest.mark.parametrize(("edition", "label"), [(E1997, "62D"), (E2007, "64B6"),
                                                (E2017, "64B6")], ids=str)
def test_64B6_trick_12_and_62D_correction(edition: Edition, label: str) -> None:
    r = ruled(worked("p04"), laws=edition)
    assert laws_of(r) == [(12, "W", label, 0)]
    assert r.twelfth is not None and r.mechanical_tricks == 11
    assert r.recommendation.law == "62D"


def test_62D_not_applied_after_the_round() -> None:
    r = ruled(worked("p04"), noticed=Noticed.AFTER_ROUND)
    assert laws_of(r) == [(12, "W", "64B5", 0)]
    assert r.twelfth is None and r.mechanical_tricks == r.record.declarer_tricks


@pytest.mark.parametrize(("edition", "label"), [(E1997, "64C"), (E2007, "64B7"),
                                                (E2017, "64B7")], ids=str)
def test_64B7_both_sides_revoked(edition: Edition, label: str) -> None:
    r = ruled(worked("p08"), laws=edition)
    assert laws_of(r) == [(5, "N", label, 0), (11, "E", label, 0)]
    assert r.mechanical_tricks == r.record.declarer_tricks


# --- the cap, claims, corrections ---------------------------------------------------------------


def test_cap_two_revokes_share_one_trick() -> None:
    r = ruled(worked("p03"))
    assert laws_of(r) == [(3, "W", "64A2", 1), (5, "E", "64A2", 1)]
    assert r.transfer.prescribed == 2 and r.transfer.transferred == 1
    assert r.mechanical_tricks == 11


def test_two_64A1_revokes_transfer_four() -> None:
    r = ruled(worked("p10"))
    assert r.transfer.transferred == 4 and r.mechanical_tricks == 12


def test_claim_establishes_the_revoke_and_claimed_tricks_count() -> None:
    r = ruled(worked("p14"))
    assert r.revokes[0].established
    assert laws_of(r) == [(4, "E", "64A1", 2)]
    assert r.mechanical_tricks == 12


def test_claim_conceding_everything_after_revoke_gives_64A1_one_trick() -> None:
    from revoke_equity.model.case import Claim

    case = worked("p14")
    r = ruled(case, claim=Claim(4, 9))
    assert laws_of(r) == [(4, "E", "64A1", 1)]


def test_claim_in_mid_trick_establishes_the_revoke() -> None:
    """Play stops right after trick 4 with declarer's claim, agreed by the defenders: the claim
    establishes trick 4's revoke (2017 Law 63A4: the offending side agreed to the opponents'
    claim), not a card played to the next trick by the offending side."""
    from revoke_equity.model.case import Claim

    case = worked("p01")
    assert replay(case).trick(5).leader is Seat.E  # the offender leads trick 5 ...
    partial = dataclasses.replace(case, play=case.play[:16], claim=Claim(4, 8))
    r = rule(partial)  # ... but here play stopped before he did
    assert r.revokes[0].established
    assert "63A4" in r.explanation[1]


def test_partner_playing_to_the_next_trick_establishes_the_revoke() -> None:
    """p02: declarer (East) revoked at trick 9; play stops after dummy (West) led to trick 10,
    before East played to it. Dummy's card established the revoke (Law 63A1: the offender or his
    partner), whatever the claim."""
    from revoke_equity.model.case import Claim

    case = worked("p02")
    assert replay(case).trick(10).leader is Seat.W
    r = rule(dataclasses.replace(case, play=case.play[:37], claim=Claim(9, 3)))
    (revoke,) = r.revokes
    assert revoke.established and revoke.established_by is Seat.W


def test_claim_after_the_revoke_trick_establishes_it() -> None:
    """p02 stopped after trick 9 by a claim: nobody played to trick 10; the claim establishes the
    revoke (Law 63A3)."""
    from revoke_equity.model.case import Claim

    case = worked("p02")
    r = rule(dataclasses.replace(case, play=case.play[:36], claim=Claim(9, 3)))
    (revoke,) = r.revokes
    assert revoke.established and revoke.established_by is None


def test_claim_inside_the_revoke_trick_is_an_error_naming_the_revoke() -> None:
    """p02 stopped right after East's revoke card, the third card of trick 9, by a claim: the
    revoke is established, but who won trick 9 decides between 64A1 and 64A2, so the case is
    rejected, naming board, trick, seat and card (``docs/decisions.md`` 3)."""
    from revoke_equity.model.case import Claim

    case = worked("p02")
    partial = dataclasses.replace(case, play=case.play[:35], claim=Claim(8, 3))
    revoke = find_revokes(replay(partial))[0]
    assert (revoke.trick, revoke.index, revoke.established) == (9, 34, True)
    with pytest.raises(CaseError) as error:
        rule(partial)
    assert (error.value.board, error.value.trick, error.value.seat, error.value.card) == (
        2, 9, "E", str(case.play[34]))
    assert error.value.message == (
        "the revoke is in a trick left unfinished by the claim; who won that trick must be "
        "decided before Law 64 can be applied")


def _corrected_p01() -> Case:
    case = worked("p01")
    prefix = case.play[:15]  # trick 4 up to East, who revoked with C2 holding H3 H5 H6
    play = play_out(case.deal, case.contract, case.declarer, random.Random(1),
                    prefix=(*prefix, Card.from_str("H3")))
    return dataclasses.replace(
        case, play=play, corrected=(Correction(4, Seat.E, Card.from_str("C2")),))


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_corrected_revoke_is_reported_not_rectified(edition: Edition) -> None:
    case = _corrected_p01()
    r = ruled(case, laws=edition)
    first = r.revokes[0]
    assert (first.trick, first.player, str(first.card), first.corrected, first.established) == (
        4, Seat.E, "C2", True, False)
    assert all(x.trick != 4 for x in r.transfer.rectifications)


def _corrected_then_avoided(name: str, trick: int, seat: str, seed: int = 1) -> tuple[Case, int]:
    """Worked case ``name`` with its revoke at ``trick`` corrected (the lowest card of the suit
    led instead), then play in which ``seat`` keeps the withdrawn card as long as he can; the
    case and the first trick after the revoke at which he could have played it."""
    case = worked(name)
    record = replay(case)
    revoke = find_revokes(record)[0]
    assert (revoke.trick, str(revoke.player)) == (trick, seat)
    withdrawn = case.play[revoke.index]
    replacement = min(revoke.could_play, key=lambda c: c.rank)
    offender = revoke.player

    def keep(position: Position, rng: random.Random) -> Card:
        legal = sorted(position.legal_cards(), key=str)
        if position.to_move is offender and len(legal) > 1:
            legal = [c for c in legal if c != withdrawn]
        return rng.choice(legal)

    play = play_out(case.deal, case.contract, case.declarer, random.Random(seed),
                    prefix=(*case.play[:revoke.index], replacement), choose=keep)
    fixed = dataclasses.replace(
        case, play=play, corrected=(Correction(trick, offender, withdrawn),))
    chance = _first_legal_chance(fixed, offender, withdrawn, trick + 1)
    assert chance is not None
    return fixed, chance


def test_corrected_defender_card_becomes_a_penalty_card() -> None:
    """Law 62B1: East's withdrawn C2 (p01, trick 4) is a major penalty card; not playing it at the
    first legal opportunity is a revoke at that trick (50D1, 61A), rectified under 64B3."""
    case, chance = _corrected_then_avoided("p01", 4, "E")
    r = rule(case)
    corrected, failed = r.revokes[0], r.revokes[1]
    assert (corrected.trick, corrected.corrected, corrected.index) == (4, True, 15)
    assert (failed.trick, failed.player, failed.kind) == (chance, Seat.E, RevokeKind.PENALTY_CARD)
    assert failed.could_play == (Card.from_str("C2"),)
    assert laws_of(r)[0] == (chance, "E", "64B3", 0)


def test_corrected_declarer_card_is_no_penalty_card() -> None:
    """Law 62B2: declarer's withdrawn card (p02, East at trick 9) is put back without penalty:
    keeping it later is no revoke."""
    case, _ = _corrected_then_avoided("p02", 9, "E")
    r = rule(case)
    assert [(x.trick, x.corrected) for x in r.revokes] == [(9, True)]
    assert laws_of(r) == []


def test_correction_that_was_no_revoke_is_an_error() -> None:
    case = worked("p01")
    bad = dataclasses.replace(case, corrected=(Correction(1, Seat.S, Card.from_str("S5")),))
    with pytest.raises(CaseError, match="trick 1"):
        rule(bad)



# --- 62D: when it applies, and beside another revoke ---------------------------------------------


@pytest.mark.parametrize("noticed", [Noticed.DURING_PLAY, Noticed.END_OF_PLAY], ids=str)
def test_62D_applies_when_noticed_during_or_at_the_end_of_play(noticed: Noticed) -> None:
    r = ruled(worked("p04"), noticed=noticed)
    assert laws_of(r) == [(12, "W", "64B6", 0)]
    assert r.to_dict()["mechanical"]["declarer_tricks"] == 11
    assert r.to_dict()["recommendation"]["law"] == "62D"


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_trick_12_revoke_noticed_after_the_next_deal_call_is_64B4(edition: Edition) -> None:
    """64B4 comes before 64B6 in the spec's order; the hands are back in the board, so no 62D
    (``docs/decisions.md`` 1): the table result stands."""
    r = ruled(worked("p04"), laws=edition, noticed=Noticed.AFTER_NEXT_DEAL_CALL)
    assert laws_of(r) == [(12, "W", "64B4", 0)]
    assert r.to_dict()["mechanical"]["declarer_tricks"] == r.record.declarer_tricks == 10


def _reference_board(case: Case) -> Any:
    import law64_reference as ref

    return ref.Board(
        hands={s: case.deal.hand(s) for s in (Seat.N, Seat.E, Seat.S, Seat.W)},
        trump=case.contract.strain.trump, declarer=case.declarer, play=case.play,
        edition=case.laws, noticed=case.noticed)


def test_62D_beside_a_64A1_revoke_keeps_its_transfer() -> None:
    """p01's 64A1 revoke (East, trick 4, two tricks) and a defender's revoke on trick 12: the
    62D correction and the two-trick transfer both count. The defenders win a trick between 5
    and 11, so the transfer is the same on the corrected record (``likely-result.md`` §4)."""
    import law64_reference as ref

    case = worked("p01")
    defenders = (Seat.E, Seat.W)
    for seed in range(300):
        rng = random.Random(seed)

        def revoke_at_12(position: Position, r: random.Random) -> Card:
            options = revoke_options(position)
            if position.cards_left == 2 and position.to_move in defenders and options:
                return options[0]
            return r.choice(sorted(position.legal_cards(), key=str))

        play = play_out(case.deal, case.contract, case.declarer, rng, prefix=case.play[:16],
                        choose=revoke_at_12)
        candidate = dataclasses.replace(case, play=play)
        record = replay(candidate)
        revokes = find_revokes(record)
        if [x.trick for x in revokes] != [4, 12] or not any(
                t.winner in defenders for t in record.tricks[4:11]):
            continue
        r = rule(candidate)
        assert [x[2:] for x in laws_of(r)] == [("64A1", 2), ("64B6", 0)]
        expected = ref.rule(_reference_board(candidate))
        assert expected.twelfth is not None
        assert r.to_dict()["mechanical"]["declarer_tricks"] == expected.mechanical == (
            expected.twelfth + 2)
        return
    raise AssertionError("no such board")  # pragma: no cover


# --- the law a mechanical result rests on -------------------------------------------------------


def test_mechanical_result_rests_on_the_rectification_that_transferred() -> None:
    """West fails to play a penalty card (64B3, nothing transferred) before East's 64A1 revoke of
    p01: the mechanical result rests on 64A1 (``ruling.md``: the rectification law when the
    mechanical result stands)."""
    case = worked("p01")
    record = replay(case)
    for card in sorted(case.deal.hand(Seat.W), key=str):
        candidate = dataclasses.replace(case, penalty_cards=(PenaltyCard(Seat.W, card, 1),))
        r = rule(candidate)
        first = r.transfer.rectifications[0]
        if first.tricks == 0 and first.trick < 4:
            assert first.law == "64B3"
            assert [x[2:] for x in laws_of(r) if x[3]] == [("64A1", 2)]
            assert r.to_dict()["recommendation"]["law"] == "64A1"
            assert r.to_dict()["mechanical"]["declarer_tricks"] == record.declarer_tricks + 2
            return
    raise AssertionError("no such penalty card")  # pragma: no cover


def test_mechanical_law_is_the_first_that_transferred_else_the_first() -> None:
    """On random boards with two revokes by one player, a failure to play a penalty card, or no
    revoke: the law the mechanical result rests on is the first rectification that transferred
    tricks, else the first rectification, else none."""
    from playgen import late_penalty_cards, late_revokes

    seen = {"transferred": 0, "nothing transferred": 0, "no revoke": 0}
    for seed in range(60):
        rng = random.Random(f"mechanical:{seed}")
        case = (late_penalty_cards(rng, first_card=8, cards=1) if seed % 3 == 0
                else late_revokes(rng, first_card=4, revokes=2))
        case = dataclasses.replace(case, noticed=Noticed.END_OF_PLAY)
        if seed % 10 == 9:  # the same deal played without a revoke
            case = dataclasses.replace(case, play=play_out(case.deal, case.contract,
                                                           case.declarer, rng), penalty_cards=())
        r = rule(case)
        rects = r.transfer.rectifications
        moved = [x for x in rects if x.tricks > 0]
        if r.twelfth is not None:
            continue
        if moved:
            assert r.mechanical_law == moved[0].law
            seen["transferred"] += 1
        elif rects:
            assert r.mechanical_law == rects[0].law
            seen["nothing transferred"] += 1
        else:
            assert r.mechanical_law == "none"
            seen["no revoke"] += 1
    assert all(seen.values()), seen


# --- what a director reads -----------------------------------------------------------------------


def test_revoke_descriptions() -> None:
    """The revoke lines of ``ruling.md``'s explanation, for each kind of revoke."""
    assert worked_revoke("p01").describe() == (
        "Trick 4: E played C2 on a heart lead while holding H6 H5 H3: revoke (Law 61A).")
    assert worked_revoke("p05").describe() == (
        "Trick 9: S (dummy) played D4 on a club lead while holding CA CQ CJ: revoke (Law 61A).")
    case, chance = _corrected_then_avoided("p01", 4, "E")
    corrected, failed = rule(case).revokes[:2]
    assert corrected.describe() == (
        "Trick 4: E played C2 on a heart lead while holding H6 H5 H3: revoke (Law 61A). It was "
        "corrected before it was established (Law 62).")
    assert failed.describe() == (
        f"Trick {chance}: E played {case.play[failed.index]} while the major penalty card C2 "
        "could legally be played: revoke (Laws 50D1, 61A).")


def worked_revoke(name: str) -> Any:
    return find_revokes(replay(worked(name)))[0]


REASONS = {
    "p01": "E won the revoke trick: it is transferred, plus one trick because the offending side "
           "won a later trick",
    "p09": "S won the revoke trick: it is transferred; the offending side won no later trick",
    "p02": "E did not win the revoke trick; the offending side won that trick or a later one: one "
           "trick is transferred",
    "p12": "N did not win the revoke trick; the offending side won that trick or a later one: one "
           "trick is transferred, plus one because N later won a trick with a card he could "
           "legally have played to the revoke trick (1997)",
    "p06": "the offending side won neither the revoke trick nor any later trick",
    "p05": "a revoke by failing to play a card of dummy",
    "p04": "a revoke on trick 12 is corrected under Law 62D",
    "p08": "both sides have established revokes on the board",
    "p15": "attention was first drawn after the round ended",
}


@pytest.mark.parametrize("name", sorted(REASONS))
def test_rectification_reasons(name: str) -> None:
    """The reason each rectification gives, word for word (the director reads it)."""
    assert rule(worked(name)).transfer.rectifications[0].reason == REASONS[name]


def test_rectification_reasons_of_64B2_64B3_penalty_card_and_64B4() -> None:
    assert laws_of(ruled(worked("p11")))[1][2] == "64B2"
    assert ruled(worked("p11")).transfer.rectifications[1].reason == (
        "a second revoke by S in the same suit as the revoke at trick 2")
    r = ruled(worked("p01"), noticed=Noticed.AFTER_NEXT_DEAL_CALL)
    assert r.transfer.rectifications[0].reason == (
        "attention was first drawn after a non-offender called on the next deal")
    case, _ = _corrected_then_avoided("p01", 4, "E")
    assert rule(case).transfer.rectifications[0].reason == (
        "a revoke by failing to play a penalty card")


# --- bad corrections and penalty cards ----------------------------------------------------------


def _error(case: Case) -> CaseError:
    with pytest.raises(CaseError) as error:
        rule(case)
    return error.value


@pytest.mark.parametrize(("trick", "seat", "card", "message"), [
    (14, "E", "C2", "corrected revoke names trick 14, which was not played"),
    (0, "E", "C2", "corrected revoke names trick 0, which was not played"),
    (1, "S", "S5", "S5 on a S lead would not have been a revoke by S"),
    (4, "E", "SA", "E did not hold SA at trick 4"),
    (4, "N", "HA", "N led to trick 4: a lead cannot revoke"),
], ids=["after-13", "trick-0", "no-revoke", "not-held", "lead"])
def test_bad_correction_is_an_error_naming_it(trick: int, seat: str, card: str,
                                              message: str) -> None:
    case = worked("p01")
    leader = replay(case).trick(4).leader
    if message.endswith("a lead cannot revoke"):
        seat = str(leader)
        message = message.replace("N led", f"{leader} led")
    error = _error(dataclasses.replace(
        case, corrected=(Correction(trick, Seat.from_str(seat), Card.from_str(card)),)))
    assert (error.board, error.trick, error.seat, error.card) == (1, trick, seat, card)
    assert error.message == message


@pytest.mark.parametrize(("withdrawn", "message"), [
    ("C2", "the play record has E playing C2, the withdrawn card, to trick 4: it holds the card "
           "that replaced it (Law 62B)"),
    ("D3", "the play record's card for E at trick 4, C2, does not follow H either: a revoke is "
           "corrected by following suit (Law 62B)"),
], ids=["withdrawn-card-still-played", "replaced-by-another-revoke"])
def test_a_correction_the_play_record_does_not_show_is_an_error(withdrawn: str,
                                                               message: str) -> None:
    """p01's record has East's C2 on a heart at trick 4: a correction there needs the record to
    hold the heart that replaced the withdrawn card, not the revoke itself."""
    case = worked("p01")
    assert str(replay(case).trick(4).card_of(Seat.E)) == "C2"
    error = _error(dataclasses.replace(
        case, corrected=(Correction(4, Seat.E, Card.from_str(withdrawn)),)))
    assert (error.board, error.trick, error.seat, error.card) == (1, 4, "E", withdrawn)
    assert error.message == message


def test_correction_of_a_discard_is_an_error() -> None:
    """A player who held no card of the suit led could not revoke on that trick."""
    case = worked("p01")
    record = replay(case)
    trick, seat, card = next(
        (t.number, s, c) for t in record.tricks for s, c in t.played()[1:]
        if c.suit is not t.suit_led)
    assert trick != 4
    error = _error(dataclasses.replace(case, corrected=(Correction(trick, seat, card),)))
    assert error.message == (
        f"{card} on a {record.trick(trick).suit_led} lead would not have been a revoke by {seat}")


def test_correction_by_a_player_who_did_not_play_to_the_trick() -> None:
    """Play stopped by a claim one card into trick 5: only its leader played to it."""
    from revoke_equity.model.case import Claim

    case = worked("p01")
    partial = dataclasses.replace(case, play=case.play[:17], claim=Claim(4, 8))
    seat = replay(partial).trick(5).leader.next
    error = _error(dataclasses.replace(
        partial, corrected=(Correction(5, seat, Card.from_str("C2")),)))
    assert error.message == f"{seat} did not play to trick 5"
    assert (error.trick, error.seat) == (5, str(seat))


def test_two_corrections_of_one_revoke_are_an_error() -> None:
    case = _corrected_then_avoided("p01", 4, "E")[0]
    twice = dataclasses.replace(case, corrected=case.corrected * 2)
    error = _error(twice)
    assert (error.board, error.message) == (1, "two corrections name the same trick and player")


@pytest.mark.parametrize(("seat", "holder", "from_trick", "message"), [
    ("W", "N", 1, "penalty card {card} is not W's card"),
    ("E", "E", 1, "only a defender can have a penalty card (Law 50)"),
    ("S", "S", 0, "penalty card from trick 0: not 1-13"),
    ("S", "S", 14, "penalty card from trick 14: not 1-13"),
], ids=["not-his", "declarer", "trick-0", "trick-14"])
def test_bad_penalty_card_is_an_error_naming_it(seat: str, holder: str, from_trick: int,
                                                message: str) -> None:
    case = worked("p02")  # declarer East
    card = min(case.deal.hand(Seat.from_str(holder)), key=lambda c: (c.suit.order, c.rank))
    error = _error(dataclasses.replace(
        case, penalty_cards=(PenaltyCard(Seat.from_str(seat), card, from_trick),)))
    assert (error.board, error.trick, error.seat, error.card) == (2, from_trick, seat, str(card))
    assert error.message == message.format(card=card)


@pytest.mark.parametrize("from_trick", [1, 13])
def test_penalty_card_from_the_first_or_the_last_trick_is_accepted(from_trick: int) -> None:
    case = worked("p02")
    card = min(case.deal.hand(Seat.S), key=lambda c: (c.suit.order, c.rank))
    ruling = rule(dataclasses.replace(case, penalty_cards=(PenaltyCard(Seat.S, card, from_trick),)))
    # Ruled, not refused: the penalty card is not the revoke, so the law result is the board's own.
    plain = rule(case).to_dict()
    assert ruling.to_dict()["revokes"] == plain["revokes"]
    assert ruling.to_dict()["mechanical"] == plain["mechanical"]


# --- edition labels -------------------------------------------------------------------------------


def test_equity_labels_per_edition() -> None:
    from revoke_equity.laws.editions import equity_label

    assert [equity_label(E2017, c) for c in ("C1", "C2a", "C2b")] == ["64C1", "64C2a", "64C2b"]
    assert {equity_label(e, c) for e in (E1997, E2007) for c in ("C1", "C2a", "C2b")} == {"64C"}


@functools.cache
def _most_distinct_tricks(units: tuple[int, ...], won: frozenset[int]) -> int:
    """Exhaustively: the most units that can each get a distinct trick of ``won`` on or after the
    unit's revoke trick."""
    if not units:
        return 0
    first, rest = units[0], units[1:]
    best = _most_distinct_tricks(rest, won)
    for n in won:
        if n >= first:
            best = max(best, 1 + _most_distinct_tricks(rest, won - {n}))
    return best


def test_cap_is_the_largest_assignment_of_distinct_tricks() -> None:
    """"Several revokes by one side": on random records (some ended by a claim) and random sets of
    up to four revokes of one side, the total transferred is the exhaustive maximum."""
    from revoke_equity.laws.rectification import _assign_distinct_tricks
    from revoke_equity.laws.revokes import Revoke
    from revoke_equity.model.case import Claim
    from revoke_equity.model.seats import Side

    rng = random.Random(64)
    for _ in range(300):
        deal = random_deal(rng)
        after = rng.choice([13, 13, rng.randint(3, 12)])
        base = make_case(deal, "4S", "S", ())
        play = play_out(deal, base.contract, base.declarer, rng, stop_after=4 * after)
        claim = Claim(after, rng.randint(0, 13 - after)) if after < 13 else None
        record = replay(dataclasses.replace(base, play=play, claim=claim))
        side = rng.choice(list(Side))
        won = [t.number for t in record.tricks if t.winner is not None and t.winner.side is side]
        won += [after + 1 + i for i in range(record.claimed_tricks(side))]
        demands, units = [], []
        players = [s for s in (Seat.N, Seat.E, Seat.S, Seat.W) if s.side is side]
        chances = [(n, p) for n in range(1, after + 1) for p in players]
        for number, player in rng.sample(chances, rng.randint(1, 4)):  # one revoke a player a trick
            trick = record.trick(number)
            card = trick.card_of(player)
            assert card is not None
            revoke = Revoke(trick.number, player, card, trick.suit_led, False, True, False,
                            RevokeKind.FOLLOW_SUIT, trick.index_of(player) or 0, ())
            tricks = rng.randint(1, 2)
            demands.append((revoke, tricks))
            units += [trick.number] * tricks
        expected = _most_distinct_tricks(tuple(units), frozenset(won))
        assert _assign_distinct_tricks(record, demands) == expected

"""Law 62: a revoke corrected before it is established, and Law 62D's trick-12 correction, with
each non-offender free to change a card he played after the revoke (Law 62C1).

The boards are built around a hand-made ending (``law62_boards``): every earlier trick is four
cards of one suit, so the hand-worked numbers rest on the ending alone, and the brute-force solver
checks them there.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from law62_boards import board
from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.laws import correction, twelfth_trick
from revoke_equity.laws.law import Law
from revoke_equity.laws.revokes import find_revokes
from revoke_equity.model import Card, Case, Claim, Edition, PenaltyCard, Seat, Side
from revoke_equity.model.play import replay
from revoke_equity.ruling import rule
from revoke_equity.solver.bruteforce import BruteForceSolver, best_tricks

from conftest import DD
from playgen import make_case

EDITIONS = pytest.mark.parametrize("edition", list(Edition), ids=str)
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def trick12_board(edition: Edition) -> Case:
    """4H by S. Ending, N to lead trick 12:
    N S5 S6 · E S4 C2 · S D3 H2 · W SA SK.
    Trick 12: N S5, E C2 (a revoke: he holds S4), S (declarer) discards D3, W SA wins; trick 13:
    W SK, N S6, E S4, S ruffs H2. Declarer's side takes 1 of the last 2 at the table.
    Corrected (Law 62D): E plays S4; S may now ruff (62C1) with H2 and lead D3, which W (SK
    only) cannot beat: 2 of 2. Discarding again would give 1 (W SA, then S ruffs SK)."""
    ending = {N: "S5 S6", E: "S4 C2", S: "D3 H2", W: "SA SK"}
    deal, play = board(ending, N, "4H", S)
    play += [Card.from_str(c) for c in ("S5", "C2", "D3", "SA", "SK", "S6", "S4", "H2")]
    return make_case(deal, "4H", "S", play, laws=edition)


def test_trick12_board_is_as_worked() -> None:
    record = replay(trick12_board(Edition.LAWS_2017))
    # the ending as played: W wins trick 12 with SA, S ruffs trick 13
    assert record.tricks[11].winner is W and record.tricks[12].winner is S
    ending = record.positions[44]
    assert BruteForceSolver().solve(ending)  # the ending is small enough to check exactly
    corrected = ending.play(Card.from_str("S5")).play(Card.from_str("S4"))
    # the brute force agrees with the hand-worked correction: S ruffs, 2 tricks; discards, 1
    assert twelfth_trick.corrected_results(corrected, Side.NS) == {"H2": 2, "D3": 1}


@EDITIONS
def test_table_estimate_lets_the_non_offender_change_his_trick12_card(edition: Edition) -> None:
    """Law 62C1 in the 62D correction: the table's D3 (S's discard after E's revoke) is not kept;
    the single-dummy S ruffs, as the correction has it. The result is the corrected one and no
    adjusted score is given: Law 64C applies to no other revoke."""
    case = trick12_board(edition)
    options = EstimateOptions(estimate="table", worlds=4)
    ruling = rule(case, BruteForceSolver(), options=options, trace=False)
    before = replay(case).positions[44].tricks(Side.NS)
    assert ruling.twelfth is not None and ruling.twelfth.declarer_tricks == before + 2
    assert ruling.mechanical_tricks == before + 2 and str(ruling.mechanical_law) == "62D"
    table = ruling.comparisons[0].estimates["table"]
    # kept, S's discard would give declarer before + 1 for sure; re-chosen, S ruffs
    assert table.distribution[before + 2] > 0.9
    assert any("Law 62C1 lets S change the table's D3" in d
               for d in table.details["departures"])  # type: ignore[union-attr]
    rec = ruling.recommendation
    assert not rec.adjusted and str(rec.law) == "62D" and rec.declarer_tricks == before + 2
    assert rec.words == "corrected result"


# --- Law 62A-C: a revoke that is not established, corrected and the play replayed ---------------


def claimed_trick12_board(edition: Edition) -> Case:
    """The trick-12 board stopped by S's claim of the last trick right after trick 12, which E-W
    do not agree to: E's revoke is not established (Law 63A3/63A4) and Law 62 corrects it."""
    case = trick12_board(edition)
    return replace(case, play=case.play[:48], claim=Claim(12, 1, by=S, agreed=False))


def test_the_correction_says_who_may_change_what() -> None:
    """The pure correction of the claimed board: E must play S4 (62B) and C2 becomes a major
    penalty card (62B1, a defender's card); S's D3 after the revoke is his to change (62C1); W's
    SA, after S's, may change only once S has changed his (62C2)."""
    record = replay(claimed_trick12_board(Edition.LAWS_2017))
    revokes = find_revokes(record)
    assert [(r.trick, r.player, r.established, r.corrected) for r in revokes] == [
        (12, E, False, False)]
    law62 = correction.correct(record, revokes)
    assert law62 is not None
    assert law62.choices == (Card.from_str("S4"),) and law62.clause == "62B1"
    assert law62.penalty_card == PenaltyCard(E, Card.from_str("C2"), 13)
    assert [(x.seat, str(x.card), x.clause) for x in law62.later] == [
        (S, "D3", "62C1"), (W, "SA", "62C2")]
    assert law62.claimer is S
    start = law62.position
    assert law62.allowed(start) == law62.choices
    after_e = start.play(Card.from_str("S4"))
    assert law62.allowed(after_e) is None  # S is free (62C1)
    # S keeps D3: W's SA stands (62C2); S ruffs instead: W may change it
    assert law62.allowed(after_e.play(Card.from_str("D3"))) == (Card.from_str("SA"),)
    assert law62.allowed(after_e.play(Card.from_str("H2"))) is None


def test_a_penalty_card_is_played_at_the_first_legal_opportunity() -> None:
    """Law 50D1: a player who follows suit must play his penalty card if it is of the suit led,
    one void in the suit led must discard it, a leader must lead it; several: all are offered
    (declarer designates, Law 51); a card that is not legal, or not yet on the table, is not."""
    from revoke_equity.laws.correction import obligation
    from revoke_equity.model import Position, Suit

    def hand(text: str) -> frozenset[Card]:
        return frozenset(Card.from_str(c) for c in text.split())

    # trick 10 (36 cards played), N led H7; E to play
    hands = (hand("HA HQ H8"), hand("H2 H6 SQ D8"), hand("D9 HK S4 S8"), hand("DJ H3 SA S5"))
    following = Position(hands, Suit.SPADES, N, (Card.from_str("H7"),))
    h2 = PenaltyCard(E, Card.from_str("H2"), 10)
    assert obligation(following, (h2,)) == (Card.from_str("H2"),)
    assert obligation(following, (PenaltyCard(E, Card.from_str("H2"), 11),)) == ()  # not yet
    assert obligation(following, (PenaltyCard(E, Card.from_str("SQ"), 10),)) == ()  # must follow
    assert obligation(following, (h2, PenaltyCard(E, Card.from_str("H6"), 10))) == (
        Card.from_str("H6"), Card.from_str("H2"))
    assert obligation(following, (PenaltyCard(W, Card.from_str("H3"), 10),)) == ()  # not to move
    void = Position(hands, Suit.SPADES, N, (Card.from_str("C7"),))  # E has no club: he discards
    assert obligation(void, (PenaltyCard(E, Card.from_str("SQ"), 10),)) == (Card.from_str("SQ"),)
    leading = Position(hands, Suit.SPADES, E)
    assert obligation(leading, (PenaltyCard(E, Card.from_str("D8"), 10),)) == (
        Card.from_str("D8"),)


@EDITIONS
def test_the_correction_replays_with_the_non_offender_changing_his_card(edition: Edition) -> None:
    """By hand (the ending of ``trick12_board``): at the table W's SA won trick 12 and S's ruff of
    the SK trick 13: 1 of the last 2 for N-S (S's claim of trick 13 stands at the table).
    Corrected: E plays S4; S withdraws his D3 and ruffs with H2 (62C1), so W may change his SA
    (62C2): SA and SK are equals now and he plays the lower, SK. S wins trick 12 and his D3
    takes trick 13 (W holds only a spade, E only his penalty card C2): 2 of 2. Without a
    solver the exact search plays the two tricks. The table result was one trick less: the
    corrected result (Law 62)."""
    case = claimed_trick12_board(edition)
    table = replay(case)
    before = table.positions[44].tricks(Side.NS)
    assert table.declarer_tricks == before + 1
    r = rule(case)
    assert r.corrected is not None and r.twelfth is None
    assert r.corrected.declarer_tricks == r.mechanical_tricks == before + 2
    assert [(x.seat, str(x.card), x.clause) for x in r.corrected.changed] == [
        (S, "D3", "62C1"), (W, "SA", "62C2")]
    assert [str(c) for c in r.corrected.line] == ["S4", "H2", "SK", "D3", "SA", "S6", "C2"]
    assert r.mechanical_law is Law.L62 and r.recommendation.law is Law.L62
    assert r.recommendation.words == "corrected result" and not r.recommendation.adjusted
    text = " ".join(r.explanation)
    assert "Trick 12: S withdraws D3 and plays H2 (Law 62C1)." in text
    assert "C2 becomes a major penalty card (Laws 62B1, 50)" in text
    data = r.to_dict()
    assert data["mechanical"] == {"declarer_tricks": before + 2,
                                  "score_ns": r.score(before + 2), "law": "62"}
    assert data["law_62"]["later"][0] == {"trick": 12, "player": "S", "card": "D3",
                                          "corrected": "H2", "law": "62C1"}
    assert data["recommendation"]["established_revoke"] is False


@pytest.mark.parametrize("estimate", ["dd", "sd", "table"])
def test_every_estimate_gives_the_non_offender_his_change(estimate: str) -> None:
    """The estimates play the correction (the brute-force solver on the two-card ending): the
    table's D3 is not kept, S ruffs, 2 of 2; the claimer S gets the least favourable result at
    all probable (Law 70), here the only one."""
    case = claimed_trick12_board(Edition.LAWS_2017)
    options = EstimateOptions(estimate=estimate, worlds=4)
    r = rule(case, BruteForceSolver(), options=options, trace=False)
    before = replay(case).positions[44].tricks(Side.NS)
    assert r.corrected is not None and r.corrected.estimate.name == estimate
    assert r.corrected.declarer_tricks == r.mechanical_tricks == before + 2
    assert r.comparisons == ()  # no established revoke: no Law 64C comparison


def test_the_claim_is_ruled_against_the_claimer() -> None:
    """Law 70: of the results at all probable the claimer's side gets its least favourable."""
    from revoke_equity.model.distribution import TrickDistribution
    from revoke_equity.ruling.corrected import claim_result

    dist = TrickDistribution.from_mapping({9: 0.1, 10: 0.5, 11: 0.4})
    assert claim_result(dist, S, Side.NS, 1 / 6) == 10  # declarer claimed: 9 is not probable
    assert claim_result(dist, E, Side.NS, 1 / 6) == 11  # a defender claimed
    assert claim_result(dist, S, Side.NS, 0.05) == 9
    assert claim_result(dist, None, Side.NS, 1 / 6) == 10  # no claim: the most likely


@pytest.mark.dds
def test_a_declarer_revoke_on_a_real_deal_is_corrected_double_dummy(dds_solver: object) -> None:
    """The first deal of DDS's list100 (real play, W declarer in spades, N on lead) stopped after
    trick 3 by E-W's claim; declarer W at trick 3 discards instead of following (the record's
    other cards as played), and N-S do not agree. W is declarer: his card is replaced without
    further rectification (62B2), no penalty card; the corrected result is the table's tricks 1-2
    plus the double-dummy value of the position with W's best legal card, computed here from the
    solver's own answers."""
    from pathlib import Path

    from revoke_equity.model import Deal
    from revoke_equity.solver.pov import side_rest

    hands = (Path(__file__).parent / "data" / "dds-hands" / "list100.txt").read_text()
    block = hands.split("PBN 0 0 0 0 ")[1]
    deal = Deal.from_pbn(block.split('"')[1])
    moves = block.split("PLAY 45 ")[1].split('"')[1]
    play = [Card.from_str(moves[i:i + 2]) for i in range(0, len(moves), 2)][:12]
    position = replay(make_case(deal, "4S", "W", play, claim=Claim(3, 0))).positions[11]
    assert position.to_move is W
    led = position.suit_led
    hand = position.hand(W)
    assert led is not None and any(c.suit is led for c in hand)
    revoke_card = min((c for c in hand if c.suit is not led), key=Card.sort_key)
    play[11] = revoke_card
    table = replay(make_case(deal, "4S", "W", play, claim=Claim(3, 5, by=N, agreed=False)))
    case = table.case
    r = rule(case, dds_solver, trace=False, options=DD)
    assert r.law62 is not None and r.law62.revoke.player is W and r.law62.penalty_card is None
    assert r.corrected is not None and r.corrected.substitute.suit is led
    rest = side_rest(position, dds_solver.solve(position), Side.EW)  # type: ignore[attr-defined]
    best = max(rest[c] for c in hand if c.suit is led)
    assert r.corrected.declarer_tricks == position.tricks(Side.EW) + best == r.mechanical_tricks


@EDITIONS
def test_the_published_claim_before_the_revoke_was_established(edition: Edition) -> None:
    """pub04 (a Denver NABC ruling, 2007 Laws; the same under 1997 and 2017): S led H3 towards
    dummy's KJ at trick 8, W H4, N HJ, and E discarded S3 holding HQ; S claimed and E-W did not
    agree, so the revoke is not established. By hand: E must play HQ (his only heart), which wins
    trick 8; S3 becomes a major penalty card, and E, on lead, must lead it (Law 50D1). Then N holds
    HK DA C4 C3 C2, S SK SA CK CA H2, E S5 S4 D3 D2, W H7 H6 H5 D7 D6: N-S have six winners for
    the last five tricks with entries both ways (S's H2 to the HK, N's clubs to S), so 5 of 5
    whatever E leads, as S claimed. Declarer: 5 of tricks 1-7, not trick 8, 5 of 9-13: 10 (at
    the table, with dummy's HJ winning trick 8, 11). The brute force checks the ending."""
    from revoke_equity.io import read_path

    (path,) = (Path(__file__).parent / "data" / "published").glob("pub04-*.json")
    (read,) = read_path(path)
    assert read.case is not None
    r = rule(replace(read.case, laws=edition))
    assert r.record.declarer_tricks == 11
    assert r.law62 is not None and r.corrected is not None
    assert str(r.corrected.substitute) == "HQ" and r.law62.clause == "62B1"
    corrected = r.corrected.record
    assert corrected.trick(8).winner is E
    assert str(corrected.trick(9).card_of(E)) == "S3" and corrected.trick(9).leader is E
    ending = corrected.positions[32]
    assert ending.to_move is E
    # E to lead: N-S take all five whatever he leads, the penalty card or not (E-W's tricks)
    assert set(BruteForceSolver().solve(ending).values()) == {0}
    assert best_tricks(ending) == 0
    assert r.mechanical_tricks == corrected.tricks_won(Side.NS, 1) == 10
    assert r.recommendation.law is Law.L62 and r.recommendation.words == "corrected result"


def test_the_reports_name_the_corrected_result() -> None:
    """The text report's paragraph for the director is the recommendation (not "the table result
    stands"), and the ruling sheet names a corrected result."""
    from revoke_equity.report.html import SheetFields, ruling_sheet
    from revoke_equity.report.text import summary

    r = rule(claimed_trick12_board(Edition.LAWS_2017))
    assert summary(r) == r.recommendation.reason
    assert "enter the corrected result" in summary(r)
    assert "Corrected result, Law 62" in ruling_sheet(r, r.to_dict(), SheetFields())


def test_the_claimer_is_declarer_when_the_claim_names_no_one_and_a_short_line_changes_less() -> None:
    """A claim that names no one is declarer's (S): the correction is ruled against him (Law 70).
    :func:`correction.changes` reads only the cards the line has: the substitute alone changes
    no later card; the whole corrected line changes S's D3 (62C1) and W's SA (62C2)."""
    case = claimed_trick12_board(Edition.LAWS_2017)
    assert case.claim is not None
    case = replace(case, claim=replace(case.claim, by=None))
    record = replay(case)
    law62 = correction.correct(record, find_revokes(record))
    assert law62 is not None and law62.claimer is S
    line = [Card.from_str(c) for c in ("S4", "H2", "SK", "D3", "SA", "S6", "C2")]
    assert correction.changes(law62, line[:1]) == ()
    assert correction.changes(law62, line[:2]) == law62.later[:1]
    assert [(x.seat, str(x.card), x.clause) for x in correction.changes(law62, line)] == [
        (S, "D3", "62C1"), (W, "SA", "62C2")]

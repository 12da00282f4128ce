"""1997, a kept 64A2 revoke in a 64C2(a) replay: equally good double-dummy lines differ in whether
the offender later wins a trick with a card of the suit led to it (the 1997 extra trick). The
non-offenders get the larger transfer (Law 12C2: the most favourable result that was likely);
2007 and 2017 have no extra trick, so the lines do not differ there.

The built case: 6S by East. North revokes at trick 9 (a club led: North's side wins that trick,
64A2) and again in clubs at trick 10 (64B2), so the replay starts at trick 10 with North's club
(C6 or C8) and keeps the trick-9 revoke. After it, some best lines let North win a later trick
with a club, others do not: one trick is transferred for the kept revoke, two when he does."""

from __future__ import annotations

import dataclasses

import pytest

from revoke_equity.equity.dd_equity import DoubleDummy
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.laws.comparison import ComparisonPoint, comparison_points
from revoke_equity.laws.rectification import rectify
from revoke_equity.laws.revokes import find_revokes
from revoke_equity.model import Edition, Seat, Suit
from revoke_equity.model.play import replay
from revoke_equity.solver.bruteforce import BruteForceSolver
from test_dd_against_bruteforce import _all_dd_lines

PLAY = ("S2 SA ST S3 HQ HT HA H9 C4 CJ C9 C7 D9 D7 D5 D2 S6 CT SJ S4 C2 C3 CQ DA D6 D4 D8 D3 "
        "H7 H4 S5 HK CK H3 HJ DQ C5 H6 S9 SQ DK S8 H8 DT SK H5 C8 S7 CA H2 C6 DJ")
CASE = {
    "deal": "N:JT9.JT7.T85.8762 Q743.A4.KQJ32.43 K8652.9.96.AKQJ5 A.KQ86532.A74.T9",
    "contract": "6S", "declarer": "E", "vulnerable": "NS", "noticed": "during-play",
    "play": PLAY.split(" "),
}


def _replay_point(edition: Edition) -> ComparisonPoint:
    case = dataclasses.replace(case_from_dict(CASE), laws=edition)
    record = replay(case)
    revokes = find_revokes(record)
    c2a, _c1 = comparison_points(record, revokes, rectify(record, revokes, edition), edition)
    assert (c2a.clause, c2a.trick, c2a.player) == ("C2a", 10, Seat.N)
    ((kept),) = c2a.kept
    assert (kept.trick, kept.suit_led, kept.won_revoke_trick) == (9, Suit.CLUBS, False)
    return c2a


@pytest.mark.parametrize(("edition", "transfer"), [
    (Edition.LAWS_1997, 2), (Edition.LAWS_2007, 1), (Edition.LAWS_2017, 1)],
    ids=["1997", "2007", "2017"])
def test_equal_lines_give_the_non_offenders_the_larger_transfer(edition: Edition,
                                                                 transfer: int) -> None:
    point = _replay_point(edition)
    solver = BruteForceSolver()
    got = DoubleDummy().estimate(point, solver)
    assert got.details["kept_transfer"] == transfer
    for alternative in got.details["alternatives"]:
        card = next(c for c in point.choices if str(c) == alternative["card"])
        after = point.position.play(card)
        value = max(solver.solve(after).values())
        rest = (after.tricks(point.declarer_side) - point.position.tricks(point.declarer_side)
                + (value if after.to_move.side is point.declarer_side
                   else after.tricks_left - value))
        lines = set(_all_dd_lines(point.position, solver, Seat.N, card))
        # some equal lines have North win a club trick, some do not
        assert any(Suit.CLUBS in s for s in lines) and any(Suit.CLUBS not in s for s in lines)
        totals = {point.total_from_rest(rest, s) for s in lines}
        if edition is Edition.LAWS_1997:
            assert len(totals) == 2  # the lines differ by the extra trick
        else:
            assert len(totals) == 1
        # declarer's side (East-West) is the non-offending side: it gets the larger total
        assert alternative["declarer_tricks"] == max(totals) == point.total_from_rest(
            rest, frozenset({Suit.CLUBS}))


def test_a_search_cut_short_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past :data:`LINE_SEARCH_POSITIONS` the lines not yet searched are left out, and the details
    say so; the full search of the built case needs no cut."""
    from revoke_equity.equity import dd_equity

    point = _replay_point(Edition.LAWS_1997)
    full = DoubleDummy().estimate(point, BruteForceSolver())
    assert "lines_complete" not in full.details
    monkeypatch.setattr(dd_equity, "LINE_SEARCH_POSITIONS", 0)
    cut = DoubleDummy().estimate(point, BruteForceSolver())
    assert cut.details["lines_complete"] is False and cut.solver_calls == 1
    pairs = zip(cut.details["alternatives"], full.details["alternatives"], strict=True)
    assert all(c["declarer_tricks"] == f["declarer_tricks"] - 1 for c, f in pairs)  # no extra trick
    assert (cut.details["kept_transfer"], full.details["kept_transfer"]) == (1, 2)
    monkeypatch.setattr(dd_equity, "LINE_SEARCH_POSITIONS", 1)
    cut = DoubleDummy().estimate(point, BruteForceSolver())
    assert cut.details["lines_complete"] is False
    assert cut.solver_calls == 1 + len(point.choices)  # the first position of each card's lines

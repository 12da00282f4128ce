"""The recommendation rules (ruling.md "Recommendation") per edition, and the 12C arithmetic."""

from __future__ import annotations

import pytest

from revoke_equity.equity.adjusted import (
    imps,
    matchpoints,
    split_score,
    weighted_imps,
    weighted_matchpoints,
    weighted_score,
)
from revoke_equity.laws.recommendation import recommend
from revoke_equity.laws.rectification import Rectification, TrickTransfer
from revoke_equity.model import Edition, Side

E1997, E2007, E2017 = Edition.LAWS_1997, Edition.LAWS_2007, Edition.LAWS_2017


def transfer(laws: list[str], offending: Side | None, table: int = 9,
             transferred: int = 1, declarer: Side = Side.NS) -> TrickTransfer:
    rects = tuple(Rectification(i + 1, "E", law, 1 if law.startswith("64A") else 0, "")
                  for i, law in enumerate(laws))
    return TrickTransfer(rects, offending, transferred, transferred, table, declarer)


def test_no_revoke() -> None:
    r = recommend(E2017, transfer([], None), 9, None, False)
    assert (r.law, r.adjusted, r.declarer_tricks) == ("none", False, 9)


@pytest.mark.parametrize(("edition", "label"), [(E1997, "64C"), (E2007, "64C"), (E2017, "64C1")])
def test_equity_better_for_non_offenders_replaces_mechanical(edition: Edition, label: str) -> None:
    # Defenders (EW) revoked; mechanical 10 for NS declarer; equity 11 is better for NS.
    r = recommend(edition, transfer(["64A2"], Side.EW, table=9), 10, 11, False)
    assert (r.law, r.adjusted, r.declarer_tricks) == (label, True, 11)


@pytest.mark.parametrize("edition", list(Edition))
def test_one_sided_never_adjust_because_transfer_too_severe(edition: Edition) -> None:
    """Law 12B2: the equity (9) is worse for the non-offenders than the mechanical 11."""
    r = recommend(edition, transfer(["64A1"], Side.EW, table=9, transferred=2), 11, 9, False)
    assert (r.law, r.adjusted, r.declarer_tricks) == ("64A1", False, 11)


def test_declarer_side_offended_compares_from_defenders_view() -> None:
    # NS (declarer) revoked; mechanical 9; equity 8 gives the defenders more: adjust.
    r = recommend(E2017, transfer(["64B3"], Side.NS, table=9, transferred=0), 9, 8, False)
    assert (r.law, r.declarer_tricks) == ("64C1", 8)
    r = recommend(E2017, transfer(["64B3"], Side.NS, table=9, transferred=0), 9, 10, False)
    assert (r.law, r.adjusted, r.declarer_tricks) == ("64B3", False, 9)


@pytest.mark.parametrize(("edition", "label"), [(E1997, "64C"), (E2007, "64C"), (E2017, "64C2a")])
def test_64B2_among_the_revokes_gives_64C2a(edition: Edition, label: str) -> None:
    r = recommend(edition, transfer(["64A2", "64B2"], Side.EW), 10, 11, False)
    assert (r.law, r.declarer_tricks) == (label, 11)


@pytest.mark.parametrize(("edition", "adjusted_law", "stands_law"),
                         [(E1997, "64C", "64C"), (E2007, "64C", "64B7"),
                          (E2017, "64C2b", "64B7")])
def test_both_sides(edition: Edition, adjusted_law: str, stands_law: str) -> None:
    both = transfer(["64B7", "64B7"], None, table=7, transferred=0)
    r = recommend(edition, both, 7, 8, False)
    assert (r.law, r.adjusted, r.declarer_tricks) == (adjusted_law, True, 8)
    r = recommend(edition, both, 7, 7, False)
    assert (r.law, r.adjusted, r.declarer_tricks) == (stands_law, False, 7)
    # Both sides: the equity replaces the table result in either direction.
    r = recommend(edition, both, 7, 6, False)
    assert (r.adjusted, r.declarer_tricks) == (True, 6)


def test_62D_is_the_mechanical_law_for_a_corrected_trick_12_revoke() -> None:
    r = recommend(E2017, transfer(["64B6"], Side.EW, table=10, transferred=0), 11, 11, True)
    assert (r.law, r.adjusted, r.declarer_tricks) == ("62D", False, 11)


@pytest.mark.parametrize(("difference", "expected"), [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (420, 9), (430, 10), (-620, -12),
    (1000, 14), (890, 13), (1430, 16), (4000, 24), (5000, 24)])
def test_imp_scale(difference: int, expected: int) -> None:
    assert imps(difference) == expected


def test_matchpoints() -> None:
    assert matchpoints(420, [400, 420, 450, -50]) == 62.5  # beats 2, ties 1, loses 1: 5/8
    assert matchpoints(620, [100]) == 100.0
    with pytest.raises(ValueError):
        matchpoints(0, [])


def score_4s_nv(tricks: int) -> int:
    return {9: -50, 10: 420, 11: 450}[tricks]


def test_weighted_score_is_sympathetic_to_non_offenders() -> None:
    w = weighted_score({"double-dummy": 10, "replay": 9}, Side.NS, Side.NS, score_4s_nv)
    assert w is not None
    assert [(c.declarer_tricks, c.weight) for c in w.components] == [(10, 0.6), (9, 0.4)]
    assert w.score_ns == pytest.approx(0.6 * 420 + 0.4 * -50)
    # Defenders are the non-offenders: the fewer declarer tricks the better for them.
    w = weighted_score({"double-dummy": 10, "replay": 9}, Side.EW, Side.NS, score_4s_nv)
    assert w is not None
    assert [(c.declarer_tricks, c.weight) for c in w.components] == [(9, 0.6), (10, 0.4)]


def test_weighted_score_absent_when_estimates_agree() -> None:
    assert weighted_score({"double-dummy": 10, "replay": 10}, Side.NS, Side.NS, score_4s_nv) is None


def test_weighted_imps_and_matchpoints_convert_each_component() -> None:
    w = weighted_score({"double-dummy": 10, "replay": 9}, Side.NS, Side.NS, score_4s_nv)
    assert w is not None
    # vs 420 at the other table: 0 IMPs for 10 tricks, -10 for 9 tricks (470 difference).
    assert weighted_imps(w, 420) == pytest.approx(0.6 * 0 + 0.4 * -10)
    assert weighted_matchpoints(w, [420, -50]) == pytest.approx(0.6 * 75.0 + 0.4 * 25.0)


def test_split_score() -> None:
    s = split_score([10, 9], [9, 10, 11], Side.NS, Side.NS, score_4s_nv)
    assert (s.non_offenders_declarer_tricks, s.offenders_declarer_tricks) == (10, 11)
    assert (s.non_offenders_score_ns, s.offenders_score_ns) == (420, 450)

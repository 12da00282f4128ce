"""Options that cannot be met are refused once, before any board is read or ruled, with exit 2 and a
message naming the option and the bad value: classes of player with an estimate that models no
players, an unreadable --shown, --max-worlds below --worlds, scores no board can give, and an
option that may be given once given twice."""

from __future__ import annotations

import json

import pytest

import revoke_equity.ruling
from revoke_equity import cli
from revoke_equity.cli import build_parser, main
from revoke_equity.equity.estimate import class_estimates

from conftest import CASES

BOARDS = str(CASES / "p-boards.pbn")  # three boards
P05 = str(CASES / "p05-64B3-dummy-revoke.json")


def rule_help(capsys: pytest.CaptureFixture[str]) -> str:
    """``rule --help`` on one line (argparse wraps it at any width)."""
    assert main(["rule", "--help"]) == 0
    return " ".join(capsys.readouterr().out.split())


def refused(args: list[str], capsys: pytest.CaptureFixture[str],
            monkeypatch: pytest.MonkeyPatch) -> str:
    """``main(["rule", *args])`` must exit 2 with one error line, ruling no board and printing
    nothing on standard output; its error line."""
    def no_ruling(*_: object, **__: object) -> None:
        raise AssertionError("a board was ruled")

    monkeypatch.setattr(revoke_equity.ruling, "rule", no_ruling)
    code = main(["rule", *args])
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("revoke-equity rule: "), err
    return lines[0]


def test_also_players_is_refused_with_the_double_dummy_estimate(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Double-dummy play models no players: every class would print the same ruling."""
    err = refused([P05, "--estimate", "dd", "--also-players", "expert,club"], capsys, monkeypatch)
    assert "--also-players: the class of player does not apply to the dd estimate" in err
    assert "use the sd or table estimate" in err


def test_an_unknown_estimate_beside_is_refused_naming_also(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    err = refused([P05, "--also", "sd,bogus"], capsys, monkeypatch)
    assert err == ("revoke-equity rule: --also: unknown estimate 'bogus' (expected sd, dd or "
                   "table)")


def test_also_players_is_refused_without_an_estimate(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    err = refused([P05, "--no-equity", "--also-players", "club"], capsys, monkeypatch)
    assert "--also-players" in err and "--no-equity" in err


def test_the_estimates_that_take_a_class_are_those_with_players() -> None:
    assert class_estimates() == ("sd", "table")


@pytest.mark.parametrize(("shown", "bad"), [
    pytest.param("E: Q 7", "shown E: not a constraint: 'Q 7'", id="item"),
    pytest.param("X: S 7", "unknown seat 'X'", id="seat"),
    pytest.param("E S 7", "not a seat's constraint: 'E S 7'", id="no-colon"),
    pytest.param("E: S 9-7", "shown E: range '9-7' runs backwards (low above high): write 7-9",
                 id="backwards"),
    pytest.param("W: HCP 6; E: S 14", "shown E: range '14' is not within 0-13", id="second-seat"),
])
def test_a_bad_shown_is_one_usage_error_before_any_board(
        shown: str, bad: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    err = refused([BOARDS, "--estimate", "dd", "--shown", shown], capsys, monkeypatch)
    assert err == f"revoke-equity rule: --shown: {bad}" or err.startswith(
        f"revoke-equity rule: --shown: {bad} (")
    assert "board" not in err


def test_a_good_shown_applies_to_every_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", BOARDS, "--no-equity", "--json", "--shown", "E: S 0-13"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 3


def test_max_worlds_below_worlds_is_refused_naming_both(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    err = refused([P05, "--estimate", "sd", "--worlds", "8", "--max-worlds", "4"], capsys,
                  monkeypatch)
    assert "--max-worlds 4 is below --worlds 8" in err
    err = refused([P05, "--estimate", "sd", "--max-worlds", "4"], capsys, monkeypatch)
    assert "--max-worlds 4 is below --worlds 8" in err  # the default --worlds


def test_worlds_alone_above_the_default_max_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    """Not given, --max-worlds is the default or --worlds when that is more, as its help says;
    given, it is taken as it is."""
    def options(*args: str) -> tuple[int, int]:
        got = cli._options(build_parser().parse_args(["rule", "--example", *args]))
        return got.worlds, got.max_worlds

    assert options("--worlds", "32") == (32, 32)
    assert options("--worlds", "4", "--max-worlds", "4") == (4, 4)
    assert options() == (8, 16)
    assert "(default 16, or --worlds when that is more; refused below --worlds)" in rule_help(capsys)


@pytest.mark.parametrize(("args", "words"), [
    pytest.param(["--compare", "601"], "--compare: 601 is not an NS score (a score is a multiple of "
                 "10; the nearest are +600 and +610)", id="compare-not-a-multiple-of-10"),
    pytest.param(["--compare", "10"], "--compare: 10 is not an NS score (no contract and result "
                 "scores NS +10; the nearest are 0 and +50)", id="compare-no-contract-gives-it"),
    pytest.param(["--compare", "-7610"], "--compare: -7610 is not an NS score (no contract and "
                 "result scores NS -7610; the nearest is -7600)", id="compare-past-the-worst"),
    pytest.param(["--field", "-50,425"], "--field: 425 is not an NS score", id="field-score"),
    pytest.param(["--field", "-50,420", "--field", "100"],
                 "--field may be given once, not 2 times (--field -50,420 and --field 100); give "
                 "every score in one list", id="field-twice"),
    pytest.param(["--compare", "420", "--compare", "450"],
                 "--compare may be given once, not 2 times (--compare 420 and --compare 450)",
                 id="compare-twice"),
])
def test_impossible_or_repeated_scores_are_refused(
        args: list[str], words: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    err = refused([P05, "--no-equity", *args], capsys, monkeypatch)
    assert words in err


def test_the_scores_a_board_can_give() -> None:
    scores = cli._duplicate_scores()
    for score in (0, 50, 70, 90, -100, 420, -620, 1440, 2980, 7600, -7600):
        assert score in scores
    for score in (10, 20, 30, 40, 60, -60, 601, 7610, -7610):
        assert score not in scores
    assert scores == frozenset(-s for s in scores)  # either side may declare


def test_the_help_says_compare_and_field_are_given_once(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    text = rule_help(capsys)
    assert "--field -50,420 or --field=-50,420; once, with every score in the one list" in text
    assert "IMPs (once;" in text

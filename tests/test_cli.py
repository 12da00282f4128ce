"""The command line, called as ``main([...])``: output, exit codes, errors on stderr."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from revoke_equity.cli import main

from conftest import CASES, DATA


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(args)``; a ruling uses the double-dummy estimate unless ``args`` name one (the
    single-dummy default has tests of its own below)."""
    if args and args[0] == "rule" and "--estimate" not in args:
        args = [*args, "--estimate", "dd"]
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_example_prints_a_readable_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["rule", "--example"], capsys)
    assert code == 0, err
    for text in ("Board 11", "Trick", "D3!", "Law 64A2", "Law 64B2", "Law 64C2(a)", "For the director",
                 "handviewer.html?lin="):
        assert text in out


def test_json_output_is_the_ruling_format(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rule", str(CASES / "p01-64A1-offender-won-revoke-trick.json"), "--json"],
                       capsys)
    assert code == 0
    ruling = json.loads(out)
    assert ruling["format"] == "revoke-equity/ruling@2"
    assert ruling["mechanical"] == {"declarer_tricks": 12, "score_ns": 620, "law": "64A1"}
    assert ruling["equity"]["declarer_tricks"] == 11
    assert ruling["recommendation"]["law"] == "64A1"


def test_several_boards_give_a_list_and_board_filter(capsys: pytest.CaptureFixture[str]) -> None:
    pbn = str(CASES / "p-boards.pbn")
    code, out, _ = run(["rule", pbn, "--json", "--no-equity"], capsys)
    assert code == 0 and [r["board"] for r in json.loads(out)] == [1, 2, 14]
    code, out, _ = run(["rule", pbn, "--json", "--board", "2", "--no-equity"], capsys)
    assert code == 0 and json.loads(out)["board"] == 2  # one board: an object, as for a JSON case
    code, _, err = run(["rule", pbn, "--board", "5"], capsys)
    assert code == 1 and "no board 5" in err


def test_pbn_lin_and_json_give_the_same_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    def ruling(path: str, board: str) -> dict[str, object]:
        code, out, _ = run(["rule", path, "--json", "--board", board], capsys)
        assert code == 0
        data = json.loads(out)
        data.pop("solver", None)
        data.pop("handviewer", None)
        data.pop("auction", None)  # the LIN record has its auction, the JSON case none
        return data

    assert ruling(str(CASES / "p-boards.pbn"), "1") == ruling(
        str(CASES / "p01-64A1-offender-won-revoke-trick.json"), "1")
    assert ruling(str(CASES / "p03-two-defenders-revoke-cap.lin"), "3") == ruling(
        str(CASES / "p03-two-defenders-revoke-cap.json"), "3")


def test_laws_and_noticed_override(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(CASES / "p13-same-deal-2017.json")
    code, out, _ = run(["rule", path, "--json", "--laws", "1997"], capsys)
    assert code == 0 and json.loads(out)["rectifications"][0]["tricks"] == 2
    code, out, _ = run(["rule", path, "--json", "--noticed", "after-round"], capsys)
    assert code == 0 and json.loads(out)["rectifications"][0]["law"] == "64B5"


def test_broken_board_reported_others_ruled(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    text = (CASES / "p-boards.pbn").read_text()
    broken = text.replace('[Board "2"]', '[Board "2"]\n[Contract "9Z"]', 1)
    broken = broken.replace('[Contract "3D"]\n', "", 1)
    path = tmp_path / "three.pbn"
    path.write_text(broken)
    code, out, err = run(["rule", str(path), "--json", "--no-equity"], capsys)
    assert code == 1
    assert [r["board"] for r in json.loads(out)] == [1, 14]
    assert "board 2" in err and "9Z" in err and "Traceback" not in err


def test_card_not_held_names_board_trick_seat_card(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    case = json.loads((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text())["case"]
    case["play"][5], case["play"][6] = case["play"][6], case["play"][5]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(case))
    code, _, err = run(["rule", str(path)], capsys)
    assert code == 1
    assert "board 1" in err and "trick 2" in err and "card S4" in err


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    text = (CASES / "p03-two-defenders-revoke-cap.lin").read_text()
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out, _ = run(["rule", "-", "--json", "--no-equity"], capsys)
    assert code == 0 and json.loads(out)["mechanical"]["declarer_tricks"] == 11


def test_compare_and_field(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(CASES / "p11-64B2-repeat-then-64C2a.json")
    code, out, _ = run(["rule", path, "--json", "--compare", "-420", "--field=-420,100,50"],
                       capsys)
    assert code == 0
    comparison = json.loads(out)["comparison"]
    assert comparison["imps_ns"]["options"]["recommended"] == 0  # 12 tricks, NS -420
    assert comparison["imps_ns"]["options"]["weighted"] == 0
    assert comparison["imps_ns"]["options"]["table"] == 11  # +100 vs -420: 520 -> 11 IMPs
    assert comparison["matchpoints_ns_percent"]["options"]["table"] == pytest.approx(83.33)


@pytest.mark.parametrize("args", [[], ["rule"], ["rule", "x.pbn", "--example"],
                                  ["rule", "--example", "--laws", "2001"],
                                  ["rule", "--example", "--field", "a,b"],
                                  ["rule", "no-such-file.pbn"], ["frobnicate"]])
def test_bad_usage_exits_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(args, capsys)
    assert code == 2
    assert "Traceback" not in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--version"], capsys)
    assert code == 0 and "revoke-equity" in out


def test_single_dummy_is_the_default_and_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    """p05 (dummy's revoke, 64B3): the single-dummy distribution is shown; the result stands, so no
    weighted or split score is offered; the same seed gives the same JSON."""
    path = str(CASES / "p05-64B3-dummy-revoke.json")
    args = ["rule", path, "--json", "--jobs", "1"]
    code, out, err = run([*args, "--estimate", "sd"], capsys)
    assert code == 0, err
    ruling = json.loads(out)
    rec = ruling["recommendation"]
    assert rec["estimate"] == "sd" and not rec["adjusted"]
    assert "weighted" not in rec and "split" not in rec
    sd = ruling["equity"]["estimates"]["sd"]
    assert abs(sum(sd["distribution"].values()) - 1) < 1e-5
    assert sd["parameters"]["worlds"] == 8 and sd["parameters"]["seed"] == 2024
    again = json.loads(run([*args, "--estimate", "sd"], capsys)[1])
    ruling.pop("solver"), again.pop("solver")
    assert again == ruling
    code, out, _ = run(["rule", path, "--worlds", "6", "--playouts", "20", "--estimate", "sd"],
                       capsys)
    assert code == 0 and "Single-dummy (sd" in out and "likely" in out


def test_precision_sets_where_the_playouts_stop(capsys: pytest.CaptureFixture[str]) -> None:
    """p15 is sampled: with ``--precision 0`` every one of the 40 playouts is played; with 0.5
    the first block of 20 already has every interval within +/-0.5, so it stops there. The JSON
    says which precision the playouts stopped at."""
    path = str(CASES / "p15-noticed-after-round.json")
    cheap = ["rule", path, "--json", "--estimate", "sd", "--worlds", "4", "--max-worlds", "4",
             "--playouts", "40"]
    played = {}
    for precision in ("0", "0.5"):
        code, out, err = run([*cheap, "--precision", precision], capsys)
        assert code == 0, err
        parameters = json.loads(out)["equity"]["estimates"]["sd"]["parameters"]
        assert parameters["method"] == "sampled" and parameters["precision"] == float(precision)
        played[precision] = parameters["playouts"]
    assert played == {"0": 40, "0.5": 20}


def test_bad_estimate_options_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(CASES / "p05-64B3-dummy-revoke.json")
    for bad in (["--worlds", "0"], ["--likely", "0.1", "--probable", "0.2"], ["--also", "xx"],
                ["--precision", "1"], ["--precision", "-0.1"]):
        code, _, err = run(["rule", path, *bad], capsys)
        assert code == 2 and "revoke-equity rule" in err


@pytest.mark.parametrize(("name", "text"), [
    pytest.param("empty.pbn", "", id="empty-pbn"),
    pytest.param("header.pbn", "% PBN 2.1\n% EXPORT\n", id="pbn-header-only"),
    pytest.param("none.json", "[]", id="empty-json-list"),
])
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_no_board_in_the_input_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           name: str, text: str, as_json: bool) -> None:
    path = tmp_path / name
    path.write_text(text)
    code, out, err = run(["rule", str(path), "--no-equity", *(["--json"] if as_json else [])], capsys)
    assert code == 1 and out == ""
    assert "no board" in err and name in err


def test_one_board_of_a_list_is_an_object_and_a_failed_one_prints_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = json.loads((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text())["case"]
    path = tmp_path / "one.json"
    path.write_text(json.dumps([case]))
    code, out, _ = run(["rule", str(path), "--json", "--no-equity"], capsys)
    assert code == 0 and json.loads(out)["board"] == 1
    case["play"][15] = "SA"  # West holds SA: the only board cannot be read
    path.write_text(json.dumps([case]))
    code, out, err = run(["rule", str(path), "--json", "--no-equity"], capsys)
    assert code == 1 and out == "" and "SA" in err


@pytest.mark.parametrize("command", ["rule", "study", "serve"])
def test_help_of_every_command(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    assert "usage: revoke-equity " + command in capsys.readouterr().out


def test_also_players_rules_again_under_each_other_class(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """Each class named (the options' own left out) is ruled again under the single-dummy
    estimate and its recommendation listed: on the published dummy's revoke (pub12), with few
    layouts and playouts as at the defaults, experts keep the rectified result and club players,
    who would more often have lost a trick without the revoke, do not. An unknown class is a
    usage error (and so are the classes with an estimate that models no players:
    tests/test_cli_usage.py)."""
    cheap = ["rule", str(DATA / "published" / "pub12-64B3-dummy-revoke.json"), "--estimate", "sd",
             "--worlds", "2", "--max-worlds", "2", "--playouts", "20"]
    code, out, err = run([*cheap, "--json", "--also-players", "expert,strong,club"], capsys)
    assert code == 0, err
    sensitivity = json.loads(out)["sensitivity"]
    assert [s["players"] for s in sensitivity] == ["expert", "club"]
    assert [s["adjusted"] for s in sensitivity] == [False, True]
    code, out, _ = run([*cheap, "--also-players", "club"], capsys)
    assert code == 0 and "How firm it is" in out and "With club players (sd): " in out
    code, _, err = run([*cheap, "--also-players", "pro"], capsys)
    assert code == 2 and "unknown class of player 'pro'" in err


@pytest.mark.parametrize("spelled", [["--field", "-420,100,50"], ["--field=-420,100,50"],
                                     ["--field", "-420, 100"]])
def test_field_list_starting_negative_needs_no_equals_sign(spelled: list[str]) -> None:
    from revoke_equity.cli import _field, _negative_lists, build_parser

    args = build_parser().parse_args(_negative_lists(["rule", "--example", *spelled, "--no-equity"]))
    assert _field(args.field) == [int(x) for x in spelled[-1].split("=")[-1].split(",")]
    assert args.no_equity and args.example


def test_python_dash_m_runs_the_command() -> None:
    import subprocess

    done = subprocess.run([sys.executable, "-m", "revoke_equity", "rule", "--help"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "usage: revoke-equity rule" in done.stdout
    assert "--no-equity" in done.stdout and "double-dummy part" not in done.stdout

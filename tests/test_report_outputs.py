"""The hand-off to scoring: the score to enter per side, the ruled board as PBN (read back by this
tool and by endplay), the printable HTML sheet, and ``rule --format``."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.cli import main
from revoke_equity.io import case_from_dict, case_to_dict, loads_pbn
from revoke_equity.report.html import SheetFields, ruling_sheets_html
from revoke_equity.report.pbn import ruled_boards_pbn
from revoke_equity.ruling import rule
from revoke_equity.ruling.score_entry import contract_result, score_to_enter

from conftest import CASES, DD, worked_cases


def _ruling(contract: str, declarer_tricks: int, score_ns: int, *, adjusted: bool = False,
            weighted: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A ruling dict with only what the writers read (as a ruling@1 or ruling@2 JSON has it)."""
    rec: dict[str, Any] = {"law": "64C1" if adjusted else "64A1", "adjusted": adjusted,
                           "declarer_tricks": declarer_tricks, "score_ns": score_ns}
    if weighted is not None:
        rec["weighted"] = {"components": weighted}
    return {"format": "revoke-equity/ruling@2", "contract": contract, "declarer": "S",
            "recommendation": rec}


@pytest.mark.parametrize(("contract", "tricks", "written"), [
    ("4S", 10, "4S="), ("4S", 9, "4S-1"), ("6H", 13, "6H+1"), ("3NX", 7, "3NTX-2"),
    ("1CXX", 7, "1CXX="), ("7N", 0, "7NT-13"),
])
def test_contract_result_in_scorers_notation(contract: str, tricks: int, written: str) -> None:
    assert contract_result(contract, tricks) == written


def test_weighted_score_line_per_side() -> None:
    """The directors' notation: 60% of 4S= (+620) and 40% of 4S-1 (-100) is +332 to NS."""
    ruling = _ruling("4S", 10, 620, adjusted=True, weighted=[
        {"declarer_tricks": 9, "score_ns": -100, "weight": 0.4},
        {"declarer_tricks": 10, "score_ns": 620, "weight": 0.6}])
    ns, ew = score_to_enter(ruling)
    assert ns.text == ("60% of 4S= by S, NS +620; 40% of 4S-1 by S, NS -100 (score each "
                       "component, then weight; net NS +332)") and ns.score == 332
    assert ew.text == ("60% of 4S= by S, EW -620; 40% of 4S-1 by S, EW +100 (score each "
                       "component, then weight; net EW -332)") and ew.score == -332
    assert [c.as_dict() for c in ns.components] == [
        {"percent": 60, "result": "4S=", "declarer": "S", "score": 620},
        {"percent": 40, "result": "4S-1", "declarer": "S", "score": -100}]
    assert ns.weighted and ns.as_dict()["weighted"] is True


def test_an_assigned_result_is_contract_result_declarer_and_score() -> None:
    """An adjusted score of one result (5C by East, 12 tricks: NS -420 non-vulnerable) is written
    as a director writes it, with the declarer the scoring program takes."""
    ruling = _ruling("5C", 12, -420, adjusted=True)
    ruling["declarer"] = "E"
    ruling["recommendation"]["enter"] = "result"
    ns, ew = score_to_enter(ruling)
    assert (ns.text, ns.score) == ("5C+1 by E, NS -420", -420)
    assert (ew.text, ew.score) == ("5C+1 by E, EW +420", 420)
    assert not ns.weighted and [c.as_dict() for c in ew.components] == [
        {"percent": 100, "result": "5C+1", "declarer": "E", "score": 420}]


def test_the_split_pair_each_side_its_own_result() -> None:
    """1997's Law 12C2, EW offended against 4S by South: NS 10 tricks (+420), EW 11 (-450)."""
    ruling = _ruling("4S", 10, 420, adjusted=True)
    ruling["recommendation"].update(enter="split", split={
        "law": "12C2", "non_offending_side": "NS",
        "non_offenders": {"declarer_tricks": 10, "score_ns": 420},
        "offenders": {"declarer_tricks": 11, "score_ns": 450}})
    ns, ew = score_to_enter(ruling)
    assert ns.text == "4S= by S, NS +420 (Law 12C2, the non-offenders' score)"
    assert ew.text == "4S+1 by S, EW -450 (Law 12C2, the offenders' score)"


def test_weights_as_percentages_are_read_too() -> None:
    ruling = _ruling("3N", 9, 400, adjusted=True, weighted=[
        {"declarer_tricks": 9, "score_ns": 400, "weight": 75},
        {"declarer_tricks": 8, "score_ns": -50, "weight": 25}])
    assert score_to_enter(ruling)[0].text == (
        "75% of 3NT= by S, NS +400; 25% of 3NT-1 by S, NS -50 (score each component, then "
        "weight; net NS +287.5)")


def test_a_result_that_stands_is_one_score_even_with_a_weighted_offer() -> None:
    """A weighted score is the score to enter only when the score is adjusted (Law 12B2: never
    merely because the transfer seems too severe)."""
    ruling = _ruling("4S", 11, 650, weighted=[
        {"declarer_tricks": 10, "score_ns": 620, "weight": 0.6},
        {"declarer_tricks": 11, "score_ns": 650, "weight": 0.4}])
    assert [s.text for s in score_to_enter(ruling)] == ["4S+1 by S, NS +650", "4S+1 by S, EW -650"]


@pytest.mark.parametrize("worked", worked_cases())
def test_ruled_pbn_reads_back_here_and_in_endplay(worked: dict[str, Any], dds_solver: Any) -> None:
    from endplay.parsers import pbn as endplay_pbn

    case = case_from_dict(worked)
    data = rule(case, dds_solver, options=DD).to_dict()
    text = ruled_boards_pbn([(case, data)], event="Club pairs")
    assert case_to_dict(loads_pbn(text)[0]) == case_to_dict(case)

    board = endplay_pbn.loads(text)[0]
    assert board.board_num == case.board
    assert len(list(board.play)) == len(case.play)
    assert board.info["Event"] == "Club pairs"
    rec = data["recommendation"]
    assert board.info["RulingLaw"] == rec["law"]
    assert board.info["RulingAdjusted"] == ("yes" if rec["adjusted"] else "no")
    assert int(board.info["RulingResult"]) == rec["declarer_tricks"]
    ns, ew = score_to_enter(data)
    named = "RulingNet" if ns.weighted else "RulingScore"
    assert float(board.info[named + "NS"]) == ns.score == -float(board.info[named + "EW"])
    weighted = rec.get("weighted") if rec["adjusted"] else None
    if weighted:
        parts = [p.split() for p in board.info["RulingWeighted"].split(";")]
        assert sum(int(p[0]) for p in parts) == 100
        assert sorted((int(t), int(s)) for _, t, s in parts) == sorted(
            (c["declarer_tricks"], c["score_ns"]) for c in weighted["components"])
    else:
        assert "RulingWeighted" not in board.info
        assert ns.score == rec["score_ns"]
    assert ns.text in text and ew.text in text


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def test_html_sheet_has_the_fields_the_board_and_the_score_to_enter(dds_solver: Any) -> None:
    from revoke_equity.io import read_path

    rulings = [rule(b.case, dds_solver, options=DD) for b in read_path(CASES / "p-boards.pbn")
               if b.case is not None]
    boards = [(r, r.to_dict()) for r in rulings]
    html = ruling_sheets_html(boards, SheetFields("Club <pairs> & co", "Monday", "4", "3", "12"))
    parser = _Text()
    parser.feed(html)
    text = " ".join(parser.parts)
    assert "Club <pairs> & co" in text and "<pairs>" not in html  # escaped, shown as text
    assert not [t for t, _ in parser.tags if t in ("script", "link", "img", "iframe")]
    assert sum(1 for t, a in parser.tags if t == "article") == len(boards)
    for _, data in boards:
        for side in score_to_enter(data):
            assert side.text in text
    sheets = html.split('<article class="sheet">')[1:]
    for (ruling, data), sheet in zip(boards, sheets, strict=True):
        assert sheet.count('class="mark"') == len(data["revokes"])
        assert f"Board {ruling.case.board}:" in sheet
        cited = [p["text"] for step in data["steps"] for p in step if "laws" in p]
        assert cited and all(f"<strong>{c}</strong>" in sheet for c in cited)
        verdict = sheet.split('<p class="kind">', 1)[1].split("</p>", 1)[0]
        because = [p["text"] for p in data["recommendation"]["reason_parts"] if "laws" in p]
        assert because and all(f"<strong>{c}</strong>" in verdict for c in because)


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_rule_format_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(CASES / "p11-64B2-repeat-then-64C2a.json")
    cheap = ["--worlds", "4", "--max-worlds", "4", "--playouts", "20"]  # the formats, not the estimate
    code, as_json, _ = _run(["rule", path, "--format", "json", *cheap], capsys)
    assert code == 0
    code, alias, _ = _run(["rule", path, "--json", *cheap], capsys)
    data = json.loads(as_json)
    assert code == 0 and {k: v for k, v in json.loads(alias).items() if k != "solver"} == {
        k: v for k, v in data.items() if k != "solver"}
    lines = [s["text"] for s in data["score_to_enter"]]
    assert [s["side"] for s in data["score_to_enter"]] == ["NS", "EW"]

    code, text, _ = _run(["rule", path, *cheap], capsys)
    assert code == 0 and "Score to enter" in text and all(line in text for line in lines)

    code, pbn, _ = _run(["rule", path, "--format", "pbn", "--event", "Club pairs", *cheap],
                        capsys)
    assert code == 0 and '[Event "Club pairs"]' in pbn and all(line in pbn for line in lines)
    saved = tmp_path / "ruled.pbn"
    saved.write_text(pbn)
    code, again, _ = _run(["rule", str(saved), "--json", *cheap], capsys)
    assert code == 0 and json.loads(again)["recommendation"] == data["recommendation"]

    code, html, _ = _run(["rule", path, "--format", "html", "--event", "Club pairs", "--session",
                          "Monday", "--table", "4", "--pairs", "3", "12", *cheap], capsys)
    assert code == 0 and html.startswith("<!doctype html>")
    for value in ("Club pairs", "Monday", ">4<", ">3<", ">12<", *lines):
        assert value in html


def test_several_boards_in_every_format(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(CASES / "p-boards.pbn")
    code, out, _ = _run(["rule", path, "--format", "json", "--no-equity"], capsys)
    assert code == 0 and [r["board"] for r in json.loads(out)] == [1, 2, 14]
    code, out, _ = _run(["rule", path, "--format", "pbn", "--no-equity"], capsys)
    assert code == 0 and [c.board for c in loads_pbn(out)] == [1, 2, 14]
    code, out, _ = _run(["rule", path, "--format", "html", "--no-equity"], capsys)
    assert code == 0 and out.count('<article class="sheet">') == 3


def test_score_lines_convert_each_component_to_imps_and_matchpoints() -> None:
    """A weighted score, 60% of 5C+0 (NS -400) and 40% of 5C-1 (NS +50): against NS -420 at the
    other table NS gain 1 IMP (20 points) and 10 IMPs (470), 0.6 x 1 + 0.4 x 10 = 4.6; on a
    field of NS -420 and +100, -400 beats one score (50%) and +50 beats one (50%)."""
    from revoke_equity.ruling.score_entry import score_to_enter

    ruling = {
        "contract": "5C", "declarer": "E",
        "recommendation": {"adjusted": True, "declarer_tricks": 11, "score_ns": -400,
                           "weighted": {"components": [
                               {"declarer_tricks": 11, "score_ns": -400, "weight": 0.6},
                               {"declarer_tricks": 10, "score_ns": 50, "weight": 0.4}]}},
        "comparison": {"imps_ns": {"other_table_ns": -420, "options": {}},
                       "matchpoints_ns_percent": {"field": [-420, 100], "options": {}}},
    }
    ns, ew = score_to_enter(ruling)
    assert ns.text == ("60% of 5C= by E, NS -400; 40% of 5C-1 by E, NS +50 (score each "
                       "component, then weight; net NS -220); IMPs against NS -420: "
                       "60% of +1, 40% of +10 = +4.6; matchpoints: 60% of 50%, 40% of 50% = 50%")
    assert ew.text.startswith("60% of 5C= by E, EW +400; 40% of 5C-1 by E, EW -50 (score each "
                              "component, then weight; net EW +220); IMPs against "
                              "NS -420: 60% of -1, 40% of -10 = -4.6; matchpoints: 60% of 50%")


def test_a_weighted_score_of_one_component_is_written_as_the_assigned_result() -> None:
    """100% of one result is that result: no weighting to do, no net to show."""
    ruling = _ruling("5C", 12, -420, adjusted=True)
    ruling["declarer"] = "E"
    ruling["recommendation"]["enter"] = "weighted"
    ruling["recommendation"]["weighted"] = {
        "law": "12C1(c)", "score_ns": -420.0,
        "components": [{"declarer_tricks": 12, "score_ns": -420, "weight": 1.0,
                        "result": "5C+1", "declarer": "E"}]}
    ns, ew = score_to_enter(ruling)
    assert ns.text == "5C+1 by E, NS -420" and ew.text == "5C+1 by E, EW +420"


def _games(text: str) -> list[list[str]]:
    """The games of a PBN file as lines (the blank line ends one)."""
    body = text.split("\r\n\r\n", 1)[1]
    return [game.split("\r\n") for game in body.split("\r\n\r\n") if game.strip()]


@pytest.mark.parametrize("name", ["p01", "p11", "p14"])
def test_ruled_pbn_is_in_export_format(name: str, dds_solver: Any) -> None:
    """PBN 2.1 export format: the mandatory tags first and in order, ``?`` for what is not known,
    the other tags sorted by name, CRLF line ends, and the ``% EXPORT`` header."""
    from revoke_equity.report.pbn_export import MANDATORY_TAGS, is_export

    case = case_from_dict(json.loads(next(CASES.glob(f"{name}-*.json")).read_text())["case"])
    data = rule(case, dds_solver, options=DD).to_dict()
    text = ruled_boards_pbn([(case, data)], event='Club "Monday" pairs')
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    assert "\n" not in text.replace("\r\n", "")
    (game,) = _games(text)
    assert is_export(game)
    names = [line[1:].split(" ", 1)[0] for line in game if line.startswith("[")]
    assert names[:15] == list(MANDATORY_TAGS)
    assert names[15:] == sorted(names[15:]) and {"Play", "Laws", "RulingLaw"} <= set(names[15:])
    tags = dict(line[1:-1].split(" ", 1) for line in game if line.startswith("["))
    assert tags["Event"] == '"Club \\"Monday\\" pairs"'
    assert tags["Site"] == tags["West"] == tags["Scoring"] == '"?"' and tags["Date"] == '"????.??.??"'
    assert tags["Board"] == f'"{case.board}"' and tags["Contract"] == f'"{case.contract}"'
    # the commentary once, after the mandatory tags; no line of it twice
    start = game.index(next(line for line in game if line.startswith("{")))
    assert start == 15 and sum(line.startswith("{") for line in game) == 1
    comment = game[start:next(i for i, line in enumerate(game) if line.endswith("}")) + 1]
    assert len(comment) == len(set(comment))


def test_export_pbn_with_an_auction_reads_back_here_and_in_endplay(dds_solver: Any) -> None:
    """The Auction section with an alert and a note, and the Shown tag, sorted among the other
    tags, read back as the same case here and in endplay."""
    import dataclasses

    from endplay.parsers import pbn as endplay_pbn

    worked = json.loads(next(CASES.glob("p01-*.json")).read_text())["case"]
    data = {k: v for k, v in worked.items() if k not in ("auction", "alerted", "dealer", "shown")}
    data.update(dealer="E", auction=["3S", "P", "4H", "P", "P", "P"], alerted=[2],
                shown={"E": {"hcp": [6, 10]}})
    case = case_from_dict(data)
    assert case.auction is not None
    case = dataclasses.replace(case, auction=dataclasses.replace(
        case.auction, notes=((2, "natural, to play"),)))
    text = ruled_boards_pbn([(case, rule(case, dds_solver, options=DD).to_dict())])
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    back = loads_pbn(text)[0]
    assert case_to_dict(back) == case_to_dict(case) and back.auction == case.auction
    board = endplay_pbn.loads(text)[0]
    assert board.board_num == case.board and len(list(board.play)) == len(case.play)
    assert len(list(board.auction)) == len(case.auction.texts())


def test_a_game_out_of_export_order_is_not_called_export() -> None:
    """The check behind the header: a mandatory tag missing or out of order, supplemental tags
    unsorted, or a tab, and the game is not export format."""
    from revoke_equity.report.pbn_export import MANDATORY_TAGS, TagPair, export_game, is_export

    game = export_game([TagPair("Play", "W", ("HK H2 H3 H4",)), TagPair("Laws", "2017")],
                       {"Board": "3"}, ["{a comment}"])
    assert is_export(game)
    assert [line.split(" ")[0][1:] for line in game[:15]] == list(MANDATORY_TAGS)
    assert game[15] == "{a comment}" and game[16] == '[Laws "2017"]' and game[17] == '[Play "W"]'
    swapped = [game[1], game[0], *game[2:]]
    unsorted = [*game[:16], *game[17:], game[16]]
    tabbed = [game[0].replace(" ", "\t"), *game[1:]]
    assert not any(is_export(g) for g in (swapped, unsorted, tabbed, game[1:]))


def test_rule_format_pbn_keeps_the_input_s_event_site_date_and_players(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The roster tags a ruling does not use come back as read (``?`` ones stay unknown); an
    ``--event`` given replaces the file's ``Event``; a board without them still writes ``?``."""
    from revoke_equity.io.pbn import dumps_pbn

    case = case_from_dict(json.loads((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text()))
    other = case_from_dict(json.loads((CASES / "p09-64A1-one-trick.json").read_text()))
    tagged = dumps_pbn(case).replace('[Board "1"]', '[Event "Club \\"Monday\\" pairs"]\n'
                                     '[Site "Utrecht"]\n[Date "2026.11.30"]\n[Round "?"]\n'
                                     '[Board "1"]\n[West "Jansen"]\n[North "de Vries"]')
    path = tmp_path / "boards.pbn"
    path.write_text(tagged + "\n" + dumps_pbn(other).split("\n", 1)[1])
    assert main(["rule", str(path), "--estimate", "dd", "--format", "pbn"]) == 0
    first, second = capsys.readouterr().out.split("\r\n\r\n")[1:3]
    for line in ('[Event "Club \\"Monday\\" pairs"]', '[Site "Utrecht"]', '[Date "2026.11.30"]',
                 '[West "Jansen"]', '[North "de Vries"]', '[East "?"]'):
        assert line in first.split("\r\n"), line
    assert "[Round" not in first
    assert '[Site "?"]' in second.split("\r\n") and '[Date "????.??.??"]' in second.split("\r\n")
    assert main(["rule", str(path), "--estimate", "dd", "--format", "pbn", "--event", "Cup"]) == 0
    first = capsys.readouterr().out.split("\r\n\r\n")[1]
    assert '[Event "Cup"]' in first.split("\r\n") and '[Site "Utrecht"]' in first.split("\r\n")

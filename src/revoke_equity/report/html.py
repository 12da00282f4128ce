"""The printable ruling sheet as one self-contained HTML file (``rule --format html``).

The same sheet as the web page prints: the event, session, table and pairs, the board, the four
hands, the play with the revokes marked, the steps of the ruling with their laws, the results, and
the score to enter per side, with lines for the director's signature. One page per board (A4),
no script, no file or font from anywhere else: it prints the same at a club with no internet.

Written against the ruling JSON (``Ruling.to_dict()``, ``docs/ruling-format.md``) and the case the
ruling was given on (for the hands and the tricks); every value is escaped.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.case import Case
from revoke_equity.model.contract import dealer_for_board
from revoke_equity.model.play import PlayRecord, replay
from revoke_equity.model.seats import SEATS, Seat
from revoke_equity.report.auction import COLUMNS, auction_grid, shown_words
from revoke_equity.ruling.score_entry import contract_result, score_to_enter

if TYPE_CHECKING:
    from revoke_equity.ruling.schema import RulingJSON

__all__ = ["SHEET_STYLE_SOURCE", "Ruled", "SheetFields", "ruling_sheet", "ruling_sheets_html",
           "stored_sheet_html"]

_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RED = {"H", "D"}
_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


@dataclass(frozen=True)
class SheetFields:
    """What the director writes at the top of the sheet (blank lines when not given)."""

    event: str | None = None
    session: str | None = None
    table: str | None = None
    ns_pair: str | None = None
    ew_pair: str | None = None


class Ruled(Protocol):
    """What the sheet reads of a ruled board besides its JSON: the case and its play record (a
    :class:`~revoke_equity.ruling.Ruling`, or a logged case replayed)."""

    @property
    def case(self) -> Case: ...

    @property
    def record(self) -> PlayRecord: ...


@dataclass(frozen=True)
class _Replayed:
    case: Case
    record: PlayRecord


def stored_sheet_html(case: Case, ruling: RulingJSON, fields: SheetFields | None = None
                      ) -> str:
    """The sheet of a logged ruling: its case (replayed for the tricks) and its ruling JSON, the
    same document as ``rule --format html`` writes for the board."""
    return ruling_sheets_html([(_Replayed(case, replay(case)), ruling)], fields)


def ruling_sheets_html(boards: Iterable[tuple[Ruled, RulingJSON]],
                       fields: SheetFields | None = None) -> str:
    """One HTML document, one sheet per board: each ruling with its JSON (``Ruling.to_dict()``,
    and the command line's ``comparison`` when given)."""
    fields = fields or SheetFields()
    sheets = "\n".join(ruling_sheet(ruling, data, fields) for ruling, data in boards)
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>Ruling sheet · revoke-equity</title>\n<style>{_CSS}</style>\n</head>\n"
            f"<body>\n{sheets}\n</body>\n</html>\n")


def ruling_sheet(ruled: Ruled, ruling: RulingJSON, fields: SheetFields) -> str:
    """One ``<article class="sheet">``: the case and the play record from ``ruled``, the rest
    from its JSON ``ruling``."""
    e = _e
    board = ruling.get("board")
    rec = ruling.get("recommendation") or {}
    contract = str(ruling.get("contract", ""))
    dealer = f", dealer {_NAMES[str(dealer_for_board(board))]}" if isinstance(board, int) else ""
    heading = (f"Board {e(board) if board is not None else '?'}: {_contract_html(contract)} by "
               f"{e(_NAMES.get(str(ruling.get('declarer')), ''))}")
    noticed = str(ruling.get("noticed", "")).replace("-", " ")
    facts = (f"Vulnerable: {e(_vulnerable(str(ruling.get('vulnerable', ''))))}{dealer} · Laws "
             f"{e(ruling.get('laws'))} · revoke noticed {e(noticed)}")
    kind = "Adjusted score" if rec.get("adjusted") else (
        "Rectified result" if rec.get("established_revoke") else
        "Corrected result" if ruling.get("law_62") else "No established revoke")
    sides = score_to_enter(ruling)
    enter = "".join(f'<p class="enter-line">{e(s.text)}</p>' for s in sides)
    # a weighted score or 1997's split pair is entered as its lines, not as one result
    several = rec.get("enter") == "split" or any(s.weighted for s in sides)
    likely = "most likely " if several else ""
    parts = [
        '<article class="sheet">',
        '<header class="top"><span>Director\'s ruling sheet: revoke</span>'
        "<span>revoke-equity</span></header>",
        _fields_html(fields, board),
        f'<h1>{heading}</h1><p class="facts">{facts}</p>',
        '<section class="verdict"><div class="label">Score to enter</div>',
        enter,
        f'<p class="kind">{e(kind)}, {e(rec.get("label"))}: {likely}{e(contract)} by '
        f'{e(ruling.get("declarer"))}, {e(rec.get("declarer_tricks"))} tricks '
        f'({e(contract_result(contract, int(rec.get("declarer_tricks", 0))))}). '
        f'{_step_html(rec.get("reason_parts", ()))}</p></section>',
        '<div class="grid">',
        f'<section><h2>The deal</h2>{_hands_html(ruled.case, ruling)}</section>',
        f'<section><h2>Results</h2>{_results_html(ruling)}</section>',
        "</div>",
        _auction_html(ruled.case, ruling),
        f"<section><h2>The play</h2>{_tricks_html(ruled, ruling)}</section>",
        "<section><h2>How the ruling was reached</h2><ol class=\"steps\">"
        + "".join(f"<li>{_step_html(step)}</li>" for step in ruling.get("steps") or [])
        + "</ol></section>",
        '<footer class="sign"><span>Director: ________________________</span>'
        "<span>Date: ____________</span><span>Signature: ________________________</span></footer>",
        "</article>",
    ]
    return "\n".join(parts)


def _e(value: object) -> str:
    return escape("" if value is None else str(value))


def _step_html(parts: Iterable[Mapping[str, Any]]) -> str:
    """An explanation step, its citations in bold."""
    return "".join(f"<strong>{_e(p['text'])}</strong>" if p.get("laws") else _e(p["text"])
                   for p in parts)


def _fields_html(fields: SheetFields, board: object) -> str:
    blank = "&nbsp;"
    rows = [("Event", fields.event), ("Session", fields.session), ("Table", fields.table),
            ("Board", None if board is None else str(board)), ("NS pair", fields.ns_pair),
            ("EW pair", fields.ew_pair)]
    cells = "".join(f'<div class="field"><span class="name">{name}</span>'
                    f'<span class="value">{_e(value) if value else blank}</span></div>'
                    for name, value in rows)
    return f'<section class="fields">{cells}</section>'


def _vulnerable(value: str) -> str:
    return {"None": "none", "All": "both"}.get(value, value)


def _contract_html(contract: str) -> str:
    if len(contract) < 2:
        return _e(contract)
    strain = contract[1]
    symbol = "NT" if strain == "N" else _SYMBOL.get(strain, strain)
    red = ' class="red"' if strain in _RED else ""
    return f"{_e(contract[0])}<span{red}>{symbol}</span>{_e(contract[2:])}"


def _card_html(card: str) -> str:
    suit, rank = card[0], card[1:]
    red = ' class="red"' if suit in _RED else ""
    return f'<span{red}>{_SYMBOL.get(suit, _e(suit))}</span>{_e("10" if rank == "T" else rank)}'


def _hands_html(case: Case, ruling: RulingJSON) -> str:
    dummy = str(case.dummy)
    declarer = str(case.declarer)

    def hand(seat: Seat) -> str:
        name = _NAMES[str(seat)]
        role = " (declarer)" if str(seat) == declarer else " (dummy)" if str(seat) == dummy else ""
        lines = []
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            cards = sorted((c for c in case.deal.hand(seat) if c.suit is suit), key=Card.sort_key)
            ranks = " ".join("10" if str(c)[1] == "T" else str(c)[1] for c in cards) or "—"
            red = ' class="red"' if suit.letter in _RED else ""
            lines.append(f"<div><span{red}>{_SYMBOL[suit.letter]}</span> {ranks}</div>")
        return f'<div class="hand hand-{seat}"><b>{name}{role}</b>{"".join(lines)}</div>'

    centre = f'<div class="centre">{_contract_html(str(ruling.get("contract", "")))} {_e(declarer)}</div>'
    return (f'<div class="diagram">{hand(Seat.N)}{hand(Seat.W)}{centre}{hand(Seat.E)}'
            f"{hand(Seat.S)}</div>")


def _auction_html(case: Case, ruling: RulingJSON) -> str:
    """The auction in rounds, its notes, and what each seat showed that the single-dummy layouts
    used (empty when the case has no auction and nothing was shown)."""
    shown = "".join(f"<li>{_e(line)}</li>" for line in shown_words(ruling.get("equity")))
    if case.auction is None and not shown:
        return ""
    out = ["<section><h2>The auction</h2>"]
    if case.auction is not None:
        grid = auction_grid(case.auction)
        head = "".join(f"<th>{_NAMES[str(s)]}</th>" for s in COLUMNS)
        body = "".join("<tr>" + "".join(f"<td>{_call_html(c)}</td>" for c in row) + "</tr>"
                       for row in grid.rows)
        out.append(f'<table class="auction"><thead><tr>{head}</tr></thead><tbody>{body}</tbody>'
                   "</table>")
        notes = [f"{_e(call)}: {_e(text)}" for call, text in grid.notes]
        if grid.alerted:
            notes.insert(0, "! an alerted call (it shows nothing to the layouts)")
        if notes:
            out.append(f'<p class="legend">{"; ".join(notes)}.</p>')
    if shown:
        out.append(f'<p>What the seats showed (the single-dummy layouts match it):</p><ul class="shown">'
                   f"{shown}</ul>")
    effect = ruling.get("auction_effect")
    if isinstance(effect, Mapping):
        out.append(f'<p class="auction-effect">{_e(str(effect["text"]))}</p>')
    out.append("</section>")
    return "".join(out)


def _call_html(call: str) -> str:
    if len(call) >= 2 and call[0].isdigit():
        strain = call[1]
        symbol = "NT" if strain == "N" else _SYMBOL.get(strain, strain)
        red = ' class="red"' if strain in _RED else ""
        rest = call[3:] if call[1:3] == "NT" else call[2:]
        return f"{_e(call[0])}<span{red}>{symbol}</span>{_e(rest)}"
    return _e(call)


def _tricks_html(ruled: Ruled, ruling: RulingJSON) -> str:
    revokes = {(r["trick"], r["player"]): r for r in ruling.get("revokes") or []}
    rows = []
    for trick in ruled.record.tricks:
        cells = []
        played = dict(trick.played())
        for seat in SEATS:
            card = played.get(seat)
            if card is None:
                cells.append("<td></td>")
                continue
            classes = []
            if seat is trick.leader:
                classes.append("lead")
            if seat is trick.winner:
                classes.append("won")
            mark = ""
            revoke = revokes.get((trick.number, str(seat)))
            if revoke is not None:
                classes.append("revoke")
                mark = ' <span class="mark">R</span>' if not revoke.get("corrected") else \
                    ' <span class="mark">c</span>'
            cells.append(f'<td class="{" ".join(classes)}">{_card_html(str(card))}{mark}</td>')
        winner = _NAMES[str(trick.winner)] if trick.winner else "—"
        rows.append(f"<tr><th>{trick.number}</th>{''.join(cells)}<td>{winner}</td></tr>")
    claim = ruled.case.claim
    if claim is not None:
        rows.append(f'<tr><td colspan="6" class="claim">Claim after trick {claim.after_trick}: '
                    f"declarer's side {claim.declarer_tricks} of the remaining "
                    f"{13 - claim.after_trick} tricks.</td></tr>")
    head = "".join(f"<th>{_NAMES[str(s)]}</th>" for s in SEATS)
    return (f'<table class="tricks"><thead><tr><th>Trick</th>{head}<th>Won by</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table><p class="legend">Led card underlined, '
            "winning card in bold, R a revoke, c a revoke corrected before it was established.</p>")


def _results_html(ruling: RulingJSON) -> str:
    rows: list[tuple[str, object, object, str]] = []
    table = ruling.get("table") or {}
    mechanical = ruling.get("mechanical") or {}
    rows.append(("Table result", table.get("declarer_tricks"), table.get("score_ns"), ""))
    rows.append(("After rectification", mechanical.get("declarer_tricks"),
                 mechanical.get("score_ns"), ""))
    equity = ruling.get("equity")
    if isinstance(equity, Mapping):
        rows.append(("Without the revoke, double-dummy", equity.get("declarer_tricks"),
                     equity.get("score_ns"), ""))
        for name, estimate in (equity.get("estimates") or {}).items():
            if isinstance(estimate, Mapping) and "distribution" in estimate:
                shares = ", ".join(f"{t}: {float(p):.0%}"
                                   for t, p in sorted(estimate["distribution"].items(),
                                                      key=lambda kv: int(kv[0])))
                rows.append((f"Estimate {name}", estimate.get("expected"), None, shares))
    rec = ruling.get("recommendation") or {}
    weighted = rec.get("weighted")
    if isinstance(weighted, Mapping) and len(weighted.get("components") or []) > 1:
        basis = ", ".join(f"{float(c['weight']) * (100 if float(c['weight']) <= 1 else 1):.0f}% of "
                          f"{c['declarer_tricks']}" for c in weighted.get("components") or [])
        rows.append(("Weighted score, net", None, weighted.get("score_ns"),
                     f"{basis}: score each component, then weight"))
    split = rec.get("split")
    if isinstance(split, Mapping):
        for part, label in ((split["non_offenders"], "Split: non-offenders"),
                            (split["offenders"], "Split: offenders")):
            rows.append((label, part.get("declarer_tricks"), part.get("score_ns"), ""))
    for other in ruling.get("beside") or []:  # by the same rule: never the score to enter
        net = other.get("weighted")
        several = isinstance(net, Mapping) and len(net.get("components") or []) > 1
        rows.append((f"Beside it: {other.get('estimate')} ({other.get('label')})",
                     other.get("declarer_tricks"),
                     net.get("score_ns") if several and isinstance(net, Mapping)
                     else other.get("score_ns"),
                     f"{other.get('words')}{', weighted, net' if several else ''}; "
                     "not the score to enter"))
    rows.append((f"Recommended ({rec.get('label')})", rec.get("declarer_tricks"),
                 rec.get("score_ns"), "adjusted score" if rec.get("adjusted") else ""))
    last = len(rows) - 1
    body = "".join(
        f'<tr class="{"rec" if i == last else "row"}"><th>{_e(label)}</th>'
        f'<td class="num">{_e(tricks)}</td><td class="num">{_e(_score(score))}</td>'
        f"<td>{_e(basis)}</td></tr>"
        for i, (label, tricks, score, basis) in enumerate(rows))
    return ('<table class="results"><thead><tr><th></th><th>Tricks</th><th>NS score</th><th></th>'
            f"</tr></thead><tbody>{body}</tbody></table>")


def _score(score: object) -> str:
    if score is None:
        return ""
    value = float(score)  # type: ignore[arg-type]
    text = str(int(value)) if value.is_integer() else f"{value:.2f}".rstrip("0")
    return text if value <= 0 else "+" + text


_CSS = """
* { box-sizing: border-box; }
body { margin: 0; color: #1b2430; font: 11pt/1.4 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }
.sheet { max-width: 190mm; margin: 0 auto; padding: 10mm 0; break-after: page; }
.sheet:last-child { break-after: auto; }
.top { display: flex; justify-content: space-between; font-size: 9pt; color: #5b6675;
       text-transform: uppercase; letter-spacing: 1px; border-bottom: 2px solid #1f3a5f; }
.fields { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px 16px; margin: 8px 0; }
.field { display: flex; gap: 6px; border-bottom: 1px solid #9aa6b5; padding-top: 6px; }
.field .name { color: #5b6675; font-size: 9pt; min-width: 4.5em; }
h1 { font-size: 16pt; margin: 10px 0 0; color: #1f3a5f; }
h2 { font-size: 10pt; text-transform: uppercase; letter-spacing: 0.6px; color: #1f3a5f;
     border-bottom: 1px solid #d5dbe3; margin: 12px 0 6px; }
.facts { margin: 2px 0 8px; color: #5b6675; }
.verdict { border: 2px solid #1f3a5f; border-radius: 6px; padding: 6px 12px; background: #f1f5fb; }
.verdict .label { font-size: 9pt; text-transform: uppercase; letter-spacing: 1px; color: #5b6675; }
.enter-line { font-size: 13pt; font-weight: 700; margin: 2px 0; }
.kind { margin: 4px 0 0; font-size: 10pt; }
.grid { display: grid; grid-template-columns: 1fr 1.3fr; gap: 16px; }
.diagram { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 4px; font-size: 10pt; }
.hand b { display: block; font-size: 9pt; color: #1f3a5f; }
.hand-N { grid-column: 2; } .hand-W { grid-column: 1; } .hand-E { grid-column: 3; }
.hand-S { grid-column: 2; }
.centre { grid-column: 2; align-self: center; text-align: center; border: 1px solid #b8c2cf;
          border-radius: 4px; padding: 10px 0; font-weight: 700; }
.red { color: #c0171b; }
table { border-collapse: collapse; width: 100%; font-size: 10pt; }
th, td { padding: 2px 6px; border-bottom: 1px solid #d5dbe3; text-align: left; }
td.num { text-align: right; white-space: nowrap; }
tr.rec th, tr.rec td { font-weight: 700; background: #e4ecf7; }
table.tricks td.lead { text-decoration: underline; }
table.tricks td.won { font-weight: 700; }
table.tricks td.revoke { background: #fdecea; color: #c62828; font-weight: 700; }
.mark { font-size: 8pt; color: #fff; background: #c62828; border-radius: 2px; padding: 0 2px; }
td.claim { font-style: italic; }
table.auction { width: auto; } table.auction th, table.auction td { min-width: 4em; }
ul.shown { margin: 2px 0; padding-left: 1.4em; font-size: 10pt; }
.legend { font-size: 8.5pt; color: #5b6675; margin: 2px 0; }
.steps { margin: 0; padding-left: 1.4em; font-size: 10pt; }
.steps li { margin-bottom: 2px; }
.sign { display: flex; justify-content: space-between; margin-top: 24px; font-size: 10pt; }
* { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
@page { size: A4; margin: 12mm; }
@media print {
  body { font-size: 9pt; line-height: 1.3; }
  .sheet { max-width: none; padding: 0; }
  .fields { grid-template-columns: repeat(6, auto); gap: 2px 10px; margin: 4px 0; }
  .field { padding-top: 2px; } .field .name { min-width: 0; font-size: 8pt; }
  h1 { font-size: 13pt; margin-top: 4px; } h2 { font-size: 8.5pt; margin: 6px 0 3px; }
  .facts { margin: 0 0 4px; }
  .verdict { padding: 3px 10px; } .enter-line { font-size: 12pt; margin: 0; }
  .kind { font-size: 8.5pt; margin-top: 2px; }
  .grid { grid-template-columns: 19em 1fr; gap: 12px; }
  .diagram { font-size: 8.5pt; gap: 2px; } .hand b { font-size: 8pt; } .centre { padding: 4px 0; }
  table { font-size: 8.5pt; line-height: 1.15; } th, td { padding: 0 5px; }
  .legend { font-size: 7.5pt; margin: 1px 0; }
  .steps { font-size: 8pt; line-height: 1.25; padding-left: 2em; columns: 2; column-gap: 2.4em; }
  .steps li { margin-bottom: 1px; }
  table.results thead th { white-space: nowrap; } table.tricks { font-size: 8pt; }
  .sign { margin-top: 14px; font-size: 9pt; }
}
@media screen and (max-width: 640px) { .grid, .fields { grid-template-columns: 1fr; }
  .sheet { padding: 8px; } .sign { flex-direction: column; gap: 12px; } }
"""

SHEET_STYLE_SOURCE = "'sha256-" + base64.b64encode(hashlib.sha256(_CSS.encode()).digest()).decode() + "'"
"""The sheet's inline style as a Content-Security-Policy source: a page with a strict policy that
adds it (the service's) shows and prints the sheet with its style and nothing else inline."""

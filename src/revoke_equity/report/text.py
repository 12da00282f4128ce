"""The ruling as a director reads it at the table: hands, trick table, steps, results, summary."""

from __future__ import annotations

from typing import TYPE_CHECKING

from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.seats import SEATS, Seat

if TYPE_CHECKING:
    from revoke_equity.ruling import Ruling


def _holding(cards: frozenset[Card], suit: Suit, unicode: bool) -> str:
    ranks = [c.rank.letter for c in sorted(cards, key=Card.sort_key) if c.suit is suit]
    label = suit.symbol if unicode else suit.letter
    return f"{label} {' '.join(ranks) if ranks else '-'}"


def hands_diagram(ruling: Ruling, unicode: bool = False) -> list[str]:
    deal = ruling.case.deal
    def block(seat: Seat) -> list[str]:
        title = seat.name_long + (" (declarer)" if seat is ruling.case.declarer else
                                  " (dummy)" if seat is ruling.case.dummy else "")
        return [title] + [_holding(deal.hand(seat), suit, unicode) for suit in Suit]
    north, south, west, east = block(Seat.N), block(Seat.S), block(Seat.W), block(Seat.E)
    pad = " " * 24
    lines = [pad + line for line in north]
    lines += [f"{w:<48}{e}" for w, e in zip(west, east, strict=True)]
    lines += [pad + line for line in south]
    return lines


def trick_table(ruling: Ruling) -> list[str]:
    marks: dict[int, str] = {}
    for r in ruling.revokes:
        marks[r.index] = "!" if not r.corrected else "c"
    header = "Trick  Lead   " + "".join(f"{s.value:<6}" for s in SEATS) + "Won by"
    lines = [header]
    for trick in ruling.record.tricks:
        cells = {}
        for offset, card in enumerate(trick.cards):
            index = trick.first_index + offset
            cells[trick.seat_of(offset)] = f"{card}{marks.get(index, '')}"
        row = f"{trick.number:>5}  {trick.leader.value:<5}  " + "".join(
            f"{cells.get(s, ''):<6}" for s in SEATS
        )
        winner = trick.winner.value if trick.winner else "(unfinished)"
        lines.append(row + winner)
    claim = ruling.case.claim
    if claim is not None:
        lines.append(
            f"Claim after trick {claim.after_trick}: declarer's side {claim.declarer_tricks} of "
            f"the remaining {13 - claim.after_trick} tricks."
        )
    legend = {"!": "! revoke", "c": "c corrected revoke (the card shown replaced it)"}
    used = [legend[m] for m in legend if m in marks.values()]
    if used:
        lines.append("   ".join(used))
    return lines


def results_table(ruling: Ruling) -> list[str]:
    rows: list[tuple[str, int]] = [("Table", ruling.record.declarer_tricks),
                                   ("Mechanical (Law 64)", ruling.mechanical_tricks)]
    if ruling.equity is not None:
        rows.append(("Equity, double-dummy", ruling.equity.declarer_tricks))
    if ruling.replay is not None:
        rows.append(("Equity, table play kept", ruling.replay.declarer_tricks))
    rec = ruling.recommendation
    rows.append((f"Recommended (Law {rec.law})", rec.declarer_tricks))
    width = max(len(name) for name, _ in rows)
    lines = [f"{'':<{width}}  tricks  score NS"]
    lines += [f"{name:<{width}}  {t:>6}  {ruling.score(t):>+8d}" for name, t in rows]
    return lines


def summary(ruling: Ruling) -> str:
    """A short paragraph a director can read out."""
    c = ruling.case
    rec = ruling.recommendation
    mech = ruling.mechanical_tricks
    if not ruling.revokes:
        return "There was no revoke on this board; the table result stands."
    if not ruling.established:
        return ("The revoke was corrected before it was established (Law 62); there is no trick "
                "transfer and the table result stands.")
    parts = [f"The mechanical result under the {c.laws} Laws is {mech} tricks for declarer "
             f"(NS {ruling.score(mech):+d})."]
    if ruling.equity is not None:
        e = ruling.equity.declarer_tricks
        parts.append(f"Had the revoke not occurred, double-dummy play gives {e} tricks "
                     f"(NS {ruling.score(e):+d}).")
    if rec.adjusted:
        parts.append(f"I assign an adjusted score of {rec.declarer_tricks} tricks "
                     f"(NS {ruling.score(rec.declarer_tricks):+d}) under Law {rec.law}, because "
                     "the automatic transfer does not restore equity for the non-offending side.")
    else:
        parts.append(f"The score stands at {rec.declarer_tricks} tricks "
                     f"(NS {ruling.score(rec.declarer_tricks):+d}) under Law {rec.law}.")
    if ruling.weighted is not None:
        parts.append(f"A weighted score under Law 12C1(c) would be NS "
                     f"{ruling.weighted.score_ns:+g}.")
    return " ".join(parts)


def render(ruling: Ruling, *, unicode: bool = False) -> str:
    c = ruling.case
    board = f"Board {c.board}" if c.board is not None else "Board"
    head = (f"{board}: {c.contract} by {c.declarer.name_long}, vulnerable: {c.vulnerable}, "
            f"Laws {c.laws}, revoke noticed: {c.noticed}")
    out = [head, "=" * len(head), ""]
    out += hands_diagram(ruling, unicode)
    out += ["", "Play", "----", *trick_table(ruling)]
    out += ["", "Ruling", "------"]
    out += [f"{i}. {line}" for i, line in enumerate(ruling.explanation, start=1)]
    if ruling.replay is not None and ruling.replay.differences:
        out += ["", "Replay without the revoke: where it leaves the table's play"]
        out += [f"  - {d}" for d in ruling.replay.differences]
    out += ["", "Results", "-------", *results_table(ruling)]
    out += ["", "For the director", "----------------", _wrap(summary(ruling))]
    from revoke_equity.io.handviewer import handviewer_url

    out += ["", f"Replay the board in BBO's handviewer: {handviewer_url(c)}"]
    return "\n".join(out) + "\n"


def _wrap(text: str, width: int = 96) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width))

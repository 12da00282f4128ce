"""The ruling as a director reads it at the table: hands, trick table, steps, results, summary."""

from __future__ import annotations

import textwrap

from revoke_equity.equity.estimate import Estimate
from revoke_equity.equity.lines import describe
from revoke_equity.equity.shown import lines as shown_lines
from revoke_equity.io.handviewer import handviewer_url
from revoke_equity.laws.law import cite
from revoke_equity.model.auction import Auction
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.seats import SEATS, Seat
from revoke_equity.report.auction import COLUMNS, auction_grid
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
                                   (f"Mechanical ({cite(ruling.mechanical_law)})",
                                    ruling.mechanical_tricks)]
    for comparison in ruling.comparisons:
        rows.append((f"Double-dummy, {cite(comparison.point.law)} comparison", comparison.dd_tricks))
    rec = ruling.recommendation
    rows.append((f"Recommended ({cite(rec.law)})", rec.declarer_tricks))
    nets: list[tuple[str, float, str]] = []
    if rec.weighted is not None and len(rec.weighted.components) > 1:
        nets.append((f"Weighted, net ({cite(rec.weighted.law)})", rec.weighted.score_ns,
                     "(score each component, then weight)"))
    for other in ruling.beside:  # what an estimate shown beside leads to, by the same rule
        rows.append((f"Beside it, {other.estimate} ({cite(other.law)})", other.declarer_tricks))
        if other.weighted is not None and len(other.weighted.components) > 1:
            nets.append((f"Beside it, {other.estimate} weighted, net", other.weighted.score_ns,
                         "(not the score to enter)"))
    width = max(*(len(name) for name, _, _ in nets), *(len(name) for name, _ in rows))
    lines = [f"{'':<{width}}  tricks  score NS"]
    lines += [f"{name:<{width}}  {t:>6}  {ruling.score(t):>+8d}" for name, t in rows]
    lines += [f"{name:<{width}}  {'':>6}  {net:>+8g}  {note}" for name, net, note in nets]
    return lines


def distribution_chart(ruling: Ruling, width: int = 40) -> list[str]:
    """A bar per result of each estimate that is a distribution, with the likely and at all
    probable thresholds marked."""
    o = ruling.options
    lines: list[str] = []
    for comparison in ruling.comparisons:
        for name, estimate in comparison.estimates.items():
            dist = estimate.distribution
            lines.append(f"{name} at the {cite(comparison.point.law)} comparison (trick "
                         f"{comparison.point.trick}), expected {dist.expected:.2f} tricks:")
            likely = set(dist.likely(o.likely))
            probable = set(dist.probable(o.probable))
            for t in dist.support:
                bar = "#" * max(1, round(width * dist[t]))
                mark = ("likely" if t in likely else "at all probable" if t in probable else "")
                lines.append(f"  {t:>2} tricks (NS {ruling.score(t):>+5d}) {bar:<{width}} "
                             f"{100 * dist[t]:5.1f}%  {mark}".rstrip())
            unseen = unseen_text(estimate)
            if unseen:
                lines.append(f"  {unseen}")
    if lines:
        lines.append(f"Likely: at least {100 * o.likely:.0f}%; at all probable: at least "
                     f"{100 * o.probable:.0f}%.")
    for view in (ruling, *ruling.beside_views):
        lines += firmness_lines(view, beside=view is not ruling)
    return lines


def firmness_lines(ruling: Ruling, *, beside: bool = False) -> list[str]:
    """What stands behind the recommendation of ``ruling``'s estimate: the line behind each
    result at all probable, the results near a threshold and the weights' error; ``beside``: of
    an estimate shown beside the ruling's own (``ruling`` then one of its beside views), said so."""
    chosen = ruling.estimate
    if chosen is None:
        return []
    tag = f"{chosen.name}, shown beside" if beside else chosen.name
    lines: list[str] = []
    lines_behind = chosen.details.get("lines")
    if isinstance(lines_behind, list) and len(lines_behind) > 1:
        lines.append(f"The line behind each result at all probable ({tag}):")
        lines += [f"  {describe(line)}" for line in lines_behind]
    what = "the score it leads to" if beside else "the recommendation"
    for near in ruling.near_thresholds:
        lines.append(f"Near a threshold{f' ({tag})' if beside else ''}: {near.declarer_tricks} "
                     f"tricks at {100 * near.probability:.1f}% is within one sampling error "
                     f"({100 * near.sampling_error:.1f}%) of the {near.threshold} threshold "
                     f"({100 * near.value:.0f}%): {what} could turn on it.")
    weights = weight_error_text(ruling, f" ({tag})" if beside else "")
    if weights:
        lines.append(weights)
    return lines


def weight_error_text(ruling: Ruling, of: str = "") -> str | None:
    """One line for the weights' 95% intervals and the net's range within them: ``Weights with
    the estimate's error (95%): 9 tricks 70% (57-84%), 10 tricks 30% (16-44%); the net is NS +113
    to +119 within them.`` (``of`` after "Weights": `` (sd, shown beside)``); ``None`` when the
    weighted score has one component or the estimate no intervals."""
    error, weighted = ruling.weight_error, ruling.recommendation.weighted
    if error is None or weighted is None:
        return None
    each = ", ".join(f"{c.declarer_tricks} tricks {c.percent}% ({100 * lo:.0f}-{100 * hi:.0f}%)"
                     for c, (lo, hi) in zip(weighted.components, error.intervals, strict=True))
    low, high = error.net_ns
    return (f"Weights{of} with the estimate's error (95%): {each}; the net is NS {low:+.0f} to "
            f"{high:+.0f} within them.")


def unseen_text(estimate: Estimate) -> str | None:
    """One line for the results an estimate has an interval for but did not draw (spec
    likely-result.md section 6, "Honest intervals"): ``not seen in 60 playouts: 8 tricks, at
    most 6.0%``; ``None`` when there are none or none reaches 0.1%."""
    interval = estimate.interval or {}
    unseen = {t: hi for t, (_, hi) in interval.items() if estimate.distribution[t] <= 0}
    if not unseen or max(unseen.values()) < 0.0005:
        return None
    playouts = estimate.parameters.get("playouts")
    where = (f"not seen in {playouts} playouts" if playouts is not None
             else "not reached with these layouts")
    each = " each" if len(unseen) > 1 else ""
    return (f"{where}: {trick_ranges(sorted(unseen))} tricks,{each} at most "
            f"{100 * max(unseen.values()):.1f}% (95%)")


def trick_ranges(tricks: list[int]) -> str:
    """Ascending trick counts as ranges: ``0-7, 11-13``."""
    runs: list[list[int]] = []
    for t in tricks:
        if runs and t == runs[-1][-1] + 1:
            runs[-1].append(t)
        else:
            runs.append([t])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def summary(ruling: Ruling) -> str:
    """A short paragraph a director can read out: what happened and which score to enter."""
    if not ruling.revokes:
        return "There was no revoke on this board; the table result stands."
    if ruling.corrected is not None:
        return ruling.recommendation.reason
    if not ruling.established:
        return (f"The revoke was corrected before it was established ({cite('62')}); there is no "
                "trick transfer and the table result stands.")
    return ruling.recommendation.reason


def render(ruling: Ruling, *, unicode: bool = False) -> str:
    c = ruling.case
    board = f"Board {c.board}" if c.board is not None else "Board"
    head = (f"{board}: {c.contract} by {c.declarer.name_long}, vulnerable: {c.vulnerable}, "
            f"Laws {c.laws}, revoke noticed: {c.noticed}")
    out = [head, "=" * len(head), ""]
    out += hands_diagram(ruling, unicode)
    if c.auction is not None:
        out += ["", "Auction", "-------", *auction_table(c.auction)]
    out += ["", "Play", "----", *trick_table(ruling)]
    out += ["", "Ruling", "------"]
    out += [f"{i}. {line}" for i, line in enumerate(ruling.explanation, start=1)]
    for comparison in ruling.comparisons:
        table = comparison.estimates.get("table")
        departures = table.details.get("departures") if table is not None else None
        if isinstance(departures, list) and departures:
            out += ["", "Table play kept: where the most likely line leaves the table's play"]
            out += [f"  - {d}" for d in departures]
    shown = ruling.shown
    if shown is not None:
        out += ["", "What the auction showed (the single-dummy layouts match it)",
                "-----------------------------------------------------------",
                *(f"  {line}" for line in shown_lines(*shown))]
        out += [f"  {seat}: dropped at {n} decision{'s' if n > 1 else ''}, where no layout of the "
                "unseen cards matched it" for seat, n in ruling.shown_dropped.items()]
    if ruling.auction_effect is not None:
        out += ["", _wrap(ruling.auction_effect.text)]
    chart = distribution_chart(ruling)
    if chart:
        out += ["", "Likely result without the revoke", "--------------------------------", *chart]
    out += ["", "Results", "-------", *results_table(ruling)]
    out += ["", "For the director", "----------------", _wrap(summary(ruling))]
    out += ["", f"Replay the board in BBO's handviewer: {handviewer_url(c)}"]
    return "\n".join(out) + "\n"


def auction_table(auction: Auction) -> list[str]:
    """The calls in rounds under West, North, East and South, then the notes of alerted calls."""
    grid = auction_grid(auction)
    out = ["".join(f"{s.name_long:<8}" for s in COLUMNS).rstrip()]
    out += ["".join(f"{cell:<8}" for cell in row).rstrip() for row in grid.rows]
    if grid.alerted:
        out.append("! alerted (shows nothing to the single-dummy layouts)")
    out += [f"{call}: {text}" for call, text in grid.notes]
    return out


def _wrap(text: str, width: int = 96) -> str:
    return "\n".join(textwrap.wrap(text, width))

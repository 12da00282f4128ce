"""Bare endplay: the same DDS operations as our solver layer, called the way an endplay user would
(``endplay.dds.calc_dd_table``, ``solve_board``, ``analyse_play`` on ``endplay.types.Deal``), and
the conversions that make both sides' answers comparable (plain ``{"SA": 7}`` dicts and tuples).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from revoke_equity.model.cards import Card, Strain
from revoke_equity.model.deal import hand_to_pbn
from revoke_equity.model.position import Position
from revoke_equity.model.seats import SEATS, Seat, Side

from bench.hands import SEATS as SEAT_LETTERS
from bench.hands import STRAINS, SUITS


def endplay_deal(pbn: str, trump: int, first: int, cards: Sequence[str] = ()) -> Any:
    """An ``endplay.types.Deal`` from a PBN deal, trump (0-4) and leader (0-3), with ``cards``
    played from it (``Deal.play`` completes tricks and moves the lead)."""
    from endplay.types import Deal, Denom, Player

    deal = Deal(pbn, first=Player(first), trump=Denom(trump))
    for card in cards:
        deal.play(card)
    return deal


def endplay_position(position: Position) -> Any:
    """An ``endplay.types.Deal`` holding ``position`` (hands, trumps, leader, the trick's cards)."""
    from endplay.types import Deal, Denom, Player

    pbn = "N:" + " ".join(hand_to_pbn(position.hand(seat)) for seat in SEATS)
    trump = 4 if position.trump is None else SUITS.index(position.trump.value)
    deal = Deal(pbn, first=Player(position.leader.index), trump=Denom(trump))
    for card in position.trick:
        deal.play(str(card), from_hand=False)
    return deal


def card_text(card: Any) -> str:
    """An endplay card as ``"ST"``."""
    return SUITS[int(card.suit)] + str(card.rank.abbr)


# -- the bare calls (what is timed on the bare side) ----------------------------------------------


def bare_table(deal: Any) -> dict[str, int]:
    """``calc_dd_table``, read into ``{"SN": tricks, ...}``."""
    from endplay.dds import calc_dd_table
    from endplay.types import Denom, Player

    table = calc_dd_table(deal)
    return {STRAINS[d] + SEAT_LETTERS[p]: table[Denom(d), Player(p)]
            for d in range(5) for p in range(4)}


def bare_solve(deal: Any) -> dict[str, int]:
    """``solve_board`` (all cards), read into ``{"SA": tricks for the side to move}``."""
    from endplay.dds import solve_board

    return {card_text(card): score for card, score in solve_board(deal)}


def bare_trace(deal: Any, line: Sequence[str]) -> tuple[int, ...]:
    """``analyse_play`` along ``line``: DDS's raw counts (as in the reference ``TRACE``)."""
    from endplay.dds import analyse_play

    return tuple(analyse_play(deal, line))


# -- our answers in the same shapes ---------------------------------------------------------------


def our_table(table: dict[tuple[Strain, Seat], int]) -> dict[str, int]:
    return {strain.value + seat.value: t for (strain, seat), t in table.items()}


def our_solve(answer: dict[Card, int]) -> dict[str, int]:
    return {str(card): t for card, t in answer.items()}


def trace_to_ns(start: Position, line: Sequence[Card], raw: Sequence[int]) -> tuple[int, ...]:
    """DDS's ``AnalysePlay`` counts (cumulative tricks of the side that did not lead at ``start``,
    reported at the start and after each card but those of the last trick) as North-South's
    remaining tricks at each reported position: the shape of ``DdsSolver.trace``."""
    tricks = len(start.hand(start.to_move))
    counted_is_ns = start.leader.side is Side.EW
    out: list[int] = []
    position = start
    for j, count in enumerate(raw):
        if j > 0:
            position = position.play(line[j - 1])
        ns_total = count if counted_is_ns else tricks - count
        out.append(ns_total - (position.ns_tricks - start.ns_tricks))
    return tuple(out)


def best_for_ns(position: Position, answer: dict[str, int]) -> int:
    """North-South's remaining tricks at ``position`` from a per-card answer for the side to move."""
    best = max(answer.values())
    return best if position.to_move.side is Side.NS else len(position.hand(position.to_move)) - best

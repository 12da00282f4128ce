"""BBO LIN records: reader and writer.

A LIN text is a run of ``command|argument|`` pairs. What is read:

- ``md|3SJ96H...,S74H...,SAKQ...,|``: dealer digit (1 S, 2 W, 3 N, 4 E) then the hands of South,
  West, North and East; one missing hand (usually the 4th) is the 13 cards left over;
- ``sv|o|`` vulnerability (``o`` none, ``n`` NS, ``e`` EW, ``b`` both), else from the board number;
- ``mb|1S!|`` calls (``p``, ``d``, ``r``, ``!`` alerts); the contract is the last bid with any
  double or redouble after it, declarer the first player of that side to bid its strain;
- ``pc|D4|`` cards in play order; ``mc|10|`` a claim: declarer's TOTAL tricks (LIN does not say
  who claimed: the claim is taken as declarer's, agreed by the defenders);
- ``ah|Board 3|`` or ``qx|o3|`` the board number.

The calls are the case's auction too, ``an|...|`` explaining (and alerting) the call before it
(:mod:`._auction_lin`). Other commands (``pn``, ``pg``, ``nt``, ``rh``, ``st``, ``vg``, ...) are
skipped. A new
record begins at ``qx`` or ``md``, unless the current record has neither and no calls or play yet.
Each line starts with a command (BBO writes whole pairs on a line; an argument does not continue
on the next line), so a stray ``|`` on one line cannot shift the rest of the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import partial

from revoke_equity.errors import CaseError, ParseError
from revoke_equity.io._auction_lin import MADE_UP, lin_auction, lin_calls
from revoke_equity.io._board import BoardInput, read_one, strict, unnumbered
from revoke_equity.io._fields import (
    PASSED_OUT,
    Board,
    as_parse_error,
    check_play,
    claim_from_total,
    parse_int,
    parse_play,
)
from revoke_equity.io._limits import (
    MAX_BOARDS,
    MAX_DIGITS,
    MAX_WORD,
    check_field,
    leading_number,
    quote,
    too_large,
    too_many_boards,
)
from revoke_equity.model.cards import Card, Rank, Strain, Suit
from revoke_equity.model.case import Case
from revoke_equity.model.contract import (
    Contract,
    Doubling,
    Vulnerability,
    dealer_for_board,
)
from revoke_equity.model.deal import Deal
from revoke_equity.model.play import replay
from revoke_equity.model.seats import SEATS, Seat

LIN_SEATS = (Seat.S, Seat.W, Seat.N, Seat.E)
"""The order of the hands in ``md`` and of the dealer digits 1-4."""

_VULNERABILITY = {
    "o": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "e": Vulnerability.EW,
    "b": Vulnerability.ALL,
}
_VUL_CODE = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.ALL: "b"}
_BID = re.compile(r"^([1-7])(NT|[CDHSN])$")
_HEADER = frozenset({"ah", "sv", "pn", "rh", "st", "bn"})
"""Commands that describe a board and may come before its ``md``."""


@dataclass
class _Record:
    commands: list[tuple[str, str, int]] = field(default_factory=list)
    """``(command, argument, line)``."""
    names: set[str] = field(default_factory=set)
    """The commands present (so that :meth:`has` does not rescan the record)."""

    cards: int = 0

    def add(self, item: tuple[str, str, int]) -> None:
        self.commands.append(item)
        self.names.add(item[0])
        self.cards += item[0] == "pc"

    @property
    def complete(self) -> bool:
        """All 52 cards played, or a claim: calls or play that follow are another board's."""
        return self.cards >= 52 or "mc" in self.names

    def has(self, *names: str) -> bool:
        return any(name in self.names for name in names)

    def values(self, name: str) -> list[tuple[str, int]]:
        return [(arg, line) for cmd, arg, line in self.commands if cmd == name]

    def last(self, name: str) -> tuple[str, int] | None:
        found = self.values(name)
        return found[-1] if found else None


def read_lin(text: str, *, name: str = "<input>") -> list[BoardInput]:
    """Lenient: one :class:`BoardInput` per LIN record (board) of ``text``."""
    oversize = too_large(len(text), name)
    if oversize is not None:
        return [BoardInput(None, None, oversize)]
    entries: list[BoardInput] = []
    for record in _records(text):
        if len(entries) == MAX_BOARDS:
            entries.append(BoardInput(None, None, too_many_boards(name, record.commands[0][2])))
            break
        board = _board_number(record)
        label: int | str = board if board is not None else unnumbered(len(entries) + 1)
        entries.append(read_one(board, label, partial(_case, record, board, label)))
    if not entries:
        entries.append(BoardInput(None, None, ParseError(f"{name}: no LIN record (md|...|) found")))
    return entries


def loads_lin(text: str) -> list[Case]:
    """Strict: the cases of a LIN text, one per record; raises the first bad board's error."""
    return strict(read_lin(text))


def dumps_lin(case: Case) -> str:
    """One LIN record for ``case``. The auction is made up (passes, the contract, any double and
    redouble) since a case keeps only its result; dealer from the board, else declarer."""
    record = replay(case)
    dealer = dealer_for_board(case.board) if case.board is not None else case.declarer
    if lin_calls(case) is not None:
        assert case.auction is not None
        dealer = case.auction.dealer
    hands = ",".join(_hand_to_lin(case.deal.hand(seat)) for seat in LIN_SEATS)
    parts = [f"md|{LIN_SEATS.index(dealer) + 1}{hands}|", "rh||"]
    if case.board is not None:
        parts.append(f"ah|Board {case.board}|")
    parts.append(f"sv|{_VUL_CODE[case.vulnerable]}|")
    calls = ["p"] * ((case.declarer.index - dealer.index) % 4)
    contract = case.contract
    calls.append(f"{contract.level}{contract.strain.value}")
    if contract.doubling >= Doubling.DOUBLED:
        calls.append("d")
    if contract.doubling is Doubling.REDOUBLED:
        calls.append("r")
    calls += ["p", "p", "p"]
    parts.extend(lin_calls(case) or [MADE_UP, *(f"mb|{call}|" for call in calls)])
    for trick in record.tricks:
        parts.append("pg||")
        parts.extend(f"pc|{card}|" for card in trick.cards)
    if case.claim is not None:
        parts.append(f"mc|{record.declarer_tricks}|")
    parts.append("pg||")
    return "".join(parts)


def _records(text: str) -> list[_Record]:
    """Split into records: ``md`` or ``qx`` starts one unless the current record has no such
    command yet and no calls or play; so do calls and play (``mb``, ``pc``, ``mc``) before any
    record or after a complete one (52 cards or a claim), so that a board whose ``md`` is damaged
    runs into neither its neighbours nor they into it.
    Board headers (``ah``, ``sv``, ...) that follow a record's play wait for the next record.
    One pass: each line is split into ``command|argument|`` pairs."""
    records: list[_Record] = []
    current: _Record | None = None
    pending: list[tuple[str, str, int]] = []
    for line, text_line in enumerate(text.splitlines(), start=1):
        fields = text_line.split("|")
        for i in range(0, len(fields) - 1, 2):
            command = fields[i].strip().lower()
            item = (command, fields[i + 1], line)
            starts, content = command in ("md", "qx"), command in ("mb", "pc", "mc")
            if not (starts or content) and (
                current is None or (command in _HEADER and current.has("pc", "mc"))
            ):
                pending.append(item)
                continue
            if (
                current is None
                or (content and current.complete)
                or (starts and (current.has(command) or current.has("mb", "pc", "mc")))
            ):
                current = _Record()
                for waiting in pending:
                    current.add(waiting)
                pending = []
                records.append(current)
            current.add(item)
    return [record for record in records if record.has("md", "mb", "pc")]


def _board_number(record: _Record) -> int | None:
    for name in ("ah", "qx"):
        found = record.last(name)
        if found:
            number = leading_number(found[0])
            if number:
                return number
    return None


def _check_board_number(record: _Record, where: Board) -> None:
    """A board number given (``ah`` or ``qx`` with a digit in it) that cannot be read is this
    board's error, not a board without a number."""
    for name in ("ah", "qx"):
        found = record.last(name)
        if found and any(char.isdigit() for char in found[0]):
            raise ParseError(
                f"{name}|{quote(found[0])}|: not a board number (1 to {MAX_DIGITS} ASCII digits)",
                board=where,
                line=found[1],
            )


def _case(record: _Record, board: int | None, where: Board) -> Case:
    if board is None:
        _check_board_number(record, where)
    md = record.last("md")
    if md is None:
        raise ParseError("no md|...| deal in this record", board=where, line=record.commands[0][2])
    dealer, deal = parse_md(
        check_field(md[0], "md", board=where, line=md[1], limit=4 * MAX_WORD), board=where, line=md[1]
    )
    if dealer is None:
        if board is None:
            raise ParseError(
                "md|...| gives no dealer digit and there is no board number", board=where, line=md[1]
            )
        dealer = dealer_for_board(board)
    sv = record.last("sv")
    if sv is not None:
        code = check_field(sv[0], "sv", board=where, line=sv[1], limit=MAX_WORD).strip().lower()
        if code not in _VULNERABILITY:
            raise ParseError(
                f"sv|{sv[0]}|: unknown vulnerability (expected o, n, e or b)", board=where, line=sv[1]
            )
        vulnerable = _VULNERABILITY[code]
    else:
        vulnerable = Vulnerability.NONE if board is None else Vulnerability.for_board(board)
    calls = record.values("mb")
    for call, line in calls:
        check_field(call, "mb (call)", board=where, line=line, limit=MAX_WORD)
    auction = lin_auction(record.commands, dealer, where)
    contract, declarer = contract_from_auction(
        [call for call, _ in calls], dealer, board=where, line=calls[0][1] if calls else md[1]
    )
    case = Case(
        deal=deal, contract=contract, declarer=declarer, play=(), vulnerable=vulnerable, board=board,
        auction=auction,
    )
    case = replace(case, play=parse_play(record.values("pc"), case, where))
    mc = record.last("mc")
    if mc is not None and len(case.play) < 52:
        total = parse_int(mc[0], what="mc (claim)", board=where, low=0, high=13, line=mc[1])
        case = replace(case, claim=claim_from_total(case, total, where, mc[1], what="mc (claim)"))
    check_play(case, where, mc[1] if mc else None)
    return case


def parse_md(text: str, *, board: Board = None, line: int | None = None) -> tuple[Seat | None, Deal]:
    """The dealer (``None`` without a digit) and deal of an ``md`` argument."""
    text = text.strip()
    dealer = None
    if text[:1] and text[0] in "0123456789":
        if text[0] not in "1234":
            raise ParseError(f"md|{text}|: dealer digit {text[0]} is not 1-4", board=board, line=line)
        dealer, text = LIN_SEATS[int(text[0]) - 1], text[1:]
    return dealer, deal_from_hand_texts(text.split(","), f"md|{text}|", board, line)


def deal_from_hand_texts(
    hand_texts: list[str], what: str, board: Board, line: int | None, seats: tuple[Seat, ...] = LIN_SEATS
) -> Deal:
    """Build a deal from hand texts in ``seats`` order; one missing hand is completed."""
    hand_texts = [*hand_texts[:4], *[""] * (4 - len(hand_texts[:4]))]
    hands: dict[Seat, list[Card]] = {}
    for seat, hand_text in zip(seats, hand_texts, strict=True):
        if hand_text.strip():
            check_field(hand_text, f"{what}, {seat.name_long}'s hand", board=board, line=line, limit=MAX_WORD)
            hands[seat] = parse_hand(hand_text, board=board, seat=seat, line=line)
    missing = [seat for seat in SEATS if seat not in hands]
    if len(missing) > 1:
        raise ParseError(
            f"{what} lists {4 - len(missing)} hands; at least 3 are needed", board=board, line=line
        )
    if missing:
        for seat, cards in hands.items():
            if len(cards) != 13:
                message = f"{seat.name_long} holds {len(cards)} cards, not 13"
                raise ParseError(f"deal: {message}", board=board, seat=str(seat), line=line)
        dealt = {card for cards in hands.values() for card in cards}
        hands[missing[0]] = [
            Card(suit, rank) for suit in Suit for rank in Rank if Card(suit, rank) not in dealt
        ]
    try:
        return Deal.from_hands(hands)
    except CaseError as exc:
        raise as_parse_error(exc, board, line, prefix="deal") from None


def parse_hand(text: str, *, board: Board, seat: Seat, line: int | None = None) -> list[Card]:
    """``SAKQHJT9D2C32`` (suit letter, then its ranks; ``10`` for ten; any case) to cards."""
    cards: list[Card] = []
    suit: Suit | None = None
    upper = text.strip().upper().replace("10", "T")
    for char in upper:
        if char in "SHDC":
            suit = Suit(char)
        elif suit is not None and char in "23456789TJQKA":
            cards.append(Card(suit, Rank.from_str(char)))
        else:
            raise ParseError(
                f"hand {quote(text)}: unexpected {char!r} (expected a suit letter S, H, D, C, then ranks)",
                board=board,
                seat=str(seat),
                line=line,
            )
    return cards


def contract_from_auction(
    calls: Iterable[str], dealer: Seat, *, board: Board = None, line: int | None = None
) -> tuple[Contract, Seat]:
    """The final contract and its declarer: the first player of the declaring side to bid the
    final strain. Calls: ``1S``, ``3N``/``3NT``, ``p``, ``d``/``x``, ``r``/``xx``; ``!`` alerts.
    A call that is none of these is an error naming it and its seat; so is an auction without a
    bid, in the words of the other readers for a board passed out when it has four passes."""
    seat = dealer
    final: tuple[int, Strain, Seat] | None = None
    doubling = Doubling.UNDOUBLED
    first_bidder: dict[tuple[object, Strain], Seat] = {}
    passes = 0
    for index, raw in enumerate(calls):
        call = raw.strip().upper().rstrip("!?").strip()
        match = _BID.match(call)
        if match:
            strain = Strain.from_str(match.group(2))
            final, doubling = (int(match.group(1)), strain, seat), Doubling.UNDOUBLED
            first_bidder.setdefault((seat.side, strain), seat)
        elif call in ("D", "X", "DBL"):
            doubling = Doubling.DOUBLED
        elif call in ("R", "XX", "RDBL"):
            doubling = Doubling.REDOUBLED
        elif call in ("P", "PASS"):
            passes += 1
        else:
            raise ParseError(f"auction call {index + 1} ({seat.value}): unknown call {quote(raw)} "
                             "(expected p, d, r or a bid such as 1S, 3N)",
                             board=board, seat=seat.value, line=line)
        seat = seat.next
    if final is None:
        raise ParseError(_no_bid(passes), board=board, line=line)
    level, strain, bidder = final
    return Contract(level, strain, doubling), first_bidder[(bidder.side, strain)]


def _no_bid(passes: int) -> str:
    """Why an auction of ``passes`` passes and no bid gives no contract."""
    if passes >= 4:
        return PASSED_OUT
    if passes == 0:
        return "no contract: there are no calls to give the contract and declarer"
    return (f"no contract: the auction has {passes} pass{'es' if passes > 1 else ''} and no bid "
            "(four passes pass the board out)")


def _hand_to_lin(cards: Iterable[Card]) -> str:
    cards = list(cards)
    return "".join(
        suit.value + "".join(c.rank.letter for c in sorted(cards, key=Card.sort_key) if c.suit is suit)
        for suit in Suit
    )

"""Field parsers shared by the readers: every failure becomes a located :class:`ParseError`.

Each reader knows where it is (board, line, trick, seat); these helpers turn the model's
``ValueError``/``CaseError`` into a :class:`ParseError` that says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar

from revoke_equity.errors import CaseError, ParseError, PlayError
from revoke_equity.io._limits import (
    MAX_DIGITS,
    MAX_WORD,
    LongNumber,
    check_field,
    quote,
    whole_number,
)
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.case import Case, Claim, Noticed
from revoke_equity.model.contract import Contract, Vulnerability
from revoke_equity.model.deal import Deal
from revoke_equity.model.edition import Edition
from revoke_equity.model.play import PlayRecord, replay
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat

Board = int | str | None
"""A board as errors name it: its number, or ``"3 of the input"`` (third in the input) when it
has none (:func:`~revoke_equity.io._board.unnumbered`)."""

T = TypeVar("T")

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}


def _convert(parse: Callable[[str], T], text: object, what: str, board: Board, line: int | None) -> T:
    if not isinstance(text, str):
        raise ParseError(
            f"{what} must be a string, not {type(text).__name__} {quote(text)}", board=board, line=line
        )
    check_field(text, what, board=board, line=line, limit=MAX_WORD)
    try:
        return parse(text)
    except ValueError as exc:
        raise ParseError(f"{what}: {exc}", board=board, line=line) from None


def parse_card(
    text: object,
    *,
    board: Board,
    what: str = "card",
    trick: int | None = None,
    seat: Seat | None = None,
    line: int | None = None,
) -> Card:
    """A card such as ``SA``, ``h10``, ``♠Q``; anything else is a :class:`ParseError` naming it."""
    if isinstance(text, str) and len(text) > MAX_WORD:
        message = f"{what}: not a card: {quote(text)}"
    elif isinstance(text, str):
        text = text.strip()
        if text[:1] in SUIT_SYMBOLS:
            text = SUIT_SYMBOLS[text[0]] + text[1:]
        try:
            return Card.from_str(text)
        except ValueError as exc:
            message = f"{what}: {exc}"
    else:
        message = f"{what} must be a string, not {type(text).__name__}"
    shown = str(text)
    raise ParseError(
        message,
        board=board,
        trick=trick,
        seat=None if seat is None else str(seat),
        card=shown if len(shown) <= MAX_WORD else shown[:MAX_WORD] + "...",
        line=line,
    )


def parse_seat(text: object, *, board: Board, what: str = "seat", line: int | None = None) -> Seat:
    return _convert(Seat.from_str, text, what, board, line)


PASSED_OUT = "contract: the board was passed out, there is no play to rule on"
"""Every reader's words for a board passed out (a ``Pass`` contract, four passes in LIN)."""


def parse_contract(text: object, *, board: Board, line: int | None = None) -> Contract:
    if isinstance(text, str) and text.strip().upper() in ("PASS", "P", "AP"):
        raise ParseError(PASSED_OUT, board=board, line=line)
    return _convert(Contract.from_str, text, "contract", board, line)


def parse_vulnerability(text: object, *, board: Board, line: int | None = None) -> Vulnerability:
    return _convert(Vulnerability.from_str, text, "vulnerable", board, line)


def parse_edition(text: object, *, board: Board, line: int | None = None) -> Edition:
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    return _convert(Edition.from_str, text, "laws", board, line)


def parse_noticed(text: object, *, board: Board, line: int | None = None) -> Noticed:
    return _convert(Noticed.from_str, text, "noticed", board, line)


def parse_suit(
    text: object,
    *,
    board: Board,
    what: str = "suit",
    trick: int | None = None,
    seat: Seat | None = None,
    line: int | None = None,
) -> Suit:
    """A suit letter (``S``, ``H``, ``D``, ``C``, either case) or symbol."""
    if isinstance(text, str):
        try:
            return Suit.from_str(SUIT_SYMBOLS.get(text.strip(), text))
        except ValueError as exc:
            message = f"{what}: {exc}"
    else:
        message = f"{what} must be a string, not {type(text).__name__} {text!r}"
    raise ParseError(
        message, board=board, trick=trick, seat=None if seat is None else str(seat), line=line
    )


def parse_bool(
    value: object, *, what: str, board: Board, line: int | None = None, text: bool = True
) -> bool:
    """``true`` or ``false``; with ``text``, the words ``yes``, ``no``, ``true``, ``false`` too
    (tag values are text)."""
    if isinstance(value, bool):
        return value
    if text and isinstance(value, str) and value.strip().lower() in _BOOL_WORDS:
        return _BOOL_WORDS[value.strip().lower()]
    expected = "yes or no" if text else "true or false"
    raise ParseError(f"{what} must be {expected}, not {value!r}", board=board, line=line)


_BOOL_WORDS = {"yes": True, "true": True, "no": False, "false": False}


def parse_deal(text: object, *, board: Board, line: int | None = None) -> Deal:
    """A PBN deal string; the model's :class:`CaseError` becomes a located :class:`ParseError`
    (a hand given as ``-``, PBN's unknown hand, is refused by name: a ruling needs all four)."""
    if not isinstance(text, str):
        raise ParseError(f"deal must be a string, not {type(text).__name__}", board=board, line=line)
    check_field(text, "deal", board=board, line=line, limit=4 * MAX_WORD)
    try:
        return Deal.from_pbn(text)
    except CaseError as exc:
        raise as_parse_error(exc, board, line, prefix="deal") from None


def as_parse_error(exc: CaseError, board: Board, line: int | None = None, *, prefix: str = "") -> ParseError:
    """``exc`` as a :class:`ParseError` on ``board`` (keeps its trick, seat and card)."""
    message = f"{prefix}: {exc.message}" if prefix else exc.message
    return ParseError(
        message,
        board=exc.board if exc.board is not None else board,
        trick=exc.trick,
        seat=exc.seat,
        card=exc.card,
        line=exc.line if exc.line is not None else line,
    )


def parse_int(
    value: object,
    *,
    what: str,
    board: Board,
    low: int,
    high: int,
    line: int | None = None,
    text: bool = True,
) -> int:
    """An integer in ``low..high``; with ``text``, a string of ASCII digits too (tag values are
    text), read by :func:`~revoke_equity.io._limits.whole_number`."""
    if text and isinstance(value, str) and not isinstance(value, LongNumber):
        number = whole_number(value)
        value = value if number is None else number
    if isinstance(value, LongNumber):
        raise ParseError(
            f"{what}: a number of {len(value)} characters, more than the {MAX_DIGITS} digits a number "
            "may have",
            board=board,
            line=line,
        )
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParseError(f"{what} must be a whole number, not {quote(value)}", board=board, line=line)
    if not low <= value <= high:
        raise ParseError(f"{what} {value} is not in {low}..{high}", board=board, line=line)
    return value


def check_play(case: Case, board: Board, line: int | None = None) -> PlayRecord:
    """Replay ``case`` (turn order, possession, claim); a :class:`PlayError` is located on
    ``board`` and ``line``."""
    try:
        return replay(case)
    except PlayError as exc:
        exc.with_board(board)
        if exc.line is None and line is not None:
            exc.line = line
            exc.args = (str(exc),)
        raise


def claim_from_total(
    case: Case, total: int, board: Board, line: int | None = None, *, what: str = "claim"
) -> Claim | None:
    """The :class:`Claim` for a play record that stops early, given declarer's TOTAL tricks (PBN
    ``Result``, LIN ``mc``). ``None`` when all 52 cards were played."""
    if len(case.play) >= 52:
        return None
    after = len(case.play) // 4
    probe = check_play(replace(case, claim=Claim(after, 0)), board, line)
    won = probe.tricks_won(case.declarer.side)
    remaining = 13 - after
    if not won <= total <= won + remaining:
        raise PlayError(
            f"{what} gives declarer {total} tricks in all, but declarer's side won {won} of the "
            f"{after} tricks played and only {remaining} remain",
            board=board,
            trick=after,
            line=line,
        )
    return Claim(after, total - won)


def parse_play(
    texts: Sequence[tuple[object, int | None]], case: Case, board: Board, *, what: str = "card"
) -> tuple[Card, ...]:
    """The cards of a play record given in play order (``(text, line)`` each), read with their
    trick and the seat whose turn it is, so that a card that cannot be read names who played it:
    ``board 5, line 2, trick 2, N, card CZ``. A card its player does not hold is reported as
    :func:`~revoke_equity.model.play.replay` reports it, before any later card is read."""
    position = Position.initial(case.deal, case.contract.strain.trump, case.opening_leader)
    cards: list[Card] = []
    for index, (text, line) in enumerate(texts):
        seat = position.to_move
        card = parse_card(text, board=board, what=what, trick=index // 4 + 1, seat=seat, line=line)
        cards.append(card)
        if card not in position.hand(seat):  # refused by the replay, as in the whole record
            check_play(replace(case, play=tuple(cards), claim=None), board, line)
        position = position.play(card)
    return tuple(cards)


def next_to_play(case: Case) -> Seat:
    """Whose turn it is after ``case.play`` (cards each held by the player in turn)."""
    start = Position.initial(case.deal, case.contract.strain.trump, case.opening_leader)
    return start.play_all(case.play).to_move


def located(message: str, board: Board, line: int | None = None) -> str:
    """``message`` headed by its place, as errors are: ``board 5, line 11: ...``."""
    return str(CaseError(message, board=board, line=line))


def total_warning(
    record: PlayRecord, value: str, what: str, board: Board, line: int | None = None
) -> str | None:
    """A warning when a play of all 13 tricks does not give declarer the total of tricks that
    ``value`` (PBN's ``Result``) says: the play is ruled on, and a table result may rightly
    include a revoke trick transfer. Blank and ``?`` (unknown) say nothing; a value that is not a
    number of tricks says that it was not checked."""
    if len(record.case.play) < 52 or value.strip() in ("", "?"):
        return None
    total = whole_number(value)
    if total is None or not 0 <= total <= 13:
        return located(f"{what} {quote(value)} is not a number of tricks (0 to 13), so it is not "
                       "checked against the play", board, line)
    won = record.declarer_tricks
    if total == won:
        return None
    return located(f"{what} says {total} tricks, but the play as recorded gives declarer {won} "
                   "before any revoke transfer (a table result that includes a transfer differs "
                   "by it); the play is ruled on", board, line)

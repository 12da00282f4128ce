"""BBO handviewer links, read without fetching anything.

Two forms are read: ``handviewer.html?lin=...`` (a URL-encoded LIN record, see :mod:`.lin`) and
``handviewer.html?n=sakqhj...&e=...&s=...&w=...&d=n&v=b&b=7&a=1sppp&p=d4d5dad2...``: hands as suit
letters with their ranks (one hand may be left out), ``d`` dealer, ``v`` vulnerability (``o``/``-``,
``n``, ``e``, ``b``), ``b`` board, ``a`` the calls run together (``1n``, ``p``, ``d``, ``r``;
a call followed by a ``(...)`` explanation or a ``!`` alert is an alerted call of the case's
auction), ``p`` the cards run together. That form has
no claim, so its play must be complete. :func:`handviewer_url` writes the ``lin=`` form.
"""

from __future__ import annotations

import re
from dataclasses import replace
from urllib.parse import parse_qs, quote, urlsplit

from revoke_equity.errors import CaseError, ParseError
from revoke_equity.io._auction_lin import handviewer_auction
from revoke_equity.io._board import strict
from revoke_equity.io._fields import check_play, next_to_play, parse_int, parse_play, parse_seat
from revoke_equity.io._limits import MAX_FIELD, check_field
from revoke_equity.io.lin import contract_from_auction, deal_from_hand_texts, dumps_lin, read_lin
from revoke_equity.model.case import Case
from revoke_equity.model.contract import Vulnerability, dealer_for_board
from revoke_equity.model.seats import Seat

HANDVIEWER = "https://www.bridgebase.com/tools/handviewer.html"
_CARD = re.compile(r"[shdc](?:10|[2-9tjqka])", re.IGNORECASE)
_NOT_A_CARD = re.compile(r".[^shdc]{0,2}", re.IGNORECASE | re.DOTALL)
"""What stands where a card should: a character and up to two more before the next suit letter."""
_MAX_LINK = 16 * MAX_FIELD
"""Characters in one link (a ``lin=`` record of a whole board, URL-encoded, is about 3,000)."""
_MAX_PARAMS = 64
_VULNERABILITY = {
    "o": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "e": Vulnerability.EW,
    "b": Vulnerability.ALL,
}


def parse_handviewer(url: str) -> Case:
    """The case of a handviewer link (either form). Raises :class:`CaseError` when it is not one
    complete, consistent board."""
    check_field(url, "the link", limit=_MAX_LINK)
    try:
        query = parse_qs(urlsplit(url.strip()).query, keep_blank_values=True, max_num_fields=_MAX_PARAMS)
    except ValueError as exc:
        raise ParseError(f"not a valid link: {exc}") from None
    params = {key.lower(): values[-1] for key, values in query.items()}
    if "lin" in params:
        return _from_lin(params["lin"])
    if not any(seat in params for seat in "nesw"):
        raise ParseError("not a handviewer link: no lin= and no n=, e=, s=, w= hands")
    return _from_params(params)


def _from_lin(record: str) -> Case:
    """The case of a ``lin=`` record; its errors name no line (a link is one line), nor a place in
    the record for a board without a number (the link's place among the links names it)."""
    entries = read_lin(record, name="lin=")
    if len(entries) != 1:
        raise ParseError(f"the lin= parameter holds {len(entries)} boards, not one")
    try:
        return strict(entries)[0]
    except CaseError as exc:
        exc.line = None
        if not isinstance(exc.board, int):  # its place in the record, not among the links
            exc.board = None
        exc.args = (str(exc),)
        raise


def handviewer_url(case: Case) -> str:
    """A ``handviewer.html?lin=...`` link showing ``case``'s deal, contract and play."""
    return f"{HANDVIEWER}?lin={quote(dumps_lin(case), safe='')}"


def _from_params(params: dict[str, str]) -> Case:
    board = None
    if params.get("b", "").strip():
        board = parse_int(params["b"], what="b (board)", board=None, low=1, high=99999)
    where = board
    seats = (Seat.N, Seat.E, Seat.S, Seat.W)
    hands = [params.get(seat.value.lower(), "") for seat in seats]
    deal = deal_from_hand_texts(hands, "the link", where, None, seats)
    if params.get("d", "").strip():
        dealer = parse_seat(params["d"], board=where, what="d (dealer)")
    elif board is not None:
        dealer = dealer_for_board(board)
    else:
        raise ParseError("no dealer: give d= or b=", board=where)
    code = params.get("v", "").strip().lower()
    if code:
        if code not in _VULNERABILITY:
            raise ParseError(f"v={code}: unknown vulnerability (expected o, n, e or b)", board=where)
        vulnerable = _VULNERABILITY[code]
    else:
        vulnerable = Vulnerability.NONE if board is None else Vulnerability.for_board(board)
    raw_auction = check_field(params.get("a", ""), "a (auction)", board=where)
    auction = handviewer_auction(raw_auction, dealer, where)
    calls = [] if auction is None else auction.texts()
    contract, declarer = contract_from_auction(calls, dealer, board=where)
    case = Case(
        deal=deal, contract=contract, declarer=declarer, play=(), vulnerable=vulnerable, board=board,
        auction=auction,
    )
    play_text = check_field(params.get("p", ""), "p (play)", board=where)
    cards, rest = _tokens(_CARD, play_text.replace(" ", ""))
    case = replace(case, play=parse_play([(text, None) for text in cards], case, where, what="p (play)"))
    if rest:
        raise _unreadable_card(case, rest, where)
    check_play(case, where)
    return case


def _unreadable_card(case: Case, rest: str, where: int | None) -> ParseError:
    """The error for the text of ``p=`` that is not a card, named with the trick and the seat
    whose turn it was, and the card as far as the next suit letter."""
    played = len(case.play)
    over = played >= 52
    token = _NOT_A_CARD.match(rest)
    return ParseError(
        f"p (play): cannot read {rest[:6]!r}... (a card is a suit letter s, h, d or c, then a rank)"
        + (" after the 52nd card" if over else ""),
        board=where,
        trick=None if over else played // 4 + 1,
        seat=None if over else str(next_to_play(case)),
        card=token.group() if token else rest[:3],
    )


def _tokens(pattern: re.Pattern[str], text: str) -> tuple[list[str], str]:
    """The tokens ``pattern`` reads from the start of ``text`` one after another, and the rest of
    ``text`` from the first place where it reads none (empty when it read all)."""
    tokens: list[str] = []
    position = 0
    while position < len(text):
        match = pattern.match(text, position)
        if not match:
            return tokens, text[position:]
        tokens.append(match.group())
        position = match.end()
    return tokens, ""

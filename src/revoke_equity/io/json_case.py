"""The JSON case, the service's native format (``spec/case.md``).

``loads`` accepts one case object, a list of them, or the worked-case wrapper
``{"name", "case", "expect"}`` (its ``case`` is read). Every field is checked; an unknown field is
an error too, so that a misspelt ``"noticd"`` does not silently fall back to its default::

    >>> case = loads('{"deal": "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. '
    ...              '...AKQJT98765432", "contract": "7S", "declarer": "N", "play": [],'
    ...              ' "claim": {"after_trick": 0, "declarer_tricks": 13}}')[0]
    >>> str(case.contract), case.vulnerable.value
    ('7S', 'None')
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from revoke_equity.errors import ParseError
from revoke_equity.io._board import BoardInput, read_one, strict, unnumbered
from revoke_equity.io._fields import (
    Board,
    check_play,
    parse_bool,
    parse_card,
    parse_contract,
    parse_deal,
    parse_edition,
    parse_int,
    parse_noticed,
    parse_play,
    parse_seat,
    parse_suit,
    parse_vulnerability,
)
from revoke_equity.io._json_text import read_values
from revoke_equity.io._limits import quote
from revoke_equity.model.auction import Auction, AuctionError
from revoke_equity.model.cards import Card
from revoke_equity.model.case import (
    Case,
    Claim,
    Correction,
    Noticed,
    PenaltyCard,
    Requirement,
    RequirementKind,
)
from revoke_equity.model.contract import Vulnerability, dealer_for_board
from revoke_equity.model.edition import DEFAULT_EDITION
from revoke_equity.model.shown import Shown

FIELDS = (
    "board",
    "laws",
    "deal",
    "contract",
    "declarer",
    "vulnerable",
    "play",
    "claim",
    "noticed",
    "corrected",
    "penalty_cards",
    "requirements",
    "auction",
    "alerted",
    "dealer",
    "shown",
)
REQUIRED = ("deal", "contract", "declarer", "play")
WRAPPER = frozenset({"name", "case", "expect"})
"""The keys of a worked case, ``{"name", "case", "expect"}``."""


def case_from_dict(data: object, *, board_hint: int | str | None = None) -> Case:
    """Build a :class:`Case` from a decoded JSON case (or worked-case wrapper) and check its play.

    ``board_hint`` locates errors when ``data`` has no ``board`` (e.g. ``"3 of the input"``: third in a list).
    Raises :class:`ParseError` for a bad field, :class:`PlayError` for an impossible play record.
    """
    given = data
    data = unwrap(data, board_hint)
    board = _board(data, board_hint)
    where: Board = board if board is not None else board_hint
    _check_repeated(given, where)
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        expected = ", ".join(FIELDS)
        raise ParseError(f"unknown field {quote(unknown[0])} (expected {expected})", board=where)
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise ParseError(f"missing required field {missing[0]!r}", board=where)
    deal = parse_deal(data["deal"], board=where)
    contract = parse_contract(data["contract"], board=where)
    declarer = parse_seat(data["declarer"], board=where, what="declarer")
    if "vulnerable" in data:
        vulnerable = parse_vulnerability(data["vulnerable"], board=where)
    else:
        vulnerable = Vulnerability.NONE if board is None else Vulnerability.for_board(board)
    laws = parse_edition(data["laws"], board=where) if "laws" in data else DEFAULT_EDITION
    noticed = parse_noticed(data["noticed"], board=where) if "noticed" in data else Noticed.END_OF_PLAY
    case = Case(
        deal=deal,
        contract=contract,
        declarer=declarer,
        play=(),
        vulnerable=vulnerable,
        board=board,
        laws=laws,
        claim=_claim(data.get("claim"), where),
        noticed=noticed,
        corrected=tuple(_correction(item, where) for item in _list(data, "corrected", where)),
        penalty_cards=tuple(_penalty_card(item, where) for item in _list(data, "penalty_cards", where)),
        requirements=tuple(_requirement(item, where) for item in _list(data, "requirements", where)),
        auction=_auction(data, board, where),
        shown=_shown(data.get("shown"), where),
    )
    case = replace(case, play=_play(data["play"], case, where))
    check_extras(case, where)
    check_play(case, where)
    return case


def unwrap(data: object, board_hint: Board = None) -> Mapping[str, Any]:
    """The case object itself: ``data``, or ``data["case"]`` for a worked-case wrapper. An object
    with the wrapper's ``name`` or ``expect`` but neither ``case`` nor ``deal`` is a wrapper whose
    case is missing, and is refused as such."""
    if isinstance(data, Mapping) and "deal" not in data:
        if "case" in data:
            data = data["case"]
            if not isinstance(data, Mapping):
                raise ParseError(f"the worked case's 'case' must be the case, a JSON object, not "
                                 f"{type(data).__name__}", board=board_hint)
        elif WRAPPER & data.keys():
            given = ", ".join(repr(key) for key in data if key in WRAPPER)
            raise ParseError("missing field 'case' (the case itself) in a worked case "
                             f'{{"name", "case", "expect"}}: this one has {given}', board=board_hint)
    if not isinstance(data, Mapping):
        raise ParseError(f"a case must be a JSON object, not {type(data).__name__}", board=board_hint)
    return data


def _check_repeated(data: object, where: Board) -> None:
    """A key given twice in a case (or in its wrapper), which ``json`` would read as its last
    value, is an error naming it and both values."""
    repeated = getattr(data, "repeated", None)  # set by the reader of the text (._json_text)
    if repeated is not None:
        path, first, last = repeated
        raise ParseError(f"the field {quote(path)} is given twice ({quote(first)}, then "
                         f"{quote(last)}): give each field once", board=where)


def case_to_dict(case: Case) -> dict[str, Any]:
    """The JSON case of ``case``: ``board`` (when known), ``laws``, ``deal``, ``contract``,
    ``declarer``, ``vulnerable`` and ``play`` always; ``claim`` (its ``by`` and ``agreed`` only
    when given), ``noticed``, ``corrected``, ``penalty_cards`` and ``requirements`` only when they
    differ from their defaults."""
    out: dict[str, Any] = {}
    if case.board is not None:
        out["board"] = case.board
    out["laws"] = case.laws.value
    out["deal"] = case.deal.to_pbn()
    out["contract"] = str(case.contract)
    out["declarer"] = str(case.declarer)
    out["vulnerable"] = case.vulnerable.value
    out["play"] = [str(card) for card in case.play]
    if case.claim is not None:
        claim: dict[str, Any] = {
            "after_trick": case.claim.after_trick,
            "declarer_tricks": case.claim.declarer_tricks,
        }
        if case.claim.by is not None:
            claim["by"] = str(case.claim.by)
        if not case.claim.agreed:
            claim["agreed"] = False
        out["claim"] = claim
    if case.noticed is not Noticed.END_OF_PLAY:
        out["noticed"] = case.noticed.value
    if case.corrected:
        out["corrected"] = [
            {"trick": c.trick, "player": str(c.player), "card": str(c.card)} for c in case.corrected
        ]
    if case.penalty_cards:
        out["penalty_cards"] = [
            {"player": str(p.player), "card": str(p.card), "from_trick": p.from_trick}
            for p in case.penalty_cards
        ]
    if case.requirements:
        out["requirements"] = [_requirement_dict(r) for r in case.requirements]
    if case.auction is not None:
        out["dealer"] = case.auction.dealer.value
        out["auction"] = case.auction.texts()
        if case.auction.alerted:
            out["alerted"] = sorted(case.auction.alerted)
    if case.shown:
        out["shown"] = case.shown.to_json()
    return out


def _auction(data: Mapping[str, Any], board: int | None, where: Board) -> Auction | None:
    """``auction`` (calls from the dealer), ``alerted`` (their indexes) and ``dealer`` (else the
    board number's dealer, as in PBN)."""
    if data.get("auction") is None:
        for key in ("alerted", "dealer"):
            if key in data:
                raise ParseError(f"{key!r} needs an 'auction'", board=where)
        return None
    calls = data["auction"]
    if not isinstance(calls, list) or not all(isinstance(c, str) for c in calls):
        raise ParseError(f"auction must be a list of calls such as \"1H\", \"P\", not {quote(calls)}",
                         board=where)
    if "dealer" in data:
        dealer = parse_seat(data["dealer"], board=where, what="dealer")
    elif board is not None:
        dealer = dealer_for_board(board)
    else:
        raise ParseError("an auction needs its 'dealer' (or the 'board' number)", board=where)
    alerted = data.get("alerted", [])
    if not isinstance(alerted, list) or not all(isinstance(i, int) and not isinstance(i, bool)
                                                for i in alerted):
        raise ParseError(f"alerted must be a list of call indexes, not {quote(alerted)}", board=where)
    try:
        return Auction.parse(dealer, calls, frozenset(alerted))
    except AuctionError as exc:
        raise ParseError(str(exc), board=where, seat=exc.seat.value) from None
    except ValueError as exc:
        raise ParseError(str(exc), board=where) from None


def _shown(value: object, where: Board) -> Shown:
    if value is None:
        return Shown()
    if not isinstance(value, Mapping):
        raise ParseError(f"shown must be an object such as {{\"E\": {{\"hcp\": [6, 10]}}}}, "
                         f"not {quote(value)}", board=where)
    try:
        return Shown.from_json(value)
    except ValueError as exc:
        raise ParseError(str(exc), board=where) from None


def _requirement_dict(requirement: Requirement) -> dict[str, Any]:
    out: dict[str, Any] = {
        "trick": requirement.trick,
        "player": str(requirement.player),
        "kind": requirement.kind.value,
    }
    if requirement.suit is not None:
        out["suit"] = requirement.suit.value
    return out


def read_json(text: str, *, name: str = "<input>") -> list[BoardInput]:
    """Lenient: one :class:`BoardInput` per case of ``text``; a bad case does not stop the rest,
    even one that is not valid JSON in a list of cases (see :mod:`._json_text`)."""
    elements, listed = read_values(text, name)
    entries = []
    for index, element in enumerate(elements, start=1):
        hint = unnumbered(index) if listed else None
        if element.error is not None:
            entries.append(BoardInput(None, None, element.error.with_board(hint)))
        else:
            entries.append(_entry(element.value, hint))
    return entries


def loads(text: str) -> list[Case]:
    """Strict: the cases of a JSON text (one object, a list, or a wrapper); raises the first
    board's :class:`~revoke_equity.errors.CaseError`."""
    return strict(read_json(text))


def dumps(cases: Case | Iterable[Case], *, indent: int | None = 2) -> str:
    """One case as a JSON object, several as a JSON list."""
    if isinstance(cases, Case):
        return json.dumps(case_to_dict(cases), indent=indent)
    return json.dumps([case_to_dict(case) for case in cases], indent=indent)


def check_extras(case: Case, where: Board) -> None:
    """The corrected revoke cards and penalty cards must be cards their players were dealt."""
    items = [("corrected", c.trick, c.player, c.card) for c in case.corrected]
    items += [("penalty_cards", p.from_trick, p.player, p.card) for p in case.penalty_cards]
    for field, trick, player, card in items:
        holder = case.deal.holder(card)
        if holder is not player:
            raise ParseError(
                f"{field}: {player} was not dealt {card} ({holder} was)",
                board=where,
                trick=trick,
                seat=str(player),
                card=str(card),
            )


def _entry(item: object, hint: str | None) -> BoardInput:
    board: int | None = None
    with contextlib.suppress(ParseError):
        board = _board(unwrap(item, hint), hint)
    label: int | str | None = board if board is not None else hint
    return read_one(board, label, lambda: case_from_dict(item, board_hint=hint))


def _board(data: Mapping[str, Any], where: Board) -> int | None:
    if "board" not in data or data["board"] is None:
        return None
    return parse_int(data["board"], what="board", board=where, low=1, high=99999, text=False)


def _list(data: Mapping[str, Any], key: str, where: Board) -> list[Any]:
    value = data.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise ParseError(f"{key} must be a list, not {type(value).__name__}", board=where)
    return value


def _object(
    item: object, key: str, fields: tuple[str, ...], where: Board, optional: tuple[str, ...] = ()
) -> Mapping[str, Any]:
    if not isinstance(item, Mapping):
        raise ParseError(f"{key} entries must be objects, not {quote(item)}", board=where)
    for name in fields:
        if name not in item:
            raise ParseError(f"{key}: missing field {name!r} in {quote(dict(item))}", board=where)
    extra = [name for name in item if name not in fields + optional]
    if extra:
        expected = ", ".join(fields + optional)
        raise ParseError(f"{key}: unknown field {quote(extra[0])} (expected {expected})", board=where)
    return item


def _play(value: object, case: Case, where: Board) -> tuple[Card, ...]:
    """The ``play`` list, each card read with its trick and the seat whose turn it is."""
    if not isinstance(value, list):
        raise ParseError(f"play must be a list of cards, not {type(value).__name__}", board=where)
    return parse_play([(text, None) for text in value], case, where, what="play")


def _claim(value: object, where: Board) -> Claim | None:
    if value is None:
        return None
    item = _object(value, "claim", ("after_trick", "declarer_tricks"), where, ("by", "agreed"))
    by = item.get("by")
    agreed = item.get("agreed", True)
    return Claim(
        parse_int(item["after_trick"], what="claim after_trick", board=where, low=0, high=13, text=False),
        parse_int(
            item["declarer_tricks"], what="claim declarer_tricks", board=where, low=0, high=13, text=False
        ),
        None if by is None else parse_seat(by, board=where, what="claim by"),
        parse_bool(agreed, what="claim agreed", board=where, text=False),
    )


def _correction(value: object, where: Board) -> Correction:
    item = _object(value, "corrected", ("trick", "player", "card"), where)
    trick = parse_int(item["trick"], what="corrected trick", board=where, low=1, high=13, text=False)
    player = parse_seat(item["player"], board=where, what="corrected player")
    return Correction(
        trick, player, parse_card(item["card"], board=where, what="corrected card", trick=trick, seat=player)
    )


def _penalty_card(value: object, where: Board) -> PenaltyCard:
    item = _object(value, "penalty_cards", ("player", "card", "from_trick"), where)
    trick = parse_int(
        item["from_trick"], what="penalty_cards from_trick", board=where, low=1, high=13, text=False
    )
    player = parse_seat(item["player"], board=where, what="penalty_cards player")
    card = parse_card(item["card"], board=where, what="penalty_cards card", trick=trick, seat=player)
    return PenaltyCard(player, card, trick)


def _requirement(value: object, where: Board) -> Requirement:
    """One entry of ``requirements``: ``suit`` is required for ``lead``, ``no-lead`` and ``suit``,
    and not allowed for ``highest`` and ``lowest`` (those take the suit led)."""
    item = _object(value, "requirements", ("trick", "player", "kind"), where, ("suit",))
    trick = parse_int(item["trick"], what="requirements trick", board=where, low=1, high=13, text=False)
    player = parse_seat(item["player"], board=where, what="requirements player")
    kind_text = item["kind"]
    if not isinstance(kind_text, str):
        raise ParseError(f"requirements kind must be a string, not {kind_text!r}", board=where,
                         trick=trick, seat=str(player))
    try:
        kind = RequirementKind.from_str(kind_text)
    except ValueError as exc:
        raise ParseError(f"requirements: {exc}", board=where, trick=trick, seat=str(player)) from None
    suit = None
    if kind.needs_suit:
        if "suit" not in item:
            raise ParseError(f"requirements: kind {kind} needs a 'suit'", board=where, trick=trick,
                             seat=str(player))
        suit = parse_suit(item["suit"], board=where, what="requirements suit", trick=trick,
                          seat=player)
    elif "suit" in item:
        raise ParseError(f"requirements: kind {kind} takes no 'suit' (it is the suit led)",
                         board=where, trick=trick, seat=str(player))
    return Requirement(trick, player, kind, suit)

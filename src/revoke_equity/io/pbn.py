"""PBN 2.1 boards: reader and writer.

Our own small parser, not ``endplay.parsers.pbn``: endplay accepts a deal with the same card in two
hands, a "no-trump card" ``N2``, cards a player does not hold, pads an unfinished trick with
phantom ``NT2`` cards, and rejects ``S10`` with "could not convert '1' to Rank"; it also reports no
line numbers and stops at the first bad board. Here every board is read on its own, with errors
located by board, line, trick, seat and card.

What is read: the tags ``Board``, ``Deal``, ``Contract``, ``Declarer``, ``Vulnerable`` (else from
``Board``), ``Result``, and our own ``Laws``, ``Noticed``, ``Corrected`` (``"5 E D7, ..."``: trick,
player, withdrawn card), ``PenaltyCards`` (``"W SA 3, ..."``: player, card, from trick),
``Requirements`` (``"4 W lead H, 7 E highest"``: trick, player, kind, suit when the kind takes one),
``Claim`` (the seat that claimed or conceded; default declarer) and ``ClaimAgreed`` (``yes`` or
``no``, whether the other side agreed; default yes); the ``Play`` section; ``#`` (the previous
board's value). Comments ``{...}`` and ``; ...``, ``%`` lines,
``\\"`` in tag values, ``10`` for ten and suit symbols are accepted. Other tags and sections are
skipped.

The Play section lists each trick in seat columns, starting with the seat of the ``Play`` tag
(the opening leader), not in play order; each trick is reordered from its leader, the previous
trick's winner. ``-`` is a card not played; ``*`` ends the play, and when it comes before trick 13
it is a claim: ``Result`` (declarer's total tricks) less the tricks declarer's side has won so far.
After all 13 tricks, a ``Result`` other than the tricks as played is the board's warning
(:attr:`BoardInput.warnings <revoke_equity.io._board.BoardInput.warnings>`), not its error: a
result entered after a revoke trick transfer rightly differs, and the play is ruled on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TypeVar

from revoke_equity.errors import ParseError, PlayError
from revoke_equity.io._auction_pbn import auction_lines, note_text, read_auction
from revoke_equity.io._board import BoardInput, read_one, strict, unnumbered
from revoke_equity.io._fields import (
    Board,
    check_play,
    claim_from_total,
    parse_bool,
    parse_card,
    parse_contract,
    parse_deal,
    parse_edition,
    parse_int,
    parse_noticed,
    parse_seat,
    parse_suit,
    parse_vulnerability,
    total_warning,
)
from revoke_equity.io._limits import MAX_BOARDS, check_field, quote, too_large, too_many_boards, whole_number
from revoke_equity.io.json_case import check_extras
from revoke_equity.io.pbn_text import tag as _tag
from revoke_equity.model.cards import Card
from revoke_equity.model.case import (
    Case,
    Correction,
    Noticed,
    PenaltyCard,
    Requirement,
    RequirementKind,
)
from revoke_equity.model.contract import Vulnerability, dealer_for_board
from revoke_equity.model.edition import DEFAULT_EDITION
from revoke_equity.model.play import replay
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat
from revoke_equity.model.shown import Shown

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_GAME_OPENERS = frozenset({"event", "board"})
"""Tags that, repeated, open the next game: a game's tags start with Event (the first of the
roster), or Board where a file has no Event."""
_ANNOTATION = re.compile(r"[!?]{1,2}$")
"""A suffix annotation of a card (PBN's ``!`` good, ``?`` poor, ``!!``, ``??``, ``!?``, ``?!``),
after the card or alone: the card is read without it."""
KEPT_TAGS = ("Event", "Site", "Date", "Round", "West", "North", "East", "South", "Scoring")
"""The roster tags a ruling does not use that ``rule --format pbn`` writes back as read."""
_KEPT = frozenset(name.lower() for name in KEPT_TAGS)
_SKIP_TOKEN = re.compile(r"^(=\d+=|\$\d+)$")  # note references and NAGs in a section
T = TypeVar("T")


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    section: list[tuple[str, int]] = field(default_factory=list)
    """The section's tokens with their line numbers."""


@dataclass
class _Game:
    tags: dict[str, _Tag] = field(default_factory=dict)
    """By lower-case name."""
    error: ParseError | None = None
    line: int = 0
    notes: dict[int, str] = field(default_factory=dict)
    """The numbered ``Note`` tags (a game may have several)."""

    def value(self, name: str) -> str | None:
        tag = self.tags.get(name.lower())
        return None if tag is None else tag.value


def read_pbn(text: str, *, name: str = "<input>") -> list[BoardInput]:
    """Lenient: one :class:`BoardInput` per board of a PBN text; a bad board does not stop the
    rest. Games without ``Deal``, ``Contract`` or ``Play`` (file headers) are skipped."""
    oversize = too_large(len(text), name)
    if oversize is not None:
        return [BoardInput(None, None, oversize)]
    entries: list[BoardInput] = []
    previous: dict[str, str] = {}
    for game in _games(text):
        if len(entries) == MAX_BOARDS:
            entries.append(BoardInput(None, None, too_many_boards(name, game.line)))
            break
        for key, tag in game.tags.items():
            if tag.value == "#" and key in previous:
                tag.value = previous[key]
        previous = {key: tag.value for key, tag in game.tags.items()}
        if game.error is None and not any(k in game.tags for k in ("deal", "contract", "play")):
            continue
        board_text = (game.value("Board") or "").strip()
        board = whole_number(board_text) or None
        label: int | str = board if board is not None else _label(board_text, len(entries) + 1)
        warnings: list[str] = []
        entry = read_one(board, label, partial(_case, game, board, label, warnings), warnings)
        entries.append(replace(entry, tags=_kept_tags(game)) if entry.ok else entry)
    return entries


def _kept_tags(game: _Game) -> tuple[tuple[str, str], ...]:
    """The game's tags of :data:`KEPT_TAGS` that give a value (not ``?``, ``-`` or empty)."""
    return tuple((tag.name, tag.value) for key, tag in game.tags.items()
                 if key in _KEPT and tag.value.strip() not in ("", "?", "-"))


def _label(board_text: str, position: int) -> str:
    """How errors name a board whose ``Board`` tag is not a number: its text, if short, else (or
    when the tag says the number is unknown) its place in the input."""
    if board_text not in ("", "?", "-") and len(board_text) <= 16 and board_text.isprintable():
        return board_text
    return unnumbered(position)


def loads_pbn(text: str) -> list[Case]:
    """Strict: the cases of a PBN text; raises the first bad board's error."""
    return strict(read_pbn(text))


def dumps_pbn(cases: Case | Iterable[Case]) -> str:
    """``cases`` as PBN 2.1 (import format, so no ``% EXPORT``: ``rule --format pbn`` writes
    export format), the play in seat columns from the opening leader and a claim as ``*`` with
    ``Result``; ``Laws`` always, ``Noticed``/``Corrected``/``PenaltyCards``/
    ``Requirements``/``Claim``/``ClaimAgreed`` when set."""
    if isinstance(cases, Case):
        cases = [cases]
    out = ["% PBN 2.1", ""]
    for case in cases:
        out.extend(_game_lines(case))
        out.append("")
    return "\n".join(out)


def _game_lines(case: Case) -> list[str]:
    record = replay(case)
    lines = []
    first = Seat.N
    if case.board is not None:
        first = dealer_for_board(case.board)
        lines.append(_tag("Board", str(case.board)))
    if case.auction is not None:
        first = case.auction.dealer
    if case.board is not None or case.auction is not None:
        lines.append(_tag("Dealer", str(first)))
    lines += [
        _tag("Vulnerable", case.vulnerable.value),
        _tag("Deal", case.deal.to_pbn(first)),
        _tag("Declarer", str(case.declarer)),
        _tag("Contract", str(case.contract)),
        _tag("Result", str(record.declarer_tricks)),
        _tag("Laws", case.laws.value),
    ]
    if case.noticed is not Noticed.END_OF_PLAY:
        lines.append(_tag("Noticed", case.noticed.value))
    if case.corrected:
        lines.append(_tag("Corrected", ", ".join(f"{c.trick} {c.player} {c.card}" for c in case.corrected)))
    if case.penalty_cards:
        lines.append(
            _tag("PenaltyCards", ", ".join(f"{p.player} {p.card} {p.from_trick}" for p in case.penalty_cards))
        )
    if case.requirements:
        lines.append(_tag("Requirements", ", ".join(
            " ".join([str(r.trick), str(r.player), r.kind.value] + ([r.suit.value] if r.suit else []))
            for r in case.requirements)))
    if case.claim is not None and case.claim.by is not None:
        lines.append(_tag("Claim", str(case.claim.by)))
    if case.claim is not None and not case.claim.agreed:
        lines.append(_tag("ClaimAgreed", "no"))
    if case.shown:
        lines.append(_tag("Shown", case.shown.to_text()))
    if case.auction is not None:
        lines += auction_lines(case.auction)
    leader = case.opening_leader
    lines.append(_tag("Play", str(leader)))
    for trick in record.tricks:
        cards = (trick.card_of(leader.after(k)) for k in range(4))
        lines.append(" ".join("-" if card is None else str(card) for card in cards))
    if case.claim is not None:
        lines.append("*")
    return lines


# -- tokenizer ------------------------------------------------------------------------------------


# Over 60 lines: one pass over the PBN tokens (tags, sections, commentary), as PBN 2.1 section 3
# lays them out.
def _games(text: str) -> list[_Game]:
    """Split a PBN text into games: a blank line, or an ``Event`` or ``Board`` tag repeated within
    a game, starts a new one (files written without blank lines open each game with one of them).
    Any other tag repeated within a game is the same tag if its value is the same, else the
    game's error, naming both lines. Tokens after a tag belong to its section.

    A ``{`` comment may span lines, blank ones too, but not into the next board: when a blank line
    is followed by a line that opens with a tag, an unclosed comment is taken to have been left
    open by mistake. The game where it opened gets the error; the next board is read as usual.
    One pass over the text."""
    games: list[_Game] = []
    game: _Game | None = None
    tag: _Tag | None = None
    comment: _Comment | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if comment is not None:
            end = line.find("}")
            if end >= 0:
                line, comment = line[end + 1 :], None
            elif not line.strip():
                comment.blank_seen = True
                continue
            elif comment.blank_seen and _TAG.match(line.lstrip()):
                comment.unclosed(f"before the next board at line {number}")
                comment, game, tag = None, None, None
            else:
                continue
        elif line.startswith("%"):
            continue
        elif not line.strip():
            game = tag = None
            continue
        i = 0
        while i < len(line):
            char = line[i]
            if char.isspace():
                i += 1
            elif char == "{":
                end = line.find("}", i + 1)
                if end < 0:
                    if game is None:  # between boards: the board it hides is the bad one
                        game = _Game(line=number)
                        games.append(game)
                    comment = _Comment(game, number)
                    break
                i = end + 1
            elif char == ";":
                break
            elif char == "[":
                match = _TAG.match(line, i)
                name = match.group(1).lower() if match else ""
                if game is None or (name in _GAME_OPENERS and name in game.tags):
                    game = _Game(line=number)
                    games.append(game)
                if not match:
                    game.error = game.error or ParseError(
                        f"malformed tag {quote(line[i:].strip())} (expected [Name \"value\"])",
                        line=number,
                    )
                    tag = None
                    break
                value = re.sub(r"\\(.)", r"\1", match.group(2))
                earlier = game.tags.get(name) if name != "note" else None
                if earlier is not None:
                    tag = earlier  # the same value again: one tag (its section continues)
                    if earlier.value != value:
                        game.error = game.error or ParseError(
                            f"the [{match.group(1)}] tag is given twice: {quote(earlier.value)} "
                            f"at line {earlier.line}, {quote(value)} here",
                            line=number,
                        )
                    i = match.end()
                    continue
                tag = _Tag(match.group(1), value, number)
                game.tags[name] = tag
                if tag.name.lower() == "note" and (note := note_text(value)) is not None:
                    game.notes[note[0]] = note[1]
                i = match.end()
            else:
                end = i
                while end < len(line) and not line[end].isspace() and line[end] not in "[{;":
                    end += 1
                if tag is not None:
                    tag.section.append((line[i:end], number))
                elif game is None:
                    game = _Game(line=number)
                    games.append(game)
                    game.error = ParseError(f"{quote(line[i:end])} outside any tag", line=number)
                i = end
    if comment is not None:
        comment.unclosed("before the end of the text")
    return games


@dataclass
class _Comment:
    """A ``{`` comment still open at the end of a line."""

    game: _Game
    line: int
    blank_seen: bool = False

    def unclosed(self, where: str) -> None:
        self.game.error = self.game.error or ParseError(
            f"the {{ comment opened at line {self.line} is not closed with }} {where}", line=self.line
        )


# -- one game to a case ---------------------------------------------------------------------------


def _required(game: _Game, name: str, board: Board) -> _Tag:
    tag = game.tags.get(name.lower())
    if tag is None:
        raise ParseError(f"missing [{name}] tag", board=board, line=game.line)
    return tag


def _case(game: _Game, board: int | None, where: Board, warnings: list[str]) -> Case:
    """The case of one game; ``warnings`` gets a ``Result`` that a complete play contradicts."""
    if game.error is not None:
        raise game.error.with_board(where)
    board_tag = game.tags.get("board")
    if board is None and board_tag is not None and board_tag.value.strip() not in ("", "?", "-"):
        parse_int(board_tag.value, what="Board", board=where, low=1, high=99999, line=board_tag.line)
    deal_tag = _required(game, "Deal", where)
    deal = parse_deal(deal_tag.value, board=where, line=deal_tag.line)
    contract_tag = _required(game, "Contract", where)
    contract = parse_contract(contract_tag.value, board=where, line=contract_tag.line)
    declarer_tag = _required(game, "Declarer", where)
    declarer = parse_seat(
        declarer_tag.value.lstrip("^"), board=where, what="declarer", line=declarer_tag.line
    )
    vulnerable = _optional(game, "Vulnerable", where, parse_vulnerability)
    if vulnerable is None:
        vulnerable = Vulnerability.NONE if board is None else Vulnerability.for_board(board)
    laws = _optional(game, "Laws", where, parse_edition) or DEFAULT_EDITION
    noticed = _optional(game, "Noticed", where, parse_noticed) or Noticed.END_OF_PLAY
    case = Case(
        deal=deal,
        contract=contract,
        declarer=declarer,
        play=(),
        vulnerable=vulnerable,
        board=board,
        laws=laws,
        noticed=noticed,
        corrected=tuple(_corrections(game, where)),
        penalty_cards=tuple(_penalty_cards(game, where)),
        requirements=tuple(_requirements(game, where)),
    )
    check_extras(case, where)
    play_tag = _required(game, "Play", where)
    play, claimed = _play(case, play_tag, where)
    case = replace(case, play=play)
    if claimed and len(play) < 52:
        result = game.tags.get("result")
        if result is None:
            raise ParseError(
                "the play ends with '*' (a claim) but there is no [Result] tag giving declarer's tricks",
                board=where,
                trick=len(play) // 4,
                line=play_tag.line,
            )
        total = parse_int(result.value, what="Result", board=where, low=0, high=13, line=result.line)
        case = replace(case, claim=claim_from_total(case, total, where, result.line, what="Result"))
    case = _claimer(game, case, where)
    played = check_play(case, where, play_tag.line)
    result = game.tags.get("result")
    warning = None if result is None else total_warning(played, result.value, "the Result tag", where,
                                                        result.line)
    warnings += [] if warning is None else [warning]
    return _with_auction(game, case, board, where)


def _with_auction(game: _Game, case: Case, board: int | None, where: Board) -> Case:
    """The ``Auction`` section and the ``Shown`` tag, when present."""
    auction_tag, shown_tag = game.tags.get("auction"), game.tags.get("shown")
    if auction_tag is not None:
        dealer_tag = game.tags.get("dealer")
        dealer = (parse_seat(dealer_tag.value, board=where, what="Dealer", line=dealer_tag.line)
                  if dealer_tag is not None else None if board is None else dealer_for_board(board))
        case = replace(case, auction=read_auction(auction_tag.value, auction_tag.section, game.notes,
                                                  dealer, where, auction_tag.line))
    if shown_tag is not None:
        try:
            case = replace(case, shown=Shown.from_text(shown_tag.value))
        except ValueError as exc:
            raise ParseError(f"Shown: {exc}", board=where, line=shown_tag.line) from None
    return case


def _claimer(game: _Game, case: Case, where: Board) -> Case:
    """The ``Claim`` (who claimed or conceded) and ``ClaimAgreed`` tags, set on the case's claim;
    without them a claim is declarer's and agreed."""
    by_tag, agreed_tag = game.tags.get("claim"), game.tags.get("claimagreed")
    if by_tag is None and agreed_tag is None:
        return case
    tag = by_tag or agreed_tag
    assert tag is not None
    if case.claim is None:
        raise ParseError(
            f"[{tag.name} \"{tag.value}\"] but the play does not end in a claim ('*' before trick 13)",
            board=where,
            line=tag.line,
        )
    claim = case.claim
    if by_tag is not None:
        claim = replace(claim, by=parse_seat(by_tag.value, board=where, what="Claim", line=by_tag.line))
    if agreed_tag is not None:
        claim = replace(
            claim, agreed=parse_bool(agreed_tag.value, what="ClaimAgreed", board=where, line=agreed_tag.line)
        )
    return replace(case, claim=claim)


def _optional(game: _Game, name: str, where: Board, parse: Callable[..., T]) -> T | None:
    tag = game.tags.get(name.lower())
    if tag is None or tag.value.strip() in ("", "?"):
        return None
    return parse(tag.value, board=where, line=tag.line)


# Over 60 lines: the Play section's rules (the first leader, '-' and '*', the trick order) in one
# pass.
def _play(case: Case, tag: _Tag, where: Board) -> tuple[tuple[Card, ...], bool]:
    """The Play section in play order, and whether it ended with ``*``."""
    first = parse_seat(tag.value, board=where, what="Play", line=tag.line)
    if first is not case.opening_leader:
        raise ParseError(
            f'[Play "{first}"]: the opening leader is {case.opening_leader} (declarer '
            f"{case.declarer}'s left-hand opponent), not {first}",
            board=where,
            line=tag.line,
        )
    tokens = [(_ANNOTATION.sub("", t), n) for t, n in tag.section
              if not _SKIP_TOKEN.match(t) and not _ANNOTATION.fullmatch(t)]
    claimed = False
    for index, (token, number) in enumerate(tokens):
        if token == "*":
            if index + 1 < len(tokens):
                raise ParseError(
                    f"{tokens[index + 1][0]!r} after '*', the end of the play",
                    board=where,
                    line=tokens[index + 1][1],
                )
            tokens, claimed = tokens[:index], True
            if len(tokens) % 4:
                tokens += [("-", number)] * (4 - len(tokens) % 4)
            break
    if len(tokens) % 4:
        raise ParseError(
            f"the last trick of the Play section has {len(tokens) % 4} entries, not 4 "
            "(use '-' for a card not played)",
            board=where,
            trick=len(tokens) // 4 + 1,
            line=tokens[-1][1],
        )
    position = Position.initial(case.deal, case.contract.strain.trump, first)
    play: list[Card] = []
    stopped_at: int | None = None
    for trick in range(1, len(tokens) // 4 + 1):
        if trick > 13:
            raise ParseError("the Play section has more than 13 tricks", board=where, line=tokens[52][1])
        columns = tokens[4 * (trick - 1) : 4 * trick]
        leader = position.leader
        for offset in range(4):
            seat = leader.after(offset)
            token, number = columns[(seat.index - first.index) % 4]
            if token == "-":
                stopped_at = stopped_at or trick
                continue
            if stopped_at is not None:
                raise PlayError(
                    f"not in turn order: {seat} played {token} after a player who did not play "
                    f"to trick {stopped_at}",
                    board=where,
                    trick=trick,
                    seat=str(seat),
                    card=token,
                    line=number,
                )
            card = parse_card(token, board=where, trick=trick, seat=seat, line=number)
            if card not in position.hand(seat):
                raise PlayError(
                    _not_held(case, play, seat, card),
                    board=where,
                    trick=trick,
                    seat=str(seat),
                    card=str(card),
                    line=number,
                )
            position = position.play(card)
            play.append(card)
    return tuple(play), claimed


def _not_held(case: Case, play: list[Card], seat: Seat, card: Card) -> str:
    if card in play:
        return f"{card} was already played at trick {play.index(card) // 4 + 1}"
    return f"{seat} does not hold {card} ({case.deal.holder(card).name_long} does)"


def _corrections(game: _Game, where: Board) -> list[Correction]:
    tag = game.tags.get("corrected")
    out = []
    for part in _parts(tag, 3, "trick player card", where):
        trick = parse_int(
            part[0], what="Corrected trick", board=where, low=1, high=13, line=tag.line if tag else None
        )
        line = tag.line if tag else None
        player = parse_seat(part[1], board=where, what="Corrected player", line=line)
        card = parse_card(part[2], board=where, what="Corrected card", trick=trick, seat=player, line=line)
        out.append(Correction(trick, player, card))
    return out


def _penalty_cards(game: _Game, where: Board) -> list[PenaltyCard]:
    tag = game.tags.get("penaltycards") or game.tags.get("penalty_cards")
    out = []
    for part in _parts(tag, 3, "player card from_trick", where):
        line = tag.line if tag else None
        trick = parse_int(part[2], what="PenaltyCards from_trick", board=where, low=1, high=13, line=line)
        player = parse_seat(part[0], board=where, what="PenaltyCards player", line=line)
        card = parse_card(part[1], board=where, what="PenaltyCards card", trick=trick, seat=player, line=line)
        out.append(PenaltyCard(player, card, trick))
    return out


def _requirements(game: _Game, where: Board) -> list[Requirement]:
    tag = game.tags.get("requirements")
    out = []
    for part in _parts(tag, (3, 4), "trick player kind [suit]", where):
        assert tag is not None
        line = tag.line
        trick = parse_int(part[0], what="Requirements trick", board=where, low=1, high=13, line=line)
        player = parse_seat(part[1], board=where, what="Requirements player", line=line)
        try:
            kind = RequirementKind.from_str(part[2])
        except ValueError as exc:
            raise ParseError(f"Requirements: {exc}", board=where, trick=trick, seat=str(player),
                             line=line) from None
        if kind.needs_suit != (len(part) == 4):
            need = "needs a suit" if kind.needs_suit else "takes no suit (it is the suit led)"
            raise ParseError(f"Requirements: kind {kind} {need}", board=where, trick=trick,
                             seat=str(player), line=line)
        suit = parse_suit(part[3], board=where, what="Requirements suit", trick=trick, seat=player,
                          line=line) if kind.needs_suit else None
        out.append(Requirement(trick, player, kind, suit))
    return out


def _parts(tag: _Tag | None, size: int | tuple[int, ...], form: str, where: Board) -> list[list[str]]:
    if tag is None or not tag.value.strip():
        return []
    check_field(tag.value, f"[{tag.name}]", board=where, line=tag.line)
    sizes = (size,) if isinstance(size, int) else size
    parts = [item.split() for item in tag.value.split(",")]
    for part in parts:
        if len(part) not in sizes:
            raise ParseError(
                f"[{tag.name} {quote(tag.value)}]: each entry must be '{form}'",
                board=where,
                line=tag.line,
            )
    return parts

"""The ruled board as PBN, for the scoring program and the hand-record archive.

Each board is written as :func:`revoke_equity.io.dumps_pbn` writes a case (the deal, contract,
declarer, ``Result`` = declarer's tricks at the table, the ``Play`` section, ``*`` for a claim), plus
the ruling in tags of its own and as commentary. The tags (``docs/ruling-format.md``, "PBN"):

=================  ==============================================================================
``RulingFormat``   the ruling JSON format, e.g. ``revoke-equity/ruling@1``
``RulingLaw``      the law the recommended score rests on (``recommendation.law``)
``RulingAdjusted`` ``yes`` for an adjusted score (Law 64C), else ``no``
``RulingResult``   declarer's tricks of the recommended result
``RulingScoreNS``  NS's score to enter (one result; none for a weighted score)
``RulingScoreEW``  EW's score to enter
``RulingNetNS``    for a weighted score only, the net of its components for NS, labelled as a net:
                   it is not entered (each component is scored, then weighted)
``RulingNetEW``    the same for EW
``RulingWeighted`` the weighted score's components, ``"60 11 -400; 40 10 50"``: percent,
                   declarer's tricks, NS score (only when the score to enter is weighted)
=================  ==============================================================================

``Result`` stays the table's tricks, so the file reads back as the same case (this tool's reader
and endplay's skip tags they do not know); the case's auction is its ``Auction`` section. The
file is in PBN export format (:mod:`.pbn_export`): the mandatory tags in order with ``?`` for what
is not known (the site, the date, the players, the scoring), the commentary ``{...}`` after them
with the ruling's steps, what each seat showed that the single-dummy layouts used (when they used
the auction), and one line per side with the score to enter, then the other tags sorted by name;
CRLF line ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from revoke_equity.io import dumps_pbn
from revoke_equity.io.pbn_text import commentary, tag_value
from revoke_equity.model.case import Case
from revoke_equity.report.auction import shown_words
from revoke_equity.report.pbn_export import (
    CRLF,
    EXPORT_HEADER,
    IMPORT_HEADER,
    MANDATORY_TAGS,
    TagPair,
    export_game,
    is_export,
    tag_pairs,
)
from revoke_equity.ruling.score_entry import score_to_enter, weighted_components

if TYPE_CHECKING:
    from revoke_equity.ruling.schema import RulingJSON

__all__ = ["ruled_board_pbn", "ruled_boards_pbn", "ruling_tags"]

def ruling_tags(ruling: RulingJSON) -> list[tuple[str, str]]:
    """The ruling's PBN tags as ``(name, value)`` pairs, in the order written."""
    rec = ruling.get("recommendation") or {}
    scores = {s.side: s for s in score_to_enter(ruling)}
    tags = [
        ("RulingFormat", str(ruling.get("format", ""))),
        ("RulingLaw", str(rec.get("law", ""))),
        ("RulingAdjusted", "yes" if rec.get("adjusted") else "no"),
        ("RulingResult", str(rec.get("declarer_tricks", ""))),
    ]
    for side in ("NS", "EW"):  # a weighted score's net is no score to enter: named as a net
        name = "RulingNet" if scores[side].weighted else "RulingScore"
        tags.append((name + side, _number(scores[side].score)))
    components = weighted_components(ruling)
    if components:
        tags.append(("RulingWeighted", "; ".join(f"{p} {t} {s}" for p, t, s in components)))
    return tags


def ruled_board_pbn(case: Case, ruling: RulingJSON, *, event: str | None = None,
                    tags: Sequence[tuple[str, str]] = ()) -> list[str]:
    """The lines of one board in export format: the mandatory tags (``Event`` when given, else
    the input's; the input's ``tags`` such as ``Site``, ``Date`` and the players; ``?`` for what
    neither knows), the ruling's commentary, then the case's other tags, the input's and the
    ruling's, sorted by name."""
    lines = dumps_pbn(case).splitlines()
    pairs = tag_pairs(lines[next(i for i, line in enumerate(lines) if line.startswith("[")):])
    known = {name: _escaped(value) for name, value in tags if name in MANDATORY_TAGS}
    pairs += [TagPair(name, _escaped(value)) for name, value in tags if name not in MANDATORY_TAGS]
    pairs += [TagPair(name, _escaped(value)) for name, value in ruling_tags(ruling)]
    if event:
        known["Event"] = _escaped(event)
    return export_game(pairs, known, _commentary(ruling))


def ruled_boards_pbn(boards: Iterable[tuple[Case, RulingJSON]], *, event: str | None = None,
                     tags: Sequence[Sequence[tuple[str, str]]] = ()) -> str:
    """A PBN 2.1 file of ruled boards, CRLF line ends; headed ``% EXPORT`` when every game is in
    export format (:mod:`.pbn_export`). ``tags``, when given, are each board's input tags (in the
    order of ``boards``)."""
    boards = list(boards)
    per_board = list(tags) or [()] * len(boards)
    games = [ruled_board_pbn(case, ruling, event=event, tags=board_tags)
             for (case, ruling), board_tags in zip(boards, per_board, strict=True)]
    header = EXPORT_HEADER if all(is_export(g) for g in games) else IMPORT_HEADER
    out = [*header, "% Rulings by revoke-equity: see the Ruling* tags", ""]
    for game in games:
        out += [*game, ""]
    return CRLF.join(out)


def _commentary(ruling: RulingJSON) -> list[str]:
    lines = ["Ruling (revoke-equity):"]
    lines += [f"{i}. {step}" for i, step in enumerate(ruling.get("explanation") or [], start=1)]
    shown = shown_words(ruling.get("equity"))
    if shown:
        lines.append("What the auction showed (the single-dummy layouts match it):")
        lines += shown
    effect = ruling.get("auction_effect")
    if effect is not None:
        lines.append(str(effect["text"]))
    lines.append("Score to enter:")
    lines += [s.text for s in score_to_enter(ruling)]
    return commentary(lines)


def _escaped(value: str) -> str:
    """A tag value as PBN writes it inside its quotes (:func:`~revoke_equity.io.pbn_text.tag_value`)."""
    return tag_value(value)


def _number(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:.2f}".rstrip("0")

"""The ruled board as PBN, for the scoring program and the hand-record archive.

Each board is written as :func:`revoke_equity.io.dumps_pbn` writes a case (the deal, contract,
declarer, ``Result`` = declarer's tricks at the table, the ``Play`` section, ``*`` for a claim), plus
the ruling in tags of its own and as commentary. The tags (``docs/ruling-format.md``, "PBN"):

=================  ==============================================================================
``RulingFormat``   the ruling JSON format, e.g. ``revoke-equity/ruling@1``
``RulingLaw``      the law the recommended score rests on (``recommendation.law``)
``RulingAdjusted`` ``yes`` for an adjusted score (Law 64C), else ``no``
``RulingResult``   declarer's tricks of the recommended result
``RulingScoreNS``  NS's score to enter; for a weighted score the net of its components (not
                   entered: each component is scored, then weighted)
``RulingScoreEW``  EW's score to enter
``RulingWeighted`` the weighted score's components, ``"60 11 -400; 40 10 50"``: percent,
                   declarer's tricks, NS score (only when the score to enter is weighted)
=================  ==============================================================================

``Result`` stays the table's tricks, so the file reads back as the same case (this tool's reader
and endplay's skip tags they do not know); the case's auction is its ``Auction`` section. The
commentary ``{...}`` before the ``Play`` tag holds the ruling's steps, what each seat showed that
the single-dummy layouts used (when they used the auction), and one line per side with the score
to enter.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from revoke_equity.io import dumps_pbn
from revoke_equity.io.pbn_text import commentary
from revoke_equity.io.pbn_text import tag as _tag
from revoke_equity.model.case import Case
from revoke_equity.report.auction import shown_words
from revoke_equity.ruling.score_entry import score_to_enter, weighted_components

__all__ = ["ruled_board_pbn", "ruled_boards_pbn", "ruling_tags"]

def ruling_tags(ruling: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The ruling's PBN tags as ``(name, value)`` pairs, in the order written."""
    rec = ruling.get("recommendation") or {}
    scores = {s.side: s for s in score_to_enter(ruling)}
    tags = [
        ("RulingFormat", str(ruling.get("format", ""))),
        ("RulingLaw", str(rec.get("law", ""))),
        ("RulingAdjusted", "yes" if rec.get("adjusted") else "no"),
        ("RulingResult", str(rec.get("declarer_tricks", ""))),
        ("RulingScoreNS", _number(scores["NS"].score)),
        ("RulingScoreEW", _number(scores["EW"].score)),
    ]
    components = weighted_components(ruling)
    if components:
        tags.append(("RulingWeighted", "; ".join(f"{p} {t} {s}" for p, t, s in components)))
    return tags


def ruled_board_pbn(case: Case, ruling: Mapping[str, Any], *, event: str | None = None) -> list[str]:
    """The lines of one board: the case as PBN with the ruling's tags and commentary before its
    ``Play`` tag (and ``Event`` first, when given)."""
    lines = dumps_pbn(case).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("["))
    end = len(lines)
    while end > start and not lines[end - 1].strip():
        end -= 1
    body = lines[start:end]
    play = next(i for i, line in enumerate(body) if line.startswith("[Play "))
    added = [_tag(name, value) for name, value in ruling_tags(ruling)]
    added += _commentary(ruling)
    head = [_tag("Event", event)] if event else []
    return head + body[:play] + added + body[play:]


def ruled_boards_pbn(boards: Iterable[tuple[Case, Mapping[str, Any]]], *,
                     event: str | None = None) -> str:
    """A PBN 2.1 file of ruled boards."""
    out = ["% PBN 2.1", "% EXPORT", "% Rulings by revoke-equity: see the Ruling* tags", ""]
    for case, ruling in boards:
        out.extend(ruled_board_pbn(case, ruling, event=event))
        out.append("")
    return "\n".join(out)


def _commentary(ruling: Mapping[str, Any]) -> list[str]:
    lines = ["Ruling (revoke-equity):"]
    lines += [f"{i}. {step}" for i, step in enumerate(ruling.get("explanation") or [], start=1)]
    shown = shown_words(ruling.get("equity"))
    if shown:
        lines.append("What the auction showed (the single-dummy layouts match it):")
        lines += shown
    lines.append("Score to enter:")
    lines += [s.text for s in score_to_enter(ruling)]
    return commentary(lines)


def _number(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:.2f}".rstrip("0")

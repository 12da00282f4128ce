"""PBN export format (PBN 2.1, sections 2.1 and 3): the strict form a file may claim with
``% EXPORT``.

A game in export format has every tag of the mandatory tag set, in its order, ``?`` for a value
that is not known (``????.??.??`` for the date); then the supplemental tags sorted by name, each
with its section (``Auction``, ``Play``) after it; a single space between tokens, and CRLF at the
end of every line. :func:`export_game` writes a game so, :func:`is_export` checks one, and a file
starts with :data:`EXPORT_HEADER` only when every game of it passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["CRLF", "EXPORT_HEADER", "IMPORT_HEADER", "MANDATORY_TAGS", "TagPair", "export_game",
           "is_export", "tag_pairs"]

MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                  "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
"""The mandatory tag set of PBN 2.1 (section 3.1), in the order export format writes it."""
UNKNOWN = {"Date": "????.??.??"}
"""The value of a mandatory tag that is not known, where it is not ``?``."""
CRLF = "\r\n"
EXPORT_HEADER = ("% PBN 2.1", "% EXPORT")
IMPORT_HEADER = ("% PBN 2.1",)

_TAG = re.compile(r'^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]$')


@dataclass(frozen=True)
class TagPair:
    """One tag pair as written (``value`` already escaped) and the lines of its section."""

    name: str
    value: str
    section: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        return [f'[{self.name} "{self.value}"]', *self.section]


def tag_pairs(lines: Iterable[str]) -> list[TagPair]:
    """The tag pairs of one game's lines (as :func:`revoke_equity.io.dumps_pbn` writes them), each
    with the section lines that follow it."""
    pairs: list[TagPair] = []
    for line in lines:
        match = _TAG.match(line)
        if match:
            pairs.append(TagPair(match[1], match[2]))
        elif pairs and line.strip():
            last = pairs[-1]
            pairs[-1] = TagPair(last.name, last.value, (*last.section, line))
    return pairs


def export_game(pairs: Sequence[TagPair], known: Mapping[str, str],
                commentary: Sequence[str] = ()) -> list[str]:
    """One game in export format: the mandatory tags from ``pairs`` or ``known`` (escaped values;
    ``known`` wins), else unknown; the commentary lines after them; then every other tag of
    ``pairs`` sorted by name (a stable sort: ``Note`` tags keep their order)."""
    given = {p.name: p.value for p in pairs}
    given.update(known)
    lines = [f'[{name} "{given.get(name) or UNKNOWN.get(name, "?")}"]' for name in MANDATORY_TAGS]
    lines += commentary
    for pair in sorted((p for p in pairs if p.name not in MANDATORY_TAGS), key=lambda p: p.name):
        lines += pair.lines()
    return lines


def is_export(game: Sequence[str]) -> bool:
    """Whether one game's lines are in export format: the mandatory tags first and in order, the
    other tags sorted, no tab and no space at either end of a line."""
    names = [m[1] for m in map(_TAG.match, game) if m]
    if names[:len(MANDATORY_TAGS)] != list(MANDATORY_TAGS):
        return False
    rest = names[len(MANDATORY_TAGS):]
    if rest != sorted(rest) or len(set(MANDATORY_TAGS) & set(rest)):
        return False
    return all("\t" not in line and line == line.strip() for line in game)

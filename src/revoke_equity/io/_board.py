"""The unit of lenient reading: one board of an input, read or not."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from revoke_equity.errors import CaseError
from revoke_equity.model.case import Case


@dataclass(frozen=True)
class BoardInput:
    """One board of an input: its number when known, and either the :class:`Case` read from it or
    the :class:`CaseError` that says why it could not be read (exactly one of the two is set).

    ``warnings`` are what the reader found doubtful in a board it read (the case is still ruled
    on), each a sentence that names the board: ``board 5, line 11: the [Result "9"] tag says ...``.
    ``tags`` are the input's own words for the game that a ruling does not use but a file of
    rulings keeps (PBN's ``Event``, ``Site``, ``Date``, the players...), as ``(name, value)``.
    """

    board: int | None
    case: Case | None
    error: CaseError | None
    warnings: tuple[str, ...] = field(default=())
    tags: tuple[tuple[str, str], ...] = field(default=())

    @property
    def ok(self) -> bool:
        return self.error is None


def unnumbered(position: int) -> str:
    """How messages name a board the input gives no number: its place among the input's boards,
    ``board 2 of the input`` (the API gives the place as the error's ``position`` as well)."""
    return f"{position} of the input"


def read_one(
    board: int | None, label: int | str | None, build: Callable[[], Case], warnings: Iterable[str] = ()
) -> BoardInput:
    """Run ``build``; a :class:`CaseError` becomes this board's error, located on ``label`` (its
    number, :func:`unnumbered`, or none when the input is this one board).
    ``warnings`` (a list that ``build`` may add to) are kept with a board that was read."""
    try:
        case = build()
    except CaseError as exc:
        return BoardInput(board, None, exc.with_board(label))
    return BoardInput(board, case, None, tuple(warnings))


def strict(entries: Iterable[BoardInput]) -> list[Case]:
    """The cases of ``entries``; raise the first board's error instead, if any."""
    cases = []
    for entry in entries:
        if entry.error is not None:
            raise entry.error
        assert entry.case is not None
        cases.append(entry.case)
    return cases

"""The unit of lenient reading: one board of an input, read or not."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from revoke_equity.errors import CaseError
from revoke_equity.model.case import Case


@dataclass(frozen=True)
class BoardInput:
    """One board of an input: its number when known, and either the :class:`Case` read from it or
    the :class:`CaseError` that says why it could not be read (exactly one of the two is set)."""

    board: int | None
    case: Case | None
    error: CaseError | None

    @property
    def ok(self) -> bool:
        return self.error is None


def read_one(board: int | None, label: int | str, build: Callable[[], Case]) -> BoardInput:
    """Run ``build``; a :class:`CaseError` becomes this board's error, located on ``label``."""
    try:
        return BoardInput(board, build(), None)
    except CaseError as exc:
        return BoardInput(board, None, exc.with_board(label))


def strict(entries: Iterable[BoardInput]) -> list[Case]:
    """The cases of ``entries``; raise the first board's error instead, if any."""
    cases = []
    for entry in entries:
        if entry.error is not None:
            raise entry.error
        assert entry.case is not None
        cases.append(entry.case)
    return cases

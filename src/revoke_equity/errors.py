"""One exception hierarchy for the whole library.

Every error that reaches a user names where in the input it happened: the board, the trick, the seat
and the card, as far as they are known (``../shared/spec/case.md``, "Bad input").
"""

from __future__ import annotations


class RevokeEquityError(Exception):
    """Base class of every error raised on purpose by revoke-equity."""


class CaseError(RevokeEquityError, ValueError):
    """A case that cannot be ruled on: bad input, located as precisely as possible.

    ``str(error)`` reads ``board 7, trick 5, E, card D7: E does not hold D7``; parts that are
    unknown are left out.
    """

    def __init__(
        self,
        message: str,
        *,
        board: int | str | None = None,
        trick: int | None = None,
        seat: str | None = None,
        card: str | None = None,
        line: int | None = None,
    ) -> None:
        self.message = message
        self.board = board
        self.trick = trick
        self.seat = seat
        self.card = card
        self.line = line
        super().__init__(str(self))

    def where(self) -> str:
        parts = []
        if self.board is not None:
            parts.append(f"board {self.board}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.trick is not None:
            parts.append(f"trick {self.trick}")
        if self.seat is not None:
            parts.append(str(self.seat))
        if self.card is not None:
            parts.append(f"card {self.card}")
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message

    def with_board(self, board: int | str | None) -> CaseError:
        """Return the same error located on ``board`` (readers learn the board late)."""
        if self.board is None and board is not None:
            self.board = board
            self.args = (str(self),)
        return self


class ParseError(CaseError):
    """Input text that is not a valid case (a JSON, PBN or LIN syntax or field error)."""


class PlayError(CaseError):
    """A play record that is impossible: a card not held, played twice, or out of turn."""


class SolverError(RevokeEquityError):
    """The double-dummy solver failed; carries DDS's own return code and message."""

    def __init__(self, message: str, *, code: int | None = None) -> None:
        self.code = code
        super().__init__(message if code is None else f"DDS error {code}: {message}")

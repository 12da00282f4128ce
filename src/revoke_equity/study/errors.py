"""The study's errors."""

from __future__ import annotations

from revoke_equity.errors import RevokeEquityError

__all__ = ["StudyError", "StudyUsageError"]


class StudyError(RevokeEquityError):
    """A study that cannot go on: a case that could not be built or ruled, missing chunk files."""


class StudyUsageError(StudyError):
    """Bad study parameters, or an output directory that holds another study."""


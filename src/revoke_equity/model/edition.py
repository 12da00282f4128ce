"""The editions of the Laws of Duplicate Bridge that revoke-equity rules under."""

from __future__ import annotations

import enum


class Edition(enum.Enum):
    """A law edition. Law logic takes the edition as a parameter; it is never copied per edition."""

    LAWS_1997 = "1997"
    """The 1997 Laws (64A2's extra trick; no 64B6-B8; equity law reported as 64C)."""
    LAWS_2007 = "2007"
    """The 2007 Laws (64B1-B7; equity law reported as 64C)."""
    LAWS_2017 = "2017"
    """The 2017 Laws (64B1-B8; 64C1, 64C2(a), 64C2(b))."""

    @classmethod
    def from_str(cls, text: str | int) -> Edition:
        try:
            return cls(str(text).strip())
        except ValueError:
            *first, last = EDITIONS
            raise ValueError(f"unknown law edition {text!r} (expected {', '.join(first)} or {last})"
                             ) from None

    def __str__(self) -> str:
        return self.value


EDITIONS: tuple[str, ...] = tuple(e.value for e in Edition)
"""The editions' names, oldest first: the one list for choices, schemas and messages."""



def edition_names() -> tuple[str, ...]:
    """The editions' names as they are now (read at each call, so every surface built after an
    edition is added lists it: the command line, the API, the page, the study)."""
    return EDITIONS


DEFAULT_EDITION: Edition = tuple(Edition)[-1]
"""The newest edition: the one a case is ruled under when it names none."""

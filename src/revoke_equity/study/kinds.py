"""The kinds of synthetic revoke case, the kind mixes and how a case's kind is drawn."""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping

from revoke_equity.study.errors import StudyUsageError

__all__ = ["DEFAULT_MIX", "HIDDEN_MIX", "NAMED_MIXES", "StudyKind", "draw_kind", "parse_mix"]


class StudyKind(enum.Enum):
    """What kind of revoke(s) a synthetic case holds."""

    DEFENDER_DISCARD = "defender-discard"
    """A defender discards from a side suit while holding the suit led."""
    DEFENDER_RUFF = "defender-ruff"
    """A defender ruffs while holding the suit led (suit contracts only)."""
    DECLARER = "declarer"
    """Declarer revokes from his own hand (a ruff or a discard)."""
    DUMMY = "dummy"
    """Dummy revokes (declarer plays a card of dummy; Law 64B3)."""
    SAME_SUIT_TWICE = "same-suit-twice"
    """One player (a defender or declarer) revokes twice in the same suit (Laws 64B2, 64C2(a))."""
    BOTH_SIDES = "both-sides"
    """A defender and declarer each revoke once, in either order (Laws 64B7, 64C2(b))."""
    HIDDEN_DEFENDER = "hidden-defender"
    """A defender misreads a card of his hand (:mod:`.hidden`); every revoke that follows."""
    HIDDEN_DECLARER = "hidden-declarer"
    """Declarer misreads a card of his own hand."""
    HIDDEN_DUMMY = "hidden-dummy"
    """Declarer misreads a card of dummy's (dummy's revokes, Law 64B3)."""
    HIDDEN_BOTH_SIDES = "hidden-both-sides"
    """A defender and declarer (his own hand or dummy's) each misread a card."""

    @property
    def hidden(self) -> bool:
        """The revokes come from misread cards (not put in on purpose)."""
        return self.value.startswith("hidden-")

    def __str__(self) -> str:
        return self.value


DEFAULT_MIX: dict[StudyKind, float] = {
    StudyKind.DEFENDER_DISCARD: 3.0,
    StudyKind.DEFENDER_RUFF: 2.0,
    StudyKind.DECLARER: 2.0,
    StudyKind.DUMMY: 1.0,
    StudyKind.SAME_SUIT_TWICE: 1.0,
    StudyKind.BOTH_SIDES: 1.0,
}
"""The default kind mix (weights): defenders' revokes most, as at the table; every kind enough for
a confidence interval of a few points at 10,000 cases."""

HIDDEN_MIX: dict[StudyKind, float] = {
    StudyKind.HIDDEN_DEFENDER: 3.0,
    StudyKind.HIDDEN_DECLARER: 2.0,
    StudyKind.HIDDEN_DUMMY: 1.0,
    StudyKind.HIDDEN_BOTH_SIDES: 1.0,
}
"""The mix ``hidden``: the hidden-card kinds, defenders' most."""

NAMED_MIXES: dict[str, dict[StudyKind, float]] = {
    "default": DEFAULT_MIX,
    "hidden": HIDDEN_MIX,
    "all": {**DEFAULT_MIX, **HIDDEN_MIX},
}
"""Mixes that ``--kinds`` takes by name."""


def parse_mix(text: str | None) -> dict[StudyKind, float]:
    """``"defender-discard=3,dummy=1"`` or ``"declarer,dummy"`` (equal weights); ``None``, ``""``
    or ``"default"`` give :data:`DEFAULT_MIX`, ``"hidden"`` :data:`HIDDEN_MIX`, ``"all"`` both.
    Raises :class:`StudyUsageError` on a bad item."""
    if text is None or not text.strip():
        return dict(DEFAULT_MIX)
    if text.strip() in NAMED_MIXES:
        return dict(NAMED_MIXES[text.strip()])
    mix: dict[StudyKind, float] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        name, _, weight_text = item.partition("=")
        try:
            kind = StudyKind(name.strip())
        except ValueError:
            names = ", ".join(k.value for k in StudyKind)
            raise StudyUsageError(f"unknown revoke kind {name.strip()!r} (expected one of {names})") from None
        try:
            weight = float(weight_text) if weight_text else 1.0
        except ValueError:
            raise StudyUsageError(f"the weight of {kind} must be a number, not {weight_text!r}") from None
        if not weight > 0 or weight == float("inf"):
            raise StudyUsageError(f"the weight of {kind} must be positive, not {weight_text}")
        if kind in mix:
            raise StudyUsageError(f"revoke kind {kind} is given twice")
        mix[kind] = weight
    if not mix:
        raise StudyUsageError("no revoke kinds given")
    return mix



def draw_kind(rng: random.Random, mix: Mapping[StudyKind, float]) -> StudyKind:
    kinds = [k for k in StudyKind if k in mix]  # a fixed order, whatever the mix's order
    total = sum(mix[k] for k in kinds)
    x = rng.random() * total
    for kind in kinds:
        x -= mix[kind]
        if x < 0:
            return kind
    return kinds[-1]



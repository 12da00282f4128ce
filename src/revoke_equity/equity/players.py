"""The classes of player the single-dummy estimate models (expert, strong, club): each a softmax
temperature among the cards no other card dominates and a slip rate onto a dominated one
(:mod:`revoke_equity.equity.error_model` plays them). Apart from that module so that naming a class,
as the command line and the service do on start-up, does not load numpy."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["FITTED_RARE", "PLAYER_CLASSES", "PlayerClass"]

FITTED_RARE = 1 / 8
"""The ``rare`` real top-level play supports (``docs/calibration/``: the knee of the likelihood of
the real cards). The classes keep 0: at the layouts a decision can afford, a graded difference is
estimated with more noise than a whole one, and the likely result moved more with the seed
(``docs/performance.md``, "Graded dominance")."""


@dataclass(frozen=True)
class PlayerClass:
    """A class of player as an error model."""

    name: str
    tau: float
    """Temperature (tricks) of the softmax among the cards no other card dominates."""
    slip: float
    """Probability of playing a dominated card that is not a sure loss, when the decision has one."""
    sure: float = 0.0
    """Probability of playing a sure loss (a card another card beats in every layout), when the
    decision has one."""
    rare: float = 0.0
    """A difference between two cards that shows in a share ``f`` of the layouts below this counts
    as ``f / rare`` of one (0, every class's: every difference counts whole, however rare)."""

    def __post_init__(self) -> None:
        if self.tau < 0:
            raise ValueError("tau must be at least 0")
        if not 0 <= self.slip < 1:
            raise ValueError("slip must be at least 0 and below 1")
        if not 0 <= self.sure < 1 or self.slip + self.sure >= 1:
            raise ValueError("sure must be at least 0 and slip + sure below 1")
        if not 0 <= self.rare <= 0.5:
            raise ValueError("rare must be 0-0.5")


PLAYER_CLASSES: Mapping[str, PlayerClass] = {
    "expert": PlayerClass("expert", tau=0.1, slip=0.02, sure=0.0),
    "strong": PlayerClass("strong", tau=0.3, slip=0.04, sure=0.005),
    "club": PlayerClass("club", tau=0.6, slip=0.1, sure=0.03),
}
"""The classes of player. ``tau`` weighs the genuine guesses (a lower temperature follows the mean
over the layouts more closely); ``slip`` is how often a card that can lose and cannot gain is
played.

``expert`` is fitted on real top-level play (the calibration, ``docs/calibration/``, at 64 layouts
a decision): where a decision has a dominated card, such players play one 11.5% [8.8, 14.8] of
the time, but only 10% [4, 21] of those cards lose a trick on the real deal (many lose only in
layouts the auction and the signals rule out, which the players know and the layouts do not);
counting each dominated card by its degree at :data:`FITTED_RARE`, the rate of one that loses a
trick is 1.8% [0.9, 3.5]: its ``slip`` is 0.02. Its guesses lose a trick double-dummy about as
often as the policy's at any temperature (3.0% against 3.6% at ``tau`` 0 to 6.3% at 1), so
``tau`` is not determined by the fit; 0.1 is kept. ``sure`` is how often a sure loss (a card
another card beats in every layout: a trick the player can count) is played: the real card was
one at none of the 73 sampled decisions that had one, so the expert's is 0.

``strong`` and ``club`` are choices relative to it, not measurements (the real play holds no club
play): twice and five times the expert's slips, a sure loss one time in 200 and in 33 (inside
the experts' interval), and guesses weighed more loosely (a guess a third
of a trick worse on average is played about a quarter as often as the best at 0.3; a guess a
trick worse still one time in six at 0.6)."""

"""Whether the auction moved the likely result: the same ruling once more, ignoring it.

Law 12C1(e) and 64C ask what was likely without the revoke; the single-dummy players imagine
their layouts to match what the auction (or the director's ``shown``) showed
(``docs/auction.md``). To let a director see what that changed, the ruling can estimate once
more with the layouts unconstrained, on the same seed, and compare the likely results (those of
at least the likely threshold) and the score to enter. It doubles the estimate's cost, so it is
asked for (``--auction-effect``, the API's ``auction_effect``), and it is made only when some
constraint was used.
"""

from __future__ import annotations

from dataclasses import dataclass

from revoke_equity.equity.estimate import Estimate
from revoke_equity.ruling.schema import AuctionEffectJSON

__all__ = ["AuctionEffect", "auction_effect"]


@dataclass(frozen=True)
class AuctionEffect:
    """The likely results with the auction and ignoring it, and the recommended score of each."""

    likely: tuple[int, ...]
    likely_without: tuple[int, ...]
    score_ns: int
    score_ns_without: int
    solver_seconds: float
    """What the ruling without the auction cost the solver (its part of ``solver.seconds``)."""
    beside: str | None = None
    """The estimate compared when it is one shown beside the ruling's own (``sd`` beside the
    default ``dd``, which does not read the auction): the scores are those it leads to."""

    @property
    def moved(self) -> bool:
        """The likely results differ (the score to enter may still be the same)."""
        return self.likely != self.likely_without

    @property
    def text(self) -> str:
        """"The auction moved the likely result from 10 to 11 tricks ..." in words."""
        with_it = _tricks(self.likely)
        without = _tricks(self.likely_without, unit=not self.likely or not self.likely_without)
        result = ("the likely result" if self.beside is None
                  else f"the likely result of {self.beside} (shown beside)")
        if self.moved:
            out = f"The auction moved {result} from {without} to {with_it}"
        else:
            out = f"The auction did not move {result} ({with_it} with it and without)"
        what = "the recommended score" if self.beside is None else "the score it leads to"
        if self.score_ns == self.score_ns_without:
            return out + f"; {what} is NS {self.score_ns:+d} either way."
        return (out + f"; {what} is NS {self.score_ns:+d} with it, "
                f"NS {self.score_ns_without:+d} ignoring it.")

    def as_dict(self) -> AuctionEffectJSON:
        return {"moved": self.moved, "likely": list(self.likely),
                "likely_without": list(self.likely_without), "score_ns": self.score_ns,
                "score_ns_without": self.score_ns_without,
                "solver_seconds": round(self.solver_seconds, 6), "text": self.text}


def auction_effect(with_auction: Estimate | None, without: Estimate | None, likely: float,
                   scores: tuple[int, int], solver_seconds: float, beside: bool = False
                   ) -> AuctionEffect | None:
    """The effect of the auction, from the estimate that reads it (the recommendation's own, or
    with ``beside`` one shown beside it) with the auction and ignoring it (``likely`` the
    threshold; ``scores`` the NS scores that estimate leads to in the two rulings); ``None`` when
    either has no estimate."""
    if with_auction is None or without is None:
        return None
    return AuctionEffect(with_auction.distribution.likely(likely),
                         without.distribution.likely(likely), *scores, solver_seconds,
                         with_auction.name if beside else None)


def _tricks(likely: tuple[int, ...], unit: bool = True) -> str:
    """``(10, 11)`` as "10 or 11 tricks" (without "tricks" when not ``unit``); none likely as
    "no single result"."""
    if not likely:
        return "no single result"
    names = [str(t) for t in likely]
    text = " or ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]
    return text + " tricks" if unit else text

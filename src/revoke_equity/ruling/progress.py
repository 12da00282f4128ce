"""What a ruling reports while it runs: the stage it is at, step by step.

:func:`~revoke_equity.ruling.pipeline.rule` calls a :data:`Progress` callback at each stage
boundary: the comparison points found (the law part done), each estimate started and finished at
each comparison point (with its playouts and precision once known), the play trace; and within an
estimate, as its playouts (or the exact tree's depths) advance, how much of it is done
(:attr:`Stage.part`). The command line draws it on a terminal; the service sends it to the page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass

__all__ = ["Progress", "Stage"]


@dataclass(frozen=True)
class Stage:
    """One stage boundary, or a point within an estimate: ``step`` of ``steps`` done (and
    ``part`` of the next), and what runs (or ran) now."""

    stage: str
    """``laws``, ``estimate``, ``trace`` or ``done``."""
    step: int
    steps: int
    text: str
    """For people: "estimate sd at 64C2(a): 120 playouts, +/-0.08"."""
    part: float = 0.0
    """How much of the step under way is done, 0 to 1: an estimate's playouts done of those it
    plans, or the exact tree's depths solved of its depths (0 at a stage boundary). The playouts
    may stop short of the plan once precise enough: the next stage then follows at once."""

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


Progress = Callable[[Stage], None]
"""Called with each :class:`Stage` as a ruling reaches it; must not raise."""

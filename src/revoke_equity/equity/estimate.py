"""An estimate of the result without the revokes, as a value, and the options that shape it.

Each estimator (``dd``, ``sd``, ``table``) turns a comparison point into an :class:`Estimate`: a
distribution of declarer's final tricks, its parameters, what it cost, and its own details (the
offender's alternatives for ``dd``, the departures from the table's play for ``table``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from revoke_equity.equity.players import PLAYER_CLASSES, PlayerClass
from revoke_equity.model.distribution import LIKELY, PROBABLE, TrickDistribution

if TYPE_CHECKING:
    from revoke_equity.laws.comparison import ComparisonPoint
    from revoke_equity.model.play import PlayRecord
    from revoke_equity.solver.base import Solver

__all__ = [
    "DEFAULT_ALSO",
    "DEFAULT_ESTIMATE",
    "ESTIMATORS",
    "PLAYER_CLASSES",
    "Estimate",
    "EstimateOptions",
    "Estimator",
    "EstimatorInfo",
    "PlayerClass",
    "estimate_and_also",
    "estimator_names",
    "estimators",
    "find_estimator",
]

DEFAULT_WORLDS = 8
"""Layouts each single-dummy decision is judged on first (all of them when there are no more)."""
DEFAULT_MAX_WORLDS = 16
"""The most layouts a single-dummy decision draws while it is not settled."""
DEFAULT_TOLERANCE = 0.05
"""A decision is settled when its cards' probabilities vary by at most this (their standard
deviation over resamples of the layouts drawn)."""
DEFAULT_PLAYOUTS = 200
"""The most sampled playouts when the tree is too large for exact propagation."""
DEFAULT_PRECISION = 0.05
"""Playouts stop (after a block of 20) once every reported probability's 95% interval of the
playouts is within +/- this (narrowed by their double-dummy correction): 60 to 200 playouts on
the worked cases, where it keeps a weighted score's spread over seeds within 40 points."""
DEFAULT_TRUNK = 1 / 16
"""The share of the replays from which a decision is converged further
(:func:`~revoke_equity.equity.propagate.walk_trunk`)."""
DEFAULT_SEED = 2024
DEFAULT_ESTIMATE = "dd"
"""The estimate the score rests on when none is named, on every surface (the library's
:class:`EstimateOptions`, the command line, the API, the page and the study): double-dummy play,
the same answer under every seed. It agrees with the published rulings as often as the
single-dummy estimate, whose score to enter still moves with the seed on some boards
(``docs/likely-result.md``, "Which estimate the score rests on")."""
DEFAULT_ALSO = ("sd",)
"""The estimates the command line, the API and the page show beside the default one when neither
is named, each with the score it leads to: single-dummy players, one flag away (``--estimate
sd``). Naming an estimate (``--estimate dd``, the fast one) shows only the ``--also`` named."""


def estimate_and_also(estimate: str | None, also: str | None) -> tuple[str, tuple[str, ...]]:
    """The estimate the score rests on and those shown beside it, from what a surface was asked
    (``None``: not named): neither named, :data:`DEFAULT_ESTIMATE` with :data:`DEFAULT_ALSO`
    beside it; else the estimate named (or the default) with the ``also`` named (``"sd,table"``;
    empty: none). A :class:`ValueError` names an unknown one of ``also``."""
    if estimate is None and also is None:
        return DEFAULT_ESTIMATE, DEFAULT_ALSO
    names = tuple(dict.fromkeys(n.strip() for n in (also or "").split(",") if n.strip()))
    for name in names:
        find_estimator(name)
    return estimate or DEFAULT_ESTIMATE, names


def add_estimate_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup,
                           default: str, *, named: bool = False) -> None:
    """``--estimate`` (``default``), ``--players``, ``--worlds``, ``--max-worlds`` (read with
    :func:`max_worlds_given`), ``--tolerance`` and ``--playouts``: the options the command line
    and the study share. ``named``: ``--estimate`` stays ``None`` when not given (the caller
    reads it with :func:`estimate_and_also`)."""
    parser.add_argument("--estimate", choices=list(estimator_names()),
                        default=None if named else default,
                        help="the estimate of the likely result the score rests on: "
                        + ", ".join(f"{e.name} {e.words}" + (" (default)" if e.name == default
                                                             else "") for e in estimators()))
    parser.add_argument("--players", choices=list(PLAYER_CLASSES), default="strong",
                        help="class of player of the sd and table estimates (default strong)")
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS,
                        help=f"layouts a single-dummy decision draws first (default "
                        f"{DEFAULT_WORLDS})")
    parser.add_argument("--max-worlds", type=int, default=None,
                        help=f"the most layouts a decision draws while it is not settled "
                        f"(default {DEFAULT_MAX_WORLDS}, or --worlds when that is more; refused "
                        "below --worlds)")
    parser.add_argument("--tolerance", type=float, default=DEFAULT_TOLERANCE,
                        help=f"a decision is settled once its cards' probabilities vary by at "
                        f"most this over resamples of its layouts (default {DEFAULT_TOLERANCE:g})")
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS,
                        help=f"the most sampled playouts of an estimate (default "
                        f"{DEFAULT_PLAYOUTS}; they stop once every probability is known within "
                        f"+/-{DEFAULT_PRECISION:g} at 95%%)")


def class_estimates() -> tuple[str, ...]:
    """The estimates that play with a class of player's error model (``sd``, ``table``)."""
    return tuple(e.name for e in estimators() if "players" in e.options)


def max_worlds_given(worlds: int, given: int | None) -> int:
    """The most layouts a decision draws, from ``--max-worlds`` (``given``, ``None`` when it
    was not): :data:`DEFAULT_MAX_WORLDS`, or ``worlds`` when that is more; a ``ValueError``
    when ``given`` is below ``worlds`` (a decision draws ``worlds`` layouts first, so it could
    not keep to it)."""
    if given is None:
        return max(DEFAULT_MAX_WORLDS, worlds)
    if given < worlds:
        raise ValueError(
            f"--max-worlds {given} is below --worlds {worlds}: a decision draws --worlds layouts "
            f"first, and --max-worlds is the most it draws; give --max-worlds at least {worlds}, "
            "or fewer --worlds")
    return given


@dataclass(frozen=True)
class EstimateOptions:
    """Everything that shapes a ruling's estimates; one frozen value passed down the pipeline."""

    estimate: str = DEFAULT_ESTIMATE
    """The estimate the recommendation rests on (a name of :data:`ESTIMATORS`; by default
    :data:`DEFAULT_ESTIMATE`, as on every surface)."""
    players: str = "strong"
    worlds: int = DEFAULT_WORLDS
    """Layouts a single-dummy decision draws first."""
    max_worlds: int = DEFAULT_MAX_WORLDS
    """The most layouts it draws while it is not settled (``worlds`` when it is fewer)."""
    tolerance: float = DEFAULT_TOLERANCE
    """It is settled once its cards' probabilities vary by at most this."""
    playouts: int = DEFAULT_PLAYOUTS
    precision: float = DEFAULT_PRECISION
    """Stop sampling once every probability's 95% interval is within +/- this (0: never)."""
    seed: int = DEFAULT_SEED
    likely: float = LIKELY
    probable: float = PROBABLE
    jobs: int = 1
    """Processes that play the sampled playouts (each block of playouts gives the same outcomes
    in any process: the answer does not depend on this)."""
    exact_budget: int = 2000
    """The exact propagation is used when the tree of lines from the comparison point (every
    legal card, equals once) has at most this many positions; else sampled playouts."""
    trunk: float = DEFAULT_TRUNK
    """A decision that at least twice this share of the replays passes through is converged
    further, the more the more replays pass through it (0: none is)."""
    extra: tuple[str, ...] = ()
    """Estimates shown beside the recommendation's own, each with the score it would lead to
    (``dd`` is always computed; the surfaces name :data:`DEFAULT_ALSO` by default)."""
    ignore_auction: bool = False
    """Imagine the layouts without what the auction (or the director's ``shown``) showed."""
    auction_effect: bool = False
    """Rule once more ignoring the auction, when it shaped the layouts, and say whether it moved
    the likely result (:mod:`revoke_equity.ruling.auction_effect`; doubles the estimate)."""

    def __post_init__(self) -> None:
        for name in (self.estimate, *self.extra):
            find_estimator(name)  # a ValueError naming the estimators
        if self.players not in PLAYER_CLASSES:
            raise ValueError(f"unknown class of player {self.players!r} (expected "
                             + ", ".join(PLAYER_CLASSES) + ")")
        if not 1 <= self.worlds <= 200:
            raise ValueError("worlds must be 1-200 (DDS solves at most 200 boards in one batch)")
        if not 1 <= self.max_worlds <= 200:
            raise ValueError("max worlds must be 1-200 (below worlds: worlds)")
        if not 0 <= self.tolerance < 1:
            raise ValueError("tolerance must be at least 0 and below 1")
        if not 1 <= self.playouts <= 100_000:
            raise ValueError("playouts must be 1-100000")
        if not 1 <= self.jobs <= 64:
            raise ValueError("jobs must be 1-64")
        if not 0 <= self.trunk <= 0.5:
            raise ValueError("trunk must be 0-0.5")
        if not 0 <= self.precision < 1:
            raise ValueError("precision must be at least 0 and below 1")
        if not 0 < self.probable <= self.likely <= 1:
            raise ValueError("the thresholds need 0 < probable <= likely <= 1")

    @property
    def player(self) -> PlayerClass:
        """The class of player's error model."""
        return PLAYER_CLASSES[self.players]

    @property
    def temperature(self) -> float:
        return self.player.tau

    @property
    def beside(self) -> tuple[str, ...]:
        """The estimates shown beside the recommendation's own, each with the score it leads to
        (:attr:`extra` without :attr:`estimate`), each once."""
        return tuple(dict.fromkeys(n for n in self.extra if n != self.estimate))

    @property
    def names(self) -> tuple[str, ...]:
        """Every estimate to compute, ``dd`` first, each once."""
        out = ["dd"]
        for name in (self.estimate, *self.extra):
            if name not in out:
                out.append(name)
        return tuple(out)


@dataclass(frozen=True)
class Estimate:
    """One estimator's answer at one comparison point."""

    name: str
    distribution: TrickDistribution
    parameters: Mapping[str, object]
    solver_calls: int
    """Positions asked of the solver (each layout of a decision counts one; answers from the
    solver's cache included, so the number does not depend on what the cache held)."""
    interval: Mapping[int, tuple[float, float]] | None = None
    """95% interval of each probability, where sampling is involved: of every result the
    position allows when sampled (a result not drawn included), of every result a replica of
    the layouts reaches when exact (``docs/likely-result.md``, "Honest intervals")."""
    details: Mapping[str, object] = field(default_factory=dict)


class Estimator(Protocol):
    """Turns a comparison point into an :class:`Estimate` (``dd``, ``sd``, ``table``)."""

    name: str

    def estimate(self, point: ComparisonPoint, solver: Solver) -> Estimate: ...


# -- the estimators' registry ----------------------------------------------------------------------

@dataclass(frozen=True)
class EstimatorInfo:
    """What every surface says about one estimator: the command line's choices and help, the
    API's validation and OpenAPI, the page's lists, the explanation's label and the study."""

    name: str
    """``sd``: the name in options, URLs and the ruling JSON's ``estimates``."""
    label: str
    """``Single-dummy``: how the explanation and the page head its result."""
    words: str
    """``single-dummy play``: what it is, in the command line's help and the API's docs."""
    choice: str
    """``single-dummy (players see what they see)``: the page's choice."""
    options: tuple[str, ...] = ()
    """The :class:`EstimateOptions` fields it reads besides the thresholds."""
    details: tuple[str, ...] = ()
    """The keys of its :attr:`Estimate.details` (each a field of ``EstimateJSON``)."""
    build: Callable[[PlayRecord, EstimateOptions], Estimator] | None = None
    """How to make it for one ruling; None for the three built by
    :func:`revoke_equity.equity.single_dummy.estimator` (``sd`` and ``table`` share one
    single-dummy policy there)."""


_SAMPLED = ("players", "worlds", "max_worlds", "tolerance", "trunk", "playouts", "precision", "seed",
            "jobs", "exact_budget", "ignore_auction")

ESTIMATORS: tuple[EstimatorInfo, ...] = (
    EstimatorInfo("sd", "Single-dummy", "single-dummy play",
                  "single-dummy (players see what they see)", _SAMPLED, ("decisions", "lines")),
    EstimatorInfo("dd", "Double-dummy", "double-dummy play", "double-dummy", (),
                  ("card", "alternatives", "kept_transfer")),
    EstimatorInfo("table", "Table play kept", "the table's later cards kept where legal",
                  "table play kept where legal", _SAMPLED, ("decisions", "departures", "lines")),
)
"""Every estimator, in the order the surfaces list them (python-chess's ``VARIANTS`` is the
model): a new one is one entry here and its module."""

def estimators() -> tuple[EstimatorInfo, ...]:
    """The registry as it is now (read at each call, so every surface built after an entry is
    added lists it)."""
    return ESTIMATORS


def estimator_names() -> tuple[str, ...]:
    return tuple(e.name for e in estimators())


def find_estimator(name: str) -> EstimatorInfo:
    """The estimator called ``name``, else a :class:`ValueError` that lists them."""
    for info in estimators():
        if info.name == name:
            return info
    raise ValueError(f"unknown estimate {name!r} (expected {_listed(estimator_names())})")


def _listed(names: tuple[str, ...]) -> str:
    *first, last = names
    return f"{', '.join(first)} or {last}" if first else last

"""revoke-equity: law-exact revoke rulings (Laws 61-64, 12C) with the distribution of the likely
result without the revoke.

The names a program needs are here, imported on first use, so that ``import revoke_equity`` stays
light (the readers, the ruling pipeline and endplay's DDS load only when asked for)::

    import revoke_equity

    for board in revoke_equity.read_path("session.pbn"):
        ruling = revoke_equity.rule(board.case, revoke_equity.default_solver())
        print(ruling.recommendation.reason)  # on the DEFAULT_ESTIMATE, as every surface

Reading boards: :func:`read_path`, :func:`read_boards` (:class:`BoardInput` each, its ``case`` a
:class:`Case`), :func:`apply_overrides`. Ruling: :func:`rule` gives a :class:`Ruling`
(``to_dict()`` is the ruling JSON, :mod:`revoke_equity.ruling.schema`). Options:
:class:`EstimateOptions`, the estimators' registry :data:`ESTIMATORS` with :func:`find_estimator`
and :data:`DEFAULT_ESTIMATE`, the law editions :class:`Edition` and :data:`EDITIONS`. The estimate
type: :class:`Estimate`, :class:`TrickDistribution`. The solver: :func:`default_solver` (this
process's DDS solver), :class:`DdsSolver`, the :class:`Solver` protocol.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_LAZY = {
    "BoardInput": "revoke_equity.io",
    "apply_overrides": "revoke_equity.io",
    "read_boards": "revoke_equity.io",
    "read_path": "revoke_equity.io",
    "Case": "revoke_equity.model.case",
    "Edition": "revoke_equity.model.edition",
    "EDITIONS": "revoke_equity.model.edition",
    "TrickDistribution": "revoke_equity.model.distribution",
    "DEFAULT_ESTIMATE": "revoke_equity.equity.estimate",
    "ESTIMATORS": "revoke_equity.equity.estimate",
    "Estimate": "revoke_equity.equity.estimate",
    "EstimateOptions": "revoke_equity.equity.estimate",
    "EstimatorInfo": "revoke_equity.equity.estimate",
    "find_estimator": "revoke_equity.equity.estimate",
    "Ruling": "revoke_equity.ruling",
    "rule": "revoke_equity.ruling",
    "Solver": "revoke_equity.solver.base",
    "DdsSolver": "revoke_equity.solver.dds",
    "default_solver": "revoke_equity.solver.pool",
}
"""Each public name and the module it comes from."""

__all__ = [
    "DEFAULT_ESTIMATE",
    "EDITIONS",
    "ESTIMATORS",
    "BoardInput",
    "Case",
    "DdsSolver",
    "Edition",
    "Estimate",
    "EstimateOptions",
    "EstimatorInfo",
    "Ruling",
    "Solver",
    "TrickDistribution",
    "__version__",
    "apply_overrides",
    "default_solver",
    "find_estimator",
    "read_boards",
    "read_path",
    "rule",
]
"""Written out for the tools that read it; the same names as ``_LAZY``."""

if TYPE_CHECKING:
    from revoke_equity.equity.estimate import (
        DEFAULT_ESTIMATE,
        ESTIMATORS,
        Estimate,
        EstimateOptions,
        EstimatorInfo,
        find_estimator,
    )
    from revoke_equity.io import BoardInput, apply_overrides, read_boards, read_path
    from revoke_equity.model.case import Case
    from revoke_equity.model.distribution import TrickDistribution
    from revoke_equity.model.edition import EDITIONS, Edition
    from revoke_equity.ruling import Ruling, rule
    from revoke_equity.solver.base import Solver
    from revoke_equity.solver.dds import DdsSolver
    from revoke_equity.solver.pool import default_solver


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then kept here)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'revoke_equity' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))

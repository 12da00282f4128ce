"""The solver layer: the only code that talks to DDS (through endplay's ctypes binding).

:class:`~revoke_equity.solver.base.Solver` is the small interface the law and equity code is
written against; :class:`~revoke_equity.solver.dds.DdsSolver` implements it with DDS and
:class:`~revoke_equity.solver.bruteforce.BruteForceSolver` with an exact minimax for small endings
(the independent check of every double-dummy number we rely on).
"""

from revoke_equity.solver.base import Solver, SolverStats

__all__ = ["Solver", "SolverStats"]

"""The counterfactual: what would likely have happened without the revokes (Law 64C, 12C).

Everything here asks a :class:`~revoke_equity.solver.base.Solver` for double-dummy numbers; the law
decisions stay in :mod:`revoke_equity.laws`.
"""

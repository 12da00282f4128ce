"""How firm a recommendation is, for the API: the same board ruled under the other classes of
player (``also_players``), each in the worker pool within the request's time budget.

Each class is a ruling of its own (the estimate's cost once more per class); a class whose
estimate did not finish in time says so instead of a recommendation, and the ruling asked for is
given all the same.
"""

from __future__ import annotations

from typing import Any

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.ruling.sensitivity import sensitivity_entry, under_class
from revoke_equity.service.context import ServiceContext

__all__ = ["under_other_classes"]


async def under_other_classes(service: ServiceContext, case: Any, budget: float,
                              options: EstimateOptions, classes: tuple[str, ...]
                              ) -> list[dict[str, object]]:
    """The ``sensitivity`` entries of ``case``: per class of ``classes``, ruled with
    :func:`~revoke_equity.ruling.sensitivity.under_class`, its recommendation
    (:func:`~revoke_equity.ruling.sensitivity.sensitivity_entry`), or ``{"players",
    "unfinished"}`` with the reason when that ruling did not finish or fell back to the
    double-dummy estimate."""
    out: list[dict[str, object]] = []
    for name in classes:
        status, payload = await service.rule_one(case, budget, under_class(options, name))
        if status != 200:
            out.append({"players": name, "unfinished": str(payload.get("message", status))})
        elif "unfinished" in payload:
            out.append({"players": name, "unfinished": payload["unfinished"]["message"]})
        else:
            out.append(dict(sensitivity_entry(name, payload)))
    return out

"""The API's query parameters are the ones its routes declare, each given once.

A misspelt parameter (``noticd=after-round``) would otherwise be dropped without a word and the
board ruled under the default, a different law; a repeated one (``estimate=sd&estimate=dd``)
would be settled by whichever came last. Both are refused with a 422 naming the parameter, as
the JSON case refuses an unknown field and the command line an unknown option.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.dependencies.models import Dependant
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute

__all__ = ["known_query"]


async def known_query(request: Request) -> None:
    """A dependency of every ``/api/`` route: a :class:`RequestValidationError` (422) for each
    query parameter the route does not declare, or gives more than once."""
    route = request.scope.get("route")
    if not isinstance(route, APIRoute) or not request.url.path.startswith("/api/"):
        return
    declared = _query_names(route.dependant)
    errors = []
    for name in dict.fromkeys(request.query_params.keys()):
        if name not in declared:
            expected = (f"expected one of: {', '.join(sorted(declared))}" if declared
                        else "this route takes none")
            errors.append(_error(name, f"unknown parameter ({expected})"))
        elif len(request.query_params.getlist(name)) > 1:
            errors.append(_error(name, "given more than once; give it once"))
    if errors:
        raise RequestValidationError(errors)


def _error(name: str, message: str) -> dict[str, object]:
    return {"type": "value_error", "loc": ("query", name), "msg": message, "input": None}


def _query_names(dependant: Dependant) -> set[str]:
    """The query parameters a route and its dependencies declare (by their names in the URL)."""
    names = {field.alias for field in dependant.query_params}
    for sub in dependant.dependencies:
        names |= _query_names(sub)
    return names

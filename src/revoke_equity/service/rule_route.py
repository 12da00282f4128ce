"""``POST /api/v1/rulings`` as named steps: the query (:class:`RuleQuery`, which builds the
estimate options), the body read (:func:`read_text`), the boards chosen (:func:`chosen_boards`),
the rulings in the pool (:func:`rulings`), the log write (:func:`log_rulings`) and the answer
(:func:`answer`)."""

import asyncio
import json
import logging
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Query, Request
from fastapi.responses import JSONResponse, Response

from revoke_equity import __version__
from revoke_equity.equity.estimate import (
    DEFAULT_ALSO,
    DEFAULT_ESTIMATE,
    DEFAULT_PLAYOUTS,
    DEFAULT_PRECISION,
    DEFAULT_SEED,
    DEFAULT_WORLDS,
    EstimateOptions,
    estimate_and_also,
    estimator_names,
    estimators,
)
from revoke_equity.errors import CaseError
from revoke_equity.io import apply_overrides, case_to_dict
from revoke_equity.model.distribution import LIKELY, PROBABLE
from revoke_equity.model.edition import DEFAULT_EDITION, edition_names
from revoke_equity.model.shown import Shown
from revoke_equity.ruling.sensitivity import other_classes, played_estimate
from revoke_equity.service.body import BodyTimeout, BodyTooLarge, ClientGone, read_body
from revoke_equity.service.context import ServiceContext
from revoke_equity.service.inputs import (
    ReadBoard,
    UnsupportedMediaType,
    board_view,
    case_error_dict,
    decode_body,
    format_for,
)
from revoke_equity.service.jobs import Job
from revoke_equity.service.openapi import ERROR_SCHEMA, REQUEST_BODY
from revoke_equity.service.responses import error_response, located
from revoke_equity.service.sensitivity import under_other_classes
from revoke_equity.service.store import LoggedRuling, new_id, utc_now

__all__ = ["add_rule_route"]

log = logging.getLogger("revoke_equity.service")

NoticedValue = Literal["during-play", "end-of-play", "after-next-deal-call", "after-round"]
PlayerClass = Literal["expert", "strong", "club"]
MAX_BOARD = 99999
"""The largest board number the readers take."""
MIN_TIME_BUDGET = 1.0
"""The shortest time budget a request may ask for, in seconds: below it even a plain board, or the
reading of a small body, would run out of time and cost a worker for nothing."""
JOB_PATIENCE = 3600.0
"""Seconds a ruling job waits for a free worker (a request held open waits the pool's
``queue_timeout``): its client follows it, sees it queued and can cancel it, so eight rulings
posted at once from the page wait their turns instead of failing."""
MAX_TIME_BUDGET = 86400.0
"""The longest a request may name (a larger one would be lowered to the server's budget anyway)."""

_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"description": "The ruling JSON (docs/ruling-format.md) with its `id`; a list for "
                         "several boards, where a bad board is a `BoardFailure`, "
                         "`{\"board\", \"position\", \"status\", \"error\"}`.",
          "content": {"application/json": {"schema": {"anyOf": [
              {"type": "object", "description": "one board's ruling"},
              {"type": "array", "items": {"anyOf": [
                  {"type": "object", "description": "a board's ruling"},
                  {"$ref": "#/components/schemas/BoardFailure"}]}}]}}}},
    413: {"description": "Body over 1 MiB",
          "content": {"application/json": {"schema": ERROR_SCHEMA}}},
    415: {"description": "Unknown Content-Type",
          "content": {"application/json": {"schema": ERROR_SCHEMA}}},
    422: {"description": "No board could be read or ruled; `errors` says where",
          "content": {"application/json": {"schema": ERROR_SCHEMA}}},
    503: {"description": "No worker free in time, a worker died, or the solver failed",
          "content": {"application/json": {"schema": ERROR_SCHEMA}}},
    202: {"description": "With `job=true`: the job's `id` and `progress_url`",
          "content": {"application/json": {"schema": {"type": "object"}}}},
    504: {"description": "Even the double-dummy ruling exceeded the time budget (the worker "
                         "was replaced)",
          "content": {"application/json": {"schema": ERROR_SCHEMA}}},
}
"""The route's answers, for OpenAPI."""


# Over 60 lines for its query parameters, each declared once with its bounds and description (the
# API's validation and OpenAPI read them there); the route's steps are the functions below.
def add_rule_route(app: FastAPI, service: ServiceContext) -> None:
    """``POST /api/v1/rulings`` on ``app``, its estimators and editions those of the registries
    now (annotations evaluated here, not at import: this module has no ``from __future__ import
    annotations``, so FastAPI sees these local types)."""
    Laws = Literal[edition_names()]  # type: ignore[valid-type]
    EstimateName = Literal[estimator_names()]  # type: ignore[valid-type]
    estimate_words = ", ".join(f"{e.name} {e.words}" for e in estimators())

    def rule_query(
        laws: Annotated[Laws | None, Query(  # type: ignore[valid-type]  # the registry's names
            description=f"law edition; default: the case's own, else {DEFAULT_EDITION}")] = None,
        noticed: Annotated[NoticedValue | None, Query(
            description="when attention was first drawn to the revoke; default: the case's own, "
                        "else end-of-play")] = None,
        board: Annotated[int | None, Query(ge=1, le=MAX_BOARD, description="rule on this board "
                                           "of the input only")] = None,
        include_case: Annotated[bool, Query(
            description="add `case`, `hands`, `tricks`, `dummy` and `handviewer_url` to each "
                        "ruling (what the web page draws)")] = False,
        time_budget: Annotated[float | None, Query(
            ge=MIN_TIME_BUDGET, le=MAX_TIME_BUDGET,
            description=f"seconds per board, and for reading the body, at least "
                        f"{MIN_TIME_BUDGET:g}; may only lower the server's budget")] = None,
        estimate: Annotated[EstimateName | None, Query(  # type: ignore[valid-type]  # as laws
            description="the estimate of the likely result the score rests on: "
                        + estimate_words + f" (default {DEFAULT_ESTIMATE})")] = None,
        also: Annotated[str | None, Query(
            description="estimates to show beside it, each with the score it would lead to, "
                        f"e.g. `sd,table` (default `{','.join(DEFAULT_ALSO)}` when `estimate` is "
                        "not given, else none; empty: none)")] = None,
        players: Annotated[PlayerClass, Query(
            description="class of player of the sd and table estimates")] = "strong",
        seed: Annotated[int, Query(ge=0, lt=2**63, description="seed of the sampled layouts "
                                                                "and playouts")] = DEFAULT_SEED,
        worlds: Annotated[int, Query(ge=1, le=200, description="layouts per single-dummy "
                                                               "decision")] = DEFAULT_WORLDS,
        playouts: Annotated[int, Query(ge=1, le=10_000, description="sampled playouts when exact "
                                       "propagation is too large")] = DEFAULT_PLAYOUTS,
        precision: Annotated[float, Query(ge=0, le=0.5, description="the playouts stop once "
                                          "every probability's 95% interval is within +/- this "
                                          "(0: all `playouts`), or from 40 playouts within twice "
                                          "this where one result is surely the only one at all "
                                          "probable")] = DEFAULT_PRECISION,
        likely: Annotated[float, Query(gt=0, le=1, description="probability of a likely "
                                                               "result")] = LIKELY,
        probable: Annotated[float, Query(gt=0, le=1, description="probability of a result at "
                                                                 "all probable")] = PROBABLE,
        job: Annotated[bool, Query(
            description="answer at once (202) with the job's `id` and `progress_url`, and rule "
                        "in the background: GET the URL for the stage and, once done, the answer; "
                        "DELETE it to cancel")] = False,
        ignore_auction: Annotated[bool, Query(
            description="imagine the single-dummy layouts without what the auction or the "
                        "case's `shown` showed, to see what it changed")] = False,
        shown: Annotated[str | None, Query(
            max_length=200,
            description="what the seats showed, e.g. `E: S 7-8, HCP 6-10` (replaces the case's "
                        "`shown` and what its auction shows; docs/auction.md)")] = None,
        auction_effect: Annotated[bool, Query(
            description="rule once more ignoring the auction, when it shaped the layouts, and "
                        "answer `auction_effect`: whether it moved the likely result (doubles "
                        "the estimate's time)")] = False,
        also_players: Annotated[str, Query(
            max_length=40,
            description="the recommendation also under these other classes of player, e.g. "
                        "`expert,club` (each ruling's `sensitivity`); each class is a ruling of "
                        "its own within the time budget")] = "",
    ) -> RuleQuery:
        """The query parameters, validated by FastAPI against the registries."""
        return RuleQuery(laws, noticed, board, include_case, time_budget, job, estimate, also,
                         players, seed, worlds, playouts, likely, probable, ignore_auction,
                         also_players, shown, auction_effect, precision)

    @app.post(
        "/api/v1/rulings",
        tags=["rulings"],
        summary="Rule on the board(s) of a JSON case, PBN, LIN or handviewer link",
        openapi_extra={"requestBody": REQUEST_BODY},
        responses=_RESPONSES,
    )
    async def create_rulings(request: Request,
                             query: Annotated[RuleQuery, Depends(rule_query)]) -> Any:
        try:
            options = query.options()
            query.others()
            query.director_shown()
        except ValueError as exc:
            return error_response(422, str(exc))
        read = await read_text(request, service)
        if isinstance(read, Response):
            return read
        text, fmt = read
        budget = query.budget(service.time_budget)

        async def ruled(follower: Job | None) -> Response:
            return await rule_request(service, text, fmt, query, options, budget, follower)

        if query.job:
            if service.jobs.full():
                return error_response(503, f"{service.jobs.limit} ruling jobs are running "
                                           "already; try again later")
            started = service.jobs.start(lambda j: _answer_pair(ruled(j)))
            return JSONResponse({"id": started.id, "progress_url": f"/api/v1/jobs/{started.id}"},
                                status_code=202)
        return await ruled(None)


@dataclass(frozen=True)
class RuleQuery:
    """The query parameters of ``POST /api/v1/rulings``."""

    laws: str | None
    noticed: str | None
    board: int | None
    include_case: bool
    time_budget: float | None
    job: bool
    estimate: str | None
    """``None``: not given (:func:`~revoke_equity.equity.estimate.estimate_and_also`)."""
    also: str | None
    players: str
    seed: int
    worlds: int
    playouts: int
    likely: float
    probable: float
    ignore_auction: bool
    also_players: str = ""
    shown: str | None = None
    auction_effect: bool = False
    precision: float = DEFAULT_PRECISION

    def director_shown(self) -> Shown | None:
        """What the director says the seats showed (``shown``), replacing the case's own; a
        :class:`ValueError` when it cannot be read."""
        if self.shown is None or not self.shown.strip():
            return None
        try:
            return Shown.from_text(self.shown)
        except ValueError as exc:
            raise ValueError(f"shown: {exc}") from None

    def others(self) -> tuple[str, ...]:
        """The other classes of player to rule under (a :class:`ValueError` naming an unknown
        one, or when the estimate models no players)."""
        try:
            return other_classes(self.also_players, self.players,
                                 played_estimate(*estimate_and_also(self.estimate, self.also)))
        except ValueError as exc:
            raise ValueError(f"also_players: {exc}") from None

    def options(self) -> EstimateOptions:
        """The estimate options they name (a :class:`ValueError` naming the parameter when they
        do not fit)."""
        try:
            estimate, extra = estimate_and_also(self.estimate, self.also)
        except ValueError as exc:
            raise ValueError(f"also: {exc}") from None
        if not self.probable <= self.likely:
            raise ValueError(f"probable {self.probable:g} is above likely {self.likely:g}: a "
                             "result at all probable needs no more probability than a likely one")
        return EstimateOptions(
            estimate=estimate, players=self.players, seed=self.seed, worlds=self.worlds,
            playouts=self.playouts, precision=self.precision, likely=self.likely,
            probable=self.probable, ignore_auction=self.ignore_auction, auction_effect=self.auction_effect,
            extra=extra)

    def budget(self, server_budget: float) -> float:
        """Seconds a stage: the request's own may only lower the server's."""
        return server_budget if self.time_budget is None else min(self.time_budget, server_budget)


Ruled = tuple[int, dict[str, Any], Any]
"""A board's status, its ruling JSON or error, and its case as ruled."""


async def read_text(request: Request, service: ServiceContext) -> tuple[str, str | None] | Response:
    """The request body as text with its reader format, or the error answer (415, 413, 408, 400 for
    a client gone, 422 for an empty body)."""
    try:
        fmt = format_for(request.headers.get("content-type"))
    except UnsupportedMediaType as exc:
        return error_response(415, str(exc))
    try:
        data = await read_body(request, service.max_body, service.read_timeout)
    except BodyTooLarge:
        return error_response(
            413, f"the request body is larger than {service.max_body // 1024} KiB; "
                 "send fewer boards per request", headers={"connection": "close"})
    except BodyTimeout:
        return error_response(
            408, f"the request body did not arrive within {service.read_timeout:g} s",
            headers={"connection": "close"})
    except ClientGone as exc:
        client = request.client.host if request.client else "a client"
        log.info("%s disconnected before sending the whole request body (%d bytes came)",
                 client, exc.received)
        return Response(status_code=400)
    if not data.strip():
        return error_response(422, "the request body is empty: send a JSON case, PBN, LIN "
                                    "or a handviewer link")
    return decode_body(data, fmt), fmt


async def rule_request(service: ServiceContext, text: str, fmt: str | None, query: RuleQuery,
                       options: EstimateOptions, budget: float, follower: Job | None) -> Response:
    """A request's body read in a worker, its boards chosen and ruled, logged, answered
    (``follower``: the job that reports its progress, when it runs as one)."""
    patience = None if follower is None else JOB_PATIENCE
    status, entries = await service.read(text, fmt, budget, patience)
    if status != 200:
        return error_response(status, entries["message"], [entries])
    chosen = chosen_boards(entries, query.board)
    if isinstance(chosen, Response):
        return chosen
    if follower is not None:
        follower.boards = len(chosen)
    results = await rulings(service, chosen, query, options, budget, follower)
    return await answer(service, chosen, results, query.include_case)


def chosen_boards(entries: list[ReadBoard], board: int | None) -> list[ReadBoard] | Response:
    """The boards to rule (``board`` only, when given), or the 422 answer when there is none."""
    if board is not None:
        numbers = sorted({e.board for e in entries if e.board is not None})
        entries = [e for e in entries if e.board == board]
        if not entries:
            listed = ", ".join(str(n) for n in numbers) or "none numbered"
            return error_response(422, f"no board {board} in the input (boards: {listed})")
    if not entries:
        return error_response(422, "the input holds no board")
    return entries


def boards_at_once(workers: int) -> int:
    """How many boards of one request are ruled at once by ``workers`` workers: all but one, so
    that however many boards a request holds (a PBN file of a session), another request finds a
    worker free at once; with one worker, that one (the requests waiting for it then take it in
    the order they asked, a board at a time)."""
    return max(workers - 1, 1)


async def rulings(service: ServiceContext, entries: list[ReadBoard], query: RuleQuery,
                  options: EstimateOptions, budget: float, follower: Job | None) -> list[Ruled]:
    """Each board ruled in the pool, answered in the input's order. A many-board file asks for at
    most :func:`boards_at_once` workers at a time: its later boards are not charged the queue time
    of its earlier ones, and it never holds every worker, so a request posted meanwhile is served
    beside it instead of after one of its boards."""
    in_flight = asyncio.Semaphore(boards_at_once(service.workers))
    director, others = query.director_shown(), query.others()  # read once, for every board

    async def one(index: int, entry: ReadBoard) -> Ruled:
        if entry.error is not None or entry.case is None:
            return 422, entry.error or {}, None
        try:
            case = apply_overrides(entry.case, laws=query.laws, noticed=query.noticed)
            if director is not None:
                case = replace(case, shown=director)
        except CaseError as exc:
            return 422, case_error_dict(exc), None
        async with in_flight:
            progress = None if follower is None else follower.progress(index + 1)
            patience = None if follower is None else JOB_PATIENCE
            status, payload = await service.rule_one(case, budget, options, progress, patience)
            if status == 200 and others:
                payload = {**payload, "sensitivity": await under_other_classes(
                    service, case, budget, options, others)}
        if status == 200 and entry.warnings:
            payload = {**payload, "warnings": [*entry.warnings, *payload.get("warnings", [])]}
        return status, payload, case

    return list(await asyncio.gather(*(one(i, e) for i, e in enumerate(entries))))


async def log_rulings(service: ServiceContext, rows: list[LoggedRuling]) -> Response | None:
    """The rulings written to the log, or the 503 answer when it cannot be written (no ruling
    leaves unlogged)."""
    if not rows:
        return None
    assert service.store is not None
    try:
        await asyncio.to_thread(service.store.add, rows)
    except Exception as exc:  # sqlite3.Error, OSError
        log.exception("ruling log write failed")
        return error_response(503, f"the ruling log could not be written ({exc}); "
                                   "no ruling was given")
    return None


async def answer(service: ServiceContext, entries: list[ReadBoard], results: list[Ruled],
                 include_case: bool) -> Response:
    """The rulings logged, then the answer: one board's ruling JSON with its ``id`` and
    ``created`` (or its error), a list for several, an error when none could be ruled."""
    created = utc_now()
    rows: list[LoggedRuling] = []
    out: list[dict[str, Any]] = []
    for (status, payload, case), entry in zip(results, entries, strict=True):
        if status != 200:
            error = located(payload, entry.board, entry.position)
            out.append({"board": error["board"], "position": error["position"], "status": status,
                        "error": error})
            continue
        row = LoggedRuling(new_id(), created, __version__, str(case.laws), case.board,
                           case_to_dict(case), payload)
        rows.append(row)
        item = {**payload, "id": row.id, "created": created}
        if include_case:
            item.update(await asyncio.to_thread(board_view, case))
        out.append(item)
    failed = await log_rulings(service, rows)
    if failed is not None:
        return failed
    if len(entries) == 1:
        item = out[0]
        if "error" in item:
            return error_response(item["status"], item["error"]["message"], [item["error"]])
        return JSONResponse(item)
    if not rows:
        statuses = [item["status"] for item in out]
        status = 422 if 422 in statuses else statuses[0]
        errors = [item["error"] for item in out]
        return error_response(status, f"none of the {len(out)} boards could be ruled; "
                                       f"first: {errors[0]['message']}", errors)
    return JSONResponse(out)


async def _answer_pair(response: Awaitable[Response]) -> tuple[int, Any]:
    """A job's answer: the status and JSON body the synchronous form would have sent."""
    done = await response
    return done.status_code, json.loads(bytes(done.body))

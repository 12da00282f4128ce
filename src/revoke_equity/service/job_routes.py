"""``GET`` and ``DELETE /api/v1/jobs/{id}``: follow a ruling run as a job, or cancel it
(:mod:`revoke_equity.service.jobs`)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from revoke_equity.service.context import ServiceContext
from revoke_equity.service.openapi import ERROR_SCHEMA
from revoke_equity.service.responses import error_response

__all__ = ["add_job_routes"]

_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"description": "No such job (or forgotten: its rulings stay in the log)",
          "content": {"application/json": {"schema": ERROR_SCHEMA}}}}


def add_job_routes(app: FastAPI, service: ServiceContext) -> None:
    """The job routes on ``app``."""

    @app.get("/api/v1/jobs/{job_id}", tags=["rulings"], responses=_NOT_FOUND,
             summary="A ruling job: its state, stage, elapsed time and, once done, its answer")
    async def job_state(job_id: str) -> Any:
        job = service.jobs.get(job_id)
        if job is None:
            return error_response(404, f"no job {job_id!r}")
        return JSONResponse(job.as_dict(), headers={"cache-control": "no-store"})

    @app.delete("/api/v1/jobs/{job_id}", tags=["rulings"], responses=_NOT_FOUND,
                summary="Cancel a ruling job (its worker is stopped and replaced)")
    async def cancel_job(job_id: str) -> Any:
        job = service.jobs.cancel(job_id)
        if job is None:
            return error_response(404, f"no job {job_id!r}")
        if job.task is not None and job.state == "running":
            await asyncio.wait({job.task}, timeout=5.0)
        return JSONResponse(job.as_dict())

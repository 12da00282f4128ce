"""Machine facts and versions for the report (standard library only; Linux ``/proc`` where
available)."""

from __future__ import annotations

import os
import platform
import sys
from importlib import metadata
from typing import Any


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory_gib() -> float | None:
    try:
        with open("/proc/meminfo") as handle:
            for line in handle:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) / 1024**2
    except (OSError, ValueError):
        pass
    return None


def _version(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages (a noise indicator), where the system has them."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def machine_facts() -> dict[str, Any]:
    """CPU model, logical cores (and those this process may use), memory, OS, and versions."""
    usable: int | None
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "cores_usable": usable,
        "memory_gib": _memory_gib(),
        "os": platform.platform(),
        "versions": {
            "python": sys.version.split()[0],
            "endplay": _version("endplay"),
            "revoke-equity": _version("revoke-equity"),
            "numpy": _version("numpy"),
        },
    }

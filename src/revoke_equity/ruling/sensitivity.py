"""How firm a recommendation is: the same ruling under the other classes of player.

The single-dummy estimate is a model of how well the players play (the class of player's error
model); a Director who sees the score to enter change with the class knows the advice rests on
that judgement, and can say so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from revoke_equity.equity.error_model import PLAYER_CLASSES
from revoke_equity.equity.estimate import EstimateOptions, class_estimates, find_estimator
from revoke_equity.model.case import Case
from revoke_equity.ruling.data import Ruling
from revoke_equity.ruling.pipeline import rule
from revoke_equity.ruling.schema import SensitivityJSON
from revoke_equity.solver.base import Solver


@dataclass(frozen=True)
class UnderClass:
    """The recommendation when the players are of another class."""

    players: str
    ruling: Ruling

    def as_dict(self) -> SensitivityJSON:
        return sensitivity_entry(self.players, self.ruling.to_dict())

    @property
    def text(self) -> str:
        rec = self.ruling.recommendation
        return f"With {self.players} players ({rec.estimate}): {rec.reason}"


def played_estimate(estimate: str, beside: Sequence[str] = ()) -> str:
    """The estimate the other classes of player are ruled with: ``estimate`` when it models
    players, else the first of ``beside`` that does (``sd`` beside the default ``dd``), else
    ``estimate`` (which :func:`other_classes` then refuses)."""
    for name in (estimate, *beside):
        if name in class_estimates():
            return name
    return estimate


def under_class(options: EstimateOptions, players: str) -> EstimateOptions:
    """The options a ruling under the class ``players`` is made with: the estimate that models
    the players (:func:`played_estimate`), no estimates beside, the other options as given."""
    return replace(options, estimate=played_estimate(options.estimate, options.beside),
                   extra=(), players=players)


def under_other_classes(case: Case, solver: Solver, options: EstimateOptions,
                        classes: tuple[str, ...]) -> list[UnderClass]:
    """The ruling of ``case`` with each of ``classes`` (the options' own class left out), each
    with :func:`under_class`."""
    return [UnderClass(name, rule(case, solver, options=under_class(options, name)))
            for name in classes if name != options.players]


def sensitivity_entry(players: str, ruling: Mapping[str, Any]) -> SensitivityJSON:
    """One entry of the JSON ``sensitivity`` from the ruling JSON given under ``players``:
    ``{"players", "estimate", "law", "adjusted", "enter", "declarer_tricks", "score_ns",
    "reason"}`` and ``weighted_score_ns`` when the score is weighted."""
    r = ruling["recommendation"]
    out: SensitivityJSON = {
        "players": players, "estimate": r["estimate"], "law": r["law"],
        "adjusted": r["adjusted"], "enter": r["enter"], "declarer_tricks": r["declarer_tricks"],
        "score_ns": r["score_ns"], "reason": r["reason"]}
    if "weighted" in r:
        out["weighted_score_ns"] = r["weighted"]["score_ns"]
    return out


def other_classes(text: str, players: str, estimate: str | None = None) -> tuple[str, ...]:
    """The classes of player named in ``text`` (``"expert,club"``), each once, in the order of
    :data:`PLAYER_CLASSES`, without ``players`` (the ruling's own). Raises ``ValueError`` naming an
    unknown class, or when ``estimate`` (the one the score rests on) models no players: every
    class would give the same ruling."""
    names = {n.strip() for n in text.split(",") if n.strip()}
    unknown = sorted(names - set(PLAYER_CLASSES))
    if unknown:
        raise ValueError(f"unknown class of player {unknown[0]!r} (expected "
                         + ", ".join(PLAYER_CLASSES) + ")")
    if names and estimate is not None and estimate not in class_estimates():
        raise ValueError(
            f"the class of player does not apply to the {estimate} estimate "
            f"({find_estimator(estimate).words} models no players), so every class would give "
            f"the same ruling; use the {' or '.join(class_estimates())} estimate, or show one "
            "beside it (the default does: --also sd)")
    return tuple(name for name in PLAYER_CLASSES if name in names and name != players)


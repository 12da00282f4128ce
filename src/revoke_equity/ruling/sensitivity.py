"""How firm a recommendation is: the same ruling under the other classes of player.

The single-dummy estimate is a model of how well the players play (the class of player's error
model); a Director who sees the score to enter change with the class knows the advice rests on
that judgement, and can say so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from revoke_equity.equity.estimate import EstimateOptions
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
        r = self.ruling.recommendation
        out: SensitivityJSON = {
            "players": self.players, "law": str(r.law), "adjusted": r.adjusted,
            "enter": r.enter, "declarer_tricks": r.declarer_tricks,
            "score_ns": self.ruling.score(r.declarer_tricks), "reason": r.reason}
        if r.weighted is not None:
            out["weighted_score_ns"] = r.weighted.score_ns
        return out

    @property
    def text(self) -> str:
        return f"With {self.players} players: {self.ruling.recommendation.reason}"


def under_other_classes(case: Case, solver: Solver, options: EstimateOptions,
                        classes: tuple[str, ...]) -> list[UnderClass]:
    """The ruling of ``case`` with each of ``classes`` (the options' own class left out), the
    other options as given and no extra estimates."""
    return [UnderClass(name, rule(case, solver, options=replace(options, players=name, extra=())))
            for name in classes if name != options.players]

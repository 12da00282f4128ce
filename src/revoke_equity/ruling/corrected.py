"""The corrected play of a revoke that is not established (Law 62) and the claim ruled on it.

The correction (:mod:`revoke_equity.laws.correction`) says what each player may play; the case's
estimate plays it from the offender's substituted card (:func:`~revoke_equity.laws.comparison.
correction_point`). A claim or concession that stopped the play is ruled on the corrected position
(Law 70: doubtful points are resolved against the claimer), so the claimer's side gets the least
favourable of the estimate's results at all probable; the line behind that result is the corrected
play, on which Law 64 then rectifies the board's other established revokes.

Without a solver (a ruling with no estimates) the corrected play is still made double-dummy with
the brute-force search when the ending is small (:data:`EXACT_TRICKS`); otherwise it is not made
and the ruling says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from revoke_equity.equity.estimate import Estimate, EstimateOptions
from revoke_equity.equity.policy import SingleDummyPolicy
from revoke_equity.equity.single_dummy import estimator
from revoke_equity.laws.comparison import correction_point
from revoke_equity.laws.correction import Correction62, LaterCard, changes, corrected_case
from revoke_equity.model.cards import Card
from revoke_equity.model.distribution import TrickDistribution
from revoke_equity.model.play import PlayRecord, replay
from revoke_equity.model.seats import Seat, Side
from revoke_equity.solver.base import Solver
from revoke_equity.solver.bruteforce import BruteForceSolver

EXACT_TRICKS = 6
"""Without a solver, the corrected play is made with the brute-force search when at most this
many tricks are left at the revoke (the unfinished trick included)."""


@dataclass(frozen=True)
class CorrectedPlay:
    """A Law 62 correction as played."""

    correction: Correction62
    estimate: Estimate
    """The estimate of the corrected play (``dd`` with the brute-force search without a solver)."""
    declarer_tricks: int
    """Declarer's total on the corrected play (before Law 64 rectifies any other revoke)."""
    line: tuple[Card, ...]
    """The corrected play from the offender's substituted card to the end of the board."""
    record: PlayRecord
    """The corrected play record: the table's cards before the revoke card, then :attr:`line`."""

    @property
    def substitute(self) -> Card:
        return self.line[0]

    @property
    def changed(self) -> tuple[LaterCard, ...]:
        """The table's later cards the corrected play changes (62C1, 62C2)."""
        return changes(self.correction, self.line)


def play_corrected(record: PlayRecord, correction: Correction62, solver: Solver | None,
                   options: EstimateOptions, policy: SingleDummyPolicy | None = None
                   ) -> CorrectedPlay | None:
    """The corrected play under the options' estimate; ``None`` without a solver when the ending
    is too large for the brute-force search."""
    point = correction_point(record, correction)
    name = options.estimate
    if solver is None:
        if point.position.tricks_left > EXACT_TRICKS:
            return None
        solver, name = BruteForceSolver(), "dd"
    found = estimator(name, record, options, policy).estimate(point, solver)
    tricks = claim_result(found.distribution, correction.claimer, record.declarer_side,
                          options.probable)
    line = _line(found, tricks)
    corrected = replay(corrected_case(record.case, correction, line))
    assert corrected.declarer_tricks == tricks, (corrected.declarer_tricks, tricks)
    return CorrectedPlay(correction, found, tricks, tuple(line), corrected)


def claim_result(distribution: TrickDistribution, claimer: Seat | None, declarer_side: Side,
                 probable: float) -> int:
    """Declarer's total on the corrected position: with a claim, the result least favourable to
    the claimer's side of those at all probable (Law 70: doubtful points against the claimer);
    without one, the most likely (the fewest tricks for declarer among equals)."""
    if claimer is None:
        top = max(distribution.probabilities)
        return min(t for t in distribution.support if distribution[t] >= top - 1e-9)
    results = distribution.probable(probable) or distribution.support
    pick = min if claimer.side is declarer_side else max
    return pick(results)


def _line(found: Estimate, tricks: int) -> list[Card]:
    """The cards behind ``tricks`` in ``found``: the double-dummy line, or the line behind that
    result of a sampled or exact single-dummy estimate."""
    line = found.details.get("line")
    if isinstance(line, list):
        return [Card.from_str(c) for c in line]
    lines = found.details.get("lines")
    assert isinstance(lines, Sequence)
    behind = next((x for x in lines if x.declarer_tricks == tricks), None)
    assert behind is not None, f"no line behind {tricks} tricks"
    return [step[2] for step in behind.steps]

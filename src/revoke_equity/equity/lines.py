"""The line of play behind each outcome of an estimate, and the decision that separates it from the
line of the most likely outcome: what a Director shows the players and an appeal to explain an
adjusted score.

For an exact propagation the line of an outcome is the most probable complete line that ends with
it (a max-product search over the same tree). For sampled playouts it is the line that the most
playouts ending with that outcome followed (the most probable of them on a tie); the playouts are
played again from their seeds, every decision already memoised, so this costs no solver call.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from revoke_equity.equity.propagate import (
    Line,
    Outcome,
    OverBudget,
    Policy,
    as_decision,
    playout,
)
from revoke_equity.model.cards import Card
from revoke_equity.model.seats import Seat

Step = tuple[int, Seat, Card, float]
"""One card of a line: the trick, the player, the card and the probability he played it."""


@dataclass(frozen=True)
class OutcomeLine:
    """The line behind one outcome."""

    declarer_tricks: int
    steps: tuple[Step, ...]
    share: float
    """Exact: the line's probability; sampled: the share of the playouts that followed it."""
    separates: tuple[Step, Card] | None = None
    """The first card where the line leaves the most likely outcome's line, with the card that
    line plays there instead (``None`` for the most likely outcome itself)."""


def _step(line: Line, card: Card, p: float) -> Step:
    position = line.position
    return (14 - position.tricks_left, position.to_move, card, p)


def exact_lines(root: Line, policy: Policy, outcome: Outcome, outcomes: Sequence[int],
                budget: int, offender: Seat | None = None) -> dict[int, OutcomeLine]:
    """The most probable complete line ending in each of ``outcomes`` (the most likely first:
    the others are separated from its line), by a max-product search over the tree of lines;
    raises :class:`OverBudget` past ``budget`` distinct lines."""
    wanted = set(outcomes)
    memo: dict[tuple[object, ...], dict[int, tuple[float, Card | None, Line | None]]] = {}

    def walk(line: Line) -> dict[int, tuple[float, Card | None, Line | None]]:
        if line.position.is_over:
            t = outcome(line)
            return {t: (1.0, None, None)} if t in wanted else {}
        key = line.key()
        cached = memo.get(key)
        if cached is not None:
            return cached
        if len(memo) >= budget:
            raise OverBudget
        best: dict[int, tuple[float, Card | None, Line | None]] = {}
        for card, p in as_decision(policy(line)).choice:
            after = line.play(card, offender)
            for t, (q, _, _) in walk(after).items():
                if t not in best or p * q > best[t][0]:
                    best[t] = (p * q, card, after)
        memo[key] = best
        return best

    top = walk(root)
    out: dict[int, OutcomeLine] = {}
    for t, (probability, _, _) in top.items():
        steps: list[Step] = []
        line = root
        while not line.position.is_over:
            _, card, after = memo[line.key()][t]
            assert card is not None and after is not None
            p = dict(as_decision(policy(line)).choice)[card]
            steps.append(_step(line, card, p))
            line = after
        out[t] = OutcomeLine(t, tuple(steps), probability)
    return _separated(out, outcomes)


def sampled_lines(root: Line, policy: Policy, outcome: Outcome, outcomes: Sequence[int],
                  playouts: int, seed: int, offender: Seat | None = None
                  ) -> dict[int, OutcomeLine]:
    """The line most of the first ``playouts`` seeded playouts ending in each of ``outcomes``
    followed (see the module docstring)."""
    wanted = set(outcomes)
    counts: dict[int, Counter[tuple[Step, ...]]] = {t: Counter() for t in wanted}
    weight: dict[tuple[Step, ...], float] = {}
    for number in range(playouts):
        end, played = playout(root, policy, seed, number, offender)
        steps: list[Step] = []
        probability = 1.0
        for line, decision, index in played:
            p = decision.rows[0][index]
            steps.append(_step(line, decision.cards[index], p))
            probability *= p
        t = outcome(end)
        if t in wanted:
            key = tuple(steps)
            counts[t][key] += 1
            weight[key] = probability
    out: dict[int, OutcomeLine] = {}
    for t, lines in counts.items():
        if lines:
            steps_of, n = max(lines.items(), key=lambda item: (item[1], weight[item[0]]))
            out[t] = OutcomeLine(t, steps_of, n / playouts)
    return _separated(out, outcomes)


def _separated(lines: dict[int, OutcomeLine], outcomes: Sequence[int]
               ) -> dict[int, OutcomeLine]:
    """Each line with the first card where it leaves the line of the first of ``outcomes`` that
    has one (the most likely)."""
    main = next((lines[t] for t in outcomes if t in lines), None)
    if main is None:
        return lines
    out = {}
    for t, line in lines.items():
        separates = None
        if line is not main:
            for mine, theirs in zip(line.steps, main.steps, strict=False):
                if mine[2] != theirs[2]:
                    separates = (mine, theirs[2])
                    break
        out[t] = OutcomeLine(t, line.steps, line.share, separates)
    return out


def describe(line: OutcomeLine) -> str:
    """One sentence on what separates the line from the most likely outcome's."""
    if line.separates is None:
        return f"{line.declarer_tricks} tricks: the most likely line."
    (trick, seat, card, p), instead = line.separates
    return (f"{line.declarer_tricks} tricks: at trick {trick} {seat} plays {card} (probability "
            f"{100 * p:.0f}% there) where the most likely line plays {instead}.")

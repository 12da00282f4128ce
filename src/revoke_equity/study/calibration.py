"""Calibration of the single-dummy policy on real play: how often a card loses a double-dummy trick.

A real player's card *loses a trick* when DDS's trace along the real play (:mod:`.realplay`) falls
for his side after it: declarer's side's count drops after a card of declarer or dummy, or rises
after a defender's card. Only decisions count: positions where the legal cards are not all equals
(touching cards), the policy's own notion of a choice.

The policy is measured on the same deals and positions: a seeded sample of the real decisions.
At each, the real position is solved once (every legal card's tricks) and the policy is asked once
for its card probabilities at temperature 1; at any temperature ``t`` they become
``p(c)^(1/t)``, renormalised (a softmax at ``t`` of the same mean trick counts), so every temperature
of the grid costs no further solve. The policy's rate is the probability that its card loses a
trick, averaged over the sampled positions. The player sees what the real player saw: his hand,
dummy after the opening lead, the cards played and the voids they showed (not the auction).

The temperature of a class is then the one at which the policy's rate matches a real rate, per role
(declarer, defender); the rates of the product's classes are shown beside it.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from revoke_equity.equity.estimate import PLAYER_CLASSES
from revoke_equity.equity.policy import Choice, SingleDummyPolicy
from revoke_equity.equity.propagate import Line
from revoke_equity.errors import RevokeEquityError
from revoke_equity.model.cards import Card
from revoke_equity.model.position import Position, equal_groups
from revoke_equity.solver.base import Solver
from revoke_equity.study.realplay import RealBoard
from revoke_equity.study.summary import share, share_text

__all__ = [
    "BANDS",
    "TEMPERATURES",
    "Decision",
    "calibrate",
    "decisions",
    "fit_temperature",
    "markdown",
    "plot",
    "retemper",
]

DECLARER, DEFENDER = "declarer", "defender"
ROLES = (DECLARER, DEFENDER)
TEMPERATURES = (0.0, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0)
"""The temperatures measured (tricks); the product's classes are among them."""
BANDS = ((1, 1), (2, 4), (5, 8), (9, 13))
"""Trick bands of the policy's comparison (the real rates are also given trick by trick)."""
FORMAT = "revoke-equity/calibration@1"


@dataclass(frozen=True)
class Decision:
    """One real card played where the player had a choice."""

    board: RealBoard
    index: int
    """The card's index in the play."""
    position: Position
    voids: frozenset[Any]
    role: str
    trick: int
    loss: int
    """Tricks the real card lost double-dummy (DDS's trace), 0 when none."""


def _role(board: RealBoard, position: Position) -> str:
    return DECLARER if position.to_move.side is board.declarer.side else DEFENDER


def decisions(board: RealBoard) -> list[Decision]:
    """The real decisions of ``board`` that its trace covers."""
    out: list[Decision] = []
    line = Line(Position.initial(board.deal, board.trump, board.leader), frozenset())
    for index, card in enumerate(board.play):
        position = line.position
        if index + 1 < len(board.trace):
            legal = sorted(position.legal_cards(), key=Card.sort_key)
            if card not in legal:
                raise RevokeEquityError(f"{board.source}: card {index + 1} ({card}) is not a legal "
                                        f"card of {position.to_move}")
            if len(equal_groups(position, legal)) > 1:
                role = _role(board, position)
                change = board.trace[index + 1] - board.trace[index]
                loss = max(0, -change if role == DECLARER else change)
                out.append(Decision(board, index, position, line.voids, role,
                                    14 - position.tricks_left, loss))
        line = line.play(card)
    return out


def retemper(choice: Choice, tau_from: float, tau: float) -> dict[Card, float]:
    """Probabilities of a softmax at ``tau_from`` turned into the softmax at ``tau`` of the same
    values: ``p^(tau_from / tau)``, renormalised; ``tau`` 0 shares the weight among the best."""
    if tau <= 0:
        top = max(p for _, p in choice)
        best = [c for c, p in choice if p >= top * (1 - 1e-9)]
        return {c: 1 / len(best) for c in best}
    logs = {c: math.log(p) * tau_from / tau for c, p in choice if p > 0}
    top = max(logs.values())
    weights = {c: math.exp(v - top) for c, v in logs.items()}
    total = math.fsum(weights.values())
    return {c: w / total for c, w in weights.items()}


def band_of(trick: int) -> str:
    for low, high in BANDS:
        if low <= trick <= high:
            return str(low) if low == high else f"{low}-{high}"
    raise ValueError(f"trick {trick}")


@dataclass
class Measured:
    """The policy at one sampled decision: its probability of losing a trick at each
    temperature, and whether the solve agrees with the trace on the real card."""

    decision: Decision
    lose: dict[float, float]
    trace_agrees: bool


def measure(decision: Decision, solver: Solver, worlds: int, seed: int,
            temperatures: Sequence[float]) -> Measured:
    """The policy at ``decision`` (one solve of the real position, one policy decision)."""
    position = decision.position
    values = solver.solve(position)
    best = max(values.values())
    real_loss = best - values[decision.board.play[decision.index]]
    policy = SingleDummyPolicy(solver, decision.board.declarer, worlds=worlds, tau=1.0, seed=seed)
    choice = policy.choose(position, decision.voids)
    lose = {}
    for tau in temperatures:
        probs = retemper(choice, 1.0, tau)
        lose[tau] = math.fsum(p for c, p in probs.items() if values[c] < best)
    return Measured(decision, lose, (real_loss > 0) == (decision.loss > 0))


def calibrate(boards: Iterable[RealBoard], solver: Solver, *, positions: int, worlds: int,
              seed: int, temperatures: Sequence[float] = TEMPERATURES,
              progress: bool = False) -> dict[str, Any]:
    """The calibration (``calibration.json``'s object): the real rates over every decision of
    ``boards``, and the policy's at each temperature on ``positions`` decisions sampled with
    ``seed`` (each decision's layouts seeded by ``seed`` and the player's view)."""
    boards = list(boards)
    everything = [d for b in boards for d in decisions(b)]
    real: Counter[tuple[str, int]] = Counter()
    lost: Counter[tuple[str, int]] = Counter()
    for d in everything:
        real[d.role, d.trick] += 1
        lost[d.role, d.trick] += d.loss > 0
    rng = random.Random(seed)
    sample = rng.sample(range(len(everything)), min(positions, len(everything)))
    sample.sort()
    measured = []
    start = time.perf_counter()
    for n, i in enumerate(sample, 1):
        measured.append(measure(everything[i], solver, worlds, seed, temperatures))
        if progress:
            print(f"\rcalibration: {n}/{len(sample)} positions, {time.perf_counter() - start:.0f} s",
                  end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return _summary(boards, real, lost, measured, positions=positions, worlds=worlds, seed=seed,
                    temperatures=temperatures)


def _summary(boards: Sequence[RealBoard], real: Counter[tuple[str, int]],
             lost: Counter[tuple[str, int]], measured: Sequence[Measured], *, positions: int,
             worlds: int, seed: int, temperatures: Sequence[float]) -> dict[str, Any]:
    by_trick = [{"role": role, "trick": trick, "n": real[role, trick],
                 **share(lost[role, trick], real[role, trick])}
                for role in ROLES for trick in range(1, 14) if real[role, trick]]
    groups: dict[tuple[str, str], list[Measured]] = {}
    for m in measured:
        d = m.decision
        for role in (d.role, "all"):
            for band in (band_of(d.trick), "all"):
                groups.setdefault((role, band), []).append(m)
    bands = [band_of(low) for low, _ in BANDS] + ["all"]
    comparison = []
    for role in (*ROLES, "all"):
        for band in bands:
            mine = groups.get((role, band), [])
            if not mine:
                continue
            n = len(mine)
            real_lost = sum(m.decision.loss > 0 for m in mine)
            policy = {str(t): round(math.fsum(m.lose[t] for m in mine) / n, 4)
                      for t in temperatures}
            comparison.append({"role": role, "trick": band, "n": n, "real": share(real_lost, n),
                               "policy": policy})
    totals = {role: (sum(real[role, t] for t in range(1, 14)),
                     sum(lost[role, t] for t in range(1, 14))) for role in ROLES}
    fitted = {}
    for row in comparison:
        if row["trick"] != "all":
            continue
        role = row["role"]
        n, k = totals.get(role, (sum(v[0] for v in totals.values()),
                                 sum(v[1] for v in totals.values())))
        everywhere = share(k, n)
        fitted[role] = {
            "same_positions": fit_temperature(row["real"]["share"], row["policy"]),
            "same_positions_ci95": [fit_temperature(x, row["policy"])
                                    for x in row["real"]["ci95"] or ()],
            "all_decisions": fit_temperature(everywhere["share"], row["policy"]),
            "all_decisions_ci95": [fit_temperature(x, row["policy"])
                                   for x in everywhere["ci95"] or ()],
        }
    return {
        "format": FORMAT,
        "parameters": {"boards": [b.source for b in boards], "positions": positions,
                       "worlds": worlds, "seed": seed, "temperatures": list(temperatures)},
        "real": {role: {"decisions": n, **share(k, n)} for role, (n, k) in totals.items()},
        "real_by_trick": by_trick,
        "sampled": len(measured),
        "trace_agrees": sum(m.trace_agrees for m in measured),
        "comparison": comparison,
        "fitted_temperature": fitted,
        "classes": {name: c.tau for name, c in PLAYER_CLASSES.items()},
    }


def fit_temperature(rate: float | None, policy: Mapping[str, float]) -> float | None:
    """The temperature at which the policy's rate equals ``rate``, interpolated linearly between
    the measured temperatures (the policy's rate grows with the temperature); ``None`` when
    ``rate`` is outside the measured range."""
    if rate is None:
        return None
    points = sorted((float(t), r) for t, r in policy.items())
    for (t0, r0), (t1, r1) in itertools.pairwise(points):
        if min(r0, r1) <= rate <= max(r0, r1):
            return round(t0 if r1 == r0 else t0 + (rate - r0) * (t1 - t0) / (r1 - r0), 3)
    return None


# -- outputs ----------------------------------------------------------------------------------------


def markdown(result: Mapping[str, Any]) -> str:
    """``calibration.md``: the real rates, the policy's on the same positions, the fit."""
    p = result["parameters"]
    temps = [str(t) for t in p["temperatures"]]
    classes = {str(t): name for name, t in result["classes"].items()}
    lines = [
        "# Calibration of the single-dummy policy on real play", "",
        f"{len(p['boards'])} real deals; a card *loses a trick* when the double-dummy count falls "
        "for the player's side after it (DDS's trace). Decisions only (the legal cards not all "
        "equals). Shares with 95% Wilson intervals.", "",
        "## Real players", "",
        "| role | decisions | a card loses a trick |", "|---|---:|---:|",
    ]
    for role, row in result["real"].items():
        lines.append(f"| {role} | {row['decisions']} | {share_text(row)} |")
    lines += ["", "By trick:", "", "| trick | declarer | defender |", "|---:|---:|---:|"]
    cells = {(r["role"], r["trick"]): r for r in result["real_by_trick"]}
    for trick in range(1, 14):
        row = [cells.get((role, trick)) for role in ROLES]
        if any(row):
            lines.append(f"| {trick} | " + " | ".join(
                f"{share_text(c)} (n {c['n']})" if c else "-" for c in row) + " |")
    lines += ["", f"## The policy on {result['sampled']} sampled positions ({p['worlds']} layouts "
              "per decision)", "",
              "Probability that the policy's card loses a trick, by temperature (tricks); the "
              "product's classes marked.", "",
              "| role | trick | n | real | " + " | ".join(
                  f"{t}" + (f" ({classes[t]})" if t in classes else "") for t in temps) + " |",
              "|---|---|---:|---:|" + "---:|" * len(temps)]
    for row in result["comparison"]:
        lines.append(f"| {row['role']} | {row['trick']} | {row['n']} | {share_text(row['real'])} | "
                     + " | ".join(f"{100 * row['policy'][t]:.1f}%" for t in temps) + " |")
    lines += ["", "## Fitted temperature", "",
              "The temperature at which the policy loses tricks as often as the real players "
              "(interpolated between the measured temperatures; '-': none reaches that rate), "
              "against the real rate on the sampled positions and on every real decision, with "
              "the temperatures at the ends of the real rate's 95% interval:", "",
              "| role | same positions | all real decisions |", "|---|---:|---:|"]

    def fit(value: float | None, ends: list[float | None]) -> str:
        def one(x: float | None) -> str:
            return "-" if x is None else f"{x:g}"

        return one(value) + (f" [{one(ends[0])}, {one(ends[1])}]" if ends else "")

    for role, f in result["fitted_temperature"].items():
        lines.append(f"| {role} | {fit(f['same_positions'], f['same_positions_ci95'])} | "
                     f"{fit(f['all_decisions'], f['all_decisions_ci95'])} |")
    lines += ["", f"The solve of each sampled position agrees with the trace on whether the real "
              f"card lost a trick at {result['trace_agrees']} of {result['sampled']} positions.",
              ""]
    return "\n".join(lines)


def plot(result: Mapping[str, Any], path: Path) -> None:
    """The policy's rate against the temperature, a line per role, the real rates as levels."""
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    colours = {DECLARER: "#4c72b0", DEFENDER: "#c44e52", "all": "#555555"}
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for row in result["comparison"]:
        if row["trick"] != "all":
            continue
        temps = sorted(row["policy"], key=float)
        colour = colours.get(row["role"])
        ax.plot([float(t) for t in temps], [row["policy"][t] for t in temps], marker="o",
                color=colour, label=f"policy, {row['role']} (n {row['n']})")
        if row["real"]["share"] is not None:
            ax.axhline(row["real"]["share"], color=colour, linestyle="--", linewidth=1,
                       label=f"real players, {row['role']}")
    for name, tau in result["classes"].items():
        ax.axvline(tau, color="grey", linestyle=":", linewidth=0.8)
        ax.text(tau, 0.0, f" {name}", rotation=90, va="bottom", fontsize=8, color="grey")
    ax.set_xlabel("temperature (tricks)")
    ax.set_ylabel("share of decisions losing a double-dummy trick")
    ax.set_title("Single-dummy policy against real play, same positions", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)

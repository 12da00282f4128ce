"""Calibration of the single-dummy player's error model on real play.

A real player's card *loses a trick* when DDS's trace along the real play (:mod:`.realplay`) falls
for his side after it: declarer's side's count drops after a card of declarer or dummy, or rises
after a defender's card. Only decisions count: positions where the legal cards are not all equals
(touching cards), the policy's own notion of a choice.

The error model (:mod:`revoke_equity.equity.error_model`) is fitted on a seeded sample of the real
decisions. At each, the policy's evidence is taken once (:meth:`SingleDummyPolicy.evaluate`: the
tricks of each card in each layout the real player could imagine; he sees his hand, dummy after
the opening lead, the cards played and the voids they showed, not the auction) and the real
position is solved once (every legal card's tricks on the real deal). The decision is of one of
two kinds:

* **has a dominated card** (another card takes at least as many tricks in every layout drawn and
  more in one): the real card was a dominated one or not. ``slip`` is the share of real cards
  that were dominated, among these decisions;
* **no dominated card** (a genuine guess, or every card equal in value): the policy's probability
  of a card that loses a trick double-dummy on the real deal is computed at each temperature of
  the grid from the matrix's means (:func:`card_probabilities`), and ``tau`` is the temperature at
  which it matches the real players' rate on the same decisions. The real card's loss against the
  best mean over the layouts is recorded beside it.

Both are fitted per role (declarer, defender) and for all, with 95% Wilson intervals (for ``tau``,
the temperatures at the ends of the real rate's interval).

How rare a difference real players see (``rare`` of the classes): every card of the sampled
decisions by the share of the layouts in which another card beats it and never loses to it, with
how often real players played it against an even choice (:func:`rarity`); the likelihood of the
real cards at each ``rare`` (:func:`fit_rare`); and the slip rate counting each dominated card by
its degree at the fitted ``rare`` (:func:`graded_rates`, at
:data:`~revoke_equity.equity.players.FITTED_RARE`). Those need many layouts a decision
(64: a share of 1/64 is one layout).
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

import numpy as np

from revoke_equity.equity.error_model import (
    PLAYER_CLASSES,
    Matrix,
    PlayerClass,
    better_shares,
    card_probabilities,
    memberships,
    stacked_probabilities,
    sure_losses,
)
from revoke_equity.equity.error_model import dominated as dominated_cards
from revoke_equity.equity.players import FITTED_RARE
from revoke_equity.equity.policy import SingleDummyPolicy
from revoke_equity.equity.propagate import Line
from revoke_equity.errors import RevokeEquityError
from revoke_equity.model.cards import Card
from revoke_equity.model.position import Position, equal_groups
from revoke_equity.solver.base import Solver
from revoke_equity.study.realplay import RealBoard
from revoke_equity.study.summary import share, share_text, wilson

__all__ = [
    "BANDS",
    "DOMINATED",
    "GUESS",
    "SURE",
    "TEMPERATURES",
    "Decision",
    "Measured",
    "calibrate",
    "classify",
    "decisions",
    "fit",
    "fit_table",
    "fit_temperature",
    "markdown",
    "plot",
]

DECLARER, DEFENDER = "declarer", "defender"
ROLES = (DECLARER, DEFENDER)
TEMPERATURES = (0.0, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0)
"""The temperatures measured (tricks); the product's classes are among them."""
BANDS = ((1, 1), (2, 4), (5, 8), (9, 13))
"""Trick bands of the policy's comparison (the real rates are also given trick by trick)."""
FORMAT = "revoke-equity/calibration@2"
DOMINATED, GUESS, SURE = "dominated", "guess", "sure"
KINDS = (DOMINATED, GUESS)
"""The kinds of decision: it has a dominated card, or it has none (a guess, or every card equal
in value). Fitted apart, :data:`SURE`: among the decisions with a dominated card, those with a
*sure loss*: a card another single card beats in every layout drawn (a trick the player can
count thrown away; ``sure`` of :class:`~revoke_equity.equity.players.PlayerClass`)."""


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


def band_of(trick: int) -> str:
    for low, high in BANDS:
        if low <= trick <= high:
            return str(low) if low == high else f"{low}-{high}"
    raise ValueError(f"trick {trick}")


@dataclass(frozen=True)
class Measured:
    """The error model's view of one sampled real decision."""

    decision: Decision
    kind: str
    """:data:`DOMINATED` or :data:`GUESS` (see :func:`classify`)."""
    real_dominated: bool
    """The real card was a dominated one (never, in a guess)."""
    mean_loss: float
    """The real card's mean tricks over the layouts, below the best card's."""
    lose: dict[float, float]
    """For a guess: at each temperature, the policy's probability of a card that loses a trick
    double-dummy on the real deal."""
    trace_agrees: bool
    """The solve of the real position agrees with the trace on whether the real card lost."""
    has_sure: bool = False
    """Some card is a sure loss (another card beats it in every layout drawn)."""
    real_sure: bool = False
    """The real card was a sure loss."""
    matrix: Matrix | None = None
    """The evidence: the tricks of each card (column) in each layout drawn (row)."""
    column: int = 0
    """The real card's column."""


def classify(matrix: Matrix, column: int) -> tuple[str, bool, float]:
    """A decision's kind (:data:`DOMINATED` when some column of ``matrix`` is dominated, else
    :data:`GUESS`), whether the card of ``column`` is dominated, and its mean's loss against the
    best mean."""
    bad = dominated_cards(matrix)
    means = matrix.mean(axis=0)
    kind = DOMINATED if bool(bad.any()) else GUESS
    return kind, bool(bad[column]), float(means.max() - means[column])


def losing_probability(matrix: Matrix, losing: Sequence[bool], tau: float) -> float:
    """The probability that a player of temperature ``tau`` (no slip) plays one of the columns
    marked ``losing``."""
    probabilities = card_probabilities(matrix, PlayerClass("grid", tau, 0.0))
    return math.fsum(p for p, bad in zip(probabilities, losing, strict=True) if bad)


def measure(decision: Decision, solver: Solver, worlds: int, seed: int,
            temperatures: Sequence[float]) -> Measured:
    """The error model at ``decision`` (one solve of the real position, one policy evidence)."""
    position = decision.position
    values = solver.solve(position)
    best = max(values.values())
    real = decision.board.play[decision.index]
    policy = SingleDummyPolicy(solver, decision.board.declarer, worlds=worlds, tau=1.0, seed=seed)
    cards, matrix, _ = policy.evaluate(position, decision.voids)
    legal = sorted(position.legal_cards(), key=Card.sort_key)
    column = next(i for i, group in enumerate(equal_groups(position, legal)) if real in group)
    kind, real_dominated, mean_loss = classify(matrix, column)
    losing = [values[c] < best for c in cards]
    lose = ({tau: losing_probability(matrix, losing, tau) for tau in temperatures}
            if kind == GUESS else {})
    real_loss = best - values[real]
    sure = sure_losses(matrix)
    return Measured(decision, kind, real_dominated, mean_loss, lose,
                    (real_loss > 0) == (decision.loss > 0), bool(sure.any()), bool(sure[column]),
                    matrix, column)


def calibrate(boards: Iterable[RealBoard], solver: Solver, *, positions: int, worlds: int,
              seed: int, temperatures: Sequence[float] = TEMPERATURES,
              progress: bool = False) -> dict[str, Any]:
    """The calibration (``calibration.json``'s object): the real rates over every decision of
    ``boards``, and the error model fitted on ``positions`` decisions sampled with ``seed`` (each
    decision's layouts seeded by ``seed`` and the player's view)."""
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


def fit(measured: Sequence[Measured], temperatures: Sequence[float]) -> list[dict[str, Any]]:
    """The table per kind of decision and role: n, the real rate with its interval, the fitted
    parameter (``slip`` for :data:`DOMINATED`, ``tau`` for :data:`GUESS`)."""
    rows = []
    for kind in KINDS:
        for role in (*ROLES, "all"):
            mine = [m for m in measured if m.kind == kind and role in (m.decision.role, "all")]
            n = len(mine)
            if kind == DOMINATED:
                real = share(sum(m.real_dominated for m in mine), n)
                slips = [m for m in mine if m.real_dominated]
                rows.append({"kind": kind, "role": role, "n": n, "real": real,
                             "parameter": "slip", "value": real["share"],
                             "ci95": real["ci95"],
                             "dominated_lost": share(sum(m.decision.loss > 0 for m in slips),
                                                     len(slips))})
                continue
            real = share(sum(m.decision.loss > 0 for m in mine), n)
            policy = {str(t): round(math.fsum(m.lose[t] for m in mine) / n, 4) if n else None
                      for t in temperatures}
            curve = {t: r for t, r in policy.items() if r is not None}
            rows.append({
                "kind": kind, "role": role, "n": n, "real": real, "parameter": "tau",
                "value": fit_temperature(real["share"], curve),
                "ci95": [fit_temperature(x, curve) for x in real["ci95"]] if real["ci95"] else None,
                "policy": policy,
                "mean_loss": round(math.fsum(m.mean_loss for m in mine) / n, 4) if n else None,
            })
    rows.extend(_sure_rows(measured))
    return rows


def _sure_rows(measured: Sequence[Measured]) -> list[dict[str, Any]]:
    """The sure losses' rows: per role, the decisions with a card beaten in every layout drawn,
    the share of real cards that were one (``sure``) and of those, the share that lost a trick
    double-dummy on the real deal."""
    rows = []
    for role in (*ROLES, "all"):
        mine = [m for m in measured if m.has_sure and role in (m.decision.role, "all")]
        real = share(sum(m.real_sure for m in mine), len(mine))
        thrown = [m for m in mine if m.real_sure]
        rows.append({"kind": SURE, "role": role, "n": len(mine), "real": real,
                     "parameter": "sure", "value": real["share"], "ci95": real["ci95"],
                     "dominated_lost": share(sum(m.decision.loss > 0 for m in thrown),
                                             len(thrown))})
    return rows


def _summary(boards: Sequence[RealBoard], real: Counter[tuple[str, int]],
             lost: Counter[tuple[str, int]], measured: Sequence[Measured], *, positions: int,
             worlds: int, seed: int, temperatures: Sequence[float]) -> dict[str, Any]:
    by_trick = [{"role": role, "trick": trick, "n": real[role, trick],
                 **share(lost[role, trick], real[role, trick])}
                for role in ROLES for trick in range(1, 14) if real[role, trick]]
    groups: dict[tuple[str, str], list[Measured]] = {}
    for m in measured:
        if m.kind != GUESS:
            continue
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
    return {
        "format": FORMAT,
        "parameters": {"boards": [b.source for b in boards], "positions": positions,
                       "worlds": worlds, "seed": seed, "temperatures": list(temperatures)},
        "real": {role: {"decisions": n, **share(k, n)} for role, (n, k) in totals.items()},
        "real_by_trick": by_trick,
        "sampled": len(measured),
        "trace_agrees": sum(m.trace_agrees for m in measured),
        "fit": fit(measured, temperatures),
        "rarity": rarity(measured),
        "rare_fit": fit_rare(measured),
        "graded": graded_rates(measured, FITTED_RARE),
        "comparison": comparison,
        "classes": {name: {"tau": c.tau, "slip": c.slip, "sure": c.sure, "rare": c.rare}
                    for name, c in PLAYER_CLASSES.items()},
    }


SHARE_BANDS = (0.0, 1 / 64, 1 / 32, 1 / 16, 1 / 8, 1 / 4, 1 / 2, 1.0)
"""Bands of the share of layouts in which another card is better, for :func:`rarity`."""
RARES = (0.0, 1 / 32, 1 / 16, 1 / 8, 3 / 16, 1 / 4, 3 / 8, 1 / 2)
"""The values of ``rare`` :func:`fit_rare` weighs."""
FIT_GRID = ((0.05, 0.1, 0.2, 0.3, 0.6), (0.01, 0.02, 0.04, 0.07, 0.1, 0.15))
"""The temperatures and slip rates :func:`fit_rare` maximises over at each ``rare``."""


def _beaten_share(matrix: Matrix, column: int) -> tuple[float, float]:
    """Of the other cards that are never worse than ``column``'s card, the largest share of layouts
    in which one is better (0 when none is); and of those that are worse in at most 1/16 of the
    layouts but not none, the largest such share (its *rare gain* beside it)."""
    shares = better_shares(matrix)
    strict, near = 0.0, 0.0
    for other in range(matrix.shape[1]):
        if other == column:
            continue
        better, worse = float(shares[other, column]), float(shares[column, other])
        if worse == 0:
            strict = max(strict, better)
        elif worse <= 1 / 16:
            near = max(near, better)
    return strict, near


def rarity(measured: Sequence[Measured]) -> list[dict[str, Any]]:
    """How often real players play a card, by the share of the layouts drawn in which another
    card is better and never worse (a band of :data:`SHARE_BANDS`; ``sure`` when in every
    layout), against an even choice among the decision's cards (``ratio``: the real count over
    the sum of ``1 / cards``); ``never dominated`` the cards no other card dominates. Two more
    rows: cards that some other card beats in more than a quarter of the layouts but loses to in
    at most 1/16 of them (rarely gaining), and in at most a quarter."""
    counts: dict[str, list[float]] = {}

    def add(label: str, chosen: bool, even: float) -> None:
        row = counts.setdefault(label, [0, 0, 0.0])
        row[0] += 1
        row[1] += chosen
        row[2] += even

    for m in measured:
        if m.matrix is None or m.matrix.shape[1] < 2:
            continue
        even = 1 / m.matrix.shape[1]
        for column in range(m.matrix.shape[1]):
            strict, near = _beaten_share(m.matrix, column)
            chosen = column == m.column
            if strict >= 1:
                add("sure", chosen, even)
            elif strict > 0:
                low, high = next((lo, hi) for lo, hi in itertools.pairwise(SHARE_BANDS)
                                 if lo < strict <= hi)
                add(f"{_fraction(low)}-{_fraction(high)}", chosen, even)
            else:
                add("never dominated", chosen, even)
                if near > 0:
                    add("gains rarely, loses in > 1/4" if near > 0.25
                        else "gains rarely, loses in <= 1/4", chosen, even)
    order = [f"{_fraction(lo)}-{_fraction(hi)}" for lo, hi in itertools.pairwise(SHARE_BANDS)]
    order += ["sure", "never dominated", "gains rarely, loses in <= 1/4",
              "gains rarely, loses in > 1/4"]
    return [{"band": label, "cards": int(counts[label][0]),
             "played": share(int(counts[label][1]), int(counts[label][0])),
             "ratio": round(counts[label][1] / counts[label][2], 3) if counts[label][2] else None}
            for label in order if label in counts]


def _fraction(x: float) -> str:
    return "0" if x == 0 else "1" if x == 1 else f"1/{round(1 / x)}"


def fit_rare(measured: Sequence[Measured], rares: Sequence[float] = RARES,
             grid: tuple[Sequence[float], Sequence[float]] = FIT_GRID) -> list[dict[str, Any]]:
    """The log-likelihood of the real cards under the error model at each ``rare``, at its best
    temperature and slip rate on ``grid`` (no sure-loss rate: no real card is one), so the
    ``rare`` the real play supports is read beside the strict model's (``rare`` 0)."""
    by_shape: dict[tuple[int, ...], list[tuple[Matrix, int]]] = {}
    for m in measured:
        if m.matrix is not None and m.matrix.shape[1] > 1:
            by_shape.setdefault(tuple(m.matrix.shape), []).append((m.matrix, m.column))
    stacks = [(np.stack([matrix for matrix, _ in group]), np.array([c for _, c in group]))
              for group in by_shape.values()]
    usable = sum(len(group) for group in by_shape.values())
    rows = []
    for rare in rares:
        best: tuple[float, float, float] | None = None
        for tau in grid[0]:
            for slip in grid[1]:
                player = PlayerClass("fit", tau, slip, 0.0, rare)
                total = 0.0
                for stack, columns in stacks:
                    p = stacked_probabilities(stack, player)[np.arange(len(columns)), columns]
                    total += float(np.log(np.maximum(p, 1e-9)).sum())
                if best is None or total > best[0]:
                    best = (total, tau, slip)
        assert best is not None
        rows.append({"rare": rare, "log_likelihood": round(best[0], 1), "tau": best[1],
                     "slip": best[2], "decisions": usable})
    return rows


def graded_rates(measured: Sequence[Measured], rare: float) -> dict[str, Any]:
    """The graded slip rate at ``rare``: over the decisions, the real card's degree of being
    dominated (or a sure loss), summed, over the largest degree of each decision, summed (the
    share of dominated cards played, each counted by its degree); and the same counting only
    the real cards that lost a trick double-dummy on the real deal (the rate the classes'
    ``slip`` stands for). Intervals: Wilson's, on the summed degrees as counts."""
    mass = played = lost = 0.0
    for m in measured:
        if m.matrix is None:
            continue
        bad, sure = memberships(m.matrix, rare)
        degree = bad + sure
        mass += float(degree.max())
        played += float(degree[m.column])
        lost += float(degree[m.column]) * (m.decision.loss > 0)
    def rate(count: float) -> dict[str, Any]:
        interval = wilson(min(round(mass), round(count)), round(mass))
        return {"count": round(count, 1), "share": round(count / mass, 4) if mass else None,
                "ci95": [round(interval[0], 6), round(interval[1], 6)] if interval else None}

    return {"rare": rare, "dominated_mass": round(mass, 1), "played": rate(played),
            "lost": rate(lost)}


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


KIND_TEXT = {DOMINATED: "has a dominated card", GUESS: "no dominated card",
             SURE: "has a card beaten in every layout"}
RATE_TEXT = {DOMINATED: "the real card was dominated", GUESS: "the real card lost a trick",
             SURE: "the real card was one"}


def _one(x: float | None) -> str:
    return "-" if x is None else f"{x:g}"


def fit_table(result: Mapping[str, Any]) -> list[str]:
    """The fit as Markdown table lines: per kind of decision and role, n, the real rate with its
    95% interval, the fitted parameter (for ``tau``, the temperatures at the interval's ends)."""
    lines = ["| decision | role | n | real rate | fitted |", "|---|---|---:|---|---|"]
    for row in result["fit"]:
        value, ends = row["value"], row["ci95"]
        if row["parameter"] in ("slip", "sure"):
            fitted = "-" if value is None else f"{row['parameter']} {value:.3f}"
        else:
            fitted = f"tau {_one(value)}" + (f" [{_one(ends[0])}, {_one(ends[1])}]" if ends else "")
        lines.append(f"| {KIND_TEXT[row['kind']]} | {row['role']} | {row['n']} | "
                     f"{RATE_TEXT[row['kind']]}: {share_text(row['real'])} | {fitted} |")
    return lines


def markdown(result: Mapping[str, Any]) -> str:
    """``calibration.md``: the real rates, the fit per kind of decision and role, the policy's
    rate at each temperature on the guesses."""
    p = result["parameters"]
    temps = [str(t) for t in p["temperatures"]]
    classes = {str(c["tau"]): name for name, c in result["classes"].items()}
    lines = [
        "# Calibration of the single-dummy player's error model on real play", "",
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
    lines += ["", f"## The error model on {result['sampled']} sampled decisions ({p['worlds']} "
              "layouts each, as the real player could imagine them)", "",
              "A decision *has a dominated card* when another card takes at least as many tricks "
              "in every layout and more in one; `slip` is the share of real cards that were "
              "dominated there. Elsewhere (*no dominated card*: a guess, or every card equal in "
              "value) `tau` is the temperature at which the policy's card loses a double-dummy "
              "trick as often as the real card (interpolated between the measured temperatures; "
              "in brackets at the ends of the real rate's interval; '-': no temperature reaches "
              "that rate).", "", *fit_table(result), "",
              "Mean loss of the real card against the best mean over the layouts, in the "
              "decisions without a dominated card: " + ", ".join(
                  f"{r['role']} {_one(r['mean_loss'])}" for r in result["fit"]
                  if r["kind"] == GUESS) + " tricks. Of the real cards that were dominated, "
              "the share that lost a trick double-dummy on the real deal: " + ", ".join(
                  f"{r['role']} {share_text(r['dominated_lost'])}" for r in result["fit"]
                  if r["kind"] == DOMINATED) + "; of the real cards beaten in every layout "
              "drawn: " + ", ".join(
                  f"{r['role']} {share_text(r['dominated_lost'])}" for r in result["fit"]
                  if r["kind"] == SURE) + ".", "",
              "## How rare a difference real players see", "",
              "Every card of the sampled decisions, by the share of the layouts in which another "
              "card is better and never worse; *ratio*: the real players' count over an even "
              "choice among the decision's cards (1 plays it as often as any other card, 0 "
              "never).", "",
              "| another card better in | cards | real players played it | ratio |",
              "|---|---:|---|---:|",
              *(f"| {r['band']} | {r['cards']} | {share_text(r['played'])} | {_one(r['ratio'])} |"
                for r in result.get("rarity", [])), "",
              "The log-likelihood of the real cards under the error model, at each `rare` (a "
              "difference shown in a share `f` below it counts `f / rare`), at its best "
              "temperature and slip on a grid (`rare` 0: every difference counts whole):", "",
              "| rare | log-likelihood | tau | slip |", "|---:|---:|---:|---:|",
              *(f"| {r['rare']:g} | {r['log_likelihood']} | {r['tau']:g} | {r['slip']:g} |"
                for r in result.get("rare_fit", [])), "",
              *_graded_lines(result.get("graded")),
              "### The policy on the decisions without a dominated card", "",
              "Probability that the policy's card loses a trick, by temperature (tricks); the "
              "product's classes marked.", "",
              "| role | trick | n | real | " + " | ".join(
                  f"{t}" + (f" ({classes[t]})" if t in classes else "") for t in temps) + " |",
              "|---|---|---:|---:|" + "---:|" * len(temps)]
    for row in result["comparison"]:
        lines.append(f"| {row['role']} | {row['trick']} | {row['n']} | {share_text(row['real'])} | "
                     + " | ".join(f"{100 * row['policy'][t]:.1f}%" for t in temps) + " |")
    lines += ["", f"The solve of each sampled position agrees with the trace on whether the real "
              f"card lost a trick at {result['trace_agrees']} of {result['sampled']} positions.",
              ""]
    return "\n".join(lines)


def _graded_lines(graded: Mapping[str, Any] | None) -> list[str]:
    if not graded:
        return []
    return [f"At `rare` {graded['rare']:g}, each dominated card counted by its degree "
            f"({graded['dominated_mass']} decisions' worth): real players played one at "
            f"{share_text(graded['played'])} of them, and one that lost a trick double-dummy "
            f"at {share_text(graded['lost'])} (what the classes' `slip` stands for).", ""]


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
    for name, player in result["classes"].items():
        tau = player["tau"]
        ax.axvline(tau, color="grey", linestyle=":", linewidth=0.8)
        ax.text(tau, 0.02, f" {name}", rotation=90, va="bottom", fontsize=8, color="grey",
                transform=ax.get_xaxis_transform())  # x in tricks, y a share of the axes
    ax.set_xlabel("temperature (tricks)")
    ax.set_ylabel("share of decisions losing a double-dummy trick")
    ax.set_title("Single-dummy policy against real play, decisions without a dominated card", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)

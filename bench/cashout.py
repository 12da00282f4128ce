"""Tricks a player can count: does the single-dummy player take them?

The target (``docs/likely-result.md``, the class of player): a side whose remaining tricks are
cashable in every layout its player can imagine takes them in at least 97% of replays, for strong
players. This section measures it.

**The positions.** A position at the start of a trick is *cashable* for the side on lead when
that side has a way to take every remaining trick that each of its players can see will work: at
each of its decisions a card that takes every remaining trick in every layout its decider can
imagine (his view: his hand, dummy once faced, the voids shown; declarer decides for dummy) and
after which, whatever the opponents play, the position is cashable again. It is checked
exactly, over every layout (the solver answering each; the brute force for the last two tricks),
on two sets:

* ``real``: the real deals of ``tests/data/dds-hands`` (``list100.txt`` and ``largest.txt``),
  followed along their ``PLAY`` line (the voids it shows included): for each deal, the first
  trick start with at most ``cashout_tricks`` tricks left that is cashable for the side on lead;
* ``ending``: seeded random deals played at random (legal cards) down to a trick start with 3 to
  ``cashout_tricks`` tricks left, kept when cashable.

A position is left out when its player on lead has no choice (one card, or touching ones: the
last trick, say), or when one of the side's decisions has ``cashout_layouts`` layouts or more (it
cannot be checked cheaply); so is a deal none of whose positions qualify.

**The measurement.** From each position, ``cashout_replays`` seeded playouts of the single-dummy
player at the product's defaults (:class:`~revoke_equity.equity.estimate.EstimateOptions` with
``estimate="sd"``: strong players, the default layouts, tolerance and seed), the decisions most
replays reach converged further as the estimates converge them (the trunk,
:func:`~revoke_equity.equity.propagate.walk_trunk`). A replay *takes
them* when the side on lead ends with every remaining trick. The share over all replays is given
with its 95% Wilson interval (the replays of one position share its decisions, so the interval is
a lower bound of the real uncertainty; the share by position is given beside it).

**Why a replay loses a trick.** At the first card of the side that is not a safe one (a card as
above), the decision is read again: the layouts the player drew (the policy draws the same ones
again from its seed, at the decision's level) and every layout. The card is

* ``slip``: worse than a safe card in some layout drawn and no better in any: the error model's
  slip rate (a dominated card) played it;
* ``tie``: the same tricks as a safe card in every layout drawn (the layouts drawn missed those
  where it loses; the error model shares the probability among cards that tie);

and, over every layout, it ``loses everywhere`` (fewer tricks in every layout: a trick thrown
away), ``loses somewhere``, or ``keeps the tricks`` (takes them all in every layout but leaves a
later decision where no card does: a guess it need not have faced).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.equity.policy import SingleDummyPolicy, Voids
from revoke_equity.equity.propagate import Line, playout, remembered, walk_trunk
from revoke_equity.equity.single_dummy import new_policy
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.deal import Deal
from revoke_equity.model.distribution import wilson_interval
from revoke_equity.model.position import Position, equal_groups
from revoke_equity.model.seats import SEATS, Seat, Side
from revoke_equity.solver.base import Solver
from revoke_equity.solver.bruteforce import BruteForceSolver
from revoke_equity.synthetic import random_deal

from bench.config import DDS_HANDS, Config, Log
from bench.hands import RefDeal, read_hands
from bench.oracle import Oracle


def cpu_seconds() -> float:
    """CPU time of this process (DDS's threads included)."""
    return time.process_time()


TARGET = 0.97
"""The share of replays that should take every trick (strong players)."""

_TRUMPS: tuple[Suit | None, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None)


@dataclass(frozen=True)
class CashPosition:
    """A position at a trick start, cashable for the side on lead."""

    name: str
    group: str
    """``real`` or ``ending``."""
    position: Position
    voids: Voids
    declarer: Seat

    @property
    def side(self) -> Side:
        return self.position.leader.side


class TooManyLayouts(Exception):
    """A decision has more layouts than the check solves."""


class _EveryLayout(SingleDummyPolicy):
    """The single-dummy policy's view of a decision, with every layout solved (or
    :class:`TooManyLayouts`)."""

    def __init__(self, solver: Solver, declarer: Seat, limit: int) -> None:
        super().__init__(solver, declarer, worlds=limit, tau=0.0, seed=0, replicas=0,
                         small=BruteForceSolver())

    def _positions(self, position: Position, fixed: dict[Seat, frozenset[Card]],  # type: ignore[override]
                   partial: dict[Seat, frozenset[Card]], worlds: list[Any]) -> list[Position]:
        # Every layout is solved when there are fewer than ``worlds``; a full sample means more.
        if len(worlds) >= self.worlds:
            raise TooManyLayouts
        return SingleDummyPolicy._positions(position, fixed, partial, worlds)


class CashCheck:
    """Which cards of a side keep every remaining trick in every layout its players can imagine
    (see the module docstring), memoised on the line."""

    def __init__(self, solver: Solver, declarer: Seat, side: Side, limit: int) -> None:
        self.policy = _EveryLayout(solver, declarer, limit)
        self.side = side
        self._cashable: dict[tuple[object, ...], bool] = {}
        self._safe: dict[tuple[object, ...], frozenset[Card]] = {}
        self._full: dict[tuple[object, ...], tuple[tuple[Card, ...], Any]] = {}

    def every_layout(self, line: Line) -> tuple[tuple[Card, ...], Any]:
        """The mover's cards (one per set of equals) and their tricks in every layout."""
        key = line.key()
        if key not in self._full:
            cards, matrix, exhaustive = self.policy.evaluate(line.position, line.voids)
            if not exhaustive:
                raise TooManyLayouts
            self._full[key] = (cards, matrix)
        return self._full[key]

    def safe(self, line: Line) -> frozenset[Card]:
        """The side's safe cards at ``line`` (its player to move)."""
        key = line.key()
        if key not in self._safe:
            cards, matrix = self.every_layout(line)
            need = line.position.tricks_left
            self._safe[key] = frozenset(
                card for i, card in enumerate(cards)
                if matrix[:, i].min() >= need and self.cashable(line.play(card)))
        return self._safe[key]

    def cashable(self, line: Line) -> bool:
        """The side can take every remaining trick from ``line`` by cards it can count."""
        position = line.position
        if position.is_over:
            return True
        key = line.key()
        if key not in self._cashable:
            if position.to_move.side is self.side:
                value = bool(self.safe(line))
            else:
                legal = sorted(position.legal_cards(), key=Card.sort_key)
                value = all(self.cashable(line.play(group[0]))
                            for group in equal_groups(position, legal))
            self._cashable[key] = value
        return self._cashable[key]


def _checked(name: str, group: str, position: Position, voids: Voids, declarer: Seat,
             solver: Solver, limit: int) -> CashPosition | None:
    """``position`` as a :class:`CashPosition` when it is cashable for the side on lead."""
    if position.trick or position.tricks_left < 2:
        return None
    legal = sorted(position.legal_cards(), key=Card.sort_key)
    if len(equal_groups(position, legal)) < 2:  # the side on lead has no choice to make
        return None
    side = position.leader.side
    if max(solver.solve(position).values()) < position.tricks_left:  # not even double-dummy
        return None
    try:
        if not CashCheck(solver, declarer, side, limit).cashable(Line(position, voids)):
            return None
    except TooManyLayouts:
        return None
    return CashPosition(name, group, position, voids, declarer)


def _shown(voids: Voids, position: Position, card: Card) -> Voids:
    led = position.suit_led
    if led is not None and card.suit is not led:
        return voids | {(position.to_move, led)}
    return voids - {(position.to_move, card.suit)}


def real_positions(deals: Sequence[RefDeal], solver: Solver, max_tricks: int, limit: int
                   ) -> list[CashPosition]:
    """For each deal, the first trick start of its ``PLAY`` line with at most ``max_tricks``
    tricks left that is cashable for the side on lead."""
    out: list[CashPosition] = []
    for ref in deals:
        deal = Deal.from_pbn(ref.pbn)
        leader = SEATS[ref.first]
        declarer = leader.previous
        position = Position.initial(deal, _TRUMPS[ref.trump], leader)
        voids: Voids = frozenset()
        for index, text in enumerate(ref.play):
            if index % 4 == 0 and position.tricks_left <= max_tricks:
                found = _checked(f"{ref.source}@{index // 4 + 1}", "real", position, voids,
                                 declarer, solver, limit)
                if found is not None:
                    out.append(found)
                    break
            card = Card.from_str(text)
            voids = _shown(voids, position, card)
            position = position.play(card)
    return out


def ending_positions(seed: int, count: int, solver: Solver, max_tricks: int, limit: int,
                     attempts: int = 400) -> list[CashPosition]:
    """``count`` seeded random endings (at most ``attempts`` tried) cashable for the side on
    lead."""
    rng = random.Random(f"bench-cashout:{seed}")
    out: list[CashPosition] = []
    for attempt in range(attempts):
        if len(out) >= count:
            break
        deal = random_deal(rng)
        trump = rng.choice(_TRUMPS)
        declarer = rng.choice(SEATS)
        tricks = rng.randint(3, max_tricks)
        position = Position.initial(deal, trump, declarer.next)
        voids: Voids = frozenset()
        while position.tricks_left > tricks or position.trick:
            card = rng.choice(sorted(position.legal_cards(), key=Card.sort_key))
            voids = _shown(voids, position, card)
            position = position.play(card)
        found = _checked(f"ending#{attempt}", "ending", position, voids, declarer, solver, limit)
        if found is not None:
            out.append(found)
    return out


@dataclass(frozen=True)
class Loss:
    """Why a replay lost a trick: its first unsafe card of the side."""

    trick: int
    """The trick of the card (1-13)."""
    role: str
    """``declarer`` (for himself or dummy) or ``defender``."""
    drawn: str
    """``slip`` or ``tie`` (see the module docstring)."""
    everywhere: str
    """``loses everywhere``, ``loses somewhere`` or ``keeps the tricks``."""
    layouts: int
    """Layouts the decision drew."""


def _loss(check: CashCheck, model: SingleDummyPolicy, line: Line, card: Card, level: int
          ) -> Loss:
    position = line.position
    cards, full = check.every_layout(line)
    safe = check.safe(line)
    drawn_cards, drawn, _ = model.evaluate(position, line.voids, level)
    j = drawn_cards.index(card)
    safe_columns = [drawn[:, i] for i, c in enumerate(drawn_cards) if c in safe]
    kind = "tie" if any((col == drawn[:, j]).all() for col in safe_columns) else "slip"
    column = full[:, cards.index(card)]
    need = position.tricks_left
    where = ("keeps the tricks" if column.min() >= need
             else "loses everywhere" if column.max() < need else "loses somewhere")
    decider = model.decider(position)
    return Loss(14 - need, "declarer" if decider is model.declarer else "defender", kind, where,
                len(drawn))


def replay_position(cp: CashPosition, solver: Solver, options: EstimateOptions, replays: int,
                    limit: int) -> tuple[int, list[Loss]]:
    """The replays of ``cp`` that take every trick, and why each of the others lost one."""
    model = new_policy(solver, cp.declarer, options)
    check = CashCheck(solver, cp.declarer, cp.side, limit)
    root = Line(cp.position, cp.voids)
    target = cp.position.tricks(cp.side) + cp.position.tricks_left
    levels: dict[tuple[object, ...], int] = {}

    def decide(line: Line) -> Any:
        return model.decide(line.position, line.voids, level=levels.get(line.key(), 0))

    policy = remembered(decide)
    walk_trunk(root, policy, levels, model, None, options.trunk)  # as the estimates do
    took = 0
    losses: list[Loss] = []
    for number in range(replays):
        end, steps = playout(root, policy, options.seed, number)
        if end.position.tricks(cp.side) == target:
            took += 1
            continue
        for line, decision, index in steps:
            card = decision.cards[index]
            if line.position.to_move.side is cp.side and card not in check.safe(line):
                losses.append(_loss(check, model, line, card, levels.get(line.key(), 0)))
                break
    return took, losses


def run_cashout(config: Config, oracle: Oracle, log: Log) -> dict[str, Any]:
    """The cashout section (see the module docstring)."""
    from revoke_equity.solver.dds import DdsSolver

    solver = DdsSolver()
    options = EstimateOptions(estimate="sd", seed=config.seed)
    if config.sd_worlds is not None:
        options = replace(options, worlds=config.sd_worlds)
    limit = config.cashout_layouts
    cpu = cpu_seconds()
    deals = [d for name in ("list100.txt", "largest.txt")
             for d in read_hands(Path(DDS_HANDS) / name)][:config.cashout_deals]
    positions = (real_positions(deals, solver, config.cashout_tricks, limit)
                 + ending_positions(config.seed, config.cashout_endings, solver,
                                    config.cashout_tricks, limit))
    found_cpu = cpu_seconds() - cpu
    log(f"cashout: {len(positions)} cashable positions ({found_cpu:.0f} CPU s to find)")
    rows: list[dict[str, Any]] = []
    losses: list[tuple[str, Loss]] = []
    for cp in positions:
        took, lost = replay_position(cp, solver, options, config.cashout_replays, limit)
        oracle.equal("cashout loss explained", len(lost), config.cashout_replays - took,
                     cp.name)
        losses += [(cp.group, loss) for loss in lost]
        rows.append({"name": cp.name, "group": cp.group, "tricks": cp.position.tricks_left,
                     "side": str(cp.side), "leader_role": (
                         "declarer" if cp.position.leader.side is cp.declarer.side
                         else "defender"),
                     "replays": config.cashout_replays, "took": took})
        log(f"  {cp.name}: {took}/{config.cashout_replays} take {cp.position.tricks_left}")
    return {"options": {"players": options.players, "worlds": options.worlds,
                        "max_worlds": options.max_worlds, "tolerance": options.tolerance,
                        "trunk": options.trunk, "seed": options.seed, "slip": options.player.slip,
                        "tau": options.player.tau},
            "replays_per_position": config.cashout_replays, "layout_limit": limit,
            "max_tricks": config.cashout_tricks, "target": TARGET, "positions": rows,
            "summary": summarise(rows, losses), "cpu_seconds": cpu_seconds() - cpu,
            "find_cpu_seconds": found_cpu}


def summarise(rows: Sequence[dict[str, Any]], losses: Sequence[tuple[str, Loss]]
              ) -> dict[str, Any]:
    """The share of replays that take every trick per set and overall (Wilson interval), the
    share of positions where all replays do, and the losses counted by cause."""
    out: dict[str, Any] = {}
    for group in ("real", "ending", "all"):
        mine = [r for r in rows if group in ("all", r["group"])]
        if not mine:
            continue
        took = sum(r["took"] for r in mine)
        replays = sum(r["replays"] for r in mine)
        lost = [loss for g, loss in losses if group in ("all", g)]
        lo, hi = wilson_interval(took, replays)
        out[group] = {
            "positions": len(mine), "replays": replays, "took": took,
            "share": took / replays if replays else None, "interval": [lo, hi],
            "positions_all_taken": sum(1 for r in mine if r["took"] == r["replays"]),
            "median_tricks": float(np.median([r["tricks"] for r in mine])),
            "losses": {
                "drawn": dict(Counter(loss.drawn for loss in lost)),
                "everywhere": dict(Counter(loss.everywhere for loss in lost)),
                "role": dict(Counter(loss.role for loss in lost)),
                "by_kind": dict(Counter(f"{loss.drawn}, {loss.everywhere}" for loss in lost)),
                "layouts_drawn": dict(Counter(str(loss.layouts) for loss in lost)),
            },
        }
    return out

"""The trunk: decisions that most replays pass through are converged further, in proportion to
their reach, and a decision at a higher level extends the layouts of the same decision at level 0.

The brute-force solver answers every layout of the small endings here, so a decision that draws
every layout is the model's own (the player imagining every layout), known exactly."""

from __future__ import annotations

from typing import Any

import pytest

from revoke_equity.equity.policy import TIE_ROUNDS, TRUNK_WORLDS, SingleDummyPolicy, trunk_level
from revoke_equity.equity.propagate import Line, remembered, walk_trunk
from revoke_equity.model import Position
from revoke_equity.solver.bruteforce import BruteForceSolver
from test_single_dummy import random_ending, reach_levels


class Recording:
    """The brute-force solver, noting the positions each decision asked of it."""

    def __init__(self) -> None:
        self.inner = BruteForceSolver()
        self.stats = self.inner.stats
        self.asked: list[Position] = []

    def solve(self, position: Position) -> Any:
        return self.inner.solve(position)

    def solve_many(self, positions: Any) -> Any:
        self.asked.extend(positions)
        return self.inner.solve_many(positions)


def test_the_level_doubles_with_the_reach() -> None:
    floor = 1 / 16
    assert [trunk_level(r, floor) for r in (0.0, 0.1, 0.1249, 0.125, 0.25, 0.49, 0.5, 1.0)] == [
        0, 0, 0, 1, 2, 2, 3, 4]
    assert trunk_level(1.0, 0.0) == 0
    assert trunk_level(1.0, 0.5) == 1


def test_a_level_draws_more_layouts_settles_finer_and_lets_ties_draw_to_the_cap() -> None:
    policy = SingleDummyPolicy(BruteForceSolver(), random_ending(1, 3, False)[2], worlds=8,
                               tau=0.3, seed=1, max_worlds=16, tolerance=0.05)
    assert policy.limits(0) == (16, 0.05, TIE_ROUNDS * 8)
    assert policy.limits(1) == (32, 0.025, 32)
    assert policy.limits(4) == (256, 0.05 / 16, 256)
    assert policy.limits(6) == (TRUNK_WORLDS, 0.05 / 64, TRUNK_WORLDS)


def _endings() -> list[tuple[Position, Any, Any]]:
    """Decisions of random endings of four cards a hand with more layouts than a level-0
    decision draws: ``(position, voids, declarer)``."""
    found = []
    for seed in range(40):
        position, voids, declarer = random_ending(seed, 4, revoke=seed % 2 == 0)
        if len(position.legal_cards()) > 1:
            found.append((position, voids, declarer))
    return found


def test_a_decision_at_a_level_extends_the_layouts_of_level_zero() -> None:
    """The layouts a level-0 decision drew are among those the same decision draws at a higher
    level (one stream of draws per view and seed), which draws at most its cap unless it takes
    every layout."""
    grew = 0
    for seed, (position, voids, declarer) in enumerate(_endings()):
        sizes = []
        seen: list[set[Position]] = []
        for level in (0, 1, 3):
            solver = Recording()
            policy = SingleDummyPolicy(solver, declarer, worlds=4, tau=0.3, slip=0.02,
                                       seed=seed, max_worlds=8, tolerance=0.05)
            decision = policy.decide(position, voids, level=level)
            sizes.append(decision.layouts)
            seen.append(set(solver.asked))
            if not decision.exhaustive:
                assert decision.layouts <= policy.limits(level)[0]
        assert seen[0] <= seen[1] <= seen[2]
        assert sizes[0] <= sizes[1] <= sizes[2]
        grew += sizes[2] > sizes[0]
    assert grew >= 5


def test_a_decision_every_replay_reaches_is_the_models_own_when_its_cap_holds_every_layout(
        ) -> None:
    """Four cards a hand leave at most 70 layouts of two unseen hands: at level 4 (up to 128
    layouts from 8; at tolerance 0 only a tie of near-equals, two cards of one suit alike in
    every layout drawn and on the real deal, settles early) a decision takes them all, and its
    probabilities are those of the player who imagines every layout; at level 0 (up to 8) they
    often are not."""
    exhaustive = differs = 0
    for seed, (position, voids, declarer) in enumerate(_endings()):
        model = SingleDummyPolicy(BruteForceSolver(), declarer, worlds=200, tau=0.3, slip=0.02,
                                  seed=seed).decide(position, voids)
        policy = SingleDummyPolicy(BruteForceSolver(), declarer, worlds=4, tau=0.3, slip=0.02,
                                   seed=seed, max_worlds=8, tolerance=0.0)
        top = policy.decide(position, voids, level=4)
        if not top.exhaustive:
            assert len(set(top.rows[0])) == 1  # near-equals, shared alike
            continue
        exhaustive += 1
        assert top.cards == model.cards
        assert top.rows[0] == pytest.approx(model.rows[0])
        low = policy.decide(position, voids)
        differs += low.rows[0] != pytest.approx(model.rows[0], abs=1e-6)
    assert exhaustive >= 20
    assert differs >= 5


@pytest.mark.parametrize("seed", range(8))
def test_the_trunk_is_every_line_reached_by_twice_the_floor_at_its_reach_s_level(seed: int
                                                                                  ) -> None:
    """:func:`walk_trunk` gives each line its level from its reach (every path to it summed)
    before it is asked, as a card-by-card reckoning of the reaches gives them."""
    position, voids, declarer = random_ending(seed, 4, revoke=False)
    floor = 1 / 8

    def decider(policy: SingleDummyPolicy, levels: dict[tuple[object, ...], int]) -> Any:
        return lambda line: policy.decide(line.position, line.voids,
                                          level=levels.get(line.key(), 0))

    policy = SingleDummyPolicy(BruteForceSolver(), declarer, worlds=4, tau=0.3, slip=0.02,
                               seed=seed, max_worlds=8, tolerance=0.05)
    levels: dict[tuple[object, ...], int] = {}
    count = walk_trunk(Line(position, voids), remembered(decider(policy, levels)), levels, policy,
                       None, floor)
    reference = SingleDummyPolicy(BruteForceSolver(), declarer, worlds=4, tau=0.3, slip=0.02,
                                  seed=seed, max_worlds=8, tolerance=0.05)
    want = reach_levels(Line(position, voids),
                        lambda line, level: reference.decide(line.position, line.voids,
                                                             level=level), None, floor)
    assert levels == want
    assert count == len(want) > 0
    assert max(want.values()) == 3  # the root, which every replay reaches


def test_the_trunk_tells_each_depth_with_nothing_planned() -> None:
    """The trunk's depth is not known before it is walked: each depth is told with 0 planned
    (a progress bar does not move on it), its text saying how many decisions are converged."""
    position, voids, declarer = random_ending(3, 4, revoke=False)
    policy = SingleDummyPolicy(BruteForceSolver(), declarer, worlds=4, tau=0.3, slip=0.02, seed=3,
                               max_worlds=8, tolerance=0.05)
    levels: dict[tuple[object, ...], int] = {}
    told: list[tuple[int, int, str]] = []
    count = walk_trunk(Line(position, voids),
                       remembered(lambda line: policy.decide(line.position, line.voids,
                                                             level=levels.get(line.key(), 0))),
                       levels, policy, None, 1 / 8,
                       lambda done, planned, text: told.append((done, planned, text)))
    assert [done for done, _, _ in told] == list(range(1, len(told) + 1))
    assert {planned for _, planned, _ in told} == {0}
    assert told[-1][2] == f"{count} decisions most replays reach converged, {len(told)} cards deep"


def test_no_trunk_leaves_every_decision_at_level_zero() -> None:
    position, voids, declarer = random_ending(5, 4, revoke=False)
    policy = SingleDummyPolicy(BruteForceSolver(), declarer, worlds=4, tau=0.3, slip=0.02, seed=5,
                               max_worlds=8, tolerance=0.05)
    levels: dict[tuple[object, ...], int] = {}
    assert walk_trunk(Line(position, voids), remembered(
        lambda line: policy.decide(line.position, line.voids)), levels, policy, None, 0.0) == 0
    assert levels == {}

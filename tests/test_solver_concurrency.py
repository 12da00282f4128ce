"""DDS from several threads (serialised by the process-wide lock) and from a loky process pool."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from revoke_equity.model import Card, Deal, Position, Suit
from revoke_equity.model.cards import ALL_CARDS
from revoke_equity.model.seats import SEATS
from revoke_equity.solver import dds as dds_module
from revoke_equity.solver import pool
from revoke_equity.solver.dds import DdsSolver

Job = tuple[Position, tuple[Card, ...]]


def _jobs(count: int, seed: int = 11) -> list[Job]:
    """Different random deals: the position after 21 random legal cards (trick 6, one card on the
    table) and the rest of that random legal play as the line."""
    rng = random.Random(seed)
    jobs = []
    for _ in range(count):
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        deal = Deal.from_hands({s: cards[13 * i:13 * i + 13] for i, s in enumerate(SEATS)})
        start = Position.initial(deal, rng.choice((None, *Suit)), rng.choice(SEATS))
        position, played = start, []
        while not position.is_over:
            card = rng.choice(sorted(position.legal_cards(), key=Card.sort_key))
            played.append(card)
            position = position.play(card)
        jobs.append((start.play_all(played[:21]), tuple(played[21:])))
    return jobs


@pytest.fixture(scope="module")
def jobs() -> list[Job]:
    return _jobs(8)


@pytest.fixture(scope="module")
def serial(jobs: list[Job]) -> list[tuple[dict[Card, int], tuple[int, ...]]]:
    solver = DdsSolver(cache_size=0)
    return [(solver.solve(p), solver.trace(p, line)) for p, line in jobs]


def _run(solver: DdsSolver, job: Job) -> tuple[dict[Card, int], tuple[int, ...]]:
    position, line = job
    return solver.solve(position), solver.trace(position, line)


@pytest.mark.parametrize("shared", [True, False], ids=["one-shared-solver", "solver-per-thread"])
def test_four_threads_at_once_agree_with_serial_calls(
        shared: bool, jobs: list[Job],
        serial: list[tuple[dict[Card, int], tuple[int, ...]]]) -> None:
    common = DdsSolver(cache_size=0)
    barrier = threading.Barrier(4)

    def work(index: int) -> list[tuple[dict[Card, int], tuple[int, ...]]]:
        solver = common if shared else DdsSolver(cache_size=0)
        barrier.wait(timeout=30)  # all four start together
        return [_run(solver, job) for job in jobs[index::4]]

    with ThreadPoolExecutor(max_workers=4) as executor:
        parts = list(executor.map(work, range(4)))
    results = {index + 4 * k: result for index, part in enumerate(parts)
               for k, result in enumerate(part)}
    assert [results[i] for i in range(len(jobs))] == serial
    if shared:
        assert (common.stats.solve_calls, common.stats.trace_calls) == (len(jobs), len(jobs))


def test_every_dds_call_waits_for_the_process_wide_lock(jobs: list[Job]) -> None:
    position, line = jobs[0]
    done = threading.Event()
    answers: list[object] = []

    def work() -> None:
        solver = DdsSolver(cache_size=0)  # a separate instance still shares the lock
        answers.append(solver.solve(position))
        answers.append(solver.trace(position, line))
        answers.append(solver.solve_many([position]))
        done.set()

    with dds_module.DDS_LOCK:
        thread = threading.Thread(target=work)
        thread.start()
        assert not done.wait(0.3)
    thread.join(timeout=60)
    assert done.is_set() and len(answers) == 3


@pytest.fixture
def loky_pool() -> Iterator[None]:
    yield
    from joblib.externals.loky import get_reusable_executor  # type: ignore[import-untyped]

    get_reusable_executor().shutdown(wait=True)


def test_a_loky_process_pool_agrees_with_serial_calls(
        jobs: list[Job], serial: list[tuple[dict[Card, int], tuple[int, ...]]],
        loky_pool: None) -> None:
    solved = pool.parallel_solve_many([p for p, _ in jobs], n_jobs=2)
    traced = pool.parallel_traces(jobs, n_jobs=2)
    assert list(zip(solved, traced, strict=True)) == serial


def test_default_solver_is_one_per_process() -> None:
    assert pool.default_solver() is pool.default_solver()
    assert isinstance(pool.default_solver(), DdsSolver)

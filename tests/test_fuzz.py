"""Fuzzing the readers, ``rule()`` and the command line (the engine is ``fuzzing.py``).

The default run: a few hundred hypothesis-drawn damaged inputs in this process, every malformed
class in every format, and a few dozen inputs in child processes (readers and the command line),
where a crash or a hang would be recorded as such. ``pytest -m slow`` runs the long mode: 12,000
inputs and 120 command-line runs, whose outcome counts by format are the README's reliability
figures."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fuzzing
from fuzzing import CLASSES, FORMATS

FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _clean(result: fuzzing.Result) -> None:
    assert result.outcome in ("ruled", "clean error"), (result.kind, result.detail)
    assert result.lost == 0, f"{result.lost} undamaged boards were not read ({result.kind})"


def test_valid_inputs_read_whole() -> None:
    assert fuzzing.check_sources() == []


@pytest.mark.parametrize("fmt", FORMATS)
@FUZZ
@given(rng=st.randoms(use_true_random=False), kind=st.sampled_from(["random edits", *CLASSES]),
       sniff=st.booleans())
def test_one_damaged_board_is_reported_and_loses_no_other(fmt: str, rng: random.Random, kind: str,
                                                          sniff: bool) -> None:
    _clean(fuzzing.run_sample(fuzzing.damaged(rng, fmt, kind=kind, sniff=sniff)))


@pytest.mark.parametrize("kind", [*CLASSES, "no board"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_malformed_class_in_every_format(fmt: str, kind: str) -> None:
    for seed in range(3):
        item = fuzzing.damaged(random.Random(seed), fmt, kind=kind, sniff=False)
        result = fuzzing.run_sample(item)
        _clean(result)
        if kind == "no board":
            assert result.outcome == "clean error" and result.ruled == 0


def test_readers_and_rulings_in_child_processes() -> None:
    results = fuzzing.in_children(seed=3, count=40, dds_every=8)
    assert [r.index for r in results] == list(range(40))
    for result in results:
        _clean(result)


def test_a_crash_or_a_hang_in_a_child_is_recorded_and_the_run_goes_on() -> None:
    # 30 s: far beyond any sample without DDS on a loaded machine; the hanging one sleeps an hour
    results = fuzzing.in_children(seed=3, count=6, dds_every=0, hang_seconds=30,
                                  env={"FUZZ_ABORT_AT": "1", "FUZZ_HANG_AT": "4"})
    assert [(r.index, r.outcome) for r in results if r.outcome in ("crash", "hang")] == [
        (1, "crash"), (4, "hang")]
    assert [r.index for r in results] == list(range(6))


def test_command_line_in_child_processes() -> None:
    runs = fuzzing.cli_runs(seed=5, count=4)
    assert [run.outcome for run in runs if run.outcome not in ("ruled", "clean error")] == [], runs


@pytest.mark.slow
def test_long_fuzz_run() -> None:
    """The README's reliability figures: 12,000 inputs (every 10th ruled with DDS) and 120
    command-line runs, all in child processes."""
    figures, seconds = fuzzing.long_run(seed=1, inputs=12000, cli=120)
    print(f"\n{figures.markdown()}\n{seconds:.0f} s")
    assert figures.failures == []
    assert sum(sum(c.values()) for c in figures.outcomes.values()) == 12000

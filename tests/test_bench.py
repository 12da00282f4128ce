"""``python -m bench``'s logic on a tiny subset, in-process: the report's structure, the files, and
that every oracle check ran (and that a wrong answer stops the run). No timing is asserted."""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.model import Card, Position
from revoke_equity.model.cards import ALL_CARDS, Suit
from revoke_equity.model.seats import SEATS

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # ``bench`` is a top-level package of the repository, not installed
    sys.path.insert(0, str(REPO))

from bench import Config, OracleMismatch, run  # noqa: E402
from bench.__main__ import main  # noqa: E402
from bench.hands import RefDeal  # noqa: E402
from bench.naive import NaiveSolver  # noqa: E402
from bench.report import markdown  # noqa: E402
from bench.solver_core import CACHED, OPERATIONS  # noqa: E402

ORACLES = (
    "reference TABLE",
    "reference FUT",
    "reference TRACE",
    "reference TRACE at a solved position",
    "ours vs bare",
    "worked case",
    "equity vs bare solve_board",
    "cold vs warm ruling",
    "naive vs ours",
    "study records vs 1 worker",
    "study records written",
)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    out = tmp_path_factory.mktemp("bench")
    return run(Config.tiny(), out, log=lambda message: None), out


def test_every_oracle_ran(tiny: tuple[dict[str, Any], Path]) -> None:
    checks = tiny[0]["checks"]
    assert {kind for kind in ORACLES if checks.get(kind, 0) < 1} == set()


def test_report_sections_and_machine_facts(tiny: tuple[dict[str, Any], Path]) -> None:
    report = tiny[0]
    assert report["format"] == "revoke-equity/bench@1"
    assert report["mode"] == "tiny"
    assert {"solver_core", "pipeline", "naive", "study", "checks", "wall_seconds"} <= set(report)
    machine = report["machine"]
    assert machine["cpu"] and machine["cores"] >= 1
    assert set(machine["versions"]) == {"python", "endplay", "revoke-equity", "numpy"}
    assert machine["versions"]["endplay"]


def test_solver_core_rows(tiny: tuple[dict[str, Any], Path]) -> None:
    config = Config.tiny()
    section = tiny[0]["solver_core"]
    deals = len(config.list_indices) + config.random_deals
    assert len(section["deals"]) == deals
    rows = {row["op"]: row for row in section["summary"]}
    assert set(rows) == {*OPERATIONS, CACHED}
    for op in OPERATIONS:
        row = rows[op]
        assert row["group"] == "ordinary"
        assert row["ours"]["n"] == row["bare"]["n"] == deals * config.reps
        assert {"median", "p90", "max"} <= set(row["ours"])
        assert {"ratio_median", "ratio_total", "overhead"} <= set(row)
    assert rows[CACHED]["ours"]["n"] == deals * config.cached_reps
    sides = {(s["op"], s["side"]) for s in section["samples"]}
    assert {(op, side) for op in OPERATIONS for side in ("ours", "bare")} <= sides


def test_pipeline_naive_and_study(tiny: tuple[dict[str, Any], Path]) -> None:
    report = tiny[0]
    pipeline = report["pipeline"]
    assert [c["name"][:3] for c in pipeline["cases"]] == ["p03", "p06", "syn"]
    for case in pipeline["cases"]:
        assert case["engine_calls"] >= 1 and case["established"] >= 1
        assert {"warm_median", "dds_seconds", "our_seconds", "table_median",
                "ratio_to_table"} <= set(case)
    assert set(pipeline["summary"]) == {"worked", "synthetic", "all"}
    assert {"imports", "solver_load", "rule", "wall"} <= set(pipeline["cold"][0])
    naive = report["naive"]["cases"][0]
    assert naive["naive_engine_calls"] > naive["ours_engine_calls"]
    runs = report["study"]["runs"]
    assert [r["jobs"] for r in runs] == [1, 2]
    assert all(r["cases"] == Config.tiny().study_cases for r in runs)
    if Path("/proc").is_dir():  # worker peaks are read from /proc
        assert len(runs[1]["peak_rss_per_worker_mb"]) == 2
    assert {"cases_per_second", "speedup", "efficiency"} <= set(runs[1])


def test_files_are_written(tiny: tuple[dict[str, Any], Path]) -> None:
    report, out = tiny
    saved = json.loads((out / "bench-tiny.json").read_text())
    assert saved["checks"] == report["checks"]
    text = (out / "bench-tiny.md").read_text()
    assert text == markdown(report)
    assert text.startswith("## Performance")
    for title in ("**Solver core**", "**Ruling pipeline**", "**What reuse and batching buy**",
                  "**Study throughput**", "Oracle checks passed"):
        assert title in text
    assert "nan" not in text.lower()


def test_a_wrong_reference_answer_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    table_answer = RefDeal.table_answer

    def wrong(self: RefDeal) -> dict[str, int]:
        answer = table_answer(self)
        answer["NS"] += 1
        return answer

    monkeypatch.setattr(RefDeal, "table_answer", wrong)
    config = replace(Config.tiny(), list_indices=(59,), random_deals=0, sections=("solver",))
    with pytest.raises(OracleMismatch, match="reference TABLE mismatch at list100#59"):
        run(config, None, log=lambda message: None)


def test_the_naive_solver_gives_the_same_answers(dds_solver: Any) -> None:
    from revoke_equity.solver.dds import DdsSolver

    rng = random.Random(5)
    naive = NaiveSolver(DdsSolver(cache_size=0))
    for _ in range(5):
        cards = rng.sample(ALL_CARDS, 16)
        deal = [frozenset(cards[4 * i:4 * i + 4]) for i in range(4)]
        position = Position((deal[0], deal[1], deal[2], deal[3]), rng.choice((None, *Suit)),
                            rng.choice(SEATS))
        line: list[Card] = []
        end = position
        for _ in range(rng.randrange(1, 12)):
            card = rng.choice(sorted(end.legal_cards(), key=Card.sort_key))
            line.append(card)
            end = end.play(card)
        assert naive.solve(end) == dds_solver.solve(end)
        assert naive.trace(position, line) == dds_solver.trace(position, line)
    assert naive.stats.solve_calls > 5


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--only", "nothing"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err



def test_cold_start_pairs_each_command_with_endplay_in_the_same_round() -> None:
    """``python -m bench.cold``: wall and CPU seconds of each whole process and their ratios to
    endplay's own import (1 for endplay itself), with the load average. No timing is asserted."""
    from bench.cold import COMMANDS, cold_start

    figures = cold_start(rounds=1)
    assert figures["rounds"] == 1 and len(figures["load_average"]) == 3
    for name in COMMANDS:
        row = figures[name]
        assert row["wall_median"] > 0 and row["cpu_median"] > 0
        assert row["wall_ratio_to_endplay"] > 0
    assert figures["import endplay.dds"]["wall_ratio_to_endplay"] == 1.0


def test_the_sd_section_has_a_stability_table(tiny: tuple[dict[str, Any], Path]) -> None:
    config = Config.tiny()
    table = tiny[0]["single_dummy"]["stability"]
    assert len(table["seeds"]) == config.sd_seeds and table["seeds"][0] == config.seed
    assert set(table["sets"]) == {"worked", "synthetic"}  # no published cases in the tiny run
    for group in table["sets"].values():
        assert {"inside_share", "probability_spread_max", "same_score_share", "weighted_within",
                "wall_seconds", "cpu_seconds"} <= set(group)
        assert group["rulings"] == group["boards"] * config.sd_seeds
        assert group["ruling_seconds"]["median"] <= group["ruling_seconds"]["max"]
        cpu = group["ruling_cpu_seconds"]
        assert 0 <= cpu["median"] <= cpu["p90"] <= cpu["max"]
        for board in group["cases"]:
            assert len(board["scores"]) == len(board["points_ns"]) == config.sd_seeds
            assert board["same_score"] == (len({tuple(s) for s in board["scores"]}) == 1)
    assert [c["name"] for c in table["sets"]["synthetic"]["cases"]] == ["revoke@11#0"]
    assert table["options"]["max_worlds"] >= table["options"]["worlds"]
    assert "**Stability under other seeds**" in markdown(tiny[0])
    # the default estimate's score to enter on the same boards and seeds: dd, the same each time
    default = table["default"]
    assert default["estimate"] == "dd" and set(default["sets"]) == set(table["sets"])
    for group, g in default["sets"].items():
        assert g["boards"] == table["sets"][group]["boards"]
        assert g["same_score_boards"] == g["boards"]
    assert "The default estimate (`dd`, the score every surface rests on" in markdown(tiny[0])


def test_sd_stability_alone_rules_the_sets_asked_for(tmp_path: Path) -> None:
    """``--only sd-stability --set worked``: the stability table alone, of the worked set, with
    the layouts and playouts options given; the rest of the sd section is not run."""
    config = replace(Config.tiny().only(("sd-stability",)), stability_sets=("worked",),
                     sd_max_worlds=12, sd_tolerance=0.04, sd_playouts=40, sd_precision=0.2)
    assert config.stability_alone and config.sections == ("sd", "sd-stability")
    report = run(config, tmp_path, log=lambda message: None)
    assert set(report["single_dummy"]) == {"stability"}
    table = report["single_dummy"]["stability"]
    assert list(table["sets"]) == ["worked"]
    assert table["options"] == {"worlds": 8, "max_worlds": 12, "tolerance": 0.04,
                                "playouts": 40, "precision": 0.2}
    text = markdown(report)
    assert "8 to 12 layouts a decision, tolerance 0.04, at most 40 playouts to +/-0.2" in text
    assert "**Single-dummy estimate**" not in text


def test_each_stability_ruling_starts_from_an_empty_solver_cache() -> None:
    """Every ruling of the stability table is timed from an empty cache: the positions of another
    seed (or of another case on the same deal) are not found there. A spy solver records each
    clearing with the positions it dropped, and the cache's size at the ruling's first solve."""
    from revoke_equity.solver.dds import DdsSolver

    from bench.single_dummy import stability_table

    events: list[object] = []

    class Spy(DdsSolver):
        def clear_cache(self) -> None:
            events.append(("clear", len(self._cache)))
            super().clear_cache()

        def _first(self) -> None:
            if events and isinstance(events[-1], tuple):
                events.append(len(self._cache))

        def solve(self, position: Any) -> Any:
            self._first()
            return super().solve(position)

        def solve_many(self, positions: Any) -> Any:
            self._first()
            return super().solve_many(positions)

    config = replace(Config.tiny(), stability_sets=("worked",), stability_names=("p02",),
                     sd_seeds=2)
    table = stability_table(config, Spy(), EstimateOptions(estimate="sd", playouts=40,
                                                           precision=0.2),
                            log=lambda message: None)
    assert table["cache_cleared"] is True and table["sets"]["worked"]["rulings"] == 2
    (first, dropped_first), at_first, (second, dropped), at_second = events[:4]
    assert first == second == "clear" and dropped_first == 0 and dropped > 0
    assert at_first == at_second == 0
    # then the default estimate's rulings of the same board, each from an empty cache too
    rest = events[4:]
    assert len(rest) == 4 and [e[0] for e in rest[::2]] == ["clear", "clear"]  # type: ignore[index]
    assert rest[1::2] == [0, 0]


def test_the_stability_sets_follow_the_set_and_cases_asked_for() -> None:
    from bench.single_dummy import stability_sets

    full = Config.full()
    assert full.stability_synthetic == 10 and Config.quick().stability_synthetic == 0
    skipped: list[str] = []
    chosen = stability_sets(replace(full, stability_sets=("worked", "published"),
                                    stability_names=("p07", "pub1")), skipped)
    assert [bc.name for bc in chosen["worked"]] == ["p07-64B3-dummy-then-64C1"]
    assert chosen["published"] and all(bc.name.startswith("pub1") for bc in chosen["published"])
    assert chosen["synthetic"] == [] and skipped == []
    synthetic = stability_sets(replace(full, stability_sets=("synthetic",),
                                       stability_synthetic=3), skipped)
    assert synthetic["worked"] == synthetic["published"] == []
    assert [bc.name for bc in synthetic["synthetic"]] == ["revoke@4#0", "revoke@5#1", "revoke@6#2"]


def test_the_command_line_sets_the_stability_options(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import bench.__main__ as entry

    seen: list[Config] = []

    def fake_run(config: Config, out: Path, log: Any) -> dict[str, Any]:
        seen.append(config)
        raise OracleMismatch("stop here")

    monkeypatch.setattr(entry, "run", fake_run)
    assert main(["--only", "sd-stability", "--set", "synthetic", "published", "--cases", "p1",
                 "--tolerance", "0.02", "--max-worlds", "64"]) == 1
    config = seen[0]
    assert config.stability_alone and config.stability_sets == ("synthetic", "published")
    assert config.stability_names == ("p1",)
    assert (config.sd_tolerance, config.sd_max_worlds) == (0.02, 64)
    with pytest.raises(SystemExit) as exc:
        main(["--set", "nothing"])
    assert exc.value.code == 2
    capsys.readouterr()


def test_the_cashout_section_counts_every_replay(tiny: tuple[dict[str, Any], Path]) -> None:
    """Each position's replays either take every trick or have their loss explained by the
    first card of the side that was not safe (an oracle check per position)."""
    config = Config.tiny()
    section = tiny[0]["cashout"]
    rows = section["positions"]
    assert rows and all(r["replays"] == config.cashout_replays for r in rows)
    assert all(2 <= r["tricks"] <= config.cashout_tricks for r in rows)
    overall = section["summary"]["all"]
    assert overall["took"] == sum(r["took"] for r in rows)
    assert overall["interval"][0] <= overall["share"] <= overall["interval"][1]
    lost = overall["replays"] - overall["took"]
    assert sum(overall["losses"]["drawn"].values()) == lost
    assert tiny[0]["checks"]["cashout loss explained"] == len(rows)
    assert "**Tricks a player can count**" in markdown(tiny[0])


def test_the_sd_section_has_the_auction_s_cost(tiny: tuple[dict[str, Any], Path]) -> None:
    section = tiny[0]["single_dummy"]["auction"]
    assert [row["name"] for row in section["cases"]] == ["board-9-1c-opening"]
    for row in section["cases"]:
        assert row["with_cpu"] > 0 and row["without_cpu"] > 0
        assert row["ratio_cpu"] == row["with_cpu"] / row["without_cpu"]
        assert sum(row["with_distribution"].values()) == pytest.approx(1)
    assert "**The auction's cost**" in markdown(tiny[0])


def test_the_stability_table_needs_two_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--seeds", "1"])
    assert exc.value.code == 2
    assert "2 to 50 seeds" in capsys.readouterr().err


def test_the_naive_single_dummy_version_solves_a_sampled_case_as_ours(dds_solver: Any) -> None:
    """The naive version (no memo, one uncached solve per layout, nothing batched) gives our
    distribution on p05, whose estimate is sampled and makes many decisions: a memo that forgets
    must not leave a batched decision waiting for an answer it never keeps."""
    from revoke_equity.equity.estimate import EstimateOptions

    from bench.cases import worked_cases
    from bench.single_dummy import _estimate

    (case,) = worked_cases(None, ("p05",))
    options = EstimateOptions(estimate="sd")
    naive = _estimate(case.case, dds_solver, options, naive=True)
    ours = _estimate(case.case, dds_solver, options)
    assert naive.distributions == ours.distributions
    assert naive.engine_calls > ours.engine_calls

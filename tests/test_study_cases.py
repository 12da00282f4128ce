"""Research mode, case by case: seeds, the contract rule, revoke injection as the ruling engine
sees it, and the summary arithmetic (checked by hand)."""

from __future__ import annotations

from typing import Any

import pytest

from revoke_equity.model import Contract, Edition, Seat, Strain, Vulnerability
from revoke_equity.model.seats import SEATS
from revoke_equity.ruling import rule
from revoke_equity.study.generate import (
    DEFAULT_MIX,
    DdPlayer,
    StudyKind,
    StudyUsageError,
    case_seed,
    choose_contract,
    generate_case,
    parse_mix,
    revoke_cards,
)
from revoke_equity.study.records import COST_COLUMNS, IDENTITY_COLUMNS, SCHEMA, records_for_case
from revoke_equity.study.summary import Tally, markdown, share, summarize, wilson

from conftest import DD

# -- seeds, mix, contract ----------------------------------------------------------------------


def test_case_seed_is_stable_and_distinct() -> None:
    # A golden value: the derivation must never change, or old studies stop being reproducible.
    assert case_seed(1, 0) == 5511092477674127421
    seeds = {case_seed(s, i) for s in range(3) for i in range(200)}
    assert len(seeds) == 600
    assert all(0 <= s < 2**63 for s in seeds)


def test_parse_mix() -> None:
    assert parse_mix(None) == DEFAULT_MIX
    assert parse_mix("dummy=2, declarer") == {StudyKind.DUMMY: 2.0, StudyKind.DECLARER: 1.0}
    for bad in ("ruffs", "dummy=0", "dummy=x", "dummy,dummy", ","):
        with pytest.raises(StudyUsageError):
            parse_mix(bad)


def _table(values: dict[tuple[Strain, Seat], int]) -> dict[tuple[Strain, Seat], int]:
    """A DD table: 6 tricks for N/S and 7 for E/W everywhere except ``values``."""
    table = {(st, s): (6 if s in (Seat.N, Seat.S) else 7) for st in Strain for s in SEATS}
    table.update(values)
    return table


def test_contract_rule() -> None:
    # NS can take 10 in spades (S) and 9 in NT (N): 4S scores 420, 3NT 400 -> 4S by South.
    table = _table({(Strain.SPADES, Seat.S): 10, (Strain.SPADES, Seat.N): 9,
                    (Strain.NOTRUMP, Seat.N): 9, (Strain.NOTRUMP, Seat.S): 9,
                    (Strain.NOTRUMP, Seat.E): 4, (Strain.NOTRUMP, Seat.W): 4})
    assert choose_contract(table, Vulnerability.NONE, Seat.N) == (Contract(4, Strain.SPADES), Seat.S, 10)
    # 10 tricks in NT too: 3NT+1 = 430 beats 4S = 420; 3NT and 4NT both score 430: the lower.
    table[(Strain.NOTRUMP, Seat.N)] = 10
    assert choose_contract(table, Vulnerability.NONE, Seat.E) == (Contract(3, Strain.NOTRUMP), Seat.N, 10)
    # Equal tricks for both partners: the one first clockwise from the dealer (W deals: N first).
    table[(Strain.NOTRUMP, Seat.S)] = 10
    assert choose_contract(table, Vulnerability.NONE, Seat.W)[1] is Seat.N
    assert choose_contract(table, Vulnerability.NONE, Seat.S)[1] is Seat.S
    # A partscore: EW's 7 tricks everywhere, NS 6: 1NT+0 = 90 is EW's best; declarer E (first
    # from the dealer N).
    flat = _table({})
    assert choose_contract(flat, Vulnerability.NONE, Seat.N) == (Contract(1, Strain.NOTRUMP), Seat.E, 7)


# -- injected revokes as the ruling engine finds them ------------------------------------------

PER_KIND = 3
INJECTED = [k for k in StudyKind if not k.hidden]
"""The kinds whose revokes are put in on purpose (the hidden-card kinds: test_study_hidden.py)."""


@pytest.fixture(scope="module")
def by_kind(dds_solver: Any) -> dict[StudyKind, list[Any]]:
    """PER_KIND cases of each kind (seed 11), each with its 2017 ruling."""
    out: dict[StudyKind, list[Any]] = {}
    for n, kind in enumerate(INJECTED):
        cases = []
        for i in range(PER_KIND):
            dds_solver.clear_cache()
            synthetic = generate_case(11, 100 * n + i, {kind: 1.0}, dds_solver)
            cases.append((synthetic, rule(synthetic.case, dds_solver, trace=False, options=DD)))
        out[kind] = cases
    return out


@pytest.mark.parametrize("kind", INJECTED, ids=lambda k: k.value)
def test_every_injected_revoke_is_found_where_it_was_put(
    kind: StudyKind, by_kind: dict[StudyKind, list[Any]]
) -> None:
    for synthetic, ruling in by_kind[kind]:
        case = synthetic.case
        trump = case.contract.strain.trump
        assert synthetic.kind is kind
        found = ruling.revokes
        assert [(r.trick, r.player, r.card) for r in found] == [
            (r.trick, r.seat, r.card) for r in synthetic.revokes]
        for f, injected in zip(found, synthetic.revokes, strict=True):
            assert f.established and not f.corrected
            assert 1 <= f.trick <= 11
            assert f.suit_led is injected.suit_led and f.card.suit is not f.suit_led
            assert any(c.suit is f.suit_led for c in f.could_play)  # he could follow
            assert (f.card.suit is trump) == (injected.manner == "ruff")
            assert f.by_dummy == (f.player is case.dummy)
        first = found[0]
        if kind is StudyKind.DEFENDER_DISCARD:
            assert first.player.side is not case.declarer.side and first.card.suit is not trump
        elif kind is StudyKind.DEFENDER_RUFF:
            assert first.player.side is not case.declarer.side and first.card.suit is trump
            assert trump is not None
        elif kind is StudyKind.DECLARER:
            assert first.player is case.declarer
        elif kind is StudyKind.DUMMY:
            assert first.by_dummy and ruling.transfer.rectifications[0].law == "64B3"
        elif kind is StudyKind.SAME_SUIT_TWICE:
            second = found[1]
            assert (second.player, second.suit_led) == (first.player, first.suit_led)
            assert second.trick > first.trick
            assert ruling.transfer.rectifications[1].law == "64B2"
        else:
            assert {r.player.side for r in found} == {case.declarer.side,
                                                      case.declarer.side.other}
            assert not any(r.by_dummy for r in found)
            assert {r.law for r in ruling.transfer.rectifications} == {"64B7"}
        assert len(found) == (2 if kind in (StudyKind.SAME_SUIT_TWICE, StudyKind.BOTH_SIDES) else 1)


def test_double_dummy_identities(by_kind: dict[StudyKind, list[Any]], dds_solver: Any) -> None:
    """The play before the first revoke is double-dummy, so the equity from the first revoke (64C1,
    64C2(b)) is the deal's DD result; for one revoke, the difference is the transfer minus what the
    revoke gained the offenders."""
    for kind, cases in by_kind.items():
        for synthetic, _ in cases:
            records = records_for_case(synthetic, (Edition.LAWS_1997, Edition.LAWS_2017), dds_solver)
            for record in records:
                if record["comparison"] != "C2a":
                    assert record["equity_tricks"] == synthetic.dd_tricks
                if kind not in (StudyKind.SAME_SUIT_TWICE, StudyKind.BOTH_SIDES):
                    assert record["nos_diff"] == record["transferred"] - record["revoke_gain"]
                assert set(record) == set(SCHEMA.names)


def test_the_best_revoke_card_is_best_for_the_offender(
    by_kind: dict[StudyKind, list[Any]], dds_solver: Any
) -> None:
    for kind, cases in by_kind.items():
        synthetic, ruling = cases[0]
        injected = synthetic.revokes[0]
        position = ruling.record.positions[injected.index]
        player = DdPlayer(dds_solver, synthetic.case.declarer.side)
        sign = 1 if injected.role != "defender" else -1
        options = {card: sign * player.expectation(position.play(card))
                   for card in revoke_cards(position.hand(injected.seat), injected.suit_led,
                                             position.trump, injected.manner)}
        assert sign * injected.after == max(options.values()), kind
        assert options[injected.card] == max(options.values())
        best = [c for c, v in options.items() if v == max(options.values())]
        assert injected.card == min(best, key=lambda c: (c.rank, c.suit.order))


def test_the_lowest_revoke_card_rule(dds_solver: Any) -> None:
    for index in range(3):
        dds_solver.clear_cache()
        synthetic = generate_case(11, index, {StudyKind.DECLARER: 1.0}, dds_solver, "lowest")
        record = rule(synthetic.case).record
        for injected in synthetic.revokes:
            hand = record.positions[injected.index].hand(injected.seat)
            assert injected.card == min((c for c in hand if c.suit is injected.card.suit),
                                        key=lambda c: c.rank)


def test_a_case_is_reproducible_alone(dds_solver: Any) -> None:
    dds_solver.clear_cache()
    first = generate_case(5, 3, DEFAULT_MIX, dds_solver)
    generate_case(5, 4, DEFAULT_MIX, dds_solver)  # other work in between, cache warm
    again = generate_case(5, 3, DEFAULT_MIX, dds_solver)
    assert (again.case, again.revokes, again.kind, again.seed) == (first.case, first.revokes,
                                                                    first.kind, first.seed)


def test_columns_are_split_into_identity_and_cost() -> None:
    assert set(IDENTITY_COLUMNS).isdisjoint(COST_COLUMNS)
    assert list(SCHEMA.names) == [*IDENTITY_COLUMNS, *COST_COLUMNS]
    assert all(c.startswith(("gen_", "rule_")) for c in COST_COLUMNS)


# -- the summary arithmetic, by hand --------------------------------------------------------------


def _record(edition: str, kind: str, diff: int, adjusted: bool, trick: int) -> dict[str, Any]:
    return {"edition": edition, "kind": kind, "nos_diff": diff, "rec_adjusted": adjusted,
            "transferred": 1, "revoke_trick": trick, "laws_applied": "64A2",
            "rec_law": "64C1" if adjusted else "64A2", "gen_dds_calls": 40, "gen_seconds": 0.5,
            "rule_dds_calls": 3, "rule_seconds": 0.01}


def test_wilson_interval_by_hand() -> None:
    # p = 1/5, z^2 = 3.8415: centre (0.2 + 0.38415) / 1.76829 = 0.33034,
    # half 1.95996 / 1.76829 * sqrt(0.032 + 0.038415) = 0.29412  ->  [0.0362, 0.6245]
    low, high = wilson(1, 5)  # type: ignore[misc]
    assert (round(low, 4), round(high, 4)) == (0.0362, 0.6245)
    assert [round(x, 4) for x in wilson(0, 5)] == [0.0, 0.4345]  # type: ignore[union-attr]
    assert [round(x, 4) for x in wilson(3, 8)] == [0.1368, 0.6943]  # type: ignore[union-attr]
    assert [round(x, 4) for x in wilson(5, 5)] == [0.5655, 1.0]  # type: ignore[union-attr]
    assert wilson(0, 0) is None
    assert share(0, 0) == {"count": 0, "share": None, "ci95": None}


def test_summary_shares_by_edition_and_kind() -> None:
    records = [
        # 2017 defender-discard: diffs -1 0 0 1 2 -> under 1/5, exact 2/5, over 2/5
        _record("2017", "defender-discard", -1, True, 3),
        _record("2017", "defender-discard", 0, False, 3),
        _record("2017", "defender-discard", 0, False, 5),
        _record("2017", "defender-discard", 1, False, 5),
        _record("2017", "defender-discard", 2, False, 5),
        # 2017 dummy: diffs -2 -1 0 -> under 2/3, exact 1/3
        _record("2017", "dummy", -2, True, 3),
        _record("2017", "dummy", -1, True, 7),
        _record("2017", "dummy", 0, False, 7),
        # 1997: one record of each case (the first edition: generation costs counted here)
        *[_record("1997", "defender-discard", d, False, 3) for d in (0, 0, 1, 1, 2)],
        *[_record("1997", "dummy", d, d < 0, 3) for d in (-1, 0, 0)],
    ]
    summary = summarize(Tally(("1997", "2017")).add_all(records), {"laws": ["1997", "2017"]})
    rows = {(r["edition"], r["kind"]): r for r in summary["compensation"]}
    assert list(rows) == [("1997", "defender-discard"), ("1997", "dummy"), ("1997", "all"),
                          ("2017", "defender-discard"), ("2017", "dummy"), ("2017", "all")]
    dd = rows["2017", "defender-discard"]
    assert dd["n"] == 5
    assert (dd["under"]["count"], dd["exact"]["count"], dd["over"]["count"]) == (1, 2, 2)
    assert dd["under"]["share"] == 0.2
    assert [round(x, 4) for x in dd["under"]["ci95"]] == [0.0362, 0.6245]
    assert [round(x, 4) for x in dd["exact"]["ci95"]] == [0.1176, 0.7693]
    assert dd["mean_diff"] == pytest.approx(0.4)
    everything = rows["2017", "all"]
    assert everything["n"] == 8
    assert (everything["under"]["count"], everything["exact"]["count"],
            everything["over"]["count"]) == (3, 3, 2)
    assert [round(x, 4) for x in everything["under"]["ci95"]] == [0.1368, 0.6943]
    assert everything["adjusted"]["count"] == 3
    assert rows["1997", "all"]["under"]["count"] == 1
    # the 64C share by trick: 2017 trick 3 has 3 records, 2 adjusted; trick 7 has 2, 1 adjusted
    by_trick = {(r["edition"], r["trick"]): r for r in summary["adjusted_by_trick"]}
    assert (by_trick["2017", 3]["n"], by_trick["2017", 3]["count"]) == (3, 2)
    assert (by_trick["2017", 7]["n"], by_trick["2017", 7]["count"]) == (2, 1)
    assert summary["difference_distribution"][3]["counts"] == {"-1": 1, "0": 2, "1": 1, "2": 1}
    # cases are counted once (on the first edition's records), rulings once each
    assert summary["cases"] == 8 and summary["records"] == 16
    assert summary["cases_by_kind"] == {"defender-discard": 5, "dummy": 3}
    assert summary["cost"]["gen_dds_calls_per_case"] == 40
    assert summary["recommendation_laws"]["2017"] == {"64A2": 5, "64C1": 3}
    text = markdown(summary)
    assert "| 2017 | defender-discard | 5 | 20.0% [3.6, 62.4] | 40.0% [11.8, 76.9] | " \
           "40.0% [11.8, 76.9] | 20.0% [3.6, 62.4] | +0.40 |" in text
    assert "| 2017 | **all** | 8 | 37.5% [13.7, 69.4] |" in text

"""One flat record per case and law edition, and the Arrow schema of the record files.

Columns come in two groups:

* **identity** (:data:`IDENTITY_COLUMNS`): everything about the case and its ruling. A pure function
  of the study parameters and the case index, so the same seed gives identical identity columns
  whatever ``--jobs``, backend or machine.
* **cost** (:data:`COST_COLUMNS`, every name starting ``gen_`` or ``rule_`` and ending ``_calls`` or
  ``_seconds``): DDS engine calls, DDS seconds and wall seconds, for generating the case (shared by
  the case's records: repeated on each edition's record) and for this edition's ruling (the first
  edition ruled pays for the equity solves, the later ones find them in the solver's cache). Timing
  varies from run to run and is left out of every comparison of records.

The difference that the study is about is ``nos_diff``: the non-offending side's tricks under the
mechanical result (Law 64A, after 64B) minus their tricks under the double-dummy equity
(``ruling.md``): negative means the transfer under-compensated them (the Director adjusts, Law
64C), zero exact, positive over-compensated (the transfer stands, Law 12B2). When both sides revoked
there is no one non-offending side; the record then takes the opponents of the *first* revoker
(the equity starts from the first revoke) and ``offending_side`` is empty.

The atlas columns judge each ruling on the ``dd`` and on the ``sd`` estimate (:mod:`.verdicts`):
``dd_*`` always, ``sd_*`` when the study's estimate is ``sd`` (else empty). ``play_model`` says how
the cards other than the injected revokes were chosen; ``source`` the hand file and deal a real
deal came from (``list100#7``; empty for a shuffled one); ``hidden`` lists the misread cards of a
hidden-card kind and ``revokes`` every revoke of the case (``n_revokes`` of them; the first two also
in the ``revoke_*`` and ``revoke2_*`` columns).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pyarrow as pa

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.errors import RevokeEquityError
from revoke_equity.model.contract import dealer_for_board
from revoke_equity.model.edition import Edition
from revoke_equity.model.seats import Side, tricks_for
from revoke_equity.ruling import Ruling, rule
from revoke_equity.solver.base import Solver
from revoke_equity.study.errors import StudyError
from revoke_equity.study.generate import SyntheticCase
from revoke_equity.study.revokes import DUMMY, RUFF, InjectedRevoke
from revoke_equity.study.verdicts import ATLAS_ESTIMATES, verdict

__all__ = [
    "COST_COLUMNS",
    "IDENTITY_COLUMNS",
    "SCHEMA",
    "check_found",
    "records_for_case",
]

_I32, _I64, _STR, _BOOL, _F64 = pa.int32(), pa.int64(), pa.string(), pa.bool_(), pa.float64()


def _revoke_fields(prefix: str) -> list[tuple[str, pa.DataType]]:
    return [(f"{prefix}_trick", _I32), (f"{prefix}_seat", _STR), (f"{prefix}_card", _STR),
            (f"{prefix}_suit_led", _STR), (f"{prefix}_role", _STR), (f"{prefix}_manner", _STR),
            (f"{prefix}_gain", _I32)]


def _verdict_fields(estimate: str) -> list[tuple[str, pa.DataType]]:
    return [(f"{estimate}_expected", _F64), (f"{estimate}_weighted_score_ns", _F64),
            (f"{estimate}_score_diff", _F64), (f"{estimate}_compensation", _STR),
            (f"{estimate}_rec_law", _STR), (f"{estimate}_rec_adjusted", _BOOL),
            (f"{estimate}_entered_score_ns", _F64)]


_IDENTITY: list[tuple[str, pa.DataType]] = [
    ("case_id", _I64), ("study_seed", _I64), ("case_seed", _I64), ("deals_drawn", _I32),
    ("attempts", _I32), ("board", _I32), ("dealer", _STR), ("vulnerable", _STR), ("deal", _STR),
    ("source", _STR), ("contract", _STR), ("strain", _STR), ("level", _I32), ("declarer", _STR),
    ("dd_tricks", _I32), ("play", _STR), ("kind", _STR), ("play_model", _STR), ("players", _STR),
    ("n_hidden", _I32), ("hidden", _STR), ("n_revokes", _I32), ("revokes", _STR),
    *_revoke_fields("revoke"), *_revoke_fields("revoke2"),
    ("edition", _STR), ("offending_side", _STR), ("non_offending_side", _STR),
    ("laws_applied", _STR), ("prescribed", _I32), ("transferred", _I32),
    ("table_tricks", _I32), ("table_score_ns", _I32),
    ("mechanical_tricks", _I32), ("mechanical_score_ns", _I32),
    ("equity_tricks", _I32), ("equity_score_ns", _I32),
    ("comparison", _STR), ("estimate", _STR), ("estimate_expected", _F64),
    ("estimate_likely_tricks", _I32),
    ("nos_diff", _I32), ("nos_diff_estimate", _F64), ("compensation", _STR),
    ("rec_law", _STR), ("rec_adjusted", _BOOL), ("rec_tricks", _I32), ("rec_score_ns", _I32),
    *(column for name in ATLAS_ESTIMATES for column in _verdict_fields(name)),
]
_COST: list[tuple[str, pa.DataType]] = [
    ("gen_dds_calls", _I32), ("gen_dds_seconds", _F64), ("gen_seconds", _F64),
    ("rule_dds_calls", _I32), ("rule_dds_seconds", _F64), ("rule_seconds", _F64),
]

IDENTITY_COLUMNS: tuple[str, ...] = tuple(name for name, _ in _IDENTITY)
"""Columns that the same study parameters always reproduce exactly."""
COST_COLUMNS: tuple[str, ...] = tuple(name for name, _ in _COST)
"""Timing and solver-call columns, excluded from the identity of a study's records."""
SCHEMA = pa.schema([pa.field(name, kind) for name, kind in (*_IDENTITY, *_COST)])
"""The schema of every chunk and of ``records.parquet``."""


def compensation(nos_diff: int) -> str:
    """``under`` (the transfer gave the non-offenders less than the equity), ``exact`` or
    ``over``."""
    return "under" if nos_diff < 0 else "exact" if nos_diff == 0 else "over"


def check_found(synthetic: SyntheticCase, ruling: Ruling) -> None:
    """Raise :class:`StudyError` unless the ruling found exactly the injected revokes: same trick,
    seat and card, established, ``by_dummy`` for dummy's, and a ruff exactly when a trump was
    played."""
    trump = synthetic.case.contract.strain.trump
    found = ruling.revokes
    wanted = synthetic.revokes
    problems: list[str] = []
    if len(found) != len(wanted):
        problems.append(f"{len(found)} revokes found, {len(wanted)} injected")
    for f, w in zip(found, wanted, strict=False):
        if (f.trick, f.player, f.card) != (w.trick, w.seat, w.card):
            problems.append(f"found {f.player} {f.card} at trick {f.trick}, injected {w.seat} "
                            f"{w.card} at trick {w.trick}")
        if not f.established or f.by_dummy != (w.role == DUMMY):
            problems.append(f"trick {w.trick}: established {f.established}, by dummy {f.by_dummy}")
        if (f.card.suit is trump) != (w.manner == RUFF) or f.suit_led is not w.suit_led:
            problems.append(f"trick {w.trick}: {f.card} on a {f.suit_led} lead is not a {w.manner}")
    if problems:
        raise StudyError(f"case {synthetic.case_id} (seed {synthetic.seed}): " + "; ".join(problems))


def _revoke_values(prefix: str, revoke: InjectedRevoke | None) -> dict[str, Any]:
    if revoke is None:
        return {f"{prefix}_{k}": None for k in ("trick", "seat", "card", "suit_led", "role",
                                                "manner", "gain")}
    return {
        f"{prefix}_trick": revoke.trick, f"{prefix}_seat": str(revoke.seat),
        f"{prefix}_card": str(revoke.card), f"{prefix}_suit_led": str(revoke.suit_led),
        f"{prefix}_role": revoke.role, f"{prefix}_manner": revoke.manner,
        f"{prefix}_gain": revoke.offender_gain,
    }


def _verdict_values(ruling: Ruling, estimate: str, non_offenders: Side) -> dict[str, Any]:
    v = verdict(ruling, estimate, non_offenders)
    if v is None:
        return {name: None for name, _ in _verdict_fields(estimate)}
    return {
        f"{estimate}_expected": round(v.expected, 6),
        f"{estimate}_weighted_score_ns": v.weighted.score_ns,
        f"{estimate}_score_diff": v.score_diff,
        f"{estimate}_compensation": v.compensation,
        f"{estimate}_rec_law": v.recommendation.law,
        f"{estimate}_rec_adjusted": v.recommendation.adjusted,
        f"{estimate}_entered_score_ns": v.entered_score_ns,
    }


# Over 60 lines: one record per edition, its columns written in the schema's order.
def records_for_case(
    synthetic: SyntheticCase, editions: tuple[Edition, ...], solver: Solver,
    options: EstimateOptions | None = None,
) -> list[dict[str, Any]]:
    """Rule on ``synthetic`` under each edition; one record (a dict of :data:`SCHEMA`'s columns)
    per edition (the ``dd`` estimate without ``options``). Checks the ruling found the injected
    revokes (:func:`check_found`)."""
    case = synthetic.case
    declarer_side = case.declarer.side
    first = synthetic.revokes[0]
    second = synthetic.revokes[1] if len(synthetic.revokes) > 1 else None
    non_offenders = first.seat.side.other
    base: dict[str, Any] = {
        "case_id": synthetic.case_id, "study_seed": synthetic.study_seed,
        "case_seed": synthetic.seed, "deals_drawn": synthetic.deals_drawn,
        "attempts": synthetic.attempts, "board": case.board,
        "dealer": str(synthetic.dealer or dealer_for_board(synthetic.case_id + 1)),
        "vulnerable": str(case.vulnerable), "deal": case.deal.to_pbn(), "source": synthetic.source,
        "contract": str(case.contract),
        "strain": str(case.contract.strain), "level": case.contract.level,
        "declarer": str(case.declarer), "dd_tricks": synthetic.dd_tricks,
        "play": " ".join(str(c) for c in case.play), "kind": synthetic.kind.value,
        "play_model": synthetic.play_model,
        "players": options.players if options is not None and (
            synthetic.play_model == "sd" or options.estimate != "dd") else None,
        "n_hidden": len(synthetic.hidden),
        "hidden": "; ".join(str(h) for h in synthetic.hidden) or None,
        "n_revokes": len(synthetic.revokes),
        "revokes": "; ".join(f"{r.trick} {r.seat} {r.card}" for r in synthetic.revokes),
        **_revoke_values("revoke", first), **_revoke_values("revoke2", second),
        "non_offending_side": str(non_offenders),
        "gen_dds_calls": synthetic.cost.dds_calls,
        "gen_dds_seconds": round(synthetic.cost.dds_seconds, 6),
        "gen_seconds": round(synthetic.cost.seconds, 6),
    }

    def nos(tricks: int) -> int:
        return tricks_for(non_offenders, tricks, declarer_side, 13)

    records = []
    for edition in editions:
        start = time.perf_counter()
        try:
            ruling = rule(replace(case, laws=edition), solver,
                          options=options or EstimateOptions(estimate="dd"), trace=False)
        except RevokeEquityError as exc:
            raise StudyError(f"case {synthetic.case_id} (seed {synthetic.seed}), laws {edition}: "
                             f"{exc}") from exc
        seconds = time.perf_counter() - start
        check_found(synthetic, ruling)
        comparison, estimate = ruling.comparison, ruling.estimate
        assert comparison is not None and estimate is not None  # established revokes
        transfer = ruling.transfer
        table = ruling.record.declarer_tricks
        mechanical = ruling.mechanical_tricks
        equity = comparison.dd_tricks
        expected = estimate.distribution.expected
        rec = ruling.recommendation
        diff = nos(mechanical) - nos(equity)
        offending: Side | None = transfer.offending_side
        records.append({
            **base,
            "edition": edition.value,
            "offending_side": str(offending) if offending is not None else None,
            "laws_applied": "+".join(r.law for r in transfer.rectifications),
            "prescribed": transfer.prescribed, "transferred": transfer.transferred,
            "table_tricks": table, "table_score_ns": ruling.score(table),
            "mechanical_tricks": mechanical, "mechanical_score_ns": ruling.score(mechanical),
            "equity_tricks": equity, "equity_score_ns": ruling.score(equity),
            "comparison": comparison.point.clause,
            "estimate": estimate.name, "estimate_expected": round(expected, 6),
            "estimate_likely_tricks": max(estimate.distribution.support,
                                          key=lambda t: (estimate.distribution[t], nos(t))),
            "nos_diff": diff,
            "nos_diff_estimate": round(nos(mechanical)
                                       - tricks_for(non_offenders, expected, declarer_side, 13), 6),
            "compensation": compensation(diff),
            "rec_law": rec.law, "rec_adjusted": rec.adjusted, "rec_tricks": rec.declarer_tricks,
            "rec_score_ns": ruling.score(rec.declarer_tricks),
            **{k: v for name in ATLAS_ESTIMATES
               for k, v in _verdict_values(ruling, name, non_offenders).items()},
            "rule_dds_calls": int(ruling.solver_stats.get("engine_calls", 0)),
            "rule_dds_seconds": round(float(ruling.solver_stats.get("seconds", 0.0)), 6),
            "rule_seconds": round(seconds, 6),
        })
    return records

"""Research mode: a reproducible study of revoke equity over many synthetic deals.

``revoke-equity study --deals N --seed S`` builds N cases (:mod:`.generate`: a seeded deal, a
contract from its double-dummy table, double-dummy play with revokes put in on purpose), rules on
each under the chosen law editions (:func:`revoke_equity.ruling.rule`), and writes one flat record
per case and edition (:mod:`.records`), in chunks that are also the checkpoint of an interrupted
run (:mod:`.runner`: joblib/loky processes or a Dask cluster), then the records as Parquet and CSV,
``summary.json``/``summary.md`` with Wilson intervals (:mod:`.summary`) and PNG plots
(:mod:`.plots`). The same seed gives identical records (all but the cost columns) whatever the
number of workers or the backend.

The atlas: hidden-card revokes (:mod:`.hidden`), the whole board under a play policy
(:mod:`.players`), each ruling judged on the ``dd`` and the ``sd`` estimate (:mod:`.verdicts`,
:mod:`.atlas`), and the single-dummy policy calibrated on real play (:mod:`.realplay`,
:mod:`.calibration`, ``revoke-equity calibrate``).
"""

from revoke_equity.study.generate import (
    DEFAULT_MIX,
    StudyError,
    StudyKind,
    StudyUsageError,
    SyntheticCase,
    case_seed,
    generate_case,
    parse_mix,
)

__all__ = [
    "DEFAULT_MIX",
    "StudyError",
    "StudyKind",
    "StudyUsageError",
    "SyntheticCase",
    "case_seed",
    "generate_case",
    "parse_mix",
]

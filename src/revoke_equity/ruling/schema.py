"""The JSON format ``revoke-equity/ruling@2`` as typed dicts: every object and every field
(``docs/ruling-format.md`` says what each one means).

A field that may be missing is :data:`~typing.NotRequired`; one that may be ``null`` has ``None``
in its type. The format may add fields, never rename one.

(No ``from __future__ import annotations`` here: :class:`~typing.TypedDict` reads
:data:`~typing.NotRequired` from evaluated annotations.)
"""

from typing import Any, NotRequired, TypedDict

__all__ = [
    "AlternativeJSON",
    "AuctionEffectJSON",
    "AuctionJSON",
    "ChangedCardJSON",
    "ComparisonJSON",
    "ComparisonWithEstimatesJSON",
    "CorrectionJSON",
    "EnterComponentJSON",
    "EquityJSON",
    "EstimateJSON",
    "EstimateParametersJSON",
    "ImpsJSON",
    "MatchpointsJSON",
    "MechanicalJSON",
    "NearThresholdJSON",
    "OutcomeLineJSON",
    "RecommendationJSON",
    "RectificationJSON",
    "ResultJSON",
    "RevokeJSON",
    "RevokeSwingJSON",
    "RulingJSON",
    "ScoreComparisonJSON",
    "ScoreToEnterJSON",
    "SensitivityJSON",
    "SeparatesJSON",
    "SolverJSON",
    "SplitJSON",
    "SplitSideJSON",
    "StepPartJSON",
    "ThresholdsJSON",
    "TraceJSON",
    "TracedChangeJSON",
    "TwelfthTrickJSON",
    "UnfinishedJSON",
    "WeightedComponentJSON",
    "WeightedJSON",
]


class ResultJSON(TypedDict):
    """A result: declarer's tricks and North-South's score for them (``table``, a side of
    ``split``)."""

    declarer_tricks: int
    score_ns: int


class RevokeJSON(TypedDict):
    """One revoke found in the play (Law 61A), established or not."""

    trick: int
    player: str
    card: str
    suit_led: str | None
    by_dummy: bool
    established: bool
    corrected: bool
    kind: str


class RectificationJSON(TypedDict):
    """The law that decided one established revoke (64A1, 64A2, a 64B item) and its tricks."""

    trick: int
    player: str
    law: str
    tricks: int


class MechanicalJSON(TypedDict):
    """The result after Law 64 (or Law 62D) and the law it rests on."""

    declarer_tricks: int
    score_ns: int
    law: str


class TwelfthTrickJSON(TypedDict):
    """Law 62D: a corrected trick-12 revoke."""

    trick: int
    player: str
    declarer_tricks: int
    alternatives: dict[str, int]
    """Declarer's total for each card the offender could have played."""


class ChangedCardJSON(TypedDict):
    """A table card played after a corrected revoke, and the card the corrected play has."""

    trick: int
    player: str
    card: str
    """The table's card."""
    corrected: str
    """The corrected play's card (the same card when it stands)."""
    law: str
    """``62C1`` (a non-offender's card) or ``62C2`` (the offending side's, after a non-offender
    changed his)."""


class CorrectionJSON(TypedDict):
    """Law 62: a revoke that is not established, corrected and the play replayed."""

    trick: int
    player: str
    withdrawn: str
    """The revoke card withdrawn (62A, 62B)."""
    substituted: str | None
    """The legal card played instead (``null`` when the corrected play was not made)."""
    law: str
    """``62B1`` (a defender's card: it becomes a major penalty card) or ``62B2`` (declarer's or
    dummy's: replaced without further rectification)."""
    penalty_card: str | None
    later: list[ChangedCardJSON]
    claim_by: str | None
    """Who claimed; the claim is ruled on the corrected position (Law 70)."""
    estimate: str | None
    distribution: dict[str, float] | None
    declarer_tricks: int | None
    """Declarer's total on the corrected play, before Law 64 rectifies another revoke."""
    play: list[str]
    """The corrected play from the substituted card to the end of the board."""


class AlternativeJSON(TypedDict):
    """A legal card of the offender at the comparison point and declarer's total after it."""

    card: str
    declarer_tricks: int


class EstimateParametersJSON(TypedDict):
    """An estimator's parameters (none for ``dd``)."""

    players: NotRequired[str]
    tau: NotRequired[float]
    slip: NotRequired[float]
    sure: NotRequired[float]
    rare: NotRequired[float]
    """How rare a difference between two cards counts in part (a share of the layouts)."""
    worlds: NotRequired[int]
    max_worlds: NotRequired[int]
    tolerance: NotRequired[float]
    trunk: NotRequired[float]
    """The share of the replays from which a decision is converged further (0: none is)."""
    seed: NotRequired[int]
    method: NotRequired[str]
    playouts: NotRequired[int]
    precision: NotRequired[float]
    control: NotRequired[float]
    ignore_auction: NotRequired[bool]
    """Present (``true``) when the layouts did not use the auction and ``shown``."""


class SeparatesJSON(TypedDict):
    """The first card where a line leaves the most likely result's line."""

    trick: int
    player: str
    card: str
    probability: float
    """The probability the player plays ``card`` there."""
    instead: str
    """The card the most likely result's line plays there."""


class OutcomeLineJSON(TypedDict):
    """The line of play behind one result of an estimate."""

    declarer_tricks: int
    share: float
    """Exact propagation: the line's probability; sampled: the share of playouts that followed
    it."""
    cards: list[str]
    """The cards from the comparison point, ``seat:card``."""
    text: str
    separates: NotRequired[SeparatesJSON]


class EstimateJSON(TypedDict):
    """One estimator's distribution of declarer's final tricks at a comparison point, and its own
    details (``dd``: ``card``, ``alternatives``, ``kept_transfer``; ``sd`` and ``table``:
    ``decisions``; ``table``: ``departures``)."""

    distribution: dict[str, float]
    expected: float
    parameters: EstimateParametersJSON
    solver_calls: int
    interval: NotRequired[dict[str, list[float]]]
    """Where sampling is involved, the 95% interval ``[lo, hi]`` of each result's probability:
    sampled playouts, of every result the position allows (one not drawn: ``[0, hi]``, the
    Wilson bound of 0 of the playouts); an exact propagation, of every result the estimate or a
    replica of its layouts reaches. ``distribution`` keeps only the results drawn."""
    card: NotRequired[str]
    alternatives: NotRequired[list[AlternativeJSON]]
    kept_transfer: NotRequired[int]
    decisions: NotRequired[int]
    departures: NotRequired[list[str]]
    lines: NotRequired[list[OutcomeLineJSON]]
    """``sd`` and ``table``: the line behind each result at all probable, the most likely
    first."""


class ComparisonJSON(TypedDict):
    """A comparison point of Law 64C: where the play is replayed without the revoke(s)."""

    law: str
    trick: int
    player: str
    kept_revokes: list[int]
    kept_transfer: int


class ComparisonWithEstimatesJSON(ComparisonJSON):
    """A comparison point weighed, with its estimates (``equity.comparisons``)."""

    estimates: dict[str, EstimateJSON]


class EquityJSON(TypedDict):
    """The result likely without the revoke(s), at the comparison point the recommendation rests
    on."""

    declarer_tricks: int
    score_ns: int
    from_trick: int
    offender_to_play: str
    alternatives: list[AlternativeJSON]
    comparison: ComparisonJSON
    estimates: dict[str, EstimateJSON]
    comparisons: NotRequired[list[ComparisonWithEstimatesJSON]]
    shown: NotRequired[dict[str, dict[str, list[int]]]]
    """What the seats showed that the single-dummy players' layouts satisfy (docs/auction.md)."""
    shown_from: NotRequired[dict[str, list[str]]]
    """Each seat's sources of ``shown``: the call and its meaning, or ``director``."""
    shown_not_used: NotRequired[dict[str, list[str]]]
    """The sources of what the seats showed but the real deal breaks (not used)."""
    shown_dropped: NotRequired[dict[str, int]]
    """Per seat, the single-dummy decisions at which no layout satisfied what it showed, so it
    was dropped there."""


class ThresholdsJSON(TypedDict):
    likely: float
    probable: float


class WeightedComponentJSON(TypedDict):
    """A component of a weighted score, as the scoring program takes it."""

    declarer_tricks: int
    score_ns: int
    weight: float
    result: str
    """The contract and result in scorers' notation: ``5C+1``, ``3NTX-2``."""
    declarer: str
    """The declarer of the component's contract (``N``, ``E``, ``S``, ``W``)."""
    weight_interval: NotRequired[list[float]]
    """``[low, high]``: the 95% interval of the weight, from the estimate's interval of the
    result's probability (only for an estimate with intervals, and several components)."""


class WeightedJSON(TypedDict):
    """A weighted adjusted score (Law 12C1(c); 1997: 12C3)."""

    law: str
    components: list[WeightedComponentJSON]
    score_ns: float
    score_ns_range: NotRequired[list[float]]
    """``[low, high]``: the net (NS) with every weight inside its ``weight_interval`` and the
    weights summing to one: how far the estimate's own error could move the weighted score."""


class SplitSideJSON(ResultJSON):
    """One side's result of the split pair, as the scoring program takes it."""

    result: str
    """The contract and result in scorers' notation: ``4S=``."""
    declarer: str


class SplitJSON(TypedDict):
    """The split pair (Law 12C1(e); 1997: 12C2)."""

    law: str
    non_offending_side: str
    """``NS`` or ``EW``: the side that gets ``non_offenders``."""
    non_offenders: SplitSideJSON
    offenders: SplitSideJSON


class StepPartJSON(TypedDict):
    """A part of an explanation step: text, or a citation (``laws``: the clauses cited, its
    ``text`` as printed, ``Law 64A1`` or ``Laws 59, 61A``)."""

    text: str
    laws: NotRequired[list[str]]


class NearThresholdJSON(TypedDict):
    """A result near the likely or the at all probable threshold."""

    declarer_tricks: int
    probability: float
    threshold: str
    """``likely`` or ``probable``."""
    value: float
    sampling_error: float


class RecommendationJSON(TypedDict):
    """The score the Director should give."""

    law: str
    label: str
    """How the law is printed: ``Law 64A1``; ``no revoke`` when ``law`` is ``none``."""
    established_revoke: bool
    """An established revoke was found (false: ``law`` is ``none``)."""
    enter: str
    """The score to enter: ``result`` (``declarer_tricks``), ``weighted`` or ``split``."""
    adjusted: bool
    estimate: str | None
    declarer_tricks: int
    score_ns: int
    result: str
    """``declarer_tricks`` as contract and result in scorers' notation: ``5C+1``."""
    words: str
    reason: str
    reason_parts: list[StepPartJSON]
    """``reason`` as parts, its citations apart (as in ``steps``)."""
    likely: NotRequired[list[int]]
    probable: NotRequired[list[int]]
    thresholds: NotRequired[ThresholdsJSON]
    near_threshold: NotRequired[list[NearThresholdJSON]]
    """Results whose probability is within one sampling error of a threshold (only when there
    are some): the estimate's own error could change the recommendation."""
    weighted: NotRequired[WeightedJSON]
    split: NotRequired[SplitJSON]


class RevokeSwingJSON(TypedDict):
    """What one revoke changed double-dummy."""

    trick: int
    player: str
    card: str
    declarer_tricks_before: int
    declarer_tricks_after: int
    declarer_gain: int


class TracedChangeJSON(TypedDict):
    """A card of the traced corrected play that replaces the table's card (Law 62)."""

    trick: int
    player: str
    card: str
    """The corrected play's card."""
    withdrawn: str
    """The table's card it replaces: the revoke card or a later card."""
    clause: str
    """``62B1`` or ``62B2`` (the substitute for the revoke card), ``62C1`` or ``62C2``."""
    declarer_tricks_before: int
    declarer_tricks_after: int


class TraceJSON(TypedDict):
    """Declarer's double-dummy total before each card and each trick (``--trace``)."""

    declarer_expectation_by_card: list[int]
    declarer_expectation_by_trick: list[int]
    revokes: list[RevokeSwingJSON]
    cards: list[str]
    """The play traced: the table's, or the corrected play when a revoke was corrected."""
    changes: list[TracedChangeJSON]
    """The corrected play's cards that replace the table's (empty: the table's play)."""


class SolverJSON(TypedDict):
    """The solver's work for this ruling."""

    solve_calls: int
    batch_calls: int
    trace_calls: int
    cache_hits: int
    table_calls: int
    engine_calls: int
    seconds: float


class EnterComponentJSON(TypedDict):
    """One result to enter: all of a side's score, or a component of a weighted score."""

    percent: int
    result: str
    """The contract and result in scorers' notation: ``5C+1``."""
    declarer: str
    score: int
    """The side's own score for this result."""


class ScoreToEnterJSON(TypedDict):
    """The score one side is to get in the scoring program, as scorers write it."""

    side: str
    """``NS`` or ``EW``."""
    score: float
    """The side's score; for a weighted score the net of its components, which is not entered."""
    text: str
    """``5C+1 by E, NS -420``; a weighted score component by component, then ``(score each
    component, then weight; net NS -414)``."""
    weighted: bool
    components: list[EnterComponentJSON]


class ImpsJSON(TypedDict):
    other_table_ns: int
    options: dict[str, float]


class MatchpointsJSON(TypedDict):
    field: list[int]
    options: dict[str, float]


class ScoreComparisonJSON(TypedDict):
    """Each option in IMPs against the other table, or in matchpoints on a field of NS scores
    (the command line's ``--compare`` and ``--field``)."""

    imps_ns: NotRequired[ImpsJSON]
    matchpoints_ns_percent: NotRequired[MatchpointsJSON]


class SensitivityJSON(TypedDict):
    """The recommendation under another class of player (the command line's
    ``--also-players``), with the estimate that models the players: the ruling's own when it
    does, else the one shown beside it (``sd`` beside the default ``dd``)."""

    players: str
    estimate: str | None
    law: str
    adjusted: bool
    enter: str
    declarer_tricks: int
    score_ns: int
    reason: str
    weighted_score_ns: NotRequired[float]


class UnfinishedJSON(TypedDict):
    """The service: the estimate asked for did not finish within the time budget, so the ruling
    rests on the double-dummy estimate."""

    estimate: str
    time_budget: float
    message: str


class AuctionJSON(TypedDict):
    """The case's auction as the players heard it (docs/auction.md)."""

    dealer: str
    calls: list[str]
    """From the dealer on: ``P``, ``X``, ``XX``, bids as ``1H``, ``3N``."""
    alerted: list[int]
    """The indexes in ``calls`` of the alerted calls."""


class AuctionEffectJSON(TypedDict):
    """Whether the auction moved the likely result: the ruling once more ignoring it
    (``--auction-effect``; docs/auction.md)."""

    moved: bool
    """The likely results differ."""
    likely: list[int]
    likely_without: list[int]
    score_ns: int
    """The recommended NS score with the auction (``recommendation.score_ns``)."""
    score_ns_without: int
    solver_seconds: float
    """The solver's time for the ruling without the auction (within ``solver.seconds``)."""
    text: str


class RulingJSON(TypedDict):
    """One ruling (``revoke-equity/ruling@2``)."""

    format: str
    board: int | None
    """The board number; ``null`` when the input names none."""
    laws: str
    contract: str
    declarer: str
    vulnerable: str
    noticed: str
    table: ResultJSON
    revokes: list[RevokeJSON]
    rectifications: list[RectificationJSON]
    transferred: int
    mechanical: MechanicalJSON
    equity: EquityJSON | None
    recommendation: RecommendationJSON
    explanation: list[str]
    steps: list[list[StepPartJSON]]
    handviewer: str
    law_62D: NotRequired[TwelfthTrickJSON]
    law_62: NotRequired[CorrectionJSON]
    trace: NotRequired[TraceJSON]
    solver: NotRequired[SolverJSON]
    score_to_enter: list[ScoreToEnterJSON]
    """One entry per side, NS then EW."""
    comparison: NotRequired[ScoreComparisonJSON]
    beside: NotRequired[list[RecommendationJSON]]
    """The recommendation each estimate shown beside the ruling's own leads to (only when some
    was asked, as the surfaces do by default: ``sd`` beside ``dd``), by the same rule; each names
    its ``estimate``. The score to enter is the ``recommendation``'s."""
    sensitivity: NotRequired[list[SensitivityJSON]]
    unfinished: NotRequired[UnfinishedJSON]
    id: NotRequired[str]
    """The service: the ruling's id in the ruling log."""
    created: NotRequired[str]
    """The service: when the ruling was given (ISO 8601, UTC)."""
    case: NotRequired[dict[str, Any]]
    """The service with ``include_case``: the JSON case (``docs/case-format.md``); with it
    ``hands``, ``tricks``, ``dummy`` and ``handviewer_url``, what the web page draws."""
    hands: NotRequired[dict[str, dict[str, str]]]
    tricks: NotRequired[list[dict[str, Any]]]
    dummy: NotRequired[str]
    handviewer_url: NotRequired[str | None]
    auction: NotRequired[AuctionJSON]
    warnings: NotRequired[list[str]]
    """What the director should check in the case: a contract that is not what the auction
    reached (the case's contract is ruled on)."""
    auction_effect: NotRequired[AuctionEffectJSON]

"""Synthetic revoke cases: a seeded deal, a contract from its double-dummy table, double-dummy
play, and one or two revokes injected on purpose.

Every case is a pure function of ``(study seed, case index, kind mix, revoke-card rule)``:
:func:`case_seed` derives
the case's own seed, and one :class:`random.Random` seeded with it makes every random choice of the
case, through :meth:`random.Random.random` only (the one method whose sequence Python promises to
keep across versions). So any case can be rebuilt alone, on any machine, in any worker.

The rules, in the order they are applied:

1. **Kind.** Drawn from the mix (weights) with the case's generator.
2. **Deal.** The 52 cards shuffled (Fisher-Yates) and dealt 13 each to N, E, S, W.
3. **Board.** ``case index + 1``: dealer and vulnerability as on duplicate boards.
4. **Contract** (:func:`choose_contract`), from DDS's double-dummy table: the declaring side is the
   side that can take the most tricks in some strain (a tie: the side whose best contract scores
   more for it; then the dealer's side). Its contract is the undoubled one that scores most for it
   when it takes its double-dummy tricks (a tie: the lower level, then the strain order N S H D C);
   declarer is the partner with more tricks in that strain (a tie: the one who comes first
   clockwise from the dealer, the dealer himself first). A side that can make nothing plays one
   of its best strain, down.
5. **Play.** Every card is the double-dummy best for the side to move, the lowest of equal cards
   (lowest rank, then the suit order S H D C): the rule of :mod:`revoke_equity.equity.replay`.
6. **Revokes.** A trick ``t`` is drawn (1-11; 1-10 when two revokes are wanted). At the first
   trick from ``t`` on at which a player of the wanted role follows the lead, holds the suit led
   and holds a card of the wanted manner (a trump to ruff; a card of a side suit to discard), one
   such player is drawn, then the manner, then a suit. The revoke card (``--revoke-card``): by
   default (``best``) the card of that manner (a trump; any card of a side suit) that is best for
   the offender's side double-dummy, the lowest of equals: he plays as if void, and plays well;
   with ``lowest``, the lowest card of the drawn suit. Play then goes on double-dummy from the
   position the revoke created. A second revoke (``same-suit-twice``: the same player, on a later
   lead of the same suit; ``both-sides``: a player of the other side from a drawn trick after the
   first) is placed the same way. When no chance comes by trick 11 the attempt is dropped; after
   three attempts on one deal a new deal is drawn (the case records how many of each it took).
   Revokes are never on trick 12 or 13, so Law 62D never applies.

Kinds (:class:`StudyKind`): ``defender-discard``, ``defender-ruff`` (suit contracts only, so these
cases are all suit contracts), ``declarer`` (declarer's own hand, ruff or discard), ``dummy``,
``same-suit-twice`` (a defender or declarer revokes twice in one suit: Law 64B2 and, in 2017,
64C2(a)), ``both-sides`` (a defender and declarer each revoke once, in either order: Law 64B7).

Hidden-card kinds (``hidden-defender``, ``hidden-declarer``, ``hidden-dummy``,
``hidden-both-sides``): no revoke is put in; instead rule 6 draws the misread card(s)
(:mod:`.hidden`) and the play goes on with their readers choosing on the position they believe in;
every revoke that follows is recorded. An attempt is dropped when the misreading ends without a
revoke, when none came by trick 11, or when a revoke falls on trick 12.

Play model (:mod:`.players`, ``--play``): with ``sd`` every card but an injected revoke is drawn
from the single-dummy policy's probabilities, with a generator of its own seeded by the case's
seed (:func:`play_seed`); the revoke's double-dummy ``before``/``after`` are then solved where
they fall.

Solver economy: one ``CalcDDtable`` per deal, then at most one ``SolveBoard`` per card played, plus
one per further group of equal candidate cards for a ``best`` revoke card. No call for a forced
card or when all the legal cards are equals (one suit, no outstanding card between them); none for
the cards after a failed attempt's trick 11; a replayed prefix (a second attempt on a deal) comes
from the solver's cache. Declarer's double-dummy expectation is carried
along: double-dummy play keeps it, so only a revoke changes it, and the one solve after the revoke
(needed anyway to choose the next card) gives the new value.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from revoke_equity.equity.shown import ShownHands, infer, usable
from revoke_equity.model.auction import Auction
from revoke_equity.model.cards import ALL_CARDS, Strain
from revoke_equity.model.case import Case
from revoke_equity.model.contract import Vulnerability, dealer_for_board
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import Position
from revoke_equity.model.seats import SEATS, Seat
from revoke_equity.study.contract_choice import choose_contract
from revoke_equity.study.dd_player import DdPlayer, TableSolver
from revoke_equity.study.dealsource import DealSource
from revoke_equity.study.draws import below, case_seed, play_seed
from revoke_equity.study.errors import StudyError, StudyUsageError
from revoke_equity.study.hidden import HiddenCard
from revoke_equity.study.hidden_play import hidden_attempt
from revoke_equity.study.injection import injected_attempt, revoke_cards
from revoke_equity.study.kinds import (
    DEFAULT_MIX,
    HIDDEN_MIX,
    NAMED_MIXES,
    StudyKind,
    draw_kind,
    parse_mix,
)
from revoke_equity.study.players import PlaySpec
from revoke_equity.study.revokes import (
    BEST,
    DECLARER,
    DEFENDER,
    DISCARD,
    DUMMY,
    LOWEST,
    MAX_REVOKE_TRICK,
    REVOKE_CARD_RULES,
    RUFF,
    InjectedRevoke,
)

# The names below were all defined here before the generator was split into one module per job;
# they stay importable from here.
__all__ = [
    "BEST",
    "DECLARER",
    "DEFAULT_MIX",
    "DEFENDER",
    "DISCARD",
    "DUMMY",
    "HIDDEN_MIX",
    "LOWEST",
    "MAX_REVOKE_TRICK",
    "NAMED_MIXES",
    "REVOKE_CARD_RULES",
    "RUFF",
    "DdPlayer",
    "GenerationCost",
    "InjectedRevoke",
    "StudyError",
    "StudyKind",
    "StudyUsageError",
    "SyntheticCase",
    "TableSolver",
    "case_seed",
    "choose_contract",
    "generate_case",
    "parse_mix",
    "play_seed",
    "revoke_cards",
]

ATTEMPTS_PER_DEAL = 3
"""Injection attempts (each with a freshly drawn trick) on one deal before a new deal is drawn."""
MAX_DEALS = 60
"""Deals drawn for one case before giving up (never reached in practice; a guard)."""


def _deal(rng: random.Random) -> Deal:
    cards = list(ALL_CARDS)
    for i in range(len(cards) - 1, 0, -1):  # Fisher-Yates
        j = below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return Deal.from_hands({seat: cards[13 * i:13 * i + 13] for i, seat in enumerate(SEATS)})


# -- a case ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GenerationCost:
    """What building a case cost: DDS engine calls and seconds, and wall seconds."""

    dds_calls: int = 0
    dds_seconds: float = 0.0
    seconds: float = 0.0


@dataclass(frozen=True)
class SyntheticCase:
    """One generated case: the :class:`Case` (laws 2017; the study rules it under each edition),
    the revokes put into it, and how it was made."""

    case_id: int
    study_seed: int
    seed: int
    kind: StudyKind
    case: Case
    dd_tricks: int
    """Declarer's double-dummy tricks on the deal (the DD table's entry for the contract)."""
    revokes: tuple[InjectedRevoke, ...]
    deals_drawn: int
    attempts: int
    """Injection attempts in all, over all the deals drawn."""
    cost: GenerationCost = field(default_factory=GenerationCost)
    hidden: tuple[HiddenCard, ...] = ()
    """The misread cards of a hidden-card kind."""
    play_model: str = "dd"
    """How the cards other than the injected revokes were chosen (:data:`.players.PLAY_MODELS`)."""
    source: str | None = None
    """The file and deal the deal came from (:mod:`.real_deals`); ``None``: shuffled."""
    dealer: Seat | None = None
    """The dealer, when the source gives it (else the board's)."""


# Over 60 lines: a study case drawn in order (deal, contract, play, revokes) from its seed.
def generate_case(
    study_seed: int,
    index: int,
    mix: Mapping[StudyKind, float],
    solver: TableSolver,
    revoke_card: str = BEST,
    play: PlaySpec | None = None,
    deals: DealSource | None = None,
) -> SyntheticCase:
    """Case ``index`` of the study seeded ``study_seed`` with kind mix ``mix``, the revoke-card
    rule ``revoke_card`` (:data:`REVOKE_CARD_RULES`) and the play model ``play`` (double-dummy when
    ``None``). The deals and contracts are shuffled and chosen by the rules of the module, or drawn
    from ``deals`` (:mod:`.real_deals`): one without a contract is skipped like one that took no
    revoke.

    Deterministic: the same arguments give the same case whatever the solver's cache holds.
    Raises :class:`StudyError` if no deal took the revoke(s) (a guard; it does not happen).
    """
    if revoke_card not in REVOKE_CARD_RULES:
        raise StudyUsageError(f"unknown revoke-card rule {revoke_card!r} (expected best or lowest)")
    play = play or PlaySpec()
    start = time.perf_counter()
    stats = solver.stats
    calls0, seconds0 = stats.engine_calls, stats.seconds
    seed = case_seed(study_seed, index)
    rng = random.Random(seed)
    play_rng = random.Random(play_seed(seed))
    kind = draw_kind(rng, mix)
    board = index + 1
    vulnerable = Vulnerability.for_board(board)
    dealer = dealer_for_board(board)
    attempts = 0
    for deals_drawn in range(1, MAX_DEALS + 1):
        sourced = deals.draw(index, deals_drawn) if deals is not None else None
        if sourced is None:
            deal = _deal(rng)
            contract, declarer, dd_tricks = choose_contract(solver.dd_table(deal), vulnerable,
                                                            dealer)
        elif sourced.contract is None:
            continue
        else:
            deal, contract, declarer = sourced.deal, sourced.contract, sourced.declarer
            vulnerable, dealer = sourced.vulnerable, sourced.dealer
        if kind is StudyKind.DEFENDER_RUFF and contract.strain is Strain.NOTRUMP:
            continue
        player = DdPlayer(solver, declarer.side)
        if sourced is not None:
            dd_tricks = player.expectation(Position.initial(deal, contract.strain.trump,
                                                            declarer.next))
        auction = sourced.auction if sourced is not None else None
        model = play.player(solver, declarer, player, seed, _shown(deal, auction)) \
            if play.model != "dd" or kind.hidden else None
        for _ in range(ATTEMPTS_PER_DEAL):
            attempts += 1
            hidden: tuple[HiddenCard, ...] = ()
            if kind.hidden:
                assert model is not None
                found = hidden_attempt(deal, contract, declarer, kind, rng, player, model,
                                        play_rng)
                if found is None:
                    continue
                cards, revokes, hidden = found
            else:
                done = injected_attempt(deal, contract, declarer, dd_tricks, kind, rng, player,
                                        revoke_card, model, play_rng,
                                        sourced.before if sourced is not None else ())
                if done is None:
                    continue
                cards, revokes = done
            case = Case(deal=deal, contract=contract, declarer=declarer, play=cards,
                        vulnerable=vulnerable, board=board, auction=auction)
            cost = GenerationCost(stats.engine_calls - calls0, stats.seconds - seconds0,
                                  time.perf_counter() - start)
            return SyntheticCase(index, study_seed, seed, kind, case, dd_tricks, revokes,
                                 deals_drawn, attempts, cost, hidden, play.model,
                                 sourced.source if sourced is not None else None,
                                 dealer if sourced is not None else None)
    raise StudyError(f"case {index} (seed {seed}): no deal of {MAX_DEALS} took a {kind} revoke")


def _shown(deal: Deal, auction: Auction | None) -> ShownHands | None:
    """What ``auction`` showed that the real ``deal`` satisfies, for the single-dummy play model
    (``None`` without an auction or when it showed nothing usable)."""
    if auction is None:
        return None
    dealt = {seat: deal.hand(seat) for seat in Seat}
    kept = usable(infer(auction), dealt)[0]
    return ShownHands(kept, dealt) if kept else None

"""How the cards of a synthetic case are chosen (``--play``): double-dummy, or by the single-dummy
policy of a class of player (:mod:`revoke_equity.equity.policy`), whose layouts match what the
deal's auction showed when the deal has one (``docs/auction.md``).

A play model answers one question: the card the player to move plays, given the line so far (the
position and the voids the play has shown) and, for a player who misreads a card of his hand
(:mod:`.hidden`), the position as he believes it to be. The single-dummy model draws its card from
the policy's probabilities with the case's own play generator, so a case stays a pure function of
its seed: the policy's decisions are memoised on the player's view and seeded by it, identical in
every process.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from revoke_equity.equity.estimate import DEFAULT_WORLDS, PLAYER_CLASSES
from revoke_equity.equity.policy import SingleDummyPolicy
from revoke_equity.equity.propagate import Line, pick
from revoke_equity.equity.shown import ShownHands
from revoke_equity.model.cards import Card
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat
from revoke_equity.solver.base import Solver
from revoke_equity.solver.bruteforce import BruteForceSolver

__all__ = ["PLAY_MODELS", "DoubleDummyPlay", "PlayModel", "PlaySpec", "SingleDummyPlay"]

PLAY_MODELS = ("dd", "sd")
"""``dd``: every card double-dummy (the lowest of the best); ``sd``: the single-dummy policy."""


class _DoubleDummyChooser(Protocol):
    def choose(self, position: Position) -> Card: ...


@dataclass(frozen=True)
class PlaySpec:
    """The play model of a study: ``model`` (:data:`PLAY_MODELS`), and for ``sd`` the class of
    player (its temperature, :data:`~revoke_equity.equity.estimate.PLAYER_CLASSES`) and the layouts
    per decision."""

    model: str = "dd"
    players: str = "strong"
    worlds: int = DEFAULT_WORLDS

    def __post_init__(self) -> None:
        if self.model not in PLAY_MODELS:
            raise ValueError(f"unknown play model {self.model!r} (expected dd or sd)")
        if self.players not in PLAYER_CLASSES:
            raise ValueError(f"unknown class of player {self.players!r} (expected "
                             + ", ".join(PLAYER_CLASSES) + ")")
        if not 1 <= self.worlds <= 200:
            raise ValueError("worlds must be 1-200 (DDS solves at most 200 boards in one batch)")

    def player(self, solver: Solver, declarer: Seat, dd: _DoubleDummyChooser, seed: int,
               shown: ShownHands | None = None) -> PlayModel:
        """The play model for one case (``seed``: the case's seed; the policy's layouts derive
        from it and the player's view; ``shown``: what the deal's auction showed, which the
        single-dummy players' layouts match)."""
        if self.model == "dd":
            return DoubleDummyPlay(dd)
        player = PLAYER_CLASSES[self.players]
        policy = SingleDummyPolicy(solver, declarer, worlds=self.worlds, tau=player.tau,
                                   slip=player.slip, sure=player.sure, seed=seed, small=BruteForceSolver(),
                                   shown=shown, rare=player.rare)
        return SingleDummyPlay(policy)


class PlayModel(Protocol):
    name: str

    def card(self, line: Line, rng: random.Random, believed: Position | None = None) -> Card:
        """The card the player to move plays at ``line`` (``believed``: the position as the one
        who chooses believes it to be; the card is then one of his believed hand)."""
        ...


class DoubleDummyPlay:
    """Every card double-dummy, on the position the chooser believes in; draws nothing."""

    name = "dd"

    def __init__(self, dd: _DoubleDummyChooser) -> None:
        self.dd = dd

    def card(self, line: Line, rng: random.Random, believed: Position | None = None) -> Card:
        return self.dd.choose(believed if believed is not None else line.position)


class SingleDummyPlay:
    """Every card from the single-dummy policy's probabilities; one draw of ``rng`` per decision
    with more than one card to choose from."""

    name = "sd"

    def __init__(self, policy: SingleDummyPolicy) -> None:
        self.policy = policy

    def card(self, line: Line, rng: random.Random, believed: Position | None = None) -> Card:
        position = believed if believed is not None else line.position
        choice = self.policy.choose(position, line.voids)
        return choice[0][0] if len(choice) == 1 else pick(choice, rng.random())


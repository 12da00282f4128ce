"""The cases of the ruling benchmark: the worked cases, and seeded synthetic ones.

A synthetic case is a random deal, contract, declarer and vulnerability, and a random legal play
of all 52 cards with one revoke put in at the first chance from a random card on (the idea of
``tests/playgen.py``'s ``with_revoke_at``, copied so that ``bench`` does not import the tests).
The revoke comes before trick 12, so it is established and Law 62D does not apply.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from revoke_equity.io.json_case import case_from_dict, case_to_dict
from revoke_equity.model.cards import ALL_CARDS, Card, Strain
from revoke_equity.model.case import Case
from revoke_equity.model.contract import Contract, Doubling, Vulnerability
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import Position
from revoke_equity.model.seats import SEATS, Seat

from bench.config import WORKED_CASES


@dataclass(frozen=True)
class BenchCase:
    name: str
    group: str
    """``worked`` or ``synthetic``."""
    case: Case
    expect: dict[str, Any] | None
    """The worked case's pinned answers (``None`` for a synthetic case)."""

    def as_json(self) -> str:
        return json.dumps(case_to_dict(self.case))


def worked_cases(limit: int | None = None, names: tuple[str, ...] = ()) -> list[BenchCase]:
    """The worked cases ``p*.json`` in file order: those whose name starts with one of ``names``
    if given, else the first ``limit`` (all for ``None``)."""
    paths = sorted(WORKED_CASES.glob("p*.json"))
    if names:
        paths = [p for p in paths if p.stem.startswith(names)]
    out = []
    for path in paths[:limit]:
        data = json.loads(path.read_text())
        out.append(BenchCase(path.stem, "worked", case_from_dict(data["case"]), data["expect"]))
    return out


def _legal_choice(position: Position, rng: random.Random) -> Card:
    return rng.choice(sorted(position.legal_cards(), key=str))


def _revoke_options(position: Position) -> list[Card]:
    """Cards the player to move could revoke with (off-suit while holding the suit led)."""
    led = position.suit_led
    hand = position.hand(position.to_move)
    if led is None or not any(c.suit is led for c in hand):
        return []
    return sorted((c for c in hand if c.suit is not led), key=str)


def play_with_revoke(deal: Deal, contract: Contract, declarer: Seat, rng: random.Random,
                     at: int) -> tuple[Card, ...] | None:
    """A random legal play with one revoke at the first chance from card ``at`` on (before card
    44, i.e. before trick 12), or ``None`` when no chance came."""
    position = Position.initial(deal, contract.strain.trump, declarer.next)
    play: list[Card] = []
    revoked = False
    while len(play) < 52:
        options = _revoke_options(position) if not revoked and len(play) >= at else []
        if options and len(play) < 44:
            card = rng.choice(options)
            revoked = True
        else:
            card = _legal_choice(position, rng)
        play.append(card)
        position = position.play(card)
    return tuple(play) if revoked else None


def synthetic_cases(seed: int, count: int) -> list[BenchCase]:
    """``count`` seeded synthetic cases (see the module docstring)."""
    rng = random.Random(f"bench-cases:{seed}")
    out: list[BenchCase] = []
    while len(out) < count:
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        deal = Deal.from_hands({seat: cards[13 * i:13 * i + 13] for i, seat in enumerate(SEATS)})
        contract = Contract(rng.randint(1, 7), rng.choice(list(Strain)),
                            rng.choice((Doubling.UNDOUBLED, Doubling.UNDOUBLED, Doubling.DOUBLED)))
        declarer = rng.choice(SEATS)
        vulnerable = rng.choice(list(Vulnerability))
        play = play_with_revoke(deal, contract, declarer, rng, rng.randrange(40))
        if play is None:
            continue
        case = Case(deal=deal, contract=contract, declarer=declarer, play=play,
                    vulnerable=vulnerable, board=len(out) + 1)
        out.append(BenchCase(f"synthetic#{len(out)}", "synthetic", case, None))
    return out

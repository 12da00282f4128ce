"""A revoke kept in a 64C2(a) replay whose transfer Law 64B3 excluded stays excluded: declarer
revokes in a suit (64A), then dummy revokes (64B3: a card of dummy; 1997 and 2007: a card faced on
the table), then declarer revokes again in the first suit (64B2). The replay starts at the repeat;
declarer's first revoke is rectified again on the replay's tricks, dummy's never."""

from __future__ import annotations

import dataclasses
import random

import pytest

from revoke_equity.equity.dd_equity import DoubleDummy
from revoke_equity.laws.comparison import comparison_points
from revoke_equity.laws.law import Law
from revoke_equity.laws.rectification import rectify
from revoke_equity.laws.revokes import find_revokes
from revoke_equity.model import Case, Contract, Edition, Position, Seat, Strain
from revoke_equity.model.play import replay
from revoke_equity.model.seats import tricks_for
from revoke_equity.solver.bruteforce import BruteForceSolver
from revoke_equity.synthetic import LAST_REVOKE_CARD, legal_choice, random_deal, revoke_options


def _dummy_between(rng: random.Random, edition: Edition) -> Case:
    """A random deal played legally but for declarer's revoke, dummy's, then declarer's in the
    first suit, in three tricks from card 28 on (endings for the brute-force solver), rectified
    64A, 64B3, 64B2."""
    while True:
        deal = random_deal(rng)
        declarer = rng.choice([Seat.N, Seat.E, Seat.S, Seat.W])
        contract = Contract(rng.randint(1, 7), rng.choice(list(Strain)))
        position = Position.initial(deal, contract.strain.trump, declarer.next)
        order = [declarer, declarer.partner, declarer]
        play = []
        suit = None
        while len(play) < 52:
            options = revoke_options(position)
            seat = position.to_move
            wanted = order[0] if order else None
            if (options and seat is wanted and 28 <= len(play) < LAST_REVOKE_CARD
                    and (len(order) > 1 or position.suit_led is suit)):
                if len(order) == 3:
                    suit = position.suit_led
                card = rng.choice(options)
                order.pop(0)
            else:
                card = legal_choice(position, rng)
            play.append(card)
            position = position.play(card)
        if order:
            continue
        case = Case(deal, contract, declarer, tuple(play), laws=edition)
        record = replay(case)
        revokes = find_revokes(record)
        laws = [r.law for r in rectify(record, revokes, edition).rectifications]
        if (len({r.trick for r in revokes}) == len(laws) == 3
                and laws == [laws[0], Law.L64B3, Law.L64B2] and laws[0] in (Law.L64A1, Law.L64A2)):
            return case


def _cases(edition: Edition) -> list[Case]:
    rng = random.Random(f"kept-64B3:{edition.value}")
    return [_dummy_between(rng, edition) for _ in range(4)]


@pytest.mark.parametrize("edition", list(Edition), ids=lambda e: e.value)
def test_dummys_kept_revoke_transfers_nothing_on_the_replay(edition: Edition) -> None:
    solver = BruteForceSolver()
    differs = 0
    for case in _cases(edition):
        record = replay(case)
        revokes = find_revokes(record)
        points = comparison_points(record, revokes, rectify(record, revokes, edition), edition)
        c2a = points[0]
        assert c2a.clause == "C2a" and c2a.player is case.declarer
        first, dummys = c2a.kept
        assert dummys.player is case.declarer.partner and not dummys.recomputed
        assert first.player is case.declarer and first.recomputed
        alone = dataclasses.replace(c2a, kept=(first,))
        counted = dataclasses.replace(c2a, kept=(first, dataclasses.replace(dummys,
                                                                            recomputed=True)))
        left = c2a.position.tricks_left
        for after in range(left + 1):
            assert c2a.kept_transfer(after) == alone.kept_transfer(after)
            differs += counted.kept_transfer(after) != alone.kept_transfer(after)
        # the dd estimate's totals: the replay's tricks and the first revoke's transfer only
        got = DoubleDummy().estimate(c2a, solver)
        for alt in got.details["alternatives"]:
            card = next(c for c in c2a.choices if str(c) == alt["card"])
            after_card = c2a.position.play(card)
            best = max(solver.solve(after_card).values())
            rest = tricks_for(c2a.declarer_side, best, after_card.to_move.side,
                              after_card.tricks_left)
            rest += after_card.tricks(c2a.declarer_side) - c2a.position.tricks(c2a.declarer_side)
            allowed = {alone.total_from_rest(rest)}
            if c2a.extra_trick_rule:  # 1997: the extra trick may turn on the replay's line
                allowed.add(alone.total_from_rest(rest, frozenset({first.suit_led})))
            assert alt["declarer_tricks"] in allowed
    assert differs >= 1  # counting dummy's revoke would change some transfer

"""The double-dummy trace's bookkeeping (``equity/trace.py``) without DDS: a made-up oracle answers
each position with a value of its own, so every expectation, cut and swing can be checked
against the oracle; the words of each swing."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence

import pytest

from revoke_equity.equity.trace import RevokeSwing, play_trace
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.laws.revokes import find_revokes
from revoke_equity.model import Position, Side
from revoke_equity.model.case import Claim
from revoke_equity.model.play import replay
from revoke_equity.solver.base import SolverStats

from conftest import CASES
from playgen import late_revokes


class Oracle:
    """North-South's "double-dummy" tricks from a position: a fixed function of the cards left,
    0 to the tricks left, different from one position to the next. Refuses an illegal card, as
    DDS does."""

    def __init__(self) -> None:
        self.stats = SolverStats()
        self.lines: list[tuple[Position, tuple[object, ...]]] = []

    @staticmethod
    def value(position: Position) -> int:
        weight = sum((seat + 1) * int(card.rank) * (3 + card.suit.order)
                     for seat, hand in enumerate(position.hands) for card in hand)
        weight += 7 * len(position.trick) + position.ns_tricks
        return weight % (position.tricks_left + 1)

    def trace(self, position: Position, cards: Sequence[object]) -> tuple[int, ...]:
        self.lines.append((position, tuple(cards)))
        values = [self.value(position)]
        for card in cards:
            assert position.is_legal(card), f"{card} is not legal"  # type: ignore[arg-type]
            position = position.play(card)  # type: ignore[arg-type]
            values.append(self.value(position))
        return tuple(values)


def _cases() -> list[object]:
    found = [case_from_dict(json.loads(p.read_text())["case"]) for p in sorted(CASES.glob("p*.json"))]
    rng = random.Random("trace")
    found += [late_revokes(rng, first_card=rng.randint(0, 40), revokes=rng.randint(1, 3))
              for _ in range(12)]
    for extra in (1, 2, 3):  # a claim after one, two or three cards of a trick
        case = late_revokes(rng, first_card=4, revokes=1)
        tricks = find_revokes(replay(case))[0].trick + 1
        found.append(dataclasses.replace(case, play=case.play[:4 * tricks + extra],
                                         claim=Claim(tricks, 13 - tricks)))
    return found


CASES_ = _cases()


@pytest.mark.parametrize("index", range(len(CASES_)))
def test_expectations_cuts_and_swings(index: int) -> None:
    case = CASES_[index]
    record = replay(case)  # type: ignore[arg-type]
    revokes = find_revokes(record)
    oracle = Oracle()
    trace = play_trace(record, revokes, oracle)  # type: ignore[arg-type]
    play = record.case.play
    side = record.declarer_side
    cuts = sorted(r.index for r in revokes if not r.corrected)
    # one line per stretch, from the position after each revoke card, up to the next one
    starts = [0] + [c + 1 for c in cuts]
    stops = [*cuts, len(play)]
    assert [(line[0], list(line[1])) for line in oracle.lines] == [
        (record.positions[a], list(play[a:b])) for a, b in zip(starts, stops, strict=True)]
    assert len(trace.expectations) == len(play) + 1
    for i, position in enumerate(record.positions[:len(play) + 1]):
        if i in cuts:  # the revoke card itself is never asked about: the next line starts after it
            continue
        ns = Oracle.value(position)
        rest = ns if side is Side.NS else position.tricks_left - ns
        assert trace.expectations[i] == position.tricks(side) + rest, i
    kept = [r for r in revokes if not r.corrected]
    assert [(s.trick, s.player, s.card) for s in trace.swings] == [
        (r.trick, str(r.player), str(r.card)) for r in kept]
    for swing, revoke in zip(trace.swings, kept, strict=True):
        assert (swing.before, swing.after) == (trace.expectations[revoke.index],
                                               trace.expectations[revoke.index + 1])
        assert swing.declarer_gain == swing.after - swing.before
    assert trace.per_trick() == [trace.expectations[i] for i in range(0, len(play), 4)] + [
        trace.expectations[-1]]


def test_some_traces_have_a_revoke_that_moves_the_expectation() -> None:
    gains = []
    for case in CASES_:
        record = replay(case)  # type: ignore[arg-type]
        gains += [s.declarer_gain for s in play_trace(record, find_revokes(record),
                                                      Oracle()).swings]  # type: ignore[arg-type]
    assert any(g > 1 for g in gains) and any(g < -1 for g in gains) and 0 in gains


def test_a_claim_ends_the_trace_where_the_play_stopped() -> None:
    (path,) = CASES.glob("p14*.json")
    case = case_from_dict(json.loads(path.read_text())["case"])
    record = replay(case)
    oracle = Oracle()
    trace = play_trace(record, find_revokes(record), oracle)  # type: ignore[arg-type]
    assert case.claim is not None and len(case.play) < 52
    last = record.positions[len(case.play)]
    ns = Oracle.value(last)
    rest = ns if record.declarer_side is Side.NS else last.tricks_left - ns
    assert trace.expectations[-1] == last.tricks(record.declarer_side) + rest


@pytest.mark.parametrize(("before", "after", "words"), [
    (9, 9, "The revoke at trick 4 (E H2) changed nothing double-dummy."),
    (9, 10, "The revoke at trick 4 (E H2) gained declarer 1 trick double-dummy."),
    (9, 11, "The revoke at trick 4 (E H2) gained declarer 2 tricks double-dummy."),
    (9, 8, "The revoke at trick 4 (E H2) gained the defence 1 trick double-dummy."),
    (10, 7, "The revoke at trick 4 (E H2) gained the defence 3 tricks double-dummy."),
])
def test_swing_words(before: int, after: int, words: str) -> None:
    swing = RevokeSwing(4, "E", "H2", before, after)
    assert swing.declarer_gain == after - before
    assert swing.describe(Side.NS) == words
    assert swing.describe(Side.EW) == words


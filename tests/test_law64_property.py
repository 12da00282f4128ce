"""Laws 61-64 and 62D on random deals against an independent reference (``law64_reference.py``).

Boards come from seeded random play (:mod:`revoke_equity.synthetic`) with revokes put in at random:
one or several, by any player or dummy, some corrected, failures to play a major penalty card
(listed or created by a defender's correction), claims, every ``noticed`` value, all three
editions. The reference is first checked on the worked cases.

Excluded, because the spec gives rules there that the product is being changed to follow (each has
its own tests beside that change), so that this test holds before and after it:

- a claim while a player of the non-claiming side revokes: claims here are made by declarer (the
  case model's default) and then only declarer's side revokes (the spec's ``claim.by`` and
  ``claim.agreed``, 63A3/63A4);
- a revoke on trick 12 beside any other revoke (62D applied first, then Law 64 on the corrected
  record, ``likely-result.md`` §4);
- in 2007, a corrected revoke of one side beside a revoke of the other (2007's 64B7 counts it).

Not generated because the spec does not decide them: a failure to play a penalty card on trick
12 (62D speaks of following suit), a second failure to play the same penalty card, and a revoke that
is both a failure to follow suit and to play a penalty card of the suit led.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from revoke_equity.model import (
    Card,
    Case,
    Claim,
    Contract,
    Correction,
    Deal,
    Edition,
    Noticed,
    PenaltyCard,
    Position,
    Seat,
    Suit,
)
from revoke_equity.ruling import rule

import law64_reference as ref
from conftest import CASES
from playgen import make_case, random_deal, revoke_options

SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
BOARDS = 150
"""Boards per edition at least (about 1 s an edition with the ones the situations need)."""


def board_from_json(case: dict[str, Any]) -> ref.Board:
    """The reference's board for a JSON case (``case.md``), read without the product's readers."""
    deal = Deal.from_pbn(case["deal"])
    strain = case["contract"][1]
    claim = case.get("claim")
    return ref.Board(
        hands={s: deal.hand(s) for s in SEATS},
        trump=None if strain == "N" else Suit(strain),
        declarer=Seat(case["declarer"]),
        play=tuple(Card.from_str(c) for c in case["play"]),
        edition=Edition(case.get("laws", "2017")),
        noticed=Noticed(case.get("noticed", "end-of-play")),
        claim=ref.Claim(claim["after_trick"], claim["declarer_tricks"]) if claim else None,
        corrected=tuple((c["trick"], Seat(c["player"]), Card.from_str(c["card"]))
                        for c in case.get("corrected", ())),
        penalty_cards=tuple((Seat(p["player"]), Card.from_str(p["card"]), p["from_trick"])
                            for p in case.get("penalty_cards", ())),
    )


def reference_fields(result: ref.Result) -> dict[str, Any]:
    """The reference's answer in the ruling's JSON field names."""
    return {
        "revokes": [{"trick": r.trick, "player": str(r.player), "card": str(r.card),
                     "suit_led": str(r.suit_led) if r.suit_led else None,
                     "by_dummy": r.by_dummy, "established": r.established,
                     "corrected": r.corrected} for r in result.revokes],
        "rectifications": [{"trick": t, "player": str(p), "law": law, "tricks": n}
                           for t, p, law, n in result.rectifications],
        "table": result.table,
        "mechanical": result.mechanical,
    }


def product_fields(case: Case) -> dict[str, Any]:
    out = rule(case).to_dict()
    keys = ("trick", "player", "card", "suit_led", "by_dummy", "established", "corrected")
    return {
        "revokes": [{k: r[k] for k in keys} for r in out["revokes"]],
        "rectifications": out["rectifications"],
        "table": out["table"]["declarer_tricks"],
        "mechanical": out["mechanical"]["declarer_tricks"],
    }


@pytest.mark.parametrize("path", sorted(CASES.glob("p*.json")), ids=lambda p: p.stem[:3])
def test_reference_gives_the_worked_cases_answers(path: Any) -> None:
    """The reference, checked first on the hand-worked answers of ../shared/cases."""
    worked = json.loads(path.read_text())
    got = reference_fields(ref.rule(board_from_json(worked["case"])))
    expect = worked["expect"]
    assert [{k: r[k] for k in e} for r, e in zip(got["revokes"], expect["revokes"], strict=True)
            ] == expect["revokes"]
    assert got["rectifications"] == expect["rectifications"]
    assert got["table"] == expect["table"]["declarer_tricks"]
    assert got["mechanical"] == expect["mechanical"]["declarer_tricks"]


class _Generator:
    """One random board: a deal, a contract, and play with revokes, corrections, penalty cards
    and a claim put in at random (see the module docstring for what is left out)."""

    def __init__(self, seed: int, edition: Edition) -> None:
        rng = self.rng = random.Random(seed)
        self.deal = random_deal(rng)
        self.contract = Contract.from_str(f"{rng.randint(1, 7)}{rng.choice('SHDCN')}")
        self.declarer = rng.choice(SEATS)
        self.edition = edition
        self.noticed = rng.choices(list(Noticed), weights=[2, 6, 1, 1])[0]
        self.claim_after = rng.randint(3, 12) if rng.random() < 0.25 else None
        self.budget = rng.choice([1, 2, 2, 3, 3])
        self.twelve = self.claim_after is None and rng.random() < 0.15
        """Keep the board for one revoke on trick 12."""
        self.late = not self.twelve and rng.random() < 0.2
        """Several revokes late in the play by the two defenders or by declarer, where they
        compete for few tricks (the cap)."""
        self.late_side = rng.choice([self.declarer.side, self.declarer.next.side])
        self.penalties: list[tuple[Seat, Card, int]] = []
        self.listed: list[PenaltyCard] = []
        self.corrections: list[Correction] = []
        self.revoked: list[tuple[int, Seat, Suit | None]] = []
        self.failed: set[tuple[Seat, Card]] = set()
        defenders = [self.declarer.next, self.declarer.previous]
        if self.claim_after is None and rng.random() < 0.3:
            seat = rng.choice(defenders)
            card = rng.choice(sorted(self.deal.hand(seat), key=str))
            self.listed.append(PenaltyCard(seat, card, rng.randint(1, 10)))
            self.penalties.append((seat, card, self.listed[-1].from_trick))

    def case(self) -> Case:
        position = Position.initial(self.deal, self.contract.strain.trump, self.declarer.next)
        play: list[Card] = []
        stop = 4 * self.claim_after if self.claim_after else 52
        while len(play) < stop:
            card = self._choose(position, len(play) // 4 + 1)
            play.append(card)
            position = position.play(card)
        claim = None
        if self.claim_after is not None:
            claim = Claim(self.claim_after, self.rng.randint(0, 13 - self.claim_after))
        return make_case(self.deal, str(self.contract), str(self.declarer), play,
                         laws=self.edition, noticed=self.noticed, claim=claim,
                         corrected=tuple(self.corrections), penalty_cards=tuple(self.listed))

    def _choose(self, position: Position, trick: int) -> Card:
        rng, seat = self.rng, position.to_move
        hand, legal = position.hand(seat), sorted(position.legal_cards(), key=str)
        owed = sorted((c for s, c, t in self.penalties
                       if s is seat and t <= trick and c in hand and c in legal), key=str)
        if owed:
            others = [c for c in legal if c not in owed]
            if (others and trick < 12 and self.budget and not self.twelve
                    and (seat, owed[0]) not in self.failed and rng.random() < 0.35):
                self.failed.add((seat, owed[0]))
                self.budget -= 1
                self.revoked.append((trick, seat, None))
                return rng.choice(others)
            return owed[0]
        options = revoke_options(position)
        allowed = bool(options) and self.budget > 0 and (
            self.claim_after is None or seat.side is self.declarer.side)
        if trick == 12 and (self.revoked or self.failed):
            allowed = False  # a trick-12 revoke only alone
        led = position.suit_led
        again = any(s is seat and suit is led for _, s, suit in self.revoked)
        chance = 0.5 if again else 0.12
        if self.twelve:
            chance = 0.8 if trick == 12 else 0
        elif self.late:
            chance = 0.6 if trick >= 9 and seat.side is self.late_side and (
                seat is not self.declarer.partner) else 0
            self.budget = max(self.budget, 2)
        if not allowed or rng.random() >= chance:
            if self.late and self.revoked:  # the offenders win few tricks after the first revoke
                trump = self.contract.strain.trump
                key = lambda c: (c.suit is trump, c.rank)  # noqa: E731
                return (min if seat.side is self.late_side else max)(legal, key=key)
            return rng.choice(legal)
        trumps = [c for c in options if c.suit is self.contract.strain.trump]
        card = rng.choice(trumps) if trumps and rng.random() < 0.5 else rng.choice(options)
        if self.late:
            card = min(options, key=lambda c: (c.suit is self.contract.strain.trump, c.rank))
        self.budget -= 1
        self.revoked.append((trick, seat, led))
        if trick == 12:
            self.budget = 0
        if rng.random() < 0.3:  # corrected before it was established: a legal card instead
            self.corrections.append(Correction(trick, seat, card))
            if seat.side is not self.declarer.side:
                self.penalties.append((seat, card, trick + 1))
            return rng.choice(legal)
        return card

    def board(self, case: Case) -> ref.Board:
        return ref.Board(
            hands={s: self.deal.hand(s) for s in SEATS},
            trump=self.contract.strain.trump,
            declarer=self.declarer,
            play=case.play,
            edition=self.edition,
            noticed=self.noticed,
            claim=ref.Claim(case.claim.after_trick, case.claim.declarer_tricks)
            if case.claim else None,
            corrected=tuple((c.trick, c.player, c.card) for c in self.corrections),
            penalty_cards=tuple((p.player, p.card, p.from_trick) for p in self.listed),
        )


def _excluded(edition: Edition, result: ref.Result) -> bool:
    """2007: a corrected revoke of one side beside a revoke of the other."""
    if edition is not Edition.LAWS_2007:
        return False
    corrected = {ref.side_of(r.player) for r in result.revokes if r.corrected}
    established = {ref.side_of(r.player) for r in result.revokes if r.established}
    return any(a != b for a in corrected for b in established)


def _wanted(edition: Edition) -> set[str]:
    """The situations each edition's run must have met."""
    return {"64A1", "64A2", "64B1", "64B2", "64B3", "64B4", "64B5",
            "62D" if edition is Edition.LAWS_1997 else "64B6",
            "64C" if edition is Edition.LAWS_1997 else "64B7",
            "several established", "corrected beside established", "penalty card", "claim",
            "cap", "62D changes the result"}


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_law64_matches_the_reference_on_random_boards(edition: Edition) -> None:
    """At least ``BOARDS`` boards with a revoke, and on until every situation of ``_wanted`` has
    come up (the seeds are fixed: the run is the same every time)."""
    seen: Counter[str] = Counter()
    wanted = _wanted(edition)
    checked = 0
    for seed in range(20 * BOARDS):
        if checked >= BOARDS and all(seen[k] for k in wanted):
            break
        generator = _Generator(seed, edition)
        case = generator.case()
        expected = ref.rule(generator.board(case))
        if not expected.revokes or _excluded(edition, expected):
            continue
        checked += 1
        assert product_fields(case) == reference_fields(expected), f"seed {seed}"
        seen.update(law for _, _, law, _ in expected.rectifications)
        established = [r for r in expected.revokes if r.established]
        seen["several established"] += len(established) > 1
        seen["corrected beside established"] += bool(established) and any(
            r.corrected for r in expected.revokes)
        seen["penalty card"] += any(r.kind == "penalty-card" for r in expected.revokes)
        seen["claim"] += generator.claim_after is not None and bool(established)
        seen["cap"] += expected.transferred < sum(n for *_, n in expected.rectifications)
        seen["62D changes the result"] += (expected.twelfth is not None
                                           and expected.twelfth != expected.table)
    assert {k for k in wanted if seen[k]} == wanted, seen

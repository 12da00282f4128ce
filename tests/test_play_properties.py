"""Property tests (hypothesis): revokes are found exactly where they are, and the laws' invariants
hold on random deals and plays."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from revoke_equity.laws.rectification import rectify
from revoke_equity.laws.revokes import find_revokes
from revoke_equity.model import Contract, Edition, Seat
from revoke_equity.model.play import replay
from revoke_equity.model.seats import Side

from playgen import make_case, play_out, random_deal, with_revoke_at

seeds = st.integers(min_value=0, max_value=2**32 - 1)
contracts = st.sampled_from(["1N", "3N", "4S", "4H", "5D", "5C", "2SX", "6HXX"])
declarers = st.sampled_from(["N", "E", "S", "W"])
editions = st.sampled_from(list(Edition))


@settings(max_examples=150, deadline=None)
@given(seeds, contracts, declarers)
def test_legal_play_has_no_revoke(seed: int, contract: str, declarer: str) -> None:
    rng = random.Random(seed)
    deal = random_deal(rng)
    play = play_out(deal, Contract.from_str(contract), Seat.from_str(declarer), rng)
    record = replay(make_case(deal, contract, declarer, play))
    assert find_revokes(record) == ()
    assert record.tricks_won(Side.NS) + record.tricks_won(Side.EW) == 13


@settings(max_examples=150, deadline=None)
@given(seeds, contracts, declarers, st.integers(min_value=1, max_value=43), editions)
def test_injected_revoke_found_at_its_trick_and_seat(
    seed: int, contract: str, declarer: str, at: int, edition: Edition
) -> None:
    rng = random.Random(seed)
    deal = random_deal(rng)
    made = with_revoke_at(deal, Contract.from_str(contract), Seat.from_str(declarer), rng, at)
    if made is None:
        return
    play, index = made
    case = make_case(deal, contract, declarer, play, laws=edition)
    record = replay(case)
    revokes = find_revokes(record)
    assert len(revokes) == 1
    (revoke,) = revokes
    assert revoke.trick == index // 4 + 1
    assert revoke.player is record.positions[index].to_move
    assert revoke.card == play[index]
    assert revoke.established
    transfer = rectify(record, revokes, edition)
    won_after = record.tricks_won(revoke.side, revoke.trick)
    assert 0 <= transfer.transferred <= won_after
    assert transfer.transferred <= 2
    mechanical = transfer.mechanical_declarer_tricks
    assert 0 <= mechanical <= 13
    assert record.tricks_won(Side.NS) + record.tricks_won(Side.EW) == 13


@settings(max_examples=100, deadline=None)
@given(seeds, contracts, declarers, editions, st.integers(min_value=1, max_value=12))
def test_claim_keeps_thirteen_tricks(
    seed: int, contract: str, declarer: str, edition: Edition, after: int
) -> None:
    from revoke_equity.model.case import Claim

    rng = random.Random(seed)
    deal = random_deal(rng)
    play = play_out(deal, Contract.from_str(contract), Seat.from_str(declarer), rng,
                    stop_after=4 * after)
    claimed = rng.randint(0, 13 - after)
    case = make_case(deal, contract, declarer, play, laws=edition, claim=Claim(after, claimed))
    record = replay(case)
    assert record.tricks_won(Side.NS) + record.tricks_won(Side.EW) == 13
    assert record.claimed_tricks(record.declarer_side) == claimed

"""The single-dummy player on endings built to catch its known failures: cashing tricks before
giving up the lead, the defence cashing before it switches, a guess where the class of player
matters, and a tie in the layouts drawn.

Each ending has two or three cards a hand, so every layout the player can imagine is solved (by
the brute force) and the propagation is exact. The expected distributions are worked out by hand
in each test from the error model's definition (a card another beats in some layout and never
loses to is played at the class's ``slip`` rate; among the others, a softmax of the mean tricks at
its ``tau``) and the layouts listed there.
"""

from __future__ import annotations

import math

import pytest

from revoke_equity.equity.error_model import PLAYER_CLASSES
from revoke_equity.equity.policy import TIE_ROUNDS, SingleDummyPolicy
from revoke_equity.equity.propagate import Line, exact
from revoke_equity.model import Card, Position, Seat
from revoke_equity.solver.bruteforce import BruteForceSolver

CLASSES = sorted(PLAYER_CLASSES)


def _hands(n: str, e: str, s: str, w: str) -> tuple[frozenset[Card], ...]:
    return tuple(frozenset(Card.from_str(c) for c in hand.split()) for hand in (n, e, s, w))


def _position(n: str, e: str, s: str, w: str, leader: Seat, trick: str = "") -> Position:
    """The ending, 11 tricks played before it (so dummy is faced): 6 to NS, 5 to EW."""
    hands = _hands(n, e, s, w)
    return Position(hands, None, leader,  # type: ignore[arg-type]
                    tuple(Card.from_str(c) for c in trick.split()), 6, 5)


def _distribution(position: Position, declarer: Seat, players: str) -> dict[int, float]:
    """Declarer's side's tricks from ``position`` on, every layout solved, exactly propagated."""
    player = PLAYER_CLASSES[players]
    policy = SingleDummyPolicy(BruteForceSolver(), declarer, worlds=200, tau=player.tau,
                               slip=player.slip, seed=1)
    return exact(Line(position, frozenset()), lambda line: policy.decide(line.position, line.voids),
                 lambda line: line.position.tricks(declarer.side) - position.tricks(declarer.side),
                 budget=10_000)


def _same(got: dict[int, float], want: dict[int, float]) -> None:
    want = {t: p for t, p in want.items() if p > 0}
    assert set(got) == set(want), (got, want)
    for t, p in want.items():
        assert got[t] == pytest.approx(p, abs=1e-12)


# South (declarer, no trumps) on lead with two cards a hand: the spade ace cashes, the club two
# gives up the lead. North (dummy) has two small red cards; East-West hold the club and spade
# kings, the heart ace and the diamond three.
CASH = dict(n="H2 D2", e="CK HA", s="SA C2", w="SK D3")


@pytest.mark.parametrize("players", CLASSES)
def test_declarer_cashes_before_giving_up_the_lead(players: str) -> None:
    """South imagines the 6 ways the four outstanding cards lie two and two. The spade ace takes
    one trick in each (the club king's holder keeps it). The club two first: the club king's
    holder wins and leads his other card, the spade king in 2 layouts (South's ace takes one),
    a red card in 4 (South discards the ace: none). So the two is never better and worse in 4:
    a slip. On the real deal, after the ace East (seeing dummy, the unseen spade and diamond
    threes with South or West) keeps the club king (his heart ace never does better, and it
    loses when South's last card is the club two): the heart ace kept is his slip, and gives
    South the last trick. After the club two, East's king wins and his heart ace cashes.
    So: 2 tricks (1 - slip) * slip, 1 trick (1 - slip)^2, 0 tricks slip."""
    slip = PLAYER_CLASSES[players].slip
    got = _distribution(_position(**CASH, leader=Seat.S), Seat.S, players)
    _same(got, {2: (1 - slip) * slip, 1: (1 - slip) ** 2, 0: slip})


@pytest.mark.parametrize("players", CLASSES)
def test_the_defence_cashes_its_winner_before_it_switches(players: str) -> None:
    """West (a defender, South declarer, no trumps) on lead with the club ace and the heart
    three; dummy holds the heart two and the spade two; East and South hold, for West, two of
    the heart ace, the heart four, the spade five and the diamond two each (6 layouts). The ace
    first takes one trick, two when East has the heart ace. The heart three first: when South
    has the heart ace he wins it and his last card too (the club ace is discarded): none; when
    East has it, at most two. The switch is never better and worse in 3 layouts: a slip. On the
    real deal South holds the heart ace and the diamond two: after the club ace South keeps the
    heart ace (discarding it never gains: West's last card is a heart or the spade five, which
    the ace cannot beat either), else the heart three wins. After the switch South takes both.
    So declarer: 2 tricks slip, 1 trick (1 - slip)^2, 0 tricks (1 - slip) * slip."""
    slip = PLAYER_CLASSES[players].slip
    position = _position(n="H2 S2", e="H4 S5", s="HA D2", w="CA H3", leader=Seat.W)
    got = _distribution(position, Seat.S, players)
    _same(got, {2: slip, 1: (1 - slip) ** 2, 0: (1 - slip) * slip})


def test_a_guess_follows_the_class_of_player() -> None:
    """West led the spade two (no trumps); North (dummy, declarer South deciding) holds the ace
    and queen of spades, South two small hearts, and the spade king lies with West's last card or
    among East's two (East-West hold it with the diamond five and six: 3 layouts). The queen takes
    both tricks when West has the king (1 layout: the ace then drops it), none when East has it
    (he covers and cashes a diamond); the ace takes one and two (the king falls under it from
    East). Means 2/3 and 5/3: a guess, neither card dominated, the ace played with probability
    1 / (1 + exp(-1 / tau)). The king is West's here, so the ace takes 1 trick, the queen 2.
    The better the class, the more often it follows the mean (and here loses a trick)."""
    position = _position(n="SA SQ", e="D5 D6", s="H2 H3", w="SK", leader=Seat.W, trick="S2")
    aces = []
    for players in CLASSES:
        tau = PLAYER_CLASSES[players].tau
        ace = 1 / (1 + math.exp(-1 / tau))
        _same(_distribution(position, Seat.S, players), {1: ace, 2: 1 - ace})
        aces.append((tau, ace))
    aces.sort()
    assert [a for _, a in aces] == sorted((a for _, a in aces), reverse=True)
    assert aces[0][1] > aces[-1][1] + 0.1


def test_a_tie_in_the_layouts_drawn_is_not_split_by_card_order() -> None:
    """The cash-or-give-up decision above, judged on one layout drawn at first: in 2 of the 6
    layouts the club two also takes one trick, so the layout drawn may tie it with the spade ace.
    The ace and the two are of two suits, and on the real deal the ace takes one trick and the
    two none, so the tie matters: it makes the decision draw more (at least ``TIE_ROUNDS``
    times the first draw); once a layout where the two loses is drawn, the two is a slip; a
    tie that remains shares the probability alike (never to the first card in order)."""
    position = _position(**CASH, leader=Seat.S)
    player = PLAYER_CLASSES["strong"]
    ace, two = Card.from_str("SA"), Card.from_str("C2")
    tied_at_first = 0
    for seed in range(40):
        first = SingleDummyPolicy(BruteForceSolver(), Seat.S, worlds=1, tau=player.tau,
                                  slip=player.slip, seed=seed)
        cards, matrix, _ = first.evaluate(position, frozenset())
        one = dict(zip(cards, matrix[0], strict=True))
        grown = SingleDummyPolicy(BruteForceSolver(), Seat.S, worlds=1, tau=player.tau,
                                  slip=player.slip, seed=seed, max_worlds=16, tolerance=0.05)
        decision = grown.decide(position, frozenset())
        choice = dict(zip(decision.cards, decision.rows[0], strict=True))
        if one[ace] == one[two]:
            tied_at_first += 1
            assert decision.layouts >= TIE_ROUNDS
        if choice[two] != pytest.approx(player.slip):
            # Still tied in every layout drawn: the two cards alike.
            assert choice[two] == pytest.approx(choice[ace])
        assert choice[ace] >= choice[two]
    assert tied_at_first > 0


def test_a_tie_of_one_suit_the_real_deal_does_not_tell_apart_draws_no_more_layouts() -> None:
    """South (declarer, no trumps) on lead with the club king and ten, dummy the spade nine and
    the diamond seven; East-West hold the club queen, five and three and the spade queen, two
    each for South (6 layouts). The king takes two tricks where the club queen lies with the
    spade queen (2 layouts: it falls under the king) and one elsewhere; the ten none there and
    one elsewhere: a slip. On the real deal (East the club queen and five) each takes one
    trick, so which is played cannot change the result double-dummy. A tie in the layout drawn
    at first then draws no more layouts and shares the probability alike; a layout where the
    ten loses makes it a slip as before. (The ace-or-two tie above is of two suits: it draws
    more whatever the real deal says.)"""
    position = _position(n="S9 D7", e="CQ C5", s="CK CT", w="SQ C3", leader=Seat.S)
    player = PLAYER_CLASSES["strong"]
    king, ten = Card.from_str("CK"), Card.from_str("CT")
    assert BruteForceSolver().solve(position) == {king: 1, ten: 1}
    tied_at_first = slips = 0
    for seed in range(40):
        policy = SingleDummyPolicy(BruteForceSolver(), Seat.S, worlds=1, tau=player.tau,
                                   slip=player.slip, seed=seed, max_worlds=16, tolerance=0.05)
        cards, matrix, _ = policy.evaluate(position, frozenset())
        one = dict(zip(cards, matrix[0], strict=True))
        decision = policy.decide(position, frozenset())
        choice = dict(zip(decision.cards, decision.rows[0], strict=True))
        if one[king] == one[ten]:
            tied_at_first += 1
            assert decision.layouts == 1
            assert choice[ten] == pytest.approx(choice[king])
        else:
            slips += 1
            assert choice[ten] == pytest.approx(player.slip)
    assert tied_at_first > 0 and slips > 0


@pytest.mark.parametrize(("hands", "cards"), [
    # one suit, told apart on the real deal: the club queen takes one trick, the two none
    (dict(n="S6 CJ", e="CA CT", s="CQ C2", w="SA H6"), ("CQ", "C2")),
    # two suits, alike on the real deal (one trick each), unlike in 4 of the 6 layouts
    (dict(n="DT C2", e="S3 C8", s="SJ HJ", w="SK H5"), ("SJ", "HJ")),
])
def test_a_tie_that_may_change_the_result_draws_more_layouts(
        hands: dict[str, str], cards: tuple[str, str]) -> None:
    """Two cards that tie in the layout drawn at first, either of one suit and told apart by the
    real deal, or of two suits (a different plan, whatever the real deal says), make the
    decision draw more layouts (``TIE_ROUNDS`` times the first draw at least)."""
    position = _position(**hands, leader=Seat.S)
    player = PLAYER_CLASSES["strong"]
    first, second = map(Card.from_str, cards)
    tied_at_first = 0
    for seed in range(40):
        policy = SingleDummyPolicy(BruteForceSolver(), Seat.S, worlds=1, tau=player.tau,
                                   slip=player.slip, seed=seed, max_worlds=16, tolerance=0.05)
        drawn, matrix, _ = policy.evaluate(position, frozenset())
        one = dict(zip(drawn, matrix[0], strict=True))
        if one[first] == one[second]:
            tied_at_first += 1
            assert policy.decide(position, frozenset()).layouts >= TIE_ROUNDS
    assert tied_at_first > 0

"""What a natural auction showed, and what of it a player imagining the layouts may use.

:func:`infer` reads an auction by a table of standard natural meanings (``docs/auction.md``). Each
call of the table gives its seat a :class:`~revoke_equity.model.shown.Constraint` with its source
(``"3S (pre-empt)"``); a call the table does not cover, an alerted call, and every call that answers
an alerted or uncovered opening show nothing.

:func:`usable` keeps the constraints the real deal satisfies (a call that did not mean that here
is not used) and :func:`unseen_limits` turns them into constraints on the cards still to be dealt
to each hidden seat, for :class:`~revoke_equity.equity.worlds.Layouts`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from revoke_equity.model.auction import Auction, Call
from revoke_equity.model.cards import Card, Strain
from revoke_equity.model.case import Case
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat
from revoke_equity.model.shown import MAX_HCP, Constraint, Shown, ShownConstraint

PASSED_HAND = (0, 11)
"""A hand that passed before anyone opened has fewer than opening values."""


def _suit(strain: Strain | None, lo: int, hi: int = 13, hcp: tuple[int, int] | None = None) -> Constraint:
    assert strain is not None and strain.trump is not None
    return Constraint.of(hcp, **{strain.value: (lo, hi)})


def _balanced(hcp: tuple[int, int]) -> Constraint:
    """A notrump range: each suit 2-5 cards."""
    return Constraint(hcp, ((2, 5),) * 4)


def _opening(call: Call) -> tuple[Constraint, str] | None:
    """Openings: one of a suit, weak twos, the strong 2C, 1NT and 2NT, pre-empts at three and four."""
    strain, level = call.strain, call.level
    if strain is Strain.NOTRUMP:
        return {1: (_balanced((15, 17)), "1NT opening"),
                2: (_balanced((20, 21)), "2NT opening")}.get(level)
    if level == 1:
        major = strain in (Strain.HEARTS, Strain.SPADES)
        return _suit(strain, 5 if major else 3, hcp=(12, 21)), "opening"
    if level == 2:
        if strain is Strain.CLUBS:
            return Constraint.of(hcp=(22, MAX_HCP)), "strong 2C opening"
        return _suit(strain, 6, 6, hcp=(5, 10)), "weak two"
    if level == 3:
        return _suit(strain, 7, hcp=(5, 10)), "pre-empt"
    if level == 4 and strain in (Strain.HEARTS, Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS):
        return _suit(strain, 8, hcp=(5, 12)), "pre-empt"
    return None


def _lowest(call: Call, last: Call) -> int:
    """The lowest level at which ``call``'s strain may be bid over ``last``."""
    same_level = Call("bid", last.level, call.strain)
    return last.level if same_level.rank > last.rank else last.level + 1


def _response(call: Call, opening: Call, last: Call) -> tuple[Constraint, str] | None:
    """Responder's first call, his right-hand opponent having passed, to a one-level suit
    opening: raises, new suits, notrump responses and the pass."""
    if opening.level != 1 or opening.strain is Strain.NOTRUMP or last is not opening:
        return None
    if call.kind == "P":
        return Constraint.of(hcp=(0, 5)), "pass of partner's opening"
    if not call.is_bid:
        return None
    if call.strain is opening.strain:
        support = 3 if opening.strain in (Strain.HEARTS, Strain.SPADES) else 4
        if call.level == 2:
            return _suit(call.strain, support, hcp=(6, 10)), "simple raise"
        if call.level == 3:
            return _suit(call.strain, support, hcp=(10, 12)), "jump raise"
        return None
    if call.strain is Strain.NOTRUMP:
        return {1: (Constraint.of(hcp=(6, 10)), "1NT response"),
                2: (_balanced((13, 15)), "2NT response")}.get(call.level)
    lowest = _lowest(call, opening)
    if call.level == lowest == 1:
        return _suit(call.strain, 4, hcp=(6, MAX_HCP)), "new suit at one"
    if call.level == lowest == 2:
        return _suit(call.strain, 4, hcp=(10, MAX_HCP)), "new suit at two"
    return None


def _overcall(call: Call, opening: Call, last: Call) -> tuple[Constraint, str] | None:
    """The first call of a side after the other side opened one of a suit (or pre-empted, for a
    double): overcalls, jump overcalls, the 1NT overcall and the takeout double."""
    if call.kind == "X" and last is opening and opening.strain is not Strain.NOTRUMP \
            and opening.level <= 2:
        assert opening.strain is not None
        return (Constraint.of(hcp=(12, MAX_HCP), **{opening.strain.value: (0, 3)}),
                "takeout double")
    if not call.is_bid or opening.level != 1 or opening.strain is Strain.NOTRUMP:
        return None
    lowest = _lowest(call, last)
    if call.strain is Strain.NOTRUMP:
        if call.level == 1:
            return _balanced((15, 18)), "1NT overcall"
        return None
    if call.level == lowest:
        return _suit(call.strain, 5, hcp=(8 if call.level == 1 else 10, 16)), "overcall"
    if call.level == lowest + 1 and call.level <= 2:
        return _suit(call.strain, 6, hcp=(5, 10)), "weak jump overcall"
    if call.level >= 3 and call.level > lowest:
        return _suit(call.strain, 7, hcp=(5, 10)), "pre-emptive overcall"
    return None


def infer(auction: Auction) -> Shown:
    """The constraints the auction's calls showed, by the table of ``docs/auction.md``: passes
    before the opening, the opening, responder's first call and the opponents' first call."""
    entries: list[ShownConstraint] = []
    opening_index: int | None = None
    first_call: dict[Seat, int] = {}
    last: Call | None = None
    for index, call in enumerate(auction.calls):
        seat = auction.seat_of(index)
        first = seat not in first_call
        first_call.setdefault(seat, index)
        meaning: tuple[Constraint, str] | None = None
        alerted = index in auction.alerted
        if opening_index is None:
            if call.kind == "P":
                meaning = (Constraint.of(hcp=PASSED_HAND), "passed hand")
            elif call.is_bid:
                opening_index = index
                meaning = _opening(call)
        elif first and last is not None:
            opening = auction.calls[opening_index]
            natural_opening = opening_index not in auction.alerted and _opening(opening) is not None
            opener = auction.seat_of(opening_index)
            if natural_opening and seat is opener.partner:
                meaning = _response(call, opening, last)
            elif natural_opening and seat.side is not opener.side and \
                    all(auction.seat_of(i).side is opener.side or auction.calls[i].kind == "P"
                        for i in range(opening_index, index)):
                meaning = _overcall(call, opening, last)
        if call.is_bid:
            last = call
        if meaning is not None and not alerted:
            constraint, what = meaning
            entries.append(ShownConstraint(seat, constraint, f"{call} ({what})"))
    return Shown(tuple(entries))


def usable(shown: Shown, hands: Mapping[Seat, Iterable[Card]]) -> tuple[Shown, Shown]:
    """``(kept, broken)``: the constraints each seat's real thirteen cards satisfy, and those they
    break (the call did not mean that here, so no player may rely on it)."""
    kept: list[ShownConstraint] = []
    broken: list[ShownConstraint] = []
    for entry in shown.entries:
        (kept if entry.constraint.holds(hands[entry.seat]) else broken).append(entry)
    return Shown(tuple(kept)), Shown(tuple(broken))


def unseen_limits(shown: Shown, dealt: Mapping[Seat, frozenset[Card]],
                  holding: Mapping[Seat, frozenset[Card]], known: Mapping[Seat, frozenset[Card]],
                  viewer: Seat) -> dict[Seat, Constraint]:
    """The constraints on the cards still to be dealt to each seat ``viewer`` cannot see: a seat's
    shown constraint on the thirteen cards it was ``dealt``, less the cards it has played (dealt
    but no longer ``holding``) and those of its hand ``viewer`` sees (``known``). ``viewer``'s own
    constraints are his to know, not to imagine."""
    out: dict[Seat, Constraint] = {}
    for seat in shown.seats:
        if seat is viewer:
            continue
        played = dealt[seat] - holding[seat]
        out[seat] = shown.of_seat(seat).after(played | known.get(seat, frozenset()))
    return out


def of_case(case: Case) -> Shown:
    """What the case's seats showed: the director's ``shown`` when given, else the natural
    meanings of its auction (nothing without an auction)."""
    if case.shown:
        return case.shown
    return infer(case.auction) if case.auction is not None else Shown()


@dataclass(frozen=True)
class ShownHands:
    """What the players know from the auction: the constraints ``shown`` (those the real deal
    satisfies) and the cards each seat was ``dealt`` (to subtract what it has played)."""

    shown: Shown
    dealt: Mapping[Seat, frozenset[Card]]

    @classmethod
    def of(cls, case: Case) -> tuple[ShownHands | None, Shown]:
        """The usable constraints of ``case`` (``None`` when there are none) and those its real
        deal breaks."""
        dealt = {seat: case.deal.hand(seat) for seat in Seat}
        kept, broken = usable(of_case(case), dealt)
        return (cls(kept, dealt) if kept else None), broken

    def limits(self, position: Position, viewer: Seat, known: Mapping[Seat, frozenset[Card]]
               ) -> dict[Seat, Constraint]:
        """The constraints on the cards still to be dealt to the seats ``viewer`` cannot see at
        ``position``, given the cards of their hands he sees (``known``)."""
        holding = {seat: position.hand(seat) for seat in Seat}
        return unseen_limits(self.shown, self.dealt, holding, known, viewer)


def limits_for(shown: ShownHands | None, position: Position, viewer: Seat,
               known: Mapping[Seat, frozenset[Card]]) -> dict[Seat, Constraint] | None:
    """:meth:`ShownHands.limits`, or ``None`` when nothing was shown."""
    return None if shown is None else shown.limits(position, viewer, known)


def lines(kept: Shown, broken: Shown) -> list[str]:
    """The constraints in words, each with its source (``"E: 7+ spades, 5-10 HCP, from 3S
    (pre-empt)"``), then those the real deal broke."""
    out = [f"{e.seat.value}: {e.constraint}, from {e.source}" for e in kept.entries]
    out += [f"{e.seat.value}: not used, the cards do not match {e.source} ({e.constraint})"
            for e in broken.entries]
    return out


def sources(shown: Shown) -> dict[str, list[str]]:
    """Each seat's sources, in the order of the auction: ``{"E": ["3S (pre-empt)"]}``."""
    out: dict[str, list[str]] = {}
    for entry in shown.entries:
        out.setdefault(entry.seat.value, []).append(entry.source)
    return dict(sorted(out.items(), key=lambda item: Seat(item[0]).index))


def used_shown(case: Case) -> tuple[Shown, Shown] | None:
    """``(used, not used)`` for ``case`` (see :func:`usable`), or ``None`` when nothing was shown."""
    shown = of_case(case)
    if not shown:
        return None
    return usable(shown, {seat: case.deal.hand(seat) for seat in Seat})

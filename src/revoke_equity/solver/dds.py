"""Double-dummy answers from DDS, through endplay's ctypes binding ``endplay._dds``.

This module is the only place that knows DDS's encodings (suits 0-3 = S H D C, strain 4 = NT,
seats 0-3 = N E S W, bit ``r`` of a suit mask = rank ``r``) and the only boundary where DDS errors
become :class:`~revoke_equity.errors.SolverError`. endplay is imported when the first
:class:`DdsSolver` is built, not when this module is (the import costs about 0.6 s).

What DDS counts (checked against :mod:`revoke_equity.solver.bruteforce` in the tests):

* ``SolveBoard`` scores are the tricks of the side *to move*, from this position on, **the
  unfinished trick included** (whoever led it). That is exactly :meth:`Solver.solve`'s contract.
* ``AnalysePlayBin`` reports, before and after each card, the tricks of the side that did *not*
  lead the starting trick (DDS's "declarer": the leader's right-hand opponent), counted from the
  starting position on (unfinished trick included) and **cumulatively**: tricks that side already
  won during the line stay in the count. :meth:`DdsSolver.trace` converts this to North-South's
  *remaining* tricks.
* ``AnalysePlayBin`` never reports the cards of the last trick (they are forced), and, when the
  line starts in the middle of a trick with ``k`` cards on the table, it silently skips the last
  ``k`` cards of the line (it counts tricks from the line's length alone). We pad the line with
  ``k`` legal continuation cards and fill in the forced last trick ourselves.
* ``AnalysePlayBin`` checks only that each card is held, not that it follows suit; we check
  legality before calling it.
* ``SolveAllBoardsBin`` copies one board's answer to any later board of the batch with the same
  remaining cards, trumps and leader, ignoring the cards of the unfinished trick; such positions
  go to different batches.

Transposition tables: DDS gives each of its threads a "large" table (95-160 MB) by default, or a
"small" one (20-30 MB) when it is allowed little memory (``SetResources``). The answers are the
same; the cost is not. The batches of the ``sd`` estimate (many endings, each like the one before:
the layouts of one decision share the hands the player sees) cost about a quarter less CPU with
small tables, whatever the tricks left (3 to 12 measured), while a full deal's ``CalcDDtable``
costs about a quarter more. So a batch runs on small tables and a table on large ones
(:func:`_use_tables`; switching reallocates the tables, about 3 ms, and happens only when the kind
of call changes); single solves and traces keep whichever tables are set.

Concurrency: endplay's wrappers hand DDS thread slot 0 on every single-board call, DDS keeps
per-slot state (transposition tables), and the batch functions use every slot. So every DDS call
in the process holds one module-level lock, :data:`DDS_LOCK`, shared by all :class:`DdsSolver`
instances: threads are safe but run one at a time. To use several cores, use several processes
(:mod:`revoke_equity.solver.pool`).
"""

from __future__ import annotations

import ctypes
import os
import struct
import threading
import time
from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from types import ModuleType
from typing import Any

from revoke_equity.errors import SolverError
from revoke_equity.model.cards import Card, Rank, Strain, Suit
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import MOVE_INDEX, Position, rank_masks
from revoke_equity.model.seats import SEATS, Seat, Side
from revoke_equity.solver.base import SolverStats

__all__ = ["DDS_LOCK", "DdsSolver", "PositionKey", "position_key"]

DDS_LOCK = threading.Lock()
"""Held around every call into DDS, by every :class:`DdsSolver` of this process."""


def _new_lock_after_fork() -> None:
    """A forked child starts with a free lock (the thread that held it does not exist there)."""
    global DDS_LOCK
    DDS_LOCK = threading.Lock()


os.register_at_fork(after_in_child=_new_lock_after_fork)

_SUIT_CODE = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
"""DDS's suit codes: :attr:`Suit.order`, so a hand's :func:`rank_masks` are DDS's rows."""
_CODE_SUIT = {code: suit for suit, code in _SUIT_CODE.items()}
_STRAIN_CODE = {Strain.SPADES: 0, Strain.HEARTS: 1, Strain.DIAMONDS: 2, Strain.CLUBS: 3,
                Strain.NOTRUMP: 4}
_NOTRUMP = 4
_SUIT_BITS = {code: tuple((1 << int(rank), Card(suit, rank)) for rank in Rank)
              for suit, code in _SUIT_CODE.items()}
"""Per DDS suit code, each rank's bit and card."""
_SUIT_DOWN = {code: tuple(reversed(bits)) for code, bits in _SUIT_BITS.items()}
"""The same from the ace down."""
_SOLVE_TARGET = -1  # find the maximum
_SOLVE_SOLUTIONS = 3  # every legal card, with its score
_SOLVE_MODE = 1  # always search, even with a single legal card
_THREAD_SLOT = 0  # the slot endplay uses; only ever touched under DDS_LOCK
SMALL_TABLE_MB = 40
"""Memory allowed per DDS thread for small transposition tables (DDS then sizes each thread's
table small, 20-30 MB; much less makes it fail to allocate)."""
_small_tables: bool | None = None
"""Whether DDS's threads have small transposition tables now (``None``: DDS's default, large);
only changed under :data:`DDS_LOCK`."""

PositionKey = tuple[
    tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]],
    Suit | None,
    Seat,
    tuple[Card, ...],
]
"""What a double-dummy answer depends on: hands, trumps, trick leader, cards of the trick."""


def position_key(position: Position) -> PositionKey:
    """The cache key of ``position`` (tricks already won do not change a DD answer)."""
    return (position.hands, position.trump, position.leader, position.trick)


def _load_dds() -> ModuleType:
    """Import endplay's DDS binding (done once, when the first solver is built), without the
    rest of endplay (:mod:`revoke_equity._endplay`)."""
    from revoke_equity import _endplay

    _endplay.load()
    import endplay._dds as dds

    return dds


_ERROR_CODES: dict[str, int] = {}
_KNOWN_CODES = (-1, -2, -3, -4, -5, -7, -8, -9, -10, -12, -13, -14, -15, -16, -17, -18, -19, -98,
                -99, -101, -102, -103, -104, -201, -202, -301)


def _use_tables(dds: ModuleType, small: bool) -> None:
    """Give DDS's threads small or large transposition tables (see the module docstring), as many
    threads as DDS uses by default (one per core); nothing if they already are. Call under
    :data:`DDS_LOCK`."""
    global _small_tables
    if _small_tables is small or (_small_tables is None and not small):
        return
    threads = os.cpu_count() or 1
    if small:
        dds._dll.SetResources(SMALL_TABLE_MB * threads, threads)
    else:
        dds._dll.SetResources(0, 0)  # DDS's own choice: all the memory it wants, every core
    _small_tables = small


def _error_code(dds: ModuleType, message: str) -> int | None:
    """DDS's return code for ``message`` (endplay's DDSError keeps only the text)."""
    if not _ERROR_CODES:
        for code in _KNOWN_CODES:
            _ERROR_CODES.setdefault(str(dds.DDSError.from_code(code)), code)
    return _ERROR_CODES.get(message)


def check_position(position: Position) -> int:
    """Check that ``position`` can be sent to DDS; return the tricks left (unfinished included).

    Every player who has played to the unfinished trick must hold one card fewer than those
    still to play, no card may be held twice or be both held and on the table, and someone must
    be to play. Raises :class:`SolverError` otherwise (DDS could misread such input).
    """
    trick, hands = position.trick, position.hands
    played = len(trick)
    if played > 3:
        raise SolverError(f"the unfinished trick holds {played} cards (at most 3)")
    order = MOVE_INDEX[position.leader]
    tricks = len(hands[order[played]])
    if tricks == 0:
        raise SolverError("no cards are left to play: there is nothing to solve")
    if tricks > 13:
        raise SolverError(f"{position.to_move.name_long} holds {tricks} cards, more than 13")
    for offset, index in enumerate(order):
        expected = tricks - 1 if offset < played else tricks
        held = len(hands[index])
        if held != expected:
            seat = position.leader.after(offset)
            raise SolverError(
                f"{seat.name_long} holds {held} cards but should hold {expected}: "
                f"{position.to_move.name_long} (to play) holds {tricks} and "
                f"{len(position.trick)} card(s) of the trick led by {position.leader} are "
                "on the table"
            )
    if played > 1 and len(set(trick)) != played:
        raise SolverError("a card appears twice in the unfinished trick")
    everything = hands[0].union(hands[1], hands[2], hands[3], trick)
    if len(everything) != 4 * tricks:  # the hands and the trick (sizes checked): a card twice
        seen: set[Card] = set(position.trick)
        for seat in SEATS:
            for card in position.hand(seat):
                if card in seen:
                    raise SolverError(f"{card} is held by {seat.name_long} but also elsewhere")
                seen.add(card)
    return tricks


def check_line(position: Position, cards: Sequence[Card]) -> list[Position]:
    """The positions before and after each card of a line (``len(cards) + 1`` of them).

    Raises :class:`SolverError` if a card is not held by the player to move or does not follow
    suit when it could.
    """
    positions = [position]
    for number, card in enumerate(cards, start=1):
        if position.is_over:
            raise SolverError(f"card {number} of the line, {card}: the play is already over")
        seat = position.to_move
        if card not in position.hand(seat):
            raise SolverError(f"card {number} of the line, {card}: {seat} does not hold it")
        if not position.is_legal(card):
            raise SolverError(
                f"card {number} of the line, {card}: {seat} must follow to "
                f"{position.suit_led} (a revoke cannot be traced)"
            )
        position = position.play(card)
        positions.append(position)
    return positions


class DdsSolver:
    """:class:`~revoke_equity.solver.base.Solver` backed by DDS (via ``endplay._dds``).

    ``cache_size`` bounds the number of positions whose :meth:`solve` answers are kept (oldest
    dropped first; 0 keeps none). Thread-safe through :data:`DDS_LOCK`; not faster with more threads.
    """

    def __init__(self, cache_size: int = 100_000) -> None:
        self._dds = _load_dds()
        _check_layouts(self._dds)
        self.stats = SolverStats()
        self._cache: dict[PositionKey, tuple[tuple[Card, int], ...]] = {}
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()

    # -- the DDS boundary -------------------------------------------------------------------

    @contextmanager
    def _engine(self, **counts: int) -> Iterator[None]:
        """Hold the process-wide lock, time the call, translate DDS errors; on success add
        ``counts`` to the stats (updated under the lock, so threads never lose a count)."""
        with DDS_LOCK:
            start = time.perf_counter()
            try:
                yield
            except self._dds.DDSError as exc:
                message = str(exc)
                raise SolverError(message, code=_error_code(self._dds, message)) from exc
            else:
                for name, count in counts.items():
                    setattr(self.stats, name, getattr(self.stats, name) + count)
            finally:
                self.stats.seconds += time.perf_counter() - start

    # -- conversions --------------------------------------------------------------------------

    def _deal_struct(self, position: Position) -> Any:
        """``position`` as a DDS ``deal`` (the caller has run :func:`check_position`)."""
        return self._dds.deal.from_buffer_copy(array("i", _deal_row(position)))

    def _boards_struct(self, batch: list[Position]) -> Any:
        """``batch`` as a DDS ``boards`` (each position's deal, every card of it scored), built
        from one array of ints (the struct's fields are ints, in this order)."""
        size = self._dds.MAXNOOFBOARDS
        n = len(batch)
        ints = array("i", [n])
        for position in batch:
            ints.extend(_deal_row(position))
        ints.frombytes(bytes(4 * _DEAL_INTS * (size - n)))  # the unused deals, zeroed
        for value in (_SOLVE_TARGET, _SOLVE_SOLUTIONS, _SOLVE_MODE):
            ints.extend([value] * n + [0] * (size - n))
        return self._dds.boards.from_buffer_copy(ints)

    @staticmethod
    def _read_future(raw: bytes, start: int, position: Position
                     ) -> tuple[tuple[Card, int], ...]:
        """Expand DDS's card groups (a card plus its ``equals`` mask; the ``futureTricks`` at
        byte ``start`` of ``raw``) into single cards, in :meth:`Card.sort_key` order (suit codes
        are in that order, ranks from the ace down); the cards must be the legal cards
        (compared as rank masks)."""
        masks, out = _expand_future(_future_groups(raw, start))
        if list(masks) != _legal_masks(position):
            values = [card for code in range(4) for bit, card in _SUIT_BITS[code]
                      if masks[code] & bit]
            raise SolverError(
                "DDS answered for cards " + " ".join(sorted(map(str, values)))
                + " but the legal cards are " + " ".join(sorted(map(str, position.legal_cards())))
            )
        return out

    # -- cache ----------------------------------------------------------------------------------

    def _remember(self, key: PositionKey, answer: tuple[tuple[Card, int], ...]) -> None:
        with self._cache_lock:
            while self._cache and len(self._cache) >= self._cache_size:
                del self._cache[next(iter(self._cache))]
            if self._cache_size > 0:
                self._cache[key] = answer

    def _recall(self, key: PositionKey, again: bool = False) -> tuple[tuple[Card, int], ...] | None:
        """The cached answer for ``key`` (counted as a cache hit), or ``None``; ``again`` counts
        a hit anyway (a repeat inside one :meth:`solve_many` call)."""
        with self._cache_lock:
            answer = self._cache.get(key)
            if answer is not None or again:
                self.stats.cache_hits += 1
            return answer

    def clear_cache(self) -> None:
        """Forget every cached answer (the stats stay)."""
        with self._cache_lock:
            self._cache.clear()

    # -- the Solver protocol ---------------------------------------------------------------------

    def solve(self, position: Position) -> dict[Card, int]:
        """For each legal card of the player to move: the tricks his side wins from here on (the
        unfinished trick included) with that card and double-dummy play after it. One
        ``SolveBoard`` call unless the position is cached."""
        key = position_key(position)
        cached = self._recall(key)
        if cached is not None:
            return dict(cached)
        check_position(position)
        dl = self._deal_struct(position)
        fut = self._dds.futureTricks()
        with self._engine(solve_calls=1):
            self._dds.SolveBoard(dl, _SOLVE_TARGET, _SOLVE_SOLUTIONS, _SOLVE_MODE, fut,
                                 _THREAD_SLOT)
        answer = self._read_future(bytes(fut), 0, position)
        self._remember(key, answer)
        return dict(answer)

    def solve_many(self, positions: Sequence[Position]) -> list[dict[Card, int]]:
        """:meth:`solve` for each position: uncached distinct ones go to ``SolveAllBoardsBin`` in
        batches of at most ``MAXNOOFBOARDS`` (200), positions that differ only in the cards of
        the unfinished trick in different batches (see :func:`_batches`). All positions are
        checked before any call."""
        answers: list[tuple[tuple[Card, int], ...] | None] = [None] * len(positions)
        todo: dict[PositionKey, list[int]] = {}
        for i, position in enumerate(positions):
            key = position_key(position)
            cached = self._recall(key, again=key in todo)
            if cached is not None:
                answers[i] = cached
                continue
            if key in todo:
                todo[key].append(i)
                continue
            check_position(position)
            todo[key] = [i]
        for keys in _batches(list(todo), self._dds.MAXNOOFBOARDS):
            batch = [positions[todo[key][0]] for key in keys]
            for key, answer in zip(keys, self._solve_batch(batch), strict=True):
                self._remember(key, answer)
                for i in todo[key]:
                    answers[i] = answer
        return [dict(answer or ()) for answer in answers]

    def _solve_batch(self, batch: list[Position]) -> list[tuple[tuple[Card, int], ...]]:
        bop = self._boards_struct(batch)
        solved = self._dds.solvedBoards()
        with self._engine(batch_calls=1, solve_calls=len(batch)):
            _use_tables(self._dds, small=True)
            self._dds.SolveAllBoardsBin(bop, solved)
        if solved.noOfBoards != len(batch):
            raise SolverError(f"DDS solved {solved.noOfBoards} boards of {len(batch)}")
        raw = bytes(solved)
        return [self._read_future(raw, start, p)
                for start, p in zip(range(4, 4 + _FUTURE_BYTES * len(batch), _FUTURE_BYTES),
                                    batch, strict=True)]

    def trace(self, position: Position, cards: Sequence[Card]) -> tuple[int, ...]:
        """North-South's remaining double-dummy tricks (the unfinished trick included) at
        ``position`` and after each of ``cards``; one ``AnalysePlayBin`` call for the line."""
        tricks = check_position(position)
        line = check_line(position, cards)
        padded = [*cards, *_continuation(line[len(cards)], len(position.trick))]
        play = self._dds.playTraceBin()
        play.number = len(padded)
        for i, card in enumerate(padded):
            play.suit[i] = _SUIT_CODE[card.suit]
            play.rank[i] = int(card.rank)
        dl = self._deal_struct(position)
        solved = self._dds.solvedPlay()
        with self._engine(trace_calls=1):
            self._dds.AnalysePlayBin(dl, play, solved, _THREAD_SLOT)
        # DDS reports every position except those inside the (forced) last trick.
        reported = max(j for j, p in enumerate(line) if j == 0 or not _in_last_trick(p)) + 1
        if reported > 1 and solved.number < reported:
            raise SolverError(f"DDS traced {solved.number} positions, expected {reported}")
        declarer_is_ns = position.leader.side is Side.EW  # DDS counts for the leader's RHO
        result: list[int] = []
        ns_total = 0
        for j, after in enumerate(line):
            if j < reported:
                declarer = solved.tricks[j]
                ns_total = declarer if declarer_is_ns else tricks - declarer
            won = after.ns_tricks - position.ns_tricks
            result.append(ns_total - won)
        return tuple(result)

    # -- beyond the protocol ------------------------------------------------------------------

    def dd_table(self, deal: Deal) -> dict[tuple[Strain, Seat], int]:
        """Declarer's double-dummy tricks for every strain and declarer (one ``CalcDDtable``)."""
        table_deal = self._dds.ddTableDeal()
        for seat in SEATS:
            for card in deal.hand(seat):
                table_deal.cards[seat.index][_SUIT_CODE[card.suit]] |= 1 << int(card.rank)
        results = self._dds.ddTableResults()
        with self._engine(table_calls=1):
            _use_tables(self._dds, small=False)
            self._dds.CalcDDtable(table_deal, results)
        return {
            (strain, seat): results.resTable[code][seat.index]
            for strain, code in _STRAIN_CODE.items()
            for seat in SEATS
        }


_DEAL_INTS = 24
"""A DDS ``deal`` as ints: trump, first, the trick's 3 suits and 3 ranks, 4 hands x 4 suits."""
_FIELD_BYTES = 4 * 13
"""One of a ``futureTricks``'s arrays: an int for each of at most 13 card groups."""
_FUTURE_BYTES = 4 * 2 + 4 * _FIELD_BYTES
"""A DDS ``futureTricks``: nodes, cards, then its suits, ranks, equals masks and scores."""


def _check_layouts(dds: ModuleType) -> None:
    """Check that DDS's structs are the ints this module writes and reads (a ``deal`` of
    :data:`_DEAL_INTS`, a ``futureTricks`` of :data:`_FUTURE_BYTES`, ``boards`` of a count, the
    deals, then targets, solutions and modes)."""
    size = dds.MAXNOOFBOARDS
    expected = {dds.deal: 4 * _DEAL_INTS, dds.futureTricks: _FUTURE_BYTES,
                dds.boards: 4 * (1 + (_DEAL_INTS + 3) * size), dds.solvedBoards: 4 + _FUTURE_BYTES * size}
    for kind, size_bytes in expected.items():
        if ctypes.sizeof(kind) != size_bytes:
            raise SolverError(f"DDS's {kind.__name__} is {ctypes.sizeof(kind)} bytes, "
                              f"expected {size_bytes}")


def _deal_row(position: Position) -> tuple[int, ...]:
    """``position`` as the ints of a DDS ``deal`` (:data:`_DEAL_INTS`)."""
    hands = position.hands
    return (_NOTRUMP if position.trump is None else _SUIT_CODE[position.trump],
            position.leader.index, *_trick_row(position.trick), *rank_masks(hands[0]),
            *rank_masks(hands[1]), *rank_masks(hands[2]), *rank_masks(hands[3]))


@lru_cache(maxsize=1 << 12)
def _trick_row(trick: tuple[Card, ...]) -> tuple[int, ...]:
    """The unfinished trick's 3 suit codes, then its 3 ranks, 0 where it has no card (memoised:
    the layouts of a decision share it)."""
    pad = (0,) * (3 - len(trick))
    return (*(_SUIT_CODE[card.suit] for card in trick), *pad,
            *(int(card.rank) for card in trick), *pad)


def _future_groups(raw: bytes, start: int) -> bytes:
    """The card groups of the ``futureTricks`` at byte ``start`` of ``raw``: the bytes of its
    first ``cards`` suits, ranks, equals masks and scores (DDS leaves the rest undefined)."""
    n = 4 * struct.unpack_from("i", raw, start + 4)[0]
    return b"".join(raw[at:at + n]
                    for at in range(start + 8, start + _FUTURE_BYTES, _FIELD_BYTES))


@lru_cache(maxsize=1 << 14)
def _expand_future(groups: bytes
                   ) -> tuple[tuple[int, int, int, int], tuple[tuple[Card, int], ...]]:
    """:func:`_expand_groups` of a ``futureTricks``'s card groups (:func:`_future_groups`;
    memoised: the same groups recur over the layouts of a decision)."""
    n = len(groups) // 16
    ints = struct.unpack(f"{4 * n}i", groups)
    return _expand_groups(ints[3 * n:], ints[:n], ints[n:2 * n], ints[2 * n:3 * n])


def _expand_groups(scores: tuple[int, ...], codes: tuple[int, ...], ranks: tuple[int, ...],
                   equals: tuple[int, ...]
                   ) -> tuple[tuple[int, int, int, int], tuple[tuple[Card, int], ...]]:
    """DDS's card groups (scores, suit codes, ranks, ``equals`` masks) as the rank masks of the
    cards they cover, suit by suit, and those cards one by one with their scores, in
    :meth:`Card.sort_key` order."""
    groups: list[list[tuple[int, int]]] = [[], [], [], []]
    masks = [0, 0, 0, 0]
    for score, code, rank, equal in zip(scores, codes, ranks, equals, strict=True):
        if score < 0:
            raise SolverError(f"DDS returned score {score} for a card group (expected >= 0)")
        mask = equal | (1 << rank)
        groups[code].append((mask, score))
        masks[code] |= mask
    out: list[tuple[Card, int]] = []
    for code in range(4):
        mine = groups[code]
        if not mine:
            continue
        for bit, card in _SUIT_DOWN[code]:
            if masks[code] & bit:
                out.append((card, next(score for mask, score in mine if mask & bit)))
    return (masks[0], masks[1], masks[2], masks[3]), tuple(out)


def _legal_masks(position: Position) -> list[int]:
    """The rank masks of the legal cards of the player to move (Law 44C: the suit led if he
    holds one, else any card)."""
    masks = list(rank_masks(position.hands[position.to_move.index]))
    if position.trick:
        led = _SUIT_CODE[position.trick[0].suit]
        if masks[led]:
            return [masks[i] if i == led else 0 for i in range(4)]
    return masks


def _batches(keys: list[PositionKey], size: int) -> list[list[PositionKey]]:
    """Split ``keys`` into batches of at most ``size`` that DDS can solve together.

    DDS's batch scheduler treats two boards with the same remaining cards, trumps and leader as
    repeats and copies the first one's answer to the second, ignoring the cards of the unfinished
    trick. Two positions that differ only in those cards must therefore go to different batches.
    """
    batches: list[list[PositionKey]] = []
    boards: list[set[tuple[object, ...]]] = []
    for key in keys:
        board = key[:3]
        for batch, seen in zip(batches, boards, strict=True):
            if len(batch) < size and board not in seen:
                batch.append(key)
                seen.add(board)
                break
        else:
            batches.append([key])
            boards.append({board})
    return batches


def _in_last_trick(position: Position) -> bool:
    """True once a card of the last trick has been played (DDS reports none of those)."""
    return position.is_over or (bool(position.trick) and not position.hand(position.leader))


def _continuation(position: Position, count: int) -> list[Card]:
    """Up to ``count`` legal cards continuing from ``position`` (the lowest legal each time)."""
    cards: list[Card] = []
    while len(cards) < count and not position.is_over:
        card = min(position.legal_cards(), key=lambda c: (int(c.rank), c.suit.order))
        cards.append(card)
        position = position.play(card)
    return cards

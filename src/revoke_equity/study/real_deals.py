"""Real deals as the study's deals (``--deals-from``): DDS's hand files (:mod:`.realplay`), with the
declarer, strain, dealer and vulnerability of the table.

The rules (each a pure function of the study seed, the case index and the files' contents):

1. **The pool.** Every deal of the files, in file order (``list100#0``, ``list100#1``, ...).
2. **The contract.** Declarer and strain as played. The files hold no auction and no level, so
   the level is inferred from the table's result, declarer's side's tricks (the trace's last
   entry: tricks won plus double-dummy from where the recorded play stops, so a claim counts as
   DDS plays it out): the game or slam that result makes (3NT, four of a major, five of a minor,
   six, seven), else the partscore it just makes (tricks minus six); below seven tricks, one of the
   strain, down. Undoubled. A deal without a play and a trace has no contract.
3. **The order.** The cases go through the pool in cycles: cycle ``c`` (cases ``c*n`` to
   ``c*n+n-1`` of a pool of ``n``) takes the deals in an order shuffled (Fisher-Yates on
   ``random()``) by a seed drawn from the study seed and ``c``. So the deals are drawn without
   replacement: every deal hosts one case per cycle (a study of ``n`` cases uses each deal once;
   with replacement a third of them would be left out), and a study shorter than the pool is a
   random sample of it, not its first deals.
4. **Redraws.** A deal without a contract, or that cannot host the case's kind (a ruff by a
   defender in notrump), or on which three attempts to place the revoke fail, is skipped like a
   synthetic deal: the case takes the next deal of its cycle's order (the records count the deals
   and attempts in ``deals_drawn`` and ``attempts``).
5. **The play before the revoke** (``real_play``): the cards of the table, as long as each is
   legal, until the first revoke put in (kinds ``defender-discard`` ... ``both-sides``); then the
   play model's. Hidden-card kinds always use the play model from the first card: the misread card
   changes the misreader's play from the start, which the table's play cannot show.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from revoke_equity.errors import RevokeEquityError
from revoke_equity.model.cards import Strain, Suit
from revoke_equity.model.contract import Contract
from revoke_equity.study.dealsource import SourcedDeal
from revoke_equity.study.generate import StudyError, StudyKind, StudyUsageError
from revoke_equity.study.realplay import RealBoard, read_real_boards

__all__ = ["HandFiles", "deal_order", "hand_files", "table_contract"]

_STRAINS: dict[Suit | None, Strain] = {
    Suit.SPADES: Strain.SPADES, Suit.HEARTS: Strain.HEARTS, Suit.DIAMONDS: Strain.DIAMONDS,
    Suit.CLUBS: Strain.CLUBS, None: Strain.NOTRUMP,
}

_GAME_LEVEL = {Strain.NOTRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4, Strain.DIAMONDS: 5,
               Strain.CLUBS: 5}


def table_contract(board: RealBoard) -> Contract | None:
    """The contract of a real deal by rule 2 of the module; ``None`` without a play and trace."""
    if not board.trace:
        return None
    strain = _STRAINS[board.trump]
    made = board.trace[-1] - 6
    game = _GAME_LEVEL[strain]
    level = made if made >= 6 else game if made >= game else max(1, made)
    return Contract(level, strain)


@lru_cache(maxsize=4)
def deal_order(seed: int, cycle: int, n: int) -> tuple[int, ...]:
    """The order of a pool of ``n`` deals in cycle ``cycle`` of the study seeded ``seed``."""
    digest = hashlib.blake2b(f"revoke-equity/study-deals:{seed}:{cycle}".encode(),
                             digest_size=8).digest()
    rng = random.Random(int.from_bytes(digest, "big"))
    order = list(range(n))
    for i in range(n - 1, 0, -1):  # Fisher-Yates
        j = min(int(rng.random() * (i + 1)), i)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


@dataclass(frozen=True)
class HandFiles:
    """The deals of some hand files, drawn for a study's cases (a
    :class:`~.dealsource.DealSource`)."""

    paths: tuple[str, ...]
    digest: str
    """SHA-256 of the files' contents, in order: what the records depend on."""
    boards: tuple[RealBoard, ...]
    seed: int
    real_play: bool = False

    def draw(self, index: int, nth: int) -> SourcedDeal:
        n = len(self.boards)
        cycle, place = divmod(index, n)
        board = self.boards[deal_order(self.seed, cycle, n)[(place + nth - 1) % n]]
        return SourcedDeal(board.source, board.deal, table_contract(board), board.declarer,
                           board.dealer, board.vulnerable, board.play if self.real_play else ())

    def for_study(self, seed: int, real_play: bool) -> HandFiles:
        """These deals, drawn by the study seed ``seed``, with the table's play or without."""
        return HandFiles(self.paths, self.digest, self.boards, seed, real_play)


def _read(paths: tuple[str, ...]) -> HandFiles:
    digest = hashlib.sha256()
    boards: list[RealBoard] = []
    for name in paths:
        path = Path(name)
        try:
            data = path.read_bytes()
            found = read_real_boards(path, unplayed=True)
        except OSError as exc:
            raise StudyUsageError(f"--deals-from {name}: {exc.strerror or exc}") from None
        except RevokeEquityError as exc:
            raise StudyUsageError(f"--deals-from {name}: {exc}") from None
        if not found:
            raise StudyUsageError(f"--deals-from {name}: no deal in it (a block starting 'PBN')")
        digest.update(hashlib.sha256(data).digest())
        boards += found
    return HandFiles(paths, digest.hexdigest(), tuple(boards), 0)


def hand_files(paths: Sequence[str], kinds: Sequence[StudyKind] = ()) -> HandFiles:
    """The deals of the hand files ``paths``, checked: each file holds deals, some with a contract,
    and some deal can host each of ``kinds``. Raises :class:`StudyUsageError` naming the file (and
    line) otherwise."""
    files = _read(tuple(paths))
    usable = [b for b in files.boards if table_contract(b) is not None]
    if not usable:
        raise StudyUsageError(f"--deals-from {', '.join(paths)}: no deal with a play and a trace "
                              "(which give its contract)")
    if StudyKind.DEFENDER_RUFF in kinds and all(b.trump is None for b in usable):
        raise StudyUsageError(f"--deals-from {', '.join(paths)}: every contract is in notrump, "
                              "so no defender can ruff (kind defender-ruff)")
    return files


@lru_cache(maxsize=2)
def _cached(paths: tuple[str, ...]) -> HandFiles:
    return _read(paths)


def load_for_study(paths: tuple[str, ...], digest: str, seed: int, real_play: bool) -> HandFiles:
    """The hand files of a running study, read once per process; raises :class:`StudyError` when a
    file's contents are not those the study began with."""
    files = _cached(paths)
    if files.digest != digest:
        _cached.cache_clear()
        files = _cached(paths)
        if files.digest != digest:
            raise StudyError(f"--deals-from {', '.join(paths)}: the files changed since the study "
                             "began (their SHA-256 differs); restore them or use another --out")
    return files.for_study(seed, real_play)

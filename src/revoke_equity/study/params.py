"""What a study's records depend on (and nothing else): its parameters, which the manifest keeps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from revoke_equity.equity.estimate import (
    DEFAULT_ESTIMATE,
    DEFAULT_MAX_WORLDS,
    DEFAULT_PLAYOUTS,
    DEFAULT_TOLERANCE,
    DEFAULT_WORLDS,
    EstimateOptions,
)
from revoke_equity.model.edition import Edition
from revoke_equity.study.generate import BEST, DEFAULT_MIX, REVOKE_CARD_RULES, StudyKind, StudyUsageError
from revoke_equity.study.players import PlaySpec

if TYPE_CHECKING:
    from revoke_equity.study.real_deals import HandFiles

__all__ = ["ALL_EDITIONS", "DEFAULT_CHUNK_SIZE", "StudyParams"]

ALL_EDITIONS = tuple(Edition)
DEFAULT_CHUNK_SIZE = 25


@dataclass(frozen=True)
class StudyParams:
    """What a study's records depend on (and nothing else): the manifest compares these."""

    deals: int
    seed: int
    editions: tuple[Edition, ...] = ALL_EDITIONS
    mix: tuple[tuple[StudyKind, float], ...] = ()
    chunk_size: int = DEFAULT_CHUNK_SIZE
    revoke_card: str = BEST
    estimate: str = DEFAULT_ESTIMATE
    """The estimate each ruling's recommendation rests on (a name of
    :data:`~revoke_equity.equity.estimate.ESTIMATORS`; the default of every surface unless named)."""
    players: str = "strong"
    worlds: int = DEFAULT_WORLDS
    playouts: int = DEFAULT_PLAYOUTS
    play: str = "dd"
    """How the cards other than the injected revokes are chosen (``dd`` or ``sd``, the class of
    player ``players`` with ``worlds`` layouts per decision)."""
    deals_from: tuple[str, ...] = ()
    """Hand files the deals and contracts are drawn from (:mod:`.real_deals`); empty: shuffled."""
    deals_digest: str = ""
    """The SHA-256 of ``deals_from``'s contents (computed when empty)."""
    real_play: bool = False
    """With ``deals_from``: the table's cards before the first injected revoke."""
    max_worlds: int = DEFAULT_MAX_WORLDS
    """The most layouts a single-dummy decision of the estimate draws while it is not settled."""
    tolerance: float = DEFAULT_TOLERANCE
    """A decision of the estimate is settled once its cards' probabilities vary by at most this."""

    def __post_init__(self) -> None:
        if self.deals < 1:
            raise StudyUsageError(f"--deals must be at least 1, not {self.deals}")
        if not 0 <= self.seed < 2**63:
            raise StudyUsageError(f"--seed must be 0 to 2**63-1, not {self.seed}")
        if self.chunk_size < 1:
            raise StudyUsageError(f"--chunk-size must be at least 1, not {self.chunk_size}")
        if not self.editions or len(set(self.editions)) != len(self.editions):
            raise StudyUsageError("--laws must name each edition at most once, and at least one")
        if self.revoke_card not in REVOKE_CARD_RULES:
            raise StudyUsageError(f"--revoke-card must be best or lowest, not {self.revoke_card!r}")
        try:
            self.options()
            self.play_spec()
        except ValueError as exc:
            raise StudyUsageError(str(exc)) from None
        if not self.mix:
            object.__setattr__(self, "mix", tuple(DEFAULT_MIX.items()))
        if self.real_play and not self.deals_from:
            raise StudyUsageError("--real-play needs --deals-from")
        if self.deals_from and not self.deals_digest:
            from revoke_equity.study.real_deals import hand_files

            files = hand_files(self.deals_from, [kind for kind, _ in self.mix])
            object.__setattr__(self, "deals_digest", files.digest)

    @property
    def chunks(self) -> int:
        return -(-self.deals // self.chunk_size)

    def chunk_cases(self, index: int) -> range:
        """The case indexes of chunk ``index``."""
        return range(index * self.chunk_size, min(self.deals, (index + 1) * self.chunk_size))

    def mix_dict(self) -> dict[StudyKind, float]:
        return dict(self.mix)

    def as_dict(self) -> dict[str, Any]:
        return {
            "deals": self.deals,
            "seed": self.seed,
            "laws": [e.value for e in self.editions],
            "kinds": {k.value: w for k, w in self.mix},
            "chunk_size": self.chunk_size,
            "revoke_card": self.revoke_card,
            "estimate": self.estimate,
            "players": self.players,
            "worlds": self.worlds,
            "playouts": self.playouts,
            "play": self.play,
            **({"deals_from": list(self.deals_from), "deals_sha256": self.deals_digest,
                "real_play": self.real_play} if self.deals_from else {}),
            # only when not the default, so that a study made before they were kept resumes
            **({"max_worlds": self.max_worlds} if self.max_worlds != DEFAULT_MAX_WORLDS else {}),
            **({"tolerance": self.tolerance} if self.tolerance != DEFAULT_TOLERANCE else {}),
        }

    def deal_source(self) -> HandFiles | None:
        """Where the cases' deals come from: the hand files, or ``None`` (shuffled)."""
        if not self.deals_from:
            return None
        from revoke_equity.study.real_deals import load_for_study

        return load_for_study(self.deals_from, self.deals_digest, self.seed, self.real_play)

    def play_spec(self) -> PlaySpec:
        """The play model of every case."""
        return PlaySpec(self.play, self.players, self.worlds)

    def options(self) -> EstimateOptions:
        """The estimate options of every ruling (seeded by the study's seed)."""
        return EstimateOptions(estimate=self.estimate, players=self.players, worlds=self.worlds,
                               max_worlds=self.max_worlds, tolerance=self.tolerance,
                               playouts=self.playouts, seed=self.seed % 2**32)

"""The cases of the ruling benchmark: the worked cases, and seeded synthetic ones.

A synthetic case is a random deal, contract, declarer and vulnerability, and a random legal play
of all 52 cards with one revoke put in at the first chance from a random card on (the idea of
``revoke_equity.synthetic.play_with_revoke``).
The revoke comes before trick 12, so it is established and Law 62D does not apply.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from revoke_equity.io import read_path
from revoke_equity.io.json_case import case_from_dict, case_to_dict
from revoke_equity.model.cards import Strain
from revoke_equity.model.case import Case
from revoke_equity.model.contract import Contract, Doubling, Vulnerability
from revoke_equity.model.seats import SEATS
from revoke_equity.synthetic import play_with_revoke, random_deal

from bench.config import PUBLISHED_CASES, WORKED_CASES


@dataclass(frozen=True)
class BenchCase:
    name: str
    group: str
    """``worked``, ``published`` or ``synthetic``."""
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


def published_cases(limit: int | None = None, folder: Path = PUBLISHED_CASES,
                    skipped: list[str] | None = None) -> list[BenchCase]:
    """The published rulings rebuilt as cases (``folder/*.json`` in file order, every board each
    file holds, read as the command line reads them), the first ``limit`` (all for ``None``);
    none when the folder does not exist. A board that cannot be read is left out, its error
    appended to ``skipped`` when given."""
    if not folder.is_dir():
        return []
    out: list[BenchCase] = []
    for path in sorted(folder.glob("*.json")):
        try:
            boards = read_path(path)
        except OSError as exc:
            boards, error = [], f"{path.name}: {exc}"
            if skipped is not None:
                skipped.append(error)
        for index, board in enumerate(boards):
            if board.case is None:
                if skipped is not None:
                    skipped.append(f"{path.name}: {board.error}")
                continue
            name = path.stem if len(boards) == 1 else f"{path.stem}#{index + 1}"
            out.append(BenchCase(name, "published", board.case, None))
    return out[:limit]


def synthetic_cases(seed: int, count: int) -> list[BenchCase]:
    """``count`` seeded synthetic cases (see the module docstring)."""
    rng = random.Random(f"bench-cases:{seed}")
    out: list[BenchCase] = []
    while len(out) < count:
        deal = random_deal(rng)
        contract = Contract(rng.randint(1, 7), rng.choice(list(Strain)),
                            rng.choice((Doubling.UNDOUBLED, Doubling.UNDOUBLED, Doubling.DOUBLED)))
        declarer = rng.choice(SEATS)
        vulnerable = rng.choice(list(Vulnerability))
        made = play_with_revoke(deal, contract, declarer, rng, rng.randrange(40))
        if made is None:
            continue
        play = made[0]
        case = Case(deal=deal, contract=contract, declarer=declarer, play=play,
                    vulnerable=vulnerable, board=len(out) + 1)
        out.append(BenchCase(f"synthetic#{len(out)}", "synthetic", case, None))
    return out

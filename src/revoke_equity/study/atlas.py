"""The atlas: each ruling judged against the ``dd`` and the ``sd`` likely result, in numbers and in
plain words for a director.

From the records' ``dd_*`` and ``sd_*`` columns (:mod:`.verdicts`), per law edition and revoke kind:
the shares of rulings whose mechanical result under-compensates, matches or over-compensates the
non-offenders against each likely result (their weighted score), the share adjusted under Law 64C,
the mean distance of the weighted score from the mechanical one, how often the recommended score
differs between the two estimates, and all of it by the trick of the (first) revoke; shares with 95%
Wilson intervals, means with a normal 95% interval. Counts only, so any number of records fits.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from revoke_equity.equity.error_model import PLAYER_CLASSES
from revoke_equity.equity.estimate import DEFAULT_MAX_WORLDS, DEFAULT_TOLERANCE
from revoke_equity.model.distribution import Z95
from revoke_equity.study.summary import ALL_KINDS, OUTCOMES, share, share_text
from revoke_equity.study.verdicts import ATLAS_ESTIMATES

__all__ = ["LEFT_OUT", "AtlasTally", "atlas_markdown", "sentences", "summarize_atlas"]

ESTIMATE_WORDS = {"dd": "the double-dummy result", "sd": "the single-dummy likely result"}
KIND_WORDS = {
    "defender-discard": "A defender's discard while holding the suit led",
    "defender-ruff": "A defender's ruff while holding the suit led",
    "declarer": "Declarer's revoke from his own hand",
    "dummy": "A revoke from dummy",
    "same-suit-twice": "One player's two revokes in one suit",
    "both-sides": "Revokes by both sides",
    "hidden-defender": "A defender's hidden-card revoke",
    "hidden-declarer": "Declarer's hidden-card revoke (his own hand)",
    "hidden-dummy": "A hidden-card revoke from dummy (declarer misreads dummy's card)",
    "hidden-both-sides": "Hidden cards on both sides",
    ALL_KINDS: "All the revokes of the study together",
}
LEFT_OUT = (
    "The auction: single-dummy players imagine layouts from the cards alone (no inference from "
    "the bidding, the opening-lead agreements or the defenders' signals), and the contract comes "
    "from the double-dummy table, not from a bidding sequence.",
    "The players: one class for all four players (its softmax temperature among the genuine "
    "guesses, its slip rate for a card that can lose and cannot gain), and layouts drawn per "
    "decision rather than all of them; no tempo, no table feel, no psychology.",
    "Revokes on trick 12 (Law 62D), revokes corrected before they are established (Law 62A), "
    "penalty cards (Law 50) and claims: every revoke stands unnoticed to the end of play.",
    "Hidden cards: one card misread as the card of the same colour and nearest rank in a hand "
    "the player cannot see; he finds it when he plays it or when that card is played; no "
    "opponent suspects the revoke (a show-out is believed until the suit turns up).",
    "The likely result of the sd estimate is itself sampled (layouts per decision, playouts): the "
    "intervals here are over boards, not over that noise.",
)
"""What the model leaves out, for the summary's last words."""
LEFT_OUT_REAL_DEALS = (
    "The auction: single-dummy players imagine layouts from the cards alone (no inference from "
    "the bidding, the opening-lead agreements or the defenders' signals). The deals, declarers, "
    "strains and vulnerability are the table's, but the hand files hold no auction and no level: "
    "the level is inferred from the table's result (the game or slam it made, else the partscore "
    "it just made), undoubled. Unless the table's play is kept (--real-play, up to the first "
    "revoke put in; never for hidden cards), the play before the revoke is the model's."
)
"""The first of :data:`LEFT_OUT` for a study on real deals (``--deals-from``)."""


@dataclass
class AtlasTally:
    """Counts over study records; keys ``(edition, kind, estimate)`` (kind also ``all``)."""

    n: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    outcomes: Counter[tuple[str, str, str, str]] = field(default_factory=Counter)
    adjusted: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    diff_sum: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    diff_squares: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    abs_sum: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    both: Counter[tuple[str, str]] = field(default_factory=Counter)
    differ: Counter[tuple[str, str]] = field(default_factory=Counter)
    trick_n: Counter[tuple[str, str, int]] = field(default_factory=Counter)
    trick_under: Counter[tuple[str, str, int]] = field(default_factory=Counter)
    trick_abs: Counter[tuple[str, str, int]] = field(default_factory=Counter)
    trick_both: Counter[tuple[str, int]] = field(default_factory=Counter)
    trick_differ: Counter[tuple[str, int]] = field(default_factory=Counter)

    def add(self, record: Mapping[str, Any]) -> None:
        edition, kind = str(record["edition"]), str(record["kind"])
        trick = int(record["revoke_trick"])
        for estimate in ATLAS_ESTIMATES:
            diff = record.get(f"{estimate}_score_diff")
            if diff is None:
                continue
            outcome = str(record[f"{estimate}_compensation"])
            adjusted = bool(record[f"{estimate}_rec_adjusted"])
            for k in (kind, ALL_KINDS):
                key = (edition, k, estimate)
                self.n[key] += 1
                self.outcomes[(*key, outcome)] += 1
                self.adjusted[key] += adjusted
                self.diff_sum[key] += diff
                self.diff_squares[key] += diff * diff
                self.abs_sum[key] += abs(diff)
            self.trick_n[edition, estimate, trick] += 1
            self.trick_under[edition, estimate, trick] += outcome == "under"
            self.trick_abs[edition, estimate, trick] += abs(diff)
        dd, sd = record.get("dd_entered_score_ns"), record.get("sd_entered_score_ns")
        if dd is not None and sd is not None:
            differs = abs(float(dd) - float(sd)) > 0.005
            for k in (kind, ALL_KINDS):
                self.both[edition, k] += 1
                self.differ[edition, k] += differs
            self.trick_both[edition, trick] += 1
            self.trick_differ[edition, trick] += differs

    def add_all(self, records: Iterable[Mapping[str, Any]]) -> AtlasTally:
        for record in records:
            self.add(record)
        return self


def _mean(total: float, squares: float, n: int) -> dict[str, Any]:
    """The mean of ``n`` values from their sum and sum of squares, with a normal 95% interval."""
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = Z95 * math.sqrt(variance / n) if n > 1 else None
    return {"mean": round(mean, 3),
            "ci95": [round(mean - half, 3), round(mean + half, 3)] if half is not None else None}


def summarize_atlas(tally: AtlasTally, editions: Iterable[str], kinds: list[str],
                    parameters: Mapping[str, Any]) -> dict[str, Any]:
    """The ``atlas`` object of ``summary.json``."""
    editions = list(editions)
    estimates = [e for e in ATLAS_ESTIMATES if any(k[2] == e for k in tally.n)]
    rows = []
    for edition in editions:
        for kind in kinds:
            for estimate in estimates:
                key = (edition, kind, estimate)
                n = tally.n[key]
                if not n:
                    continue
                row: dict[str, Any] = {"edition": edition, "kind": kind, "estimate": estimate,
                                       "n": n}
                for outcome in OUTCOMES:
                    row[outcome] = share(tally.outcomes[(*key, outcome)], n)
                row["adjusted"] = share(tally.adjusted[key], n)
                row["score_diff"] = _mean(tally.diff_sum[key], tally.diff_squares[key], n)
                row["mean_abs_score_diff"] = round(tally.abs_sum[key] / n, 3)
                rows.append(row)
    differs = [{"edition": e, "kind": k, "n": tally.both[e, k], **share(tally.differ[e, k],
                                                                        tally.both[e, k])}
               for e in editions for k in kinds if tally.both[e, k]]
    by_trick = []
    for (edition, estimate, trick), n in sorted(tally.trick_n.items(),
                                                key=lambda item: (editions.index(item[0][0]),
                                                                  item[0][1], item[0][2])):
        by_trick.append({"edition": edition, "estimate": estimate, "trick": trick, "n": n,
                         "under": share(tally.trick_under[edition, estimate, trick], n),
                         "mean_abs_score_diff": round(tally.trick_abs[edition, estimate, trick] / n,
                                                      3)})
    differs_by_trick = [{"edition": e, "trick": t, "n": n, **share(tally.trick_differ[e, t], n)}
                        for (e, t), n in sorted(tally.trick_both.items(),
                                                key=lambda item: (editions.index(item[0][0]),
                                                                  item[0][1]))]
    atlas: dict[str, Any] = {
        "estimates": estimates,
        "definitions": ATLAS_DEFINITIONS,
        "compensation": rows,
        "recommendation_differs": differs,
        "by_trick": by_trick,
        "recommendation_differs_by_trick": differs_by_trick,
    }
    atlas["sentences"] = sentences(atlas, parameters)
    atlas["left_out"] = [LEFT_OUT_REAL_DEALS if parameters.get("deals_from") else LEFT_OUT[0],
                         *LEFT_OUT[1:]]
    return atlas


ATLAS_DEFINITIONS = {
    "score_diff": "the non-offenders' mechanical score (Law 64A after 64B) minus their weighted "
                  "score (Law 12C1(c)) on the estimate's likely result, in points: negative, the "
                  "mechanical result under-compensates them",
    "under / exact / over": "score_diff < 0, = 0, > 0",
    "adjusted": "the recommendation on that estimate adjusts the score (Law 64C)",
    "recommendation_differs": "the score entered for the non-offenders differs between the "
                              "recommendation on the dd and on the sd estimate",
    "weighted score": "the one the recommendation enters when it adjusts, else the one of the "
                      "law's own comparison point",
}


def _players(parameters: Mapping[str, Any]) -> str:
    return str(parameters.get("players", "strong"))


def sentences(atlas: Mapping[str, Any], parameters: Mapping[str, Any]) -> list[str]:
    """The atlas in plain words for a director, for the study's latest law edition: per kind, the
    shares against the sd likely result (when the study has it) with the dd ones beside them."""
    rows = atlas["compensation"]
    if not rows:
        return []
    editions = [str(e) for e in parameters.get("laws", [])] or sorted({r["edition"] for r in rows})
    edition = editions[-1]
    players = _players(parameters)
    play = ("played double-dummy" if parameters.get("play", "dd") == "dd"
            else f"played by {players} single-dummy players")
    out = [f"Under the {edition} Laws, on boards {play}: 'under-compensated' means the "
           "non-offenders score less after Law 64A than on the likely result without the revoke, "
           "so the Director adjusts (Law 64C); 'over-compensated', more (the result stands, Law "
           "12B2)."]
    by_key = {(r["kind"], r["estimate"]): r for r in rows if r["edition"] == edition}
    kinds = list(dict.fromkeys(r["kind"] for r in rows if r["edition"] == edition))
    main = "sd" if "sd" in atlas["estimates"] else "dd"
    for kind in kinds:
        row = by_key.get((kind, main))
        if row is None:
            continue
        against = ESTIMATE_WORDS[main] + (f" of {players} players" if main == "sd" else "")
        text = (f"{KIND_WORDS.get(kind, kind)}: the mechanical result under-compensates the "
                f"non-offenders in {share_text(row['under'])} of boards against {against}")
        dd = by_key.get((kind, "dd")) if main == "sd" else None
        if dd is not None:
            text += f" ({share_text(dd['under'])} against {ESTIMATE_WORDS['dd']})"
        text += f", and over-compensates them in {share_text(row['over'])}"
        if dd is not None:
            text += f" ({share_text(dd['over'])})"
        text += (f"; the weighted score lies {row['mean_abs_score_diff']:.0f} points from the "
                 f"mechanical score on average (n {row['n']}).")
        out.append(text)
    for row in atlas["recommendation_differs"]:
        if row["edition"] == edition and row["kind"] == ALL_KINDS:
            out.append(f"The score to enter differs between the double-dummy and the single-dummy "
                       f"estimate in {share_text(row)} of rulings (n {row['n']}): that is how often the "
                       "choice of estimate changes the ruling.")
    return out


def model_text(parameters: Mapping[str, Any]) -> str:
    """Which single-dummy model made the study's sd figures (empty when it has none): the class
    of player's error model and the layouts a decision, as this code defines them."""
    play_sd = parameters.get("play") == "sd"
    estimate_sd = parameters.get("estimate") in ("sd", "table")
    if not (play_sd or estimate_sd):
        return ""
    name = _players(parameters)
    player = PLAYER_CLASSES.get(name)
    if player is None:
        return f"Single-dummy model: {name} players (not a class this code knows)."
    worlds = int(parameters.get("worlds", 8))
    parts = [f"Single-dummy model: {name} players, softmax temperature {player.tau:g} among the "
             f"genuine guesses, a dominated card played at the slip rate {player.slip:g}, "
             + (f"a difference shown in fewer than {player.rare:g} of the layouts counted in part"
                if player.rare else "every difference between two cards counted whole")]
    if play_sd:
        parts.append(f"the play: {worlds} layouts a decision")
    if estimate_sd:
        parts.append(f"the likely result: {worlds} layouts a decision first, up to "
                     f"{max(worlds, DEFAULT_MAX_WORLDS)} while it is not settled (tolerance "
                     f"{DEFAULT_TOLERANCE:g}), ties in the layouts drawn never split by card "
                     "order")
    return "; ".join(parts) + " (docs/likely-result.md)."


def atlas_markdown(atlas: Mapping[str, Any], parameters: Mapping[str, Any]) -> str:
    """The atlas section of ``summary.md``."""
    if not atlas["compensation"]:
        return ""
    lines = ["## The atlas: the mechanical result against each likely result", "",
             f"Estimates: {', '.join(atlas['estimates'])} (players {_players(parameters)}, play "
             f"{parameters.get('play', 'dd')}). Score differences are the non-offenders' "
             "mechanical score minus their weighted score, in points (negative: "
             "under-compensated). Shares with 95% Wilson intervals; mean with a normal 95% "
             "interval.", *([model_text(parameters)] if model_text(parameters) else []), "",
             "| edition | kind | estimate | n | under | exact | over | 64C adjusted | "
             "mean score diff | mean abs diff |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for row in atlas["compensation"]:
        mean = row["score_diff"]
        interval = (f" [{mean['ci95'][0]:+.0f}, {mean['ci95'][1]:+.0f}]"
                    if mean["ci95"] is not None else "")
        kind = f"**{row['kind']}**" if row["kind"] == ALL_KINDS else row["kind"]
        lines.append(f"| {row['edition']} | {kind} | {row['estimate']} | {row['n']} | "
                     f"{share_text(row['under'])} | {share_text(row['exact'])} | {share_text(row['over'])} | "
                     f"{share_text(row['adjusted'])} | {mean['mean']:+.0f}{interval} | "
                     f"{row['mean_abs_score_diff']:.0f} |")
    if atlas["recommendation_differs"]:
        lines += ["", "### The score to enter: dd against sd", "",
                  "| edition | kind | n | recommended score differs |", "|---|---|---:|---:|"]
        for row in atlas["recommendation_differs"]:
            lines.append(f"| {row['edition']} | {row['kind']} | {row['n']} | {share_text(row)} |")
    lines += ["", "### By the trick of the (first) revoke", "",
              "| edition | estimate | trick | n | under | mean abs diff |",
              "|---|---|---:|---:|---:|---:|"]
    for row in atlas["by_trick"]:
        lines.append(f"| {row['edition']} | {row['estimate']} | {row['trick']} | {row['n']} | "
                     f"{share_text(row['under'])} | {row['mean_abs_score_diff']:.0f} |")
    if atlas["recommendation_differs_by_trick"]:
        lines += ["", "| edition | trick | n | score to enter differs, dd against sd |",
                  "|---|---:|---:|---:|"]
        for row in atlas["recommendation_differs_by_trick"]:
            lines.append(f"| {row['edition']} | {row['trick']} | {row['n']} | {share_text(row)} |")
    lines += ["", "## In plain words", ""]
    lines += [f"- {s}" for s in atlas["sentences"]]
    lines += ["", "## What the model leaves out", ""]
    lines += [f"- {s}" for s in atlas["left_out"]]
    lines.append("")
    return "\n".join(lines)

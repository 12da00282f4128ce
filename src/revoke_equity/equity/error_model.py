"""The class of player: which card a single-dummy player plays, given what each card is worth in the
layouts he imagines.

A decision is a matrix of trick counts: one row per layout the player imagines, one column per card
he weighs (one per set of touching equals), each entry the tricks his side takes double-dummy with
that card in that layout. Two kinds of wrong card are told apart:

* a **dominated** card: another card takes at least as many tricks in every layout and more in
  some. It can lose and cannot gain; a player who counts his tricks does not play it. A class of
  player plays one with a small probability, its *slip* rate, shared among the dominated cards by
  their values. A dominated card that loses a trick in *every* layout against one other card is a
  **sure loss** (a trick the player can count): it is played at the class's own, smaller ``sure``
  rate instead (spec §6: a strong player almost never throws away a trick he can count);
* a **guess**: among the cards that are not dominated, each wins in some layouts and loses in
  others. The player weighs them by their mean over the layouts, with a softmax at the class's
  temperature ``tau`` (in tricks): a lower temperature follows the mean more closely.

**Rare differences can count in part** (a class's :attr:`~PlayerClass.rare`; 0 for every class
of the product, where every difference counts whole). Dominance is then graded by how often it
shows (:func:`memberships`): of two cards, when the other card is better in a share ``f+`` of the
layouts and worse in ``f-``, the card is dominated to the degree ``min(1, f+ / rare)`` times
``max(0, 1 - f- / rare)``, and a sure loss to the degree ``f+`` comes within ``rare`` of every
layout. Each card's degree is its share in the dominated (or sure) group, the rest of it stays
among the guesses, and a group's share (``slip``, ``sure``) is scaled by its largest degree: the
probabilities move smoothly with the layouts' shares. Real players play that way (the rarer the
layouts in which a card loses, the more often they play it: ``docs/calibration/``), and the
calibration fits ``rare`` with this model; the classes keep 0 because, at the layouts a decision
can afford, a graded degree is estimated with more noise than a whole one
(:data:`~revoke_equity.equity.players.FITTED_RARE`).

Cards whose columns are identical (the same tricks in every layout, not touching) are not
dominated either way and get the same probability: no card order decides between them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from revoke_equity.equity.players import PLAYER_CLASSES as PLAYER_CLASSES  # named here too
from revoke_equity.equity.players import PlayerClass as PlayerClass

Matrix = npt.NDArray[np.float64]


def dominated(matrix: Matrix) -> npt.NDArray[np.bool_]:
    """For each column, whether another column is at least as large in every row and larger in
    one (over the last two axes: a stack of matrices gives a stack of answers)."""
    bad, sure = memberships(matrix, 0.0)
    return np.asarray((bad + sure) > 0, dtype=np.bool_)


def sure_losses(matrix: Matrix) -> npt.NDArray[np.bool_]:
    """For each column, whether another column is larger in every row: the card loses a trick in
    every layout (over the last two axes, as :func:`dominated`). A sure loss is dominated."""
    return np.asarray(memberships(matrix, 0.0)[1] > 0, dtype=np.bool_)


def better_shares(matrices: Matrix) -> Matrix:
    """For each pair of columns ``[d, c]``, the share of the rows in which ``d`` is larger than
    ``c`` (over the last two axes, ``layouts x cards``; a stack gives a stack)."""
    above = matrices[..., :, :, None] > matrices[..., :, None, :]  # [row, d, c]: d's above c's
    return above.mean(axis=-3)  # type: ignore[no-any-return]


def softmax(values: Sequence[float] | Matrix, tau: float) -> list[float]:
    """Probabilities proportional to ``exp(value / tau)``; ``tau == 0`` shares the weight equally
    among the best values (equal within 1e-9)."""
    values = [float(v) for v in values]
    top = max(values)
    if tau <= 0:
        best = [1.0 if v >= top - 1e-9 else 0.0 for v in values]
        return [b / sum(best) for b in best]
    weights = [math.exp((v - top) / tau) for v in values]
    total = math.fsum(weights)
    return [w / total for w in weights]


def memberships(matrices: Matrix, rare: float) -> tuple[Matrix, Matrix]:
    """Each column's degree of being dominated (and not a sure loss) and of being a sure loss, over
    the last two axes (``layouts x cards``; a stack gives a stack): see the module docstring.
    ``rare`` 0 gives the strict notions, 0 or 1."""
    better = better_shares(matrices)  # [d, c]: the share of layouts where d is above c
    worse = np.swapaxes(better, -1, -2)  # where c is above d
    if rare <= 0:
        degree = ((better > 0) & (worse == 0)).astype(float)
        sure = (better >= 1).astype(float)
    else:
        degree = np.clip(better / rare, 0.0, 1.0) * np.clip(1.0 - worse / rare, 0.0, 1.0)
        sure = np.clip((better - 1.0 + rare) / rare, 0.0, 1.0)
    sure_degree = sure.max(axis=-2)
    return np.maximum(degree.max(axis=-2) - sure_degree, 0.0), sure_degree


def card_probabilities(matrix: Matrix, player: PlayerClass) -> list[float]:
    """The probability of each column's card (see the module docstring)."""
    return [float(p) for p in stacked_probabilities(matrix[None], player)[0]]


def stacked_probabilities(matrices: Matrix, player: PlayerClass) -> Matrix:
    """:func:`card_probabilities` of each matrix of a stack (``stack x layouts x cards``), at
    once: one row of probabilities per matrix."""
    means = matrices.mean(axis=1)
    bad, sure = memberships(matrices, player.rare)
    guess = 1.0 - bad - sure
    guess = np.where(guess > 1e-12, guess, 0.0)  # a card wholly in the other groups
    slip = player.slip * bad.max(axis=1, keepdims=True)
    lose = player.sure * sure.max(axis=1, keepdims=True)
    out = np.zeros_like(means)
    for share, members in ((1.0 - slip - lose, guess), (slip, bad), (lose, sure)):
        inside = members > 0
        if not inside.any():  # its share is 0 in every matrix: it would add 0 to each
            continue
        values = np.where(inside, means, -np.inf)
        top = values.max(axis=1, keepdims=True)
        top = np.where(np.isfinite(top), top, 0.0)
        if player.tau <= 0:
            weights = np.where(inside & (values >= top - 1e-9), members, 0.0)
        else:
            weights = np.where(inside, members * np.exp((values - top) / player.tau), 0.0)
        totals = weights.sum(axis=1, keepdims=True)
        part = np.divide(weights, totals, out=np.zeros_like(weights), where=totals > 0)
        out = out + share * part
    return out  # type: ignore[no-any-return]

"""The error model's sure loss (spec §6): a card another card beats in every layout is played at
the class's ``sure`` rate, a card dominated only in some layouts at its ``slip`` rate."""

from __future__ import annotations

import numpy as np
import pytest

from revoke_equity.equity.error_model import PlayerClass, card_probabilities, sure_losses


def test_a_card_beaten_in_every_layout_is_a_sure_loss_at_its_own_rate() -> None:
    # Column 0 best; column 1 loses in every layout to it; column 2 ties it in one layout.
    matrix = np.array([[2.0, 1.0, 2.0], [2.0, 1.0, 1.0]])
    assert sure_losses(matrix).tolist() == [False, True, False]
    player = PlayerClass("t", tau=0.0, slip=0.05, sure=0.01)
    assert card_probabilities(matrix, player) == pytest.approx([0.94, 0.01, 0.05])

"""A distribution of declarer's final tricks (likely-result.md §2, §3): its checks, the likely and
the at-all-probable results, and the 95% Wilson interval of a sampled share. Every expected
number is worked out by hand."""

from __future__ import annotations

import pytest

from revoke_equity.model.distribution import LIKELY, PROBABLE, TrickDistribution, wilson_interval


def probabilities(**by_total: float) -> tuple[float, ...]:
    """14 entries, ``t9=0.5`` giving 9 tricks probability 0.5."""
    probs = [0.0] * 14
    for name, p in by_total.items():
        probs[int(name[1:])] = p
    return tuple(probs)


def test_default_thresholds_are_one_in_three_and_one_in_six() -> None:
    assert (LIKELY, PROBABLE) == (1 / 3, 1 / 6)
    # 10 tricks with exactly 1/3 is likely; 9 with 1/6 at all probable, not likely
    dist = TrickDistribution.from_mapping({9: 1, 10: 2, 11: 3})
    assert dist.likely() == (10, 11)
    assert dist.probable() == (9, 10, 11)


def test_a_point_holds_all_the_weight_on_one_total() -> None:
    dist = TrickDistribution.point(10)
    assert dist.probabilities == probabilities(t10=1.0)
    assert dist.support == (10,) and dist.expected == 10.0
    assert TrickDistribution.point(0).support == (0,)
    assert TrickDistribution.point(13).support == (13,)


def test_weights_are_normalised() -> None:
    dist = TrickDistribution.from_mapping({9: 1.0, 10: 3.0})
    assert dist.probabilities == probabilities(t9=0.25, t10=0.75)
    assert dist.expected == 9.75  # 9 * 0.25 + 10 * 0.75
    counts = TrickDistribution.from_counts({8: 3, 11: 1})
    assert counts.probabilities == probabilities(t8=0.75, t11=0.25)
    assert counts.support == (8, 11)


@pytest.mark.parametrize(("weights", "message"), [
    ({9: 0.0}, "a trick distribution needs some weight"),
    ({9: 1.0, 10: -1.0}, "a trick distribution needs some weight"),
    ({14: 1.0}, "14 tricks is not a result of a board"),
    ({-1: 1.0}, "-1 tricks is not a result of a board"),
])
def test_bad_weights(weights: dict[int, float], message: str) -> None:
    with pytest.raises(ValueError, match=rf"^{message}$"):
        TrickDistribution.from_mapping(weights)


def test_a_negative_weight_beside_positive_ones_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^a probability is negative$"):
        TrickDistribution.from_mapping({9: 2.0, 10: -1.0})


def test_the_checks_of_a_distribution() -> None:
    with pytest.raises(ValueError, match=r"^a trick distribution has 14 entries \(0 to 13 tricks\)$"):
        TrickDistribution((1.0,) + (0.0,) * 12)
    with pytest.raises(ValueError, match=r"^a trick distribution has 14 entries"):
        TrickDistribution((1.0,) + (0.0,) * 14)
    with pytest.raises(ValueError, match=r"^a probability is negative$"):
        TrickDistribution(probabilities(t9=1.1, t10=-0.1))
    with pytest.raises(ValueError, match=r"^the probabilities sum to 0\.9, not 1$"):
        TrickDistribution(probabilities(t9=0.9))
    with pytest.raises(ValueError, match=r"^the probabilities sum to 1\.1, not 1$"):
        TrickDistribution(probabilities(t9=1.1))
    # rounding noise is accepted: a sum within 1e-6 of 1, a probability within 1e-9 below 0
    TrickDistribution(probabilities(t9=0.5, t10=0.5 + 5e-7))
    TrickDistribution(probabilities(t9=0.5, t10=0.5 - 5e-7))
    TrickDistribution(probabilities(t8=-5e-10, t9=1.0))
    TrickDistribution(probabilities(t8=-1e-9, t9=1.0 + 1e-9))


def test_support_ignores_rounding_noise() -> None:
    dist = TrickDistribution(probabilities(t8=5e-10, t9=1.0 - 5e-10))
    assert dist.support == (9,)
    dist = TrickDistribution(probabilities(t8=2e-9, t9=1.0 - 2e-9))
    assert dist.support == (8, 9)


def test_likely_and_probable_per_threshold() -> None:
    dist = TrickDistribution.from_mapping({8: 0.1, 9: 0.2, 10: 0.3, 11: 0.4})
    assert dist.likely() == (11,)  # 0.4 >= 1/3; 0.3 is not
    assert dist.probable() == (9, 10, 11)  # 0.2, 0.3, 0.4 >= 1/6; 0.1 is not
    assert dist.likely(0.3) == (10, 11)
    assert dist.probable(0.1) == (8, 9, 10, 11)
    assert dist.likely(0.5) == (11,)  # nothing reaches 1/2: the most probable
    # a probability within 1e-9 below the threshold counts as reaching it
    assert dist.probable(0.2 + 5e-10) == (9, 10, 11)
    assert dist.probable(0.2 + 1e-9) == (9, 10, 11)  # exactly 1e-9 below: still reaches it
    assert dist.probable(0.2 + 5e-9) == (10, 11)


def test_a_flat_distribution_keeps_every_most_probable_result() -> None:
    """Five results of 20%: none is likely (1/3), so the likely results are all five most
    probable ones; a 21%, 20%, ... one keeps only the top."""
    flat = TrickDistribution.from_mapping({t: 1.0 for t in range(7, 12)})
    assert flat.likely() == (7, 8, 9, 10, 11)
    top = TrickDistribution.from_mapping({7: 21, 8: 20, 9: 20, 10: 20, 11: 19})
    assert top.likely() == (7,)
    assert top.probable(0.25) == (7,)
    # nothing reaches 1/2: the top and whatever lies within 1e-9 of it (rounding noise)
    near = TrickDistribution(probabilities(t8=0.3, t9=0.3 - 1e-9, t10=0.2, t11=0.2 + 1e-9))
    assert near.likely(0.5) == (8, 9)


def test_as_dict_lists_the_support_rounded() -> None:
    dist = TrickDistribution.from_mapping({10: 2.0, 11: 1.0})
    assert dist.as_dict() == {"10": 0.666667, "11": 0.333333}
    assert TrickDistribution.point(9).as_dict() == {"9": 1.0}


@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    # the 95% Wilson score interval, z = 1.959964, worked by hand:
    # centre = (p + z²/2n) / (1 + z²/n), half = z √(p(1-p)/n + z²/4n²) / (1 + z²/n)
    (0, 10, 0.0, 0.277533),
    (5, 10, 0.236593, 0.763407),
    (1, 5, 0.036224, 0.624465),
    (10, 10, 0.722467, 1.0),
    (30, 100, 0.218949, 0.395849),
])
def test_wilson_interval(successes: int, trials: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(successes, trials)
    assert lo == pytest.approx(low, abs=2e-6) and hi == pytest.approx(high, abs=2e-6)


def test_wilson_interval_with_another_z_and_without_trials() -> None:
    # z = 1: 5 of 10 gives centre 0.5, half √(0.025 + 0.0025) / 1.1 = 0.150756
    lo, hi = wilson_interval(5, 10, z=1.0)
    assert lo == pytest.approx(0.5 - 0.150756, abs=1e-6)
    assert hi == pytest.approx(0.5 + 0.150756, abs=1e-6)
    # one trial: 1 of 1 gives (1 / (1 + z²), 1), 0 of 1 the mirror image
    z2 = 1.959963984540054**2  # the 97.5% point of the standard normal
    assert wilson_interval(1, 1) == pytest.approx((1 / (1 + z2), 1.0), abs=1e-12)
    assert wilson_interval(0, 1) == pytest.approx((0.0, z2 / (1 + z2)), abs=1e-12)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, -1) == (0.0, 1.0)


@pytest.mark.parametrize("trials", [*range(1, 41), 69, 100, 1000])
def test_wilson_interval_holds_the_share_and_stays_within_zero_and_one(trials: int) -> None:
    """The interval holds the observed share; all or none of the trials: it touches 1 or 0, on
    neither side through rounding (the formula gives 1 + 2e-16 for 20 of 20, 1 - 1e-16 for 10 of
    10, -3e-17 for 0 of 7 and +3e-18 for 0 of 69)."""
    for successes in range(trials + 1):
        lo, hi = wilson_interval(successes, trials)
        assert 0.0 <= lo <= successes / trials <= hi <= 1.0
    assert wilson_interval(trials, trials)[1] == 1.0
    assert wilson_interval(0, trials)[0] == 0.0

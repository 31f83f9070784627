from __future__ import annotations

import pytest
from bb_schema import ScoreCell
from bb_score import (
    ScoreUserError,
    SplitMix64,
    bootstrap_cells,
    bootstrap_ci,
    confidence_intervals,
)
from bb_score.bootstrap import derive_seed


def test_splitmix64_reference_vectors() -> None:
    # Published SplitMix64 outputs (Vigna's reference implementation).
    generator = SplitMix64(1234567)
    assert [generator.next_u64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    assert SplitMix64(0).next_u64() == 0xE220A8397B1DCDAF


def test_below_stays_in_range_and_covers_it() -> None:
    generator = SplitMix64(42)
    draws = [generator.below(3) for _ in range(3000)]
    assert set(draws) == {0, 1, 2}
    assert all(800 < draws.count(v) < 1200 for v in range(3))
    with pytest.raises(ValueError, match="0"):
        generator.below(0)


def test_same_seed_same_interval_different_seed_differs() -> None:
    values = [0.5, 0.6, 0.7, 0.55, 0.9]
    first = bootstrap_ci(values, seed=11, resamples=500)
    assert first == bootstrap_ci(values, seed=11, resamples=500)
    assert first != bootstrap_ci(values, seed=12, resamples=500)
    assert first.estimate == pytest.approx(0.65)
    assert min(values) <= first.low <= first.estimate <= first.high <= max(values)
    assert (first.runs, first.resamples, first.confidence) == (5, 500, 0.95)


def test_run_order_does_not_change_the_interval() -> None:
    values = [0.1, 0.9, 0.4, 0.4]
    assert bootstrap_ci(values, seed=3) == bootstrap_ci(list(reversed(values)), seed=3)


def test_constant_runs_give_a_zero_width_interval() -> None:
    interval = bootstrap_ci([1.0, 1.0, 1.0], seed=0)
    assert (interval.low, interval.estimate, interval.high) == (1.0, 1.0, 1.0)


def test_wider_confidence_gives_a_wider_interval() -> None:
    values = [0.2, 0.4, 0.5, 0.6, 0.9, 0.3]
    narrow = bootstrap_ci(values, seed=5, confidence=0.5)
    wide = bootstrap_ci(values, seed=5, confidence=0.99)
    assert wide.low <= narrow.low and narrow.high <= wide.high
    assert wide.high - wide.low > narrow.high - narrow.low


@pytest.mark.parametrize(
    ("values", "kwargs", "message"),
    [
        ([], {}, "at least one run"),
        ([1.0], {"resamples": 0}, "resamples 0"),
        ([1.0], {"confidence": 1.0}, "confidence 1.0"),
    ],
)
def test_bad_arguments_are_user_errors(
    values: list[float], kwargs: dict[str, float], message: str
) -> None:
    with pytest.raises(ScoreUserError, match=message):
        bootstrap_ci(values, seed=0, **kwargs)  # type: ignore[arg-type]


def _cell(harness: str, metrics: dict[str, float], suite: str = "write-back") -> ScoreCell:
    return ScoreCell(
        suite=suite,  # type: ignore[arg-type]
        harness=harness,
        seam="production",
        gold_total=1,
        gold_failed=0,
        metrics=metrics,
        fixtures=[],
    )


def test_bootstrap_cells_per_cell_and_metric() -> None:
    runs = [
        [_cell("openclaw", {"extraction_recall": 0.5, "extraction_precision": 0.7})],
        [_cell("openclaw", {"extraction_recall": 0.7})],
        [_cell("openclaw", {"extraction_recall": 0.6, "extraction_precision": 0.9})],
    ]
    intervals = bootstrap_cells(runs, seed=9, resamples=200)
    per_metric = intervals["openclaw/write-back"]
    assert list(per_metric) == ["extraction_precision", "extraction_recall"]
    assert per_metric["extraction_recall"].estimate == pytest.approx(0.6)
    assert per_metric["extraction_precision"].runs == 2
    expected = bootstrap_ci(
        [0.5, 0.7, 0.6],
        seed=derive_seed(9, "write-back", "extraction_recall"),
        resamples=200,
    )
    assert per_metric["extraction_recall"] == expected
    assert set(expected.as_dict()) == {"estimate", "low", "high", "runs", "resamples", "confidence"}


def test_a_harness_independent_cell_gets_the_same_interval_on_every_row() -> None:
    runs = [
        [_cell(h, {"write_back_fidelity": v}) for h in ("openclaw", "codex")]
        for v in (1.0, 0.5, 0.75, 0.25)
    ]
    intervals = bootstrap_cells(runs, seed=3, resamples=300)
    assert intervals["openclaw/write-back"] == intervals["codex/write-back"]
    assert intervals["codex/write-back"]["write_back_fidelity"].low < 0.625


def test_confidence_intervals_block() -> None:
    runs = [
        [
            _cell("openclaw", {"write_back_fidelity": fidelity}),
            _cell("openclaw", {"continuity_rate": rate}, suite="continuity"),
        ]
        for fidelity, rate in ((1.0, 1.0), (0.5, 1.0), (0.75, 0.0))
    ]
    block = confidence_intervals(runs, seed=5, resamples=400, confidence=0.9)
    assert (block.runs, block.seed, block.resamples, block.confidence) == (3, 5, 400, 0.9)
    assert block.suites == ["write-back", "continuity"]
    fidelity = block.cells["openclaw/write-back"]["write_back_fidelity"]
    assert fidelity.values == [1.0, 0.5, 0.75]  # run order, not sorted
    expected = bootstrap_ci(
        [1.0, 0.5, 0.75],
        seed=derive_seed(5, "write-back", "write_back_fidelity"),
        resamples=400,
        confidence=0.9,
    )
    assert (fidelity.estimate, fidelity.low, fidelity.high) == (
        expected.estimate,
        expected.low,
        expected.high,
    )
    assert fidelity.low < fidelity.estimate < fidelity.high
    assert block.cells["openclaw/continuity"]["continuity_rate"].estimate == pytest.approx(2 / 3)
    with pytest.raises(ScoreUserError, match="at least 2 runs"):
        confidence_intervals(runs[:1], seed=5)


def test_derive_seed_is_stable() -> None:
    assert derive_seed(1, "a", "b") == derive_seed(1, "a", "b")
    assert derive_seed(1, "a", "b") != derive_seed(1, "ab")
    assert derive_seed(1, "a") != derive_seed(2, "a")

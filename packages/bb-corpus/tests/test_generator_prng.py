from __future__ import annotations

import pytest
from bb_corpus.generator import Prng, SplitMix64, derive_seed, stream
from bb_corpus.generator._prng import fnv1a64


def test_splitmix64_matches_the_published_reference_vectors() -> None:
    # Reference outputs of Vigna's splitmix64.c for seed 0.
    mixer = SplitMix64(0)
    assert [mixer.next_u64() for _ in range(4)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    ]


def test_fnv1a64_matches_the_published_reference_vectors() -> None:
    assert fnv1a64(b"") == 0xCBF29CE484222325
    assert fnv1a64(b"a") == 0xAF63DC4C8601EC8C
    assert fnv1a64(b"foobar") == 0x85944171F73967E8


def test_xoshiro256starstar_stream_is_pinned() -> None:
    rng = Prng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0x99EC5F36CB75F2B4,
        0xBF6E1F784956452A,
        0x1A5F849D4933E6E0,
    ]


def test_derived_draws_are_pinned() -> None:
    rng = stream(20260309, "kta-pos", 0)
    assert derive_seed(20260309, "kta-pos", 0) == derive_seed(20260309, "kta-pos", 0)
    draws = [rng.below(10) for _ in range(8)]
    again = stream(20260309, "kta-pos", 0)
    assert [again.below(10) for _ in range(8)] == draws
    assert stream(1, "x").shuffled(range(6)) == stream(1, "x").shuffled(range(6))
    assert sorted(stream(1, "x").shuffled(range(6))) == list(range(6))


def test_sub_streams_are_independent_of_each_other() -> None:
    seeds = {derive_seed(7, "push", index) for index in range(200)}
    assert len(seeds) == 200
    assert derive_seed(7, "push", 1) != derive_seed(7, "kta-pos", 1)
    assert derive_seed(7, "a", "b") != derive_seed(7, "ab")
    assert derive_seed(7, 1) != derive_seed(7, "1")


def test_below_is_in_range_and_covers_it() -> None:
    rng = Prng(42)
    values = [rng.below(7) for _ in range(700)]
    assert set(values) == set(range(7))
    assert all(0 <= rng.between(3, 5) - 3 <= 2 for _ in range(100))
    with pytest.raises(ValueError, match="bound must be positive"):
        rng.below(0)


def test_sample_draws_distinct_items_and_rejects_overdraw() -> None:
    rng = Prng(3)
    picked = rng.sample(list("abcdefgh"), 5)
    assert len(set(picked)) == 5
    with pytest.raises(ValueError, match="cannot draw"):
        rng.sample([1, 2], 3)
    with pytest.raises(ValueError, match="empty"):
        rng.choice([])


def test_chance_is_exact_at_the_edges() -> None:
    rng = Prng(5)
    assert not any(rng.chance(0, 3) for _ in range(50))
    assert all(rng.chance(3, 3) for _ in range(50))

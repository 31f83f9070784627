"""The corpus generator's own seeded PRNG: xoshiro256** seeded through SplitMix64.

Why not :mod:`random`: the committed corpus must regenerate byte-for-byte on any platform and
any Python version, and ``random``'s derived methods (``choice``, ``sample``, ``shuffle``) are
not promised stable across versions. Everything here is pure 64-bit integer arithmetic with
explicit masking, so the stream is fixed by the algorithm alone.

Sub-streams: :func:`stream` derives an independent generator from ``(seed, *labels)`` (for
instance ``(seed, "kta-pos", 7)``), so each fixture draws from its own stream and adding a
category, or a fixture at the end of one, never reshuffles the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

T = TypeVar("T")

MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_FNV_OFFSET: Final = 0xCBF29CE484222325
_FNV_PRIME: Final = 0x100000001B3


def _mix(value: int) -> int:
    """SplitMix64's output function (a bijective 64-bit finaliser)."""
    z = value & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def _rotl(value: int, shift: int) -> int:
    return ((value << shift) | (value >> (64 - shift))) & MASK64


def fnv1a64(data: bytes) -> int:
    """FNV-1a over ``data``: turns a label into 64 bits, identically everywhere."""
    digest = _FNV_OFFSET
    for byte in data:
        digest = ((digest ^ byte) * _FNV_PRIME) & MASK64
    return digest


class SplitMix64:
    """Vigna's SplitMix64: used to expand one 64-bit seed into xoshiro's 256-bit state."""

    def __init__(self, seed: int) -> None:
        self._state = seed & MASK64

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self._state = (self._state + _GOLDEN) & MASK64
        return _mix(self._state)


class Prng:
    """xoshiro256** with the few derived draws the generator needs, all integer-exact.

    Attributes are private; the only ways to advance the state are the methods below, each of
    which consumes a fixed, documented number of 64-bit outputs per call (``below`` may consume
    more than one, by rejection, which is still deterministic).
    """

    def __init__(self, seed: int) -> None:
        expander = SplitMix64(seed)
        self._s = [expander.next_u64() for _ in range(4)]

    def next_u64(self) -> int:
        """The next raw 64-bit output of xoshiro256**."""
        s0, s1, s2, s3 = self._s
        result = (_rotl((s1 * 5) & MASK64, 7) * 9) & MASK64
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45)
        self._s = [s0, s1, s2, s3]
        return result

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``, unbiased (rejection of the short tail)."""
        if bound <= 0:
            raise ValueError(f"bound must be positive, got {bound!r}")
        threshold = ((1 << 64) - bound) % bound
        while True:
            value = self.next_u64()
            if value >= threshold:
                return value % bound

    def between(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both ends included)."""
        return low + self.below(high - low + 1)

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability ``numerator / denominator``, decided in integers."""
        return self.below(denominator) < numerator

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffled copy."""
        out = list(items)
        for index in range(len(out) - 1, 0, -1):
            other = self.below(index + 1)
            out[index], out[other] = out[other], out[index]
        return out

    def sample(self, items: Sequence[T], count: int) -> list[T]:
        """``count`` distinct elements in draw order (a partial Fisher-Yates shuffle)."""
        if not 0 <= count <= len(items):
            raise ValueError(f"cannot draw {count!r} from {len(items)} items")
        pool = list(items)
        for index in range(count):
            other = index + self.below(len(pool) - index)
            pool[index], pool[other] = pool[other], pool[index]
        return pool[:count]


def derive_seed(seed: int, *labels: str | int) -> int:
    """A 64-bit seed for the sub-stream ``labels`` of ``seed`` (order matters)."""
    state = _mix((seed & MASK64) ^ _GOLDEN)
    for label in labels:
        text = label if isinstance(label, str) else f"#{label}"
        state = _mix((state ^ fnv1a64(text.encode("utf-8"))) + _GOLDEN)
    return state


def stream(seed: int, *labels: str | int) -> Prng:
    """An independent generator for one labelled sub-stream, e.g. ``(seed, "push", 3)``."""
    return Prng(derive_seed(seed, *labels))

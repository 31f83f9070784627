"""A read-only table of words that a process loads without building it.

The lexicon's tables hold about 130,000 words. Kept as dicts and frozensets in a marshal file,
every process that reads a turn first rebuilt them, one string object and one hash insert per
word: some 20 milliseconds of holding the interpreter lock before its first turn. A
:class:`WordTable` is instead a few flat byte buffers that ``marshal`` restores as they are:
the words in UTF-8 joined by newlines with their offsets, an open-addressing hash index over
them (CRC-32 of the UTF-8 word, linear probing, at most half full), and the values joined the
same way (text) or packed as doubles (numbers). Loading costs a copy of each buffer and
decodes nothing; a lookup encodes and hashes the word and compares one or two slices, about
half a microsecond, and happens once per word since the lexicon's readers cache their
answers. The buffers are trusted as they are: the lexicon's file carries a checksum
(:mod:`bb_brain._lexdata`), and a damaged index can at worst make a lookup miss, never loop
or fail.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Mapping
from typing import Final
from zlib import crc32

#: The kinds of table: a set of words, words with text, words with numbers.
SET: Final = "set"
TEXT: Final = "text"
NUMBERS: Final = "numbers"
#: Between two words (or two texts) in a joined buffer; no word holds it.
_SEP: Final = b"\n"
#: A free slot of the hash index.
_FREE: Final = -1

#: What :meth:`WordTable.data` returns and :meth:`WordTable.from_data` takes (marshal-able).
Data = tuple[str, bytes, bytes, bytes, bytes | None, bytes | None]


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


class WordTable:
    """Words, each with an optional text or number; ``in`` answers as a set would."""

    __slots__ = ("_data", "_mask", "_numbers", "_slots", "_starts", "_texts", "_words")

    def __init__(self, data: Data) -> None:
        """Wrap the buffers of :meth:`data` (see :meth:`from_data` for untrusted input)."""
        kind, words, starts, slots, values, value_starts = data
        self._data = data
        self._words = words
        self._starts = memoryview(starts).cast("I")
        self._slots = memoryview(slots).cast("i")
        self._mask = len(self._slots) - 1
        self._texts: tuple[bytes, memoryview[int]] | None = None
        self._numbers: memoryview[float] | None = None
        if kind == TEXT and values is not None and value_starts is not None:
            self._texts = (values, memoryview(value_starts).cast("I"))
        elif kind == NUMBERS and values is not None:
            self._numbers = memoryview(values).cast("d")

    @classmethod
    def of(cls, entries: Mapping[str, str] | Mapping[str, float] | Iterable[str]) -> WordTable:
        """The table of ``entries``: a set of words, or a mapping to texts or to numbers."""
        if isinstance(entries, Mapping):
            words = sorted(entries)
            sample = next(iter(entries.values()), "")
            kind = TEXT if isinstance(sample, str) else NUMBERS
        else:
            words = sorted(set(entries))
            kind = SET
        encoded = [_utf8(word) for word in words]
        if any(_SEP in word for word in encoded):
            raise ValueError("a word table cannot hold a word that contains a newline")
        size = 2
        while size < 2 * len(words):
            size *= 2
        slots = array("i", [_FREE]) * size
        for index, word in enumerate(encoded):
            slot = crc32(word) & (size - 1)
            while slots[slot] != _FREE:
                slot = (slot + 1) & (size - 1)
            slots[slot] = index
        values: bytes | None = None
        value_starts: bytes | None = None
        if kind == TEXT and isinstance(entries, Mapping):
            texts = [_utf8(str(entries[word])) for word in words]
            if any(_SEP in text for text in texts):
                raise ValueError("a word table's texts cannot contain a newline")
            values = _SEP.join(texts)
            value_starts = array("I", _offsets(texts)).tobytes()
        elif kind == NUMBERS and isinstance(entries, Mapping):
            values = array("d", [float(entries[word]) for word in words]).tobytes()
        starts = array("I", _offsets(encoded)).tobytes()
        return cls((kind, _SEP.join(encoded), starts, slots.tobytes(), values, value_starts))

    @classmethod
    def from_data(cls, data: object) -> WordTable | None:
        """The table ``data`` holds, or None when it is not the shape :meth:`data` writes."""
        if not (isinstance(data, tuple) and len(data) == 6):
            return None
        kind, words, starts, slots, values, value_starts = data
        if kind not in (SET, TEXT, NUMBERS):
            return None
        if not (isinstance(words, bytes) and isinstance(starts, bytes)):
            return None
        if not isinstance(slots, bytes) or len(starts) % 4 or len(slots) % 4 or len(slots) < 8:
            return None
        if (len(slots) // 4) & (len(slots) // 4 - 1):
            return None  # the index's size is a power of two
        count = len(starts) // 4 - 1
        if count < 0 or 2 * count > len(slots) // 4:
            return None  # the index is kept at most half full
        if not _joined(memoryview(starts).cast("I"), count, words):
            return None
        if kind == TEXT:
            if not (isinstance(values, bytes) and isinstance(value_starts, bytes)):
                return None
            if len(value_starts) != len(starts):
                return None
            if not _joined(memoryview(value_starts).cast("I"), count, values):
                return None
            return cls((kind, words, starts, slots, values, value_starts))
        if kind == NUMBERS and not (isinstance(values, bytes) and len(values) == 8 * count):
            return None
        if kind == SET and values is not None:
            return None
        return cls((kind, words, starts, slots, values, None))

    def data(self) -> Data:
        """The buffers, for ``marshal`` (:meth:`from_data` reads them back)."""
        return self._data

    def _find(self, word: str) -> int:
        slots, starts, words, count = self._slots, self._starts, self._words, len(self)
        encoded = _utf8(word)
        slot = crc32(encoded) & self._mask
        for _ in range(len(slots)):  # at most every slot once, whatever the buffers hold
            index = slots[slot]
            if not 0 <= index < count:
                return -1  # a free slot ends the probe
            if words[starts[index] : starts[index + 1] - 1] == encoded:
                return index
            slot = (slot + 1) & self._mask
        return -1

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self._find(word) >= 0

    def text(self, word: str) -> str | None:
        """The word's text (None when it is absent, or the table holds no texts)."""
        index = self._find(word)
        if index < 0 or self._texts is None:
            return None
        texts, starts = self._texts
        try:
            return texts[starts[index] : starts[index + 1] - 1].decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:  # damaged offsets that split a character: no answer
            return None

    def number(self, word: str, default: float = 0.0) -> float:
        """The word's number (``default`` when it is absent, or the table holds no numbers)."""
        index = self._find(word)
        if index < 0 or self._numbers is None:
            return default
        return float(self._numbers[index])

    def __len__(self) -> int:
        return len(self._starts) - 1

    def __iter__(self) -> Iterator[str]:
        starts, words = self._starts, self._words
        for index in range(len(self)):
            word = words[starts[index] : starts[index + 1] - 1]
            try:
                yield word.decode("utf-8", "surrogatepass")
            except UnicodeDecodeError:  # damaged offsets
                yield word.decode("utf-8", "replace")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WordTable) and self._data == other._data

    def __hash__(self) -> int:
        return hash(self._data)


def _joined(offsets: memoryview[int], count: int, joined: bytes) -> bool:
    """The offsets span exactly the joined buffer: the first at 0, the last one past its end."""
    return offsets[0] == 0 and offsets[count] == (len(joined) + 1 if count else 0)


def _offsets(parts: list[bytes]) -> list[int]:
    """Where each part starts in ``_SEP.join(parts) + _SEP``, and one past the end."""
    offsets = [0]
    for part in parts:
        offsets.append(offsets[-1] + len(part) + 1)
    return offsets

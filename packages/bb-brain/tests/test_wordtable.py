"""A word table answers as the dict or set it was made from, after a round trip through marshal."""

from __future__ import annotations

import marshal
import sys

import pytest
from bb_brain._wordtable import WordTable
from hypothesis import given
from hypothesis import strategies as st

_WORDS = st.text(st.characters(blacklist_characters="\n"), max_size=12)


def _again(table: WordTable) -> WordTable:
    restored = WordTable.from_data(marshal.loads(marshal.dumps(table.data())))
    assert restored is not None
    return restored


@given(st.dictionaries(_WORDS, _WORDS, max_size=60), st.lists(_WORDS, max_size=20))
def test_texts_answer_as_the_dict(entries: dict[str, str], probes: list[str]) -> None:
    table = _again(WordTable.of(entries))
    assert len(table) == len(entries) and sorted(table) == sorted(entries)
    for word in [*entries, *probes]:
        assert table.text(word) == entries.get(word)
        assert (word in table) == (word in entries)


@given(st.dictionaries(_WORDS, st.floats(allow_nan=False), max_size=60), st.lists(_WORDS))
def test_numbers_answer_as_the_dict(entries: dict[str, float], probes: list[str]) -> None:
    table = _again(WordTable.of(entries))
    for word in [*entries, *probes]:
        assert table.number(word, -1.0) == entries.get(word, -1.0)


@given(st.frozensets(_WORDS, max_size=60), st.lists(_WORDS, max_size=20))
def test_a_set_answers_membership(words: frozenset[str], probes: list[str]) -> None:
    table = _again(WordTable.of(words))
    for word in [*words, *probes]:
        assert (word in table) == (word in words)
    assert table.text("anything") is None and table.number("anything") == 0.0


def test_a_lone_surrogate_or_a_non_string_is_no_word() -> None:
    table = WordTable.of({"kettle", "\ud800"})
    assert "\ud800" in table and "\udfff" not in table and 3 not in table


def test_a_word_or_text_with_a_newline_is_refused() -> None:
    with pytest.raises(ValueError, match="newline"):
        WordTable.of({"two\nlines"})
    with pytest.raises(ValueError, match="newline"):
        WordTable.of({"word": "two\nlines"})


@pytest.mark.parametrize(
    "data",
    [
        None,
        ("set",),
        ("bag", "", b"\0\0\0\0\1\0\0\0", b"\xff" * 8, None, None),
        ("set", "", b"\0\0\0", b"\xff" * 8, None, None),  # offsets not whole integers
        ("set", "", b"\0\0\0\0\1\0\0\0", b"\xff" * 12, None, None),  # index of 3 slots
        ("text", "a", b"\0\0\0\0\2\0\0\0", b"\xff" * 8, None, None),  # texts missing
        ("numbers", "a", b"\0\0\0\0\2\0\0\0", b"\xff" * 8, b"\0" * 4, None),  # half a double
    ],
)
def test_data_of_another_shape_is_refused(data: object) -> None:
    assert WordTable.from_data(data) is None


def _damaged(table: WordTable, field: int, content: bytes) -> WordTable | None:
    data = list(table.data())
    data[field] = content
    return WordTable.from_data(tuple(data))


def test_buffers_that_disagree_with_each_other_are_refused() -> None:
    table = WordTable.of({"kettle": "a", "ladle": "b"})
    kind, words, starts, slots, values, value_starts = table.data()
    assert _damaged(table, 2, starts[:-4] + (99).to_bytes(4, sys.byteorder)) is None  # past the end
    assert _damaged(table, 2, b"") is None
    assert _damaged(table, 3, b"\0" * 4 * 2) is None  # an index too small to be half free
    assert isinstance(value_starts, bytes)
    assert _damaged(table, 5, b"\0" * len(value_starts)) is None


@pytest.mark.parametrize("slot", [b"\x05\0\0\0", b"\xfe\xff\xff\xff", b"\0\0\0\0"])
def test_a_damaged_index_misses_but_never_loops_or_fails(slot: bytes) -> None:
    table = WordTable.of({"kettle", "ladle"})
    kind, words, starts, slots, values, value_starts = table.data()
    full = WordTable.from_data((kind, words, starts, slot * (len(slots) // 4), values, None))
    assert full is not None
    assert "absent" not in full and full.text("absent") is None
    assert "ladle" not in full  # every slot points at one word, a free one, or past the end


def test_offsets_that_split_a_character_give_no_text() -> None:
    table = WordTable.of({"a": "ï", "b": "x"})  # texts b"\xc3\xaf\nx", offsets 0, 3, 5
    kind, words, starts, slots, values, value_starts = table.data()
    assert isinstance(value_starts, bytes)
    split = value_starts[:4] + (2).to_bytes(4, sys.byteorder) + value_starts[8:]  # inside "ï"
    damaged = WordTable.from_data((kind, words, starts, slots, values, split))
    assert damaged is not None and damaged.text("a") is None and "a" in damaged

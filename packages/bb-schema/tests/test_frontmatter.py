"""Frontmatter: strict YAML first, then ``key: value`` lines; only unreadable blocks fail."""

from __future__ import annotations

import pytest
import yaml
from bb_schema.frontmatter import FrontmatterError, _plain_block, page_fields, parse_frontmatter
from hypothesis import given
from hypothesis import strategies as st


def test_yaml_is_read_as_yaml() -> None:
    page = parse_frontmatter("---\ntitle: Alice\naliases: [al, 'a l']\nage: 3\n---\nBody\n")
    assert page.meta == {"title": "Alice", "aliases": ["al", "a l"], "age": 3}
    assert page.body == "Body\n" and not page.lenient


def test_no_block_is_all_body() -> None:
    assert parse_frontmatter("Just text\n---\n").meta == {}
    assert parse_frontmatter("---\n---\nBody").body == "Body"


def test_a_colon_inside_a_value_is_read_line_by_line() -> None:
    content = (
        "---\ntitle: Widget Co\n# a comment\n\nsummary: Codename Apple: replacing the tills\n"
        "aliases: [wco, 'widget']\nscore: 4\nempty:\n---\nBody\n"
    )
    page = parse_frontmatter(content)
    assert page.lenient
    assert page.meta == {
        "title": "Widget Co",
        "summary": "Codename Apple: replacing the tills",
        "aliases": ["wco", "widget"],
        "score": 4,
        "empty": None,
    }
    fields = page_fields(page.meta)
    assert fields.summary == "Codename Apple: replacing the tills"
    assert fields.aliases == ("wco", "widget") and fields.extra == {"score": 4, "empty": None}


def test_a_list_the_line_yaml_cannot_read_is_split_at_commas() -> None:
    page = parse_frontmatter("---\naliases: [Apple: x: y, pear, 'a: b']\n---\n")
    assert page.meta == {"aliases": ["Apple: x: y", "pear", "a: b"]}


@pytest.mark.parametrize(
    ("content", "line"),
    [
        ("---\ntitle: x\n  nested: [\n---\n", 3),
        ("---\ntitle: x: y\njust words\n---\n", 3),
        ("---\n: x: y\n---\n", 2),
    ],
)
def test_what_even_the_lines_cannot_read_names_the_line(content: str, line: int) -> None:
    with pytest.raises(FrontmatterError, match=f"line {line}") as info:
        parse_frontmatter(content)
    assert info.value.line == line


def test_yaml_that_is_not_a_mapping_is_refused() -> None:
    with pytest.raises(FrontmatterError, match="mapping"):
        parse_frontmatter("---\n- a\n- b\n---\n")


@pytest.mark.parametrize(
    ("meta", "key"),
    [
        ({"title": {"a": 1}}, "title"),
        ({"summary": True}, "summary"),
        ({"aliases": {"a": 1}}, "aliases"),
    ],
)
def test_known_keys_have_types(meta: dict[str, object], key: str) -> None:
    with pytest.raises(FrontmatterError, match=key) as info:
        page_fields(meta)
    assert info.value.key == key


_TRICKY = st.sampled_from(
    list("aZé ,.;:#'\"[]{}()&*!?|>-%@`~=\t\\/\xa0\x85\u2028")
    + ["yes", "No", "null", "ON", "~", "1", "0x1F", "2024-01-02", ".inf", " #", ": "]
)
#: Values that open with a letter, as the fast reading's own do, so that what follows is tried.
_VALUE = st.tuples(st.sampled_from(["a", "Zoë", "null", "yes", ""]), st.lists(_TRICKY, max_size=8))
_KEY = st.one_of(
    st.sampled_from(["title", "type", "aliases", "summary", "on", "Yes", "x-1", "_k", "9k"]),
    st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,3}", fullmatch=True),
    st.integers(1020, 1030).map(lambda length: "k" * length),  # YAML's longest simple key
)


@given(st.lists(st.tuples(_KEY, _VALUE, st.booleans()), min_size=1, max_size=4))
def test_a_plain_block_is_read_as_yaml_reads_it(
    lines: list[tuple[str, tuple[str, list[str]], bool]],
) -> None:
    """Whatever the fast reading of plain lines accepts, it reads exactly as YAML does."""
    block = ""
    for key, (head, rest), listed in lines:
        value = head + "".join(rest)
        block += f"{key}: [{value}]\n" if listed else f"{key}: {value}\n"
    plain = _plain_block(block)
    if plain is not None:
        assert plain == yaml.safe_load(block)


@pytest.mark.parametrize(
    "block",
    [
        "title: Widget Co\ntype: company\naliases: [widget, wco]\n"
        "summary: Founder; met (2024) at a fair, yes\n",
        "title: Zoë Müller\naliases: []\n",
        "summary: Acme [beta] {draft} & co\r\n",
    ],
)
def test_most_pages_need_no_yaml(block: str) -> None:
    plain = _plain_block(block)
    assert plain is not None and plain == yaml.safe_load(block)


@pytest.mark.parametrize(
    "block",
    [
        "title: Codename Apple: tills\n",  # a colon: YAML (then the lines) decide
        "title: yes\n",  # a boolean
        "title: 2024\n",  # a number
        "aliases: [a, no]\n",
        "on: x\n",  # a key YAML reads as True
        "title: a\ntitle: b\n",  # a key twice
        "# a comment\ntitle: a\n",
        "title: 'quoted'\n",
        "title: a # comment\n",
        "title: a\n  continued\n",
        "title: null\n",  # null, not the text "null"
        "aliases: [a?b]\n",  # a question mark inside a flow list: an error there
        "title: a\tb\n",
        "title: a\x85b\n",  # a line break YAML knows
        "k" * 1025 + ": v\n",  # a key longer than YAML allows
        "",
    ],
)
def test_anything_else_is_left_to_yaml(block: str) -> None:
    assert _plain_block(block) is None

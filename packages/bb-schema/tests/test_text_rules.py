"""The slug grammar, the characters a corpus refuses, and NUL found anywhere in a request."""

from __future__ import annotations

import pytest
from bb_schema import PublicTurn, SeedPage
from bb_schema.memory import SeedRequest
from bb_schema.text import MAX_SLUG_CHARS, bad_character, find_nul, is_slug, slug_problem
from bb_schema.turn_context import SeamSettings, TurnContextRequest
from pydantic import ValidationError


@pytest.mark.parametrize(
    "slug",
    ["people/alice-example", "a", "x_y/z-1", "people/zoë-ång", "Meeting-notes/2026-03", "9"],
)
def test_slugs(slug: str) -> None:
    assert is_slug(slug)
    assert SeedPage(slug=slug, content="").slug == slug


@pytest.mark.parametrize(
    ("slug", "why"),
    [
        ("../../x", "'..'"),
        ("people/..", "'..'"),
        ("/etc/passwd", "cannot start with '/'"),
        ("a//b", "empty segment"),
        ("a/", "empty segment"),
        ("people/.hidden", "start with a letter or digit"),
        ("_x", "start with a letter or digit"),
        ("a b", "' '"),
        ("a\\b", "'\\\\'"),
        ("a\x00b", "NUL"),
        ("x" * (MAX_SLUG_CHARS + 1), "at most"),
        ("", "empty"),
    ],
)
def test_not_slugs(slug: str, why: str) -> None:
    problem = slug_problem(slug)
    assert problem is not None and why in problem
    with pytest.raises(ValidationError, match="not valid" if slug else "at least 1"):
        SeedPage(slug=slug, content="")


@pytest.mark.parametrize(
    ("text", "offset", "what"),
    [
        ("a\x00b", 1, "NUL"),
        ("ok\x07", 2, "U+0007"),
        ("\x1b[31mred", 0, "U+001B"),
        ("x\x7f", 1, "U+007F"),
        ("x\ud800y", 1, "lone surrogate \\ud800"),
    ],
)
def test_bad_characters_are_named(text: str, offset: int, what: str) -> None:
    found = bad_character(text)
    assert found is not None and found[0] == offset and what in found[1]


def test_tabs_and_newlines_are_text() -> None:
    assert bad_character("a\tb\nc\r\nd é 😀") is None


def test_find_nul_names_the_field() -> None:
    settings = SeamSettings(pointer_budget=3, suppression="none")
    request = TurnContextRequest(
        brain_id="b",
        session_id="s",
        active_source="default",
        turn=PublicTurn(turn_id=1, role="user", text="fine"),
        window=[PublicTurn(turn_id=0, role="assistant", text="also\x00 not")],
        prior_context="",
        settings=settings,
    )
    assert find_nul(request) == ("window[0].text", 4)
    assert find_nul(request.model_copy(update={"window": []})) is None
    seed = SeedRequest(brain_id="b", pages=[SeedPage(slug="a", content="x\x00")], facts=[])
    assert find_nul(seed) == ("pages[0].content", 1)
    assert find_nul({"k\x00": "v"}) == ("['k\\x00'] (the key)", 1)
    assert find_nul(None) is None

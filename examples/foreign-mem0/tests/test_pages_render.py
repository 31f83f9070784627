import pytest
from bb_schema import SchemaUserError
from bb_schema.fixture import SeedPage
from bb_schema.turn_context import Pointer
from foreign_mem0.pages import page_memory
from foreign_mem0.render import already_in_context, render

ALICE = "---\ntitle: Alice Example\nsummary: Founder of  Widget Co.\n---\n\nAlice founded it.\n"


def test_title_and_summary_come_from_frontmatter_and_the_text_is_the_whole_page() -> None:
    page = page_memory(SeedPage(slug="people/alice-example", content=ALICE, source_id="crm"))
    assert (page.source, page.title, page.summary) == (
        "crm",
        "Alice Example",
        "Founder of Widget Co.",
    )
    assert page.text == ALICE.strip()


def test_a_page_without_frontmatter_is_titled_from_its_slug() -> None:
    page = page_memory(SeedPage(slug="companies/widget-co", content="Widgets."))
    assert (page.source, page.title, page.summary) == ("default", "Widget Co", "")


def test_bad_frontmatter_names_the_page() -> None:
    with pytest.raises(SchemaUserError, match="people/bad"):
        page_memory(SeedPage(slug="people/bad", content="---\n- just\n- a list\n---\nx"))


@pytest.mark.parametrize(
    ("mode", "context", "seen"),
    [
        ("prior-context", "see brain://default/People/Alice-Example", True),
        ("prior-context", "see people/alice-example-2", False),
        ("slug-only", "see People/Alice-Example", False),
        ("slug-only", "see people/alice-example.", True),
        ("none", "people/alice-example", False),
    ],
)
def test_suppression_follows_the_seam_mode(mode: str, context: str, seen: bool) -> None:
    assert already_in_context("people/alice-example", context, mode) is seen  # type: ignore[arg-type]


def test_render_carries_every_slug_in_a_link() -> None:
    pointers = [Pointer(slug="people/a", source="s", title="A [x]"), Pointer(slug="b", source="s")]
    text = render(pointers, {"people/a": "first  one"}, "markdown")
    assert text == "## Memory\n- [A \\[x\\]](brain://s/people/a) — first one\n- [](brain://s/b)"
    assert render(pointers, {}, "fragment") == "Memory: A [x] <brain://s/people/a>;  <brain://s/b>"
    assert render([], {}, "markdown") == ""

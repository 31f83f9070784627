"""Every hard edge of reflex resolution, through the Engine on a real PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine, UnknownBrainError
from bb_schema.fixture import PublicTurn
from bb_schema.turn_context import SeamSettings, TurnContextRequest, TurnContextResponse

ALICE = (
    "people/alice-example",
    "---\ntitle: Alice Example\ntype: person\naliases: [alice]\n"
    "summary: Founder of Widget Co.\n---\nAlice body.\n",
)
WIDGET = (
    "companies/widget-co",
    "---\ntitle: Widget Co\ntype: company\n"
    "summary: Seed-stage widget marketplace.\n---\nWidget body.\n",
)
CHARLIE = ("people/charlie-example", "---\ntitle: Charlie Example\ntype: person\n---\nbody\n")
PRUITT = ("people/dana-pruitt", "---\ntitle: Dana Pruitt\ntype: person\n---\nbody\n")


def md(title: str, **meta: Any) -> str:
    lines = ["---", f"title: {title}"] + [f"{k}: {v}" for k, v in meta.items()]
    return "\n".join([*lines, "---", "", "body", ""])


def ask(
    engine: Engine,
    brain: str,
    text: str,
    *,
    source: str = "default",
    prior: str = "",
    window: list[PublicTurn] | None = None,
    **settings: Any,
) -> TurnContextResponse:
    request = TurnContextRequest(
        brain_id=brain,
        session_id="s1",
        active_source=source,
        turn=PublicTurn(turn_id=99, role="user", text=text),
        window=window or [],
        prior_context=prior,
        settings=SeamSettings(**{"pointer_budget": 3, **settings}),
    )
    return engine.turn_context(request)


def slugs(response: TurnContextResponse) -> list[str]:
    return [pointer.slug for pointer in response.pointers]


def test_full_name_resolves_and_renders_markdown_block(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, WIDGET)
    response = ask(engine, brain, "What did Alice Example say about the Widget Co deal?")
    assert slugs(response) == ["people/alice-example", "companies/widget-co"]
    assert response.text == (
        "## Memory\n"
        "- [Alice Example](brain://default/people/alice-example) — Founder of Widget Co.\n"
        "- [Widget Co](brain://default/companies/widget-co) — Seed-stage widget marketplace."
    )
    assert {p.arm for p in response.pointers} == {"title"}
    assert all(p.stage == "reflex" and p.source == "default" for p in response.pointers)


def test_fragment_render_is_one_line_with_slugs(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, WIDGET)
    response = ask(engine, brain, "Alice Example and Widget Co", render="fragment")
    assert "\n" not in response.text
    assert "people/alice-example" in response.text and "companies/widget-co" in response.text


def test_lowercase_mention_of_known_alias(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE)
    response = ask(engine, brain, "did alice ever reply to the pricing email?")
    assert slugs(response) == ["people/alice-example"]
    assert response.pointers[0].arm == "alias"
    assert response.pointers[0].confidence < 0.95  # lowercase evidence is weaker


def test_lowercase_word_without_alias_is_silent(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE)
    assert slugs(ask(engine, brain, "the example in the docs is wrong")) == []


def test_surname_only_reference(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, PRUITT)
    response = ask(engine, brain, "Has Pruitt sent the term sheet yet?")
    assert slugs(response) == ["people/dana-pruitt"]
    assert response.pointers[0].arm == "surname"
    assert response.pointers[0].confidence == 0.75


def test_surname_shared_by_two_people_is_silent(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, CHARLIE)
    assert slugs(ask(engine, brain, "Did Example reply?")) == []


def test_surname_inside_an_unknown_full_name_is_silent(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE)
    assert slugs(ask(engine, brain, "Anything on Acme Example in here?")) == []


def test_possessive(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, WIDGET)
    response = ask(engine, brain, "What is Alice's take on Widget Co's pricing?")
    assert slugs(response) == ["people/alice-example", "companies/widget-co"]


def test_slug_like_token_matches_slug_suffix(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(("companies/widgetry-labs", md("Widgetry Laboratories")))
    response = ask(engine, brain, "we decided to pass on the widgetry-labs seed round")
    assert slugs(response) == ["companies/widgetry-labs"]
    assert response.pointers[0].arm == "slug-suffix"


def test_handle(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE)
    assert slugs(ask(engine, brain, "ping @alice about it")) == ["people/alice-example"]


@pytest.mark.parametrize(
    "text",
    [
        "Today I want to clean up the tests.",
        "Monday again. Let me grab a coffee first.",
        "Thanks, that helps a lot.",
        "Ok let's write some code.",
        "Good morning! How are you today?",
    ],
)
def test_capitalised_common_words_at_sentence_start_are_silent(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(
        ("concepts/today", md("Today")),
        ("concepts/monday", md("Monday")),
        ("concepts/thanks", md("Thanks")),
        ("concepts/ok", md("Ok")),
        ("concepts/good", md("Good")),
        ("concepts/monday-review", md("Monday Review")),
    )
    assert ask(engine, brain, text).pointers == []


def test_multi_word_title_of_common_words_still_resolves(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(("concepts/monday-review", md("Monday Review")))
    assert slugs(ask(engine, brain, "Monday Review is at ten.")) == ["concepts/monday-review"]


def test_stopword_collisions_are_silent(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(
        ("people/will-turner", md("Will Turner", type="person", aliases="[will]")),
        ("concepts/may", md("May")),
    )
    assert ask(engine, brain, "I will send it tomorrow.").pointers == []
    assert ask(engine, brain, "may I ask a question?").pointers == []
    assert ask(engine, brain, "May I ask a question?").pointers == []


@pytest.mark.parametrize("text", ["What did Alicia say?", "Any news from Widget Company?"])
def test_near_miss_does_not_resolve(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(ALICE, WIDGET)
    assert ask(engine, brain, text).pointers == []


def test_alias_shared_by_two_pages_is_ambiguous(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(
        ("people/sam-one", md("Sam One", type="person", aliases="[sam]")),
        ("people/sam-two", md("Sam Two", type="person", aliases="[sam]")),
    )
    assert ask(engine, brain, "What did sam say about the plan?").pointers == []
    assert slugs(ask(engine, brain, "What did Sam Two say?")) == ["people/sam-two"]


def test_longest_match_wins(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, ("concepts/example", md("Example Concept", aliases="[example]")))
    response = ask(engine, brain, "did you talk to alice example and alice?")
    assert slugs(response) == ["people/alice-example"]
    assert response.pointers[0].arm == "title"  # the two-word mention, not the later "alice"
    assert slugs(ask(engine, brain, "what about Example?")) == ["concepts/example"]


@pytest.mark.parametrize(
    "text",
    [
        "The lantern in the lobby is broken again.",  # determiner + noun, then a function word
        "I lost my lantern on the way home.",
        "We should lantern the hallway first.",  # modal + verb + determiner
        "Let's lantern the discussion on numbers.",
        "Where is the lantern?",
    ],
)
def test_an_alias_used_as_an_ordinary_word_does_not_resolve(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(("projects/lantern", md("Project Lantern", aliases="[lantern]")))
    assert ask(engine, brain, text).pointers == []


@pytest.mark.parametrize(
    "text",
    [
        "What's the latest on Lantern?",
        "did Lantern ship?",
        "Send the Lantern deck to the board.",  # the name modifies a noun: still a name
        "Tell me about Project Lantern.",
        "The Lantern launch slipped.",  # capitalised mid-phrase: name evidence
    ],
)
def test_an_alias_used_as_a_name_still_resolves(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(("projects/lantern", md("Project Lantern", aliases="[lantern]")))
    assert slugs(ask(engine, brain, text)) == ["projects/lantern"]


def test_a_lowercase_dictionary_word_needs_more_than_its_form(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(("projects/lantern", md("Project Lantern", aliases="[lantern]")))
    response = ask(engine, brain, "lantern light looks nice tonight")
    assert response.pointers == []
    (declined,) = response.declined
    assert declined.slug == "projects/lantern" and declined.evidence is not None
    assert "ordinary word 'lantern'" in declined.evidence.decision
    # asking memory about the word is the evidence it names the page
    assert slugs(ask(engine, brain, "what's the latest on lantern?")) == ["projects/lantern"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("did zorvane ship?", ["projects/zorvane"]),
        ("send the zorvane deck to the board", ["projects/zorvane"]),
        ("the zorvane in the lobby is broken", []),  # determiner + noun, then a function word
        ("we should zorvane the hallway first", []),  # modal + verb + determiner
    ],
)
def test_a_lowercase_name_with_no_ordinary_reading(
    engine: Engine, make_brain: Any, text: str, expected: list[str]
) -> None:
    brain = make_brain(("projects/zorvane", md("Zorvane", aliases="[zorvane]")))
    assert slugs(ask(engine, brain, text)) == expected


def test_more_entities_than_budget(engine: Engine, make_brain: Any) -> None:
    names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov"]
    brain = make_brain(*[(f"people/{n.lower().replace(' ', '-')}", md(n)) for n in names])
    response = ask(engine, brain, ", ".join(names) + " all joined the call.", pointer_budget=3)
    assert slugs(response) == ["people/ada-lovelace", "people/grace-hopper", "people/alan-turing"]
    assert ask(engine, brain, "Ada Lovelace", pointer_budget=0).pointers == []


def test_budget_prefers_confidence_over_position(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, PRUITT)
    response = ask(engine, brain, "Pruitt met Alice Example", pointer_budget=1)
    assert slugs(response) == ["people/alice-example"]


def test_same_slug_in_two_sources_returns_active_copy(engine: Engine, make_brain: Any) -> None:
    personal = md("Alice Example", summary="personal notes")
    team = md("Alice Example", summary="team copy")
    brain = make_brain(
        ("people/alice-example", personal), ("people/alice-example", team, "teambrain")
    )
    for source, summary in (("default", "personal notes"), ("teambrain", "team copy")):
        response = ask(engine, brain, "What about Alice Example?", source=source)
        assert [(p.slug, p.source) for p in response.pointers] == [("people/alice-example", source)]
        assert summary in response.text


def test_foreign_source_slug_never_injected(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, ("companies/acme-example", md("Acme Example"), "teambrain"))
    response = ask(engine, brain, "Anything on Acme Example? ping @acme-example", volunteer=True)
    assert response.pointers == [] and response.text == ""


def test_re_mention_suppressed_by_prior_context(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, WIDGET)
    first = ask(engine, brain, "What did Alice Example say?")
    prior = "What did Alice Example say?\n" + first.text
    again = ask(engine, brain, "And Alice Example on Widget Co?", prior=prior)
    assert slugs(again) == ["companies/widget-co"]
    unsuppressed = ask(engine, brain, "And Alice Example?", prior=prior, suppression="none")
    assert slugs(unsuppressed) == ["people/alice-example"]


def test_suppression_needs_the_whole_slug(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE)
    prior = "see brain://default/people/alice-example-archive"
    assert slugs(ask(engine, brain, "Alice Example?", prior=prior)) == ["people/alice-example"]
    upper = "see PEOPLE/ALICE-EXAMPLE"
    assert ask(engine, brain, "Alice Example?", prior=upper).pointers == []
    assert slugs(ask(engine, brain, "Alice Example?", prior=upper, suppression="slug-only")) == [
        "people/alice-example"
    ]


def window_turns(*texts: tuple[str, str]) -> list[PublicTurn]:
    return [
        PublicTurn(turn_id=i, role="user" if role == "u" else "assistant", text=text)
        for i, (role, text) in enumerate(texts, start=1)
    ]


def test_volunteer_surfaces_assistant_introduced_entity(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, WIDGET)
    window = window_turns(("u", "Who runs the marketplace?"), ("a", "That is Widget Co."))
    response = ask(engine, brain, "Can you summarise their pitch?", window=window, volunteer=True)
    assert [(p.slug, p.stage) for p in response.pointers] == [("companies/widget-co", "volunteer")]
    assert "brain://default/companies/widget-co" in response.text
    assert ask(engine, brain, "Can you summarise their pitch?", window=window).pointers == []


def test_volunteer_does_not_re_push_a_surfaced_entity(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ALICE, WIDGET)
    window = window_turns(("u", "What did Alice Example say?"), ("a", "She likes Widget Co."))
    prior = "What did Alice Example say?\n" + ask(engine, brain, "What did Alice Example say?").text
    response = ask(engine, brain, "Go on.", window=window, prior=prior, volunteer=True)
    assert slugs(response) == ["companies/widget-co"]


def test_volunteer_dedupes_against_reflex_and_respects_caps(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(ALICE, WIDGET, PRUITT, CHARLIE)
    window = window_turns(("a", "Alice Example, Widget Co and Charlie Example were there."))
    response = ask(
        engine, brain, "Alice Example and Pruitt?", window=window, volunteer=True,
        volunteer_max_pages=1, volunteer_min_confidence=0.8,
    )  # fmt: skip
    reflex = [p.slug for p in response.pointers if p.stage == "reflex"]
    volunteer = [p.slug for p in response.pointers if p.stage == "volunteer"]
    assert reflex == ["people/alice-example", "people/dana-pruitt"]
    assert volunteer == ["companies/widget-co"]  # charlie is later in the text; max 1
    windowless = ask(
        engine, brain, "Alice Example?", window=window, volunteer=True, volunteer_window_turns=0
    )
    assert slugs(windowless) == ["people/alice-example"]


def test_volunteered_pointers_render_under_their_own_heading(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(ALICE, WIDGET)
    window = window_turns(("a", "Widget Co came up again."))
    response = ask(engine, brain, "What did Alice Example say?", window=window, volunteer=True)
    assert [(p.slug, p.stage) for p in response.pointers] == [
        ("people/alice-example", "reflex"),
        ("companies/widget-co", "volunteer"),
    ]
    assert response.text == (
        "## Memory\n"
        "- [Alice Example](brain://default/people/alice-example) — Founder of Widget Co.\n"
        "### Related to the recent conversation\n"
        "- [Widget Co](brain://default/companies/widget-co) — Seed-stage widget marketplace."
    )
    fragment = ask(
        engine, brain, "What did Alice Example say?", window=window, volunteer=True,
        render="fragment",
    )  # fmt: skip
    assert fragment.text.endswith("; related: Widget Co <brain://default/companies/widget-co>")


def test_volunteer_confidence_gate(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(PRUITT)
    window = window_turns(("a", "I spoke with Pruitt."))
    gated = ask(engine, brain, "Next?", window=window, volunteer=True, volunteer_min_confidence=0.8)
    assert gated.pointers == []
    default = ask(engine, brain, "Next?", window=window, volunteer=True)  # gate 0.7
    assert [(p.slug, p.arm) for p in default.pointers] == [("people/dana-pruitt", "surname")]


def test_conversation_pages_are_never_pointed_at(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(("conversations/s-42", md("Session Forty Two", type="conversation")))
    assert ask(engine, brain, "Session Forty Two recap?").pointers == []


def test_unknown_brain(engine: Engine) -> None:
    with pytest.raises(UnknownBrainError, match="nope"):
        ask(engine, "nope", "hello")


def test_evidence_is_read_only_for_candidates_that_are_judged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A text offers many candidates; reading the words around each is the costly part."""
    from bb_brain.reflex import _candidate, extract

    reads: list[tuple[int, int]] = []
    real = _candidate.local_signals

    def counted(tokens: Any, first: int, last: int) -> Any:
        reads.append((first, last))
        return real(tokens, first, last)

    monkeypatch.setattr(_candidate, "local_signals", counted)
    text = "the garden path needs weeding before the long weekend and the fence wants paint"
    found = extract(text, 0)
    assert len(found) > 10 and reads == []  # nothing judged yet, nothing read
    first = found[0]
    assert first.signals == first.signals and len(reads) == 1  # read once, when asked


def test_duplicates_of_one_span_keep_the_evidence_each_brought() -> None:
    from bb_brain.reflex._candidate import Maker
    from bb_brain.reflex._extract import _distinct
    from bb_brain.reflex._tokens import tokenise

    text = "ask Brook about it"
    tokens = tokenise(text)
    maker = Maker(text, tokens, 0)
    plain = maker.make("brook", tokens[1:2], frozenset({"alias"}), extra=("one",))
    other = maker.make("brook", tokens[1:2], frozenset({"title"}), extra=("two",))
    (merged,) = _distinct([plain, other])
    assert merged.arms == frozenset({"alias", "title"})
    assert merged.signals[0] == "one" and "two" in merged.signals
    assert set(plain.signals) | set(other.signals) == set(merged.signals)


def test_a_duplicate_that_drops_evidence_merges_what_the_other_read() -> None:
    import dataclasses

    from bb_brain.reflex._candidate import Maker
    from bb_brain.reflex._extract import _distinct
    from bb_brain.reflex._tokens import PERSON_VERB, tokenise

    text = "ask Brook about it"
    tokens = tokenise(text)
    maker = Maker(text, tokens, 0)
    made = maker.make("brook", tokens[1:2], frozenset({"alias"}))
    assert PERSON_VERB in made.signals  # "ask" before it
    dropping = dataclasses.replace(made, dropped=frozenset({PERSON_VERB}))
    other = maker.make("brook", tokens[1:2], frozenset({"title"}))
    (merged,) = _distinct([dropping, other])
    assert PERSON_VERB in merged.signals  # the other duplicate read it, so it counts

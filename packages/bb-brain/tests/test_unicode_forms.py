"""Text in NFD (a letter typed as its base plus a combining accent) reads as it does in NFC.

macOS file names, text copied out of them and some phone keyboards send "é" as "e" followed by
U+0301. It is the same text, so a turn, a window, the prior context, a conversation handed to
write-back and a seeded page mean in that form what they mean precomposed. Each case runs the
NFC spelling too and asks for the same result, so it fails on an engine that reads NFD as
stray marks after a cut name, and on one that reads neither.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from bb_brain import Engine
from bb_schema import PublicTurn
from bb_schema.memory import FactQuery
from bb_schema.turn_context import (
    ExtractedFact,
    InjectedExtraction,
    SeamSettings,
    TurnContextRequest,
    WriteBackRequest,
)

from .test_reflex_grammar import ask, md, slugs

INES = ("people/ines-falcon", md("Inés Falcón", type="person", aliases="[Inés]"))
HAKON = ("people/hakon-lied", md("Håkon Lied", type="person", aliases="[Håkon]"))
ANGEL = ("people/angel-rios", md("Ángel Ríos", type="person"))
GRAINNE = ("people/grainne-tuohy", md("Gráinne Tuohy", type="person"))


def nfd(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    assert decomposed != text  # the case holds a letter that decomposes
    return decomposed


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("spoke to inés about the kiln", [INES[0]]),
        ("håkon rang about the boat", [HAKON[0]]),
        ("Ángel is bringing the glazes on Friday.", [ANGEL[0]]),
        ("I asked Gráinne to bring the glazes.", [GRAINNE[0]]),
        ("Told Ríos the kiln is fixed.", [ANGEL[0]]),
        # read right in NFD before too: the mark fell after the capitalised part
        ("Inés Falcón says the kiln is fixed.", [INES[0]]),
    ],
)
def test_a_turn_in_nfd_names_whom_it_names_in_nfc(
    engine: Engine, make_brain: Any, text: str, expected: list[str]
) -> None:
    brain = make_brain(INES, HAKON, ANGEL, GRAINNE)
    assert slugs(ask(engine, brain, text)) == expected
    assert slugs(ask(engine, brain, nfd(text))) == expected


@pytest.mark.parametrize(
    "text", ["Told Ríos the kiln is fixed.", "Ángel is bringing the glazes on Friday."]
)
def test_a_page_seeded_in_nfd_is_named_by_its_nfc_spelling(
    engine: Engine, make_brain: Any, text: str
) -> None:
    """Held before too (aliases are keyed with accents folded); pinned for the NFC reading."""
    brain = make_brain((ANGEL[0], nfd(ANGEL[1])))
    assert slugs(ask(engine, brain, text)) == [ANGEL[0]]


@pytest.mark.parametrize("form", ["NFC", "NFD"])
def test_prior_context_in_either_form_holds_a_page_back(
    engine: Engine, make_brain: Any, form: str
) -> None:
    brain = make_brain(INES)
    prior = unicodedata.normalize(form, "User: Inés Falcón rang about the kiln.")
    request = TurnContextRequest(
        brain_id=brain,
        session_id="s",
        active_source="default",
        turn=PublicTurn(turn_id=3, role="user", text="and Inés Falcón wants it back"),
        prior_context=prior,
        settings=SeamSettings(pointer_budget=3, suppression="prior-context"),
    )
    assert slugs(engine.turn_context(request)) == []
    unsuppressed = request.model_copy(
        update={"settings": SeamSettings(pointer_budget=3, suppression="none")}
    )
    assert slugs(engine.turn_context(unsuppressed)) == [INES[0]]


def _stored(engine: Engine, brain: str, text: str, **kw: Any) -> list[tuple[str, str | None]]:
    engine.write_back(
        WriteBackRequest(
            brain_id=brain,
            source="default",
            session_id=f"s-{len(text)}-{kw.get('extractor', 'rules')}",
            turns=[PublicTurn(turn_id=1, role="user", text=text)],
            **kw,
        )
    )
    listed = engine.list_facts(FactQuery(brain_id=brain, source="default"))
    return [(fact.fact, fact.entity_slug) for fact in listed.facts]


def test_the_rules_extractor_stores_from_nfd_what_it_stores_from_nfc(
    engine: Engine, make_brain: Any
) -> None:
    text = "Inés Falcón is moving the pottery class to Thursdays."
    from_nfc = _stored(engine, make_brain(INES), text, extractor="rules")
    from_nfd = _stored(engine, make_brain(INES), nfd(text), extractor="rules")
    assert from_nfc == [(text, INES[0])]
    assert from_nfd == from_nfc


def test_gold_extraction_keyed_by_the_other_form_still_finds_its_turn(
    engine: Engine, make_brain: Any
) -> None:
    text = "Inés Falcón is moving the pottery class to Thursdays."
    fact = ExtractedFact(fact="Inés moves the class to Thursdays", entity_slug=INES[0])
    injected = [InjectedExtraction(turn_text=text, facts=[fact])]
    stored = _stored(engine, make_brain(INES), nfd(text), extractor="gold", injected=injected)
    assert stored == [("Inés moves the class to Thursdays", INES[0])]

"""Multi-source fixtures: source isolation under a shared slug and leak canaries.

Each fixture has the default source and one named source; the active one is ``default`` in
half the fixtures and the named one in the other half. Pages:

* a twin: the same slug in both sources with different content (gold when asked: the slug);
* one or two pages only in the active source (gold when asked);
* one or two leak canaries, pages only in the inactive source: asking about them must stay
  silent, and their slugs never appear in gold.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from bb_schema import DEFAULT_SOURCE

from bb_corpus.generator import _phrases as ph
from bb_corpus.generator._model import Conversation, Draft, Line
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Namer, Page, describe

MULTI_SOURCE_SUITES = ("know-to-ask", "push")

_SOURCE_NAMES: Final = ("teambrain", "workbrain", "clientbrain", "archive")
_ASKS: Final = (
    "What do I know about {e}?",
    "What do we know about {e}?",
    "Anything on {e} in here?",
    "Give me the short version on {e}.",
)


def _in(source: str, page: Page) -> Page:
    return replace(page, source_id=None if source == DEFAULT_SOURCE else source)


def multi_source(rng: Prng, fixture_id: str, index: int) -> Draft:
    """One multi-source fixture; odd ``index`` values make the named source active."""
    namer = Namer(rng)
    named = rng.choice(_SOURCE_NAMES)
    active, inactive = (named, DEFAULT_SOURCE) if index % 2 == 1 else (DEFAULT_SOURCE, named)
    twin = namer.person()
    locals_ = [namer.of_kind(rng.choice(("company", "project"))) for _ in range(rng.between(1, 2))]
    canaries = [namer.of_kind(rng.choice(("company", "fund"))) for _ in range(rng.between(1, 2))]
    world = [twin, *locals_, *canaries]
    twin_active = describe(rng, twin, world)
    twin_other = replace(
        describe(rng, twin, world),
        summary=f"Profile kept in the {inactive} source.",
    )
    pages = [
        _in(DEFAULT_SOURCE, twin_active if active == DEFAULT_SOURCE else twin_other),
        _in(named, twin_active if active == named else twin_other),
        *(_in(active, describe(rng, e, world)) for e in locals_),
        *(_in(inactive, describe(rng, e, world)) for e in canaries),
    ]
    conv = Conversation(frozenset([twin.slug, *(e.slug for e in locals_)]))
    for entity in rng.shuffled([twin, *locals_, *canaries]):
        conv.ask(Line(rng.choice(_ASKS).format(e=entity.title), named=(entity,)))
        if rng.chance(1, 3):
            conv.say(rng.choice(ph.ASSISTANT))
    variant = f"active-{'default' if active == DEFAULT_SOURCE else 'named'}"
    return Draft(
        fixture_id, "multi-source", variant, MULTI_SOURCE_SUITES, pages, conv.turns,
        sources=(named,), active_source=active, canaries=tuple(e.slug for e in canaries),
    )  # fmt: skip

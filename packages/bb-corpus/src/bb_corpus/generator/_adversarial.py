"""Adversarial fixtures: the hard edges of reflex resolution, one variant per fixture.

* ``near-miss``: a name one suffix away from a page's alias ("Dorrina" when the alias is
  "dorrin") that matches no page at all: silent. The real name later: retrieve.
* ``stopword``: a project whose alias is a common word, used as that word: silent. The
  project by its title later: retrieve.
* ``ambiguous``: two pages share an alias and the turn uses only that alias: silent
  (precision first: a resolver cannot pick). The full name later: retrieve.
* ``lowercase``: a known, distinctive alias written in lowercase: retrieve.
* ``surname``: a person named by a surname unique in the brain: retrieve.
* ``outdated``: a page holding an outdated and a current statement; asking about the current
  state: retrieve that page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bb_corpus.generator import _phrases as ph
from bb_corpus.generator import _pools as pools
from bb_corpus.generator._model import Conversation, Draft, Line
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Entity, Namer, Page, a_day, describe

ADVERSARIAL_SUITES = ("know-to-ask", "push")
VARIANTS: Final = ("near-miss", "stopword", "ambiguous", "lowercase", "surname", "outdated")

_NEAR_SUFFIXES: Final = ("ia", "ette", "ine", "ova")
_NEAR_ASKS: Final = (
    "Did {x} send the deck yet?",
    "Has anyone heard from {x} this week?",
    "I think {x} mentioned a pilot. Any idea?",
)
#: A sentence per common-word codename that uses the word in its ordinary sense.
_COMMON_USES: Final[dict[str, str]] = {
    "Bridge": "Can we bridge the gap between design and engineering this week?",
    "Harbor": "I don't harbor any doubts about the plan, just the timing.",
    "Signal": "Signal was weak on the train, so I missed your message.",
    "Summit": "I'm hiking to the summit on Saturday, so no calls.",
    "Anchor": "Let's anchor the discussion on last quarter's numbers.",
    "Compass": "I lost my compass on this one. What should I focus on first?",
    "Lantern": "The lantern in the lobby is broken again, someone should tell facilities.",
    "Beacon": "That demo was a beacon of clarity in a messy week.",
    "Ledger": "Please update the expense ledger before the end of the month.",
    "Canvas": "Start from a blank canvas for the new landing page.",
    "Pilot": "We should pilot the new intake form with two teams first.",
    "Spring": "Spring cleaning for my inbox starts today.",
}
_AMBIGUOUS_ASKS: Final = {
    "person": (
        "Did {x} reply to the email yet?",
        "What did {x} think about the proposal?",
    ),
    "company": (
        "Any news from {x}?",
        "Did {x} send over the updated numbers?",
    ),
}
_LOWER_ASKS: Final = (
    "did {x} get back to you about the intro?",
    "any update from {x} on the renewal?",
    "remind me what {x} wanted from us",
    "ok so what's the story with {x} again?",
)
_SURNAME_ASKS: Final = (
    "What did {x} think of the proposal?",
    "Has {x} signed the advisor agreement?",
    "Remind me when {x} and I last met.",
)


def _others(rng: Prng, namer: Namer, world: list[Entity]) -> list[Entity]:
    extra = [namer.of_kind(rng.choice(("company", "fund", "project"))) for _ in range(2)]
    return [*world, *extra]


def _near_miss(rng: Prng, namer: Namer, conv_pages: list[Page]) -> tuple[list[Entity], list[Line]]:
    target = namer.person() if rng.chance(1, 2) else namer.company()
    # "Dorrin" -> "Dorrinia", "Isandra" -> "Isandrette": the name plus more, never a page.
    base = target.short[:-1] if target.short[-1] in "aeiou" else target.short
    near = next(
        base + suffix for suffix in rng.shuffled(_NEAR_SUFFIXES)
        if (base + suffix).lower() not in namer.used
    )  # fmt: skip
    namer.reserve(near)
    world = _others(rng, namer, [target])
    other = world[1]
    lines = [
        Line(rng.choice(_NEAR_ASKS).format(x=near)),
        ph.ask_one(rng, other, "full"),
        ph.ask_one(rng, target, "full"),
    ]
    return world, lines


def _stopword(rng: Prng, namer: Namer, conv_pages: list[Page]) -> tuple[list[Entity], list[Line]]:
    project = namer.project(pools.COMMON_WORD_CODENAMES)
    world = _others(rng, namer, [project])
    lines = [
        Line(_COMMON_USES[project.stem]),
        Line(f"What's the status of {project.title}?", named=(project,)),
        ph.ask_one(rng, world[1], "full"),
    ]
    return world, lines


def _ambiguous(rng: Prng, namer: Namer, conv_pages: list[Page]) -> tuple[list[Entity], list[Line]]:
    if rng.chance(1, 2):
        first = namer.person()
        second = namer.person(first=first.first)
    else:
        first = namer.company()
        second = namer.company(stem=first.stem, avoid_suffix=first.title.split()[-1])
    world = _others(rng, namer, [first, second])
    pick = rng.choice((first, second))
    lines = [
        Line(rng.choice(_AMBIGUOUS_ASKS[first.kind]).format(x=first.short)),
        ph.ask_one(rng, pick, "full"),
    ]
    return world, lines


def _lowercase(rng: Prng, namer: Namer, conv_pages: list[Page]) -> tuple[list[Entity], list[Line]]:
    target = namer.person() if rng.chance(1, 2) else namer.company()
    world = _others(rng, namer, [target])
    lines = [
        Line(rng.choice(_LOWER_ASKS).format(x=target.aliases[0]), named=(target,)),
        ph.plain(rng, ph.SMALL_TALK),
        ph.ask_one(rng, world[1], "full"),
    ]
    return world, lines


def _surname(rng: Prng, namer: Namer, conv_pages: list[Page]) -> tuple[list[Entity], list[Line]]:
    target = namer.person()
    world = _others(rng, namer, [target, namer.person()])
    lines = [
        Line(rng.choice(_SURNAME_ASKS).format(x=target.last), named=(target,)),
        ph.ask_one(rng, world[2], "full"),
    ]
    return world, lines


def _outdated(rng: Prng, namer: Namer, conv_pages: list[Page]) -> tuple[list[Entity], list[Line]]:
    target = namer.person()
    world = _others(rng, namer, [target])
    old_role, new_role = rng.sample(("CFO", "COO", "head of product", "VP of sales"), 2)
    before, since = sorted((a_day(rng), a_day(rng)))
    company = next((e.title for e in world if e.kind == "company"), "a stealth startup")
    conv_pages.append(
        Page(
            target,
            f"Now {new_role} of {company}; previously {old_role}.",
            f"Outdated: until {before.isoformat()}, {target.title} was {old_role} of {company}. "
            f"Current: since {since.isoformat()}, {target.title} is {new_role} of {company}. "
            "Prefers written updates before any call.",
        )
    )
    ask = rng.choice(
        (
            "Is {x} still the {old}, or did that change?",
            "What is {x} doing these days? Still {old}?",
        )
    )
    lines = [
        Line(ask.format(x=target.title, old=old_role), named=(target,)),
        ph.plain(rng, ph.SMALL_TALK),
        ph.ask_one(rng, world[1], "full"),
    ]
    return world, lines


_BUILDERS: Final[
    dict[str, Callable[[Prng, Namer, list[Page]], tuple[list[Entity], list[Line]]]]
] = {
    "near-miss": _near_miss,
    "stopword": _stopword,
    "ambiguous": _ambiguous,
    "lowercase": _lowercase,
    "surname": _surname,
    "outdated": _outdated,
}


def adversarial(rng: Prng, fixture_id: str, variant: str) -> Draft:
    """One adversarial fixture of ``variant`` (one of :data:`VARIANTS`)."""
    namer = Namer(rng)
    pages: list[Page] = []
    world, lines = _BUILDERS[variant](rng, namer, pages)
    written = {page.entity.slug for page in pages}
    pages += [describe(rng, e, world) for e in world if e.slug not in written]
    conv = Conversation(frozenset(e.slug for e in world))
    for number, line in enumerate(lines):
        conv.ask(line)
        if number < len(lines) - 1 and rng.chance(1, 2):
            conv.say(rng.choice(ph.ASSISTANT))
    return Draft(fixture_id, "adversarial", variant, ADVERSARIAL_SUITES, pages, conv.turns)

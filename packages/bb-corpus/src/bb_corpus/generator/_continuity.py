"""Continuity pairs: a writer session decides, a later reader session asks.

The writer is a timestamped write-back conversation with one or two decision turns, each a
gold fact (kind ``commitment`` or ``fact``) about one company or project. The reader is a
separate fixture with the same ``pair_id`` and no seed pages (the pair is prepared from the
writer's seeds): it names each decided entity once, which is a retrieving turn, and its gold
probes every decision with keywords that appear in the writer's decision text.

The writer also seeds older background facts about the same entities (more than the
runner's recall cap), so a memory that answers a recall with everything it holds, in storage
order, runs out of room before the decisions. No background fact holds a decision's keyword,
and the decision keyword is in no reader turn and no seeded page: only the writer's
conversation can carry a decision to the reader (the corpus validation checks this).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bb_schema import FactKind

from bb_corpus.generator import _phrases as ph
from bb_corpus.generator._model import Clock, Conversation, DecisionSpec, Draft, FactSpec, Line
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Entity, Namer, a_moment, describe

WRITER_SUITES = ("write-back", "continuity")
READER_SUITES = ("continuity",)

_OPENERS: Final = (
    "Partner meeting wrapped on {e}.",
    "Investment committee just finished. We covered {e}.",
    "Wrapped the Monday partner sync, mostly about {e}.",
)
_REPLIES: Final = ("What was the call?", "Where did you land?", "What did you decide?")
_ASKS: Final = (
    "Where did we land on {e}?",
    "Remind me what we decided about {e}.",
    "What was the final call on {e}?",
    "Quick check before I reply: what's our position on {e}?",
)

#: (sentence, fact, gist, keyword, kind); ``{e}`` is the entity title.
_COMPANY_DECISIONS: Final[tuple[tuple[str, str, str, str, FactKind], ...]] = (
    (
        "We decided to pass on {e}. Pricing is too rich at this stage.",
        "Decided to pass on {e} because pricing is too rich",
        "pass decision",
        "pass",
        "commitment",
    ),
    (
        "We agreed to lead the next round in {e} at $X.",
        "Agreed to lead the next round in {e} at $X",
        "lead decision",
        "lead the next round",
        "commitment",
    ),
    (
        "Status: {e} is on the watch list until they show retention data.",
        "{e} is on the watch list until retention data is shown",
        "watch list decision",
        "watch list",
        "fact",
    ),
    (
        "We committed to a follow-on check for {e} if the pilot converts.",
        "Committed to a follow-on check for {e} if the pilot converts",
        "follow-on decision",
        "follow-on check",
        "commitment",
    ),
    (
        "Final answer: we will not renew the pilot with {e}.",
        "Will not renew the pilot with {e}",
        "no-renewal decision",
        "not renew",
        "commitment",
    ),
)
_PROJECT_DECISIONS: Final[tuple[tuple[str, str, str, str, FactKind], ...]] = (
    (
        "Outcome: the partners approved the {e} budget for next year.",
        "The partners approved the {e} budget for next year",
        "budget approval",
        "approved",
        "fact",
    ),
    (
        "We decided to pause {e} until the next quarter.",
        "Decided to pause {e} until the next quarter",
        "pause decision",
        "pause",
        "commitment",
    ),
    (
        "We agreed to move {e} to the platform team.",
        "Agreed to move {e} to the platform team",
        "ownership move",
        "platform team",
        "commitment",
    ),
    (
        "We decided to cancel {e} and fold the work into the roadmap.",
        "Decided to cancel {e} and fold the work into the roadmap",
        "cancellation",
        "cancel",
        "commitment",
    ),
)

#: Background facts seeded with the writer (older than any decision), ``{e}`` the entity.
#: None may contain a decision keyword: validation refuses a pair where one would echo.
_BACKGROUND: Final = (
    "{e} was first shown to us at a demo day",
    "{e} shared its quarterly metrics deck with the team",
    "{e} moved into a larger office this spring",
    "{e} hired a head of operations",
    "{e} has a long sales cycle with enterprise buyers",
    "{e} asked for an updated data room checklist",
    "{e} ran a customer survey with good results",
    "{e} reported steady hiring across two teams",
)
#: Background facts per pair: more than the runner keeps of one recall answer (5).
BACKGROUND_FACTS: Final = 6

Maker = Callable[[Prng, str], Draft]


def _background(rng: Prng, subjects: list[Entity]) -> list[dict[str, str]]:
    """Seeded facts about the pair's subjects, round robin, none of them a decision."""
    lines = rng.sample(_BACKGROUND, BACKGROUND_FACTS)
    return [
        {
            "fact": line.format(e=subjects[i % len(subjects)].title),
            "entity_slug": subjects[i % len(subjects)].slug,
            "source": "seed",
        }
        for i, line in enumerate(lines)
    ]


def pair(rng: Prng, pair_id: str) -> tuple[Draft, Draft]:
    """The writer and reader drafts of one continuity pair."""
    namer = Namer(rng)
    count = 2 if rng.chance(1, 3) else 1
    subjects: list[Entity] = [
        namer.company() if rng.chance(2, 3) else namer.project() for _ in range(count)
    ]
    world = [*subjects, namer.person()]
    pages = [describe(rng, entity, world) for entity in world]
    writer = Conversation(frozenset(e.slug for e in world), Clock(a_moment(rng)), rng)
    writer.note(Line(rng.choice(_OPENERS).format(e=subjects[0].title)))
    writer.say(rng.choice(_REPLIES))
    decisions: list[DecisionSpec] = []
    templates = {
        "company": rng.sample(_COMPANY_DECISIONS, count),
        "project": rng.sample(_PROJECT_DECISIONS, count),
    }
    for number, subject in enumerate(subjects, start=1):
        sentence, fact, gist, keyword, kind = templates[subject.kind].pop()
        fact_spec = FactSpec(
            gist, fact.format(e=subject.title), subject.slug, (keyword, subject.title), kind
        )
        writer.note(Line(sentence.format(e=subject.title), facts=(fact_spec,)))
        if number < count:
            writer.say(rng.choice(("Noted. Anything else?", "Got it. Next?")))
        decisions.append(DecisionSpec(f"d{number}", (subject.slug,), (keyword, subject.title)))
    reader = Conversation(frozenset(e.slug for e in world))
    if rng.chance(1, 3):
        reader.ask(ph.plain(rng, ph.SMALL_TALK))
    for subject in rng.shuffled(subjects):
        reader.ask(Line(rng.choice(_ASKS).format(e=subject.title), named=(subject,)))
        reader.say(rng.choice(ph.ASSISTANT))
    variant = f"decisions-{count}"
    return (
        Draft(
            f"{pair_id}-writer", "continuity", variant, WRITER_SUITES, pages, writer.turns,
            seed_facts=_background(rng, subjects), pair=(pair_id, "writer"),
            decisions=decisions,
        ),
        Draft(
            f"{pair_id}-reader", "continuity", variant, READER_SUITES, (), reader.turns,
            pair=(pair_id, "reader"), decisions=decisions,
        ),
    )  # fmt: skip

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

Phrasing is free: each decision has several wordings around its keyword, the writer may add an
aside that decides nothing (a guess is no fact; a view some of the team holds is a
``belief``), and the reader asks in the shapes and registers of the retrieval families (names
from the cast of many cultures), never with a decision's keyword.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Final

from bb_schema import FactKind

from bb_corpus.generator import _chatter as chat
from bb_corpus.generator._model import Clock, Conversation, DecisionSpec, Draft, FactSpec, Line
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._scene import Scene
from bb_corpus.generator._text import Name, fill, line, plain
from bb_corpus.generator._universe import Entity, a_moment

WRITER_SUITES = ("write-back", "continuity")
READER_SUITES = ("continuity",)

_OPENERS: Final = (
    "Partner meeting wrapped on {e}.",
    "Investment committee just finished. We covered {e}.",
    "Wrapped the Monday partner sync, mostly about {e}.",
    "ok, IC is done. {e} took most of the hour.",
    "Long debate about {e} this morning, finally settled.",
)
_REPLIES: Final = ("What was the call?", "Where did you land?", "What did you decide?")
_ASKS: Final = (
    "Where did we land on {e}?",
    "Remind me what we decided about {e}.",
    "What was the final call on {e}?",
    "Quick check before I reply: what's our position on {e}?",
    "{e} is emailing me again. What did the partners say?",
    "what happened with {e} at the last partner meeting?",
    "Before my call with {e}: where do we stand?",
    "Refresh me on {e}, what's the outcome?",
)
#: Asides the writer adds that decide nothing; ``{e}`` a subject.
_MUSINGS: Final = (
    "Honestly not sure how {e} plays out long term.",
    "I wonder whether {e} would look different in a year.",
    "Some of the team still has doubts about {e}, for what it's worth.",
)
#: The asides that still state something (a view some people hold is a ``belief``):
#: aside -> (gist, fact, keyword). The others are guesses and carry no fact.
_BELIEFS: Final[dict[str, tuple[str, str, str]]] = {
    _MUSINGS[2]: ("team doubts", "Some of the team has doubts about {e}", "doubts"),
}
#: Other wordings of each decision sentence (same keyword, same fact); index-aligned below.
_WORDINGS: Final[dict[str, tuple[str, ...]]] = {
    "pass decision": ("Final call on {e}: we pass. Pricing is too rich at this stage.",
                      "We're going to pass on {e}; the pricing is too rich right now."),
    "lead decision": ("Decision: we lead the next round in {e} at $X.",
                      "We'll lead the next round in {e}, at $X."),
    "watch list decision": ("{e} goes on the watch list until they show retention data.",
                            "Putting {e} on the watch list until there's retention data."),
    "follow-on decision": ("If the pilot converts, {e} gets a follow-on check from us.",
                           "We committed to a follow-on check for {e}, pending the pilot."),
    "no-renewal decision": ("We will not renew the pilot with {e}, final answer.",
                            "Decided: we do not renew the {e} pilot."),
    "budget approval": ("The {e} budget for next year got approved by the partners.",
                        "Good news: the partners approved next year's {e} budget."),
    "pause decision": ("{e} is on pause until the next quarter.",
                       "We'll pause {e} until next quarter."),
    "ownership move": ("{e} moves to the platform team.",
                       "Agreed: the platform team takes over {e}."),
    "cancellation": ("We'll cancel {e} and fold the work into the roadmap.",
                     "Plan is to cancel {e} and fold the work into the roadmap."),
}  # fmt: skip

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


def _echoes(keyword: str, texts: list[str]) -> bool:
    return any(keyword.casefold() in text.casefold() for text in texts)


def _with_belief(said: Line, belief: tuple[str, str, str] | None, subject: Entity) -> Line:
    """An aside with its ``belief`` fact, when it has one and the styled text still says it."""
    if belief is None:
        return said
    gist, fact, keyword = belief
    text = said.text.casefold()
    if keyword.casefold() not in text or subject.title.casefold() not in text:
        return said  # a slip took the word: nothing a memory could keep verbatim
    spec = FactSpec(gist, fact.format(e=subject.title), subject.slug, (keyword, subject.title),
                    "belief")  # fmt: skip
    return dataclasses.replace(said, facts=(spec,))


def _decide(rng: Prng, subject: Entity, options: list[tuple[str, str, str, str, FactKind]],
            public: list[str]) -> tuple[str, str, str, str, FactKind]:  # fmt: skip
    """A decision for ``subject`` whose keyword nothing public holds (page, name, reader)."""
    fresh = [o for o in options if not _echoes(o[3], public)]
    choice = rng.choice(fresh or options)
    options.remove(choice)
    return choice


def pair(rng: Prng, pair_id: str) -> tuple[Draft, Draft]:
    """The writer and reader drafts of one continuity pair."""
    sc = Scene.new(rng)
    count = 2 if rng.chance(1, 3) else 1
    subjects: list[Entity] = [
        sc.cast.company() if rng.chance(2, 3) else sc.cast.project() for _ in range(count)
    ]
    sc.add(*subjects, sc.cast.person())
    sc.write_pages()
    pages = sc.pages
    public = [f"{p.entity.slug}\n{p.content()}" for p in pages]
    writer = Conversation(sc.conv.known, Clock(a_moment(rng)), rng)
    opener = fill(sc.pick(_OPENERS), {"e": sc.mention(subjects[0], "full")})
    writer.note(line(sc.styled(opener)))
    writer.say(rng.choice(_REPLIES))
    decisions: list[DecisionSpec] = []
    options = {"company": list(_COMPANY_DECISIONS), "project": list(_PROJECT_DECISIONS)}
    for number, subject in enumerate(subjects, start=1):
        sentence, fact, gist, keyword, kind = _decide(rng, subject, options[subject.kind], public)
        fact_spec = FactSpec(
            gist, fact.format(e=subject.title), subject.slug, (keyword, subject.title), kind
        )
        wording = rng.choice((sentence, *_WORDINGS[gist]))
        said = fill(wording, {"e": Name(subject.title, "mention", (subject,), "full")})
        writer.note(line(said, (fact_spec,)))
        if rng.chance(1, 4):
            aside = sc.pick(_MUSINGS)
            musing = line(sc.styled(fill(aside, {"e": sc.mention(subject, "full")})))
            writer.note(_with_belief(musing, _BELIEFS.get(aside), subject))
        if number < count:
            writer.say(rng.choice(("Noted. Anything else?", "Got it. Next?")))
        decisions.append(DecisionSpec(f"d{number}", (subject.slug,), (keyword, subject.title)))
    reader_scene = Scene(rng, sc.register, sc.cast, world=list(sc.world))
    reader_scene.conv = Conversation(sc.conv.known)
    said_keywords = [d.keywords[0] for d in decisions]
    asks = [t for t in _ASKS if not _echoes(" ".join(said_keywords), [t])]
    asks = [t for t in asks if not any(_echoes(k, [t]) for k in said_keywords)]
    if rng.chance(1, 3):
        reader_scene.ask(plain(reader_scene.pick(chat.SMALL_TALK)), wrap=False)
    for subject in rng.shuffled(subjects):
        form = rng.choice(("full", "full", "stem") + ("the-project",) * (subject.kind == "project"))
        name = reader_scene.mention(subject, form)
        for _ in range(8):  # a styled ask (a slip, a wrapper) must not say a decision keyword
            asked = reader_scene.styled(fill(reader_scene.pick(asks), {"e": name}))
            if not any(_echoes(k, [line(asked).text]) for k in said_keywords):
                break
        reader_scene.ask(asked, style=False)
        reader_scene.reply()
    reader = reader_scene.conv
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

"""Template phrases shared by the retrieval categories (know-to-ask, push, adversarial, ...).

Each function draws its variant from the PRNG and returns a :class:`Line`: the text and what
it names come out of the same draw. Phrases name entities only through the slots, and their
fixed words are common English, so nothing in a template can resolve to a page by accident.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from bb_corpus.generator._model import Line
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Entity

_ASK: Final[dict[str, tuple[str, ...]]] = {
    "person": (
        "What did {e} say about {topic} last time?",
        "Can you pull up my notes on {e}?",
        "Remind me who {e} is and how we met.",
        "I'm meeting {e} tomorrow. What should I know?",
        "What's {p} background again?",
        "When did I last talk to {e}?",
    ),
    "company": (
        "What's the latest on {e}?",
        "Where are we with the {e} deal?",
        "Summarize what we know about {e}.",
        "Is {e} still raising this year?",
        "What stage is {e} at now?",
    ),
    "fund": (
        "Has {e} invested alongside us before?",
        "What does {e} usually focus on?",
        "Who do we know at {e}?",
        "What was {p} last close?",
    ),
    "project": (
        "What's the status of {e}?",
        "Who owns {e} these days?",
        "When is {e} supposed to ship?",
        "Can you remind me what {e} is for?",
    ),
}

_PAIR: Final = (
    "How is {a} connected to {b}?",
    "Before my call, what do we know about {a} and {b}?",
    "Pull up {a} and {b} for me, please.",
    "Compare {a} and {b} for me.",
)
_PAIR_PERSON_COMPANY: Final = ("What did {a} say about the {b} deal?",)

_MIXED: Final = (
    "How does {new} compare with {old}?",
    "Next question: what about {new}? Same context as {old}.",
    "Is {new} related to {old} in any way?",
    "Put {new} next to {old} in my notes summary.",
)
_MIXED_PERSON: Final = (
    "Should I loop in {new} on the {old} thread?",
    "Does {new} know anyone involved with {old}?",
)

_REMENTION: Final = (
    "Ok, so {e} is still on my list.",
    "Right, {e}. Makes sense, let's move on.",
    "Good, I'll keep {e} in mind for later.",
    "Got it, that matches what I remembered about {e}.",
)

SMALL_TALK: Final = (
    "Thanks, that helps a lot.",
    "Great, appreciate it.",
    "Ok, give me a minute to read this.",
    "Perfect, thank you!",
    "Got it. Let me think about that.",
    "Good morning! How are you today?",
    "Sounds good to me.",
    "Hmm, interesting. Carry on.",
)

GENERIC_QUESTIONS: Final = (
    "What's a good way to structure a weekly update?",
    "How long should a board memo usually be?",
    "Can you suggest a clean agenda for a kickoff meeting?",
    "Any tips for writing a shorter status email?",
    "What's the difference between a term sheet and a side letter?",
    "Ok let's write some code. Nothing fancy, just cleanup.",
    "How should I prioritize my inbox this afternoon?",
    "What questions should I ask in a reference call?",
)

#: Capitalised non-entities: sentence-start common words, calendar words, capitalised nouns.
CAPITALISED_NON_ENTITIES: Final = (
    "Thanks for yesterday, the notes were useful.",
    "Budget season starts soon, so keep that in mind.",
    "Standup ran long again. Remind me to keep it short.",
    "Roadmap review is next week. Nothing to prep yet.",
    "Quick one: Q3 planning starts after the holidays.",
    "Honestly, Mondays are the worst for deep work.",
    "December is always slow for hiring.",
)

#: Sentences that use a calendar word alone, beside a page titled "<Word> Something".
CALENDAR_LINES: Final[dict[str, tuple[str, ...]]] = {
    "Monday": ("Monday again. Let me grab a coffee first and then we can start.",),
    "Friday": ("Friday is going to be packed, so let's plan around it.",),
    "January": ("January was a blur. Let's start fresh.",),
    "Thursday": ("Thursday works better for me than today.",),
    "March": ("March is usually when things get busy.",),
    "Tuesday": ("Tuesday is fully booked, so move my errands.",),
}

UNKNOWN_ASK: Final = (
    "Did {x} ever send over the deck?",
    "Anything on {x} in here?",
    "What do I know about {x}?",
    "Is {x} worth a meeting?",
)

ASSISTANT: Final = (
    "Here's what I have.",
    "Pulling that up now.",
    "Sure, one moment.",
    "Here is a short summary from your notes.",
    "Done. Anything else?",
    "Here are the highlights.",
)


def ask_one(rng: Prng, entity: Entity, form: str = "full") -> Line:
    """A single-entity ask; ``form`` is ``full``, ``possessive`` or ``short``."""
    template = rng.choice(_ASK[entity.kind])
    topic = rng.choice(("pricing", "the hiring plan", "the roadmap", "churn", "the next raise"))
    name = entity.short if form == "short" else entity.title
    if "{p}" in template or form == "possessive":
        name_p = name + ("'" if name.endswith("s") else "'s")
        if "{p}" not in template:
            template = rng.choice(("What's {p} latest news?", "Any update on {p} side?"))
        return Line(template.format(p=name_p, topic=topic), named=(entity,))
    return Line(template.format(e=name, topic=topic), named=(entity,))


def ask_pair(rng: Prng, first: Entity, second: Entity) -> Line:
    """A two-entity ask; both are named and both are gold unless already surfaced."""
    pool: tuple[str, ...] = _PAIR
    if first.kind == "person" and second.kind == "company":
        pool = _PAIR + _PAIR_PERSON_COMPANY
    return Line(rng.choice(pool).format(a=first.title, b=second.title), named=(first, second))


def ask_mixed(rng: Prng, new: Entity, old: Entity) -> Line:
    """A new entity beside a re-mentioned one."""
    pool = _MIXED + _MIXED_PERSON if new.kind == "person" else _MIXED
    return Line(rng.choice(pool).format(new=new.title, old=old.title), named=(new, old))


def remention(rng: Prng, entity: Entity) -> Line:
    """A turn that only re-mentions an entity surfaced earlier."""
    return Line(rng.choice(_REMENTION).format(e=entity.title), named=(entity,))


def plain(rng: Prng, pool: Sequence[str]) -> Line:
    """A turn naming nothing the brain knows."""
    return Line(rng.choice(pool))


def unknown(rng: Prng, name: str) -> Line:
    """An ask about a name the brain has no page for."""
    return Line(rng.choice(UNKNOWN_ASK).format(x=name))


def join_names(names: Sequence[str]) -> str:
    """``a, b, c and d``."""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


LineMaker = Callable[[Prng], Line]

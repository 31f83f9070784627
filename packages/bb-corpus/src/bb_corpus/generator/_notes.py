"""What a user tells memory, in free phrasing: each draw writes the words and the gold facts.

A :class:`Note` is a stretch of a turn plus the gold facts it makes. Kinds of note:

* a **claim**, in one of several phrasings (``{n}`` a person's mention, ``{c}`` a company's);
* a **correction**: a value said, then taken back for another; only the corrected value is a
  fact (the taken-back words are recorded as ``retracted`` for the tests);
* a **hedge** (a guess, a rumour, a question): no fact;
* a claim about **somebody with no page yet**: the facts belong to that person's new entity,
  under the slug a page about them would get.

Every keyword of a fact appears verbatim (any case) in the note and in the fact: a generator
bug otherwise, refused here. Attribution follows one rule: a preference or belief belongs to
the person who holds it, a commitment to the person it is made to, an event or a fact to the
entity it happened to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from bb_schema import FactKind

from bb_corpus._errors import CorpusRuntimeError
from bb_corpus.generator._model import FactSpec
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._text import Name, Utterance, fill, render
from bb_corpus.generator._universe import Entity, a_day


@dataclass(frozen=True)
class Note:
    """Words of a turn and the gold facts they make (none for a hedge)."""

    utterance: Utterance
    facts: tuple[FactSpec, ...] = ()
    retracted: tuple[str, ...] = ()


def _fact(gist: str, fact: str, slug: str, keywords: tuple[str, ...], kind: FactKind) -> FactSpec:
    return FactSpec(gist, fact, slug, keywords, kind)


def _note(
    rng: Prng, templates: Sequence[str], slots: dict[str, str | Name], *facts: FactSpec,
    retracted: tuple[str, ...] = (),
) -> Note:  # fmt: skip
    utterance = fill(rng.choice(templates), slots)
    text, _ = render(utterance)
    for fact in facts:
        for keyword in fact.keywords:
            if keyword.lower() not in text.lower() or keyword.lower() not in fact.fact.lower():
                raise CorpusRuntimeError(f"generator bug: keyword {keyword!r} not in {text!r}")
    return Note(utterance, facts, retracted)


_PREFERENCES: Final = (
    ("async updates", "weekly calls"), ("written memos", "slide decks"),
    ("morning meetings", "late calls"), ("a single lead investor", "a party round"),
    ("monthly check-ins", "quarterly reviews"), ("short agendas", "open discussions"),
)  # fmt: skip
_MARKETS: Final = ("freight", "payroll", "clinic software", "battery recycling", "grocery")
_WORRIES: Final = (
    ("pricing model undercuts gross margin", ("pricing", "gross margin")),
    ("hiring plan is too aggressive", ("hiring plan", "aggressive")),
    ("sales cycle is getting longer", ("sales cycle", "longer")),
)
_DOCS: Final = ("diligence checklist", "term sheet draft", "reference list", "board deck")
_WEEKDAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
_GATHERINGS: Final = ("founder breakfast", "logistics meetup", "operator roundtable")
_PRODUCTS: Final = ("partner portal", "self-serve plan", "mobile scheduling app")
_HIRES: Final = ("head of sales", "finance lead", "head of engineering", "data lead")
_CITIES: Final = ("Lisbon", "Porto", "Leeds", "Lyon", "Osaka", "Nairobi", "Valencia", "Krakow")
_ROLES_NEW: Final = ("partnerships", "customer success", "procurement", "investor relations")

Slots = dict[str, str | Name]


def prefers(rng: Prng, p: Entity, n: Name) -> Note:
    """A person's preference."""
    liked, other = rng.choice(_PREFERENCES)
    fact = _fact(f"prefers {liked}", f"{p.title} prefers {liked} over {other}", p.slug,
                 (liked, other), "preference")  # fmt: skip
    return _note(rng, (
        "{n} said the preference is {a} over {b}.",
        "{n} would rather get {a} than {b}.",
        "Note for later: {n} likes {a} better than {b}.",
        "{n} was clear: {a}, not {b}.",
    ), {"n": n, "a": liked, "b": other}, fact)  # fmt: skip


def believes(rng: Prng, p: Entity, n: Name) -> Note:
    """A person's view of a market."""
    market = rng.choice(_MARKETS)
    fact = _fact(f"{market} consolidation view",
                 f"{p.title} thinks the {market} market will consolidate within a year",
                 p.slug, (market, "consolidate"), "belief")  # fmt: skip
    return _note(rng, (
        "{n} thinks the {m} market will consolidate within a year.",
        "{n} is convinced the {m} market will consolidate within a year.",
        "According to {n}, the {m} market will consolidate within a year.",
    ), {"n": n, "m": market}, fact)  # fmt: skip


def worried(rng: Prng, p: Entity, n: Name) -> Note:
    """A person's worry."""
    worry, keywords = rng.choice(_WORRIES)
    fact = _fact("worry about " + keywords[0], f"{p.title} is worried the {worry}", p.slug,
                 keywords, "belief")  # fmt: skip
    return _note(rng, (
        "{n} is worried the {w}.",
        "{n} raised a concern: the {w}.",
        "One worry from {n}: the {w}.",
    ), {"n": n, "w": worry}, fact)  # fmt: skip


def committed(rng: Prng, p: Entity, n: Name) -> Note:
    """Something the user committed to doing for a person."""
    doc, day = rng.choice(_DOCS), rng.choice(_WEEKDAYS)
    fact = _fact(f"{doc} commitment", f"Committed to sending {p.title} the {doc} by {day}",
                 p.slug, (doc, day), "commitment")  # fmt: skip
    return _note(rng, (
        "I committed to sending {n} the {d} by {day}.",
        "I promised {n} the {d} by {day}.",
        "Told {n} I'd get the {d} over by {day}.",
        "On me: the {d} to {n} by {day}.",
    ), {"n": n, "d": doc, "day": day}, fact)  # fmt: skip


def spoke(rng: Prng, p: Entity, n: Name) -> Note:
    """An event in a person's life."""
    gathering, when = rng.choice(_GATHERINGS), a_day(rng).isoformat()
    fact = _fact(f"spoke at {gathering}", f"{p.title} spoke at the {gathering} on {when}",
                 p.slug, (gathering, when), "event")  # fmt: skip
    return _note(rng, (
        "{n} spoke at the {g} on {w}.",
        "{n} gave a talk at the {g} on {w}.",
        "Saw {n} present at the {g} on {w}.",
    ), {"n": n, "g": gathering, "w": when}, fact)  # fmt: skip


def hired(rng: Prng, c: Entity, n: Name) -> Note:
    """A company's hire."""
    role = rng.choice(_HIRES)
    fact = _fact(f"hired {role}", f"{c.title} hired a {role}", c.slug, (role,), "fact")
    return _note(rng, (
        "{c} hired a {r}.",
        "{c} just brought on a new {r}.",
        "New {r} at {c}, started this week.",
    ), {"c": n, "r": role}, fact)  # fmt: skip


def billing(rng: Prng, c: Entity, n: Name) -> Note:
    """A company's billing change."""
    fact = _fact("annual billing", f"{c.title} moved billing to annual contracts", c.slug,
                 ("annual contracts",), "fact")  # fmt: skip
    return _note(rng, (
        "{c} moved billing to annual contracts.",
        "{c} switched everyone to annual contracts.",
        "Billing at {c} is on annual contracts now.",
    ), {"c": n}, fact)  # fmt: skip


def launched(rng: Prng, c: Entity, n: Name) -> Note:
    """A company's launch."""
    product, when = rng.choice(_PRODUCTS), a_day(rng).isoformat()
    fact = _fact(f"launched {product}", f"{c.title} launched the {product} on {when}", c.slug,
                 (product, when), "event")  # fmt: skip
    return _note(rng, (
        "{c} launched the {pr} on {w}.",
        "The {pr} went live at {c} on {w}.",
    ), {"c": n, "pr": product, "w": when}, fact)  # fmt: skip


def margin(rng: Prng, c: Entity, n: Name) -> Note:
    """A company's metric."""
    pct = f"{rng.between(40, 78)}%"
    fact = _fact("gross margin", f"{c.title} gross margin reached {pct} this quarter", c.slug,
                 ("gross margin", pct), "fact")  # fmt: skip
    return _note(rng, (
        "{c} says gross margin reached {p} this quarter.",
        "Gross margin at {c} is {p} this quarter.",
    ), {"c": n, "p": pct}, fact)  # fmt: skip


def revenue(rng: Prng, c: Entity, n: Name) -> Note:
    """A company's revenue news (amounts are always written $X)."""
    fact = _fact("MRR ahead of plan", f"{c.title} MRR hit $X last month, ahead of plan", c.slug,
                 ("MRR", "ahead of plan"), "fact")  # fmt: skip
    return _note(rng, (
        "{c} said MRR hit $X last month, ahead of plan.",
        "MRR at {c} was $X last month, which is ahead of plan.",
        "{c}: MRR of $X last month, ahead of plan.",
    ), {"c": n}, fact)  # fmt: skip


Maker = Callable[[Prng, Entity, Name], Note]
PERSON_NOTES: Final[tuple[Maker, ...]] = (prefers, believes, worried, committed, spoke)
COMPANY_NOTES: Final[tuple[Maker, ...]] = (hired, billing, launched, margin, revenue)


def correction(rng: Prng, c: Entity, n: Name) -> Note:
    """A value said, then corrected: the corrected value is the fact, the first is not."""
    shape = rng.below(3)
    if shape == 0:
        low = rng.between(12, 60)
        said, meant = f"{low} engineers", f"{low + rng.between(3, 9)} engineers"
        fact = _fact("engineering headcount", f"{c.title} has {meant}", c.slug, (meant,), "fact")
        templates = (
            "{c} has {x} now. Sorry, correction: {y}, not {x}.",
            "{c} is at {x}. Wait, no, {y}; I misread the deck.",
        )
    elif shape == 1:
        said, meant = rng.sample(_CITIES, 2)
        fact = _fact("HQ move", f"{c.title} is moving its HQ to {meant}", c.slug, ("HQ", meant),
                     "fact")  # fmt: skip
        templates = (
            "{c} is moving its HQ to {x}. I misspoke, the HQ move is to {y}.",
            "{c} is moving its HQ to {x}... no, scratch that: HQ goes to {y}.",
        )
    else:
        said, meant = rng.sample(_WEEKDAYS, 2)
        # a dated meeting is something that happens: an ``event``, like any other meeting
        fact = _fact("board meeting day", f"The {c.title} board meeting is on {meant}", c.slug,
                     ("board meeting", meant), "event")  # fmt: skip
        templates = (
            "The {c} board meeting is on {x}. Scratch that, the board meeting moved to {y}.",
            "{c} has its board meeting on {x}. Correction: the board meeting is {y}.",
        )
    return _note(rng, templates, {"c": n, "x": said, "y": meant}, fact, retracted=(said,))


#: Guesses, rumours and questions (``{c}`` a company, ``{n}`` a person): never a fact.
HEDGES: Final = (
    "Not sure, but I think {c} might be raising again?",
    "Rumour has it {n} is looking around, but I can't confirm that.",
    "Maybe {c} will switch to usage pricing at some point, who knows.",
    "I wonder if {n} would go for a shorter memo.",
    "Possibly {c} is talking to other investors too. No idea.",
    "{n} may or may not join the offsite, unclear.",
)


def hedge(rng: Prng, c: Name, n: Name) -> Note:
    """A guess, a rumour or a question: nothing memory should keep as a fact."""
    return _note(rng, HEDGES, {"c": c, "n": n})


def newcomer(rng: Prng, x: Entity, who: Name, company: Entity, c: Name) -> Note:
    """Somebody with no page yet: their role and a preference, both facts about them."""
    role = rng.choice(_ROLES_NEW)
    liked, other = rng.choice(_PREFERENCES)
    role_fact = _fact(f"runs {role}", f"{x.title} runs {role} at {company.title}", x.slug,
                      (f"runs {role}",), "fact")  # fmt: skip
    likes = _fact(f"prefers {liked}", f"{x.title} prefers {liked} over {other}", x.slug,
                  (liked, other), "preference")  # fmt: skip
    return _note(rng, (
        "Met {x}, who runs {r} at {c}; {x2} prefers {a} over {b}.",
        "New contact: {x} runs {r} at {c} and would rather get {a} than {b}.",
        "{x} (runs {r} at {c}, no notes on file yet) likes {a} better than {b}.",
    ), {"x": who, "x2": Name(x.first, "mention", (x,), "first"), "r": role, "c": c,
        "a": liked, "b": other}, role_fact, likes)  # fmt: skip


_JOINERS: Final = (" ", " Also, ", " Oh, and ", " Another thing: ")


def together(rng: Prng, notes: Sequence[Note]) -> tuple[Note, list[Note]]:
    """Several notes said in one turn: run on, with connectors, or as a bulleted list.

    Returns the turn's note and each note exactly as the turn words it (a connector may
    lowercase a note's first letter), so a later recap can repeat it word for word.
    """
    facts = tuple(f for note in notes for f in note.facts)
    retracted = tuple(r for note in notes for r in note.retracted)
    templates = tuple(t for note in notes for t in note.utterance.templates)
    if len(notes) > 1 and rng.chance(1, 4):
        pieces: list[str | Name] = ["Notes from the call:"]
        for note in notes:
            pieces += ["\n- ", *note.utterance.pieces]
        return Note(Utterance(tuple(pieces), templates), facts, retracted), list(notes)
    pieces = []
    as_said: list[Note] = []
    for index, note in enumerate(notes):
        said = note.utterance.pieces
        if index:
            joiner = rng.choice(_JOINERS)
            pieces.append(joiner)
            first = said[0]
            if joiner.endswith(", ") and isinstance(first, str) and not first.startswith("I"):
                said = (first[:1].lower() + first[1:], *said[1:])  # "Also, the board..."
        pieces += said
        as_said.append(Note(Utterance(said, note.utterance.templates), note.facts,
                            note.retracted))  # fmt: skip
    return Note(Utterance(tuple(pieces), templates), facts, retracted), as_said

"""A deterministic large brain: invented people, companies and projects, facts about them.

Names are built from syllables with the corpus generator's seeded PRNG, so the brain is the
same on every machine. Pages become alias index rows through the engine's own
:class:`bb_brain.pages.PageRecord` (the same normalisation ``Engine.seed`` stores), and the
turns the benchmark replays mention pages the way users do: full names, surnames, lowercase
nicknames, company names, plus ordinary words and capitalised sentence starts.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bb_brain.pages import PageRecord
from bb_corpus.generator import Prng, stream

SEED = 20260309
BRAIN_ID = "scale"
SOURCES = (("default", 9), ("archive", 1))  # (source, weight out of 10)
KINDS = ("event", "preference", "commitment", "belief", "fact")

_ONSETS = ("b", "br", "c", "d", "dr", "f", "g", "h", "j", "k", "l", "m", "n", "p", "qu", "r",
           "s", "st", "t", "th", "v", "w", "z", "ch", "sh", "gr", "pl", "tr")  # fmt: skip
_VOWELS = ("a", "e", "i", "o", "u", "ae", "ei", "ou", "ia", "y")
_CODAS = ("", "n", "r", "l", "s", "th", "x", "nd", "rk", "m", "ck", "v")
_COMPANY_SUFFIXES = ("Labs", "Works", "Systems", "Foods", "Health", "Capital", "Logistics",
                     "Robotics", "Studios", "Partners", "Analytics", "Energy")  # fmt: skip
_VERBS = ("prefers", "asked about", "committed to", "decided on", "worried about",
          "proposed", "signed off on", "pushed back on", "owns", "reviewed")  # fmt: skip
_OBJECTS = ("the quarterly plan", "async standups", "the pricing page", "a second pilot",
            "the renewal terms", "the hiring plan", "the security review", "a new vendor",
            "the launch date", "the budget cut", "weekly demos", "the migration")  # fmt: skip
_FILLER = ("Can you", "Please", "Quick one:", "Remind me", "Today", "Thanks,", "So", "Also")
_ASKS = ("check in with", "ask", "sync with", "follow up with", "loop in", "ping")
_TOPICS = ("about the renewal", "on the launch plan", "before Monday", "re the budget",
           "about next steps", "on the pricing draft", "after the review")  # fmt: skip


def _word(rng: Prng, syllables: int) -> str:
    parts = [rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS)]
    parts += [rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(syllables - 1)]
    word = "".join(parts)
    return word[:1].upper() + word[1:]


def _slug_word(text: str) -> str:
    return "-".join(text.lower().split())


@dataclass(frozen=True)
class Entity:
    """What the turn generator needs to mention a page."""

    source: str
    slug: str
    title: str
    alias: str | None
    kind: str


def pages(count: int) -> Iterator[tuple[PageRecord, Entity]]:
    """``count`` pages over :data:`SOURCES`: 60% people, 25% companies, 15% projects."""
    rng = stream(SEED, "scale", "pages")
    taken: set[tuple[str, str]] = set()
    weights = [source for source, weight in SOURCES for _ in range(weight)]
    for index in range(count):
        source = weights[index % len(weights)]
        roll = rng.below(100)
        alias: str | None = None
        if roll < 60:
            first, last = _word(rng, 2), _word(rng, 3)
            title, folder, kind = f"{first} {last}", "people", "person"
            if rng.chance(3, 10):
                alias = first.lower()[:4] + rng.choice(("y", "o", "ie", "z"))
        elif roll < 85:
            stem = _word(rng, 3)
            title = f"{stem} {rng.choice(_COMPANY_SUFFIXES)}"
            folder, kind = "companies", "company"
            if rng.chance(2, 10):
                alias = stem.lower()
        else:
            title, folder, kind = f"Project {_word(rng, 2)}", "projects", "project"
        base = f"{folder}/{_slug_word(title)}"
        slug, n = base, 1
        while (source, slug) in taken:
            n += 1
            slug = f"{base}-{n}"
        taken.add((source, slug))
        summary = f"{title}: {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}."
        record = PageRecord(
            source=source,
            slug=slug,
            title=title,
            page_type=kind,
            summary=summary,
            body=f"# {title}\n\n{summary} Notes kept since the first meeting.\n",
            aliases=(alias,) if alias else (),
        )
        yield record, Entity(source, slug, title, alias, kind)


def facts(count: int, entities: list[Entity]) -> Iterator[tuple[str, str, str, str, str, str]]:
    """``count`` rows of (source, fact, entity_slug, kind, source_session, origin)."""
    rng = stream(SEED, "scale", "facts")
    for index in range(count):
        entity = entities[rng.below(len(entities))]
        text = f"{entity.title} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)} (note {index})."
        yield (
            entity.source,
            text,
            entity.slug,
            rng.choice(KINDS),
            f"session-{index // 100}",
            "seed",
        )


def _mention(rng: Prng, entity: Entity) -> str:
    roll = rng.below(10)
    if entity.kind == "person" and roll < 3:
        return entity.title.split()[-1]  # surname only
    if entity.alias and roll < 6:
        return entity.alias  # lowercase nickname
    return entity.title


def turns(count: int, entities: list[Entity], source: str = "default") -> list[str]:
    """``count`` distinct user turns mentioning one to three pages of ``source``."""
    rng = stream(SEED, "scale", "turns")
    local = [entity for entity in entities if entity.source == source]
    texts: list[str] = []
    for index in range(count):
        picked = [local[rng.below(len(local))] for _ in range(1 + rng.below(3))]
        names = [_mention(rng, entity) for entity in picked]
        ask = f"{rng.choice(_FILLER)} {rng.choice(_ASKS)} {names[0]} {rng.choice(_TOPICS)}"
        rest = "".join(f", and tell {name} too" for name in names[1:])
        texts.append(f"{ask}{rest}? It is item {index} on my list.")
    return texts

"""The fictional universe: entities drawn from the pools, and their seed pages.

Each fixture builds its own small world from its own PRNG sub-stream. A :class:`Namer` hands
out names whose every token (first name, surname, company / fund / project stem) is unused in
that fixture, so the only name a turn can share with a page is one the template put there on
purpose. Pages are markdown with YAML frontmatter (``title``, ``type``, ``aliases``,
``summary``) and a body that carries information (roles, dates, relations), because push gold
distinguishes information-bearing pages from named-but-empty ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Final, Literal

from bb_corpus.generator import _pools as pools
from bb_corpus.generator._prng import Prng

EntityKind = Literal["person", "company", "fund", "project", "concept"]

_FIRST_DAY: Final = date(2024, 1, 1)
_LAST_DAY: Final = date(2026, 12, 20)


@dataclass(frozen=True)
class Entity:
    """Something the brain may have a page about.

    Attributes:
        kind: The page ``type``.
        slug: ``people/<first>-<last>``, ``companies/<stem>-<suffix>``, ``funds/...``,
            ``projects/<codename>`` or ``concepts/...``.
        title: The canonical name (what a full mention writes).
        aliases: Lowercase alias words from the frontmatter.
        first: A person's first name ("" for other kinds).
        last: A person's surname ("" for other kinds).
        stem: The alias word of a company, fund or project ("" for people and concepts).
        pronoun: A person's pronoun (she, he, they); "" when no turn refers by pronoun.
        nickname: A nickname the page records among its aliases ("" for none).
        honorific: A title the person goes by at work ("Dr.", "Prof."; "" for none).
        family_first: Whether the person's culture writes the family name first.
        san: Whether "-san" after the family name is a natural way to address them.
        suffix: A name suffix in the title ("Jr.", "III"; "" for none).
    """

    kind: EntityKind
    slug: str
    title: str
    aliases: tuple[str, ...]
    first: str = ""
    last: str = ""
    stem: str = ""
    pronoun: str = ""
    nickname: str = ""
    honorific: str = ""
    family_first: bool = False
    san: bool = False
    suffix: str = ""

    @property
    def short(self) -> str:
        """The short capitalised form: a person's first name, otherwise the stem."""
        return self.first or self.stem or self.title

    @property
    def possessive(self) -> str:
        """``Title's`` (``Title'`` when the title already ends in s)."""
        return self.title + ("'" if self.title.endswith("s") else "'s")


@dataclass(frozen=True)
class Page:
    """One seed page: an entity's summary and body, in one source."""

    entity: Entity
    summary: str
    body: str
    source_id: str | None = None

    def content(self) -> str:
        """The page markdown: YAML frontmatter, blank line, body."""
        lines = ["---", f"title: {self.entity.title}", f"type: {self.entity.kind}"]
        if self.entity.aliases:
            lines.append(f"aliases: [{', '.join(self.entity.aliases)}]")
        lines += [f"summary: {self.summary}", "---", "", self.body, ""]
        return "\n".join(lines)

    def to_json(self) -> dict[str, str]:
        """The fixture's ``seed_pages`` entry (stable key order)."""
        out = {"slug": self.entity.slug, "content": self.content()}
        if self.source_id is not None:
            out["source_id"] = self.source_id
        return out


def slugify(text: str) -> str:
    """Lowercase, words joined by hyphens."""
    return "-".join(text.lower().split())


def a_day(rng: Prng) -> date:
    """A day within 2024-2026 (the corpus's date window)."""
    span = (_LAST_DAY - _FIRST_DAY).days
    return _FIRST_DAY + timedelta(days=rng.below(span + 1))


def a_moment(rng: Prng) -> datetime:
    """A UTC working-hours moment within 2024-2026, on a whole minute."""
    day = a_day(rng)
    return datetime(day.year, day.month, day.day, rng.between(8, 16), rng.below(60), tzinfo=UTC)


@dataclass
class Namer:
    """Hands out entities whose name tokens are unused within one fixture."""

    rng: Prng
    used: set[str] = field(default_factory=set)

    def _fresh(self, pool: tuple[str, ...]) -> str:
        free = [name for name in pool if name.lower() not in self.used]
        picked = self.rng.choice(free)
        self.used.add(picked.lower())
        return picked

    def reserve(self, *tokens: str) -> None:
        """Mark tokens as taken (e.g. a near-miss spelling) so no entity uses them."""
        self.used.update(token.lower() for token in tokens)

    def person(self, first: str | None = None) -> Entity:
        """A person ``people/<first>-<last>`` with the lowercase first name as alias."""
        if first is None:
            first = self._fresh(pools.FIRST_NAMES)
        last = self._fresh(pools.SURNAMES)
        title = f"{first} {last}"
        return Entity("person", f"people/{slugify(title)}", title, (first.lower(),), first, last)

    def company(self, stem: str | None = None, avoid_suffix: str = "") -> Entity:
        """A company ``companies/<stem>-<suffix>`` with its lowercase stem as alias."""
        if stem is None:
            stem = self._fresh(pools.COMPANY_STEMS)
        suffix = self.rng.choice([s for s in pools.COMPANY_SUFFIXES if s != avoid_suffix])
        title = f"{stem} {suffix}"
        return Entity("company", f"companies/{slugify(title)}", title, (stem.lower(),), stem=stem)

    def fund(self) -> Entity:
        """A fund ``funds/<stem>-<suffix>`` with its lowercase stem as alias."""
        stem = self._fresh(pools.FUND_STEMS)
        title = f"{stem} {self.rng.choice(pools.FUND_SUFFIXES)}"
        return Entity("fund", f"funds/{slugify(title)}", title, (stem.lower(),), stem=stem)

    def project(self, codenames: tuple[str, ...] = pools.PROJECT_CODENAMES) -> Entity:
        """A project ``projects/<codename>`` titled ``Project <Codename>``."""
        name = self._fresh(codenames)
        return Entity(
            "project", f"projects/{slugify(name)}", f"Project {name}", (name.lower(),), stem=name
        )

    def concept(self) -> tuple[str, Entity, str]:
        """A calendar concept page; returns (calendar word, entity, summary)."""
        free = [c for c in pools.CALENDAR_CONCEPTS if c[0].lower() not in self.used]
        word, title, summary = self.rng.choice(free)
        self.used.add(word.lower())
        return word, Entity("concept", f"concepts/{slugify(title)}", title, ()), summary

    def of_kind(self, kind: EntityKind) -> Entity:
        """A fresh entity of one of the four named kinds."""
        if kind == "person":
            return self.person()
        if kind == "company":
            return self.company()
        if kind == "fund":
            return self.fund()
        return self.project()


_ROLES: Final = ("founder and CEO", "CTO", "head of finance", "VP of sales", "head of product")
_NOTES: Final = (
    "Prefers written updates before any call.",
    "Usually replies within a day.",
    "Asked to be kept posted on hiring.",
    "Wants a quarterly check-in on the roadmap.",
    "Introduced us to two design partners.",
)
_TOPICS: Final = ("the hiring plan", "pricing", "the product roadmap", "the next raise", "churn")


def describe(rng: Prng, entity: Entity, world: list[Entity]) -> Page:
    """An information-bearing page for ``entity``, relating it to others in ``world``."""
    others = [e for e in world if e.slug != entity.slug]
    companies = [e.title for e in others if e.kind == "company"] or ["a stealth startup"]
    people = [e.title for e in others if e.kind == "person"]
    met, spoke = (day.isoformat() for day in sorted((a_day(rng), a_day(rng))))
    if entity.kind == "person":
        role, company = rng.choice(_ROLES), rng.choice(companies)
        summary = (
            f"{role[0].upper()}{role[1:]} of {company}; met at {rng.choice(pools.MEETING_PLACES)}."
        )
        body = (
            f"{entity.title} is the {role} of {company}. First met on {met}. "
            f"{rng.choice(_NOTES)} Last spoke on {spoke} about {rng.choice(_TOPICS)}."
        )
    elif entity.kind == "company":
        sector, stage = rng.choice(pools.SECTORS), rng.choice(pools.STAGES)
        founder = rng.choice(people) if people else ""
        summary = f"{stage[0].upper()}{stage[1:]} {sector} company"
        summary += f" founded by {founder}." if founder else "."
        founded = f" Founded by {founder}." if founder else ""
        body = (
            f"{entity.title} builds {sector} and is at the {stage} stage.{founded} "
            f"We first looked at them on {met}; the last board update came on {spoke}."
        )
    elif entity.kind == "fund":
        focus, stage = rng.choice(pools.FUND_FOCUS), rng.choice(pools.STAGES)
        summary = f"Fund investing in {focus} at the {stage} stage."
        body = (
            f"{entity.title} invests in {focus}, mostly at the {stage} stage. "
            f"Co-invested with us in {rng.choice(companies)}. Last fund close on {met}."
        )
    else:
        goal = rng.choice(pools.PROJECT_GOALS)
        owner = rng.choice(people) if people else "the platform team"
        summary = f"Internal project to {goal}."
        body = (
            f"{entity.title} is the internal project to {goal}. Owner is {owner}. "
            f"Kicked off on {met}; target date {spoke}."
        )
    return Page(entity, summary, body)


def stub(entity: Entity) -> Page:
    """A named-but-empty page: the brain knows the name and nothing else."""
    return Page(entity, "Contact; no notes yet.", f"{entity.title}. No notes yet.")

"""Claim templates for write-back: each draw returns the sentence and its gold fact together.

Every claim names the entity it is about, and its match keywords are substrings of both the
sentence and the fact (a test checks this for the whole corpus). Attribution follows one rule:
a preference or belief belongs to the person who holds it, a commitment to the person it is
made to, an event or fact to the entity it happened to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from bb_corpus.generator._model import FactSpec
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Entity, a_day


@dataclass(frozen=True)
class Claim:
    """A sentence and the gold fact it makes."""

    sentence: str
    fact: FactSpec


ClaimMaker = Callable[[Prng, Entity, str], Claim]

_PREFERENCES: Final = (
    ("async updates", "weekly calls"),
    ("written memos", "slide decks"),
    ("morning meetings", "late calls"),
    ("a single lead investor", "a party round"),
    ("monthly check-ins", "quarterly reviews"),
)
_MARKETS: Final = ("freight", "payroll", "clinic software", "battery recycling", "grocery")
_DOCS: Final = ("diligence checklist", "term sheet draft", "reference list", "board deck")
_WEEKDAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
_GATHERINGS: Final = ("founder breakfast", "logistics meetup", "operator roundtable")
_PRODUCTS: Final = ("partner portal", "self-serve plan", "mobile scheduling app")
_HIRES: Final = ("head of sales", "finance lead", "head of engineering")


def _p_prefers(rng: Prng, p: Entity, name: str) -> Claim:
    liked, other = rng.choice(_PREFERENCES)
    fact = f"{p.title} prefers {liked} over {other}"
    return Claim(
        f"{name} said they prefer {liked} over {other}.",
        FactSpec(f"prefers {liked}", fact, p.slug, (liked, other), "preference"),
    )


def _p_believes(rng: Prng, p: Entity, name: str) -> Claim:
    market = rng.choice(_MARKETS)
    fact = f"{p.title} thinks the {market} market will consolidate within a year"
    return Claim(
        f"{name} thinks the {market} market will consolidate within a year.",
        FactSpec(f"{market} consolidation view", fact, p.slug, (market, "consolidate"), "belief"),
    )


def _p_worried(rng: Prng, p: Entity, name: str) -> Claim:
    worry = rng.choice(("pricing model undercuts gross margin", "hiring plan is too aggressive"))
    fact = f"{p.title} is worried the {worry}"
    keywords = ("pricing", "gross margin") if "pricing" in worry else ("hiring plan", "aggressive")
    return Claim(
        f"{name} is worried the {worry}.",
        FactSpec("worry about " + keywords[0], fact, p.slug, keywords, "belief"),
    )


def _p_commit(rng: Prng, p: Entity, name: str) -> Claim:
    doc, day = rng.choice(_DOCS), rng.choice(_WEEKDAYS)
    fact = f"Committed to sending {p.title} the {doc} by {day}"
    return Claim(
        f"I committed to sending {name} the {doc} by {day}.",
        FactSpec(f"{doc} commitment", fact, p.slug, (doc, day), "commitment"),
    )


def _p_event(rng: Prng, p: Entity, name: str) -> Claim:
    gathering, when = rng.choice(_GATHERINGS), a_day(rng).isoformat()
    fact = f"{p.title} spoke at the {gathering} on {when}"
    return Claim(
        f"{name} spoke at the {gathering} on {when}.",
        FactSpec(f"spoke at {gathering}", fact, p.slug, (gathering, when), "event"),
    )


def _c_mrr(rng: Prng, c: Entity, name: str) -> Claim:
    fact = f"{c.possessive} MRR hit $X last month, ahead of plan"
    owner = name + ("'" if name.endswith("s") else "'s")
    return Claim(
        f"Also, {owner} MRR hit $X last month, ahead of plan.",
        FactSpec("MRR ahead of plan", fact, c.slug, ("MRR", "ahead of plan"), "fact"),
    )


def _c_billing(rng: Prng, c: Entity, name: str) -> Claim:
    fact = f"{c.title} switched its billing to annual contracts"
    return Claim(
        f"{name} switched its billing to annual contracts.",
        FactSpec("annual billing", fact, c.slug, ("billing", "annual contracts"), "fact"),
    )


def _c_hire(rng: Prng, c: Entity, name: str) -> Claim:
    role = rng.choice(_HIRES)
    fact = f"{c.title} hired a new {role}"
    return Claim(
        f"{name} hired a new {role} last week.",
        FactSpec(f"new {role}", fact, c.slug, (role,), "fact"),
    )


def _c_launch(rng: Prng, c: Entity, name: str) -> Claim:
    product, when = rng.choice(_PRODUCTS), a_day(rng).isoformat()
    fact = f"{c.title} launched the {product} on {when}"
    return Claim(
        f"{name} launched the {product} on {when}.",
        FactSpec(f"{product} launch", fact, c.slug, (product, when), "event"),
    )


PERSON_CLAIMS: Final[tuple[ClaimMaker, ...]] = (
    _p_prefers,
    _p_believes,
    _p_worried,
    _p_commit,
    _p_event,
)
COMPANY_CLAIMS: Final[tuple[ClaimMaker, ...]] = (_c_mrr, _c_billing, _c_hire, _c_launch)

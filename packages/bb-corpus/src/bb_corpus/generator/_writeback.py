"""Write-back fixtures: timestamped conversations whose claims become gold facts.

Every turn carries ``ts``. Inside a segment turns are seconds to minutes apart; about half the
fixtures have a gap of more than 30 minutes that starts a second segment, with claims on both
sides. Openers ("Just got off the call with ...") and filler turns carry no gold entry.
"""

from __future__ import annotations

from typing import Final

from bb_corpus.generator._claims import COMPANY_CLAIMS, PERSON_CLAIMS, Claim, ClaimMaker
from bb_corpus.generator._model import Clock, Conversation, Draft, FactSpec, Line
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._universe import Entity, Namer, a_moment, describe

WRITE_BACK_SUITES = ("write-back",)

_OPENERS: Final = (
    "Just got off the call with {p}.",
    "Just got off the diligence call with {p}.",
    "Just wrapped the intro meeting with {p} from {c}.",
    "Just got off the phone with {p} about {c}.",
)
_REPLIES: Final = ("How did it go?", "Anything worth noting?", "What came up?", "Go on.")
_FILLER: Final = (
    "Let me check my notes.",
    "Give me a second to find the thread.",
    "Hang on, someone is at the door.",
)
_RESUME: Final = (
    "Quick follow-up on {c}.",
    "Back from lunch. One more thing about {p}.",
    "Picking this up again after the next meeting.",
)


def _claim(rng: Prng, makers: list[ClaimMaker], person: Entity, company: Entity) -> Claim:
    """Draw (and retire) one claim maker, then the claim it makes."""
    maker = makers.pop(rng.below(len(makers)))
    if maker in PERSON_CLAIMS:
        name = person.short if rng.chance(1, 3) else person.title
        return maker(rng, person, name)
    return maker(rng, company, company.title)


def _claims_turn(
    rng: Prng, makers: list[ClaimMaker], person: Entity, company: Entity, count: int
) -> Line:
    claims = [_claim(rng, makers, person, company) for _ in range(count)]
    facts: tuple[FactSpec, ...] = tuple(claim.fact for claim in claims)
    return Line(" ".join(claim.sentence for claim in claims), facts=facts)


def write_back(rng: Prng, fixture_id: str, index: int) -> Draft:
    """One write-back fixture; odd ``index`` values get a second segment."""
    namer = Namer(rng)
    person, company = namer.person(), namer.company()
    world = [person, company]
    pages = [describe(rng, entity, world) for entity in world]
    makers = [*rng.sample(PERSON_CLAIMS, 3), *rng.sample(COMPANY_CLAIMS, 2)]
    conv = Conversation(frozenset(e.slug for e in world), Clock(a_moment(rng)), rng)
    fill = {"p": person.title, "c": company.title}
    conv.note(Line(rng.choice(_OPENERS).format(**fill)))
    conv.say(rng.choice(_REPLIES))
    conv.note(_claims_turn(rng, makers, person, company, rng.between(1, 2)))
    if rng.chance(1, 3):
        conv.note(Line(rng.choice(_FILLER)))
    conv.note(_claims_turn(rng, makers, person, company, 1))
    segmented = index % 2 == 1
    if segmented:
        conv.note(Line(rng.choice(_RESUME).format(**fill)), gap=True)
        conv.say(rng.choice(_REPLIES))
        conv.note(_claims_turn(rng, makers, person, company, rng.between(1, 2)))
    variant = "two-segments" if segmented else "one-segment"
    return Draft(fixture_id, "write-back", variant, WRITE_BACK_SUITES, pages, conv.turns)

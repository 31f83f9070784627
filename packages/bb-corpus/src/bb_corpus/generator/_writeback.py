"""Write-back fixtures: timestamped conversations whose claims become gold facts.

Every turn carries ``ts``. Inside a segment turns are seconds to minutes apart; half the
fixtures have a gap of more than 30 minutes that starts a second segment, with claims on both
sides, so a pipeline that segments wrongly stamps the wrong session label. Half the fixtures
restate an earlier claim word for word ("To recap ..."), in the same segment or after the gap:
the restating turn carries the same gold fact, which memory must still hold exactly once, so
a pipeline that does not deduplicate stores it twice. Openers ("Just got off the call with
...") and filler turns carry no gold entry.
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
#: A restatement repeats an earlier claim's sentence verbatim: same claim, same gold fact.
_RECAP: Final = (
    "To recap what I said earlier: {s}",
    "Repeating one thing for the notes: {s}",
    "Just so it is on record again: {s}",
)


def _claim(rng: Prng, makers: list[ClaimMaker], person: Entity, company: Entity) -> Claim:
    """Draw (and retire) one claim maker, then the claim it makes."""
    maker = makers.pop(rng.below(len(makers)))
    if maker in PERSON_CLAIMS:
        name = person.short if rng.chance(1, 3) else person.title
        return maker(rng, person, name)
    return maker(rng, company, company.title)


def _claims_turn(
    rng: Prng,
    makers: list[ClaimMaker],
    person: Entity,
    company: Entity,
    count: int,
    said: list[Claim],
) -> Line:
    claims = [_claim(rng, makers, person, company) for _ in range(count)]
    said.extend(claims)
    facts: tuple[FactSpec, ...] = tuple(claim.fact for claim in claims)
    return Line(" ".join(claim.sentence for claim in claims), facts=facts)


def _recap(rng: Prng, said: list[Claim]) -> Line:
    """An earlier claim said again, verbatim: the same gold fact on a second turn."""
    claim = rng.choice(said)
    return Line(rng.choice(_RECAP).format(s=claim.sentence), facts=(claim.fact,))


def write_back(rng: Prng, fixture_id: str, index: int) -> Draft:
    """One write-back fixture; odd ``index`` values get a second segment.

    ``index % 4`` is 0 or 1 for the fixtures that restate a claim: within the one segment,
    or after the gap (a first-segment claim said again in the second).
    """
    namer = Namer(rng)
    person, company = namer.person(), namer.company()
    world = [person, company]
    pages = [describe(rng, entity, world) for entity in world]
    makers = [*rng.sample(PERSON_CLAIMS, 3), *rng.sample(COMPANY_CLAIMS, 2)]
    conv = Conversation(frozenset(e.slug for e in world), Clock(a_moment(rng)), rng)
    fill = {"p": person.title, "c": company.title}
    said: list[Claim] = []
    conv.note(Line(rng.choice(_OPENERS).format(**fill)))
    conv.say(rng.choice(_REPLIES))
    conv.note(_claims_turn(rng, makers, person, company, rng.between(1, 2), said))
    if rng.chance(1, 3):
        conv.note(Line(rng.choice(_FILLER)))
    conv.note(_claims_turn(rng, makers, person, company, 1, said))
    segmented = index % 2 == 1
    restated = index % 4 in (0, 1)
    if restated and not segmented:
        conv.note(_recap(rng, said))
    if segmented:
        first_segment = list(said)
        conv.note(Line(rng.choice(_RESUME).format(**fill)), gap=True)
        conv.say(rng.choice(_REPLIES))
        conv.note(_claims_turn(rng, makers, person, company, rng.between(1, 2), said))
        if restated:
            conv.note(_recap(rng, first_segment))
    variant = "two-segments" if segmented else "one-segment"
    if restated:
        variant += "-restated"
    return Draft(fixture_id, "write-back", variant, WRITE_BACK_SUITES, pages, conv.turns)

"""Write-back fixtures: timestamped conversations whose claims become gold facts.

Every turn carries ``ts``. Inside a segment turns are seconds to minutes apart; half the
fixtures have a gap of more than 30 minutes that starts a second segment, with claims on both
sides, so a pipeline that segments wrongly stamps the wrong session label. Half the fixtures
restate an earlier claim word for word ("To recap ..."), in the same segment or after the gap:
the restating turn carries the same gold fact, which memory must still hold exactly once, so
a pipeline that does not deduplicate stores it twice. Openers ("Just got off the call with
...") and filler turns carry no gold entry.

Claims come in free phrasing (:mod:`bb_corpus.generator._notes`): several phrasings per claim,
several claims per turn (run on or bulleted), a value corrected in the same breath (only the
corrected value is a fact), guesses and rumours (no fact), and, in a third of the fixtures,
somebody with no page yet whose facts attach to their own new entity.
"""

from __future__ import annotations

from typing import Final

from bb_corpus.generator import _notes as notes
from bb_corpus.generator._model import Clock, Conversation, Draft
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._scene import Scene
from bb_corpus.generator._text import Name, Utterance, fill, line, plain
from bb_corpus.generator._universe import Entity, a_moment

WRITE_BACK_SUITES = ("write-back",)

_OPENERS: Final = (
    "Just got off the call with {p}.",
    "Just got off the diligence call with {p}.",
    "Just wrapped the intro meeting with {p} from {c}.",
    "Just got off the phone with {p} about {c}.",
    "ok, debrief time. Spent an hour with {p} from {c}.",
    "Coffee with {p} ran long, lots to write down.",
    "Back from the {c} visit. {p} showed us around.",
)
_REPLIES: Final = ("How did it go?", "Anything worth noting?", "What came up?", "Go on.")
_FILLER: Final = (
    "Let me check my notes.",
    "Give me a second to find the thread.",
    "Hang on, someone is at the door.",
    "one sec, phone",
    "Where was I.",
)
_RESUME: Final = (
    "Quick follow-up on {c}.",
    "Back from lunch. One more thing about {p}.",
    "Picking this up again after the next meeting.",
    "Right, where were we with {c}?",
)
#: A restatement repeats an earlier claim's sentence verbatim: same claim, same gold fact.
_RECAP: Final = (
    "To recap what I said earlier: ",
    "Repeating one thing for the notes: ",
    "Just so it is on record again: ",
    "Again, for the record: ",
)
_FORMS: Final = ("full", "full", "first", "surname", "honorific", "nickname")


class _Talk:
    """One write-back conversation: the scene, its two subjects and what was said."""

    def __init__(self, rng: Prng) -> None:
        self.rng = rng
        self.sc = Scene.new(rng)
        self.person = self.sc.cast.person()
        self.company = self.sc.cast.company()
        self.sc.add(self.person, self.company)
        self.sc.write_pages()
        self.sc.conv = Conversation(self.sc.conv.known, Clock(a_moment(rng)), rng)
        self.makers = [
            *rng.sample(notes.PERSON_NOTES, 3),
            *rng.sample(notes.COMPANY_NOTES, 2),
        ]
        self.said: list[notes.Note] = []

    def name(self, entity: Entity) -> Name:
        if entity.kind != "person":
            return self.sc.mention(entity, self.rng.choice(("full", "full", "stem")))
        forms = [f for f in _FORMS if f in self.sc.forms(entity)] or ["full"]
        return self.sc.mention(entity, self.rng.choice(forms))

    def claim(self) -> notes.Note:
        """Draw (and retire) one claim maker, then the claim it makes."""
        maker = self.makers.pop(self.rng.below(len(self.makers)))
        entity = self.person if maker in notes.PERSON_NOTES else self.company
        return maker(self.rng, entity, self.name(entity))

    def newcomer(self) -> notes.Note:
        stranger = self.sc.cast.person(words_ok=False)  # no page: not added to the world
        who = Name(stranger.title, "mention", (stranger,), "newcomer")
        return notes.newcomer(self.rng, stranger, who, self.company, self.name(self.company))

    def hedge(self) -> notes.Note:
        return notes.hedge(self.rng, self.name(self.company), self.name(self.person))

    def tell(self, *said: notes.Note, gap: bool = False) -> None:
        """One user turn saying ``said`` (claims are kept for a later recap)."""
        note, as_said = notes.together(self.rng, said)
        self.said.extend(n for n in as_said if len(n.facts) == 1 and not n.retracted)
        self.sc.conv.note(line(note.utterance, note.facts, note.retracted), gap=gap)

    def chat(self, utterance: Utterance, *, gap: bool = False) -> None:
        """A user turn with no claim (opener, filler, hedge): styled by the register."""
        self.sc.conv.note(line(self.sc.styled(utterance)), gap=gap)

    def slots(self) -> dict[str, str | Name]:
        return {"p": self.name(self.person), "c": self.name(self.company)}

    def recap(self, said: list[notes.Note]) -> None:
        """An earlier claim said again, verbatim: the same gold fact on a second turn."""
        claim = self.rng.choice(said)
        lead = self.sc.pick(_RECAP)
        again = Utterance((lead, *claim.utterance.pieces), (lead, *claim.utterance.templates))
        self.sc.conv.note(line(again, claim.facts))


def write_back(rng: Prng, fixture_id: str, index: int) -> Draft:
    """One write-back fixture; odd ``index`` values get a second segment.

    ``index % 4`` is 0 or 1 for the fixtures that restate a claim: within the one segment,
    or after the gap (a first-segment claim said again in the second). ``index % 3`` picks
    what else the conversation holds: a corrected value (0), a newcomer without a page (1).
    """
    talk = _Talk(rng)
    sc = talk.sc
    talk.chat(fill(sc.pick(_OPENERS), talk.slots()))
    sc.conv.say(rng.choice(_REPLIES))
    first = [talk.claim() for _ in range(rng.between(1, 2))]
    if index % 3 == 1:
        first.insert(rng.below(len(first) + 1), talk.newcomer())
    if rng.chance(1, 4):
        first.append(talk.hedge())  # a guess in the same breath: still no fact
    talk.tell(*first)
    if rng.chance(1, 3):
        talk.chat(plain(sc.pick(_FILLER)))
    elif rng.chance(1, 2):
        talk.chat(talk.hedge().utterance)
    corrected = index % 3 == 0
    talk.tell(notes.correction(rng, talk.company, talk.name(talk.company)) if corrected
              else talk.claim())  # fmt: skip
    segmented = index % 2 == 1
    restated = index % 4 in (0, 1)
    if restated and not segmented:
        talk.recap(talk.said)
    if segmented:
        first_segment = list(talk.said)
        talk.chat(fill(sc.pick(_RESUME), talk.slots()), gap=True)
        sc.conv.say(rng.choice(_REPLIES))
        talk.tell(*(talk.claim() for _ in range(rng.between(1, 2))))
        if restated:
            talk.recap(first_segment)
    variant = "two-segments" if segmented else "one-segment"
    variant += "-corrected" * corrected + "-newcomer" * (index % 3 == 1)
    variant += "-restated" * restated
    return Draft(fixture_id, "write-back", variant, WRITE_BACK_SUITES, sc.pages, sc.conv.turns)

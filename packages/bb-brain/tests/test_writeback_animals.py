"""Write-back of what is done to an animal: the animal's record, not the doer's.

What a vet, a groom or a keeper does to an animal, or wants done to it, is filed under the
animal, as a patient's notes are. Having, bringing, keeping, lending or loving it stays the
keeper's, and so does a thing of the animal's the keeper wants ("his rug"), a deed past
another name ("asked Ysolde to drive him home") and an "it". An object pronoun right after
the subject's verb is someone else than the subject, and an animal called "he" or "she" is no
"it" for a thing named beside it, while one nobody calls so still is. Neighbours of these:
someone's relative named as the subject of a question the clause asks has the news; a reason
spelt "cos" is a clause of its own unless it is the subject's own and names no page ("cos
his back cant manage the lifting"); a belief the user states in a clause ("tho i think") is no
attitude of that clause's subject. An animal's page that gives its sex ("gelding", "mare") gives
its pronoun; an object pronoun after a subject pronoun is another of that pronoun ("she wants
her on the paddock"), and a "he" or "she" who says, orders or pays is a person.
"""

from __future__ import annotations

import pytest
from bb_brain import Database
from bb_brain._relations import animal_sex
from bb_brain.writeback import Entity, write_back
from bb_brain.writeback._entities import _animal_pronoun
from bb_schema import PublicTurn
from bb_schema.turn_context import WriteBackRequest

from .conftest import BrainFactory
from .test_writeback_unsaid import facts as _facts

MARE = Entity("pets/quarrow", "Quarrow", "pet")
VET = Entity("people/ysolde-tarrant", "Ysolde Tarrant", "person", pronoun="she")
KEEPER = Entity("people/kerran-hobb", "Kerran Hobb", "person", pronoun="he")
BALM = Entity("products/zawnsalve", "Zawnsalve", "product")
PAGES = [MARE, VET, KEEPER, BALM]


def facts(*texts: str, pages: list[Entity] = PAGES) -> list[tuple[str, str | None]]:
    return _facts(*texts, pages=pages)


def _filed(said: list[tuple[str, str | None]], words: str) -> str | None:
    found = [slug for fact, slug in said if words in fact]
    assert found, f"no fact holds {words!r}: {said}"
    return found[0]


@pytest.mark.parametrize(
    "said",
    [
        "ysolde scanned quarrow first thing, a foal due in may",
        "ysolde wants quarrow clipped before the show",
        "kerran wants quarrow barefoot till autumn",
        "ysolde's put her on a salt soak every other day",
        "ysolde wants to recheck her on friday",
        # what was noticed or wanted of it is its record too
        "kerran noticed quarrow is lame again",
        "ysolde wants quarrow shoes off for the summer",
        # a small word or a word of time after "her" ends the phrase
        "ysolde scanned her, all good",
        "ysolde scanned her this morning",
    ],
)
def test_what_is_done_to_an_animal_is_its_record(said: str) -> None:
    found = facts("quarrow is lame again behind", said)
    assert _filed(found, said.split()[1]) == MARE.slug


@pytest.mark.parametrize(
    "said",
    [
        # having, bringing or keeping an animal about is the keeper's doing
        "kerran's bringing quarrow to the county show on saturday",
        "kerran fetches her every friday",
        # a thing of the animal's that the keeper wants
        "kerran wants her mane plaited for the show",
        # a report between the keeper and the animal keeps the teller's say
        "kerran said he'll have her on tuesdays",
        # lending or loving it is the keeper's
        "kerran's lending quarrow to the riding school for the summer",
        "kerran loves quarrow to bits",
        # a deed past another name is done by that one, for the subject
        "kerran asked ysolde to drive him home",
        # what the keeper agreed the animal does is the keeper's say
        "kerran's agreed quarrow stays in on mondays",
        "kerran's agreed quarrow's staying in on mondays",
    ],
)
def test_the_keepers_own_doing_stays_the_keepers(said: str) -> None:
    found = facts("quarrow is lame again behind", said)
    assert _filed(found, said.split()[1]) == KEEPER.slug


def test_an_object_pronoun_after_the_subjects_verb_is_someone_else() -> None:
    found = facts(
        "quarrow's off colour with a cough",
        "ysolde's jabbed him for flu",
        pages=[Entity("pets/quarrow", "Quarrow", "pet", pronoun="he"), VET],
    )
    assert _filed(found, "jabbed") == "pets/quarrow"


@pytest.mark.parametrize(
    "said",
    [
        "ysolde's lost her keys at the yard",
        # words that describe come before a noun of hers
        "ysolde's lost her new phone at the yard",
        # an "it" may be anything at hand
        "ysolde was at the show, she loved it",
        "ysolde checked it twice",
        # no deed done to it
        "ysolde can only stand near him",
    ],
)
def test_a_subjects_own_things_stay_theirs(said: str) -> None:
    found = facts("quarrow is lame again", said)
    assert _filed(found, said.split()[1]) == VET.slug


def test_a_word_of_time_after_her_is_no_thing_of_hers() -> None:
    found = facts("quarrow is lame again", "ysolde scanned her yesterday, a foal due in may")
    assert _filed(found, "scanned") == MARE.slug


def test_an_animal_nobody_calls_he_or_she_is_the_it_after_it() -> None:
    pilchard = Entity("pets/pilchard", "Pilchard", "pet")
    kennels = Entity("places/brisca-kennels", "Brisca Kennels", "place")
    found = facts(
        "pilchard's staying at brisca kennels this week",
        "it's barely eating since friday",
        pages=[pilchard, kennels],
    )
    assert _filed(found, "barely eating") == pilchard.slug


def test_an_animal_called_she_is_no_it_for_the_thing_beside_it() -> None:
    found = facts(
        "quarrow's hooves are cracking at the toe",
        "ysolde's putting her on zawnsalve",
        "30g a day, and a tub lasts six weeks",
    )
    assert _filed(found, "putting her on") == MARE.slug
    assert _filed(found, "30g a day") == BALM.slug


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        ("he wondered if his flatmate tresco pelynt couldn't cover", "people/tresco-pelynt"),
        ("he wondered if his flatmate tresco pelynt's free", "people/tresco-pelynt"),
        ("he wondered if his flatmate tresco pelynt", KEEPER.slug),
    ],
)
def test_the_subject_of_a_question_asked_needs_a_verb(said: str, whose: str) -> None:
    found = facts("kerran's away in may", said, pages=[KEEPER])
    assert _filed(found, "wondered") == whose


def test_a_relative_named_as_the_subject_of_a_clause_of_its_own_is_theirs() -> None:
    said = facts(
        "kerran's away in may, he wondered if his flatmate tresco pelynt could cover",
        pages=[KEEPER],
    )
    assert said[0] == ("kerran's away in may", KEEPER.slug)
    assert _filed(said, "could cover") == "people/tresco-pelynt"


@pytest.mark.parametrize("because", ["cos", "coz", "cuz", "'cause", "bc", "because"])
def test_a_reason_spelt_as_chat_spells_it_is_a_clause_of_its_own(because: str) -> None:
    said = facts(
        f"kerran's after a new yard {because} his landlord gorran veor is selling up",
        pages=[KEEPER],
    )
    assert _filed(said, "after a new yard") == KEEPER.slug
    assert _filed(said, "selling up") == "people/gorran-veor"


@pytest.mark.parametrize(
    "said",
    [
        "kerran moves to fridays cos his back cant manage the lifting",
        "kerran moves to fridays cos his back won't manage the lifting",
        "kerran moves to fridays cos his back's shot",
    ],
)
def test_a_reason_of_the_subjects_own_stays_one_fact(said: str) -> None:
    assert facts(said, pages=[KEEPER]) == [(said, KEEPER.slug)]


def test_a_reason_that_names_a_page_is_a_fact_of_its_own() -> None:
    school = Entity("organisations/tolver-academy", "Tolver Academy", "organisation")
    said = facts(
        "kerran is moving to truro because his daughter starts at Tolver Academy in september",
        pages=[KEEPER, school],
    )
    assert _filed(said, "moving to truro") == KEEPER.slug
    assert _filed(said, "daughter starts") == school.slug


@pytest.mark.parametrize(
    "said",
    [
        "odile booked it when her partner tresco pelynt was away",
        "odile is annoyed that her landlord tresco pelynt put the rent up again",
    ],
)
def test_a_relative_named_in_a_clause_that_asks_nothing_leaves_it_to_its_subject(
    said: str,
) -> None:
    odile = Entity("people/odile-marrable", "Odile Marrable", "person", pronoun="she")
    assert _filed(facts(said, pages=[odile]), said.split()[1]) == odile.slug


def test_the_users_own_belief_is_no_attitude_of_the_clauses_subject() -> None:
    said = facts(
        "quarrow is lame again",
        "ysolde says quarrow's hooves look better since the balm tho i think it's the dry spell",
    )
    assert _filed(said, "hooves look better") == MARE.slug


@pytest.mark.parametrize(
    "belief", ["tho i don't think it's the balm", "tho we reckon it's the balm"]
)
def test_the_users_belief_in_any_words_is_theirs(belief: str) -> None:
    said = facts("quarrow is lame again", f"ysolde says quarrow's hooves look better, {belief}")
    assert _filed(said, "hooves look better") == MARE.slug


def test_someones_belief_stays_theirs() -> None:
    said = facts(
        "quarrow is lame again", "ysolde thinks quarrow's hooves look better since the balm"
    )
    assert _filed(said, "hooves look better") == VET.slug


@pytest.mark.parametrize(
    ("summary", "pronoun"),
    [
        ("Nine-year-old dun gelding owned by Perrin Oakes.", "he"),
        ("Perrin Oakes's skewbald mare, out at the top yard.", "she"),
        ("Perrin's collie bitch, works the top field.", "she"),
        ("Aged Highland gelding at the top yard; wheezy in winter.", "he"),
        ("Perrin Oakes's cob, trimmed every nine weeks.", ""),
        # a sex word that is the owner's name, a breed's word or a word elsewhere: none
        ("Labrador owned by Jenny Marsh.", ""),
        ("Cob owned by Billy Rourke.", ""),
        ("Pit bull terrier cross owned by Dan Pike.", ""),
        ("Orla's collie; hard to steer off sheep.", ""),
    ],
)
def test_an_animals_kind_says_its_sex(summary: str, pronoun: str) -> None:
    assert animal_sex(summary) == pronoun


@pytest.mark.parametrize(
    ("slug", "page_type", "body", "pronoun"),
    [
        ("pets/jasper", "pet", "Jasper is a grey Trakehner gelding.", "he"),
        ("pets/jasper", "pet", "Quorra is a Labrador that lives with Jenny Marsh.", ""),
        ("pets/jasper", "pet", "His field companion is a grey mare.", "he"),  # his own
        ("pets/jasper", "pet", "Stabled next to Tansy, who is a mare.", ""),  # another's
        ("companies/mare-street-forge", "company", "It is a forge for mares and geldings.", ""),
    ],
)
def test_an_animals_body_may_say_what_it_is(
    slug: str, page_type: str, body: str, pronoun: str
) -> None:
    summary = "Show jumper kept by Ida Roe."
    assert _animal_pronoun("Jasper", slug, page_type, summary, body) == pronoun


def test_a_sex_its_page_gives_makes_the_animal_he_or_she(
    db: Database, make_brain: BrainFactory
) -> None:
    # the mare, named last, is a "she" as much as her owner is
    mare = "---\ntitle: Tolly\ntype: pet\nsummary: Dun mare owned by Orla Penn.\n---\n"
    owner = "---\ntitle: Orla Penn\ntype: person\nsummary: Owner.\n---\nShe rides.\n"
    brain = make_brain(("pets/tolly", mare), ("people/orla-penn", owner))
    turns = [
        PublicTurn(turn_id=1, role="user", text="orla rang first thing"),
        PublicTurn(turn_id=2, role="user", text="trimmed tolly after lunch"),
        PublicTurn(turn_id=3, role="user", text="she's lost a front shoe again"),
    ]
    request = WriteBackRequest(
        brain_id=brain, source="default", session_id="s", turns=turns, extractor="rules"
    )
    write_back(db, request)
    with db.connection() as conn:
        rows = conn.execute("SELECT fact, entity_slug FROM facts WHERE brain_id = %s", (brain,))
        stored = dict(rows.fetchall())
    assert stored["she's lost a front shoe again"] == "pets/tolly"


SKEWBALD = Entity("pets/tansy", "Tansy", "pet", pronoun="she")
OWNER = Entity("people/orla-trevanion", "Orla Trevanion", "person", pronoun="she")
GELDING = Entity("pets/brock", "Brock", "pet", pronoun="he")
HIS_OWNER = Entity("people/perrin-oakes", "Perrin Oakes", "person", pronoun="he")


def test_an_object_pronoun_after_a_subject_pronoun_is_another_of_that_pronoun() -> None:
    said = facts(
        "trimmed tansy for orla this morning, her heels were long",
        "orla rang after. she wants her on the winter paddock from december",
        pages=[SKEWBALD, OWNER],
    )
    assert _filed(said, "winter paddock") == SKEWBALD.slug


@pytest.mark.parametrize(
    ("deed", "words"),
    [
        ("she says she'll pay by card next time", "by card"),
        ("she's ordered a new headcollar off the internet", "headcollar"),
        ("she'd rather pay for the boots than have the shoes pulled", "boots"),
        ("she's saying the shoeing was rushed", "rushed"),
        ("she's booked the farrier for tuesday", "tuesday"),
        ("she's paid for the new rug", "new rug"),
        ("she's phoned", "phoned"),
    ],
)
def test_what_only_a_person_does_is_the_keepers_not_the_animals(deed: str, words: str) -> None:
    said = facts("orla's booked in, i'm doing tansy's fronts friday", deed, pages=[SKEWBALD, OWNER])
    assert _filed(said, words) == OWNER.slug


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ("he's booked in with the farrier on tuesday", "farrier"),  # passive: done to him
        ("he was told off twice for it", "twice"),
        ("he wants his hay soaked", "hay soaked"),  # an animal wants too
        ("he's said to be a sound jumper", "sound jumper"),
    ],
)
def test_what_is_said_of_the_animal_stays_the_animals(said: str, words: str) -> None:
    filed = facts(
        "perrin dropped brock off for the week",
        "brock's back shoe came off in the field",
        said,
        pages=[GELDING, HIS_OWNER],
    )
    assert _filed(filed, words) == GELDING.slug


def test_a_possessive_before_a_noun_like_a_verb_is_no_deed() -> None:
    said = facts(
        "orla took tansy to the county show",
        "tansy was a star",
        "her ring manners were perfect, first in the cob class",
        pages=[SKEWBALD, OWNER],
    )
    assert _filed(said, "ring manners") == SKEWBALD.slug


def test_a_pronoun_only_the_animal_can_be_is_the_animals() -> None:
    gelding = Entity("pets/brock", "Brock", "pet", pronoun="he")
    said = facts(
        "orla brought brock over for his jabs",
        "he's carrying a bit too much weight, soaked hay from now on",
        pages=[gelding, OWNER],
    )
    assert _filed(said, "too much weight") == gelding.slug

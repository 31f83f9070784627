"""Write-back of what is done to an animal: the animal's record, not the doer's.

What a vet, a farrier or a keeper does to an animal, or wants done to it, is filed under the
animal, as a patient's notes are. Having, bringing or keeping it about stays the keeper's, and
so does a thing of the animal's the keeper wants ("his rug"). An object pronoun right after the
subject's verb is someone else than the subject, and an animal called "he" or "she" is no "it"
for a thing named beside it. Two neighbours of these: someone's relative named as the subject
of a clause of its own has the news, and a reason spelt "cos" is a clause of its own unless
it is about the subject's own body ("cos his knee cant do the carrying"); a belief the user
states in a clause ("tho i think") is no attitude of that clause's subject.
"""

from __future__ import annotations

import pytest
from bb_brain.writeback import Entity, EntityIndex, RulesExtractor, Segment
from bb_brain.writeback._entities import _page_surfaces
from bb_schema import PublicTurn

MARE = Entity("pets/quarrow", "Quarrow", "pet")
VET = Entity("people/ysolde-tarrant", "Ysolde Tarrant", "person", pronoun="she")
KEEPER = Entity("people/kerran-hobb", "Kerran Hobb", "person", pronoun="he")
BALM = Entity("products/zawnsalve", "Zawnsalve", "product")
PAGES = [MARE, VET, KEEPER, BALM]


def facts(*texts: str, pages: list[Entity] = PAGES) -> list[tuple[str, str | None]]:
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    turns = [
        PublicTurn(turn_id=number, role="user", text=text)
        for number, text in enumerate(texts, start=1)
    ]
    found = RulesExtractor(EntityIndex(pages, surfaces)).extract(Segment(0, tuple(turns)))
    return [(fact.fact, fact.entity_slug) for fact in found]


def _filed(said: list[tuple[str, str | None]], words: str) -> str | None:
    return next(slug for fact, slug in said if words in fact)


@pytest.mark.parametrize(
    "said",
    [
        "ysolde scanned quarrow this morning, twins due in april",
        "ysolde wants quarrow sedated for the rasp next time",
        "kerran wants quarrow barefoot over the summer",
        "ysolde's put her on a foot bath twice a week",
        "ysolde wants to see her again on thursday",
    ],
)
def test_what_is_done_to_an_animal_is_its_record(said: str) -> None:
    found = facts("quarrow is lame again on the near fore", said)
    assert found[-1][1] == MARE.slug, found


@pytest.mark.parametrize(
    "said",
    [
        # having, bringing or keeping an animal about is the keeper's doing
        "kerran's bringing quarrow for the pony rides, 12 till 3",
        "kerran brings her in every thursday",
        # a thing of the animal's that the keeper wants
        "kerran wants her rug kept with the saddle",
        # a report between the keeper and the animal keeps the teller's say
        "kerran said he'll have her on tuesdays",
    ],
)
def test_the_keepers_own_doing_stays_the_keepers(said: str) -> None:
    found = facts("quarrow is lame again on the near fore", said)
    assert found[-1][1] == KEEPER.slug, found


def test_an_object_pronoun_after_the_subjects_verb_is_someone_else() -> None:
    found = facts(
        "quarrow's running a temperature with a snotty nose",
        "ysolde's swabbed him for strangles",
        pages=[Entity("pets/quarrow", "Quarrow", "pet", pronoun="he"), VET],
    )
    assert _filed(found, "swabbed") == "pets/quarrow"


def test_a_subjects_own_things_stay_theirs() -> None:
    found = facts("quarrow is lame again", "ysolde's lost her keys at the yard")
    assert _filed(found, "keys") == VET.slug


def test_an_animal_called_she_is_no_it_for_the_thing_beside_it() -> None:
    found = facts(
        "quarrow's feet are crumbling at every nail hole",
        "ysolde's putting her on zawnsalve",
        "20g a day, and a tub lasts 2 months",
    )
    assert _filed(found, "putting her on") == MARE.slug
    assert _filed(found, "20g a day") == BALM.slug


def test_a_relative_named_as_the_subject_of_a_clause_of_its_own_is_theirs() -> None:
    said = facts(
        "kerran's off in may, he's asked if his flatmate tresco pelynt could cover",
        pages=[KEEPER],
    )
    assert said[0] == ("kerran's off in may", KEEPER.slug)
    assert _filed(said, "could cover") == "people/tresco-pelynt"


@pytest.mark.parametrize("because", ["cos", "coz", "cuz", "'cause", "because"])
def test_a_reason_spelt_as_chat_spells_it_is_a_clause_of_its_own(because: str) -> None:
    said = facts(
        f"kerran's looking for a new yard {because} his landlord gorran veor is selling up",
        pages=[KEEPER],
    )
    assert _filed(said, "looking for a new yard") == KEEPER.slug
    assert _filed(said, "selling up") == "people/gorran-veor"


def test_a_reason_about_the_subjects_own_body_stays_one_fact() -> None:
    said = facts("kerran moves to sundays cos his knee cant do the carrying", pages=[KEEPER])
    assert said == [("kerran moves to sundays cos his knee cant do the carrying", KEEPER.slug)]


def test_the_users_own_belief_is_no_attitude_of_the_clauses_subject() -> None:
    said = facts(
        "quarrow is lame again",
        "ysolde says quarrow's feet are better since the balm tho i think it's the weather",
    )
    assert _filed(said, "feet are better") == MARE.slug


def test_someones_belief_stays_theirs() -> None:
    said = facts("quarrow is lame again", "ysolde thinks quarrow's feet are better since the balm")
    assert _filed(said, "feet are better") == VET.slug

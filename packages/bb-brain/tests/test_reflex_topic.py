"""Everyday words that title a page, relations to the user, and what a turn is about."""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_brain._relations import page_relations, page_roles, relation_in, relative_keys
from bb_brain.pages import parse_page

from .test_reflex_ambiguity import ask, decisions, md, slugs

TRELLIS = (
    "projects/trellis",
    md(
        "Trellis",
        "Trellis moves the invoicing jobs onto the new queue. Owner: Odile Marchetti."
        " Blocked on the load test.",
        type="project",
        summary="Invoicing jobs moved to the new queue.",
    ),
)
ODILE = ("people/odile-marchetti", md("Odile Marchetti", type="person", aliases="[Odile]"))
FENWICK = (
    "people/fenwick-adair",
    md("Fenwick Adair", "Fenwick Adair is the user's older brother.", type="person"),
)
LOIS = (
    "people/lois-varga",
    md("Lois Varga", "Lois keeps the books.", type="person", summary="Our accountant."),
)
HEATH = ("people/heath-okwu", md("Heath Okwu", "Heath runs the lab.", type="person"))


@pytest.mark.parametrize(
    "text",
    [
        "trellis slipped again, odile said the load test moved",  # a related page beside it
        "trellis is blocked on the load test again",  # the page's own subject
        "the trellis queue backed up overnight, odile is on it",  # a modifier, and a co-mention
    ],
)
def test_a_lowercase_everyday_title_on_evidence(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(TRELLIS, ODILE)
    assert "projects/trellis" in slugs(ask(engine, brain, text))


@pytest.mark.parametrize(
    "text",
    [
        "the roses need a new trellis before spring",
        "we put a trellis up along the fence",
        "trellis netting is cheaper online",
    ],
)
def test_a_lowercase_everyday_title_used_ordinarily(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(TRELLIS, ODILE)
    response = ask(engine, brain, text)
    assert "projects/trellis" not in slugs(response)


def test_the_evidence_of_a_title_on_topic_says_which_words(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(TRELLIS, ODILE)
    response = ask(engine, brain, "trellis is blocked on the load test again")
    (pointer,) = response.pointers
    assert pointer.evidence is not None
    assert "speaks of the page's subject" in pointer.evidence.decision
    assert "blocked" in pointer.evidence.decision


def test_a_lowercase_given_name_that_is_a_word_needs_evidence(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(HEATH)
    assert slugs(ask(engine, brain, "heath said the samples are ready")) == ["people/heath-okwu"]
    assert ask(engine, brain, "we walked across the heath at dawn").pointers == []
    response = ask(engine, brain, "heath and heather cover the hills up there")
    assert response.pointers == []
    assert "people/heath-okwu" in decisions(response)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("can you remind me to ring my brother tonight", "people/fenwick-adair"),
        ("my older brother's flat is flooded", "people/fenwick-adair"),
        ("our accountant wants the receipts by friday", "people/lois-varga"),
        ("can you draft a note to my accountant", "people/lois-varga"),
        ("the accountant says the VAT return is late", "people/lois-varga"),  # one hires one
    ],
)
def test_a_relation_the_page_states(engine: Engine, make_brain: Any, text: str, slug: str) -> None:
    brain = make_brain(FENWICK, LOIS)
    response = ask(engine, brain, text)
    assert slugs(response) == [slug]
    assert response.pointers[0].arm == "relation"


@pytest.mark.parametrize(
    "text",
    [
        "my brother-in-law is visiting",  # another relation
        "her brother is visiting",  # somebody else's
        "a friend's accountant recommended this app",
        "my former accountant kept the old files",  # the page's is the current one
        "my brother in law is visiting",  # written without its hyphens too
        "the brother of the bride gave a speech",  # "the" makes a family word nobody's
    ],
)
def test_other_relations_stay_silent(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(FENWICK, LOIS)
    assert ask(engine, brain, text).pointers == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the accountant needs the payslips by friday", True),
        ("the accountant on monday said the figures are fine", True),  # when, not whose
        ("the accountant at the bank was really helpful", False),  # placed elsewhere
        ("the accountant of the sailing club rang", False),
        ("the accountant on that quiz show was brilliant", False),
        ("once we buy, I'll be my own accountant", False),  # no relation at all
        ("Rhiannon the accountant runs the quiz", False),  # the role says who the name is
    ],
)
def test_a_service_role_placed_elsewhere_is_someone_else(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    brain = make_brain(LOIS)
    assert slugs(ask(engine, brain, text)) == (["people/lois-varga"] if found else [])


def test_the_service_the_users_outfit_buys(engine: Engine, make_brain: Any) -> None:
    landlord = (
        "people/corin-vasse",
        md("Corin Vasse", type="person", summary="The kennels' landlord; owns the barns."),
    )
    brain = make_brain(landlord)
    response = ask(engine, brain, "my landlord wants a rent rise in the spring")
    assert slugs(response) == ["people/corin-vasse"]
    assert ask(engine, brain, "the landlord of the pub was rude to us").pointers == []


def test_a_teacher_is_known_by_what_they_teach(engine: Engine, make_brain: Any) -> None:
    teacher = (
        "people/ines-brand",
        md("Ines Brand", type="person", summary="The user's cello teacher."),
    )
    brain = make_brain(teacher)
    assert slugs(ask(engine, brain, "my cello teacher moved my lesson to friday")) == [teacher[0]]
    assert slugs(ask(engine, brain, "my maths teacher was strict at school")) == []


def test_two_pages_with_one_relation_stay_silent(engine: Engine, make_brain: Any) -> None:
    other = ("people/ines-varga", md("Ines Varga", type="person", summary="The user's accountant."))
    brain = make_brain(LOIS, other)
    assert ask(engine, brain, "my accountant emailed again").pointers == []


@pytest.mark.parametrize(
    ("summary", "body", "keys"),
    [
        ("The user's younger sister.", "", ["my sister"]),
        ("Our accountant; files the returns.", "", ["my accountant"]),
        ("Charge nurse and the user's line manager.", "", ["my manager"]),
        ("The user's old boss.", "", ["my former manager"]),
        ("Mother of the user.", "", ["my mother"]),
        ("The user's stepdad, retired to the coast.", "", ["my stepfather"]),
        ("The user's accountant at Holt & Rowe; files the returns.", "", ["my accountant"]),
        ("Our accountant for the bakery.", "", ["my accountant"]),
        ("The user's brother-in-law from Penzance.", "", ["my brother-in-law"]),
        ("The user's cello teacher.", "", ["my cello teacher"]),  # known by what they teach
        ("The user's driving instructor, Tuesdays.", "", ["my driving instructor"]),
        ("The user's new teacher.", "", []),  # which teacher: none said
        ("Our bookkeeper, Mondays only.", "", ["my bookkeeper"]),
        ("", "Rosa Lind is the user's aunt from Cork.", ["my aunt"]),
        ("", "Rosa Lind is the user's aunt; she lives in Hull.", ["my aunt"]),
        ("", "Rosa Lind, the user's godmother, lives in Hull.", ["my godmother"]),
        ("", "Rosa Lind runs the cafe. She is also the user's aunt.", ["my aunt"]),
        ("", "Rosa Lind runs the cafe. She's the user's sister-in-law.", ["my sister-in-law"]),
        ("Teacher of the user's daughter.", "", []),  # the daughter's relation, not hers
        ("Knows my sister from school.", "", []),  # named in passing
        ("", "Met through my accountant.", []),
        ("", "Rosa Lind is married to Ana Ruiz, the user's sister.", []),  # beside another name
        ("Our son Leo's tutor.", "", []),  # somebody else's relation
        ("The user's business partner.", "", []),  # a word before it that is no "which one"
        ("A close friend of the user.", "", []),  # one of many: no key
        ("Sits on our board.", "", []),
        # a service the user's own outfit buys is the user's: "the accountant", "my landlord"
        ("The surgery's accountant; files the returns.", "", ["my accountant"]),
        ("Owns the yard and the sheds; the club's landlord.", "", ["my landlord"]),
        ("The surgery's practice manager.", "", []),  # one of the outfit's, nobody's service
        ("The surgery's receptionist's husband.", "", []),
        ("Tallow & Reed's accountant.", "", []),  # a named firm's, not the user's
    ],
)
def test_the_relation_a_page_states(summary: str, body: str, keys: list[str]) -> None:
    assert page_relations(summary, body, "Rosa Lind") == keys


def test_relation_rows_only_for_people() -> None:
    person = parse_page("people/x-y", md("X Y", type="person", summary="The user's sister."), "s")
    company = parse_page("companies/z", md("Z", summary="Our accountant."), "s")
    assert ("my sister", "relation") in person.alias_rows()
    assert not [row for row in company.alias_rows() if row[1] == "relation"]


def test_a_relation_in_a_turn() -> None:
    assert relation_in(["younger", "sister"], possessive=True) == ("my sister", 2)
    assert relation_in(["daughter's", "teacher"]) is None
    assert relation_in(["daughter's", "teacher"], possessive=True) == ("my daughter", 1)
    assert relation_in(["new", "car"]) is None


MARGIT = ("people/margit-adair", md("Margit Adair", type="person", summary="The user's mum."))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("mum rang about sunday lunch", True),
        ("it's mum's birthday on friday", True),
        ("her mum picked them up", False),  # somebody else's
        ("the other mums at the gate were lovely", False),
        ("keep it mum, the party's a surprise", False),  # idioms of keeping quiet
        ("mum's the word about the party", False),
    ],
)
def test_a_family_word_as_a_name(engine: Engine, make_brain: Any, text: str, found: bool) -> None:
    brain = make_brain(MARGIT)
    assert slugs(ask(engine, brain, text)) == (["people/margit-adair"] if found else [])


WREN = ("people/wren-halloway", md("Wren Halloway", type="person", aliases="[Wren]"))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("wren can cover the late shift, she knows the routine", True),
        ("so wren missed the bus and he had to walk", True),
        ("wren nests are tiny, it's amazing", False),  # a noun is an "it"
        ("wren is late again. She asked me yesterday", False),  # another sentence
        ("wren is late again, Priya said she would check", False),  # another name between
        ("it's wren, she's on the late shift all week", True),  # who "it" is
        ("it was wren, he rang back after lunch", True),
        ("it's wren season, she says, the hedges are full", False),  # no name: a noun runs on
        ("wren is captain now so he'll miss saturdays", True),  # "he'll" is "he"
        ("wren's been made captain, she'd like a lift", True),
    ],
)
def test_a_subject_referred_back_to_as_a_person(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    brain = make_brain(WREN)
    assert slugs(ask(engine, brain, text)) == (["people/wren-halloway"] if found else [])


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("wren is NOT to swap shifts, she knows why", True),  # a word stressed, no name
        ("wren is late again, PRIYA said she would check", False),  # another name between
    ],
)
def test_a_function_word_in_capitals_is_only_stressed(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    brain = make_brain(WREN)
    assert slugs(ask(engine, brain, text)) == (["people/wren-halloway"] if found else [])


@pytest.mark.parametrize("kind", ["pet", "animal"])
@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("pumpkin can't have any treats, she's on a diet", True),
        ("pumpkin soup again, she says it's her favourite", False),  # a noun runs on
    ],
)
def test_an_animal_referred_back_to(
    engine: Engine, make_brain: Any, kind: str, text: str, found: bool
) -> None:
    slug = f"{kind}s/pumpkin"
    brain = make_brain((slug, md("Pumpkin", type=kind, summary="The yard's old ewe.")))
    assert slugs(ask(engine, brain, text)) == ([slug] if found else [])


JUNE = ("people/june-okafor", md("June Okafor", type="person"))
MILES = ("people/miles-arkwright", md("Miles Arkwright", type="person"))
TAMSIN = ("people/tamsin-okoro", md("Tamsin Okoro", type="person", aliases="[Tamsin]"))


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("tamsin and miles are flying in on friday", "people/miles-arkwright"),
        ("lunch with miles, tamsin and the new hire", "people/miles-arkwright"),
        ("june and I are sharing the driving", "people/june-okafor"),
        ("standup\ntamsin: finished the retries\nmiles: off thurs/fri", "people/miles-arkwright"),
    ],
)
def test_names_listed_with_people_or_labelling_notes(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    brain = make_brain(JUNE, MILES, TAMSIN)
    assert slug in slugs(ask(engine, brain, text, pointer_budget=5))


@pytest.mark.parametrize(
    ("text", "window"),
    [
        # a number counts a noun, even of a name the conversation used before
        ("the station is about 3 miles from the house", "Miles Arkwright and June said hi."),
        ("salt and pepper, and miles of coastline", ""),
        ("in june and july the office is quiet", ""),
    ],
)
def test_everyday_words_in_lists_and_measures(
    engine: Engine, make_brain: Any, text: str, window: str
) -> None:
    brain = make_brain(JUNE, MILES, TAMSIN)
    response = ask(engine, brain, text, window=[("a", window)] if window else None)
    assert response.pointers == []


MANAGER = (
    "people/ines-halloran",
    md("Ines Halloran", type="person", summary="The user's line manager."),
)
NANA = ("people/edith-varga", md("Edith Varga", type="person", summary="The user's grandmother."))
DAWN = ("people/dawn-okeke", md("Dawn Okeke", type="person", aliases="[Dawn]"))
MARK = ("people/mark-tolliver", md("Mark Tolliver", type="person", aliases="[Mark]"))


@pytest.mark.parametrize(
    "text",
    [
        "I keep every login in my password manager",  # a manager of passwords
        "our package manager keeps pinning old versions",
        "the loss goes nan after a few steps",  # "nan" alone is no grandmother
        "dawn broke before she woke up",  # a pronoun inside a subordinate clause
        "odile, mark this as urgent please",  # a verb with its object, not a listed name
        "ping odile and mark it as done",
    ],
)
def test_everyday_english_that_looks_like_a_relation_or_a_list(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(MANAGER, NANA, DAWN, MARK, ODILE)
    assert [s for s in slugs(ask(engine, brain, text)) if s != "people/odile-marchetti"] == []


def test_common_words_shared_with_a_page_say_too_little(engine: Engine, make_brain: Any) -> None:
    march = (
        "people/march-okonjo",
        md("March Okonjo", "March has the kids at weekends and is working nights.", type="person"),
    )
    brain = make_brain(march)
    response = ask(engine, brain, "march is busy, the kids are off and i'm working")
    assert response.pointers == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("heath has agreed to chair it", True),  # a perfect of a person's verb
        ("heath is going to ask about the budget", True),
        ("heath is going to be covered in snow", False),
        ("the heath has grown back", False),
        ("heath hasn't replied yet, i'll nudge him", True),  # the perfect denied
        ("heath didn't reply to the group chat", True),  # a deed denied
        ("the heath didn't burn this summer", False),
        ("heath didn't show up to training again", True),  # turning up
        ("heath won't pick up, can you try him", True),  # answering the phone
    ],
)
def test_a_person_verb_after_an_auxiliary(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    brain = make_brain(HEATH)
    assert slugs(ask(engine, brain, text)) == (["people/heath-okwu"] if found else [])


FOUNDRY = ("places/the-foundry", md("The Foundry", type="place", summary="A climbing gym."))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("i've got a shift at the foundry on saturday", True),
        ("meet you outside the foundry at six", True),
        ("the foundry closed in 1920", False),  # no place reading before it
        ("the iron came from a foundry up north", False),  # not the place's own title
    ],
)
def test_a_place_titled_with_its_article(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    brain = make_brain(FOUNDRY)
    assert slugs(ask(engine, brain, text)) == (["places/the-foundry"] if found else [])


TENANT_APP = (
    "products/keyline",
    md("Keyline", type="product", aliases="[the app]", summary="The landlord's repairs app."),
)
CURLEW_BOAT = (
    "boats/curlew",
    md("Curlew", type="boat", aliases="[the curlew]", summary="Fishing boat, after the curlew."),
)
QUILLPAD = ("products/quillpad", md("Quillpad", type="product", summary="A notes app."))


@pytest.mark.parametrize(
    ("page", "text", "found"),
    [
        # the page gives "the app" as what the user calls it
        (TENANT_APP, "the app froze again when i sent the photo", True),
        (TENANT_APP, "an app for the bins would help", False),
        # a product's kind with no such alias is any app
        (QUILLPAD, "the app froze again when i sent the photo", False),
        # a word of the summary that is not what it says the thing is
        (CURLEW_BOAT, "saw the curlew on the mudflats", False),
    ],
)
def test_a_thing_the_page_calls_by_the_and_a_noun(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, found: bool
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if found else [])


@pytest.mark.parametrize(
    ("summary", "keys"),
    [
        ("Potting shed steward.", ["the steward"]),
        ("Treasurer of the bowls club.", ["the treasurer"]),
        ("Head gardener and owner of the nursery.", ["the gardener"]),
        ("Vicar of St Olwen's; retired next spring.", ["the vicar"]),
        ("The user's sister.", []),  # a relation, stated as one
        ("Friend from the choir.", []),  # one of many
        ("Keeps the accounts for three charities in town.", []),  # no role named
        ("Owns the boatyard.", []),
        # a noun and a noun for one who does something: the role said whole
        ("Scottish harbour master at the Quenby Harbour Office.", ["the harbour master"]),
        ("Piano tuner.", ["the piano tuner"]),
        ("Keen runner and friend.", []),  # a word that describes, no role
        ("Senior engineer on the payments team.", []),  # a rank many hold
    ],
)
def test_the_role_a_summary_opens_with(summary: str, keys: list[str]) -> None:
    assert page_roles(summary) == keys


WARDLE = ("people/isa-wardle", md("Isa Wardle", type="person", summary="Potting shed steward."))
OTTO = ("people/otto-brenk", md("Otto Brenk", type="person", summary="Pottery steward."))
PEREZ = ("people/nuria-perez", md("Nuria Perez", type="person", summary="Treasurer."))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("who's the treasurer again?", True),
        ("can you email our treasurer the receipts", True),
        ("the treasurer of the golf club rang", False),  # that club's treasurer
        ("a treasurer is elected every year", False),
        ("the treasurer report is late", False),  # a report, not the person
    ],
)
def test_the_role_the_user_knows_one_person_in(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    assert slugs(ask(engine, make_brain(PEREZ, WARDLE), text)) == ([PEREZ[0]] if found else [])


MAIRI = (
    "people/mairi-quenby",
    md("Mairi Quenby", type="person", summary="Harbour master at the Quenby Harbour Office."),
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("email the harbour master about the engine tests on saturday", True),
        ("will the harbour master want a copy of the plan", True),
        ("the harbour master in oban says storms are coming", False),  # another one, placed
        ("a harbour master must approve every regatta", False),  # any one
        ("we watched The Harbour Master last night, so good", False),  # a title
    ],
)
def test_a_role_of_two_words_the_user_knows_one_person_in(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    assert slugs(ask(engine, make_brain(MAIRI, PEREZ), text)) == ([MAIRI[0]] if found else [])


WARDEN = ("people/ines-quarry", md("Ines Quarry", type="person", summary="Borough dog warden."))
VET = (
    "people/eluned-ocker",
    md("Eluned Ocker", type="person", summary="Vet at Hollin Vets; sees the spaniel."),
)


@pytest.mark.parametrize(
    ("page", "text", "found"),
    [
        # a noun that says which before a role the page opens with
        (WARDEN, "the dog warden rang back about the fouling signs", True),
        (WARDEN, "the warden of the castle gave the tour", False),  # that castle's
        # a service role at a practice is the one the user goes to
        (VET, "ring the vet, the spaniel needs her jabs", True),
        (VET, "my cousin wants to be a vet", False),
    ],
)
def test_a_role_said_as_its_page_opens(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, found: bool
) -> None:
    assert slugs(ask(engine, make_brain(page, PEREZ), text)) == ([page[0]] if found else [])


def test_two_people_in_one_role_stay_silent(engine: Engine, make_brain: Any) -> None:
    response = ask(engine, make_brain(WARDLE, OTTO), "who's the steward this week?")
    assert slugs(response) == []
    assert "ambiguous" in decisions(response)[WARDLE[0]]


TOBIAH = ("people/tobiah-quenell", md("Tobiah Quenell", type="person", aliases="[Tobiah]"))
SALLIS = (
    "people/birgit-sallis",
    md("Birgit Sallis", type="person", summary="Mother of Tobiah Quenell; pays his subs."),
)
GROOMS_FATHER = (
    "people/ruarc-hesketh",
    md("Ruarc Hesketh", type="person", summary="Father of the groom."),
)


@pytest.mark.parametrize(
    ("summary", "keys"),
    [
        ("Mother of Tobiah Quenell; pays his subs.", ["tobiah's mother"]),
        ("Tobiah Quenell's dad.", ["tobiah's father"]),
        ("Sister of Amal, runs the cafe.", ["amal's sister"]),
        ("Father of the groom.", ["the groom's father"]),
        ("Mother of the user.", []),  # the user's own: "my mother" (above)
        ("Teacher of Tobiah Quenell.", []),  # no family word
        ("Knows Tobiah's mother from school.", []),  # named in passing
    ],
)
def test_whose_relative_a_page_says(summary: str, keys: list[str]) -> None:
    assert relative_keys(summary) == keys


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the relative, and the one they are the relative of, named too
        ("tobiah's mum rang about the spare kit", [TOBIAH[0], SALLIS[0]]),
        ("Tobiah's mother paid for the term", [TOBIAH[0], SALLIS[0]]),
        ("tobiah's mum's car broke down", [TOBIAH[0], SALLIS[0]]),  # hers, and she is named
        ("the groom's dad has asked for a fitting too", [GROOMS_FATHER[0]]),
        # the relative said with "of": one mention, of the father alone
        ("the father of the groom has asked for a fitting too", [GROOMS_FATHER[0]]),
        ("ring the mother of tobiah about the subs", [SALLIS[0]]),
        ("she is the mother of three", []),
        ("the father of tobiah's flatmate rang", [TOBIAH[0]]),  # the flatmate's father
        ("the father of the groom's speech ran long", [GROOMS_FATHER[0]]),  # his speech
        ("tobiah's teacher rang", [TOBIAH[0]]),  # no family word
        ("my mum rang about the kit", []),  # the user's own, of whom no page says so
        ("a groom's dad is always nervous", []),  # any groom's
    ],
)
def test_someones_relative_by_the_relation_the_page_states(
    engine: Engine, make_brain: Any, text: str, expected: list[str]
) -> None:
    brain = make_brain(TOBIAH, SALLIS, GROOMS_FATHER)
    assert sorted(slugs(ask(engine, brain, text))) == sorted(expected)


SUMMER = ("people/summer-okoye", md("Summer Okoye", type="person", aliases="[Summer]"))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("summer's nearly over so she'll be back at uni soon", False),  # the season's passing
        ("summer is here so she'll want the spare room", False),
        ("summer's off sick so she'll miss the meeting", True),
    ],
)
def test_a_time_passing_is_no_one_a_she_refers_back_to(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    assert slugs(ask(engine, make_brain(SUMMER), text)) == ([SUMMER[0]] if found else [])

"""Write-back: whose a clause is (pronoun and "'s" subjects, months that are dates, names that
open a clause, the user's own news), and which runs of capitals are new people."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from bb_brain._given_names import name_pronoun
from bb_brain.writeback import Entity, EntityIndex, RulesExtractor, Segment, classify
from bb_brain.writeback._name_slips import names_mended
from bb_brain.writeback._people import new_people
from bb_schema import PublicTurn

ORLAITH = Entity("people/orlaith-quenby", "Orlaith Quenby", "person")
BAND = Entity("companies/skelwith-wind-band", "Skelwith Wind Band", "company")
HALL = Entity("places/marrowgate-hall", "Marrowgate Hall", "place")
FETE = Entity("projects/pellingham-fete", "Pellingham Fete", "project")
YSOLDE = Entity("people/ysolde-quarles", "Ysolde Quarles", "person")
#: Ysolde's son, brother, by a given name alone: the family's name is his too.
TOBIAH = "people/tobiah-quarles"


def index() -> EntityIndex:
    surfaces = [
        ("Orlaith Quenby", ORLAITH.slug, False),
        ("Orlaith", ORLAITH.slug, True),
        ("Skelwith Wind Band", BAND.slug, False),
        ("the band", BAND.slug, True),
        ("Marrowgate Hall", HALL.slug, False),
        ("Pellingham Fete", FETE.slug, False),
        ("the fete", FETE.slug, True),
        ("Ysolde Quarles", YSOLDE.slug, False),
        ("Ysolde", YSOLDE.slug, True),
    ]
    return EntityIndex([ORLAITH, BAND, HALL, FETE, YSOLDE], surfaces)


def facts(*texts: str, pages: Callable[[], EntityIndex] = index) -> list[tuple[str, str | None]]:
    turns = [
        PublicTurn(turn_id=number, role="user", text=text)
        for number, text in enumerate(texts, start=1)
    ]
    found = RulesExtractor(pages()).extract(Segment(0, tuple(turns)))
    return [(fact.fact, fact.entity_slug) for fact in found]


@pytest.mark.parametrize(
    "said",
    [
        "Orlaith told me she's quitting the band after Easter.",
        "Orlaith says she's quitting the band after Easter.",
        "Orlaith said that she is joining Skelwith Wind Band in May.",
        "Orlaith says she told the band she's quitting after Easter.",
    ],
)
def test_a_reported_she_is_the_speaker_named_before_it(said: str) -> None:
    assert facts(said) == [(said, ORLAITH.slug)]


def test_what_is_reported_of_a_thing_stays_the_things() -> None:
    said = "Orlaith said the band is moving to Marrowgate Hall in May."
    assert facts(said) == [(said, BAND.slug)]


def test_a_report_after_an_apposition_is_of_whom_it_names() -> None:
    """The report's subject left out after the speaker's apposition: still what it reports."""
    found = facts("Ysolde's aunt, Orlaith Quenby, told me the band is folding in May.")
    assert found[-1] == ("told me the band is folding in May.", BAND.slug)
    found = facts("Orlaith Quenby, the treasurer, told me the band is folding in May.")
    assert found[-1][1] == BAND.slug


def test_a_pronoun_with_nobody_named_refers_to_nobody() -> None:
    said = "She told me the band is moving to Marrowgate Hall in May."
    assert facts(said) == [(said, BAND.slug)]


@pytest.mark.parametrize(
    ("said", "about"),
    [
        # a relative's "she" is the relative, nobody with a page
        ("Ysolde's daughter says she's joining the band.", BAND.slug),
        ("Orlaith's neighbour told me she's selling her flat to the band.", BAND.slug),
        # what the speaker heard or saw reports the thing
        ("Orlaith says she heard the band is folding.", BAND.slug),
        ("Orlaith told me she was told Marrowgate Hall is closing.", HALL.slug),
        ("Ysolde said she's just read that the band is moving.", BAND.slug),
        # a deed for an undertaking named outright is the undertaking's, as said directly
        ("Orlaith says she's booked the marquee for Pellingham Fete.", FETE.slug),
    ],
)
def test_a_reported_she_that_is_not_the_speakers_news(said: str, about: str) -> None:
    assert facts(said) == [(said, about)]


@pytest.mark.parametrize(
    "said",
    [
        "Ysolde's being discharged from Marrowgate Hall on Thursday.",
        "Ysolde's finally agreed to lead the band.",
        "Ysolde's still chasing the band about sheet music.",
        "Ysolde's going to ring Marrowgate Hall about the booking.",
    ],
)
def test_a_names_contracted_is_or_has_makes_it_the_subject(said: str) -> None:
    assert facts(said) == [(said, YSOLDE.slug)]


@pytest.mark.parametrize(
    ("said", "about"),
    [
        ("Ysolde's going rate is what the band pays.", BAND.slug),
        ("Ysolde's back garden is where the band rehearses.", BAND.slug),
        ("Ysolde's still life now hangs in Marrowgate Hall.", HALL.slug),
        ("Ysolde's going away present came from the band.", BAND.slug),
        ("We're eating at Ysolde's finally after Pellingham Fete.", FETE.slug),
    ],
)
def test_before_a_noun_it_is_her_possession(said: str, about: str) -> None:
    assert facts(said) == [(said, about)]


MAYBRITT = Entity("people/may-quarrington", "May Quarrington", "person")
WILL = Entity("people/will-tennant", "Will Tennant", "person")


def month_index() -> EntityIndex:
    surfaces = [
        ("May Quarrington", MAYBRITT.slug, False),
        ("May", MAYBRITT.slug, True),
        ("Will Tennant", WILL.slug, False),
        ("Marrowgate Hall", HALL.slug, False),
    ]
    return EntityIndex([MAYBRITT, WILL, HALL], surfaces)


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        # a name opening a clause is its subject, though its first word is also a verb
        ("Oh, and May Quarrington starts at Marrowgate Hall on Monday.", MAYBRITT.slug),
        ("Right, and Will Tennant joins the rota from the 3rd.", WILL.slug),
    ],
)
def test_a_name_whose_first_word_is_a_verb_opens_its_clause(said: str, whose: str) -> None:
    clause = said.split(", and ")[1]
    assert (clause[0].upper() + clause[1:], whose) in facts(said, pages=month_index)


def test_a_lowercase_modal_after_and_continues_its_subject() -> None:
    said = "Marrowgate Hall emailed the plans and will call on Monday."
    assert [whose for _, whose in facts(said, pages=month_index)] == [HALL.slug, HALL.slug]
    said = "Marrowgate Hall sent the plans and may open on Monday."
    assert {whose for _, whose in facts(said, pages=month_index)} == {HALL.slug}


@pytest.mark.parametrize(
    "said",
    [
        "A bed opens up on 1 May, £40 a night.",
        "A bed opens up after the 2nd of May, £40 a night.",
        "A bed opens up on May 3rd, £40 a night.",
        "They close the east wing in May.",
    ],
)
def test_a_month_with_its_day_is_a_date_not_a_person(said: str) -> None:
    first = "Marrowgate Hall phoned today about the booking."
    assert facts(first, said, pages=month_index) == [(first, HALL.slug), (said, HALL.slug)]


def test_a_month_name_is_still_a_person_where_a_person_fits() -> None:
    for said in (
        "I heard from May that the room is free.",
        "By May's desk there is a new printer, £40.",
        "May says the room costs £40 a night.",
        "I still owe May 20 quid for the eggs.",  # a number counting a noun is no day
        "I told May 4 times that the deposit is £40.",
        "The card for the hall was written by May.",  # the agent after a participle
        "Honestly I have a lot of faith in May.",
        "I'll hold the £40 until May has read the terms.",  # a verb after the name
        "I paid May 20 for the taxi to the hall.",  # given to her, not a day
        "The flowers were done beautifully by May.",
    ):
        assert [whose for _, whose in facts(said, pages=month_index)] == [MAYBRITT.slug], said


def test_a_thing_just_named_as_the_subject_outranks_a_persons_object_pronoun() -> None:
    said = "Marrowgate Hall phoned. They can fit her in on Tuesdays, £40 a day."
    found = facts("Orlaith has moved in with us for the winter.", said)
    assert [whose for _, whose in found][1:] == [HALL.slug, HALL.slug]
    # "it" is as often nobody: the person keeps it
    found = facts("Orlaith came along.", "Marrowgate Hall was packed. It was lovely for her.")
    assert found[-1][1] == ORLAITH.slug
    # "it" no subject: the person the pronoun refers to, before the thing
    found = facts("Orlaith rang about Marrowgate Hall. I'll send the key to her on Tuesday.")
    assert found[-1] == ("I'll send the key to her on Tuesday.", ORLAITH.slug)


def test_the_users_obligation_is_the_undertaking_at_hands() -> None:
    found = facts("Pellingham Fete moves to the rec in May.", "I have to hire the trestles.")
    assert found[-1] == ("I have to hire the trestles.", FETE.slug)
    # a band at hand is no undertaking: the user's obligation is their own
    found = facts("Skelwith Wind Band are moving rooms in May.", "I have to hire the trestles.")
    assert found[-1] == ("I have to hire the trestles.", None)
    assert classify("I've got to phone the caterer") == "commitment"
    assert classify("I have to say the hall looked lovely") is None  # a manner of speech


@pytest.mark.parametrize(
    "said",
    [
        "The quiz is at the Fisherman's Rest. She's booked the back room.",
        "We ate at the Pilots' Lantern. She loved it.",
        "Lunch was at Dilys's Pantry. She was there early.",
    ],
)
def test_a_capital_run_named_after_an_owner_or_after_an_article_is_no_new_person(
    said: str,
) -> None:
    assert new_people(said, set()) == []
    # "a" before a name is someone the user does not know yet
    found = new_people("A Brisa Quarrie called about the flat. She sounded keen.", set())
    assert [person.name for person in found] == ["Brisa Quarrie"]
    assert [
        person.name for person in new_people("We've hired Tamsin Quell. She starts Monday.", set())
    ] == ["Tamsin Quell"]


@pytest.mark.parametrize(
    "said",
    [
        "Zerya Dostan has offered to repaint the shed.",
        "one of the neighbours, Zerya Dostan, has offered to repaint the shed",
        "Zerya Dostan hasn't said yes yet.",
    ],
)
def test_a_name_then_a_persons_verb_in_the_perfect_is_a_new_person(said: str) -> None:
    assert [person.name for person in new_people(said, set())] == ["Zerya Dostan"]


@pytest.mark.parametrize(
    "said",
    [
        "Orlaith says I'm singing the solo this year.",  # what is reported is the user's
        "Orlaith has asked me to sort the music folders by Friday.",  # the user's task
        "Ysolde wants me to collect the programmes on Monday.",
        "Ysolde put me on the early shift again next week.",  # a place in a rota
        "Orlaith's signed me up for the first aid course in May.",
    ],
)
def test_news_of_the_user_told_by_someone_is_the_users(said: str) -> None:
    assert facts(said) == [(said, None)]


@pytest.mark.parametrize(
    "said",
    [
        "Skelwith Wind Band have put me on the social committee.",
        "Skelwith Wind Band elected me treasurer at the AGM.",
        "Skelwith Wind Band have made me their new librarian.",
    ],
)
def test_where_a_body_places_the_user_is_the_users(said: str) -> None:
    """A body's say is its own, but a place it gives the user is the user's news."""
    assert facts(said) == [(said, None)]
    before = "First rehearsal with Skelwith Wind Band tonight."
    they = "They've" + said.split(" have", 1)[-1] if " have " in said else None
    if they is not None:  # "they": the band named before
        assert facts(before, they)[-1] == (they, None)


@pytest.mark.parametrize(
    "said",
    ["Ysolde put me on the spot in front of everyone.", "Ysolde put me on hold for an hour."],
)
def test_an_idiom_of_putting_the_user_somewhere_is_the_persons_doing(said: str) -> None:
    assert [entity for _, entity in facts(said)] == [YSOLDE.slug]


def test_a_bodys_news_of_the_user_takes_no_topic_at_hand() -> None:
    found = facts("Orlaith wants a new music stand.", "Skelwith Wind Band made me treasurer.")
    assert found[-1] == ("Skelwith Wind Band made me treasurer.", None)


def test_a_clause_going_on_from_a_bodys_news_is_the_bodys() -> None:
    said = "Skelwith Wind Band elected me treasurer and wants me to pay the deposit."
    assert [entity for _, entity in facts(said)] == [None, BAND.slug]
    said = "Skelwith Wind Band put me on the committee and made me their librarian."
    assert [entity for _, entity in facts(said)] == [None, None]


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        ("Orlaith has asked me to print the programmes for Pellingham Fete.", FETE.slug),
        ("Orlaith wants me to be her bridesmaid next year.", ORLAITH.slug),
        ("Skelwith Wind Band has asked me to pay the deposit by Friday.", BAND.slug),
    ],
)
def test_news_of_the_user_that_names_more_stays_with_what_it_names(said: str, whose: str) -> None:
    assert [entity for _, entity in facts(said)] == [whose]


@pytest.mark.parametrize(
    ("first", "then", "whose"),
    [
        # the user's own doing, spoken of as "it"
        ("Pellingham Fete needs stewards.", "I'd rather not run it myself this year.", None),
        ("Pellingham Fete is on the 9th.", "My back isn't up to a whole weekend of it.", None),
        ("Pellingham Fete is on the 9th again.", "I'm sick of it already, honestly.", None),
        # what the user gives or does for it, or at it, is the thing's
        ("Pellingham Fete is on the 9th.", "I've got three quotes for it now.", FETE.slug),
        ("Marrowgate Hall has the ceilidh.", "I've signed up to call at it.", HALL.slug),
        # a thing the user acts on is the thing named before
        ("Marrowgate Hall has a room free.", "I've booked it for the 9th.", HALL.slug),
        ("Pellingham Fete overran.", "I want it shorter next year.", FETE.slug),
        # a thing that is the subject is the thing
        ("Pellingham Fete overran.", "It needs more stewards next year.", FETE.slug),
    ],
)
def test_an_it_in_the_users_own_clause(first: str, then: str, whose: str | None) -> None:
    assert facts(first, then)[-1] == (then, whose)


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        # a spouse by a given name alone: the news is the one with a page's, as a spouse's
        # family name may be another
        ("Ysolde mentioned her husband Bram is retiring in June.", YSOLDE.slug),
        # a child, a parent or a sibling shares the family's name: the news is theirs
        ("Ysolde is off next week. Her son Tobiah has his operation on the 3rd.", TOBIAH),
        ("Ysolde says her mum Orla is moving to Penrith in May.", "people/orla-quarles"),
        ("Ysolde Quarles's son Tobiah has his operation on the 3rd.", TOBIAH),
        # an in-law married into another family: the news stays Ysolde's
        ("Ysolde's sister-in-law Meera is retiring in June.", YSOLDE.slug),
        # named in full: a person of their own
        ("Ysolde says her husband Bram Quillet is retiring in June.", "people/bram-quillet"),
        # set off by commas, after an age, or a "lad": the relative all the same
        ("Ysolde is off today. Her dad, Idwal, is collecting the keys.", "people/idwal-quarles"),
        ("Ysolde is off. Her little brother Tobiah has his operation on the 3rd.", TOBIAH),
        ("Ysolde's lad Tobiah has his operation on the 3rd.", TOBIAH),
    ],
)
def test_a_relative_by_a_given_name_alone(said: str, whose: str) -> None:
    assert facts(said)[-1][1] == whose


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        # a given name not Ysolde's before her family name, typed in lowercase: her relative
        ("ysolde is off. tobiah quarles rang me, quite cross", TOBIAH),
        ("his dad gareth quarles emailed me about the trip", "people/gareth-quarles"),
        # her own given name, or a title: Ysolde herself
        ("ysolde quarles rang me, quite cross", YSOLDE.slug),
        ("mrs quarles rang me at 5, quite cross", YSOLDE.slug),
    ],
)
def test_another_of_a_known_family(said: str, whose: str) -> None:
    def pages() -> EntityIndex:
        return EntityIndex(
            [YSOLDE],
            [
                ("Ysolde Quarles", YSOLDE.slug, False),
                ("Ysolde", YSOLDE.slug, True),
                ("Quarles", YSOLDE.slug, True),
            ],  # fmt: skip
        )

    assert facts(said, pages=pages)[-1][1] == whose


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        # a slipped name put right: the right one's news, without the wrong name
        ("orlaith — sorry, not orlaith, YSOLDE — is off from the 12th", YSOLDE.slug),
        ("orlaith... no wait, Ysolde is opening up on friday", YSOLDE.slug),
        ("Orlaith, sorry, Ysolde is on the till on Saturday", YSOLDE.slug),
    ],
)
def test_a_slipped_name_put_right(said: str, whose: str) -> None:
    found = facts(said)
    assert [entity for _, entity in found] == [whose], found
    assert "orlaith" not in found[0][0].casefold()


@pytest.mark.parametrize(
    "said",
    [
        "Orlaith, Ysolde and Bram are on the till on Saturday",
        "Ysolde, not Orlaith, is on the till on Saturday",
        "Orlaith said no, Ysolde can't do Saturday",
        # an apology to someone, a word said to them, a bare "no": no repair of a name
        "Please tell Orlaith sorry, Ysolde can't make Saturday",
        "Orlaith, wait. Ysolde is bringing the keys",
        "Orlaith no, Ysolde yes for the Saturday shift",
    ],
)
def test_names_with_no_repair_between_stay(said: str) -> None:
    assert names_mended(said, index()) == said


@pytest.mark.parametrize(
    "said",
    [
        "The hall wants the entry forms back by the end of May.",
        "We're booked in for the first week of June, fingers crossed.",
        "The middle of May is out for me.",
        "Early June works for the retreat.",
        "The boiler service is at the end of May.",  # a date: a fact of its own
        "The bakery is shut the whole of June.",
    ],
)
def test_a_stretch_of_a_month_is_a_date(said: str) -> None:
    may = Entity("people/may-tennick", "May Tennick", "person")
    june = Entity("people/june-tarrow", "June Tarrow", "person")

    def pages() -> EntityIndex:
        surfaces = [("May", may.slug, True), ("June", june.slug, True)]
        return EntityIndex([may, june], surfaces)

    assert facts(said, pages=pages) == [(said, None)]


def test_the_end_of_a_persons_shift_stays_theirs() -> None:
    may = Entity("people/may-tennick", "May Tennick", "person")
    said = "The end of May's shift is at six."

    def pages() -> EntityIndex:
        return EntityIndex([may], [("May", may.slug, True)])

    assert facts(said, pages=pages) == [(said, may.slug)]


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        # what a person wants, offers or has decided is theirs
        ("Ysolde wants Pellingham Fete to have a brass band this year.", YSOLDE.slug),
        ("Ysolde's offered to run the raffle at Pellingham Fete.", YSOLDE.slug),
        ("Orlaith has agreed to play at Marrowgate Hall on the 9th.", ORLAITH.slug),
        # what they did for an undertaking named outright is the undertaking's
        ("Ysolde booked the marquee for Pellingham Fete: forty feet.", FETE.slug),
    ],
)
def test_a_persons_wish_is_theirs(said: str, whose: str) -> None:
    assert facts(said)[0][1] == whose


@pytest.mark.parametrize(
    "said",
    [
        "Ysolde's stall moves to Marrowgate Hall from June.",
        "Before I forget: Ysolde's stall moves to Marrowgate Hall from June.",
    ],
)
def test_a_persons_thing_that_moves_to_a_place_is_theirs(said: str) -> None:
    assert facts(said) == [(said, YSOLDE.slug)]


@pytest.mark.parametrize(
    "said",
    [
        "Ysolde's hen do will be at Marrowgate Hall.",
        "We've booked Marrowgate Hall for Ysolde's 60th.",
        "We picked Marrowgate Hall for Ysolde's stag.",
    ],
)
def test_a_persons_occasion_is_theirs_wherever_it_is_held(said: str) -> None:
    assert facts(said) == [(said, YSOLDE.slug)]


def test_a_relative_by_a_given_name_is_still_someone_a_pronoun_may_mean() -> None:
    first = (
        "Back from Marrowgate Hall. Orlaith says the choir is switching to a paper sign-up "
        "and she needs all our dates by the 20th."
    )
    said = (
        "Ysolde dropped by this morning. She said her husband Bram has finished his third block "
        "of physio. She wondered if the band has a spare cornet for her nephew."
    )
    # "his" is Bram's, so the next "she" is still Ysolde, not Orlaith before her
    found = facts(first, said)
    assert [entity for _, entity in found][-2:] == [YSOLDE.slug, YSOLDE.slug]


def test_a_full_name_that_holds_a_firms_short_name_is_a_new_person() -> None:
    firm = Entity("companies/quarmby-sons", "Quarmby & Sons", "company")

    def pages() -> EntityIndex:
        surfaces = [("Quarmby & Sons", firm.slug, False), ("Quarmby", firm.slug, False)]
        return EntityIndex([firm], surfaces)

    said = "Their foreman, Odran Quarmby, says the wall comes down in June."
    assert facts("Quarmby & Sons start on Monday.", said, pages=pages)[1][1] == (
        "people/odran-quarmby"
    )


def test_a_modal_after_its_pronoun_and_a_place_in_lowercase_name_nobody() -> None:
    will = Entity("people/will-tennant", "Will Tennant", "person")
    town = Entity("places/bath", "Bath", "place")

    def pages() -> EntityIndex:
        return EntityIndex([will, town], [("Will", will.slug, True), ("Bath", town.slug, False)])

    said = "I will have to chase the invoices from every stallholder by the 12th."
    assert facts(said, pages=pages) == [(said, None)]
    said = "I'm having a long bath tonight, the pitch fees are £45 a stall."
    assert all(entity is None for _, entity in facts(said, pages=pages))
    # capitalised, they are the person and the place
    assert facts("Will wants the books shut by 30 April.", pages=pages)[0][1] == will.slug
    assert facts("The county final is in Bath on 3 June.", pages=pages)[0][1] == town.slug


def test_a_gendered_relative_is_whom_the_next_pronoun_means() -> None:
    found = facts("Ysolde's brother Tobiah is trialling with us in March.", "He's a left back.")
    assert [entity for _, entity in found] == [TOBIAH, TOBIAH]
    # what the clause says of the relative, a place named with it, is still the owner's
    said = "Ysolde's husband Bram is doing the raffle at Marrowgate Hall."
    assert facts(said) == [(said, YSOLDE.slug)]


def test_a_title_of_address_before_a_firms_short_name_is_the_firm() -> None:
    firm = Entity("companies/quarmby-sons", "Quarmby & Sons", "company")

    def pages() -> EntityIndex:
        surfaces = [("Quarmby & Sons", firm.slug, False), ("Quarmby", firm.slug, False)]
        return EntityIndex([firm], surfaces)

    said = "Mr Quarmby says the scaffolding comes down on Monday."
    assert facts(said, pages=pages) == [(said, firm.slug)]


def margaret_and_peter(margaret_goes_by: str = "") -> EntityIndex:
    margaret = Entity("people/margaret-quellby", "Margaret Quellby", "person", margaret_goes_by)
    peter = Entity("people/peter-tarrowby", "Peter Tarrowby", "person")
    return EntityIndex(
        [margaret, peter],
        [(margaret.title, margaret.slug, False), (peter.title, peter.slug, False)],
    )


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        # the subject of the clause before is the other one
        ("Peter Tarrowby is covering Margaret Quellby's leave. She starts at 8.", "margaret"),
        ("Margaret Quellby is covering Peter Tarrowby's leave. He starts at 8.", "peter"),
    ],
)
def test_a_he_or_she_passes_over_the_person_whose_given_name_says_otherwise(
    said: str, whose: str
) -> None:
    first, then = said.split(". ")
    found = facts(f"{first}.", then, pages=margaret_and_peter)
    assert found[-1][1] is not None and found[-1][1].startswith(f"people/{whose}")


def test_what_the_page_says_of_a_person_outranks_their_given_name() -> None:
    said = ("Margaret Quellby is covering Peter Tarrowby's leave.", "He starts at 8.")
    found = facts(*said, pages=lambda: margaret_and_peter(margaret_goes_by="he"))
    assert found[-1][1] == "people/margaret-quellby"


@pytest.mark.parametrize(
    ("title", "pronoun"),
    [
        ("Margaret Quellby", "she"),
        ("Dr Peter Tarrowby", "he"),
        ("Gaëlle Quinton", "she"),  # folded or not, the name is found
        ("Jordan Quellby", ""),  # a name borne by both
        ("Quellby", ""),  # one word may be a family name alone
        ("Zxqv Quellby", ""),  # a name no source lists
        ("Mrs Peter Quellby", "she"),  # a title that says it
    ],
)
def test_the_pronoun_a_given_name_goes_with(title: str, pronoun: str) -> None:
    assert name_pronoun(title) == pronoun


def test_a_he_or_she_nobody_named_can_be_refers_to_no_one() -> None:
    found = facts("Peter Tarrowby called.", "She's leaving in May.", pages=margaret_and_peter)
    assert found[-1] == ("She's leaving in May.", None)


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        # a call or a message and a colon: what it said is what it names, as after "says"
        ("Orlaith rang too: the band moves to Marrowgate Hall in May.", BAND.slug),
        ("Other news from Orlaith: the band has a new conductor from June.", BAND.slug),
        ("Orlaith emailed overnight: she's leaving the committee in May.", ORLAITH.slug),
        ("Ysolde rang: the fete starts at noon on Saturday.", FETE.slug),
    ],
)
def test_a_call_before_a_colon_reports_what_follows(said: str, whose: str) -> None:
    assert facts(said) == [(said, whose)]


@pytest.mark.parametrize(
    ("said", "news", "whose"),
    [
        ("Orlaith messaged, the band moves to Marrowgate Hall in May.", "May", BAND.slug),
        ("ysolde rang this morning, the fete opens at noon on Saturday.", "noon", FETE.slug),
        ("Orlaith texted, she's leaving the committee in May.", "May", ORLAITH.slug),
    ],
)
def test_a_call_before_a_comma_reports_what_follows(said: str, news: str, whose: str) -> None:
    assert [entity for fact, entity in facts(said) if news in fact] == [whose]


@pytest.mark.parametrize(
    ("said", "named"),
    [
        ("Xu Meilan from the print shop is printing the posters.", ["Xu Meilan"]),
        ("Obafemi Quarshie from Quillfield rang this morning.", ["Obafemi Quarshie"]),
        ("Quarry Haulage from Leeds is quoting £400.", []),  # a firm: a dictionary's word
        ("Zorvane Kelth from Lisbon.", []),  # no deed: where it comes from, whatever it is
    ],
)
def test_a_name_from_somewhere_that_does_something_is_a_person(said: str, named: list[str]) -> None:
    assert [person.name for person in new_people(said, set())] == named


@pytest.mark.parametrize(
    "said",
    [
        "Orlaith rang: her van's been towed from outside Marrowgate Hall.",
        "Orlaith says her boss is sending her to Marrowgate Hall for a week.",
    ],
)
def test_what_a_speaker_reports_of_their_own_is_theirs(said: str) -> None:
    assert facts(said) == [(said, ORLAITH.slug)]


def test_a_relative_named_after_the_possessive_is_no_speakers_own() -> None:
    said = "Ysolde says her brother Tobiah is moving to Marrowgate Hall in May."
    assert facts(said)[-1][1] != YSOLDE.slug


@pytest.mark.parametrize(
    "said",
    [
        "Ysolde rang to say the raffle draw moves to 3pm.",
        "Other news from Ysolde: the raffle draw moves to 3pm.",
    ],
)
def test_a_call_reporting_a_figure_is_the_topics(said: str) -> None:
    found = facts("Pellingham Fete planning tonight.", said)
    assert found[-1] == (said, FETE.slug)


def test_a_name_after_so_opens_a_clause_of_its_own() -> None:
    said = "Skelwith Wind Band voted on Monday to book the tour, so Orlaith paid the deposit."
    found = facts(said)
    assert [whose for _, whose in found] == [BAND.slug, ORLAITH.slug]


def test_a_person_brought_in_by_their_role_has_that_role_as_a_fact() -> None:
    said = "Orlaith will email the club secretary, Tamsin Quell, on Monday."
    found = facts(said)
    assert (said, ORLAITH.slug) in found
    assert ("the club secretary, Tamsin Quell", "people/tamsin-quell") in found


@pytest.mark.parametrize(
    ("said", "role"),
    [
        # the role right before the name, no comma
        (
            "Skelwith Wind Band lost the grant, the new manager Tamsin Quell says it's £200 short",
            "the new manager Tamsin Quell",
        ),
        # when they start, between the role and the name
        (
            "Skelwith Wind Band have a new manager starting in May, Tamsin Quell.",
            "a new manager starting in May, Tamsin Quell",
        ),
    ],
)
def test_a_role_before_a_name_is_theirs(said: str, role: str) -> None:
    assert (role, "people/tamsin-quell") in facts(said)


def test_what_a_speaker_reports_of_a_page_is_not_theirs() -> None:
    said = "Ysolde says her estimate for the fete is £400."
    assert facts(said) == [(said, FETE.slug)]  # the figure is the fete's


def test_a_day_with_a_verb_of_its_own_after_a_comma_is_a_clause() -> None:
    june = Entity("people/june-tarrow", "June Tarrow", "person")

    def pages() -> EntityIndex:
        return EntityIndex(
            [ORLAITH, june], [("Orlaith", ORLAITH.slug, True), ("June", june.slug, True)]
        )

    found = facts("Orlaith does Mondays, June does Tuesdays.", pages=pages)
    assert [whose for _, whose in found] == [ORLAITH.slug, june.slug]


def test_a_singular_weekday_may_be_a_family_name() -> None:
    said = "I met a new client, Ada Sunday, at yoga."
    assert [whose for _, whose in facts(said)] == ["people/ada-sunday"]


def test_what_the_so_clause_follows_from_is_kept() -> None:
    said = "The council signed off the plans, so Orlaith ordered the goalposts."
    assert [text for text, _ in facts(said)] == [
        "The council signed off the plans",
        "Orlaith ordered the goalposts.",
    ]


def test_a_relative_clause_after_a_family_name_of_someone_elses_given_name_is_not_theirs() -> None:
    ken = Entity("people/ken-oduya", "Ken Oduya", "person")
    supper = Entity("events/harvest-supper", "Harvest Supper", "event")

    def pages() -> EntityIndex:
        surfaces = [
            ("Ken Oduya", ken.slug, False),
            ("Ken", ken.slug, True),
            ("Oduya", ken.slug, True),
            ("Harvest Supper", supper.slug, False),
        ]
        return EntityIndex([ken, supper], surfaces)

    said = "Ken is doing the harvest supper with his wife June Oduya, who's cooking the lamb."
    found = dict(facts(said, pages=pages))
    # June's, or the supper's: not Ken's, though "Oduya" ends it
    assert found["who's cooking the lamb."] in ("people/june-oduya", supper.slug)


@pytest.mark.parametrize(
    "said",
    [
        "For the fete, I'll bring the urn and the bunting.",
        "About the fete, every helper has to be vetted.",
    ],
)
def test_a_lead_in_phrase_goes_with_what_it_leads_into(said: str) -> None:
    assert facts(said) == [(said, FETE.slug)]


def test_a_lead_in_phrase_before_a_page_as_subject_leaves_it_its_own() -> None:
    found = facts("For the fete, Orlaith Quenby quoted £60 for the bunting.")
    assert ("Orlaith Quenby quoted £60 for the bunting.", ORLAITH.slug) in found

"""Name forms and misspellings through the Engine: each resolves only when unambiguous."""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_schema.fixture import PublicTurn
from bb_schema.turn_context import SeamSettings, TurnContextRequest, TurnContextResponse


def md(title: str, **meta: Any) -> str:
    lines = ["---", f"title: {title}"] + [f"{k}: {v}" for k, v in meta.items()]
    return "\n".join([*lines, "---", "", "body", ""])


def ask(
    engine: Engine, brain: str, text: str, *, after: str = "", **settings: Any
) -> TurnContextResponse:
    """The turn's context; ``after``: a user turn said just before it (the window)."""
    turn = PublicTurn(turn_id=9, role="user", text=text)
    window = [PublicTurn(turn_id=8, role="user", text=after)] if after else []
    request = TurnContextRequest(
        brain_id=brain,
        session_id="s",
        active_source="default",
        turn=turn,
        window=window,
        settings=SeamSettings(**{"pointer_budget": 3, **settings}),
    )
    return engine.turn_context(request)


def slugs(response: TurnContextResponse) -> list[str]:
    return [pointer.slug for pointer in response.pointers]


WANJIRU = (
    "people/wanjiru-kamau",
    md("Dr. Wanjiru Kamau", type="person", summary="Runs the soil lab."),
)
HARUTO = ("people/haruto-ishikawa", md("Haruto Ishikawa", type="person"))
ROBERTO = ("people/roberto-quintana", md("Roberto Quintana", type="person", aliases="[Beto]"))
THERESE = ("people/therese-lindqvist", md("Thérèse Lindqvist", type="person"))
SOREN = ("people/soren-sondergaard", md("Søren Søndergaard", type="person"))
ISOLDE = ("people/isolde-marchetti", md("Isolde Marchetti", type="person"))


def arms(response: Any) -> list[tuple[str, str]]:
    return [(p.slug, p.arm) for p in response.pointers]


@pytest.mark.parametrize(
    ("text", "arm"),
    [
        ("Ishikawa Haruto sent the slides over", "name-form"),  # family name first
        ("did Ishikawa-san sign off on it?", "surname"),  # hyphenated honorific
        ("Can you ask Mr Ishikawa about the visa?", "surname"),
        ("ask Haruto whether the slides are final", "given-name"),
    ],
)
def test_forms_of_a_persons_name(engine: Engine, make_brain: Any, text: str, arm: str) -> None:
    brain = make_brain(HARUTO, WANJIRU)
    assert arms(ask(engine, brain, text)) == [("people/haruto-ishikawa", arm)]


def test_titles_and_suffixes_are_not_part_of_the_name(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(WANJIRU, ("people/ade-bello", md("Ade Bello Jr.", type="person")))
    assert slugs(ask(engine, brain, "Dr Kamau moved the sampling day")) == ["people/wanjiru-kamau"]
    assert slugs(ask(engine, brain, "has Wanjiru Kamau replied?")) == ["people/wanjiru-kamau"]
    assert slugs(ask(engine, brain, "we owe Bello an answer")) == ["people/ade-bello"]


def test_another_generation_is_another_person(engine: Engine, make_brain: Any) -> None:
    elder = ("people/osric-vane-sr", md("Osric Vane Sr.", type="person"))
    brain = make_brain(elder)
    response = ask(engine, brain, "A letter from Osric Vane Jr. arrived today")
    assert response.pointers == []
    (declined,) = response.declined
    assert declined.evidence is not None and "generational suffix" in declined.evidence.decision
    for text in ("A letter from Osric Vane Sr. arrived", "A letter from Osric Vane arrived"):
        assert slugs(ask(engine, brain, text)) == ["people/osric-vane-sr"]
    plain = ("people/tobin-achebe", md("Tobin Achebe", type="person"))
    brain = make_brain(plain)  # no suffix on the page: the written one may just be fuller
    assert slugs(ask(engine, brain, "Tobin Achebe Jr. called")) == ["people/tobin-achebe"]


def test_a_namesake_typed_in_lowercase_is_somebody_else(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(HARUTO, ROBERTO)
    assert ask(engine, brain, "did haruto nakagawa ever reply?").pointers == []
    assert slugs(ask(engine, brain, "did haruto ishikawa ever reply?")) == [
        "people/haruto-ishikawa"
    ]
    assert slugs(ask(engine, brain, "did haruto ever reply btw?")) == ["people/haruto-ishikawa"]


def test_a_nickname_combines_with_the_family_name(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(ROBERTO, ("people/beto-ruiz", md("Beto Ruiz", type="person")))
    response = ask(engine, brain, "Beto Quintana wants the keys back")
    assert arms(response) == [("people/roberto-quintana", "name-form")]
    # an explicit nickname outranks a given name derived from another title
    assert arms(ask(engine, brain, "and Beto?")) == [("people/roberto-quintana", "alias")]


def test_missing_accents_match_exactly(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(THERESE, SOREN)
    for text in ("Therese Lindqvist agreed", "therese lindqvist agreed"):
        response = ask(engine, brain, text)
        assert arms(response) == [("people/therese-lindqvist", "title")]
    # ø is a letter of its own, not an accent, but a keyboard without it types a plain o:
    # the name as typed so is one of the page's forms
    response = ask(engine, brain, "Sondergaard agreed too")
    assert slugs(response) == ["people/soren-sondergaard"]
    evidence = response.pointers[0].evidence
    assert evidence is not None and evidence.surface == "sondergaard"
    # typed plain and with a slip as well, it is a near typo of that form
    response = ask(engine, brain, "Sondergard agreed too")
    assert slugs(response) == ["people/soren-sondergaard"]
    evidence = response.pointers[0].evidence
    assert evidence is not None and evidence.decision.startswith("fuzzy:")


@pytest.mark.parametrize(
    ("title", "text"),
    [
        ("Temitopi Ogunbanjo", "ask Temitopie to chase the invoice"),  # -ie for a final -i
        ("Jennie Quell", "Jenni said the van is booked"),  # -i for a final -ie
    ],
)
def test_a_final_i_and_ie_are_one_name(
    engine: Engine, make_brain: Any, title: str, text: str
) -> None:
    slug = "people/" + title.lower().replace(" ", "-")
    brain = make_brain((slug, md(title, type="person")))
    assert slugs(ask(engine, brain, text)) == [slug]
    assert slugs(ask(engine, brain, "the pie was cold")) == []


def test_a_given_name_shared_by_two_people_is_silent(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(HARUTO, ("people/haruto-mori", md("Haruto Mori", type="person")))
    response = ask(engine, brain, "ask Haruto about it")
    assert response.pointers == []
    assert {p.slug for p in response.declined} == {"people/haruto-ishikawa", "people/haruto-mori"}
    assert all(p.evidence and "ambiguous" in p.evidence.decision for p in response.declined)


@pytest.mark.parametrize(
    "text",
    [
        "has Isolde Marchetit confirmed the venue?",  # two letters swapped
        "has Marchettti confirmed the venue?",  # a letter typed twice
        "has Isolde Marcheti confirmed the venue?",  # a double undone
        "has Isolde Marchetto confirmed the venue?",  # one vowel for another
    ],
)
def test_a_typing_slip_still_finds_the_page(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(ISOLDE, HARUTO)
    response = ask(engine, brain, text)
    assert slugs(response) == ["people/isolde-marchetti"]
    evidence = response.pointers[0].evidence
    assert evidence is not None and evidence.decision.startswith("fuzzy:")
    assert 0.75 < evidence.score < 1.0
    assert response.pointers[0].confidence < 0.95


@pytest.mark.parametrize(
    "text",
    [
        "has Isolda Marchesi confirmed the venue?",  # another person altogether
        "has Marchettini confirmed the venue?",  # a longer name
        "has Isoldea Marchetti's sister confirmed?",  # a letter no typist adds there
    ],
)
def test_a_near_miss_name_stays_silent(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(ISOLDE)
    assert ask(engine, brain, text).pointers == []


def test_a_name_spelt_as_heard_finds_the_page(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(("people/dravik-anand", md("Dravik Anand", type="person")))
    response = ask(engine, brain, "dravick rang, the hay is going up next month")
    assert slugs(response) == ["people/dravik-anand"]
    assert ask(engine, brain, "the bdravik file is missing").pointers == []


def test_fuzzy_needs_a_unique_page(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(
        ("people/ana-marchetti", md("Ana Marchetti", type="person")),
        ("people/leo-marchetto", md("Leo Marchetto", type="person")),
    )
    response = ask(engine, brain, "did Marchettu call?")  # one vowel away from both
    assert response.pointers == []
    assert {p.slug for p in response.declined} == {
        "people/ana-marchetti",
        "people/leo-marchetto",
    }


@pytest.mark.parametrize(
    "text",
    [
        "has marchettti confirmed the venue?",  # lowercase, a letter typed twice
        "has mrachetti confirmed the venue?",  # lowercase, two letters swapped
        "has isolde marcheti confirmed the venue?",  # inside a lowercase full name
        "has marchetiti confirmed the venue?",  # a vowel said between two consonants
    ],
)
def test_a_typing_slip_in_lowercase_still_finds_the_page(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(ISOLDE, HARUTO)
    response = ask(engine, brain, text)
    assert slugs(response) == ["people/isolde-marchetti"]
    evidence = response.pointers[0].evidence
    assert evidence is not None and evidence.decision.startswith("fuzzy:")


@pytest.mark.parametrize(
    "text",
    [
        "has marchesini confirmed the venue?",  # another name, more than one slip away
        "the venue was confrimed yesterday",  # a slip in an ordinary word is no name
    ],
)
def test_a_lowercase_near_miss_stays_silent(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(ISOLDE)
    assert ask(engine, brain, text).pointers == []


@pytest.mark.parametrize(
    "text",
    [
        "is ishikawa alraedy on leave?",  # "already" typed fast, after a lowercase name
        "did ishikawa alraedy reply?",
        "has isolde reltaed the slides?",
    ],
)
def test_a_slip_in_a_word_beside_a_lowercase_name_is_no_more_of_the_name(
    engine: Engine, make_brain: Any, text: str
) -> None:
    """A word one slip from a frequent word is that word, not the family name of someone else."""
    brain = make_brain(HARUTO, ISOLDE)
    assert slugs(ask(engine, brain, text)) in (["people/haruto-ishikawa"], [ISOLDE[0]])


def test_an_unknown_word_beside_a_lowercase_name_is_still_more_of_it(
    engine: Engine, make_brain: Any
) -> None:
    """A word no slip makes of a frequent one stays a name: "isolde okonta" is somebody else."""
    brain = make_brain(ISOLDE)
    assert ask(engine, brain, "has isolde okonta confirmed?").pointers == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("who's mason again?", True),  # who someone is: a family name alone, in lowercase
        ("what does mason do these days?", True),  # what someone does
        ("the mason said the wall needs repointing", False),  # the trade
    ],
)
def test_a_family_name_typed_in_lowercase_when_asked_about(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    mason = ("people/rebecca-mason", md("Rebecca Mason", type="person", aliases="[Rebecca]"))
    assert slugs(ask(engine, make_brain(mason), text)) == ([mason[0]] if found else [])


CLIFF = ("people/cliff-renwick", md("Cliff Renwick", type="person", aliases="[Cliff]"))


@pytest.mark.parametrize(
    "text",
    [
        "cliff mentoined the pricing to them, any notes?",  # "mentioned"
        "did cliff mentoin the price?",  # "mention", after "did" as a subject's verb
        "cliff siad the deal's off",  # two letters swapped in a word of four
    ],
)
def test_a_slip_in_the_words_around_a_name_keeps_their_grammar(
    engine: Engine, make_brain: Any, text: str
) -> None:
    """A verb that takes a person, typed with a slip, still says "cliff" is someone."""
    brain = make_brain(CLIFF)
    assert slugs(ask(engine, brain, text)) == [CLIFF[0]]


def test_a_word_typed_with_a_slip_reads_as_the_word() -> None:
    from bb_brain.reflex._tokens import tokenise

    typed = [tok.norm for tok in tokenise("cliff mentoined it, Mentoined Cliff, okoro")]
    # lowercase only: a capitalised word keeps its letters for the names' fuzzy matching
    assert typed == ["cliff", "mentioned", "it", "mentoined", "cliff", "okoro"]


@pytest.mark.parametrize(
    "text",
    ["Does Dr Price know anyone at the fund?", "Dose Prof. Price knwo anyone there?"],
)
def test_an_honorific_after_the_word_opening_the_sentence_still_titles_the_name(
    engine: Engine, make_brain: Any, text: str
) -> None:
    """ "Does" is capitalised for the sentence; "Dr" still says Price is a person's name."""
    brain = make_brain(("people/margaret-price", md("Margaret Price", type="person")))
    assert slugs(ask(engine, brain, text)) == ["people/margaret-price"]


@pytest.mark.parametrize("text", ["did Govrek reply yet?", "did govrek reply yet?"])
def test_a_swap_that_moves_both_blocking_keys_is_still_found(
    engine: Engine, make_brain: Any, text: str
) -> None:
    # "govrek" shares neither its first nor its last three letters with "gorvek"
    brain = make_brain(("people/tove-gorvek", md("Tove Gorvek", type="person")))
    assert slugs(ask(engine, brain, text)) == ["people/tove-gorvek"]


JURGEN = ("people/jurgen-bauer", md("Jürgen Bäuerle", type="person"))
TARIQ = ("people/tariq-al-hassan", md("Tariq Al-Hassan", type="person"))
MINH = ("people/minh-tran", md("Trần Văn Minh", type="person", aliases="[Minh Tran]"))


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("I need to answer Juergen Baeuerle about clause 7", JURGEN[0]),  # umlauts spelt out
        ("Mr. Al Hassan wants a status update", TARIQ[0]),  # a hyphenated family name, spaced
        ("Minh's spreadsheet has the comps", MINH[0]),  # the given name of a full-name alias
    ],
)
def test_other_spellings_of_a_name(engine: Engine, make_brain: Any, text: str, slug: str) -> None:
    brain = make_brain(JURGEN, TARIQ, MINH)
    assert slugs(ask(engine, brain, text)) == [slug]


QUENBY = (
    "projects/quenby-trip",
    md("Mountain trip 2027", type="project", aliases="[Mountain itinerary]"),
)
NINETIETH = (
    "events/fennimore-90th",
    md("Nana Fennimore's 90th birthday", type="event", aliases='["Nana\'s 90th"]'),
)
PELLOWE = (
    "places/st-pellowes-chapel",
    md("St Pellowe's Chapel", type="place", aliases="[St Pellowe's]"),
)

WENNA = ("places/st-wennas-hall", md("St Wenna's Hall", type="place"))


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("can we go over the Mountain itinerary tonight?", QUENBY[0]),
        ("need to sort nana's 90th this weekend", NINETIETH[0]),
        ("what time does St Pellowe's open on sundays?", PELLOWE[0]),
        ("Saturday 4 May at St Wenna's, doors at 7", WENNA[0]),  # its short name, no alias
    ],
)
def test_a_page_form_as_the_page_writes_it(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    """A name with everyday words after it, or a possessive inside it, matches whole."""
    brain = make_brain(QUENBY, NINETIETH, PELLOWE, WENNA)
    assert slugs(ask(engine, brain, text)) == [slug]


def test_a_page_form_is_matched_whole_only(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(QUENBY, NINETIETH, PELLOWE)
    assert slugs(ask(engine, brain, "the Mountain bus itinerary is out")) == []
    assert slugs(ask(engine, brain, "nana's party is on the 9th")) == []


SCARROW = ("pets/scarrow", md("Scarrow", type="pet"))
HOPE = ("people/hope-tamsworth", md("Hope Tamsworth", type="person", aliases="[Hope]"))


def test_a_text_typed_in_capitals_is_read_as_typed_without_them(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(SCARROW, HOPE)
    assert slugs(ask(engine, brain, "SCARROW CHEWED THE TV REMOTE")) == [SCARROW[0]]
    assert slugs(ask(engine, brain, "I HOPE THE TRAIN IS ON TIME")) == []
    assert slugs(ask(engine, brain, "HOPE TAMSWORTH CALLED BACK")) == [HOPE[0]]
    # a sentence shouted among others typed as usual
    assert slugs(ask(engine, brain, "SCARROW CHEWED THE REMOTE. vet at four")) == [SCARROW[0]]
    assert slugs(ask(engine, brain, "I HOPE THE TRAIN IS ON TIME. see you at six")) == []


HEATH = ("people/heath-grisedale", md("Heath Grisedale", type="person", aliases="[Heath]"))


@pytest.mark.parametrize(
    "text",
    ["Heath keeps nagging me about the fence", "Heath turns 40 on friday, any gift ideas?"],
)
def test_a_verb_that_may_be_a_noun_is_a_verb_before_what_only_a_verb_takes(
    engine: Engine, make_brain: Any, text: str
) -> None:
    """A participle or a number after "keeps"/"turns" makes it a verb: its subject a name."""
    brain = make_brain(HEATH)
    assert slugs(ask(engine, brain, text)) == [HEATH[0]]


@pytest.mark.parametrize(
    "text",
    [
        "the heath paths were flooded again",
        "Heath leaves turning brown along the ridge",  # a plural noun, then its participle
        "Heath fires 3 this summer already",  # a noun counted
    ],
)
def test_an_ordinary_word_before_a_noun_stays_ordinary(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(HEATH)
    assert slugs(ask(engine, brain, text)) == []


VANTOR = ("people/vantor-quenby", md("Vantor Quenby", type="person", aliases="[Vantor]"))


def test_a_name_that_labels_a_thing_or_a_place_is_no_persons(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(HEATH, VANTOR)
    assert slugs(ask(engine, brain, "my Vantor laptop died again")) == []
    assert slugs(ask(engine, brain, "stuck at Heath station for an hour")) == []
    assert slugs(ask(engine, brain, "the bus down Heath Road was late")) == []
    assert slugs(ask(engine, brain, "Vantor's laptop died again")) == [VANTOR[0]]
    assert slugs(ask(engine, brain, "I'll meet Heath at the station")) == [HEATH[0]]


SEA_WALL = (
    "projects/grisedale-sea-wall",
    "---\ntitle: Grisedale Sea Wall Repair\ntype: project\n---\n\n"
    "The contractor rebuilds the wall between tides; the council grant covers half.\n",
)
HARBOUR_WALL = ("projects/pellowe-harbour-wall", md("Pellowe Harbour Wall Repair", type="project"))
GARDEN = ("projects/back-garden-makeover", md("Back Garden Makeover", type="project"))


def test_a_project_by_a_part_of_its_title(engine: Engine, make_brain: Any) -> None:
    """A part of a title names the page where the conversation already holds it."""
    brain = make_brain(SEA_WALL, HARBOUR_WALL, GARDEN)
    on_topic = "any news on the sea wall, has the contractor had the tide tables?"
    assert slugs(ask(engine, brain, on_topic)) == []  # the page's own words are not enough
    # its coined name alone is the page, not a run of its other words
    assert slugs(ask(engine, brain, "the grisedale sea works start monday")) == [SEA_WALL[0]]
    assert slugs(ask(engine, brain, "the back wall works start monday")) == []
    earlier = "Grisedale Sea Wall Repair is slipping"
    later = "is the sea wall crew back monday?"
    assert slugs(ask(engine, brain, later, after=earlier)) == [SEA_WALL[0]]  # named before
    assert slugs(ask(engine, brain, "we walked along the sea wall at dusk")) == []
    assert slugs(ask(engine, brain, "the back garden needs weeding")) == []
    # a part two titles share names neither
    assert slugs(ask(engine, brain, "the wall repair quotes came in high")) == []


TOY_CHEST = ("projects/toy-chest-for-grandad", md("Toy Chest for Grandad", type="project"))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("sanded the lid of grandad's toy chest tonight", [TOY_CHEST[0]]),
        ("the toy chest for grandad needs new hinges", [TOY_CHEST[0]]),
        ("saw a lovely toy chest at the craft fair", []),  # the rest of the title is not there
        ("a toy chest is a lot of work, my grandad always said", []),  # too far off
        ("Grandad says a toy chest is easy to make", []),  # any toy chest
        ("my neighbour's toy chest is lovely, grandad agrees", []),  # hers, another clause
    ],
)
def test_a_title_part_with_the_rest_of_its_title_beside_it(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(TOY_CHEST), text)) == found


def test_a_firm_s_short_name_outranks_a_part_of_another_title(
    engine: Engine, make_brain: Any
) -> None:
    firm = ("companies/quenby-yard-ltd", md("Quenby Yard Ltd", type="company"))
    open_day = ("events/quenby-yard-open-day", md("Quenby Yard Open Day 2027", type="event"))
    brain = make_brain(firm, open_day)
    assert slugs(ask(engine, brain, "Quenby Yard said the invoice is overdue")) == [firm[0]]


UNDER_12S = (
    "groups/tamsworth-under-12s",
    md("Tamsworth Under-12s", type="organization", aliases="[the u12s]"),
)


def test_an_alias_of_the_and_a_word_nobody_uses_is_a_name(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(UNDER_12S)
    assert slugs(ask(engine, brain, "is the u12s match still on?")) == [UNDER_12S[0]]


JUNE = ("people/june-tamsworth", md("June Tamsworth", type="person", aliases="[June]"))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Oh, June from no. 9 just asked to borrow the ladder", [JUNE[0]]),
        ("June from number 12 says the bins go out tonight", [JUNE[0]]),
        ("June from next door asked about the fence", [JUNE[0]]),
        ("we're away in June from the 3rd, back on the 17th", []),
        ("the rota runs in June from 9 till 5", []),
    ],
)
def test_a_neighbour_by_where_they_live(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    brain = make_brain(JUNE)
    assert slugs(ask(engine, brain, text)) == found


BISTRO = ("places/bistro-ottilie", md("Bistro Ottilie", type="place", aliases="[Ottilie's]"))
OTTILIE = ("people/ottilie-scarrow", md("Ottilie Scarrow", type="person", aliases="[Ottilie]"))


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("booked lunch at Ottilie's for sunday", BISTRO[0]),
        ("dinner at Ottilie's?", BISTRO[0]),
        ("Ottilie's son is helping with the move", OTTILIE[0]),
        ("can you ask Ottilie's team for the plans", OTTILIE[0]),
    ],
)
def test_a_place_named_by_its_owner(engine: Engine, make_brain: Any, text: str, slug: str) -> None:
    """A possessive ending its phrase after "at" is the place its alias writes so."""
    brain = make_brain(BISTRO, OTTILIE)
    assert slugs(ask(engine, brain, text)) == [slug]


SQUAD = (
    "groups/quenby-squad",
    md("Quenby Netball Squad", type="organization", aliases="[the squad]"),
)


def test_notes_drop_the_article_of_an_alias(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(SQUAD)
    assert slugs(ask(engine, brain, "Squad was brilliant tonight, won 24-9")) == [SQUAD[0]]
    titled = make_brain(("places/the-bell", md("The Bell", type="place")))
    assert slugs(ask(engine, titled, "Bell rang twice at 3am, nobody there")) == []  # no alias
    assert slugs(ask(engine, brain, "Squad's been training twice a week")) == [SQUAD[0]]
    assert slugs(ask(engine, brain, "squad was brilliant tonight, won 24-9")) == [SQUAD[0]]
    assert slugs(ask(engine, brain, "the team said the squad system is unfair")) == []


COTTAGE = ("places/4-quenby-row", md("4 Quenby Row", type="place", aliases="[the new cottage]"))


def test_the_user_s_own_description_of_a_thing_said_whole(engine: Engine, make_brain: Any) -> None:
    """The page's own description, said whole, is that page when its noun names few things."""
    brain = make_brain(COTTAGE)
    text = "re the new cottage: fibre install is friday"
    assert slugs(ask(engine, brain, text)) == [COTTAGE[0]]
    # running on into another noun, or said to be somewhere else, it is something else
    assert slugs(ask(engine, brain, "the new cottage pie recipe is in the drawer")) == []
    assert slugs(ask(engine, brain, "the new cottage on our lane has sold")) == []
    # an adverb that is a noun too runs nothing on; a preposition of time says when
    assert slugs(ask(engine, brain, "the new cottage still has no fibre")) == [COTTAGE[0]]
    assert slugs(ask(engine, brain, "the new cottage in september, then the barn")) == [COTTAGE[0]]


WEDDING = ("projects/quenby-wedding", md("Quenby Wedding", type="project", aliases="[the big day]"))


def test_an_own_description_said_of_anything_needs_the_conversation(
    engine: Engine, make_brain: Any
) -> None:
    """A day, a house, a group: everyone has a big one, so the conversation decides."""
    brain = make_brain(WEDDING)
    text = "re the big day: the florist wants a deposit"
    assert slugs(ask(engine, brain, text)) == []
    response = ask(engine, brain, text, after="Quenby Wedding budget is tight")
    assert [(p.slug, p.stage) for p in response.pointers] == [(WEDDING[0], "reflex")]


def test_an_own_description_of_one_kind_of_a_common_thing(engine: Engine, make_brain: Any) -> None:
    """Any school is a school, but a swim school is one kind: nouns before it make it the page's."""
    school = (
        "companies/ottery-swim",
        md("Ottery Swim", type="company", aliases="[the swim school]"),
    )
    brain = make_brain(school, WEDDING)
    assert slugs(ask(engine, brain, "the swim school rang about lane hire")) == [school[0]]
    assert slugs(ask(engine, brain, "the swim school on the corner rang")) == []  # another one
    # a noun that is a verb here runs nothing on; a noun that heads a compound does
    assert slugs(ask(engine, brain, "the swim school needs Ayo's form by Friday")) == [school[0]]
    assert slugs(ask(engine, brain, "the swim school timetable is out")) == []
    assert slugs(ask(engine, brain, "re the big day: the florist wants a deposit")) == []


TOLLWICK = (
    "companies/tollwick-joinery",
    md("Tollwick Joinery", type="company", aliases="[Tollwick]"),
)


def test_a_family_firm_by_its_family_name(engine: Engine, make_brain: Any) -> None:
    firm = ("companies/tasker-and-sons", md("Tasker & Sons", type="company"))
    brain = make_brain(firm)
    assert slugs(ask(engine, brain, "Tasker rang, they're free from monday")) == [firm[0]]
    # a title of address makes it somebody, and a street word after it a street
    assert slugs(ask(engine, brain, "my dentist Dr Tasker says I need a crown")) == []
    assert slugs(ask(engine, brain, "we're going to Tasker Road on saturday")) == []


def test_a_firm_that_goes_by_its_possessive(engine: Engine, make_brain: Any) -> None:
    """An alias "Quell's": "Quell's quote" loses the "'s" as a word of text, and is the firm."""
    firm = (
        "companies/quell-boatbuilders",
        md("Quell & Daughters Boatbuilders", type="company", aliases='["Quell\'s"]'),
    )
    brain = make_brain(firm)
    assert slugs(ask(engine, brain, "Quell's estimate arrived, eighteen grand")) == [firm[0]]
    assert slugs(ask(engine, brain, "quell are doing the hulls next week")) == [firm[0]]
    assert slugs(ask(engine, brain, "the rebels tried to quell the riot")) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Harvey's delivering the beer at six", True),  # its possessive
        ("harvey have sent the invoice", True),  # a firm's plural
        ("a crate from harveys for the raffle", True),  # its apostrophe left out
        ("harvey said he can't make the meeting", False),  # anyone of that name
        ("harvey's mum picked him up early", False),  # a boy's mum
        ("we're stopping in harvey overnight", False),
    ],
)
def test_a_name_in_the_possessive_said_bare_is_anyone(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    brewery = (
        "companies/harveys-brewery",
        md("Harvey's Brewery", type="company", aliases='["Harvey\'s"]'),
    )
    brain = make_brain(brewery)
    assert slugs(ask(engine, brain, text)) == ([brewery[0]] if found else [])


def test_a_firm_named_after_its_kind(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(TOLLWICK)
    text = "his firm Tollwick does stairs as well now"
    assert slugs(ask(engine, brain, text)) == [TOLLWICK[0]]


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("lunch at Ottilie’s on friday", BISTRO[0]),  # a phone's apostrophe
        ("we ate at Ottilie's last night", BISTRO[0]),
        ("I cried at Ottilie's last birthday", OTTILIE[0]),  # her birthday, not a night out
        ("need to sort nana’s 90th this weekend", NINETIETH[0]),
        ("the Mountain itinerary's ready, have a look", QUENBY[0]),
    ],
)
def test_written_forms_with_either_apostrophe_and_a_time_after(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    brain = make_brain(BISTRO, OTTILIE, NINETIETH, QUENBY)
    assert slugs(ask(engine, brain, text)) == [slug]


def test_everyday_words_with_a_possessive_need_evidence(engine: Engine, make_brain: Any) -> None:
    kitchen = ("places/nans-kitchen", md("Nan's Kitchen", type="place"))
    brain = make_brain(kitchen)
    assert slugs(ask(engine, brain, "I was baking in nan's kitchen all day")) == []
    assert slugs(ask(engine, brain, "found my nan's kitchen scales in the loft")) == []
    assert slugs(ask(engine, brain, "went round to Nan's kitchen for tea")) == []  # a family word


def test_a_body_by_the_acronym_its_title_closes_on(engine: Engine, make_brain: Any) -> None:
    pta = ("organizations/marsh-end-pta", md("Marsh End PTA", type="organization"))
    brain = make_brain(pta)
    assert slugs(ask(engine, brain, "PTA meeting ran late, the raffle is sorted")) == [pta[0]]
    assert slugs(ask(engine, brain, "is the PTA paying for the bouncy castle?")) == [pta[0]]


def test_a_firm_or_a_fell_by_the_coined_word_it_opens_with(engine: Engine, make_brain: Any) -> None:
    firm = ("companies/corvenna-analytics", md("Corvenna Analytics", type="company"))
    fell = ("places/skelbrant-pike", md("Skelbrant Pike", type="place"))
    rival = ("companies/harrow-analytics", md("Harrow Analytics", type="company"))
    brain = make_brain(firm, fell, rival)
    assert slugs(ask(engine, brain, "Luca said Corvenna covers the rent")) == [firm[0]]
    assert slugs(ask(engine, brain, "does corvenna pay the movers?")) == [firm[0]]
    assert slugs(ask(engine, brain, "are we going up Skelbrant on sunday")) == [fell[0]]
    assert slugs(ask(engine, brain, "the harrow needs new tines")) == []


def test_a_bare_given_initial_before_a_family_name(engine: Engine, make_brain: Any) -> None:
    runner = ("people/tobias-quellmore", md("Tobias Quellmore", type="person"))
    brain = make_brain(runner)
    assert slugs(ask(engine, brain, "14. T Quellmore (Dale AC) 1:12:40")) == [runner[0]]
    assert slugs(ask(engine, brain, "15. K Quellmore (Dale AC) 1:13:02")) == []  # another one


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("T. Quellmore ran a personal best", True),  # the initial's period ends no sentence
        ("we'll go with plan B. Quellmore runs the last leg", True),  # a letter labels a noun
        ("Tobias P. Quellmore ran a personal best", True),  # a middle initial
        ("T. J. Quellmore ran a personal best", True),
        ("K. Quellmore ran a personal best", False),  # another Quellmore
        ("T.J. Quellmore ran a personal best", False),  # two given names, the page one
        ("the form was signed by T. Quellmore", True),
        ("W.T. Tobias wrote that old coaching manual", False),  # a family name: no given name's
        ("I got an A. Tobias was thrilled", True),  # "A" is a word
        # an initial in any Latin letter: another given name's
        ("Ł. Quellmore ran a personal best", False),
        ("Ø.J. Quellmore ran a personal best", False),
    ],
)
def test_a_given_initial_with_its_period(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    runner = ("people/tobias-quellmore", md("Tobias Quellmore", type="person", aliases="[Tobias]"))
    brain = make_brain(runner)
    assert slugs(ask(engine, brain, text)) == ([runner[0]] if found else [])


def test_a_typing_slip_in_a_coined_name(engine: Engine, make_brain: Any) -> None:
    firm = ("companies/corvenna-analytics", md("Corvenna Analytics", type="company"))
    brain = make_brain(firm)
    assert slugs(ask(engine, brain, "Corvena said the rent is covered")) == [firm[0]]


def test_a_coined_name_before_its_department(engine: Engine, make_brain: Any) -> None:
    firm = ("companies/tolvane-energy", md("Tolvane Energy", type="company"))
    brain = make_brain(firm)
    assert slugs(ask(engine, brain, "Does Tolvane HR need my tax number first?")) == [firm[0]]


def test_a_name_that_ends_the_question_is_that(engine: Engine, make_brain: Any) -> None:
    buyer = ("people/wendt-kasimir", md("Wendt Kasimir", type="person"))
    mechanic = ("people/harry-ford", md("Harry Ford", type="person"))
    brain = make_brain(buyer, mechanic)
    assert slugs(ask(engine, brain, "who prefers email, or is that Wendt")) == [buyer[0]]
    assert slugs(ask(engine, brain, "is that Ford a diesel?")) == []  # a determiner there


def test_a_hyphen_in_a_title_typed_as_a_space(engine: Engine, make_brain: Any) -> None:
    garden = ("companies/kelmoor-en", md("Kelmoor-en", type="company"))
    assert slugs(ask(engine, make_brain(garden), "does kelmoor en ship to Leeds?")) == [garden[0]]


def test_a_written_short_name_inside_a_longer_name_is_not_it(
    engine: Engine, make_brain: Any
) -> None:
    assert slugs(ask(engine, make_brain(WENNA), "St Wenna's Day is a holiday there")) == []


@pytest.mark.parametrize(
    ("page", "text"),
    [
        (
            ("people/perpetua-ouko", md("Sister Perpetua Ouko", type="person")),
            "Sr Perpetua is covering tonight",
        ),
        (
            ("people/lucia-arrabal", md("Lucía Arrabal", type="person")),
            "Dra Arrabal sent the referral",
        ),
        (("people/yunus-qadri", md("Yunus Qadri", type="person")), "Br Yunus has the minutes"),
        (
            ("people/nafisa-hafeez", md("Nafisa Hafeez", type="person")),
            "Ustadha Nafisa cancelled saturday's class",
        ),
        # an elder's title of respect, typed in lowercase before the given name
        (
            ("people/boyet-alcantara", md("Boyet Alcantara", type="person")),
            "can kuya boyet lend us his gazebo poles",
        ),
        (
            ("people/romy-dacanay", md("Romy Dacanay", type="person")),
            "manong romy has the keys to the hall",
        ),
        (
            ("people/ngatia-wambua", md("Ngatia Wambua", type="person")),
            "mzee ngatia rang about the bins",
        ),
    ],
)
def test_honorifics_of_faiths_and_languages(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == [page[0]]


@pytest.mark.parametrize(
    ("title", "text"),
    [
        ("Haji Dhoorre", "Haji rang about the plot fees"),
        ("Haji Dhoorre", "Dhoorre sent the receipts"),
        ("Didi Harkness", "Didi rang about the plot fees"),
        ("Didi Harkness", "Mrs Harkness rang about the fees"),
    ],
)
def test_a_title_of_respect_that_is_a_given_name_stays_the_pages_name(
    engine: Engine, make_brain: Any, title: str, text: str
) -> None:
    page = ("people/the-one", md(title, type="person"))
    assert slugs(ask(engine, make_brain(page), text)) == [page[0]]


@pytest.mark.parametrize(
    ("page", "text"),
    [
        (
            ("boats/tsuki-no-fune", md("Tsuki no Fune", type="boat")),
            "is Tsuki no Fune's liferaft in date?",
        ),
        (
            ("places/herdade-do-alecrim", md("Herdade do Alecrim", type="place")),
            "booked Herdade do Alecrim for june",
        ),
        (
            ("people/sam-quorrell", md("Sam Quorrell", type="person", aliases="[Sam]")),
            "Can Sam do Friday?",
        ),  # the English word joins no run of names: Sam still stands alone
    ],
)
def test_a_title_joined_by_another_language_s_particle(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == [page[0]]


# --- review: coined names, initials and "is that ...?" at their limits ---


def test_that_before_a_name_ending_a_question_is_still_a_determiner_of_a_thing(
    engine: Engine, make_brain: Any
) -> None:
    mechanic = ("people/harry-ford", md("Harry Ford", type="person"))
    neighbour = ("people/priya-dyson", md("Priya Dyson", type="person"))
    brain = make_brain(mechanic, neighbour)
    assert slugs(ask(engine, brain, "how old is that Ford?")) == []  # the car
    assert slugs(ask(engine, brain, "how much was that Dyson?")) == []  # the hoover


@pytest.mark.parametrize(
    ("kept", "other", "text"),
    [
        (  # a place and a plan named after it: the place's
            ("places/ardwyn-hall", md("Ardwyn Hall", type="place")),
            ("projects/ardwyn-relay-2027", md("Ardwyn Relay 2027", type="project")),
            "shall we meet at Ardwyn on Friday?",
        ),
        (  # a firm's short name and a place's coined one: the firm's
            ("companies/quillory-motors", md("Quillory Motors", type="company")),
            ("places/quillory-lookout", md("Quillory Lookout", type="place")),
            "Quillory did the MOT for £54",
        ),
    ],
)
def test_a_coined_word_shared_with_another_short_name_keeps_that_one(
    engine: Engine,
    make_brain: Any,
    kept: tuple[str, str],
    other: tuple[str, str],
    text: str,
) -> None:
    assert slugs(ask(engine, make_brain(kept, other), text)) == [kept[0]]


def test_a_family_named_like_a_coined_place_is_not_the_place(
    engine: Engine, make_brain: Any
) -> None:
    fell = ("places/skelbrant-pike", md("Skelbrant Pike", type="place"))
    brain = make_brain(fell)
    assert slugs(ask(engine, brain, "the Skelbrant family moved in next door")) == []


def test_a_person_named_in_an_events_title_is_not_the_event(
    engine: Engine, make_brain: Any
) -> None:
    party = ("events/tarek-retirement-party", md("Tarek Retirement Party", type="event"))
    refit = ("projects/lindqvist-garden-refit", md("Lindqvist Garden Refit", type="project"))
    brain = make_brain(party, refit)
    assert slugs(ask(engine, brain, "I had lunch with Tarek yesterday")) == []
    assert slugs(ask(engine, brain, "ask Lindqvist if she wants the chair")) == []


def test_a_club_named_after_a_place_is_not_the_place(engine: Engine, make_brain: Any) -> None:
    village = ("places/skelbrant", md("Skelbrant", type="place"))
    firm = ("companies/corvenna-analytics", md("Corvenna Analytics", type="company"))
    brain = make_brain(village, firm)
    assert slugs(ask(engine, brain, "Skelbrant FC lost again on saturday")) == []
    assert slugs(ask(engine, brain, "Corvenna AG bought the Swiss arm")) == []  # another firm


def test_a_given_initial_is_not_checked_against_an_honorific(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(("people/nyokabi-waithera", md("Dr. Nyokabi Waithera", type="person")))
    assert slugs(ask(engine, brain, "22. D Waithera (Dale AC) 1:40:12")) == []  # "Dr." is no name


# --- second review: coined names beside other short names, offices, venues, questions ---


def test_a_firms_coined_name_shared_with_a_halls_short_name_is_no_pointer_to_the_hall(
    engine: Engine, make_brain: Any
) -> None:
    hall = ("places/ardwyn-hall", md("Ardwyn Hall", type="place"))
    firm = ("companies/ardwyn-analytics", md("Ardwyn Analytics", type="company"))
    brain = make_brain(hall, firm)
    said = "Ardwyn sent the invoice for my consulting days"
    assert hall[0] not in slugs(ask(engine, brain, said))


@pytest.mark.parametrize(
    "text",
    [
        "I'm at Corvenna HQ all day tomorrow",
        "The Corvenna CEO resigned this morning",
        "Corvenna AP still hasn't paid my invoice",
        "Corvenna UK is hiring again",
    ],
)
def test_an_office_or_officer_after_a_coined_firm_name_is_still_the_firm(
    engine: Engine, make_brain: Any, text: str
) -> None:
    firm = ("companies/corvenna-analytics", md("Corvenna Analytics", type="company"))
    brain = make_brain(firm)
    assert slugs(ask(engine, brain, text)) == [firm[0]]


@pytest.mark.parametrize(
    "text", ["Brackwell said my bloods are fine", "Brackwell emailed about the repeat prescription"]
)
def test_a_places_staff_act_under_its_coined_name(
    engine: Engine, make_brain: Any, text: str
) -> None:
    surgery = ("places/brackwell-surgery", md("Brackwell Surgery", type="place"))
    assert slugs(ask(engine, make_brain(surgery), text)) == [surgery[0]]


@pytest.mark.parametrize(
    "text",
    [
        "The Harlowe kids are doing a nativity on the 12th",
        "The Harlowe children raised £400 for the library",
    ],
)
def test_a_schools_children_are_no_family(engine: Engine, make_brain: Any, text: str) -> None:
    school = ("places/harlowe-primary", md("Harlowe Primary", type="place"))
    assert slugs(ask(engine, make_brain(school), text)) == [school[0]]


@pytest.mark.parametrize(
    "text", ["And is that Wendt?", "Oh is that Priya?", "So is that Wendt?", "Sorry is that Priya?"]
)
def test_is_that_name_after_an_interjection_or_conjunction_is_who_that_is(
    engine: Engine, make_brain: Any, text: str
) -> None:
    wendt = ("people/oskar-wendt", md("Oskar Wendt", type="person"))
    priya = ("people/priya-nair", md("Priya Nair", type="person"))
    brain = make_brain(wendt, priya)
    assert slugs(ask(engine, brain, text)) == [wendt[0] if "Wendt" in text else priya[0]]


def test_a_full_name_said_without_its_middle_names(engine: Engine, make_brain: Any) -> None:
    """Two people share a given name; the family name said after it settles which."""
    rai = ("people/harmeet-singh-rai", md("Harmeet Singh Rai", type="person", aliases="[Harmeet]"))
    gill = ("people/harmeet-lal-sohi", md("Harmeet Lal Sohi", type="person", aliases="[Harmeet]"))
    brain = make_brain(rai, gill)
    assert arms(ask(engine, brain, "Harmeet Rai is bringing the urn")) == [
        ("people/harmeet-singh-rai", "name-form")
    ]
    assert slugs(ask(engine, brain, "can Harmeet Sohi cover Sunday?")) == [
        "people/harmeet-lal-sohi"
    ]
    assert ask(engine, brain, "Harmeet is bringing the urn").pointers == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Vantongeren job needs a second van on the day", True),  # a client's matter
        ("the Vantongeren move slipped a week", True),
        ("Vantongeren effort and it still failed.", False),  # no matter of theirs
    ],
)
def test_a_family_name_before_a_clients_matter_is_the_client(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    client = ("people/maren-vantongeren", md("Maren Vantongeren", type="person"))
    brain = make_brain(client)
    assert slugs(ask(engine, brain, text)) == (["people/maren-vantongeren"] if found else [])


@pytest.mark.parametrize(
    ("summary", "text", "found"),
    [
        ("Patient, aged 13.", "did the trays for the Vantongeren girl come in?", True),
        ("Year 6 pupil.", "the vantongeren lad rang twice", True),
        ("Year 6 pupil.", "the Vantongeren girls are here", False),  # a school's, as often
        ("Headteacher.", "the Vantongeren boy starts in september", False),  # her son
        ("Pupil, 15-year-old.", "the Vantongeren baby is due in May", False),  # a sibling
        ("Cadet, aged 11; she won the junior race.", "the Vantongeren boy", False),
        ("Former pupil, now 42, runs the hardware shop.", "the Vantongeren lad fixed it", False),
        ("Mother of Kit; her son plays cornet.", "the Vantongeren boy plays cornet", False),
    ],
)
def test_a_family_name_before_one_of_its_children_is_the_child(
    engine: Engine, make_brain: Any, summary: str, text: str, found: bool
) -> None:
    """One child of a family, by its name: the page's person, when the page is a child."""
    client = ("people/maren-vantongeren", md("Maren Vantongeren", type="person", summary=summary))
    brain = make_brain(client)
    assert slugs(ask(engine, brain, text)) == (["people/maren-vantongeren"] if found else [])


def test_an_everyday_word_before_a_matter_is_still_no_persons(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(("people/tamsin-cobalt", md("Tamsin Cobalt", type="person")))
    assert ask(engine, brain, "Cobalt job is the dirtiest in the mine").pointers == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("half the team are away on Corra this week", False),  # an island one stays on
        ("their honeymoon on Corra was rained off", False),
        ("is Corra warm in September or just windy?", False),  # the weather of a place
        ("how cold is Corra in early March", False),
        ("is Corra free in September?", True),  # a person's diary, not the weather
        ("we rely on Corra for the rota", True),
        ("Corra is nice in person", True),
    ],
)
def test_where_one_stays_and_its_weather_are_a_places(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    brain = make_brain(
        ("people/corra-lindell", md("Corra Lindell", type="person", aliases="[Corra]"))
    )
    assert slugs(ask(engine, brain, text)) == (["people/corra-lindell"] if found else [])


REGATTA = (
    "projects/hollybrook-regatta",
    md("Hollybrook regatta", type="project", aliases="[the regatta]"),
)
WOOL_FAIR = ("projects/wool-fair", md("Wool Fair", type="project"))


@pytest.mark.parametrize(
    "text", ["The regatta's off, the river flooded.", "The regatta is off", "the regatta is off"]
)
def test_an_alias_with_its_article_opening_the_sentence(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(REGATTA)
    assert slugs(ask(engine, brain, text)) == ["projects/hollybrook-regatta"]


def test_everyday_words_opening_a_sentence_are_a_title_on_evidence(
    engine: Engine, make_brain: Any
) -> None:
    """An everyday title capitalised by its place in the sentence is weighed, on evidence."""
    brain = make_brain(WOOL_FAIR)
    response = ask(engine, brain, "Wool fair confirmed for the 9th.")
    assert response.pointers == []
    (declined,) = response.declined
    assert declined.slug == "projects/wool-fair"
    assert "everyday phrase 'wool fair'" in declined.evidence.decision


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("dinner at Ottavia's Bistro tonight", "places/ottavias-bistro"),
        ("Brannigan's Bakery emailed the invoice", "companies/brannigans-bakery"),
    ],
)
def test_a_title_with_a_possessive_inside_it(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    bistro = ("places/ottavias-bistro", md("Ottavia's Bistro", type="place"))
    bakery = ("companies/brannigans-bakery", md("Brannigan's Bakery", type="company"))
    brain = make_brain(bistro, bakery)
    assert slugs(ask(engine, brain, text)) == [slug]


def test_everyday_words_heading_a_note_name_its_page(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(WOOL_FAIR)
    response = ask(engine, brain, "Wool fair: stalls are booked for the 9th.")
    assert slugs(response) == ["projects/wool-fair"]
    assert ask(engine, brain, "Wool fair stalls are booked for the 9th.").pointers == []


def test_words_of_a_title_heading_a_note_name_its_page(engine: Engine, make_brain: Any) -> None:
    lighting = ("projects/kelbrook-school-lighting", md("Kelbrook School Lighting", type="project"))
    brain = make_brain(lighting)
    response = ask(engine, brain, "done. Kelbrook School: they've signed off the panels.")
    assert slugs(response) == ["projects/kelbrook-school-lighting"]
    assert ask(engine, brain, "Kelbrook School signed off the panels.").pointers == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("can you explain Vossberg's second law simply", False),  # a famous namesake's law
        ("Vossberg's paradox again?", False),
        ("is Vossberg's paradox really unsolved?", False),
        ("Vossberg's van is parked outside", True),  # somebody's own van
        ("Vossberg's draft of the law is ready", True),
        ("Vossberg's law degree starts in September", True),  # a law of theirs runs on
        ("Vossberg's first law exam went well", True),
        ("did you read Vossberg's column?", True),  # a friend's column or theorem
        ("Vossberg's theorem finally got published", True),
        ("Vossberg's razor is in the bathroom cabinet", True),  # their own razor
        ("Vossberg's constant moaning is getting to me", True),
        ("Vossberg's law: never trust a sunny forecast", True),  # a rule of thumb
    ],
)
def test_a_namesake_of_a_numbered_law_or_a_paradox_is_no_page(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    page = ("people/perrin-vossberg", md("Perrin Vossberg", type="person", aliases="[Vossberg]"))
    brain = make_brain(page)
    assert slugs(ask(engine, brain, text)) == (["people/perrin-vossberg"] if found else [])


@pytest.mark.parametrize(
    ("title", "aliases", "text"),
    [
        ("Wilma Dyson", "[]", "the Dyson delivery came this morning"),  # a brand's name too
        ("Corinna Honda", "[]", "The Honda job was too dear"),
        ("Nina Kenwood", "[]", "the Kenwood delivery arrived, mixer works"),
        ("Aviva Stern", "[Aviva]", "the Aviva claim finally went through"),  # a given name
    ],
)
def test_a_brand_before_a_matter_is_no_persons(
    engine: Engine, make_brain: Any, title: str, aliases: str, text: str
) -> None:
    slug = "people/" + title.lower().replace(" ", "-")
    brain = make_brain((slug, md(title, type="person", aliases=aliases)))
    assert ask(engine, brain, text).pointers == []


@pytest.mark.parametrize(
    "text",
    [
        "Next Steps: book the van and pack",
        "Monday Morning: dentist at nine",
        "Year six: trip forms due Friday",
    ],
)
def test_an_everyday_heading_is_no_part_of_a_title(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(
        ("groups/next-steps-coaching", md("Next Steps Coaching", type="group")),
        ("events/monday-morning-run-club", md("Monday Morning Run Club", type="event")),
        ("events/year-six-leavers-party", md("Year Six Leavers Party", type="event")),
    )
    assert ask(engine, brain, text).pointers == []


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("Phase I starts Monday", "projects/phase-i"),
        ("we took Sea Witch I out", "boats/sea-witch-i"),
    ],
)
def test_a_numeral_i_stays_part_of_a_title(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    brain = make_brain(
        ("projects/phase-i", md("Phase I", type="project")),
        ("boats/sea-witch-i", md("Sea Witch I", type="boat")),
    )
    assert slugs(ask(engine, brain, text)) == [slug]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Tamsin'll sort the skip", ["people/tamsin-quell"]),  # "will" contracted onto a name
        ("Tamsin'd know, ask her", ["people/tamsin-quell"]),
        ("so Casimir’ll do the run", ["people/casimir-fenwright"]),
        ("We'll see", []),
    ],
)
def test_a_name_with_an_auxiliary_contracted_onto_it(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    brain = make_brain(
        ("people/tamsin-quell", md("Tamsin Quell", type="person", aliases="[Tamsin]")),
        ("people/casimir-fenwright", md("Casimir Fenwright", type="person", aliases="[Casimir]")),
    )
    assert sorted(slugs(ask(engine, brain, text))) == sorted(found)


@pytest.mark.parametrize(
    "text", ["Kjaersti is off sick", "can Kjaersti Vaeroy read it?", "ask kjaersti about it"]
)
def test_a_letter_with_a_stroke_typed_plain(engine: Engine, make_brain: Any, text: str) -> None:
    """A keyboard without them types the ø as "o", the æ as "ae" and the ł as "l"."""
    brain = make_brain(
        ("people/kjaersti-vaeroy", md("Kjærsti Værøy", type="person", aliases="[Kjærsti]")),
        ("people/lucja-wrzos", md("Łucja Wrzos", type="person")),
    )
    assert slugs(ask(engine, brain, text)) == ["people/kjaersti-vaeroy"]
    assert slugs(ask(engine, brain, "did Lucja Wrzos call back?")) == ["people/lucja-wrzos"]


def test_a_plain_letter_in_the_middle_of_a_short_name(engine: Engine, make_brain: Any) -> None:
    """ "Gjorn" shares no three-letter head or tail with "gjørn": the typo is still found."""
    brain = make_brain(("people/gjorn-tveit", md("Gjørn Tveit", type="person", aliases="[Gjørn]")))
    assert slugs(ask(engine, brain, "can Gjorn read it the same day?")) == ["people/gjorn-tveit"]


def test_a_special_letter_typed_keeps_its_name_apart(engine: Engine, make_brain: Any) -> None:
    """Written with its letter, "Løve" is no "love", and "Michał" no Michal of another page."""
    brain = make_brain(
        ("pets/love-cat", md("Løve", type="pet")),
        ("people/michal-zdun", md("Michał Zdun", type="person", aliases="[Michał]")),
        ("people/michal-levi", md("Michal Levi", type="person", aliases="[Michal]")),
    )
    assert slugs(ask(engine, brain, "Løve is asleep on the radiator")) == ["pets/love-cat"]
    assert ask(engine, brain, "I love how quiet it is in the mornings").pointers == []
    assert slugs(ask(engine, brain, "Michał sent the tax forms")) == ["people/michal-zdun"]
    assert slugs(ask(engine, brain, "Michal sent the tax forms")) == ["people/michal-levi"]


def test_a_name_spelt_with_aa_is_not_one_with_a_ring(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(
        ("people/haakon-brende", md("Haakon Brende", type="person", aliases="[Haakon]")),
        ("people/hakon-lie", md("Håkon Lie", type="person", aliases="[Håkon]")),
    )
    assert slugs(ask(engine, brain, "Haakon wants to run on Sunday")) == ["people/haakon-brende"]


def test_a_heading_with_news_of_the_page_names_it(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(("projects/attic-conversion", md("Attic Conversion", type="project")))
    assert slugs(ask(engine, brain, "Attic conversion update: beams are in")) == [
        "projects/attic-conversion"
    ]
    assert ask(engine, brain, "Attic conversion is a big job").pointers == []


def test_a_name_with_an_apostrophe_d_is_no_contraction(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(("people/sad-ambrose", md("Sa'd Ambrose", type="person", aliases="[Sa'd]")))
    assert slugs(ask(engine, brain, "I had lunch with Sa'd yesterday")) == ["people/sad-ambrose"]


@pytest.mark.parametrize(
    ("title", "text"),
    [
        ("Bell/Marsh Architects", "Bell/Marsh sent the drawings"),  # a slash inside a title
        ("Design/Build Programme", "The Design/Build Programme kicked off"),
    ],
)
def test_a_title_with_a_slash_inside_names_its_page(
    engine: Engine, make_brain: Any, title: str, text: str
) -> None:
    aliases = "[Bell/Marsh]" if title.startswith("Bell") else "[]"
    brain = make_brain(("companies/slashed", md(title, type="company", aliases=aliases)))
    assert slugs(ask(engine, brain, text)) == ["companies/slashed"]


@pytest.mark.parametrize(
    ("title", "text"),
    [
        ("Paris Thornwell", "Booked the London/Paris trip for May"),
        ("Austin Reyes", "Flights to Dallas/Austin are cheap"),
    ],
)
def test_a_place_after_a_slash_is_no_person(
    engine: Engine, make_brain: Any, title: str, text: str
) -> None:
    given = title.split()[0]
    brain = make_brain(("people/someone", md(title, type="person", aliases=f"[{given}]")))
    assert ask(engine, brain, text).pointers == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the Vantongerens are coming for dinner", True),  # a family by its name
        ("we're seeing the Vantongerens on Sunday", True),
        ("the Browns are nice this season", False),  # a word too
    ],
)
def test_a_family_by_its_name_in_the_plural(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    brain = make_brain(
        ("people/maren-vantongeren", md("Maren Vantongeren", type="person")),
        ("people/gil-brown", md("Gil Brown", type="person")),
    )
    assert slugs(ask(engine, brain, text)) == (["people/maren-vantongeren"] if found else [])


@pytest.mark.parametrize(
    ("slug", "title", "aliases", "text", "found"),
    [
        ("people/yusuf-al-sad", "Yusuf Al-Sa'd", "[]", "Yusuf Al-Sa'd is coming on Friday", True),
        (
            "projects/ill-be-home",
            "I'll Be Home",
            "[]",
            "rehearsals for I'll Be Home start Monday",
            True,
        ),
        (
            "people/summer-blake",
            "Summer Blake",
            "[Summer]",
            "Summer'd be the best time to visit",
            False,
        ),
        (
            "people/odette-brackenmoor",
            "Odette Brackenmoor",
            "[]",
            "Brackenmoor house prices keep rising",
            False,
        ),
    ],
)
def test_contractions_and_matters_read_no_further_than_they_should(
    engine: Engine, make_brain: Any, slug: str, title: str, aliases: str, text: str, found: bool
) -> None:
    kind = "project" if slug.startswith("projects/") else "person"
    brain = make_brain((slug, md(title, type=kind, aliases=aliases)))
    assert slugs(ask(engine, brain, text)) == ([slug] if found else [])


@pytest.mark.parametrize(
    ("given", "text"),
    [
        ("Hazel", "can you tell Hazel I'll swap my Friday"),  # "I'll" no part of the name
        ("Hazel", "tell Hazel I'm running late"),
        ("Hazel", "ask Hazel I've sent it"),
        ("Corwin", "How nice is Corwin, honestly?"),  # asked about, no weather of a place
        ("Corwin", "How cold is Corwin being with you lately?"),
        ("Corwin", "Stay on Corwin about the invoice"),  # chased, no island
        ("Corwin", "we'll stay on Corwin until he pays up"),
        ("Corra", "keep Corra warm in winter, the heating's broken"),  # kept warm
        ("Corra", "we kept Corra dry in April with the new raincoat"),
        ("Corra", "how cold is Corra in January in that flat?"),  # someone living somewhere
    ],
)
def test_a_given_name_in_these_sentences_is_still_the_person(
    engine: Engine, make_brain: Any, given: str, text: str
) -> None:
    slug = f"people/{given.lower()}-quennell"
    brain = make_brain((slug, md(f"{given} Quennell", type="person", aliases=f"[{given}]")))
    assert slugs(ask(engine, brain, text)) == [slug]


@pytest.mark.parametrize("text", ["the quenby pop up needs two more volunteers", "Quenby Pop-Up?"])
def test_a_hyphenated_title_typed_with_a_space(engine: Engine, make_brain: Any, text: str) -> None:
    """ "Quenby Pop-Up" is typed "quenby pop up" on a phone as often as with its hyphen."""
    stall = ("projects/quenby-pop-up", md("Quenby Pop-Up", type="project"))
    brain = make_brain(stall)
    assert slugs(ask(engine, brain, text)) == [stall[0]]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("i'm a proper early bird these days", False),  # the words, said of anyone
        ("he's a real early bird, out running at five", False),
        ("good news, early bird is back on", True),  # the event, named bare
    ],
)
def test_a_describing_word_after_a_keeps_an_everyday_phrase_ordinary(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    race = ("events/early-bird-relay", md("Early Bird Relay", type="event", aliases="[Early Bird]"))
    brain = make_brain(race)
    assert slugs(ask(engine, brain, text)) == ([race[0]] if found else [])


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Quellmore are delivering the feed tomorrow", False),  # a firm's plural: no one person
        ("quellmore have sent the invoice", False),
        ("Quellmore has the keys", True),
        ("Tobias and Quellmore are coming tonight", True),  # one of a list
        ("Quellmore are you free tomorrow?", True),  # a question put to her
        ("quellmores are out of feed again", False),  # the firm's, typed as its name
        ("quellmore's want half up front", False),
        ("what did Quellmore say about the feed?", True),  # a question's plain verb
        ("did Quellmore have the keys?", True),
        ("the Quellmores are coming for dinner", True),  # a family by its plural
    ],
)
def test_a_family_name_with_a_plural_verb_is_no_one_person(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    stockwoman = ("people/tamsin-quellmore", md("Tamsin Quellmore", type="person"))
    brain = make_brain(stockwoman)
    assert slugs(ask(engine, brain, text)) == ([stockwoman[0]] if found else [])


def test_a_family_name_shared_is_settled_by_an_initial_or_a_child(
    engine: Engine, make_brain: Any
) -> None:
    """ "T. Quaintance" and "the Quaintance girl" choose between a father and a daughter."""
    father = ("people/ambrose-quaintance", md("Ambrose Quaintance", type="person"))
    daughter = (
        "people/tilly-quaintance",
        md("Tilly Quaintance", type="person", summary="Learner ringer, aged 12; his daughter."),
    )
    brain = make_brain(father, daughter)
    assert slugs(ask(engine, brain, "T. Quaintance rang the treble")) == [daughter[0]]
    assert slugs(ask(engine, brain, "E. Quaintance has signed the form")) == []  # neither
    assert slugs(ask(engine, brain, "the Quaintance girl rang the treble")) == [daughter[0]]
    assert slugs(ask(engine, brain, "the Quaintance boy rang the treble")) == []  # her brother
    assert slugs(ask(engine, brain, "Quaintance has signed the form")) == []  # either
    assert slugs(ask(engine, brain, "A. Quaintance has signed the form")) == [father[0]]
    assert slugs(ask(engine, brain, "the form was signed by A. Quaintance")) == [father[0]]


def test_a_childs_sex_is_what_its_summary_says_of_it(engine: Engine, make_brain: Any) -> None:
    """ "Ambrose's daughter, 11" and "son of Ambrose, aged 7": a girl and a boy."""
    father = ("people/ambrose-quaintance", md("Ambrose Quaintance", type="person"))
    girl = (
        "people/tilly-quaintance",
        md("Tilly Quaintance", type="person", summary="Ambrose's daughter, 11, swims."),
    )
    boy = (
        "people/kit-quaintance",
        md("Kit Quaintance", type="person", summary="Beaver scout, aged 7; son of Ambrose."),
    )
    brain = make_brain(father, girl, boy)
    assert slugs(ask(engine, brain, "the Quaintance girl lost her woggle")) == [girl[0]]
    assert slugs(ask(engine, brain, "the Quaintance lad was at beavers")) == [boy[0]]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "the sponsorship should fund the women's pathway, I think",
            True,
        ),  # its alias typed in lowercase
        ("the women's toilets by the nets are shut again", False),
    ],
)
def test_a_title_with_a_possessive_typed_in_lowercase(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    pathway = (
        "projects/quenby-womens-pathway",
        md("Quenby Women's Pathway", type="project", aliases='["women\'s pathway"]'),
    )
    brain = make_brain(pathway)
    assert slugs(ask(engine, brain, text)) == ([pathway[0]] if found else [])


def test_a_given_name_two_pages_share_is_settled_by_a_family_initial(
    engine: Engine, make_brain: Any
) -> None:
    marrick = ("people/grace-marrick", md("Grace Marrick", type="person", aliases="[Grace]"))
    tolland = ("people/grace-tolland", md("Grace Tolland", type="person", aliases="[Grace]"))
    brain = make_brain(marrick, tolland)
    assert slugs(ask(engine, brain, "Grace M, that is, she runs the relay teams")) == [marrick[0]]
    assert slugs(ask(engine, brain, "Grace P has the float")) == []  # neither


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("mon: Okafor B.\ntue: Albuquerque I.\nwed: tbc", True),  # a register's entry
        ("mon: Okafor B.\ntue: Albuquerque T.\nwed: tbc", False),  # another initial
    ],
)
def test_a_family_name_then_the_given_names_initial(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    """A register writes the family name and the given initial: a place's name is then his."""
    ines = ("people/ines-albuquerque", md("Inês Albuquerque", type="person"))
    brain = make_brain(ines)
    assert slugs(ask(engine, brain, text)) == ([ines[0]] if found else [])


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("part-ex today: a 2016 mercedes estate, high miles", False),  # a make after its year
        ("a 2019 Mercedes with low miles", False),
        ("in 2014 Mercedes joined us from Leeds", True),  # a year that says when
        ("did mercedes buy anything at the auction?", True),  # a deed with its object
    ],
)
def test_a_name_after_a_model_year_is_a_make(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    admin = ("people/mercedes-quarrie", md("Mercedes Quarrie", type="person", aliases="[Mercedes]"))
    brain = make_brain(admin)
    assert slugs(ask(engine, brain, text)) == ([admin[0]] if found else [])


def test_context_settles_which_name_but_not_that_a_word_is_one(
    engine: Engine, make_brain: Any
) -> None:
    """Two Graces, one who does the gift aid: "a grace period on gift aid" is still no one."""
    aid = (
        "people/grace-marrick",
        md("Grace Marrick", type="person", aliases="[Grace]", summary="Does the gift aid claims."),
    )
    other = ("people/grace-tolland", md("Grace Tolland", type="person", aliases="[Grace]"))
    brain = make_brain(aid, other)
    text = "is there a grace period on gift aid declarations if someone forgets the box?"
    assert slugs(ask(engine, brain, text)) == []
    assert slugs(ask(engine, brain, "Grace says the gift aid claims are late")) == [aid[0]]


def test_a_business_named_by_an_everyday_word_after_a_verb_of_trade(
    engine: Engine, make_brain: Any
) -> None:
    """ "hiring from sterling", "going with sterling": the business the job is done with."""
    firm = (
        "companies/sterling-movers",
        md("Sterling Movers", type="company", aliases="[Sterling]"),
    )
    person = ("people/victoria-quell", md("Victoria Quell", type="person", aliases="[Victoria]"))
    brain = make_brain(firm, person)
    assert slugs(ask(engine, brain, "we're hiring from sterling again for the gig")) == [firm[0]]
    assert slugs(ask(engine, brain, "I think we're going with sterling this time")) == [firm[0]]
    assert slugs(ask(engine, brain, "the pound sterling fell again")) == []
    # the word heads a noun after it: the noun's, whatever the verb
    assert slugs(ask(engine, brain, "stick with sterling silver for the handles")) == []
    # travel "via" a place is no trade
    assert slugs(ask(engine, brain, "they're driving via victoria to fetch him")) == []


DEL = ("people/delia-hesketh", md("Delia Hesketh", type="person", aliases="[Del]"))
DI = ("people/diana-moss", md("Diana Moss", type="person", aliases="[Di]"))
CRUZ = ("people/marisol-de-la-cruz", md("Marisol de la Cruz", type="person"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("right. Del wants to lead the walk herself", [DEL[0]]),  # a particle's spelling
        ("ask Del about the rota", [DEL[0]]),
        ("Di rang about the rota", [DI[0]]),
        ("De la Cruz rang about the rota", [CRUZ[0]]),  # particles inside a name still join
        ("The rota is up", []),  # an article is no name
        ("DEL and BACKSPACE keys are sticking", []),  # in capitals, a label
    ],
)
def test_a_short_name_spelt_like_a_name_particle(
    engine: Engine, make_brain: Any, text: str, expected: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(DEL, DI, CRUZ), text)) == expected


GUTTERS = (
    "projects/gutter-replacement-programme",
    md("Gutter Replacement Programme 2026", type="project", summary="Refitting 75 gutters."),
)
QUILLET = (
    "companies/quillet-glazing",
    md("Quillet Glazing", type="company", aliases="[Quillet]"),
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("roundup:\nquillet - sills late\ngutter programme - 40 of 75 fitted", True),
        ("roundup:\ngutter programme - 40 of 75 fitted\nskips: both emptied", True),
        ("gutter programme - 40 of 75 fitted", False),  # a line alone is no list of labels
        ("roundup:\nquillet - sills late\nwe went over gutter programme costs", False),
    ],
)
def test_words_of_a_title_keeping_its_head_label_a_line_of_notes(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    assert (GUTTERS[0] in slugs(ask(engine, make_brain(GUTTERS, QUILLET), text))) is found


KERSHAW = (
    "companies/kershaw-analytics",
    md("Kershaw Analytics", type="company", aliases="[Kershaw]"),
)
GUILLEMOT = ("projects/guillemot-survey", md("Guillemot Survey", type="project"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("it's the kershaw one, the contract from march", [KERSHAW[0]]),  # a name no dictionary has
        ("which file? the guillemot one", []),  # a word people use: any guillemot's
    ],
)
def test_a_name_before_one_stands_for_what_it_modifies(
    engine: Engine, make_brain: Any, text: str, expected: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(KERSHAW, GUILLEMOT), text)) == expected


TARIK = ("people/tarik-kirimli", md("Tarık Kırımlı", type="person", aliases="[Tarık]"))
ROWAN = ("people/rowan-quell", md("Rowan Quell", type="person", aliases="[Rowan]"))


@pytest.mark.parametrize("text", ["dr kirimli's seen the ward round", "ask Kirimli about obs"])
def test_special_letters_typed_plain_throughout(engine: Engine, make_brain: Any, text: str) -> None:
    """ "Kırımlı" typed on a plain keyboard: two dotless i's, "kirimli"."""
    assert slugs(ask(engine, make_brain(TARIK), text)) == [TARIK[0]]


@pytest.mark.parametrize(
    "text",
    [
        "book two Mercedes minibuses for the school run",  # a make, counted
        "can the nursery do me 6 rowans for the hedge",  # a plural, counted
        "rowans are cheaper bare root",  # a plural, its verb after it
    ],
)
def test_a_name_counted_is_no_person(engine: Engine, make_brain: Any, text: str) -> None:
    mercedes = (
        "people/mercedes-quarrie",
        md("Mercedes Quarrie", type="person", aliases="[Mercedes]"),
    )
    assert slugs(ask(engine, make_brain(mercedes, ROWAN), text)) == []


DELI = (
    "companies/quist-and-daughter",
    md("Quist & Daughter Deli", type="company", aliases="[Quist's]"),
)
TEMPERANCE = (
    "people/temperance-quist",
    md("Temperance Quist", type="person", aliases="[Temperance]"),
)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("round sheet. quist's: 6 baguettes, 2 rye", DELI[0]),  # nothing owned after it
        ("dropped the bread at quist's.", DELI[0]),
        ("quist's van is blocking the lane", TEMPERANCE[0]),  # something of hers
        ("the green coat on the hook is quist's.", TEMPERANCE[0]),  # whose it is
        ("whose umbrella is this? quist's?", TEMPERANCE[0]),
        ("found a scarf in the car, i think it's quist's.", TEMPERANCE[0]),
    ],
)
def test_a_name_in_the_possessive_owning_nothing_is_the_shops(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    assert slugs(ask(engine, make_brain(DELI, TEMPERANCE), text)) == [slug]


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("i'm covering two Mercedes shifts next week", "people/mercedes-quarrie"),
        ("picked up 3 Rowan shifts while he's off", ROWAN[0]),
    ],
)
def test_a_persons_shifts_counted_are_still_theirs(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    mercedes = (
        "people/mercedes-quarrie",
        md("Mercedes Quarrie", type="person", aliases="[Mercedes]"),
    )
    assert slugs(ask(engine, make_brain(mercedes, ROWAN), text)) == [slug]


def test_a_full_name_typed_plain_in_lowercase(engine: Engine, make_brain: Any) -> None:
    assert slugs(ask(engine, make_brain(TARIK), "tarik kirimli covers nights")) == [TARIK[0]]


def test_a_firms_alias_has_a_short_name_of_its_own(engine: Engine, make_brain: Any) -> None:
    """An alias "Quell Print" of Quell Print & Sign goes by "Quell" as a title would."""
    firm = (
        "companies/quell-print",
        md("Quell Print & Sign", type="company", aliases="[Quell Print]"),
    )
    assert slugs(ask(engine, make_brain(firm), "could we ask Quell for a sandwich board?")) == [
        firm[0]
    ]


PARDOE = ("people/elspeth-pardoe", md("Elspeth Pardoe", type="person", aliases="[Elspeth]"))
PROTHERO = ("people/aled-prothero", md("Aled Prothero", type="person", aliases="[Aled]"))
KOVACS = (
    "people/rustam-kovacs",
    md(
        "Rustam Kovacs",
        type="person",
        aliases="[Rustam]",
        summary="Drives the bread van for the farm shop.",
    ),
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("mrs k says the bread van is late", []),  # no title of Rustam's
        ("Mr K says the bread van rota has changed", [KOVACS[0]]),  # what he does
        ("log: dr k checked the bread van rota", [KOVACS[0]]),
        ("Mr K off the telly was on again", []),  # someone, but nothing says he
        ("Mrs P. Quell rang about the van", []),  # a name follows: she is someone else
        ("plan b is fine, and vitamin k too", []),  # no title of address
    ],
)
def test_a_title_and_an_initial_name_the_one_person_of_that_initial(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(KOVACS, OTTILIE), text)) == found


def test_an_initial_two_family_names_share_names_neither(engine: Engine, make_brain: Any) -> None:
    assert slugs(ask(engine, make_brain(PARDOE, PROTHERO), "Dr P ran the session")) == []


TOLLBAR = ("places/tollbar-market", md("Tollbar Market", type="place"))


@pytest.mark.parametrize(
    "text",
    ["the stall's on at Tollbar Mkt saturday", "reversing out of bay 4 at tollbar mkt about 6ish"],
)
def test_a_places_noun_abbreviated_names_it_whole(
    engine: Engine, make_brain: Any, text: str
) -> None:
    pointers = ask(engine, make_brain(TOLLBAR), text).pointers
    assert [(pointer.slug, pointer.arm) for pointer in pointers] == [(TOLLBAR[0], "title")]


KINGS = ("places/kings-road", md("Kings Road", type="place"))


def test_an_abbreviated_place_noun_is_evidence_of_the_place(
    engine: Engine, make_brain: Any
) -> None:
    """ "kings rd" is written as an address is: the road, for all its everyday words."""
    brain = make_brain(KINGS)
    assert slugs(ask(engine, brain, "the shop on kings rd needs new shutters")) == [KINGS[0]]


ZAINAB_R = ("people/zainab-rook", md("Zainab Rook", type="person", aliases="[Zainab]"))
ZAINAB_O = ("people/zainab-oyelaran", md("Zainab Oyelaran", type="person", aliases="[Zainab]"))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("zainab r has the van keys, can you check", [ZAINAB_R[0]]),
        ("zainab o is off today, can you tell the desk", [ZAINAB_O[0]]),
        ("can you ask zainab a quick question for me", []),  # an article, no initial
        ("zainab o's laptop died again", [ZAINAB_O[0]]),  # the initial's possessive
    ],
)
def test_a_family_names_initial_after_a_shared_given_name_says_which(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(ZAINAB_R, ZAINAB_O), text)) == found


OLA_K = (
    "people/ola-kirrin",
    md("Ola Kirrin", type="person", summary="Our bookkeeper, two days a week."),
)
OLA_D = (
    "people/ola-dunmore",
    md("Ola Dunmore", type="person", summary="Owner of the corner launderette."),
)
TARA_P = (
    "people/tara-pask",
    md(
        "Tara Pask",
        type="person",
        aliases="[Tara]",
        summary="Next-door neighbour who feeds the cat.",
    ),
)
TARA_V = (
    "people/tara-voss",
    md("Tara Voss", type="person", aliases="[Tara]", summary="Optician at the high street branch."),
)


@pytest.mark.parametrize(
    ("pages", "text", "found"),
    [
        ((OLA_K, OLA_D), "our Ola says the invoices are late again", [OLA_K[0]]),
        ((OLA_K, OLA_D), "Ola says the invoices are late again", []),  # either
        ((TARA_P, TARA_V), "tara next door said she'd water the plants", [TARA_P[0]]),
        ((TARA_P, TARA_V), "tara at the optician says my lenses are ready", [TARA_V[0]]),
        ((TARA_P, TARA_V), "tara probably said no", []),  # nothing a page says
        # four words, half of them said by one page, a noun after its article no verb
        ((TARA_P, TARA_V), "tara from the optician place says they're shut", [TARA_V[0]]),
        ((TARA_P, TARA_V), "tara from the corner shop says hi", []),  # neither page says it
    ],
)
def test_what_is_said_around_a_shared_name_that_one_page_says_settles_it(
    engine: Engine, make_brain: Any, pages: tuple[tuple[str, str], ...], text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(*pages), text)) == found


RUTH_A = ("people/ruth-adeyemi", md("Ruth Adeyemi", type="person", aliases="[Ruth]"))
RUTH_B = ("people/ruth-barlow", md("Ruth Barlow", type="person", aliases="[Ruth]"))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("ruth a wants a read-through on sunday", [RUTH_A[0]]),  # a verb after it: an initial
        ("can you ask ruth a question for me", []),
    ],
)
def test_an_a_after_a_shared_name_is_an_initial_before_a_verb(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(RUTH_A, RUTH_B), text)) == found


@pytest.mark.parametrize(
    "text",
    [
        "has colin o dowd's mouthguard arrived yet",  # the apostrophe left out
        "is colin odowd's guard ready",
    ],
)
def test_a_family_name_s_apostrophe_may_be_left_out(
    engine: Engine, make_brain: Any, text: str
) -> None:
    page = ("people/colin-o-dowd", md("Colin O'Dowd", type="person"))
    assert slugs(ask(engine, make_brain(page), text)) == [page[0]]


def test_a_particle_alone_is_no_family_name(engine: Engine, make_brain: Any) -> None:
    page = ("people/colin-o-dowd", md("Colin O'Dowd", type="person"))
    assert slugs(ask(engine, make_brain(page), "o well, the dowd thing can wait")) == []


PLOT = ("places/plot-14", md("Plot 14", type="place", summary="My allotment plot."))
ORDER = ("projects/order-1042", md("Order 1042", type="project", summary="A table commission."))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Plot 14 needs weeding badly", [PLOT[0]]),  # opening the sentence, as mid-sentence
        ("Order 1042 is ready for finishing", [ORDER[0]]),
        ("Bay C flooded again", ["places/bay-c"]),  # a letter counts as a number does
        ("Order 1042 — any news from the supplier?", [ORDER[0]]),
        ("Plot 15 is overgrown", []),
        ("Plot twist: it rained all week", []),
        ("Plot 14: weeding, then the beans", []),  # a heading needs evidence, as before
    ],
)
def test_a_numbered_title_opening_the_sentence(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    bay = ("places/bay-c", md("Bay C", type="place", summary="Storage by the gate."))
    assert slugs(ask(engine, make_brain(PLOT, ORDER, bay), text)) == found


TEGWEN = (
    "people/tegwen-brook",
    md("Tegwen Brook", type="person", aliases="[Tegwen, Tegwen B]", summary="Swim coach."),
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("berth B is free tonight", []),  # a lone capital: a label
        ("should I take vitamin B for this cold", []),
        ("Tegwen B is coaching the juniors on saturday", [TEGWEN[0]]),
        ("Mrs B says the pool is shut on monday", [TEGWEN[0]]),  # after a title: her initial
    ],
)
def test_a_lone_initial_of_an_alias_names_no_one_alone(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(TEGWEN), text)) == found

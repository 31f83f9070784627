"""Relations to the user and the pronouns people go by, on the write path."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from bb_brain._relations import relation_pronoun
from bb_brain.writeback import Entity, EntityIndex, RulesExtractor, Segment
from bb_brain.writeback._entities import _addressed, _pronoun, page_pronoun, pronoun_class
from bb_schema import PublicTurn

ROSALIND = Entity("people/rosalind-achebe", "Rosalind Achebe", "person", "she")
OSKAR = Entity("people/oskar-achebe", "Oskar Achebe", "person", "he")
MIRELA = Entity("people/mirela-dobos", "Mirela Dobos", "person", "she")
TEODOR = Entity("people/teodor-vass", "Teodor Vass", "person")


def index() -> EntityIndex:
    surfaces = [
        ("Rosalind Achebe", ROSALIND.slug, False),
        ("rosalind", ROSALIND.slug, True),
        ("my sister", ROSALIND.slug, False),
        ("Oskar Achebe", OSKAR.slug, False),
        ("my father", OSKAR.slug, False),
        ("Mirela Dobos", MIRELA.slug, False),
        ("mirela", MIRELA.slug, True),
        ("Teodor Vass", TEODOR.slug, False),
        ("teodor", TEODOR.slug, True),
    ]
    return EntityIndex([ROSALIND, OSKAR, MIRELA, TEODOR], surfaces)


def facts(*texts: str, within: EntityIndex | None = None) -> list[tuple[str | None, str]]:
    """(entity, fact) of user turns ``texts``, read against ``within`` (the module's index)."""
    turns = [
        PublicTurn.model_validate({"turn_id": i, "role": "user", "text": text})
        for i, text in enumerate(texts, start=1)
    ]
    extracted = RulesExtractor(within or index()).extract(Segment(0, tuple(turns)))
    return [(fact.entity_slug, fact.fact) for fact in extracted]


def slug_of(found: list[tuple[str | None, str]], words: str) -> str | None:
    return next(slug for slug, fact in found if words in fact)


def test_a_relation_names_the_page_that_states_it() -> None:
    found = facts("my younger sister just moved to Porto for a new job")
    assert slug_of(found, "Porto") == ROSALIND.slug


def test_a_family_word_as_a_name() -> None:
    found = facts("dad booked his hip operation for the 9th")
    assert slug_of(found, "hip operation") == OSKAR.slug
    found = facts("mirela's dad booked a cruise for the 9th")
    assert slug_of(found, "cruise") == MIRELA.slug  # somebody else's father


def test_he_and_she_refer_to_the_person_they_can_be() -> None:
    found = facts(
        "spoke to my dad, his hip is mending",
        "mirela will drive him over on saturday",
        "he wants to sail once the weather turns",
    )
    assert slug_of(found, "sail once") == OSKAR.slug  # not Mirela, who is a "she"


def test_the_latest_person_when_nothing_tells_them_apart() -> None:
    found = facts("oskar called about the lease", "teodor is back, he can sign it monday")
    assert slug_of(found, "sign it monday") == TEODOR.slug


def test_pronouns_from_a_page_and_from_a_relation() -> None:
    assert page_pronoun("Priya runs the lab. She prefers mornings.") == "she"
    assert page_pronoun("Tomas and his sister run the shop with her husband.") == ""
    assert relation_pronoun(["my stepmother"]) == "she"
    assert relation_pronoun(["my accountant"]) == ""


@pytest.mark.parametrize(
    ("title", "summary", "body", "pronoun"),
    [
        ("Tomasz Wren", "Parent of Ola; chairs the PTA.", "Tomasz Wren is Ola's father.", "he"),
        ("Aino Wren", "Ola Wren's mother.", "", "she"),
        ("Aino Wren", "Mother of the groom.", "", "she"),
        ("Aino Wren", "Head of the PTA.", "", ""),  # no family word
        ("Aino Wren", "Chairs the PTA.", "Aino Wren runs the bakery's stall.", ""),
    ],
)
def test_a_family_word_someone_is_called_says_their_pronoun(
    title: str, summary: str, body: str, pronoun: str
) -> None:
    assert _pronoun(title, summary, body) == pronoun


def test_a_title_of_address_in_an_alias_says_the_pronoun() -> None:
    aliases = [
        ("mr wren", "people/tomasz-wren", "alias"),
        ("tomasz", "people/tomasz-wren", "alias"),
        ("ms ito", "people/kei-ito", "alias"),
        ("mr ito", "people/kei-ito", "alias"),  # two titles: no one pronoun
    ]
    assert _addressed(aliases) == {"people/tomasz-wren": "he"}


LOOM = Entity("projects/loom", "Loom", "project")
SPINDLE = Entity("projects/spindle", "Spindle", "project")


def project_facts(*texts: str) -> list[tuple[str | None, str]]:
    surfaces = [("Loom", LOOM.slug, False), ("Spindle", SPINDLE.slug, False)]
    turns = [
        PublicTurn.model_validate({"turn_id": i, "role": "user", "text": text})
        for i, text in enumerate(texts, start=1)
    ]
    extracted = RulesExtractor(EntityIndex([LOOM, SPINDLE], surfaces)).extract(
        Segment(0, tuple(turns))
    )
    return [(fact.entity_slug, fact.fact) for fact in extracted]


def test_numbered_notes_are_facts_of_the_topic() -> None:
    found = project_facts(
        "the Loom decisions:\n1. postgres-backed queue, no kafka yet\n2. tls only"
    )
    assert slug_of(found, "postgres-backed queue") == LOOM.slug
    assert not [fact for _, fact in found if fact.strip() in ("1.", "2.")]


def test_a_thing_named_after_a_preposition_keeps_the_topic() -> None:
    found = project_facts(
        "Loom scope is frozen: offline mode, alerts via Spindle",
        "launch date is june 3, about 200 pilot users",
    )
    assert slug_of(found, "june 3") == LOOM.slug


def test_relations_of_somebody_else_name_no_page() -> None:
    found = facts("my sister-in-law moved to Porto in May", "my colleague's father retired in June")
    assert slug_of(found, "Porto") is None
    assert slug_of(found, "retired") is None


WIZZLE = Entity("pets/wizzle", "Wizzle", "pet")
BRANKSTONE = Entity("people/ottilie-brankstone", "Ottilie Brankstone", "person", "she")


@pytest.mark.parametrize(
    "animal",
    [WIZZLE, Entity("animals/wizzle", "Wizzle", "animal")],  # a farm's animals have names too
)
def test_he_and_she_refer_to_a_pet_too(animal: Entity) -> None:
    index = EntityIndex(
        [animal, BRANKSTONE],
        [
            ("Wizzle", animal.slug, False),
            ("Ottilie Brankstone", BRANKSTONE.slug, False),
            ("ottilie", BRANKSTONE.slug, True),
        ],
    )
    turns = [
        PublicTurn.model_validate({"turn_id": 1, "role": "user", "text": text})
        for text in (
            "Took Wizzle to the surgery this morning. Ottilie says she wants the stitches out.",
            "he's on soft food for a week, and his next check is on the 14th.",
        )
    ]
    found = [
        (fact.entity_slug, fact.fact)
        for fact in RulesExtractor(index).extract(Segment(0, tuple(turns)))
    ]
    assert slug_of(found, "soft food") == animal.slug  # "he": the dog, not the vet
    assert slug_of(found, "stitches") == BRANKSTONE.slug


@pytest.mark.parametrize(
    ("texts", "said", "whose"),
    [
        # a person the pronoun fits outranks an animal no one has called "he" or "she"
        (("Walked Wizzle with Ottilie Brankstone.", "She's training for a marathon."),
         "marathon", BRANKSTONE.slug),
        # once she is "she", the "he" after is the animal
        (("Took Wizzle in. Ottilie says he's put on weight.", "He needs less food."),
         "less food", "animals/wizzle"),
    ],
)  # fmt: skip
def test_a_person_before_an_animal_nobody_called_he_or_she(
    texts: tuple[str, ...], said: str, whose: str
) -> None:
    animal = Entity("animals/wizzle", "Wizzle", "animal")
    index = EntityIndex(
        [animal, BRANKSTONE],
        [
            ("Wizzle", animal.slug, False),
            ("Ottilie Brankstone", BRANKSTONE.slug, False),
            ("ottilie", BRANKSTONE.slug, True),
        ],
    )
    turns = [PublicTurn(turn_id=i, role="user", text=t) for i, t in enumerate(texts, start=1)]
    found = [
        (fact.entity_slug, fact.fact)
        for fact in RulesExtractor(index).extract(Segment(0, tuple(turns)))
    ]
    assert slug_of(found, said) == whose


def test_a_contracted_verb_keeps_the_pronoun() -> None:
    assert [pronoun_class(word) for word in ("he's", "She’d", "he'll", "hers", "it's")] == [
        "he",
        "she",
        "he",
        "she",
        "",
    ]


def test_a_pet_is_an_it_as_well_and_no_person_s_name() -> None:
    wisp = Entity("pets/wisp", "Wisp", "pet")
    captain = Entity("pets/captain-quenby", "Captain Quenby", "pet")
    surfaces = [("Wisp", wisp.slug, False), ("Captain Quenby", captain.slug, False)]
    index = EntityIndex([wisp, captain], surfaces)

    def facts_of(*texts: str) -> list[tuple[str | None, str]]:
        turns = [
            PublicTurn.model_validate({"turn_id": i, "role": "user", "text": text})
            for i, text in enumerate(texts, start=1)
        ]
        extracted = RulesExtractor(index).extract(Segment(0, tuple(turns)))
        return [(fact.entity_slug, fact.fact) for fact in extracted]

    found = facts_of(
        "Wisp is limping again.",
        "It started after the walk on monday, and it won't put weight on the paw.",
    )
    assert slug_of(found, "put weight") == wisp.slug  # "it": the pet
    found = facts_of("Quenby from accounts is leaving in March.")
    assert slug_of(found, "accounts") is None  # a pet's title gives no family name


def loaded(
    rows: Sequence[tuple[object, ...]], aliases: Sequence[tuple[object, ...]]
) -> EntityIndex:
    """An entity index loaded from these page and alias rows, as from the database."""

    class Rows:
        def __init__(self, found: list[tuple[object, ...]]) -> None:
            self.found = found

        def fetchall(self) -> list[tuple[object, ...]]:
            return self.found

    class Connection:
        def execute(self, query: str, params: object) -> Rows:
            return Rows(list(rows) if "FROM pages" in query else list(aliases))

    return EntityIndex.load(Connection(), "b", "default")  # type: ignore[arg-type]


def test_write_back_reads_no_title_parts() -> None:
    """A part of a title is the reflex's short form of a page the talk holds, not a surface."""
    rows = [
        ("people/ottilie-varne", "Ottilie Varne", "person", None, "", ""),
        ("projects/grisedale-sea-wall", "Grisedale Sea Wall Repair", "project", None, "", ""),
    ]
    aliases = [
        ("ottilie varne", "people/ottilie-varne", "title"),
        ("grisedale sea wall repair", "projects/grisedale-sea-wall", "title"),
        ("sea wall", "projects/grisedale-sea-wall", "title-part"),
    ]

    index = loaded(rows, aliases)
    assert [m.entity for m in index.mentions("we walked along the sea wall")] == []
    assert [m.entity.slug for m in index.mentions("Grisedale Sea Wall Repair") if m.entity] == [
        "projects/grisedale-sea-wall"
    ]


def test_she_is_not_the_man_a_title_of_address_names() -> None:
    """ "Mr Wren" is a "he": the "she" after him is the other one named."""
    rows = [
        ("people/ilesanmi-wren", "Ilesanmi Wren", "person", None, "", "Chairs the PTA."),
        ("people/ola-wren", "Ola Wren", "person", None, "", "Year 12 student."),
    ]
    aliases = [
        ("ilesanmi wren", "people/ilesanmi-wren", "title"),
        ("mr wren", "people/ilesanmi-wren", "alias"),
        ("ola wren", "people/ola-wren", "title"),
        ("ola", "people/ola-wren", "alias"),
    ]

    text = (
        "mr wren is happy for ola to go on the trip but wants her back for the match,"
        " so she'll take the bus back on sunday"
    )
    found = facts(text, within=loaded(rows, aliases))
    assert slug_of(found, "bus back") == "people/ola-wren"


def test_the_noun_a_plan_goes_by_is_the_plan() -> None:
    """ "the recital", or "Recital" opening a sentence, of the one recital the notes hold."""
    rows = [
        ("projects/quarles-recital", "Quarles Spring Recital", "project", None, "", ""),
        ("projects/quarles-fete", "Quarles Fete", "project", None, "", ""),
        ("projects/ostby-fete", "Ostby Fete", "project", None, "", ""),
    ]
    aliases = [
        ("quarles spring recital", "projects/quarles-recital", "title"),
        ("the recital", "projects/quarles-recital", "kind"),
        ("quarles fete", "projects/quarles-fete", "title"),
        ("the fete", "projects/quarles-fete", "kind"),
        ("ostby fete", "projects/ostby-fete", "title"),
        ("the fete", "projects/ostby-fete", "kind"),
        ("garden makeover", "projects/garden-makeover", "title"),
        ("the garden", "projects/garden-makeover", "kind"),
    ]
    rows.append(("projects/garden-makeover", "Garden Makeover", "project", None, "", ""))
    index = loaded(rows, aliases)

    def named(text: str) -> list[str]:
        return [m.entity.slug for m in index.mentions(text) if m.entity is not None]

    assert named("Recital all confirmed for 9 May, 2pm") == ["projects/quarles-recital"]
    assert named("ok. the recital hire went up to £45") == ["projects/quarles-recital"]
    assert named("went to a recital in town last night") == []
    assert named("the fete is on the 9th") == []  # two fetes: neither
    assert named("that recital on the radio was lovely") == []  # said of another one
    assert named("the garden looks lovely in the sun") == []  # no makeover's head
    assert named("the recital next door kept us up") == []  # placed elsewhere: another one


def test_the_users_own_share_is_of_the_plan_at_hand() -> None:
    """ "I'm doing the flyers", after a printer was named: the fete's, not the user's alone."""
    rows = [
        ("projects/quarles-fete", "Quarles Fete", "project", None, "", ""),
        ("companies/tollbar-print", "Tollbar Print", "company", None, "", ""),
    ]
    aliases = [
        ("quarles fete", "projects/quarles-fete", "title"),
        ("tollbar print", "companies/tollbar-print", "title"),
    ]
    found = facts(
        "the Quarles Fete is on 9 June at the church hall",
        "Tollbar Print are closed for stocktaking all month",
        "I'm doing the flyers myself, in colour, by the 12th",
        within=loaded(rows, aliases),
    )
    assert slug_of(found, "flyers") == "projects/quarles-fete"


def test_an_amount_after_a_statement_is_how_much_of_it() -> None:
    """ "..., £95 now per van": the fee's, one fact with the clause it measures."""
    rows = [("companies/quellby-av", "Quellby AV", "company", None, "", "")]
    aliases = [("quellby av", "companies/quellby-av", "title")]
    text = "Quellby AV raised their hire fee, £95 now per van, was £80."
    found = facts(text, within=loaded(rows, aliases))
    assert [fact for _, fact in found if "hire fee" in fact and "£95" in fact]


def test_a_few_words_more_of_the_same_one_stay_with_its_fact() -> None:
    """ "..., so she starts in May": a few words more of whom the clause was about."""
    rows = [("people/wenna-tolley", "Wenna Tolley", "person", None, "", "Plot holder.")]
    aliases = [
        ("wenna tolley", "people/wenna-tolley", "title"),
        ("wenna", "people/wenna-tolley", "alias"),
    ]
    text = "Wenna stood for treasurer unopposed, so she starts in May"
    found = facts(text, within=loaded(rows, aliases))
    assert [slug for slug, fact in found if "unopposed" in fact and "May" in fact] == [
        "people/wenna-tolley"
    ]


def test_a_relative_of_a_name_typed_in_lowercase_shares_the_family_name() -> None:
    """ "marisol's brother Teodric": Teodric Quenby, as "Marisol's brother Teodric" is."""
    rows = [("people/marisol-quenby", "Marisol Quenby", "person", None, "", "")]
    aliases = [
        ("marisol quenby", "people/marisol-quenby", "title"),
        ("marisol", "people/marisol-quenby", "alias"),
    ]
    found = facts(
        "marisol's brother Teodric mends bikes and he's doing ours for £40",
        within=loaded(rows, aliases),
    )
    assert slug_of(found, "£40") == "people/teodric-quenby"
    found = facts("there's uncle Teodric at the door", within=loaded(rows, aliases))
    assert all(slug != "people/teodric-quenby" for slug, _ in found)
    # a family name in a woman's form is no brother's, a patronymic no child's
    rows = [
        ("people/olga-varnova", "Olga Varnova", "person", None, "", ""),
        ("people/sigrun-jonsdottir", "Sigrún Jónsdóttir", "person", None, "", ""),
    ]
    aliases = [
        ("olga varnova", "people/olga-varnova", "title"),
        ("olga", "people/olga-varnova", "alias"),
        ("sigrun jonsdottir", "people/sigrun-jonsdottir", "title"),
        ("sigrun", "people/sigrun-jonsdottir", "alias"),
    ]
    found = facts("olga's brother Ivan is a pilot now", within=loaded(rows, aliases))
    assert slug_of(found, "pilot") == "people/ivan"
    found = facts("sigrún's son Einar plays handball", within=loaded(rows, aliases))
    assert slug_of(found, "handball") == "people/einar"


def test_a_title_written_family_name_first_gives_its_family_name() -> None:
    """ "Trần Thị Hoa" at people/hoa-tran: her sister Mai is Mai Trần, people/mai-tran."""
    rows = [("people/hoa-tran", "Trần Thị Hoa", "person", None, "", "")]
    aliases = [("tran thi hoa", "people/hoa-tran", "title"), ("hoa", "people/hoa-tran", "alias")]
    found = facts("Hoa's sister Mai builds websites, she quoted £600", within=loaded(rows, aliases))
    assert slug_of(found, "websites") == "people/mai-tran"
    # a given name of two parts is no family name: "Kim Min-jun" at people/min-jun-kim
    rows = [("people/min-jun-kim", "Kim Min-jun", "person", None, "", "")]
    aliases = [
        ("kim min-jun", "people/min-jun-kim", "title"),
        ("min-jun", "people/min-jun-kim", "alias"),
    ]
    found = facts("min-jun's brother Seo-jun is moving to Busan", within=loaded(rows, aliases))
    assert slug_of(found, "Busan") == "people/seo-jun-kim"


@pytest.mark.parametrize(
    ("text", "words", "slug"),
    [
        # a name right after "a": someone the speaker does not know yet
        ("teodor knows a Bertil Vangsnes who tunes pianos", "tunes pianos", "bertil-vangsnes"),
        # introduced by a longer indefinite, four words
        (
            "she's found a lady from the choir, Petronella Vask, for the raffle",
            "raffle",
            "petronella-vask",
        ),
        # the subject left out: the newcomer's still
        (
            "teodor turned the water off and called in a plumber, Casimir Oduya, for Thursday",
            "Thursday",
            "casimir-oduya",
        ),
    ],
)
def test_a_newcomer_s_introduction_is_theirs(text: str, words: str, slug: str) -> None:
    assert slug_of(facts("Mirela Dobos rang this morning", text), words) == f"people/{slug}"


def test_two_people_and_a_verb_that_is_a_noun_too() -> None:
    """ "mirela and teodor stitch the banners": the plural's verb, then its object."""
    found = facts("christmas bonuses: mirela and teodor get £150 each")
    assert sorted(slug for slug, fact in found if "£150" in fact) == [MIRELA.slug, TEODOR.slug]


def test_a_month_s_name_before_an_adverb_and_a_deed_is_the_month() -> None:
    """ "may finally came": the month, though May Lim is someone; "rose finally passed" hers."""
    rows = [("people/may-lim", "May Lim", "person", None, "", "")]
    aliases = [("may lim", "people/may-lim", "title"), ("may", "people/may-lim", "alias")]
    found = facts("may finally came and the garden exploded", within=loaded(rows, aliases))
    assert all(slug != "people/may-lim" for slug, _ in found)
    rows = [("people/summer-quell", "Summer Quell", "person", None, "", "")]
    aliases = [
        ("summer quell", "people/summer-quell", "title"),
        ("summer", "people/summer-quell", "alias"),
    ]
    found = facts("summer finally arrived, it's 25 degrees", within=loaded(rows, aliases))
    assert all(slug != "people/summer-quell" for slug, _ in found)

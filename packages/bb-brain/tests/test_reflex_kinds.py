"""A page called by what it is: "the bakery", when one page of the source is a bakery.

The index files a page that is no person's under "the <last word of its title>" when its
own text calls it that too (arm ``kind``); the reflex offers "the" and a noun that ends its
noun phrase. Compounds ("the bakery van"), "of" ("the court of appeal") and a placed one
("the bakery in Tasbury") are other things; two pages of one kind settle neither.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_brain._orgnames import kind_head, summary_kind, title_nouns, work_keys
from bb_brain.pages import KIND_ARM, parse_page
from bb_schema.fixture import PublicTurn
from bb_schema.turn_context import SeamSettings, TurnContextRequest, TurnContextResponse

BAKERY = (
    "companies/quenwick-bakery",
    "---\ntitle: Quenwick Bakery\ntype: company\nsummary: Bakery on the high street that"
    " supplies our rolls.\n---\nDelivers at six.\n",
)
OTHER_BAKERY = (
    "companies/ardlow-bakery",
    "---\ntitle: Ardlow Bakery\ntype: company\nsummary: Wholesale bakery we buy bread from.\n---\n",
)
COURT = (
    "places/vostrel-crown-court",
    "---\ntitle: Vostrel Crown Court\ntype: place\nsummary: The crown court where our cases"
    " are heard.\n---\n",
)
LEAGUE = (
    "projects/winter-chess-league",
    "---\ntitle: Winter Chess League\ntype: project\nsummary: The club's league, six rounds"
    " from January.\n---\n",
)
SURGERY = (
    "places/elm-row-surgery",
    "---\ntitle: Elm Row Surgery\ntype: place\nsummary: GP surgery where the family is"
    " registered.\n---\n",
)
CODENAME = (
    "projects/quillan",
    "---\ntitle: Project Quillan\ntype: project\nsummary: In-house plan to replace the"
    " tills.\n---\n",
)


def ask(engine: Engine, brain: str, text: str, earlier: str = "") -> TurnContextResponse:
    """``text`` as the user's turn; ``earlier``, if any, their turn before, in the window."""
    window = [
        PublicTurn(turn_id=1, role="user", text=earlier),
        PublicTurn(turn_id=2, role="assistant", text="Oh nice!"),
    ] if earlier else []  # fmt: skip
    return engine.turn_context(
        TurnContextRequest(
            brain_id=brain,
            session_id="s1",
            active_source="default",
            turn=PublicTurn(turn_id=3, role="user", text=text),
            window=window,
            settings=SeamSettings(pointer_budget=3, volunteer_window_turns=4),
        )
    )


def slugs(response: TurnContextResponse) -> list[str]:
    return [pointer.slug for pointer in response.pointers]


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("the bakery hopes to put tables outside in summer", BAKERY[0]),
        ("the bakery needs a new oven before the audit", BAKERY[0]),
        ("the bakery want everyone's orders by thursday", BAKERY[0]),  # a firm as "they"
        ("the bakery needs volunteers for the fair", BAKERY[0]),  # a verb's bare object
        ("ask The Bakery if they can do forty rolls", BAKERY[0]),
        # a particle closing the clause: no preposition placing the noun
        ("thinking about handing the bakery over. maybe next year", BAKERY[0]),
        # "that" before a span of time points at it: no clause about the noun
        ("she's at the bakery that morning, ask her then", BAKERY[0]),
        ("handover in the bakery at 7:30, don't be late", BAKERY[0]),  # "at" a time: when
        # a noun said of many things, capitalised mid-sentence or not: the one the user knows
        ("has the Court sent the listing yet?", COURT[0]),
        ("so the court wants the bundle by friday, and a copy for them", COURT[0]),
        ("is the league still running in january?", LEAGUE[0]),
        ("is the League still starting in january or was it moved?", LEAGUE[0]),
        ("the League's last round clashes with the school play", LEAGUE[0]),
    ],
)
def test_the_one_page_of_a_kind_is_pushed_by_its_kind(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    brain = make_brain(BAKERY, COURT, LEAGUE, CODENAME)
    response = ask(engine, brain, text)
    assert slugs(response) == [slug]
    assert response.pointers[0].arm == KIND_ARM


@pytest.mark.parametrize(
    "text",
    [
        "the bakery van blocked the drive again",  # a van
        "the league results for the under-12s are in",  # results
        "she's taking it to the court of appeal",  # another court
        "there's a new place, the bakery in Tasbury, worth a look",  # that one
        "got rolls from the bakery near my sister's, better than ours",
        "the bakery at the station has shut",
        "my cousin's on a jury, the court she sits in is tiny",  # a clause says which
        "there's a new bakery by the station, the bakery there does good rye",
        "my brother's in a darts league, the league meets on mondays",  # another one
        "the court tender closes on friday",  # a tender
        "the bakery for the wedding is a different one",  # a preposition says which
        "the bakery with the green door has shut",
        "the bakery Ossian recommended is cheaper",  # a clause about it
        "the kitchen is a mess again",  # an everyday noun in lowercase (no page here, either)
        "the bakery shop on the high street needs staff",  # a shop, wherever it is
        "the bakery shop needs staff",
        "we're off to the Harvest League in March, the League is fun",  # another one named
        "the ball's in their court now",  # an idiom: no "the court" of one's own
        "the court listing came through for march",  # a listing
        "i do the bakery round, then home",  # a round: no particle
        "the bakery that opened by the lido is cheaper",  # a clause says which
        "it's about the court between them, not us",  # "between" places it too
        "the quillan is a bird, isn't it?",  # the codename is no kind the page says it is
        "a bakery opened near the station",  # any bakery
    ],
)
def test_a_kind_said_of_something_else_pushes_nothing(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(BAKERY, COURT, LEAGUE, CODENAME)
    assert slugs(ask(engine, brain, text)) == []


def test_a_noun_that_is_a_name_as_well_keeps_its_name(engine: Engine, make_brain: Any) -> None:
    """ "the masterplan" of an alias "masterplan": the alias's confidence, not the kind's.

    A word no dictionary has and no list either ("quorplan") is a name of its own; one that
    runs two everyday words together ("masterplan") is the kind the page is, on evidence.
    """
    plan = (
        "projects/harrowfield-masterplan",
        "---\ntitle: Harrowfield Masterplan\ntype: project\naliases: [masterplan]\nsummary:"
        " Masterplan for the old goods yard.\n---\n",
    )
    brain = make_brain(plan)
    response = ask(engine, brain, "notes I made at the masterplan sign-off")
    assert [(p.slug, p.arm) for p in response.pointers] == [(plan[0], "kind")]
    coined = (
        "projects/harrowfield-quorplan",
        "---\ntitle: Harrowfield Quorplan\ntype: project\naliases: [quorplan]\nsummary:"
        " Quorplan for the old goods yard.\n---\n",
    )
    response = ask(engine, make_brain(coined), "notes I made at the quorplan sign-off")
    assert [(p.slug, p.arm) for p in response.pointers] == [(coined[0], "alias")]


def test_another_one_brought_in_a_turn_before(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(BAKERY)
    earlier = "my cousin works at a bakery in Hull"
    response = ask(engine, brain, "the bakery pays her more than I get", earlier)
    assert slugs(response) == []
    assert "another bakery" in response.declined[0].evidence.decision
    # or a turn spoke of the one a preposition said it was
    earlier = "I'm at the bakery on Quay Road all day"
    assert slugs(ask(engine, brain, "the bakery was dull, all bread", earlier)) == []
    # none brought in: the user's own
    earlier = "long day today"
    assert slugs(ask(engine, brain, "the bakery was dull, all bread", earlier)) == [BAKERY[0]]


def test_two_pages_of_one_kind_settle_neither(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(BAKERY, OTHER_BAKERY)
    assert slugs(ask(engine, brain, "the bakery wants paying by friday")) == []
    # named, each is its own page still
    assert slugs(ask(engine, brain, "Ardlow Bakery wants paying by friday")) == [OTHER_BAKERY[0]]


@pytest.mark.parametrize(
    ("title", "description", "key"),
    [
        ("Quenwick Bakery", "Bakery on the high street.", "the bakery"),
        ("The Vostrel Crown Court", "Crown court for the county.", "the court"),
        ("Harvest Supper 2027", "Our harvest supper in the village hall.", "the supper"),
        # the page never calls itself that: the last word names it or describes it
        ("Project Quillan", "In-house plan to replace the tills.", None),
        ("Green Door", "Café beside the old mill.", None),
        ("Quenwick Bakery", "Quenwick Bakery supplies our rolls.", None),
        # a trade in the plural, a street, a noun said of anything, one word
        ("Tasker Partners", "Law firm; the partners are old friends.", None),
        ("Ardlow Lane", "The lane behind the yard.", None),
        ("Ardlow House", "The house we rent out.", None),
        ("Bakery", "A bakery.", None),
        # a trade in the plural whose people are the firm: its kind, said in the summary
        ("Brightstone Dry Cleaners", "Dry cleaner for the hall's curtains.", "the cleaners"),
        ("Hartley Vets", "Vets who see the farm's cattle.", "the vets"),
        ("Hartley Vets", "Practice on the bypass.", None),
        ("Pardoe Lisle Solicitors", "Old firm of solicitors in the square.", "the solicitors"),
        ("Pardoe Lisle Solicitors", "Two of the sons of solicitors run it.", None),
    ],
)
def test_the_kind_a_page_is_filed_under(title: str, description: str, key: str | None) -> None:
    assert kind_head(title, description) == key


@pytest.mark.parametrize(
    ("title", "description", "key"),
    [
        ("Pennard Grange", "Barn venue outside the village, hosting the party.", "the venue"),
        ("Mossop Ledger", "Bookkeeping practice on Quay Street.", None),  # said of much
        ("Ardlow Feeds", "Straw and pellet merchant that delivers to the yard.", None),  # two
        ("Quell", "Straw merchant that delivers to the yard.", "the merchant"),
        ("Cup Final", "The league's cup final in May.", None),  # whose: another's final
        ("Ardlow Bakery", "Bakery by the station.", None),  # the title says it
        ("Coldharbour", "Hardware wholesaler next to the station.", "the wholesaler"),
        ("Quell", "Used by the council for its posters.", None),  # no noun opens it
        ("Quell", "The user's printer.", None),
    ],
)
def test_the_kind_a_summary_opens_with(title: str, description: str, key: str | None) -> None:
    assert summary_kind(title, description) == key


VENUE = (
    "places/pennard-grange",
    "---\ntitle: Pennard Grange\ntype: place\nsummary: Barn venue outside the village.\n---\n",
)


def test_the_kind_a_summary_opens_with_names_its_page(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(VENUE)
    assert slugs(ask(engine, brain, "will the venue open early for us")) == [VENUE[0]]
    assert slugs(ask(engine, brain, "pennard grange confirmed")) == [VENUE[0]]
    assert ask(engine, brain, "a venue in town would be cheaper").pointers == []
    # another one named before it in its sentence is the one meant
    assert ask(engine, brain, "saw them at the Roundhouse, the venue was packed").pointers == []
    assert ask(engine, brain, "the venue band played till two").pointers == []  # a modifier
    assert slugs(ask(engine, brain, "ask the venue if we can bring wine")) == [VENUE[0]]


GARAGE = (
    "companies/kwik-motors",
    "---\ntitle: Kwik Motors\ntype: company\nsummary: Garage that does the MOT.\n---\n",
)
SCHEME = (
    "projects/good-neighbours",
    "---\ntitle: Good Neighbours\ntype: project\nsummary: Befriending scheme for the"
    " village.\n---\n",
)


def test_a_summary_s_kind_before_a_noun(engine: Engine, make_brain: Any) -> None:
    """A firm's summary kind is no name as a modifier; a plan's is, before what is said of it."""
    brain = make_brain(GARAGE, SCHEME)
    assert slugs(ask(engine, brain, "the garage reckons the MOT will fail")) == [GARAGE[0]]
    assert ask(engine, brain, "the garage band next door practises late").pointers == []
    assert slugs(ask(engine, brain, "the scheme paperwork is done")) == [SCHEME[0]]
    assert slugs(ask(engine, brain, "the garage wants the keys by nine")) == [GARAGE[0]]


def test_a_kind_the_body_mentions_in_passing_files_nothing() -> None:
    page = parse_page(
        "companies/copper-kettle",
        "---\ntitle: Copper Kettle\ntype: company\nsummary: Cafe chain we supply with cakes.\n"
        "---\nEvery branch has an old copper kettle in the window.\n",
        "default",
    )
    assert ("the kettle", KIND_ARM) not in page.alias_rows()


def test_a_page_without_a_summary_has_no_kind() -> None:
    page = parse_page("companies/ardlow-bakery", "---\ntitle: Ardlow Bakery\n---\n", "default")
    assert not [row for row in page.alias_rows() if row[1] == KIND_ARM]


def test_a_persons_page_has_no_kind() -> None:
    page = parse_page(
        "people/ardlow-baker",
        "---\ntitle: Ardlow Baker\ntype: person\nsummary: The baker.\n---\n",
        "default",
    )
    assert not [row for row in page.alias_rows() if row[1] == KIND_ARM]


RESURFACING = (
    "projects/ketterby-roof-resurfacing",
    "---\ntitle: Ketterby Roof Resurfacing\ntype: project\nsummary: New membrane on the"
    " sports hall.\n---\n",
)
ORGAN_MOVE = (
    "projects/organ-move",
    "---\ntitle: Wellsgate Organ Move\ntype: project\nsummary: Moving the chapel organ.\n---\n",
)
COLD_STORE = (
    "projects/cold-store-build",
    "---\ntitle: Cold Store Build\ntype: project\nsummary: A walk-in cold store.\n---\n",
)
OFFICE_MOVE = (
    "projects/office-move",
    "---\ntitle: Office Move\ntype: project\nsummary: Moving to the portakabin.\n---\n",
)
GAS_METER = (
    "projects/gas-meter",
    "---\ntitle: Gas Meter Relocation\ntype: project\nsummary: Moving the meter.\n---\n",
)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("has the roof job finished, or is the ladder still up?", RESURFACING[0]),
        ("the roof build overran again", RESURFACING[0]),
        ("a crack in the case after the organ job, she says", ORGAN_MOVE[0]),
        ("can we invoice the ketterby project this week", RESURFACING[0]),
        ("the roof job starts in june", RESURFACING[0]),  # a verb that is a noun too
        ("the roof job costs too much", RESURFACING[0]),
        ("the cold store job has slipped again", COLD_STORE[0]),  # two words of its title
    ],
)
def test_a_piece_of_work_is_named_by_what_it_works_on(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    brain = make_brain(RESURFACING, ORGAN_MOVE, COLD_STORE)
    assert slugs(ask(engine, brain, text)) == [slug]


@pytest.mark.parametrize(
    "text",
    [
        "the roof is leaking again",  # the roof, no job
        "we quoted a roof job for the Pellings",  # any roof job
        "the roof job at my mum's is next",  # a clause says which
        "the roof job list is long",  # a list
        "the organ needs tuning",
        "the roof job costs are silly",  # costs
        "she hated the office job and went back to nursing",  # a noun said of many things
        "stuck behind the gas works again",  # a place
        "the store job is behind",
        "the roof work never stops in a wet spring",  # the labour, any roof's
        "the roof job my son did for school got an A",  # a clause says whose
    ],
)
def test_a_word_of_the_work_said_otherwise_pushes_nothing(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(RESURFACING, ORGAN_MOVE, COLD_STORE, OFFICE_MOVE, GAS_METER)
    assert slugs(ask(engine, brain, text)) == []


def test_another_ones_thing_brought_in_before_makes_it_their_job(
    engine: Engine, make_brain: Any
) -> None:
    """ "my neighbour's getting his roof redone ... the roof job": the neighbour's."""
    brain = make_brain(RESURFACING)
    earlier = "my neighbour's getting his roof redone by some cowboy firm"
    assert slugs(ask(engine, brain, "the roof job is taking forever, he says", earlier)) == []
    earlier = "my roof is leaking into the hall again"  # the user's own
    assert slugs(ask(engine, brain, "the roof job had better start soon", earlier)) == [
        RESURFACING[0]
    ]


def test_two_pieces_of_work_on_one_thing_settle_neither(engine: Engine, make_brain: Any) -> None:
    other = (
        "projects/chapel-roof",
        "---\ntitle: Chapel Roof Appeal\ntype: project\nsummary: Fundraising.\n---\n",
    )
    brain = make_brain(RESURFACING, other)
    assert slugs(ask(engine, brain, "has the roof job finished yet?")) == []


@pytest.mark.parametrize(
    ("title", "keys"),
    [
        # each noun, and each with the word before it; a verb's -ing is none
        (
            "Ketterby Roof Resurfacing",
            ["the ketterby job", "the roof job", "the ketterby roof job"],
        ),
        # a word that describes, a season, a number, a noun said of many things
        ("New Summer Showcase 2027", ["the showcase job"]),
        (
            "Main Hall Piano Move",
            ["the hall job", "the main hall job", "the piano job", "the hall piano job"]
            + ["the piano move job"],
        ),
        ("Big Kitchen Refit", ["the kitchen job", "the refit job", "the kitchen refit job"]),
        ("Open Day Planning", ["the planning job", "the day planning job"]),
        ("Project Quillan", ["the quillan job"]),
        ("Office Move", ["the office move job"]),
        ("Office Move to Castle Street", ["the office move job"]),  # a street's name
    ],
)
def test_the_work_a_project_is_filed_under(title: str, keys: list[str]) -> None:
    assert work_keys(title) == keys


@pytest.mark.parametrize(
    ("slug", "kind"),
    [("places/ketterby-roof", "place"), ("events/ketterby-roof", "event")],
)
def test_only_a_project_is_work(slug: str, kind: str) -> None:
    """A place is no job, nor is an event ("the harvest job" of Harvest Supper is picking)."""
    content = f"---\ntitle: Ketterby Roof Garden\ntype: {kind}\nsummary: Garden.\n---\n"
    page = parse_page(slug, content, "default")
    assert not [key for key, _ in page.alias_rows() if key.endswith(" job")]


def test_words_of_a_title_after_a_are_any_such_thing(engine: Engine, make_brain: Any) -> None:
    """ "a bell frame job going at St Mary's": one of a kind, though a firm of it is named."""
    frame = (
        "projects/bell-frame-restoration",
        "---\ntitle: Bell Frame Restoration\ntype: project\nsummary: Replacing the oak frame;"
        " Quarrendon doing the work.\n---\n",
    )
    firm = (
        "companies/quarrendon-bellhangers",
        "---\ntitle: Quarrendon & Sons Bellhangers\ntype: company\nsummary: Bellhangers"
        " contracted for the frame restoration.\n---\n",
    )
    brain = make_brain(frame, firm)
    text = "quarrendon quoted for a bell frame job at St Mary's"
    assert slugs(ask(engine, brain, text)) == [firm[0]]
    assert frame[0] in slugs(ask(engine, brain, "quarrendon says the bell frame is rotten"))


def test_a_firms_short_name_before_a_child_is_a_family_s(engine: Engine, make_brain: Any) -> None:
    firm = (
        "companies/quarrendon-steelfixers",
        "---\ntitle: Quarrendon Steelfixers\ntype: company\nsummary: Steelwork.\n---\n",
    )
    brain = make_brain(firm)
    assert slugs(ask(engine, brain, "the Quarrendon lad helped with the tents")) == []
    assert slugs(ask(engine, brain, "Quarrendon sent the invoice")) == [firm[0]]
    assert slugs(ask(engine, brain, "A. Quarrendon signed the delivery note")) == []  # someone


FOOTBRIDGE = (
    "projects/tawny-footbridge-appeal",
    "---\ntitle: Tawny Footbridge Appeal\ntype: project\nsummary: Appeal to rebuild the"
    " footbridge by the mill pond.\n---\n",
)
BUNDLE = (
    "projects/szalai-tribunal-bundle",
    "---\ntitle: Szalai Tribunal Bundle\ntype: project\nsummary: Witness statements to"
    " translate for a tribunal.\n---\n",
)
SWAP = (
    "projects/winter-coat-swap",
    "---\ntitle: Winter Coat Swap\ntype: project\nsummary: A rack where an outgrown coat is"
    " swapped.\n---\n",
)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("we're at 8k for the footbridge by june, fingers crossed", FOOTBRIDGE[0]),  # its noun
        ("Mereworth sent 300 pages for the tribunal, due in a fortnight", BUNDLE[0]),
        ("can I see the footbridge budget before friday", FOOTBRIDGE[0]),  # said of the work
        ("is the footbridge thing still on for june?", FOOTBRIDGE[0]),
        ("any news on the footbridge money?", FOOTBRIDGE[0]),  # what it raises
        ("did you get the footbridge numbers?", FOOTBRIDGE[0]),
    ],
)
def test_a_plan_goes_by_a_noun_of_its_title_its_summary_says(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    response = ask(engine, make_brain(FOOTBRIDGE, BUNDLE, SWAP), text)
    assert slugs(response) == [slug]
    assert response.pointers[0].arm == KIND_ARM


@pytest.mark.parametrize(
    "text",
    [
        "the tawny was calling all night",  # the summary never says "tawny"
        "which Imogen? the coat one",  # which one of others, by what it is about
        "the footbridge at the castle is huge",  # another, placed
        "we crossed a footbridge in Tenby, the footbridge was rotten",  # another one brought in
        "the tribunal chair was late",  # a chair, not the plan
    ],
)
def test_a_noun_of_a_plan_s_title_said_of_something_else(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert slugs(ask(engine, make_brain(FOOTBRIDGE, BUNDLE, SWAP), text)) == []


FAIR = (
    "projects/brimscombe-summer-fair",
    "---\ntitle: Brimscombe Summer Fair\ntype: project\naliases: [the fair, the bath]\n"
    "summary: July fundraiser on the green.\n---\n",
)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("ok, footbridge stuff. the council wants a new drawing", FOOTBRIDGE[0]),
        ("right, fair planning: who's doing the tombola?", FAIR[0]),  # its own "the fair"
        ("Anyway, footbridge update. We're at 8k", FOOTBRIDGE[0]),
    ],
)
def test_a_sentence_of_a_plans_noun_and_what_is_said_of_it_announces_the_plan(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    assert slug in slugs(ask(engine, make_brain(FOOTBRIDGE, BUNDLE, FAIR), text))


@pytest.mark.parametrize(
    "text",
    [
        "fair planning is hard with three kids",  # a sentence that goes on
        "we did footbridge stuff all day at work",  # not where a sentence opens
        "ok, day stuff. nothing much",  # a noun said of anything
        "ok, fair's planning. nothing much",
        "ok, Bath stuff. the hotel is booked",  # a place, capitalised
    ],
)
def test_a_plans_noun_before_what_is_said_of_it_elsewhere(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert not slugs(ask(engine, make_brain(FOOTBRIDGE, BUNDLE, FAIR), text))


SUPPER = (
    "events/harvest-supper-2026",
    "---\ntitle: Harvest Supper 2026\ntype: event\nsummary: Supper in the village hall with a"
    " harvest auction.\n---\n",
)
REWRITE = (
    "projects/payroll-rewrite",
    "---\ntitle: Payroll Rewrite\ntype: project\nsummary: Rewriting the payroll service.\n---\n",
)


@pytest.mark.parametrize(
    "text",
    [
        "the harvest was awful this year, the wheat rotted",  # its summary's "harvest auction"
        "the payroll deadline is the 25th, has finance run it?",  # a "payroll service"
        "the payroll figures look off for march",
    ],
)
def test_a_title_noun_its_summary_says_only_before_another_noun_is_not_the_plan(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert slugs(ask(engine, make_brain(SUPPER, REWRITE), text)) == []


@pytest.mark.parametrize(
    ("title", "summary", "keys"),
    [
        (
            "Tawny Footbridge Appeal",
            "Appeal to rebuild the footbridge by the mill pond.",
            ["the footbridge", "the appeal"],
        ),
        ("Project Lantern", "In-house plan to replace the tills.", []),  # a codename
        ("Ropewalk Wall Survey", "Survey of the old wall.", ["the wall", "the survey"]),
    ],
)
def test_the_nouns_a_plan_goes_by(title: str, summary: str, keys: list[str]) -> None:
    assert title_nouns(title, summary) == keys


DELI = (
    "companies/corbel-street-delicatessen",
    "---\ntitle: Corbel Street Delicatessen\ntype: company\nsummary: Delicatessen in Harrowby"
    ", keen on our chutneys.\n---\n",
)
REGEN = (
    "projects/eastbury-regeneration",
    "---\ntitle: Eastbury Regeneration\ntype: project\nsummary: Rebuilding the Eastbury"
    " estate.\n---\n",
)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("the deli wants six jars a week", DELI[0]),  # a word as speech clips it
        ("big news, the deli in Harrowby wants six jars a week", DELI[0]),  # placed where it is
        ("eastbury regen update: drawings due friday", REGEN[0]),
    ],
)
def test_a_clipped_word_and_a_place_its_page_gives(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    assert slugs(ask(engine, make_brain(DELI, REGEN), text)) == [slug]


def test_a_kind_placed_elsewhere_is_another(engine: Engine, make_brain: Any) -> None:
    assert slugs(ask(engine, make_brain(DELI, REGEN), "the deli in Leeds had a great cheese")) == []


CLEANERS = (
    "companies/brightstone-dry-cleaners",
    "---\ntitle: Brightstone Dry Cleaners\ntype: company\nsummary: Dry cleaner we send"
    " the hall's curtains to.\n---\n",
)


def test_a_trade_in_the_plural_names_the_firm(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(CLEANERS)
    found = ask(engine, brain, "two of the curtains are still at the cleaners")
    assert [pointer.slug for pointer in found.pointers] == [CLEANERS[0]]
    assert ask(engine, brain, "the cleaners at work leave at six").pointers == []  # placed


@pytest.mark.parametrize(
    ("text", "pushed"),
    [
        ("is the surgery open on saturday mornings?", True),
        ("can you ring the surgery up.", True),  # a particle closing the clause
        # a noun of many senses said as what happens, or a ranking: another sense
        ("the surgery went well, she's in recovery now", False),
        ("the surgery is scheduled for the 3rd of may", False),
        ("the surgery's been postponed again", False),
        ("we're top of the league again", False),
        ("the surgery crashed the booking system again", True),  # a firm's doing, no price
    ],
)
def test_a_noun_of_many_senses_said_as_an_event_is_that_event(
    engine: Engine, make_brain: Any, text: str, pushed: bool
) -> None:
    brain = make_brain(SURGERY, LEAGUE)
    assert slugs(ask(engine, brain, text)) == ([SURGERY[0]] if pushed else [])


STARGAZING = (
    "projects/spring-star-gathering",
    "---\ntitle: Spring Star Gathering\ntype: project\naliases: [Star Night]\nsummary: "
    "Stargazing evening on the common, run by the astronomy society.\n---\n",
)
OPEN_DAY = (
    "events/open-day",
    "---\ntitle: Open Day\ntype: event\nsummary: The allotment society's September day for "
    "visitors.\n---\n",
)


QUIET_TIME = (
    "projects/quiet-time",
    "---\ntitle: Quiet Time\ntype: project\nsummary: The hall committee's trial of a "
    "no-noise rule after 11pm.\n---\n",
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("good news, star night is on for friday if the sky's clear", [STARGAZING[0]]),
        ("for open day we need the big banner", [OPEN_DAY[0]]),
        ("so glad open day went really well", [OPEN_DAY[0]]),
        ("the banner? it's for open day, not the fete", [OPEN_DAY[0]]),  # a contraction
        ("we need more chairs, open day is a big one", []),  # said of any open day
        ("good news, open day is back on", [OPEN_DAY[0]]),  # how it stands
        ("jo is singing at star night", [STARGAZING[0]]),  # no set phrase: two nouns
        ("it's open day season, every uni is doing them", []),  # a modifier
        ("honestly i've got open day fatigue", []),
        # one of many, a modifier, or placed somewhere else: the phrase's own thing
        ("we went to an open day at the uni", []),
        ("there's a star night in wales next month, fancy it?", []),
        ("my nephew wants a star night theme for his birthday", []),
        ("it was open day at the college down the road, so busy", []),
        # an adjective of quality describes one of a kind; one of occurrence picks the next
        ("what is normal quiet time for a toddler?", []),
        ("do other halls have strict quiet time, or just ours?", []),
        ("they say next star night is moving to the 9th", [STARGAZING[0]]),
        ("last night was the best star night ever", [STARGAZING[0]]),  # one of the user's own
        ("so glad quiet time worked out in the end", [QUIET_TIME[0]]),
        ("can we keep quiet time going after the exams?", [QUIET_TIME[0]]),
    ],
)
def test_a_plans_whole_name_of_everyday_words_standing_bare_names_it(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(STARGAZING, OPEN_DAY, QUIET_TIME), text)) == found


WALL_SURVEY = (
    "projects/harbour-wall-survey",
    "---\ntitle: Harbour Wall Survey\ntype: project\nsummary: Parking survey along "
    "the old harbour wall.\n---\n",
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the parking survey is nearly done, just the north end left", [WALL_SURVEY[0]]),
        # a word its page does not say of it, or one that makes it another
        ("the drone survey is nearly done, just the north end left", []),
        ("the new survey is nearly done, just the north end left", []),
    ],
)
def test_a_kind_with_a_word_its_summary_says_of_it_is_the_known_one(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(WALL_SURVEY), text)) == found


HIGH_GEAR = (
    "companies/high-gear-cafe",
    "---\ntitle: High Gear Cafe\ntype: company\nsummary: Cafe at the trail centre where the user "
    "meets the club.\n---\n",
)
BLUE_HOUR = (
    "companies/blue-hour-studio",
    "---\ntitle: Blue Hour Studio\ntype: company\nsummary: The user's photography studio.\n---\n",
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a firm is somebody's business: "my" makes its everyday name the user's own words
        ("still looking for my high gear on the long climbs", []),
        ("our blue hour bookings are up this month", [BLUE_HOUR[0]]),  # its page says so
        ("I cancelled my High Gear loyalty card", [HIGH_GEAR[0]]),  # capitalised as a name
        ("my high gear flat white was cold today", [HIGH_GEAR[0]]),  # before a noun it names
    ],
)
def test_my_before_a_firms_everyday_name_needs_the_firm_to_be_the_users(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(HIGH_GEAR, BLUE_HOUR), text)) == found


def test_my_before_a_firms_everyday_name_is_the_users_own_even_once_it_was_named(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(HIGH_GEAR)
    earlier = "coffee at High Gear after the ride?"
    response = ask(engine, brain, "i need my high gear back before that climb", earlier)
    assert slugs(response) == []
    evidence = response.declined[0].evidence
    assert evidence is not None and "the speaker's own" in evidence.decision


WEBSITE = (
    "projects/new-website",
    "---\ntitle: New website\ntype: project\nsummary: Rebuild of the studio's website.\n---\n",
)
TIDE_WEDDING = (
    "projects/tide-wedding",
    "---\ntitle: The tide wedding\ntype: project\nsummary: Beach wedding at low tide.\n---\n",
)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("website needs the new opening hours on it", True),
        ("website's showing the wrong opening hours", True),
        ("websites are all the same these days", False),  # a plural: any of them
        ("website design is a nightmare", False),  # a modifier of another noun
    ],
)
def test_a_kind_opening_a_sentence_without_its_article(
    engine: Engine, make_brain: Any, text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(WEBSITE), text)) == ([WEBSITE[0]] if named else [])


def test_a_bare_noun_that_is_no_head_of_its_title_names_nothing(
    engine: Engine, make_brain: Any
) -> None:
    text = "tide came right up to the wall last night"
    assert slugs(ask(engine, make_brain(TIDE_WEDDING), text)) == []


def test_an_occasion_s_head_goes_bare_anyway(engine: Engine, make_brain: Any) -> None:
    lunch = (
        "events/team-lunch",
        "---\ntitle: Team lunch\ntype: event\nsummary: Monthly team lunch at the inn.\n---\n",
    )
    assert slugs(ask(engine, make_brain(lunch), "lunch is ready, come down")) == []

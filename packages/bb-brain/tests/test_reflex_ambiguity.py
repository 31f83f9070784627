"""When a name is also an ordinary word, a place or another page's name: the evidence decides."""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_schema.fixture import PublicTurn
from bb_schema.turn_context import SeamSettings, TurnContextRequest, TurnContextResponse


def md(title: str, body: str = "body", **meta: Any) -> str:
    lines = ["---", f"title: {title}"] + [f"{k}: {v}" for k, v in meta.items()]
    return "\n".join([*lines, "---", "", body, ""])


def ask(
    engine: Engine,
    brain: str,
    text: str,
    *,
    prior: str = "",
    window: list[tuple[str, str]] | None = None,
    **settings: Any,
) -> TurnContextResponse:
    turns = [
        PublicTurn(turn_id=i, role="user" if role == "u" else "assistant", text=said)
        for i, (role, said) in enumerate(window or [], start=1)
    ]
    request = TurnContextRequest(
        brain_id=brain,
        session_id="s",
        active_source="default",
        turn=PublicTurn(turn_id=99, role="user", text=text),
        window=turns,
        prior_context=prior,
        settings=SeamSettings(**{"pointer_budget": 3, **settings}),
    )
    return engine.turn_context(request)


def slugs(response: TurnContextResponse) -> list[str]:
    return [pointer.slug for pointer in response.pointers]


def decisions(response: TurnContextResponse) -> dict[str, str]:
    return {p.slug: p.evidence.decision for p in response.declined if p.evidence is not None}


HOPE = ("people/hope-adeyemi", md("Hope Adeyemi", type="person", aliases="[Hope]"))
BASIL = ("people/basil-okonkwo", md("Basil Okonkwo", type="person", aliases="[Basil]"))
ORBIT = ("projects/orbit", md("Orbit", type="project"))
SIENNA = ("people/sienna-marsh", md("Sienna Marsh", type="person", aliases="[Sienna]"))
MAY = ("people/may-tran", md("May Tran", type="person", aliases="[May]"))
GRACE = ("people/grace-obi", md("Grace Obi", type="person", aliases="[Grace]"))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("hope and grace are coming to dinner on friday", True),  # each the other's evidence
        ("with hope and grace away the office is quiet", True),
        ("saying grace and hope for the best", False),  # a grace and a verb
        ("faith, hope and charity", False),
        ("can you send the minutes to hope and grace", True),  # whom it is sent to
        ("pass it on to hope and grace for comments", True),
        ("we're down to hope and grace now, the rest is luck", False),  # no sending
        ("we sent the money to hope and grace, the hospice in town", False),  # what they are
        ("we'll send the kids to hope and grace camps this summer", False),  # a noun after
        ("give generously to grace and hope, says the card", False),  # nothing given
        ("she wrote a song dedicated to hope and grace", False),  # to whom it is dedicated
    ],
)
def test_two_of_the_users_people_side_by_side(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    brain = make_brain(HOPE, GRACE)
    expected = sorted([HOPE[0], GRACE[0]]) if found else []
    assert sorted(slugs(ask(engine, brain, text))) == expected


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("ask sienna or grace to cover the stall", True),  # one or the other: both people
        ("text sienna or grace, whoever is free", True),
        ("it's sienna, rain or shine", False),  # a set phrase after the name
    ],
)
def test_a_person_named_as_the_other_choice_is_listed_with_a_person(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    expected = sorted([SIENNA[0], GRACE[0]]) if found else [SIENNA[0]]
    assert sorted(slugs(ask(engine, make_brain(SIENNA, GRACE), text))) == expected


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the leak - anchor or mrs marr directly first?", True),  # whom to deal with
        ("should I ask mrs marr or anchor", True),
        ("anchor and mrs marr are both away", False),  # "and": a firm is no person's pair
    ],
)
def test_a_firm_offered_instead_of_a_person(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    firm = ("companies/anchor-lets", md("Anchor Lets", type="company", aliases="[Anchor]"))
    sienna = ("people/sienna-marr", md("Sienna Marr", type="person", aliases="[Sienna, Mrs Marr]"))
    response = ask(engine, make_brain(firm, sienna), text)
    assert (firm[0] in slugs(response)) is found


@pytest.mark.parametrize(
    "text",
    [
        "I hope the courier comes before noon.",
        "Hope you had a good weekend!",  # sentence-initial capital: discounted
        "There is still some hope for the launch date.",
        "Chop the basil and add it at the end.",
        "The satellite is in a stable orbit now.",
    ],
)
def test_ordinary_uses_of_ordinary_words_stay_silent(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(HOPE, BASIL, ORBIT)
    response = ask(engine, brain, text)
    assert response.pointers == []


@pytest.mark.parametrize(
    ("text", "signal"),
    [
        ("I had coffee with Hope this morning.", "capitalised mid-sentence"),
        ("hope's proposal came in overnight", "possessive"),
        ("Hope said the proposal is ready.", "verb taking a person"),
        ("Remind me to email Hope tonight.", "capitalised mid-sentence"),
        ("Our investor Hope is in town", "role noun nearby"),
        ("Ms Hope Adeyemi is in town", ""),  # the full name needs no evidence
    ],
)
def test_name_evidence_makes_an_ordinary_word_a_name(
    engine: Engine, make_brain: Any, text: str, signal: str
) -> None:
    brain = make_brain(HOPE)
    response = ask(engine, brain, text)
    assert slugs(response) == ["people/hope-adeyemi"]
    evidence = response.pointers[0].evidence
    assert evidence is not None
    if signal:
        assert signal in evidence.signals
        assert evidence.decision.startswith("ordinary word 'hope'")
        assert response.pointers[0].confidence < 0.95  # accepted on evidence costs a little


def test_a_declined_ordinary_word_says_why(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(HOPE)
    response = ask(engine, brain, "Hope you had a good weekend!")
    assert decisions(response) == {
        "people/hope-adeyemi": "declined: ordinary word 'hope' (zipf 5.44) read as an ordinary"
        " word: a verb whose subject is left out"
    }


def test_a_related_page_named_beside_it_is_evidence(engine: Engine, make_brain: Any) -> None:
    lab = ("companies/greenway-lab", md("Greenway Lab", "Hope Adeyemi leads the assays here."))
    brain = make_brain(HOPE, lab)
    response = ask(engine, brain, "any news from hope about the Greenway Lab results?")
    assert slugs(response) == ["companies/greenway-lab", "people/hope-adeyemi"]
    evidence = response.pointers[1].evidence
    assert evidence is not None and "co-mention of a related page" in evidence.decision
    unrelated = ("companies/redfern", md("Redfern", "A supplier of glassware."))
    brain = make_brain(HOPE, unrelated)
    assert slugs(ask(engine, brain, "any news from hope about the Redfern order?")) == [
        "companies/redfern"
    ]


def test_an_earlier_mention_of_the_full_name_is_evidence(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(HOPE)
    prior = "Hope Adeyemi joined the board last month."
    response = ask(engine, brain, "is the agenda with hope yet?", prior=prior, suppression="none")
    assert slugs(response) == ["people/hope-adeyemi"]
    evidence = response.pointers[0].evidence
    assert evidence is not None and "named earlier in the conversation" in evidence.decision


def test_months_need_person_evidence(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(MAY)
    assert ask(engine, brain, "The launch moves to May.").pointers == []
    assert ask(engine, brain, "In May we start the pilot.").pointers == []
    assert ask(engine, brain, "let's meet in May").pointers == []
    assert slugs(ask(engine, brain, "May said she can host.")) == ["people/may-tran"]
    assert slugs(ask(engine, brain, "can you text May about it?")) == ["people/may-tran"]


@pytest.mark.parametrize(
    "text",
    [
        "We spent four days in Sienna and loved the food.",
        "Flights to Sienna are cheap in spring.",
        "We're driving back from Sienna on Sunday.",
    ],
)
def test_a_place_reading_vetoes_a_persons_name(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(SIENNA)
    response = ask(engine, brain, text)
    assert response.pointers == []
    assert "reads as a place" in decisions(response)["people/sienna-marsh"]


@pytest.mark.parametrize(
    ("text", "placed"),
    [
        ("we're heading up to Jordan with the kids", True),  # the journey's direction between
        ("driving down to Jordan next week", True),
        ("flying out to Jordan on Monday", True),
        ("went up to Jordan and asked her", False),  # "go up to" someone: approaching them
        ("I'm driving over to Jordan's tomorrow", False),  # her house
    ],
)
def test_a_journeys_direction_keeps_a_known_place_a_place(
    engine: Engine, make_brain: Any, text: str, placed: bool
) -> None:
    brain = make_brain(("people/jordan-vey", md("Jordan Vey", type="person", aliases="[Jordan]")))
    assert slugs(ask(engine, brain, text)) == ([] if placed else ["people/jordan-vey"])


def test_heading_over_to_someone_is_a_visit(engine: Engine, make_brain: Any) -> None:
    """A known place's name is a person's too: "over to" and "round to" are visits."""
    brain = make_brain(
        ("people/florence-quay", md("Florence Quay", type="person", aliases="[Florence]"))
    )
    assert slugs(ask(engine, brain, "heading over to Florence after work")) == [
        "people/florence-quay"
    ]
    assert slugs(ask(engine, brain, "heading round to Florence for dinner")) == [
        "people/florence-quay"
    ]


@pytest.mark.parametrize(
    "text",
    ["Head over to Kjell, he's got the van keys", "drive up to Kjell and collect the van from him"],
)
def test_a_journey_to_a_name_no_place_has_is_a_visit(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(("people/kjell-moe", md("Kjell Moe", type="person", aliases="[Kjell]")))
    assert slugs(ask(engine, brain, text)) == ["people/kjell-moe"]


def test_a_place_reading_yields_to_person_evidence(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(SIENNA, ("places/sienna", md("Sienna", type="place")))
    assert slugs(ask(engine, brain, "we talked to Sienna Marsh about it")) == [
        "people/sienna-marsh"
    ]
    assert ask(engine, brain, "staying in Sienna Marsh's flat").pointers[0].slug == (
        "people/sienna-marsh"
    )
    # a place page is what a place reading means
    brain = make_brain(("places/sienna", md("Sienna", type="place")))
    assert slugs(ask(engine, brain, "four days in Sienna")) == ["places/sienna"]


def test_an_article_makes_a_capitalised_word_something_else(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(ORBIT)
    response = ask(engine, brain, "We took a boat up the Orbit, it was calm.")
    assert response.pointers == []
    assert "whole noun phrase after a determiner" in decisions(response)["projects/orbit"]
    assert slugs(ask(engine, brain, "How is the Orbit rollout going?")) == ["projects/orbit"]
    assert slugs(ask(engine, brain, "Did Orbit ship?")) == ["projects/orbit"]


SAM_TAX = (
    "people/sam-kowal",
    md("Sam Kowal", "Sam does my tax returns and the payroll filing.", type="person",
       aliases="[Sam]"),
)  # fmt: skip
SAM_GARDEN = (
    "people/sam-ortiz",
    md("Sam Ortiz", "Sam looks after the hedges; he trims them every spring.", type="person",
       aliases="[Sam]"),
)  # fmt: skip


def test_context_settles_a_name_two_pages_share(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(SAM_TAX, SAM_GARDEN)
    response = ask(engine, brain, "Sam needs the payroll numbers for the tax return.")
    assert slugs(response) == ["people/sam-kowal"]
    evidence = response.pointers[0].evidence
    assert evidence is not None and evidence.signals == ["context"]
    assert "payroll" in evidence.decision and "tax" in evidence.decision
    response = ask(engine, brain, "Sam said he can come to trim the hedges.")
    assert slugs(response) == ["people/sam-ortiz"]


@pytest.mark.parametrize(
    "text",
    [
        "Sam called.",  # no context at all
        "Sam mentioned the tax thing.",  # a single shared word is too easily chance
        "Sam wants the payroll numbers.",  # unless it is a rare one ("hedges"), not "payroll"
        "sam said he'll be late",  # a pronoun one page uses is no rare word
        "sam's on tuesdays now",  # nor a day
        "Sam wants the payroll and the hedges done.",  # both pages fit
    ],
)
def test_too_little_context_leaves_it_ambiguous(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(SAM_TAX, SAM_GARDEN)
    response = ask(engine, brain, text)
    assert response.pointers == []
    assert set(decisions(response)) == {"people/sam-kowal", "people/sam-ortiz"}


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("Sam rang, the hedges need the strimmer again", "people/sam-ortiz"),
        ("can sam look at the hedges before friday", "people/sam-ortiz"),
    ],
)
def test_one_rare_shared_word_settles_a_shared_name(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    brain = make_brain(SAM_TAX, SAM_GARDEN)
    response = ask(engine, brain, text)
    assert slugs(response) == [slug]
    evidence = response.pointers[0].evidence
    assert evidence is not None and evidence.signals == ["context"]


FARAH_LIGHTS = (
    "people/farah-idris",
    md("Farah Idris", "Invoices monthly by email.", type="person", aliases="[Farah]",
       summary="Lighting designer on the spring tour."),
)  # fmt: skip
FARAH_REGULAR = (
    "people/farah-said",
    md("Farah Said", "Comes every six weeks for a cut and colour.", type="person",
       aliases="[Farah]", summary="Accountant looking after the bar's books."),
)  # fmt: skip


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("is farah doing the lighting on friday", "people/farah-idris"),
        ("we could ask farah about lighting", "people/farah-idris"),
        ("can farah do a trial run", None),  # no word of either summary
        ("farah wants paying", None),
        ("farah was at the bar with the lighting crew", None),  # a word of each summary
        ("farah's the accountant there, isn't she", "people/farah-said"),
        # a role said of another: the one she looks for or asks
        ("farah is looking for a new accountant", None),
        ("can farah check with her accountant", None),
        ("farah wants to go freelance", None),  # no noun of either
        ("farah's accountant rang", None),  # hers, not her
        ("is farah still our accountant", "people/farah-said"),  # a copula says she is
    ],
)
def test_one_word_of_a_summary_settles_a_shared_name(
    engine: Engine, make_brain: Any, text: str, slug: str | None
) -> None:
    """What a page's summary says its person is tells namesakes apart, though not rare."""
    response = ask(engine, make_brain(FARAH_LIGHTS, FARAH_REGULAR), text)
    assert slugs(response) == ([slug] if slug else [])


def test_a_page_named_earlier_in_the_conversation_is_no_news(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(BASIL)
    window = [("u", "Has Basil Okonkwo sent the draft?"), ("a", "Not yet, Basil said Friday.")]
    prior = "\n\n".join(text for _, text in window)
    response = ask(engine, brain, "ok, nudge Basil Okonkwo again", prior=prior, window=window)
    assert response.pointers == []
    assert decisions(response)["people/basil-okonkwo"].startswith("suppressed: already named")
    # without the earlier turns in the agent's context the page is news again
    assert slugs(ask(engine, brain, "ok, nudge Basil Okonkwo again", window=window)) == [
        "people/basil-okonkwo"
    ]
    # a seam without prior-context suppression pushes it again
    again = ask(
        engine, brain, "nudge Basil Okonkwo", prior=prior, window=window, suppression="none"
    )
    assert slugs(again) == ["people/basil-okonkwo"]


BRACKWATER = (
    "companies/brackwater-hire",
    md("Brackwater Hire", type="company", summary="Stage lighting.", aliases="[Brackwater]"),
)
TARRANT_III = ("people/osgood-tarrant-iii", md("Osgood Tarrant III", type="person"))


def test_a_page_the_assistant_named_long_ago_is_no_news(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(BRACKWATER)
    said = [
        "can you check the rig is booked?",
        "Yes: Brackwater Hire have it down for the 14th.",  # the assistant names it
        "great",
        "and the programme proofs?",
        "Back from the printer on Monday.",
        "ok",
    ]
    prior = "\n\n".join(said)
    window = [("u" if i % 2 == 0 else "a", text) for i, text in enumerate(said)][-4:]
    question = "remind me who we spoke to at Brackwater"
    response = ask(engine, brain, question, prior=prior, window=window)
    assert response.pointers == []
    assert decisions(response)["companies/brackwater-hire"] == (
        "suppressed: named in full earlier in the conversation, the agent has it"
    )
    # a name shown only inside an injected block (another page's summary) was never said
    # to the agent, wherever the block sits and however much of it is left
    line = "- [Quill Studio](brain://default/companies/quill-studio) — rents from Brackwater Hire"
    for injected in (
        "\n\n".join([said[0], "## Memory\n" + line, *said[2:]]),
        "\n".join([line, said[0]]),
        "Memory: Quill Studio <brain://default/companies/quill-studio>, via Brackwater Hire",
    ):
        assert slugs(ask(engine, brain, question, prior=injected)) == [BRACKWATER[0]]


TARRANT = ("people/osgood-tarrant", md("Osgood Tarrant", type="person", aliases="[Osgood]"))
GREEN_LANE = ("companies/green-lane-garage", md("Green Lane Garage", type="company"))


@pytest.mark.parametrize(
    ("page", "said", "text"),
    [
        # his son, not him
        (TARRANT, "Osgood Tarrant Jr. wants a call next week.", "how did Osgood Tarrant reply?"),
        # a lane, typed as one, and a longer name
        (GREEN_LANE, "I drove down green lane garage way", "can Green Lane Garage fit us in?"),
        (GREEN_LANE, "Green Lane Garage Supplies sent a bill", "can Green Lane Garage fit us in?"),
    ],
)
def test_no_full_naming_where_the_words_name_something_else(
    engine: Engine, make_brain: Any, page: tuple[str, str], said: str, text: str
) -> None:
    prior = "\n\n".join([said, "ok", "right", "fine", "sure", "thanks"])
    assert slugs(ask(engine, make_brain(page), text, prior=prior)) == [page[0]]


def test_the_volunteer_stage_adds_nothing_the_agent_already_has(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(BASIL, ORBIT)
    window = [("a", "Basil Okonkwo owns that part of Orbit.")]
    seen = ask(engine, brain, "ok, what next?", window=window, prior=window[0][1], volunteer=True)
    assert seen.pointers == []
    unseen = ask(engine, brain, "ok, what next?", window=window, volunteer=True)
    assert [(p.slug, p.stage) for p in unseen.pointers] == [
        ("people/basil-okonkwo", "volunteer"),
        ("projects/orbit", "volunteer"),
    ]


CLIFF = ("people/cliff-osei", md("Cliff Osei", type="person", aliases="[Cliff]"))
RUSTY = ("people/rusty-kowal", md("Rusty Kowal", type="person"))
NADIM = ("people/nadim-okonjo", md("Nadim Okonjo", type="person"))


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("Cliff needs the churn data for the model", CLIFF[0]),  # a verb: it takes an object
        ("The numbers look off. Rusty will want to see this", RUSTY[0]),  # modal, person's verb
        ("Also loop in Nadim, he'll want the numbers", NADIM[0]),  # "in" of the verb, no place
    ],
)
def test_grammar_that_makes_a_name(engine: Engine, make_brain: Any, text: str, slug: str) -> None:
    brain = make_brain(CLIFF, RUSTY, NADIM)
    assert slugs(ask(engine, brain, text)) == [slug]


@pytest.mark.parametrize(
    "text",
    [
        "revenue will fall off a cliff in january",
        "the cliff needs a fence before the tour",
        "my bike is rusty and needs oil",
    ],
)
def test_the_same_words_used_ordinarily(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(CLIFF, RUSTY)
    assert ask(engine, brain, text).pointers == []


MAX = ("people/max-oyelaran", md("Max Oyelaran", type="person"))
LINCOLN = ("people/lincoln-abara", md("Lincoln Abara", type="person"))
LAKSHMI = ("people/lakshmi-venkat", md("Lakshmi Venkat", type="person"))
TEDDY = ("people/theodora-lambros", md("Theodora Lambros", type="person", aliases="[Teddy]"))
IKE = ("people/ikechukwu-eze", md("Ikechukwu Eze", type="person", aliases="[Ike]"))
MAGDA = ("people/magdalena-nowak", md("Magdalena Nowak", type="person", aliases="[Magda]"))


def test_a_word_that_counts_opens_no_name(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(MAX)
    assert ask(engine, brain, "Max 3 bullet points please").pointers == []
    assert slugs(ask(engine, brain, "Max said the slides are done")) == [MAX[0]]


def test_a_person_from_an_organisation(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(LINCOLN)
    assert slugs(ask(engine, brain, "Lincoln from Harbourview reported the crash")) == [LINCOLN[0]]
    assert ask(engine, brain, "Lincoln from Omaha is a long drive").pointers == []


def test_a_name_with_an_initial(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(LAKSHMI)
    assert slugs(ask(engine, brain, "get Lakshmi V to write up the status")) == [LAKSHMI[0]]


TARROW = ("people/june-tarrow", md("June Tarrow", aliases="[June]", type="person"))
IVO = ("people/ivo-marlane", md("Ivo Marlane", aliases="[Ivo]", type="person"))


def test_a_name_opening_a_clause_after_and_lists_no_word(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(TARROW, IVO)
    # "..., and Ivo says": two clauses, so the month before is no name listed with his
    response = ask(engine, brain, "no late shifts from June, and ivo says he's full")
    assert slugs(response) == [IVO[0]]
    # a pair takes the plural: listed together, both are people; without the comma a
    # singular verb may agree with what the pair modifies
    assert sorted(slugs(ask(engine, brain, "June and Ivo say hi"))) == sorted([TARROW[0], IVO[0]])
    response = ask(engine, brain, "the rota clash between June and Ivo is sorted")
    assert sorted(slugs(response)) == sorted([TARROW[0], IVO[0]])


WILLA = ("people/will-quarmby", md("Will Quarmby", aliases="[Will]", type="person"))
MAYA = ("people/may-tennick", md("May Tennick", aliases="[May]", type="person"))


def test_a_modal_never_takes_an_s_or_a_reflexive(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(WILLA, MAYA)
    assert slugs(ask(engine, brain, "Will's the calm one, no nerves at all")) == [WILLA[0]]
    assert slugs(ask(engine, brain, "it was May herself who rang")) == [MAYA[0]]
    assert ask(engine, brain, "the client will himself want to approve every draft").pointers == []
    assert ask(engine, brain, "the will's terms are clear enough").pointers == []
    assert ask(engine, brain, "May's the busiest month for us").pointers == []
    drew = ("people/drew-pellam", md("Drew Pellam", aliases="[Drew]", type="person"))
    brain = make_brain(drew)
    assert ask(engine, brain, "he drew himself a bath after the run").pointers == []


def test_a_modal_takes_no_modal_so_the_word_before_is_its_subject(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(WILLA, MAYA)
    assert slugs(ask(engine, brain, "May can sort the gilding if the frames are in")) == [MAYA[0]]
    assert slugs(ask(engine, brain, "Will might not drive the van on friday")) == [WILLA[0]]
    assert slugs(ask(engine, brain, "Will won't drive in the snow")) == [WILLA[0]]
    assert slugs(ask(engine, brain, "Will can also drive the minibus")) == [WILLA[0]]
    assert slugs(ask(engine, brain, "Will can't lift anything heavy this week")) == [WILLA[0]]
    assert ask(engine, brain, "May can't come soon enough, I need the break").pointers == []
    # a month is a subject too, and so is a will: they bring, get and go, but do no deeds
    assert ask(engine, brain, "may can be a slow month for us").pointers == []
    assert ask(engine, brain, "May will have the longest evenings").pointers == []
    assert ask(engine, brain, "May will bring frost if we're unlucky").pointers == []
    assert ask(engine, brain, "May could well be the busiest month").pointers == []
    assert ask(engine, brain, "Will could go either way, the probate lawyer said").pointers == []


def test_a_lowercase_list_of_names(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(TEDDY, IKE, MAGDA)
    response = ask(engine, brain, "'hey teddy ike magda xavier - retro moved to 2pm'")
    assert sorted(slugs(response)) == sorted([TEDDY[0], IKE[0], MAGDA[0]])


PEPPER = ("people/pepper-nakamura", md("Pepper Nakamura", type="person", aliases="[Pepper]"))
JOY = ("people/joy-mwangi", md("Joy Mwangi", type="person", aliases="[Joy]"))
MAXH = ("people/max-hoffmann", md("Max Hoffmann", type="person", aliases="[max]"))
SYDNEY = ("people/sydney-okoro", md("Sydney Okoro", type="person", aliases="[sydney]"))
KIT = ("people/kit-morales", md("Kit Morales", type="person", aliases="[kit]"))
APRIL = ("people/april-mensah", md("April Mensah", type="person", aliases="[April]"))
JUNIPER = ("projects/juniper", md("Juniper", type="project"))
HARVEST = ("companies/harvest-bank", md("Harvest Bank", type="company", aliases="[harvest]"))
BRENNAN = ("people/miles-brennan", md("Miles Brennan", type="person"))
REVIEW = ("concepts/red-flag-review", md("Red Flag Review", type="concept"))
THISTLE = ("companies/thistle-talent", md("Thistle Talent", type="company"))
CANOPY = ("projects/canopy", md("Canopy", type="project"))


@pytest.mark.parametrize(
    "text",
    [
        "Salt & Pepper to taste. how long does it keep?",  # every word of a title has its capital
        "songs so far: Penny Lane, Ode to Joy, Brown Eyed Girl",
        "why does max() on an empty list throw?",  # code
        "`max([])` raises ValueError",
        "fantasy football: max points potential is low",  # a frequent word in lowercase
        "ok and then sydney -> melbourne by train",  # a place in lowercase
        "cheapest way from London to Sydney in February?",  # the other end of a journey
        "APRIL: board prep\nMAY: hiring push",  # a heading's label
    ],
)
def test_ordinary_uses_that_look_like_names(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(PEPPER, JOY, MAXH, SYDNEY, APRIL)
    assert ask(engine, brain, text).pointers == []


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("sync notes:\n- kit: relay scope frozen\n- docs paused", KIT[0]),  # labels a line
        ("anything on sydney?", SYDNEY[0]),  # what the user asks memory about
        ("the juniper project came up in standup", JUNIPER[0]),  # followed by its kind
        ("we told harvest we'd start in january", HARVEST[0]),  # told: a firm or a person
        ("and add sydney as owner for the push test", SYDNEY[0]),  # a role given
        ("does April know about it?", APRIL[0]),  # a question's subject, a person's verb
        ("I got the redlines back from Brennan today", BRENNAN[0]),  # from whom, not where
        ("does this need the red flag review?", REVIEW[0]),  # a long title in lowercase
        ("joy from community said signups doubled", JOY[0]),  # a team, then a person's verb
        ("From: Robin <robin@thistletalent.co> re the shortlist", THISTLE[0]),  # an address
        ("i need the juniper v2 scope doc", JUNIPER[0]),  # a product with its version
        ("the juniper launch is paused", JUNIPER[0]),  # the work of a project
        ("- canopy rollout paused until the SAML fix", CANOPY[0]),  # "rollout" is jargon
    ],
)
def test_evidence_that_makes_a_name(engine: Engine, make_brain: Any, text: str, slug: str) -> None:
    pages = (KIT, SYDNEY, JUNIPER, HARVEST, APRIL, BRENNAN, REVIEW, JOY, THISTLE, CANOPY)
    brain = make_brain(*pages)
    assert slugs(ask(engine, brain, text)) == [slug]


def test_a_short_lowercase_phrase_of_everyday_words_is_no_title(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(("concepts/weekly-review", md("Weekly Review", type="concept")))
    assert ask(engine, brain, "the weekly review of my budget is boring").pointers == []


FINCH = ("people/harriet-finch", md("Harriet Finch", type="person"))
QUIVER = ("companies/quiver-labs", md("Quiver Labs", type="company", aliases="[Quiver]"))
CASH = ("people/cash-holloway", md("Cash Holloway", type="person", aliases="[cash]"))


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("what do we have on finch?", FINCH[0]),  # a family name asked for, in lowercase
        ("quick check: dr. finch, is she back from leave?", FINCH[0]),  # an honorific
        ("quick one: Quiver, anything new?", QUIVER[0]),  # the question follows the name
    ],
)
def test_a_name_asked_for(engine: Engine, make_brain: Any, text: str, slug: str) -> None:
    brain = make_brain(FINCH, QUIVER, CASH)
    assert slugs(ask(engine, brain, text)) == [slug]


def test_a_word_asked_about_that_modifies_a_noun_is_no_name(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(FINCH, CASH)
    assert ask(engine, brain, "anything on cash flow this quarter?").pointers == []
    assert ask(engine, brain, "any notes on finch feeders for the garden?").pointers == []


TOLLER_FIRM = ("companies/toller-and-sons", md("Toller & Sons Haulage", type="company"))
MAVIS = ("people/mavis-toller", md("Mavis Toller", type="person"))


@pytest.mark.parametrize(
    ("earlier", "found"),
    [
        # "Toller" inside "Toller & Sons" named the firm: Mavis Toller is news when named
        ("Toller & Sons did the move in a day and a half", [MAVIS[0]]),
        ("Mavis Toller did the move in a day and a half", []),  # she was named
    ],
)
def test_a_name_inside_a_longer_name_named_only_the_longer(
    engine: Engine, make_brain: Any, earlier: str, found: list[str]
) -> None:
    brain = make_brain(TOLLER_FIRM, MAVIS)
    text = "I spoke to Mavis Toller about it"
    response = ask(engine, brain, text, prior=earlier, window=[("u", earlier)])
    assert slugs(response) == found


ODINAKA_S = (
    "people/odinaka-obi",
    md(
        "Odinaka Obi",
        type="person",
        aliases="[Odinaka]",
        summary="Club secretary; takes the minutes.",
    ),
)
ODINAKA_F = (
    "people/odinaka-okafor",
    md("Odinaka Okafor", type="person", aliases="[Odinaka]", summary="Fixtures officer."),
)
SIGRUN_C = (
    "people/sigrun-brandt",
    md("Sigrun Brandt", type="person", aliases="[Sigrun]", summary="Rowing coach."),
)
SIGRUN_R = (
    "people/sigrun-okorie",
    md(
        "Sigrun Okorie",
        type="person",
        aliases="[Sigrun]",
        summary="Junior rower, coached on Saturdays.",
    ),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the minutes. secretary odinaka, not fixtures odinaka", [ODINAKA_S[0]]),
        ("fixtures odinaka, not secretary odinaka, has the pitch list", [ODINAKA_F[0]]),
        ("(the secretary odinaka, not the other one)", [ODINAKA_S[0]]),
        ("for the sculls I'd put Sigrun - the coach one", [SIGRUN_C[0]]),  # "coached" is not it
        ("odinaka is lovely", []),  # nothing says which
        ("I told odinaka about it", []),  # a verb before the name is no role
        ("not secretary odinaka, she's away", []),  # the one not meant
        ("which sigrun? the coach one", [SIGRUN_C[0]]),  # asked, then said which
        ("ask the coach sigrun mentioned about it", []),  # a coach she mentioned
    ],
)
def test_a_role_beside_a_shared_name_says_which(
    engine: Engine, make_brain: Any, text: str, expected: list[str]
) -> None:
    brain = make_brain(ODINAKA_S, ODINAKA_F, SIGRUN_C, SIGRUN_R)
    response = ask(engine, brain, text)
    assert slugs(response) == expected
    if expected:
        assert response.pointers[0].evidence.signals == ["a role said beside it"]


TAM_A = (
    "people/tam-ashe",
    md(
        "Warden Tam Ashe",
        "Warden Tam Ashe keeps the reserve's volunteer rota.",
        type="person",
        aliases="[Tam]",
        summary="Keeps the reserve's volunteer rota.",
    ),
)
TAM_S = (
    "people/tamsin-sorrell",
    md(
        "Tamsin Sorrell",
        "Tamsin Sorrell drafts the friends' newsletter.",
        type="person",
        aliases="[Tam, Tamsin]",
        summary="Friends group secretary who writes the newsletter.",
    ),
)


@pytest.mark.parametrize(
    ("reply", "found"),
    [
        ("the warden. he wants the rota sorted by friday", ["people/tam-ashe"]),
        ("the secretary, she drafts everything", ["people/tamsin-sorrell"]),
        ("no idea, whichever one sent it", []),  # the reply describes neither
        ("not the warden, the other one", []),  # its words describe the one not meant
        ("ugh the warden rota is a mess, can't deal", []),  # no answer to the question
    ],
)
def test_a_reply_to_which_one_settles_a_shared_name(
    engine: Engine, make_brain: Any, reply: str, found: list[str]
) -> None:
    """The assistant asked which Tam was meant: the user's answer describes the one."""
    window = [("u", "tam emailed about sunday"), ("a", "Which Tam was it? You have two.")]
    prior = "\n".join(said for _, said in window)
    response = ask(
        engine, make_brain(TAM_A, TAM_S), reply, window=window, prior=prior, volunteer=True
    )
    assert slugs(response) == found


def test_a_shared_name_asked_about_in_no_question_stays_unsettled(
    engine: Engine, make_brain: Any
) -> None:
    window = [("u", "tam emailed about sunday"), ("a", "Noted, Tam emailed.")]
    prior = "\n".join(said for _, said in window)
    reply = "the warden wants the rota sorted by friday"
    response = ask(
        engine, make_brain(TAM_A, TAM_S), reply, window=window, prior=prior, volunteer=True
    )
    assert slugs(response) == []


def test_a_persons_name_quoted_as_a_word_names_no_one(engine: Engine, make_brain: Any) -> None:
    """A form of address quoted in a reply is the word, not the person it is the name of."""
    page = ("people/orla-bishop", md("Orla Bishop", type="person", aliases="[Orla]"))
    brain = make_brain(page)
    said = "For a visiting cleric, 'Bishop' is right; 'Father' is wrong for her."
    assert slugs(ask(engine, brain, said)) == []
    # ... so it does not keep her name from being news later on
    window = [("u", "how do I address the priest?"), ("a", said)]
    response = ask(engine, brain, "orla will have the list", window=window, prior=said)
    assert slugs(response) == [page[0]]
    assert slugs(ask(engine, brain, "ask Bishop about the list")) == [page[0]]
    # a name signed is its bearer's
    assert slugs(ask(engine, brain, "the card was signed 'Bishop' so it's from her")) == [page[0]]


OWL_HOUR = ("shows/owl-hour", md("Barn Owls", type="show", summary="Late show, weekdays."))
SLACK_TIDE = ("products/slack-tide", md("Slack Tide", type="product", summary="A pale ale."))


def test_lowercase_words_in_common_use_need_evidence_unless_a_name_is_their_shape(
    engine: Engine, make_brain: Any
) -> None:
    firm = ("companies/kestrel-freight", md("Kestrel Freight", type="company"))
    codename = ("projects/heron", md("Heron", type="project", aliases="[project heron]"))
    bird = ("shows/stray-dogs", md("Stray Dogs", type="show"))
    brain = make_brain(firm, codename, bird)
    # a kind of business after the word, or "project" before it: a firm's or a codename's
    assert slugs(ask(engine, brain, "what happened with kestrel freight at the meeting")) == [
        firm[0]
    ]
    assert slugs(ask(engine, brain, "is project heron still on track")) == [codename[0]]
    # listed with names, a phrase of everyday words is one too
    listed = ask(engine, brain, "notes on kestrel freight, stray dogs and project heron please")
    assert sorted(slugs(listed)) == sorted([firm[0], codename[0], bird[0]])
    assert slugs(ask(engine, brain, "we saw stray dogs by the river")) == []
    person = ("people/tomas-hale", md("Tomas Hale", type="person"))
    brain = make_brain(person, bird)
    said = "we saw Tomas Hale and stray dogs by the river"  # a show is listed with things
    assert slugs(ask(engine, brain, said)) == [person[0]]
    kite = ("companies/red-kite", md("Red Kite", type="company", summary="Design agency."))
    brain = make_brain(kite)
    assert slugs(ask(engine, brain, "red kite design are brilliant")) == [kite[0]]  # its trade
    assert slugs(ask(engine, brain, "we saw a red kite over the field")) == []


@pytest.mark.parametrize(
    ("page", "text", "found"),
    [
        # words in common use typed in lowercase are an everyday phrase, however rare each
        # word is against the whole vocabulary: a name on evidence only
        (OWL_HOUR, "we've had barn owls nesting in the shed all spring", False),
        (SLACK_TIDE, "when is slack tide at the estuary", False),
        (OWL_HOUR, "Barn Owls is off air next week", True),  # capitalised mid-sentence
        (SLACK_TIDE, "the festival wants two casks of Slack Tide", True),
        # the words beside it say what it is: a drink measured out, a series, a firm's trade
        (SLACK_TIDE, "grab a can of slack tide on your way", True),
        (OWL_HOUR, "barn owls season two drops friday", True),
        (OWL_HOUR, "barn owls s2 is out", True),
        (OWL_HOUR, "the season for barn owls is spring", False),
        (OWL_HOUR, "a pack of barn owls took the mice", False),  # no drink, no measure
        (OWL_HOUR, "we volunteer at the barn owls trust", False),  # a show has no trade
    ],
)
def test_lowercase_words_in_common_use_need_evidence(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, found: bool
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if found else [])


ENDA = ("people/enda-june", md("Enda June", type="person", aliases="[June, Enda]"))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("let's pray for sun, last june rained all month", False),  # counted from now
        ("next june we should run it again", False),
        ("we'll see the new mast next june", False),
        ("did june send the minutes", True),
        ("the last june i knew moved away", False),  # one of several people called that
        ("Tom spoke first and next june told us about her trip", True),  # a step in a sequence
    ],
)
def test_a_month_counted_from_now_is_a_date(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    response = ask(engine, make_brain(ENDA), text)
    assert slugs(response) == ([ENDA[0]] if found else [])
    if "last june rained" in text:
        assert "reads as a date" in decisions(response)[ENDA[0]]


ELENI = ("people/eleni-petrakis", md("Eleni Petrakis", type="person", aliases="[Eleni, Petrakis]"))
ELIZABETH = (
    "people/elizabeth-quarrie",
    md("Elizabeth Quarrie", type="person", aliases="[Quarrie]"),
)
MUNGO = ("people/mungo-faraday", md("Mungo Faraday", type="person", aliases="[Mungo]"))
QUYEN = ("people/dinh-thi-quyen", md("Đinh Thị Quyên", type="person", aliases="[Quyên]"))


@pytest.mark.parametrize(
    ("page", "text", "found"),
    [
        (MUNGO, "is st mungo's open for evensong", False),  # a church
        (MUNGO, "happy saint mungo's day everyone", False),
        (MUNGO, "can mungo's van take the chairs", True),
        (ELENI, "rafael petrakis rang about the boiler", False),  # another Petrakis, a man
        (ELENI, "ask eleni petrakis about the rota", True),  # the page's own given name
        (ELENI, "ask petrakis about the rota", True),
        (ELENI, "eleni said petrakis would drive", True),
        (ELIZABETH, "liz quarrie wants the numbers by noon", True),  # her name, short
        (ELIZABETH, "beth quarrie approved it", True),
        (ELIZABETH, "betty quarrie rang this morning", True),  # a nickname the table has
        (ELIZABETH, "joyce quarrie wrote that old cookbook", False),  # another woman
        (ELIZABETH, "jackie quarrie rang this morning", False),
        (ELIZABETH, "elspeth quarrie rang this morning", False),  # opens alike, another name
        # the title's own first word before its last, typed without its stroke and accents
        (QUYEN, "dinh quyen is opening the stall on tuesday", True),
        (QUYEN, "minh quyen is opening the stall on tuesday", False),
    ],
)
def test_another_given_name_or_a_saint_before_the_name_is_someone_else(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, found: bool
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if found else [])


OPEN_WATER = (
    "projects/open-water",
    md("Open Water", type="project", summary="Relocating the weather station uphill."),
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("gale warning, so we're rowing the dinghies to open water", False),  # a set phrase
        ("the swim was cancelled at open water", False),
        ("good news, open water is back on", True),  # a plan's whole name, bare
        ("I've put another 500 towards open water", True),  # done for the plan, no going
        ("let's add the safety boat quote to open water", True),
        ("back to open water: what's left to do?", True),  # its topic again
        ("the dinghy drifted into open water", False),  # where it went, whatever the verb
        ("the seal swam back to open water", False),
        ("we rowed 3 miles into open water", False),  # a count, no sum given
    ],
)
def test_a_set_phrase_after_a_preposition_of_motion_is_no_plan(
    engine: Engine, make_brain: Any, text: str, found: bool
) -> None:
    assert slugs(ask(engine, make_brain(OPEN_WATER), text)) == ([OPEN_WATER[0]] if found else [])


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("and grace can copy herself into the emails", True),  # a thing does it to "itself"
        ("grace has booked herself onto the course", True),
        ("grace keeps itself fresh for years in a jar", False),
        ("grace under pressure is a virtue in itself", False),
        ("grace like that of the queen herself is rare", False),  # the queen's own
    ],
)
def test_a_subject_that_does_something_to_herself_is_a_person(
    text: str, found: bool, engine: Engine, make_brain: Any
) -> None:
    assert slugs(ask(engine, make_brain(GRACE), text)) == ([GRACE[0]] if found else [])

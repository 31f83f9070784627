from __future__ import annotations

import pytest
from bb_brain.writeback import (
    Entity,
    EntityIndex,
    ExtractorUnavailable,
    GoldExtractor,
    RulesExtractor,
    Segment,
    classify,
    default_extractors,
    normalise_fact,
    segment_turns,
    split_sentences,
)
from bb_brain.writeback._entities import _body, _known_kind, _page_surfaces, _users_own
from bb_brain.writeback._extract import resolve_extractor
from bb_schema import PublicTurn
from bb_schema.turn_context import ExtractedFact, InjectedExtraction

ALICE = Entity("people/alice-example", "Alice Example", "person")
BOB = Entity("people/bob-park", "Bob Park", "person")
WIDGET = Entity("companies/widget-co", "Widget Co", "company")


def index(*extra: tuple[str, str, bool]) -> EntityIndex:
    entities = [ALICE, BOB, WIDGET]
    surfaces = [
        ("Alice Example", ALICE.slug, False),
        ("alice", ALICE.slug, True),
        ("Example", ALICE.slug, False),
        ("Bob Park", BOB.slug, False),
        ("Park", BOB.slug, False),
        ("Widget Co", WIDGET.slug, False),
        ("widget-co", WIDGET.slug, False),
        *extra,
    ]
    return EntityIndex(entities, surfaces)


def seg(*texts: tuple[str, str]) -> Segment:
    turns = [
        PublicTurn.model_validate({"turn_id": i, "role": role, "text": text})
        for i, (role, text) in enumerate(texts, start=1)
    ]
    return Segment(0, tuple(turns))


# --- gold ---------------------------------------------------------------------------------


def test_gold_emits_only_facts_of_verbatim_turn_texts_in_the_segment() -> None:
    f1 = ExtractedFact(fact="one", entity_slug=ALICE.slug, kind="belief")
    f2 = ExtractedFact(fact="two")
    f3 = ExtractedFact(fact="three", kind="event")
    injected = [
        InjectedExtraction(turn_text="Alice is worried.", facts=[f1]),
        InjectedExtraction(turn_text="Later turn.", facts=[f2]),
        InjectedExtraction(turn_text="alice is worried.", facts=[f3]),  # case differs: no match
        InjectedExtraction(turn_text="Alice is", facts=[f3]),  # substring: no match
    ]
    turns = [
        PublicTurn(turn_id=1, role="user", text="Alice is worried.", ts="2026-03-02T17:00:00Z"),
        PublicTurn(
            turn_id=2, role="assistant", text="Alice is worried.", ts="2026-03-02T17:01:00Z"
        ),
        PublicTurn(turn_id=3, role="user", text="Later turn.", ts="2026-03-02T19:00:00Z"),
    ]
    first, second = segment_turns(turns)
    gold = GoldExtractor(injected)
    assert gold.extract(first) == [f1]
    assert gold.extract(second) == [f2]
    assert gold.extract(seg(("user", "Unrelated."))) == []
    assert GoldExtractor([]).extract(first) == []


def test_gold_keeps_every_fact_of_a_turn_in_order() -> None:
    facts = [ExtractedFact(fact="a"), ExtractedFact(fact="b")]
    more = [ExtractedFact(fact="c")]
    injected = [
        InjectedExtraction(turn_text="T2", facts=more),
        InjectedExtraction(turn_text="T1", facts=facts),
    ]
    assert GoldExtractor(injected).extract(seg(("user", "T1"), ("user", "T2"))) == [*facts, *more]


def test_registry_defaults_and_unconfigured_llm() -> None:
    assert sorted(default_extractors()) == ["gold", "rules"]
    with pytest.raises(ExtractorUnavailable, match="'llm'.*llm_extractors"):
        resolve_extractor("llm", None)
    sentinel = default_extractors()["gold"]
    assert resolve_extractor("llm", {"llm": sentinel}) is sentinel


def test_normalise_fact() -> None:
    assert normalise_fact("  Alice  is\tWORRIED. ") == normalise_fact("alice is worried")
    assert normalise_fact("ﬁne!") == "fine"
    assert normalise_fact("a b") != normalise_fact("ab")


# --- sentences and cues -------------------------------------------------------------------


def test_split_sentences_respects_abbreviations_and_newlines() -> None:
    text = "Dr. Smith met Ms. Park today! She liked it.  Next: e.g. the deck?\nNew line here"
    assert split_sentences(text) == [
        "Dr. Smith met Ms. Park today!",
        "She liked it.",
        "Next: e.g. the deck?",
        "New line here",
    ]
    assert split_sentences("   ") == []


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("£900 for the day incl. chairs. paid", ["£900 for the day incl. chairs.", "paid"]),
        ("approx. 40 guests. fine", ["approx. 40 guests.", "fine"]),
        ("she lives at no. 14 now", ["she lives at no. 14 now"]),  # a number after "no."
        ("I said no. Then he left", ["I said no.", "Then he left"]),
        ("Juniper K. booked the hall", ["Juniper K. booked the hall"]),  # an initial
        ("We picked Plan B. Then lunch", ["We picked Plan B.", "Then lunch"]),
        ("we met at Gate B. then lunch", ["we met at Gate B.", "then lunch"]),  # a label
        ("late by 20 mins. Alice paid", ["late by 20 mins.", "Alice paid"]),  # a sentence end
        ("took 3 hrs. max", ["took 3 hrs. max"]),
        ("Zoë Ö. asked for the keys", ["Zoë Ö. asked for the keys"]),
        ("Sara I. said yes", ["Sara I. said yes"]),
        # a title of address shortened before a name, common and professional ones alike
        ("lunch with Atty. Quisumbing Rey today", ["lunch with Atty. Quisumbing Rey today"]),
        ("Capt. Oyelowo signed. Engr. Tamsa too", ["Capt. Oyelowo signed.", "Engr. Tamsa too"]),
        ("met Hon. Brakwa Ansel at the fete", ["met Hon. Brakwa Ansel at the fete"]),
        ("asked Gen. Ayo Tervo for leave", ["asked Gen. Ayo Tervo for leave"]),
        # a word that is also a title needs a full name after it, and a stop
        ("we beat Gen. Maria scored twice", ["we beat Gen.", "Maria scored twice"]),
        ("is it Capt? Ana thinks so", ["is it Capt?", "Ana thinks so"]),
        ("Thanks Capt. See you Friday", ["Thanks Capt.", "See you Friday"]),
        # ... but a word that is also a title, then a new sentence, ends one
        ("my son is doing Eng. He loves it", ["my son is doing Eng.", "He loves it"]),
        ("I asked gen. Tervo said no", ["I asked gen.", "Tervo said no"]),
        ("we lost to Gen. The rest won", ["we lost to Gen.", "The rest won"]),
    ],
)
def test_shortened_words_and_initials_end_no_sentence(text: str, sentences: list[str]) -> None:
    assert split_sentences(text) == sentences


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("I'll send the deck.", "commitment"),
        ("I committed to sending her the checklist by Friday.", "commitment"),
        ("We will revisit in Q3.", "commitment"),
        ("We decided to pass on the round.", "commitment"),
        ("We\u2019ll pass for now.", "commitment"),
        ("I won't pay a penny over the quote.", "commitment"),  # a commitment not to
        ("We won't renew the hall booking.", "commitment"),
        ("Bob prefers email over calls.", "preference"),
        ("She wants a board seat.", "preference"),
        ("I'd rather we hired someone we know.", "preference"),  # "would", contracted
        ("Personally I’d really rather not chair it.", "preference"),
        ("we'd like the raffle drawn before the speeches", "preference"),
        ("I'd like to flag that the lease ends in May.", "event"),  # dated news, no wish
        ("I'd like to welcome Bob to the committee.", None),
        ("She is worried the pricing undercuts margin.", "belief"),
        ("He thinks the market is early.", "belief"),
        ("Big concern for the seed round.", "belief"),
        ("Their MRR hit $40k last month.", "fact"),
        ("Churn is at 3% now.", "fact"),
        ("The board meeting is on Tuesday.", "event"),
        ("The demo day moved to 2026-04-01.", "event"),
        ("They have 12 engineers.", "fact"),
        ("Just got off the call with Alice.", None),
        ("Partner meeting wrapped on the seed.", None),
        ("Just got off the call, I'll send notes tomorrow.", None),
        ("Thanks!", None),
        ("Sounds good.", None),
        ("Thank you so much!", None),
        ("What did she think about pricing?", None),
        ("The weather was nice.", None),
        ("The boiler flue needs replacing before the visit.", "fact"),  # a job to do
        ("Every helper has to be vetted, no exceptions.", "fact"),
        ("To be honest the hall was fine.", None),
        ("The hall needs a good coat of paint.", None),  # no job said to be done
        ("The kitchen has to be deep cleaned.", "fact"),
        ("All cakes must be labelled for allergens.", "fact"),
        ("the trestles need collecting from the church hall", "fact"),
        ("She needs nothing more from us.", None),
    ],
)
def test_classify(sentence: str, kind: str | None) -> None:
    assert classify(sentence) == kind


# --- entities -----------------------------------------------------------------------------


def test_mentions_longest_first_case_rules_and_ambiguity() -> None:
    idx = index(("Bo", BOB.slug, False))
    found = idx.mentions("alice and Alice Example met widget-co; the park was empty.")
    assert [(m.position, m.entity) for m in found] == [(0, ALICE), (2, ALICE), (5, WIDGET)]
    # A derived one-word surface needs a capital; an explicit alias does not.
    assert idx.mentions("park") == []
    assert [m.entity for m in idx.mentions("Park said")] == [BOB]
    shared = index(("Alex", ALICE.slug, True), ("Alex", BOB.slug, True))
    assert shared.mentions("Alex called") == []  # ambiguous: shared by two pages
    assert [m.pronoun for m in idx.mentions("She told him")] == [True, True]


def test_surfaces_for_unknown_slugs_are_ignored() -> None:
    idx = EntityIndex([ALICE], [("Ghost", "people/ghost", True)])
    assert idx.mentions("Ghost") == []
    assert idx.get("people/ghost") is None
    assert idx.entities == [ALICE]


# --- rules --------------------------------------------------------------------------------


def test_rules_extractor_on_a_small_conversation() -> None:
    segment = seg(
        ("user", "Just got off the diligence call with Alice Example."),
        ("assistant", "How did it go?"),
        (
            "user",
            "She is worried the widget-co pricing model undercuts their gross margin. "
            "Thanks for asking!",
        ),
        (
            "user",
            "Also she said their MRR hit $X last month, ahead of plan. "
            "I committed to sending her the diligence checklist by Friday.",
        ),
        ("user", "Bob Park prefers async updates. He wants them weekly."),
        ("user", "The weather was lovely."),
    )
    facts = RulesExtractor(index()).extract(segment)
    assert [(f.fact, f.entity_slug, f.kind) for f in facts] == [
        (
            "She is worried the widget-co pricing model undercuts their gross margin.",
            ALICE.slug,
            "belief",
        ),
        # reported speech is about what is reported: their (the company's) MRR
        ("Also she said their MRR hit $X last month, ahead of plan.", WIDGET.slug, "fact"),
        (
            "I committed to sending her the diligence checklist by Friday.",
            ALICE.slug,
            "commitment",
        ),
        ("Bob Park prefers async updates.", BOB.slug, "preference"),
        ("He wants them weekly.", BOB.slug, "preference"),
    ]


def test_rules_pronoun_follows_assistant_mentions_and_stops_at_segment_edge() -> None:
    idx = index()
    facts = RulesExtractor(idx).extract(
        seg(("assistant", "Did Bob Park reply?"), ("user", "He thinks the deal is early."))
    )
    assert [f.entity_slug for f in facts] == [BOB.slug]
    # A fresh segment has no last person: the pronoun stays unattributed.
    facts = RulesExtractor(idx).extract(seg(("user", "He thinks the deal is early.")))
    assert [f.entity_slug for f in facts] == [None]


def test_rules_reads_only_user_turns_and_explicit_mention_beats_later_pronoun() -> None:
    idx = index()
    facts = RulesExtractor(idx).extract(
        seg(
            ("assistant", "I'll remind you on Friday."),
            ("user", "We decided to pass on the Widget Co seed round. Pricing is too rich."),
            ("user", "Alice Example thinks she can close by March."),
        )
    )
    assert [(f.entity_slug, f.kind) for f in facts] == [
        (WIDGET.slug, "commitment"),
        (ALICE.slug, "belief"),
    ]


# --- free phrasing --------------------------------------------------------------------------


def rules(*texts: tuple[str, str]) -> list[tuple[str, str | None, str | None]]:
    facts = RulesExtractor(index()).extract(seg(*texts))
    return [(f.fact, f.entity_slug, f.entity_title) for f in facts]


@pytest.mark.parametrize(
    "said",
    [
        "Maybe Bob Park will join the board next year.",
        "I think Alice might move to Lisbon in the spring.",
        "There's a rumour Widget Co is raising 5M, no idea if it's true.",
        "Bob Park could be leaving, not sure yet.",
        "Perhaps we'll revisit the Widget Co deal in Q3.",
    ],
)
def test_hedges_are_not_facts(said: str) -> None:
    assert rules(("user", said)) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("The quote from Bob Park is £900... maybe", []),
        ("The quote from Bob Park is £900… Maybe.", []),  # one character, as phones type it
        ("Bob Park is moving to Lisbon in June... maybe not", []),
        ("Bob Park says he will pay the £900 by Friday... who knows", []),
        # the doubt ends at its sentence's end: what follows is a sentence of its own
        (
            "Bob Park is moving to Lisbon in June… not sure though. Will ask him on Friday.",
            ["Will ask him on Friday."],
        ),
        # a doubt with more to say, or a puzzled one, leaves the statement before it standing
        ("Bob Park rang... maybe the van was late", ["Bob Park rang..."]),
        (
            "The boiler tripped again at Bob Park's... no idea why",
            ["The boiler tripped again at Bob Park's..."],
        ),
    ],
)
def test_only_a_doubt_after_an_ellipsis_doubts_what_came_before(said: str, kept: list[str]) -> None:
    assert [fact for fact, _, _ in rules(("user", said))] == kept


@pytest.mark.parametrize(
    ("said", "sentences"),
    [
        ("Bob rang... the quote is 900", ["Bob rang...", "the quote is 900"]),
        ("Bob rang… the quote is 900", ["Bob rang…", "the quote is 900"]),
        # a hedge that opens a clause of its own says something of its own
        ("Bob rang... maybe she'll come later", ["Bob rang...", "maybe she'll come later"]),
        ("the quote is 900... maybe", ["the quote is 900... maybe"]),
        ("the quote is 900… maybe", ["the quote is 900… maybe"]),
        ("the quote is 900...\nmaybe", ["the quote is 900...", "maybe"]),  # a line of its own
        # a word that may be shortened with a stop ends a sentence before an ellipsis
        ("she said no… then rang back", ["she said no…", "then rang back"]),
    ],
)
def test_an_ellipsis_ends_a_sentence_however_it_is_typed(said: str, sentences: list[str]) -> None:
    assert split_sentences(said) == sentences


def test_an_opinion_is_no_hedge() -> None:
    assert rules(("user", "I think Widget Co is overpriced at 40M.")) == [
        ("I think Widget Co is overpriced at 40M.", WIDGET.slug, None)
    ]


def test_a_correction_keeps_only_the_corrected_value() -> None:
    facts = rules(
        ("user", "The Widget Co board call is on Tuesday at 4."),
        ("user", "Bob Park joins us on Monday."),
        ("user", "Sorry, it's Wednesday, not Tuesday."),
    )
    assert facts == [
        ("Bob Park joins us on Monday.", BOB.slug, None),
        # the old value is gone, and the corrected fact keeps the replaced fact's entity
        ("it's Wednesday.", WIDGET.slug, None),
    ]


def test_a_correction_reaches_back_to_a_fact_of_an_earlier_segment() -> None:
    """A slip noticed the next morning corrects what that fact was about."""
    extractor = RulesExtractor(index())
    first = extractor.extract(seg(("user", "The Widget Co board call is on Tuesday at 4.")))
    assert [fact.entity_slug for fact in first] == [WIDGET.slug]
    said = "I got that wrong last night: Wednesday, not Tuesday."
    turn = PublicTurn(turn_id=9, role="user", text=said)
    later = extractor.extract(Segment(1, (turn,)))
    assert [(fact.fact, fact.entity_slug) for fact in later] == [
        ("I got that wrong last night: Wednesday.", WIDGET.slug)
    ]


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        ("Correction: the offsite's actually on the 12th.", WIDGET.slug),
        ("Small change: the offsite is actually on the 12th.", WIDGET.slug),
        ("Correction: the launch is actually on the 12th.", None),  # no fact held a launch
    ],
)
def test_a_correction_naming_no_old_value_restates_what_its_subject_was_about(
    said: str, whose: str | None
) -> None:
    extractor = RulesExtractor(index())
    extractor.extract(seg(("user", "The Widget Co offsite is on 9 May at the lodge.")))
    later = extractor.extract(Segment(1, (PublicTurn(turn_id=9, role="user", text=said),)))
    assert [fact.entity_slug for fact in later] == [whose]


@pytest.mark.parametrize("stated", ["on 16 February", "on February 16th", "on Feb 16"])
def test_a_day_corrected_replaces_the_date_however_it_was_written(stated: str) -> None:
    facts = rules(
        ("user", f"The Widget Co board call is {stated}, with 16 seats booked."),
        ("user", "Sorry, it's the 17th, not the 16th."),
    )
    assert facts == [
        ("with 16 seats booked.", WIDGET.slug, None),
        ("it's the 17th.", WIDGET.slug, None),
    ]


def test_a_day_corrected_leaves_a_figure_that_is_no_date() -> None:
    facts = rules(
        ("user", "The Widget Co board call has 16 seats booked."),
        ("user", "Sorry, it's the 17th, not the 16th."),
    )
    assert [text for text, _, _ in facts][0] == "The Widget Co board call has 16 seats booked."


def later(first: str, then: str) -> list[tuple[str, str | None]]:
    """``then`` said in a segment after the one of ``first``, on one extractor."""
    extractor = RulesExtractor(index())
    extractor.extract(seg(("user", first)))
    turn = PublicTurn(turn_id=9, role="user", text=then)
    return [(fact.fact, fact.entity_slug) for fact in extractor.extract(Segment(1, (turn,)))]


@pytest.mark.parametrize(
    ("first", "then", "whose"),
    [
        # the user's own contrast corrects nothing said the day before
        ("Bob Park's gym fee is £200.", "I'm paying £250 this year, not £200.", None),
        ("Bob Park's gym fee is £200.", "I got that wrong, it's £250, not £200.", BOB.slug),
        (
            "The Widget Co minibus leaves at 7.",
            "The minibus now leaves at 7.15, not 7.",
            WIDGET.slug,
        ),
    ],
)
def test_a_correction_reaches_back_only_when_it_owns_to_a_slip_or_is_no_users_own(
    first: str, then: str, whose: str | None
) -> None:
    assert [entity for _, entity in later(first, then)] == [whose]


def test_a_correction_reaching_back_prefers_the_fact_it_names() -> None:
    facts = later(
        "Alice Example scored 12 goals. Bob Park has coached for 12 years.",
        "I got Alice's goals wrong, it was 14, not 12.",
    )
    assert facts[-1] == ("it was 14.", ALICE.slug)


def test_a_figure_with_thousands_is_corrected_whole() -> None:
    facts = rules(
        ("user", "Widget Co want £1,200 a month."), ("user", "Sorry, £1,250, not £1,200.")
    )
    assert facts == [("Widget Co want £1,250 a month.", WIDGET.slug, None)]


@pytest.mark.parametrize(
    ("first", "then", "whose"),
    [
        # the latest fact holding the words is the user's own: so is its correction
        ("Bob Park's mixer hire is £40. My hire car is due back Friday.",
         "Correction: the hire car's actually due Saturday.", None),
        # words inside a compound describe another thing ("kick-off boots")
        ("Widget Co kick-off is at 10.30. Bob Park's kick-off boots cost £80.",
         "Correction: kick-off's actually 11.", WIDGET.slug),
        # a word said of anything corrects no one fact
        ("Bob Park has no time for excuses.", "Correction: the time's actually 7pm.", None),
    ],
)  # fmt: skip
def test_what_a_correction_naming_no_old_value_restates(
    first: str, then: str, whose: str | None
) -> None:
    assert later(first, then)[-1][1] == whose


def test_a_correction_with_its_own_entity_replaces_only_that_entitys_fact() -> None:
    facts = rules(
        ("user", "Alice Example starts on Monday and Bob Park starts on Monday too."),
        ("user", "Correction: Bob Park starts in March, not Monday."),
    )
    assert ("Correction: Bob Park starts in March.", BOB.slug, None) in facts
    assert all("Bob Park starts on Monday" not in fact for fact, _, _ in facts)
    assert any(entity == ALICE.slug and "Monday" in fact for fact, entity, _ in facts)


def test_several_facts_in_one_turn_one_per_entity() -> None:
    facts = rules(
        ("user", "Bob Park takes over pricing next week, and Alice Example moves to sales."),
        ("user", "She prefers email over calls, and they renew their contract in April."),
    )
    assert [(fact, entity) for fact, entity, _ in facts] == [
        ("Bob Park takes over pricing next week", BOB.slug),
        ("Alice Example moves to sales.", ALICE.slug),
        ("She prefers email over calls", ALICE.slug),
        ("they renew their contract in April.", None),  # no organisation named before "they"
    ]
    facts = rules(
        ("user", "Alice Example hosts the dinner on the 9th, and asked us to bring wine.")
    )
    assert [(fact, entity) for fact, entity, _ in facts] == [
        ("Alice Example hosts the dinner on the 9th", ALICE.slug),
        ("asked us to bring wine.", ALICE.slug),  # the subject carries over
    ]


def test_clauses_about_the_same_entity_are_one_fact_each_when_each_says_something() -> None:
    said = "We picked Widget Co - it has a far better API than anyone else we tried."
    facts = rules(("user", said))
    assert [(fact, entity) for fact, entity, _ in facts] == [
        ("We picked Widget Co", WIDGET.slug),
        ("it has a far better API than anyone else we tried.", WIDGET.slug),
    ]
    # a few words more of it say why, and stay with the statement
    facts = rules(("user", "We picked Widget Co - it is cheaper and it has the better API."))
    assert [(fact, entity) for fact, entity, _ in facts] == [
        ("We picked Widget Co - it is cheaper and it has the better API.", WIDGET.slug)
    ]
    # a clause that says nothing on its own continues the one before it
    facts = rules(("user", "We picked Widget Co - finally."))
    assert [(fact, entity) for fact, entity, _ in facts] == [
        ("We picked Widget Co - finally.", WIDGET.slug)
    ]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Widget Co have moved deliveries to Mondays, and from June they're charging for "
            "pallets.",
            [
                "Widget Co have moved deliveries to Mondays",
                "from June they're charging for pallets.",
            ],
        ),
        (
            "Bob Park agreed to mend the fence, though he's only free on Sundays.",
            ["Bob Park agreed to mend the fence", "though he's only free on Sundays."],
        ),
        # a condition is no statement of its own: it qualifies the clause before
        (
            "Bob Park could chair it when he's back, if he wants it.",
            ["Bob Park could chair it when he's back, if he wants it."],
        ),
    ],
)
def test_a_clause_that_refers_back_to_its_entity_and_says_something_is_its_own_fact(
    said: str, kept: list[str]
) -> None:
    assert [fact for fact, _, _ in rules(("user", said))] == kept


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        (
            "Bob Park is sharing the stall with Alice Example, who's bringing the float.",
            ALICE.slug,
        ),
        ("Bob Park has found a caretaker, Odran Vesk, who starts on Monday.", "people/odran-vesk"),
        # a relative clause after the subject's own name is the subject's
        ("Bob Park, who runs the bar, wants the float counted twice.", BOB.slug),
    ],
)
def test_a_relative_clause_is_about_the_person_named_right_before_it(said: str, whose: str) -> None:
    relative = next(fact for fact in rules(("user", said)) if "who" in fact[0])
    assert relative[1] == whose


def test_the_users_doing_alongside_someone_is_the_users() -> None:
    assert rules(("user", "I'm on the early shift with Alice Example.")) == [
        ("I'm on the early shift with Alice Example.", None, None)
    ]
    # whom the user brings in by their relation is a fact of theirs beside it
    assert rules(("user", "I'm doing the set-up with my neighbour Odran Vesk.")) == [
        ("I'm doing the set-up with my neighbour Odran Vesk.", None, None),
        ("my neighbour Odran Vesk", "people/odran-vesk", "Odran Vesk"),
    ]
    # someone the user does something to is still the news: "I'm meeting Alice ..."
    meeting = rules(("user", "I'm meeting Alice Example near the station."))
    assert [entity for _, entity, _ in meeting] == [ALICE.slug]


@pytest.mark.parametrize(
    "said",
    [
        "I'll sort the refund with Alice Example on monday.",
        "i'll go over the rota with Alice Example tomorrow.",
        "I will do the stocktake with Alice Example on thursday.",
    ],
)
def test_what_the_user_will_do_with_someone_is_theirs(said: str) -> None:
    assert [entity for _, entity, _ in rules(("user", said))] == [ALICE.slug]


@pytest.mark.parametrize(
    "said",
    [
        "I'm going to the gym with Alice Example tonight.",
        "I'll be on holiday with Alice Example next week.",
    ],
)
def test_where_the_user_will_be_with_someone_is_the_users(said: str) -> None:
    assert rules(("user", said))[0][1] is None


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Maybe the Widget Co deal slips, but Bob Park has already signed the lease.",
            ["Bob Park has already signed the lease."],
        ),
        (
            "We may have to move the quiz: Widget Co has double-booked the hall on Thursday.",
            ["Widget Co has double-booked the hall on Thursday."],
        ),
        # what follows doubts it too, or the whole is a doubt said as an idiom
        ("Alice reckons the raffle might cover it, but she wouldn't bet on it.", []),
        ("There's a rumour Widget Co is raising 5M, no idea if it's true.", []),
        ("Bob Park might stand down, but he wouldn't put money on it.", []),
        ("Alice Example thinks the raffle will sell out, but she wouldn't bet on it.", []),
        ("Widget Co say the roof will be done by July, but Bob's not holding his breath.", []),
    ],
)
def test_a_clause_stated_outright_after_a_hedged_one_is_kept(said: str, kept: list[str]) -> None:
    assert [fact for fact, _, _ in rules(("user", said))] == kept


def test_what_the_hedged_clause_names_stays_at_hand_for_the_clause_stated_after_it() -> None:
    facts = rules(("user", "We may have to drop Widget Co: the hall is double-booked on Thursday."))
    assert facts == [("the hall is double-booked on Thursday.", WIDGET.slug, None)]


def test_a_condition_stays_with_its_clause_whatever_it_names() -> None:
    said = "Alice Example said the banner is ready, if Widget Co deliver on time."
    assert rules(("user", said)) == [(said, ALICE.slug, None)]
    said = "Widget Co want us on stall 3, if we pay by Friday."
    assert rules(("user", said)) == [(said, WIDGET.slug, None)]


def test_a_doubt_alone_after_a_clause_is_no_fact_of_its_own() -> None:
    said = "Widget Co say the sponsor comes back in May, though I doubt it."
    assert [fact for fact, _, _ in rules(("user", said))] == [said]


def test_what_is_stated_after_a_doubt_is_kept_however_little_it_names() -> None:
    facts = rules(
        ("user", "We might have to postpone Widget Co's open day: the green is waterlogged.")
    )
    assert facts == [("the green is waterlogged.", WIDGET.slug, None)]


def test_a_fragment_after_the_users_own_clause_stays_the_users() -> None:
    facts = rules(
        ("user", "Widget Co are doing the catering at the gala."),
        ("user", "I've said I'll run the raffle this year, two pounds a strip."),
    )
    assert [(fact, entity) for fact, entity, _ in facts][1:] == [
        ("I've said I'll run the raffle this year, two pounds a strip.", None),
    ]


def test_a_person_without_a_page_gets_a_slug_and_a_title() -> None:
    facts = rules(
        ("user", "Widget Co's new CFO is Zsófia Nagy-Kovács, she starts in May."),
        ("user", "She wants the board pack a week early."),
    )
    slug = "people/zsofia-nagy-kovacs"
    assert [(entity, title) for _, entity, title in facts] == [
        (slug, "Zsófia Nagy-Kovács"),  # "..., she starts in May": when, said of her
        (slug, "Zsófia Nagy-Kovács"),  # the pronoun finds her, title and all
    ]
    # an unknown capitalised pair with no sign of a person is not invented as one
    assert rules(("user", "We met Quillon Verance at 10."))[0][1] is None


def test_a_message_to_relay_is_a_fact_about_its_addressee() -> None:
    assert rules(("user", "Can you tell Bob Park I'm moving our call to 3pm?")) == [
        ("Can you tell Bob Park I'm moving our call to 3pm", BOB.slug, None)
    ]
    assert rules(("user", "Can you find the Widget Co deck?")) == []


def test_a_decision_that_names_nothing_is_about_the_topic() -> None:
    facts = rules(
        ("user", "Widget Co sent two pricing options over."),
        ("user", "We went with the annual plan in the end."),
    )
    assert facts[-1] == ("We went with the annual plan in the end.", WIDGET.slug, None)
    # a plain statement about the user stays the user's
    facts = rules(("user", "Widget Co sent options."), ("user", "I'm vegetarian, by the way."))
    assert facts[-1][1] is None


@pytest.mark.parametrize(
    "said",
    [
        "im vegetarian now btw",  # "I'm" typed without its apostrophe
        "ive gone vegetarian, by the way",
        "also im on nights from monday",
    ],
)
def test_the_user_typed_without_an_apostrophe_is_the_user(said: str) -> None:
    facts = rules(("user", "Widget Co sent options."), ("user", said))
    assert facts[-1][0] == said and facts[-1][1] is None


@pytest.mark.parametrize(
    ("typed", "spelt"),
    [
        ("ive agreed to pay Bob Park on friday", "I've agreed to pay Bob Park on friday"),
        ("ive got to ring Bob Park about the skip", "I've got to ring Bob Park about the skip"),
        ("im running the raffle for Widget Co", "I'm running the raffle for Widget Co"),
        (
            "Widget Co rang, theyll send the panels on friday",
            "Widget Co rang, they'll send the panels on friday",
        ),
        ("Widget Co rang, theyre off till may", "Widget Co rang, they're off till may"),
        ("Widget Co rang: theyll send the panels", "Widget Co rang: they'll send the panels"),
        (
            "Bob Park sent the quote, weve agreed to 380",
            "Bob Park sent the quote, we've agreed to 380",
        ),
    ],
)
def test_a_contraction_files_alike_with_its_apostrophe_or_without(typed: str, spelt: str) -> None:
    def shape(text: str) -> list[tuple[str | None, str]]:
        found = RulesExtractor(index()).extract(seg(("user", text)))
        return [(fact.entity_slug, fact.kind) for fact in found]

    assert shape(typed) == shape(spelt)


def test_a_belief_belongs_to_its_holder() -> None:
    facts = rules(("user", "Bob Park reckons the Widget Co deal is too rich."))
    assert facts == [("Bob Park reckons the Widget Co deal is too rich.", BOB.slug, None)]


def test_a_self_repair_withdraws_what_it_repairs() -> None:
    # the repair keeps the entity of the sentence it replaces, and only the new value: a
    # count in place of the one it fixes
    assert rules(("user", "Widget Co has 30 staff. Er, no, hold on: 34 staff.")) == [
        ("Widget Co has 34 staff", WIDGET.slug, None)
    ]
    repaired = rules(("user", "Widget Co opens a depot in Hull. No, make that Derby."))
    assert repaired == [("Derby.", WIDGET.slug, None)]
    # a refusal in another turn is no repair of the user's own words
    kept = rules(("user", "Widget Co has 30 staff."), ("user", "No, nothing else for now."))
    assert kept == [("Widget Co has 30 staff.", WIDGET.slug, None)]
    # "actually" before the editing term, and "I mean it", which stresses and repairs nothing
    moved = rules(("user", "Widget Co's delivery moved to Tuesday. Actually, make that Wednesday."))
    assert moved == [("Widget Co's delivery moved to Wednesday", WIDGET.slug, None)]
    meant = rules(("user", "Widget Co are great. I mean it, best supplier we have."))
    assert [fact for fact, _, _ in meant][0] == "Widget Co are great."


def test_a_restatement_behind_a_lead_in_is_not_a_second_fact() -> None:
    facts = rules(
        ("user", "Widget Co raised 4M in May."),
        ("user", "As I said before: Widget Co raised 4M in May."),
        ("user", "Adding one more: Widget Co hired a CFO in the autumn."),
    )
    assert [fact for fact, _, _ in facts] == [
        "Widget Co raised 4M in May.",
        "Adding one more: Widget Co hired a CFO in the autumn.",
    ]


def test_a_restatement_in_a_later_segment_is_not_a_second_fact() -> None:
    extractor = RulesExtractor(index())
    first = extractor.extract(seg(("user", "Notes:\n- Widget Co raised 4M in May.")))
    later = extractor.extract(seg(("user", "To recap: Widget Co raised 4M in May.")))
    assert [fact.fact for fact in first] == ["- Widget Co raised 4M in May."]
    assert later == []


def test_a_capital_that_opens_the_sentence_is_not_part_of_a_new_name() -> None:
    facts = rules(("user", "Met Solveig Sorvaag, who runs logistics at Widget Co."))
    assert [(entity, title) for _, entity, title in facts] == [
        ("people/solveig-sorvaag", "Solveig Sorvaag"),
        ("people/solveig-sorvaag", "Solveig Sorvaag"),  # the relative clause: about her too
    ]


def test_a_new_name_may_start_with_an_accented_capital() -> None:
    facts = rules(("user", "My cousin Ørjan Bakkevig wants the memo before Friday."))
    assert [(entity, title) for _, entity, title in facts] == [
        ("people/orjan-bakkevig", "Ørjan Bakkevig")
    ]


def test_a_parenthesis_after_a_new_name_is_a_fact_about_that_person() -> None:
    facts = rules(
        ("user", "Dagny Holm (leads payroll at Widget Co, no notes yet) prefers memos to calls.")
    )
    assert facts == [
        ("Dagny Holm prefers memos to calls.", "people/dagny-holm", "Dagny Holm"),
        ("leads payroll at Widget Co, no notes yet", "people/dagny-holm", "Dagny Holm"),
    ]


def test_a_month_opens_a_date_not_a_name_after_in() -> None:
    assert all(
        slug != "people/june-okafor"
        for _, slug, _ in rules(("user", "We met our new designer in June Okafor said hello."))
    )


def test_a_second_verb_phrase_of_the_same_subject_is_its_own_fact() -> None:
    facts = rules(("user", "Bob Park leads payroll and would rather get memos than calls."))
    assert [(fact, slug) for fact, slug, _ in facts] == [
        ("Bob Park leads payroll", BOB.slug),
        ("would rather get memos than calls.", BOB.slug),
    ]


def test_nouns_joined_by_and_stay_in_one_fact() -> None:
    facts = rules(("user", "Bob Park brought tea and cakes to the Widget Co offsite."))
    assert len(facts) == 1


def test_a_contrast_that_corrects_nothing_keeps_both_sides() -> None:
    facts = rules(("user", "Bob Park was clear: written updates, not standing meetings."))
    assert facts == [
        ("Bob Park was clear: written updates, not standing meetings.", BOB.slug, None)
    ]


def test_i_misspoke_repairs_the_sentence_before() -> None:
    facts = rules(
        (
            "user",
            "Widget Co is moving its office to Tallinn. I misspoke, the office move is to Gdansk.",
        )
    )
    assert [fact for fact, _, _ in facts] == ["the office move is to Gdansk."]
    assert facts[0][1] == WIDGET.slug


def test_a_singular_they_holds_the_speakers_own_view() -> None:
    facts = rules(("user", "Widget Co is growing. Bob Park said they prefer email over calls."))
    assert ("Bob Park said they prefer email over calls.", BOB.slug, None) in facts


def test_a_restatement_behind_a_connective_is_not_stored_twice() -> None:
    facts = rules(
        ("user", "Also, I promised Bob Park the checklist by Friday."),
        ("user", "Repeating it for the notes: I promised Bob Park the checklist by Friday."),
    )
    assert len(facts) == 1


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "I'd rather we skipped the raffle, could we do a tombola instead?",
            "I'd rather we skipped the raffle.",
        ),
        (
            "Bob Park starts on Monday, can you remind me the week before?",
            "Bob Park starts on Monday.",
        ),
    ],
)
def test_a_statement_before_a_question_is_kept(said: str, kept: str) -> None:
    assert [fact for fact, _, _ in rules(("user", said))] == [kept]


@pytest.mark.parametrize(
    "asked",
    [
        "Bob Park starts on Monday, right?",
        "can we, if it rains, move the fair indoors?",
        "If Bob Park can't make it, could we ask Alice instead?",  # a condition, then asked
        "Bob Park moved to Leeds, did he?",  # a tag
        "Alice says the fair lost money, is that true?",
        "Bob Park moved to Leeds, can you confirm that for me?",  # doubted, not told
        "Suppose Bob Park drops out, could we ask Alice?",  # a supposition
        "The Widget Co quote, did they include VAT?",  # a topic, then asked
        "Bob Park, Alice Example - can you both make Tuesday?",  # an address
    ],
)
def test_a_question_with_commas_is_still_one_question(asked: str) -> None:
    assert rules(("user", asked)) == []


def test_a_person_the_conversation_introduced_is_found_by_first_name_later() -> None:
    facts = rules(
        ("user", "My new manager, Cornelius Vantongeren, starts Monday."),
        ("user", "Cornelius prefers written updates."),
    )
    assert (
        "Cornelius prefers written updates.",
        "people/cornelius-vantongeren",
        "Cornelius Vantongeren",
    ) in facts


def test_a_fact_naming_nothing_belongs_to_the_topic_at_hand() -> None:
    facts = rules(
        ("user", "Quick update on Widget Co."),
        ("user", "Revenue grew 18% last quarter."),
        ("user", "I'm flying to Oslo on Monday."),
    )
    assert ("Revenue grew 18% last quarter.", WIDGET.slug, None) in facts
    assert ("I'm flying to Oslo on Monday.", None, None) in facts


@pytest.mark.parametrize("said", ["We fly out on 2 August.", "I'm driving up on the Friday."])
def test_the_users_doing_right_after_a_person_is_the_users(said: str) -> None:
    facts = rules(("user", "Alice Example is leading the choir tour. " + said))
    assert facts[-1][1] is None
    # a "we" after the person was named with the user is the two of them
    facts = rules(("user", "Alice Example and I went dress shopping. We found one."))
    assert facts[-1][1] == ALICE.slug
    # what follows of the person, with the user not in it, stays theirs
    facts = rules(("user", "Alice Example is leading the choir tour. Flights cost £240."))
    assert facts[-1][1] == ALICE.slug


@pytest.mark.parametrize(
    "said",
    [
        "Remind me that I prefer to pay Alice Example in cash on the day.",
        "Honestly I'd much rather work with Widget Co than anyone else.",
    ],
)
def test_the_users_own_liking_is_theirs_whoever_it_names(said: str) -> None:
    facts = rules(("user", "Quick update on Widget Co."), ("user", said))
    assert facts[-1][1] is None


def test_a_clause_of_the_users_after_and_and_an_adverb_is_a_fact_of_its_own() -> None:
    facts = rules(
        ("user", "Alice Example moved me to the back row and frankly I'd rather stay there.")
    )
    assert [entity for _, entity, _ in facts] == [ALICE.slug, None]


def test_the_users_news_after_a_lead_in_whose_it_is_no_one() -> None:
    facts = rules(
        ("user", "Quick update on Widget Co."),
        ("user", "Quick one, it's private: I'm giving up the Thursday rota."),
    )
    assert facts[-1][1] is None


def test_a_family_name_of_several_words_finds_its_page() -> None:
    marit = Entity("people/marit-van-houten", "Marit Van Houten", "person")
    index = EntityIndex([marit], _page_surfaces(marit, None))
    facts = RulesExtractor(index).extract(seg(("user", "Mrs. Van Houten prefers async updates.")))
    assert [f.entity_slug for f in facts] == [marit.slug]


def test_people_listed_together_are_all_new_people() -> None:
    facts = rules(("user", "Alice sent two candidates to onsite: Bram Okoye and Ambrose Holt"))
    assert facts[0][1] == ALICE.slug
    later = rules(
        ("user", "Alice sent two candidates to onsite: Bram Okoye and Ambrose Holt"),
        ("user", "Ambrose did four years at a fintech in Lyon."),
    )
    assert (
        "Ambrose did four years at a fintech in Lyon.",
        "people/ambrose-holt",
        "Ambrose Holt",
    ) in later


def test_a_pronoun_subject_owns_its_clause() -> None:
    facts = rules(("user", "Alice is staying put. she starts reporting to Bob Park on the 1st"))
    assert ("she starts reporting to Bob Park on the 1st", ALICE.slug, None) in facts


def test_an_organisation_typed_in_lowercase_is_found() -> None:
    facts = rules(("user", "widget co meeting done."), ("user", "The renewal is in August."))
    assert ("The renewal is in August.", WIDGET.slug, None) in facts


@pytest.mark.parametrize(
    "said",
    [
        "Prakriti Shrestha, the new head of data, starts on the 2nd.",
        "Tomasz Wieczorek from Fjord Capital is a board observer now.",
        "Diego Araujo joined the team as an HR generalist.",
    ],
)
def test_what_follows_a_name_can_say_it_is_a_person(said: str) -> None:
    facts = rules(("user", said))
    assert [slug for _, slug, _ in facts][0].startswith("people/")


def test_a_lowercase_name_that_is_no_word_is_found() -> None:
    seo = Entity("people/hye-rin-ambler", "Hye-rin Ambler", "person")
    index = EntityIndex([seo], _page_surfaces(seo, None))
    facts = RulesExtractor(index).extract(seg(("user", "hyerin said the model overfits 12%")))
    assert [f.entity_slug for f in facts] == [seo.slug]


def test_a_list_of_statements_splits_at_its_commas() -> None:
    facts = rules(("user", "Bob Park starts Monday on iOS, 3 days a week, his rate is 650 a day"))
    assert [(fact, slug) for fact, slug, _ in facts] == [
        ("Bob Park starts Monday on iOS, 3 days a week", BOB.slug),  # a phrase: no verb
        ("his rate is 650 a day", BOB.slug),
    ]
    # a comma that only joins a phrase to its clause splits nothing
    assert len(rules(("user", "On Monday, Bob Park joins the Widget Co board."))) == 1


def test_a_repair_that_gives_only_the_value_keeps_what_it_is_of() -> None:
    facts = rules(
        ("user", "the Widget Co cutover date is March 14. no wait, scratch that, it's March 21")
    )
    assert facts == [("the Widget Co cutover date is March 21", WIDGET.slug, None)]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # an apology and the value alone fix the value of the same kind before it
        (
            "Widget Co's stocktake is Sat 7 Nov at the depot, 9am. sorry, 14 Nov",
            "Widget Co's stocktake is 14 Nov at the depot, 9am",
        ),
        ("Widget Co quoted £480 for the van. oops, £840", "Widget Co quoted £840 for the van"),
        # a second fix fixes the first
        (
            "Widget Co's van comes at 10:20. sorry, 10:50. sorry again, 11:50",
            "Widget Co's van comes at 11:50",
        ),
        # a day of the month alone keeps the month the date was given with
        (
            "Widget Co's open day is the 3rd of June. sorry, not the 3rd, the 10th",
            "Widget Co's open day is the 10th of June.",
        ),
        # hours from one time to another are one value
        ("Widget Co's stall runs 9 till 5. sorry, 10 till 4", "Widget Co's stall runs 10 till 4"),
        # a slip mid-sentence, after a dash or a comma, fixes what came before it
        ("Widget Co quoted £480 — no wait, £840", "Widget Co quoted £840"),
        ("Widget Co's open day is 12 June, sorry, 19 June", "Widget Co's open day is 19 June"),
        # a weekday, a month alone and a percentage are values a slip is fixed with too
        ("Widget Co's audit is on Monday, sorry, Tuesday.", "Widget Co's audit is on Tuesday"),
        ("Widget Co's launch is in May. no wait, June", "Widget Co's launch is in June"),
        ("Widget Co's pay rise is 3%, sorry, 4%.", "Widget Co's pay rise is 4%"),
        ("Widget Co's desk is open 8 to 6, sorry, 9 to 5.", "Widget Co's desk is open 9 to 5"),
        # the few words after the fixed value go on from it
        (
            "Widget Co's audit is on Monday, sorry, Tuesday at 3.",
            "Widget Co's audit is on Tuesday at 3",
        ),
        # an hour alone after "at" is a time; a fixed value keeps its unit after it
        ("Widget Co's van comes at 5 — no wait, 5:30.", "Widget Co's van comes at 5:30"),
        (
            "Widget Co's rent goes up to £950, sorry, £990 a month.",
            "Widget Co's rent goes up to £990 a month",
        ),
        ("Widget Co's deposit is 200 quid, no wait, 250 quid", "Widget Co's deposit is 250 quid"),
        # a fix between dashes keeps the head of its clause
        (
            "Widget Co quoted £620 — no wait, £260 — for the new boiler.",
            "Widget Co quoted £260; for the new boiler.",
        ),
        # several markers in a row, and markers of other words, before the value
        (
            "Widget Co's rota slot is Thursday. sorry, no, Wednesday",
            "Widget Co's rota slot is Wednesday",
        ),
        (
            "Widget Co's van comes on the 17th. ugh no, the 18th",
            "Widget Co's van comes on the 18th",
        ),
        (
            "Widget Co's fair is Sunday 9 March, scratch that, 10 March",
            "Widget Co's fair is 10 March",
        ),
        (
            "Widget Co's gala is Friday 3 July, correction, Friday the 10th",
            "Widget Co's gala is Friday the 10th of July",
        ),  # a weekday and a day of the month keep the month the date had
        ("Bob Park's rent is £900, correction £950.", "Bob Park's rent is £950"),
        # the preposition the value had may come with it
        (
            "Widget Co's shop is shut from the 25th. hang on, from the 27th",
            "Widget Co's shop is shut from the 27th",
        ),
        # a count or an amount in any unit, or a figure alone that keeps the unit before it
        ("Widget Co's new wing has 6 rooms, sorry, 8 rooms.", "Widget Co's new wing has 8 rooms"),
        ("Widget Co raised 18,000 pesos, sorry, 21,000 pesos.", "Widget Co raised 21,000 pesos"),
        ("Widget Co's run is 18 shows, no wait, 16.", "Widget Co's run is 16 shows"),
        ("Widget Co's bill: 14,200 zł, oops I mean 12,400 zł.", "Widget Co's bill: 12,400 zł"),
        ("Widget Co's invoice is 600 euro, I mean 650.", "Widget Co's invoice is 650 euro"),
        # a figure alone fixes the figure written most like it, never a year or a time
        (
            "Widget Co's run is 18 shows in 3 cities. no wait, 16",
            "Widget Co's run is 16 shows in 3 cities",
        ),
        ("Widget Co hired 3 people in 2023. sorry, 4", "Widget Co hired 4 people in 2023"),
        ("Widget Co meets in room 4 at 10am. sorry, 5", "Widget Co meets in room 5 at 10am"),
        ("Widget Co's trip was 3 days, sorry, 3 weeks", "Widget Co's trip was 3 weeks"),
        # a length of time, counted in another unit
        (
            "Widget Co's shop is shut for 9 days, sorry, 3 weeks",
            "Widget Co's shop is shut for 3 weeks",
        ),
        ("Widget Co's call ran 90 mins, sorry, 2 hrs", "Widget Co's call ran 2 hrs"),
        ("Widget Co's lease is 10 days, sorry 3 mths", "Widget Co's lease is 3 mths"),
        # "thats" as a slip gives it, without its apostrophe
        ("Widget Co's fair is the 14th, sorry thats the 23rd", "Widget Co's fair is the 23rd"),
        ("Widget Co's fitting is the 9th, 2pm. no, 3", "Widget Co's fitting is the 9th, 3pm"),
    ],
)
def test_a_value_fixed_alone_is_put_in_place_of_the_slip(said: str, kept: str) -> None:
    assert [fact for fact, _, _ in rules(("user", said))] == [kept]


def test_a_slip_fixes_the_value_written_most_like_it_and_keeps_the_rest() -> None:
    said = "Widget Co's van leaves at 8:10 and gets back at 11:30. sorry, 8:40"
    texts = [fact for fact, _, _ in rules(("user", said))]
    assert "Widget Co's van leaves at 8:40" in texts
    assert any("11:30" in text for text in texts)  # the other value is no slip: still stored
    assert not any("8:10" in text for text in texts)


@pytest.mark.parametrize(
    "said",
    [
        "Widget Co's van holds 12, no 14 if we squeeze",  # "no 14" may be a number
        "we may meet Widget Co in 12 days. sorry, June",  # lowercase "may" is the modal
        "Widget Co's fair is 12-3, sorry, 2024 prices",  # no value alone after the slip
    ],
)
def test_a_slip_mid_sentence_needs_a_value_alone_of_a_kind_before_it(said: str) -> None:
    assert any("12" in fact for fact, _, _ in rules(("user", said)))


@pytest.mark.parametrize(
    "said",
    [
        "Widget Co has 20 volunteers for the fair. sorry, 3 people can't come now",
        "Widget Co has 30 staff. Sorry, 2 mins",  # another unit: no fix of the staff
    ],
)
def test_a_count_with_more_said_of_it_or_in_another_unit_is_no_fix(said: str) -> None:
    assert [fact for fact, _, _ in rules(("user", said))][0] == said.split(". ")[0] + "."


def test_a_pause_with_no_value_after_it_fixes_nothing() -> None:
    said = "Widget Co's stocktake is Sat 7 Nov. hang on, Bob Park is at the door"
    assert [fact for fact, _, _ in rules(("user", said))][
        0
    ] == "Widget Co's stocktake is Sat 7 Nov."


def test_an_apology_with_no_value_of_that_kind_fixes_nothing() -> None:
    said = "Widget Co's stocktake is Sat 7 Nov at the depot. sorry, Bob Park wants £40 for it"
    assert [fact for fact, _, _ in rules(("user", said))] == [
        "Widget Co's stocktake is Sat 7 Nov at the depot.",
        "sorry, Bob Park wants £40 for it",
    ]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Bob Park wants a shorter set and alice wants the encore back",
            [
                ("Bob Park wants a shorter set", BOB.slug),
                ("alice wants the encore back", ALICE.slug),
            ],
        ),
        (
            "Bob Park is happy to cover the float but alice isn't keen, she wants to wait",
            [
                ("Bob Park is happy to cover the float", BOB.slug),
                ("alice isn't keen, she wants to wait", ALICE.slug),  # why, in a few words
            ],
        ),
        (
            "I'm in Porto for a week from the 9th so alice's deputy is in charge",
            [
                ("I'm in Porto for a week from the 9th", None),
                ("alice's deputy is in charge", ALICE.slug),
            ],
        ),
        # a name that opens no clause of its own stays in its clause
        (
            "Bob Park brought the cakes and alice the urn on the 3rd",
            [("Bob Park brought the cakes and alice the urn on the 3rd", BOB.slug)],
        ),
        # a name's "'s" before an "-ing" is the verb of the clause before
        (
            "Bob Park's running the raffle and alice has agreed to run the float",
            [
                ("Bob Park's running the raffle", BOB.slug),
                ("alice has agreed to run the float", ALICE.slug),
            ],
        ),
        # two people as one subject: not a fragment for the second, the fact for each
        (
            "Bob Park and alice are coming on Friday",
            [
                ("Bob Park and alice are coming on Friday", BOB.slug),
                ("Bob Park and alice are coming on Friday", ALICE.slug),
            ],
        ),
        # a piece before that names nothing and states no figure is no fact alone
        (
            "the tiles are late so alice is coming next week instead",
            [("the tiles are late so alice is coming next week instead", ALICE.slug)],
        ),
    ],
)
def test_a_name_typed_in_lowercase_opens_a_clause_after_and_but_so(
    said: str, kept: list[tuple[str, str | None]]
) -> None:
    assert [(fact, slug) for fact, slug, _ in rules(("user", said))] == kept


def test_a_clause_that_refers_back_to_a_thing_goes_on_with_its_fact() -> None:
    said = "Bob Park is drafting the seating plan, he wants it checked over by Easter"
    assert rules(("user", said)) == [(said, BOB.slug, None)]


def test_reporting_something_to_someone_is_a_deed_not_a_report() -> None:
    said = ("user", "Alice's gutter drips. she's reported it to Widget Co 3 times since March")
    assert [slug for _, slug, _ in rules(said)] == [ALICE.slug, ALICE.slug]


@pytest.mark.parametrize(
    "said",
    [
        "Bob Park can't do the 9th, he's at a christening",
        "Bob Park was rattled by it all, he's 81.",
        "Bob Park joins the rota, he starts Monday",
        "Bob Park can't do the 9th so he's off on the 10th",
    ],
)
def test_a_few_words_on_whom_the_clause_named_go_on_with_its_fact(said: str) -> None:
    assert [(fact, slug) for fact, slug, _ in rules(("user", said))] == [(said, BOB.slug)]


@pytest.mark.parametrize(
    "said",
    [
        "Bob Park can't do the 9th, he wants to swap with someone on the late shift",
        "Bob Park can't do the 9th so he wants a swap",
        "Bob Park can't do the 9th. He's off on the 10th.",
    ],
)
def test_a_longer_clause_or_one_a_word_joins_is_a_fact_of_its_own(said: str) -> None:
    assert len(rules(("user", said))) == 2


@pytest.mark.parametrize(
    "said",
    [
        "Bob Park and Alice Example both passed the first aid course",
        "so Bob Park and Alice Example are running the raffle at the fair",
        "Bob Park & Alice Example have signed up for the relay",
        # a verb that is a noun too, its object after it
        "Bob Park and Alice Example stitch the banners on Fridays",
    ],
)
def test_a_fact_two_people_are_the_subject_of_is_stored_for_each(said: str) -> None:
    facts = rules(("user", said))
    assert [(fact, slug) for fact, slug, _ in facts] == [(said, BOB.slug), (said, ALICE.slug)]


def test_a_few_words_on_two_people_with_they_go_on_with_their_fact() -> None:
    said = "Bob Park and Alice Example are skipping the barbecue, they're in Lagos."
    assert [(fact, slug) for fact, slug, _ in rules(("user", said))] == [
        (said, BOB.slug),
        (said, ALICE.slug),
    ]


def test_the_users_family_named_as_such_is_the_users_own_news() -> None:
    said = "Mum and Dad are both retired now and spend winters in Spain."
    assert [(fact, slug) for fact, slug, _ in rules(("user", said))] == [(said, None)]


def test_a_fact_a_list_of_people_are_the_subject_of_is_stored_for_each() -> None:
    people = [Entity(f"people/{n.lower()}-q", f"{n} Q", "person") for n in ("Ana", "Rui", "Lev")]
    index = EntityIndex(people, [(p.title.split()[0], p.slug, True) for p in people])
    said = "so Ana, Rui and Lev all entered the 10k."
    facts = RulesExtractor(index).extract(seg(("user", said)))
    assert [(f.fact, f.entity_slug) for f in facts] == [(said, p.slug) for p in people]


@pytest.mark.parametrize(
    "said",
    [
        "we met Bob Park and Alice Example at the fair",  # they are its object
        "Bob Park's and Alice Example's kids are in the same class",  # whose
        "Bob Park and Widget Co have signed the lease",  # a person and a firm
    ],
)
def test_two_names_that_are_no_pair_of_subjects_store_nothing_twice(said: str) -> None:
    texts = [fact for fact, _, _ in rules(("user", said))]
    assert len(texts) == len(set(texts))


def test_a_names_s_before_an_ing_form_and_a_person_is_is() -> None:
    """ "Bob Park's meeting Alice Example": he is meeting her; "'s meeting notes" are his."""
    said = "Bob Park's meeting Alice Example at 3 on Thursday"
    assert [slug for _, slug, _ in rules(("user", said))] == [BOB.slug]


def test_so_before_a_new_subject_starts_a_clause() -> None:
    facts = rules(("user", "Bob Park's team is short two engineers so he wants us on retries"))
    assert [fact for fact, _, _ in facts] == [
        "Bob Park's team is short two engineers",
        "he wants us on retries",
    ]


def test_because_before_a_new_subject_starts_a_clause() -> None:
    said = "Widget Co moved the quiz to Fridays because a choir has the hall on Thursdays"
    assert [fact for fact, _, _ in rules(("user", said))] == [
        "Widget Co moved the quiz to Fridays",
        "a choir has the hall on Thursdays",
    ]
    # "because of" gives a reason, not a statement
    said = "Widget Co moved the launch to July because of the rail strike"
    assert [fact for fact, _, _ in rules(("user", said))] == [said]
    # the user's own statement before it
    said = "I quit my day job because the band is taking off"
    assert [fact for fact, _, _ in rules(("user", said))] == [
        "I quit my day job",
        "the band is taking off",
    ]
    # what comes before names nothing and holds no figure: one statement with its reason
    said = "Lambing started early because the tups got in with the ewes in October"
    assert [fact for fact, _, _ in rules(("user", said))] == [said]


def test_a_figure_that_answers_the_assistants_question_is_a_fact() -> None:
    asked = [
        ("user", "Widget Co are building the new shed."),
        ("assistant", "Lovely. How many panels?"),
    ]
    assert rules(*asked, ("user", "Thirty-six in all."))[-1][:2] == (
        "Thirty-six in all.",
        WIDGET.slug,
    )
    # asked of the user, it is the user's own
    of_you = ("assistant", "How many days can you give them?")
    assert rules(asked[0], of_you, ("user", "Sixteen."))[-1][:2] == ("Sixteen.", None)
    # no figure, or no question that asks for one: nothing worth keeping
    assert len(rules(*asked, ("user", "Loads."))) == 1
    assert len(rules(asked[0], ("assistant", "Any news?"), ("user", "Three bits."))) == 1


def test_a_verb_phrase_of_the_same_subject_is_its_own_fact() -> None:
    facts = rules(("user", "Bob Park was at a Nepali fintech before and did his PhD in Zurich"))
    assert [(fact, slug) for fact, slug, _ in facts] == [
        ("Bob Park was at a Nepali fintech before", BOB.slug),
        ("did his PhD in Zurich", BOB.slug),
    ]


def test_a_subject_and_its_verb_after_but_state_something_of_their_own() -> None:
    facts = rules(
        ("user", "Widget Co beat its revenue plan by 18%, but churn in the small tier went up")
    )
    assert [fact for fact, _, _ in facts] == [
        "Widget Co beat its revenue plan by 18%",
        "churn in the small tier went up",
    ]


def test_an_apposition_describes_the_person_just_named() -> None:
    facts = rules(
        (
            "user",
            "there's someone new on the Widget Co account, Ana Lucia Ferrer, a motion designer "
            "Bob Park recommended, she did the animations for a fintech app",
        )
    )
    about_ana = [fact for fact, slug, _ in facts if slug == "people/ana-lucia-ferrer"]
    assert "a motion designer Bob Park recommended" in about_ana
    assert "she did the animations for a fintech app" in about_ana


def test_a_statement_that_names_only_the_user_is_the_users() -> None:
    facts = rules(
        ("user", "Widget Co renewal is done."),
        ("user", "fyi please don't schedule anything for me before 10am"),
    )
    assert ("fyi please don't schedule anything for me before 10am", None, None) in facts


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        # a title before the name says it is a person's, with a surname alone too
        ("Night cover from Monday will be Dr. Ilse Varnhagen.", "people/ilse-varnhagen"),
        ("From Monday the night porter will be Mr Abernethy.", "people/mr-abernethy"),
        # a verb right after the name: its subject
        ("- Tobiah Kranz manages the front desk while she's away", "people/tobiah-kranz"),
        ("Ysolde Marchetti swapped the Thursday clinic.", "people/ysolde-marchetti"),
        # a noun for a kind of person before it: a squad's player, a practice's locum
        ("new player signed up: Idris Fonseca, 12, left back", "people/idris-fonseca"),
    ],
)
def test_evidence_that_a_new_name_is_a_persons(said: str, slug: str) -> None:
    assert [entity for _, entity, _ in rules(("user", said))] == [slug]


def test_a_later_first_name_finds_the_person_introduced() -> None:
    facts = rules(
        ("user", "- Tobiah Kranz manages the front desk while she's away"),
        ("user", "tobiah's been on reception for six years"),
    )
    assert [entity for _, entity, _ in facts] == ["people/tobiah-kranz"] * 2


def test_a_title_before_a_pages_family_name_is_that_pages_person() -> None:
    facts = rules(("user", "One worry from Dr Park: the renewal is slipping to March."))
    assert [entity for _, entity, _ in facts] == ["people/bob-park"]


@pytest.mark.parametrize(
    "said",
    [
        "I said I'd send the signed lease back by Friday",
        "I owe them the revised floor plan by the 5th",
        "I'm doing the seating chart for all 12 tables",
    ],
)
def test_the_users_own_undertaking_is_their_share_of_the_project_at_hand(said: str) -> None:
    pages = EntityIndex([CIDER], [(CIDER.title, CIDER.slug, False)])
    found = RulesExtractor(pages).extract(
        seg(("user", "Quince Cider moved to 3 June."), ("user", said))
    )
    assert found[-1].entity_slug == CIDER.slug


@pytest.mark.parametrize(
    "said",
    [
        "I said I'd send the signed lease back by Friday",
        "I'm doing the seating chart for all 12 tables",
        "I'll pay for the hire myself and settle up later",
    ],
)
def test_the_users_own_undertaking_beside_a_firm_is_the_users(said: str) -> None:
    facts = rules(("user", "Widget Co moved the launch to 3 June."), ("user", said))
    assert facts[-1][1] is None
    # the user's own club's work is the club's
    own = own_rules("Tarn Rowing Club is short of volunteers.", said)
    assert own[-1][1] == CLUB.slug
    # what "we" decide is the firm's at hand: a decision on it
    assert (
        rules(("user", "Widget Co sent two quotes."), ("user", "we went with the oak"))[-1][1]
        == WIDGET.slug
    )


@pytest.mark.parametrize(
    ("said", "then", "kept"),
    [
        (
            "Alice's wedding is on 22 August in Lisbon.",
            "not Lisbon, it's St. Ives now",
            "Alice's wedding is on 22 August in St. Ives.",
        ),
        (
            "Alice's party is at 2pm on Friday.",
            "no, not 2pm, it's at 3pm",
            "Alice's party is at 3pm on Friday.",
        ),
        (
            "Widget Co's canteen food was bad.",
            "not bad, honestly",
            "Widget Co's canteen food was bad.",
        ),
    ],
)
def test_a_withdrawn_value_and_the_value_stated_after_it(said: str, then: str, kept: str) -> None:
    assert [text for text, _, _ in rules(("user", said), ("user", then))] == [kept]


def test_a_correction_that_only_names_the_new_value_restates_the_fact() -> None:
    facts = rules(
        ("user", "Alice's wedding is on 22 August in Lisbon."),
        ("user", "sorry, not Lisbon, it's Porto, I always mix them up"),
    )
    texts = [text for text, _, _ in facts]
    assert "Alice's wedding is on 22 August in Porto." in texts
    assert not any("Lisbon" in text for text in texts)
    assert [entity for _, entity, _ in facts] == [ALICE.slug]


def test_a_modal_hedge_in_a_later_clause_hedges_only_that_clause() -> None:
    facts = rules(("user", "Alice is moving to Porto in May so the next review might be remote"))
    assert [text for text, _, _ in facts] == ["Alice is moving to Porto in May"]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Bob Park says the boiler tripped again on sunday, no idea why",
            "Bob Park says the boiler tripped again on sunday",
        ),
        (
            "Alice reckons the lease counts as an expense, no idea how that works tbh",
            "Alice reckons the lease counts as an expense",
        ),
        (
            "Bob Park says the boiler tripped again on sunday, I’m not sure why",
            "Bob Park says the boiler tripped again on sunday",
        ),
        # what follows the remark doubts the reason, not the statement
        ("Bob Park is moving on in June, not sure why tbf", "Bob Park is moving on in June"),
        ("Bob Park is moving on in June, no idea why he is", "Bob Park is moving on in June"),
    ],
)
def test_not_knowing_why_or_what_it_means_doubts_nothing_said(said: str, kept: str) -> None:
    assert [text for text, _, _ in rules(("user", said))] == [kept]


@pytest.mark.parametrize(
    "said",
    [
        "Bob Park is moving on in June, not sure why or if",  # "or if" doubts the statement
        "Bob Park is moving on in June, no idea why or even when",
        "Bob Park might be moving on in June, not sure why",  # hedged before the remark
        "Bob Park is moving on in June, not sure if it's true",  # doubt of the statement
        "not sure why Bob Park is leaving",  # the remark is the sentence
    ],
)
def test_a_puzzled_remark_keeps_the_hedges_it_follows(said: str) -> None:
    assert rules(("user", said)) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Bob Park can bring 12 chairs, maybe 20 if it's dry", "Bob Park can bring 12 chairs"),
        ("Alice can seat 40, perhaps more if it's dry", "Alice can seat 40"),
        ("Bob Park can bring 12 chairs and maybe 20 if it's dry", "Bob Park can bring 12 chairs"),
    ],
)
def test_a_larger_figure_on_a_condition_leaves_the_stated_one(said: str, kept: str) -> None:
    assert [text for text, _, _ in rules(("user", said))] == [kept]


@pytest.mark.parametrize(
    "said",
    [
        "Bob Park can bring 12 chairs, or maybe 20",  # another figure in its place
        "Bob Park can bring 12 chairs, perhaps 5 depending on the weather",  # a smaller one
        "Bob Park is due on 12 May, maybe 20 depending on the builders",  # a date
        "Bob Park is leaving in June, not sure yet",  # a comment on the whole
        "Alice is moving to Berlin, maybe",  # a hedge with no clause of its own
        "Alice is moving in June, or maybe July",
        "Bob Park is joining the board, I might be wrong",  # the speaker's own doubt
    ],
)
def test_a_hedge_on_the_whole_sentence_keeps_it_out(said: str) -> None:
    assert rules(("user", said)) == []


@pytest.mark.parametrize(
    "said",
    [
        "Costa Rica was amazing last spring, the rain forest especially.",
        "Goldman Sachs shares fell 4% after the results.",
        "Tel Aviv will host the summit in June this year.",
        "Kuala Lumpur: flights booked for the 12th of March.",
        "Costa Rica has said no to the visa extension.",  # a place of two words, whatever verb
        "Sri Lanka offered us a two-week extension.",
    ],
)
def test_places_and_firms_are_no_new_people(said: str) -> None:
    assert not any((entity or "").startswith("people/") for _, entity, _ in rules(("user", said)))


def test_a_relative_by_a_given_name_alone_shares_the_family_name() -> None:
    facts = rules(
        ("user", "Bob Park's knee op is on the 3rd."),
        ("user", "His daughter Ilinca will collect the keys instead."),
        ("user", "He wants a call on Friday."),
    )
    assert [(entity, title) for _, entity, title in facts] == [
        ("people/bob-park", None),
        # his daughter's news, and her page would be "people/<given>-<family>"
        ("people/ilinca-park", "Ilinca Park"),
        ("people/bob-park", None),  # "he" is not the daughter
    ]
    niece = rules(("user", "My niece Marisela starts at the bakery on Monday."))
    assert [(entity, title) for _, entity, title in niece] == [("people/marisela", "Marisela")]
    # a given name the source already has stays that page
    assert rules(("user", "My cousin Alice is visiting in May."))[0][1] == "people/alice-example"


def test_they_after_a_colon_opens_a_statement_of_its_own() -> None:
    facts = rules(("user", "Met Bob Park at Widget Co: they need two more desks by June."))
    assert ("they need two more desks by June.", "companies/widget-co", None) in facts


def test_a_sentence_with_no_subject_after_a_person_is_about_them() -> None:
    facts = rules(
        ("user", "Widget Co moved the launch to May."),
        ("user", "New volunteer: Ravindra Pelto. Retired teacher, loves crosswords."),
    )
    assert facts[-1][:2] == ("Retired teacher, loves crosswords.", "people/ravindra-pelto")


def test_a_role_said_without_a_verb_after_a_person_describes_them() -> None:
    facts = rules(
        ("user", "Widget Co moved the launch to May."),
        ("user", "We've hired Odran Vesk. Former midwife, very punctual. Starts Monday."),
    )
    assert ("Former midwife, very punctual.", "people/odran-vesk") in [f[:2] for f in facts]


@pytest.mark.parametrize(
    "text",
    [
        "Odran Vesk came by. Good chat overall.",  # no role
        "Odran Vesk came by. The teacher says the trip is off.",  # a role with its verb
    ],
)
def test_no_description_without_a_role_or_with_a_verb(text: str) -> None:
    facts = rules(("user", text))
    assert not [f for f in facts if f[1] == "people/odran-vesk" and "Odran" not in f[0]]


def test_a_list_under_a_heading_about_people_names_people() -> None:
    facts = rules(
        (
            "user",
            "New players this season:\n1. Radomir Vesk – goalkeeper\n2. Tilde Marrow – left back",
        ),
    )
    assert [entity for _, entity, _ in facts] == ["people/radomir-vesk", "people/tilde-marrow"]
    # a list under any other heading invents nobody
    assert rules(("user", "Menu ideas:\n1. Tilde Marrow – a soup"))[0][1] is None


def test_the_new_lad_is_a_person() -> None:
    facts = rules(("user", "the new lad Radomir Vesk: nine, keen, wants to bowl"))
    assert facts[0][1] == "people/radomir-vesk"


def test_a_number_corrected_without_a_comma() -> None:
    facts = rules(
        ("user", "Widget Co expects 40 covers at the launch."),
        ("user", "Bob Park joins us on Monday."),
        ("user", "sorry, it's 45 covers not 40"),
    )
    assert facts == [
        ("Bob Park joins us on Monday.", BOB.slug, None),
        ("it's 45 covers", WIDGET.slug, None),
    ]
    # "not" before a word is no number's correction
    assert rules(("user", "Bob Park will sit not far from the stage."))[0][0].endswith("stage.")


@pytest.mark.parametrize(
    "said",
    [
        "My dad Tuesday is fine for the call.",  # a day after a family word
        "Presents for the kids:\n- Lego Technic set\n- Harry Potter books",  # not a roster
        "New members:\n1. Radomir Vesk\n\nMenu ideas:\n- Tilde Marrow soup",  # a new heading
    ],
)
def test_no_person_invented_from_days_gifts_or_a_later_list(said: str) -> None:
    slugs = {entity for _, entity, _ in rules(("user", said))}
    assert not slugs & {"people/tuesday", "people/lego-technic", "people/tilde-marrow"}


def test_a_relative_s_possessive_is_no_part_of_the_name() -> None:
    facts = rules(("user", "My wife Ottilie's car broke down again."))
    assert facts[0][1:] == ("people/ottilie", "Ottilie")


def test_a_pronoun_after_a_person_named_in_its_clause_is_theirs() -> None:
    facts = rules(
        ("user", "Bob Park is back from leave."),
        ("user", "Rowan Ilves said he'd take the Friday shift."),
    )
    assert facts[-1][1] == "people/rowan-ilves"


def test_a_pronoun_known_for_someone_else_stays_theirs() -> None:
    facts = rules(
        ("user", "Alice started a new job, she loves it."),
        ("user", "Ms Ilves says she's settling in and has made friends."),
    )
    assert facts[-1][1] == ALICE.slug


@pytest.mark.parametrize("name", ["Tobiah Quennell", "Haji Dhoorre"])
def test_a_pronoun_a_full_names_given_name_says_is_theirs(name: str) -> None:
    facts = rules(
        ("user", "Bob Park wants the cellar cleared, he's fussy about it."),
        ("user", f"{name} said he can come at noon on the 4th."),
    )
    assert facts[-1][1] == "people/" + name.casefold().replace(" ", "-")


def test_a_given_name_said_to_be_a_persons() -> None:
    facts = rules(("user", "The sound engineer for the tour is Tadeo, from Bob Park's old band."))
    assert facts[0][1:] == ("people/tadeo", "Tadeo")
    porter = rules(("user", "The night porter is Will, and the keys stay with Bob Park."))
    assert "people/will" not in {entity for _, entity, _ in porter}  # "will" is a word


def test_an_honorific_in_a_title_names_nobody() -> None:
    doctor = Entity("people/nusa-vesk", "Dr Nusa Vesk", "person")
    surfaces = _page_surfaces(doctor, None)
    assert ("Nusa", doctor.slug, False) in surfaces
    assert ("Dr", doctor.slug, False) not in surfaces
    extractor = RulesExtractor(EntityIndex([doctor], surfaces))
    facts = extractor.extract(seg(("user", "The new registrar, Dr Ana Strell, starts Monday.")))
    assert [fact.entity_slug for fact in facts] == ["people/ana-strell"]


def test_a_relative_by_marriage_keeps_their_own_name() -> None:
    facts = rules(("user", "My sister-in-law Quenby is our new treasurer."))
    assert facts[0][1:] == ("people/quenby", "Quenby")


def test_an_alias_after_its_article_is_the_everyday_noun() -> None:
    mason = Entity("people/mason-tellan", "Mason Tellan", "person")
    surfaces = [("Mason Tellan", mason.slug, False), ("Mason", mason.slug, True)]
    extractor = RulesExtractor(
        EntityIndex([mason, WIDGET], [*surfaces, ("Widget Co", WIDGET.slug, False)])
    )
    facts = extractor.extract(
        seg(("user", "Widget Co fitted the doors. The chapel needs a mason who knows lime mortar."))
    )
    assert mason.slug not in {fact.entity_slug for fact in facts}
    named = extractor.extract(seg(("user", "told mason the wall can wait till spring")))
    assert [fact.entity_slug for fact in named] == [mason.slug]


def test_a_relative_of_someone_named() -> None:
    facts = rules(("user", "Bob Park's daughter Ilinca starts at the nursery in May."))
    assert facts[0][1:] == ("people/ilinca-park", "Ilinca Park")  # the family's name
    facts = rules(("user", "Bob Park's wife Ilinca starts at the nursery in May."))
    assert facts[0][1:] == ("people/ilinca", "Ilinca")  # a spouse's may be another


def test_a_relative_of_a_relative_and_the_title_the_family_gives() -> None:
    facts = rules(("user", "I'm seeing mum's sister Auntie Tarek on sunday."))
    assert facts[0][1:] == ("people/tarek", "Tarek")
    facts = rules(("user", "We had tea with Nan Shepherd, she was lovely"))
    assert facts[0][1] == "people/nan-shepherd"  # a family title alone may be a given name
    facts = rules(("user", "mum's sister Farah is staying till friday"))
    assert facts[0][1:] == ("people/farah", "Farah")
    assert all(
        slug != "people/tarek" for _, slug, _ in rules(("user", "there's uncle Tarek at the door"))
    )


def test_a_heading_about_people_in_the_plural() -> None:
    facts = rules(
        ("user", "New cleaners from next week:\n- Oskar Tamm, nights only\n- Liesl Orav, days")
    )
    named = [entity for _, entity, _ in facts if entity is not None]
    assert named == ["people/oskar-tamm", "people/liesl-orav"]


def test_a_lowercase_given_name_opening_its_clause_before_a_person_s_verb() -> None:
    gable = Entity("people/gable-mensah", "Gable Mensah", "person")
    index = EntityIndex([gable], _page_surfaces(gable, None))
    said = RulesExtractor(index).extract(seg(("user", "gable is back from Lisbon on the 3rd")))
    assert [fact.entity_slug for fact in said] == [gable.slug]
    house = RulesExtractor(EntityIndex([gable], _page_surfaces(gable, None))).extract(
        seg(("user", "the gable is cracked again after the storm last week"))
    )
    assert gable.slug not in {fact.entity_slug for fact in house}


def test_a_name_the_next_sentence_shows_to_be_a_person_s() -> None:
    facts = rules(
        ("user", "Bob Park is off till May."),
        (
            "user",
            "For the autumn term we've hired Tamsin Quell. She taught in Leeds for years.",
        ),
    )
    assert facts[-1][:2] == ("She taught in Leeds for years.", "people/tamsin-quell")


@pytest.mark.parametrize(
    "said",
    [
        "Our new driver is German.",
        "My boss is American, so she works late.",
        "The new team lead is London-based.",
        "My favourite teacher is Christmas themed.",
    ],
)
def test_a_nationality_or_a_description_after_is_names_nobody(said: str) -> None:
    assert all(
        entity is None or not entity.startswith("people/") for _, entity, _ in rules(("user", said))
    )


def test_a_given_name_with_a_hyphen() -> None:
    facts = rules(("user", "Our new nanny is Anne-Marie, she starts on Monday."))
    assert "people/anne-marie" in {entity for _, entity, _ in facts}


def test_a_pasted_message_signed_for_a_page_s_firm_is_its() -> None:
    facts = rules(
        (
            "user",
            "fwd:\n> Hello, our new showroom opens on 2 June. Thanks, Odile Varn, Widget Co Ltd",
        )
    )
    assert any("Widget Co" in fact and entity == WIDGET.slug for fact, entity, _ in facts)


CLUB = Entity("companies/tarn-rowing-club", "Tarn Rowing Club", "company", users_own=True)
FERRULE = Entity("projects/ferrule-launch", "Ferrule Launch", "project")


def own_rules(*texts: str, own: tuple[Entity, ...] = (CLUB,)) -> list[tuple[str, str | None]]:
    surfaces = [(entity.title, entity.slug, False) for entity in (ALICE, *own, FERRULE)]
    extractor = RulesExtractor(EntityIndex([ALICE, *own, FERRULE], surfaces))
    facts = extractor.extract(seg(*(("user", text) for text in texts)))
    return [(f.fact, f.entity_slug) for f in facts]


def test_we_who_name_nobody_else_are_the_users_own_organisation() -> None:
    found = own_rules("Tarn Rowing Club update.", "we ordered a new trailer for the boats, £9,000")
    assert ("we ordered a new trailer for the boats, £9,000", CLUB.slug) in found


def test_notes_that_name_nothing_are_about_the_users_own_organisation() -> None:
    found = own_rules("Tarn Rowing Club AGM notes:\n- boat hire going up to £30 a session")
    assert ("- boat hire going up to £30 a session", CLUB.slug) in found


@pytest.mark.parametrize(
    "said",
    [
        "we went to the beach with the kids on saturday, £30 for parking",
        "our cat has fleas again, ordered the spot-on for £12",
    ],
)
def test_a_households_we_is_not_the_organisation_never_named(said: str) -> None:
    assert {slug for _, slug in own_rules(said)} == {None}


def test_a_project_at_hand_keeps_its_we() -> None:
    found = own_rules("Ferrule Launch update: launch is the 12th.", "we're skipping the flyers")
    assert [slug for _, slug in found] == [FERRULE.slug, FERRULE.slug]


def test_two_organisations_of_the_users_make_we_nobody_in_particular() -> None:
    other = Entity("companies/tarn-choir", "Tarn Choir", "company", users_own=True)
    found = own_rules("we ordered a new trailer for the boats, £9,000 fitted", own=(CLUB, other))
    assert found[0][1] is None


@pytest.mark.parametrize(
    ("summary", "own"),
    [
        ("The user's choir, in the town hall.", True),
        ("Residents' association the user sits on.", True),
        ("Our allotment society.", True),
        ("A rowing club in the next valley.", False),
        ("Rival club; the user rows against them.", False),
        ("The user's bank.", False),  # serves the user; the user is no member
        ("The user's former employer; left in 2021.", False),
        ("Supplier to the bakery the user runs.", False),  # another's relation to it
        ("Our payroll bureau.", False),
        ("The user's little riverside boat club.", True),  # three words before its body
        ("The user's winery.", True),
        ("The user's husband's vineyard.", False),
        # the user writing their own notes, in the first person
        ("My rowing club.", True),
        ("My brother's bakery.", False),
        ("Village skittles team I play for.", True),
        ("Haulage firm run by Dunstan Hale; I keep the books.", False),  # no belonging said
        ("Haulage firm run by Dunstan Hale; I'm its yard manager.", True),
        ("Dance school; I'm the bookings secretary.", True),
        ("Small press where I'm production editor.", True),
        ("Food co-op we belong to.", True),
        ("Seed merchant we buy from.", False),
        ("Wholesaler to the cafe I run.", False),  # the cafe is the user's, not this
        ("Ferry line we've used for years.", False),
        ("Our boiler insurer.", False),
    ],
)
def test_an_organisation_the_users_own_by_its_summary(summary: str, own: bool) -> None:
    assert _users_own("companies/x", "company", summary) is own
    assert _users_own("people/x", "person", summary) is False


def test_a_relatives_full_name_in_an_aside_is_theirs() -> None:
    found = rules(
        ("user", "my sister-in-law Bea (Beatrix Quorn, a vet) is running the raffle."),
        ("user", "Bea wants the prizes by friday"),
    )
    assert {slug for _, slug, _ in found} == {"people/beatrix-quorn"}


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        # a given name no dictionary has, then a family name that is a word
        ("new helper signed up: Tiwaloluwa Bright, retired plumber.", "people/tiwaloluwa-bright"),
        # a full name in the possessive
        ("Okwudili Ostrander's off on leave until June.", "people/okwudili-ostrander"),
        # a noun in "-ist" for one who practises something
        ("we have a new harpist, Ezra Quorn, from next term", "people/ezra-quorn"),
        # said to be someone with "is" and a person noun
        ("Ysolde Vantrell is our rep at the mill now", "people/ysolde-vantrell"),
        ("Ottoline Starkey was the new head chef at the time", "people/ottoline-starkey"),
        ("Ysolde Baker is our new plumber", "people/ysolde-baker"),  # a family name a word
        # an aside between commas, then a verb that takes a person
        ("the account moved to Tavish Obuya, very keen, asked for samples", "people/tavish-obuya"),
        # "he" or "she" opens the next sentence, a few words after the name
        (
            "Spoke to Ysolde Quarrie at the bowls club in town. She's running a course.",
            "people/ysolde-quarrie",
        ),
        (
            "Had a call with Tavish Obuya about the gig. He wants the big room.",
            "people/tavish-obuya",
        ),
        ("Ask at the farm. He's Ezra Quorn, farms out past the ford.", "people/ezra-quorn"),
    ],
)
def test_more_ways_a_new_person_is_named(said: str, slug: str) -> None:
    assert slug in {entity for _, entity, _ in rules(("user", said))}


def test_titles_with_no_name_after_them_are_no_one() -> None:
    assert rules(("user", "saw Dr Mr today, all fine")) == [
        ("saw Dr Mr today, all fine", None, None)
    ]


@pytest.mark.parametrize(
    "said",
    [
        "St Osric's raised 97kg for the drive",  # a school or a church named after a saint
        "the Ashcombe Valley's best pub is shut",  # a place in the possessive
        "the new playlist, Moon River and Blue Moon",  # a list is no person
        "Vantry Osk is the best supplier we have",  # said to be no person
        "Pellam Quay is our local, the beer is good",  # "local" is no person noun
        "Pellworth Lodge is the home my gran moved into",  # a person noun in another phrase
        "Marlow Grange is the head office, everyone hates the commute",  # a compound's modifier
        "Velmont Travel is our agent for the school trip",  # a name ending in a word
        "Anglian Water, as usual, says the leak is ours",  # an aside of manner
        "British Gas, true to form, wants another £200",
        "Thames Waterhouse, very annoyingly, says the leak is ours",
        "Nettlebed Road, past the garage, wants a new crossing",  # an aside of place
        # "he" or "she" only sentences later, or after a long one
        "We walked from Pellam Quay to the old mill and back along the towpath in the rain"
        " all afternoon. She loved it.",
        "We drove past Pellam Quay and her sister waved",  # a place's words are no name's
        # a person noun a preposition parts from the name, and a number before it
        "He's the bloke with the three Tarvish Quorns, Pip and Moss.",
        "Mentioned Quorvel Obuya to May. She thinks the hall is too small.",  # May's "she"
        "Went to Brighton Pier with the kids. He's scared of the waves.",  # a place
    ],
)
def test_saints_places_and_lists_are_no_new_people(said: str) -> None:
    assert not [entity for _, entity, _ in rules(("user", said)) if entity and "people/" in entity]


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        (
            "our PA Orlagh Penwarden handles the invoices now.",
            "people/orlagh-penwarden",
        ),
        ("PC Tobias Quarrell logged the stolen bikes on Monday.", "people/tobias-quarrell"),
        ("the TA Sarah Quorn is covering year 4 this week.", "people/sarah-quorn"),
        ("our MP Sarah Quorn is visiting the school on Friday.", "people/sarah-quorn"),
        # a police sergeant's, or a postscript's: no part of the name either way; a hat tip's
        ("PS Tobias Quarrell logged the stolen bikes on Monday.", "people/tobias-quarrell"),
        ("HT Sarah Quorn for the tip about the van.", "people/sarah-quorn"),
    ],
)
def test_a_roles_initials_before_a_name_are_no_part_of_it(said: str, slug: str) -> None:
    assert [entity for _, entity, _ in rules(("user", said))] == [slug]


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        # a family name written first in capitals, a given name of initials
        ("Our new receptionist is LÃ Thị Nguyệt, she starts Monday.", "people/la-thi-nguyet"),
        ("JP Le Roux joined the team on Monday.", "people/jp-le-roux"),
        # a boat's prefix: no new person at all
        ("MV Anna Marie is moored at Falmouth, we sail on Friday.", None),
        # "MD" opening a name is Muhammad's as often as a director's; after "our", a role's
        ("MD Abdul Quarim joined the team on Monday.", "people/md-abdul-quarim"),
        ("our MD Sarah Quorn approved the budget on Monday.", "people/sarah-quorn"),
        ("the firm's MD Sarah Quorn approved the budget on Monday.", "people/sarah-quorn"),
        ("will's MD Sarah Quorn approved the budget on Monday.", "people/sarah-quorn"),
        ("our\u00a0MD Sarah Quorn approved the budget on Monday.", "people/sarah-quorn"),
        ("it's MD Abdul Quarim who approved the budget on Monday.", "people/md-abdul-quarim"),
    ],
)
def test_other_capitals_before_a_name_are_no_roles_initials(said: str, slug: str | None) -> None:
    assert {entity for _, entity, _ in rules(("user", said))} == {slug}


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        # a given name many people bear, before a name-like word: a person, cue or none
        ("And Folasade Quarrow has lent us her gazebo for May.", "people/folasade-quarrow"),
        ("Mentioned Tavish Obuya to May.", "people/tavish-obuya"),
        # a given name that is an everyday word too, or borne by either sex
        ("My neighbour, Tom Quarrie, is lending us his trailer on the 4th.", "people/tom-quarrie"),
        ("Rhys Pritchard is coming on Friday to fix the pumps.", "people/rhys-pritchard"),
        # a given name borne by either sex needs another cue: places are named after them
        ("Costa Quellby was amazing last spring, the rain forest especially.", None),
        # not a dish under a heading, nor a name few bear ("Thames"), nor an article, a
        # numeral or an everyday word after the given name
        ("Menu ideas:\n1. Tilde Marrow – a soup", None),
        ("Thames Quarrow has closed the towpath till May.", None),
        ("The Quellby trustees moved the AGM to 11 June.", None),
        ("It's a George III bureau, collected on the 4th.", None),
        ("The Grace Period ends on the 4th, £30 late fee.", None),
    ],
)
def test_a_given_name_many_bear_makes_a_new_person(said: str, slug: str | None) -> None:
    named = {entity for _, entity, _ in rules(("user", said))} - {None}
    assert named == ({slug} if slug else set())


@pytest.mark.parametrize(
    "said",
    [
        "We ate at Marlow Grill. Waiter was rude though.",  # a role with its own verb
        "my sister Bea (Jane Austen fan) is running the raffle.",  # someone else's name
        "Tom and Partners booked the hall for the quiz",  # "and": no partnership's form
    ],
)
def test_no_person_or_firm_from_a_role_an_aside_or_an_and(said: str) -> None:
    found = {entity for _, entity, _ in rules(("user", said))}
    assert not found & {"people/marlow-grill", "people/jane-austen", "companies/tom-and-partners"}


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        ("the sign shop is on Caerwen Road, she's handling the order", "people/caerwen-road"),
        ("Tomos Vell Crescent is where the van parks, he says", "people/tomos-vell-crescent"),
        ("getting 4 casks from Glen Corrach distillery, £220 each", "people/glen-corrach"),
        ("Efua Tandoh bakery has the order, she says friday", "people/efua-tandoh"),
    ],
)
def test_no_person_from_a_streets_or_a_firms_name(said: str, slug: str) -> None:
    """A run ending in a street's word, or before the word for a trade, is no one's name."""
    assert slug not in {entity for _, entity, _ in rules(("user", said))}


def test_a_family_name_that_is_a_street_word_is_still_a_persons() -> None:
    found = {entity for _, entity, _ in rules(("user", "Tomos Lane reckons the trailer is mended"))}
    assert "people/tomos-lane" in found


CHOIR = Entity("companies/lindell-choir", "Lindell Voices", "company", users_own=True, body="choir")


def test_the_users_own_organisation_is_named_by_the_word_for_its_body() -> None:
    found = own_rules("choir news: the spring concert moves to the 9th", own=(CHOIR,))
    assert found == [("choir news: the spring concert moves to the 9th", CHOIR.slug)]


def test_the_users_own_organisation_is_named_by_a_rare_word_of_its_name() -> None:
    found = own_rules("Lindell AGM last night.", "annual subs rise to £40 in april", own=(CHOIR,))
    assert ("annual subs rise to £40 in april", CHOIR.slug) in found


def test_a_common_word_of_its_name_does_not_name_the_users_own_organisation() -> None:
    # "Voices" is too common a word to say which body is meant
    assert {
        slug for _, slug in own_rules("voices carry in this house, £30 for a rug", own=(CHOIR,))
    } == {None}


@pytest.mark.parametrize(
    ("summary", "body"),
    [
        ("The user's chamber choir.", "choir"),
        ("Our allotment society.", "society"),
        (
            "Residents' group the user sits on.",
            "",
        ),  # a body's word, not after "our"  # no word for its body up front
        ("A rowing club in the next valley.", ""),
    ],
)
def test_the_word_for_the_body_an_own_organisation_is(summary: str, body: str) -> None:
    assert _body(summary) == body


@pytest.mark.parametrize(
    ("said", "said_of", "slug"),
    [
        # a person introduced after an indefinite: what the clause says is theirs
        (
            "Alice found us a helper, Wenna Thorsby, retired joiner, lives by the canal.",
            "joiner",
            "people/wenna-thorsby",
        ),
        (
            "she's meeting another wine rep, Dorran Kisby at Brinkley's.",
            "Brinkley",
            "people/dorran-kisby",
        ),
        # a person introduced as someone's relation: the clause is the other's
        ("Alice and her partner Jun-seo Brack booked 80 covers for the 9th", "80", ALICE.slug),
        ("Alice asked to meet my architect friend Layla Vossberg", "meet", ALICE.slug),
        # a newcomer asked to do something does it, a few words about them between
        ("Alice asked Odile Brannagh to shadow her from April", "shadow", "people/odile-brannagh"),
        ("Alice asked Dr Odile Brannagh to look at her knee", "knee", "people/odile-brannagh"),
        ("she asked Imre Vass from the maths dept to run a session", "session", "people/imre-vass"),
        ("Alice invited Odile Brannagh to her book launch", "launch", "people/odile-brannagh"),
        ("Alice wants Odile Brannagh to shadow her from April", "shadow", ALICE.slug),
        ("Alice told Odile Brannagh she is moving to Leeds", "Leeds", ALICE.slug),
        ("Alice asked whether Odile Brannagh would come to the wedding", "wedding", ALICE.slug),
        ("Alice asked Odile Brannagh about the trip to Paris", "Paris", ALICE.slug),
        # with no one named for its subject, the clause ending on who someone is
        (
            "met their Widget Co account manager today, Sorcha Delane.",
            "manager",
            "people/sorcha-delane",
        ),
        ("she asked if the new bookkeeper is Tobi Ekwueme", "bookkeeper", ALICE.slug),
        ("she thinks the best choice is Tobi Ekwueme", "choice", ALICE.slug),
        ("she had coffee with Bob Park, Odile Brannagh.", "coffee", ALICE.slug),
    ],
)
def test_a_newcomer_introduced_as_someone_new_owns_the_clause(
    said: str, said_of: str, slug: str
) -> None:
    found = rules(("user", "Alice Example called."), ("user", said))
    assert [entity for fact, entity, _ in found if said_of in fact] == [slug]


def test_a_she_typed_without_its_apostrophe_refers_back() -> None:
    found = rules(
        ("user", "Alice Example is running the Saturday shop from now on."),
        ("user", "we order paper from Widget Co now, they deliver on mondays"),
        ("user", "oh and shes on £13.50 an hour"),
    )
    assert [slug for fact, slug, _ in found if "13.50" in fact] == [ALICE.slug]


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        ("Jo Marsh, the builder, says the extension will take 12 weeks", "people/jo-marsh"),
        ("Sam Keeling, our new contractor, starts on the roof Monday", "people/sam-keeling"),
        ("rang the clinic, Dr Osei can see me on Tuesday at 10", "people/dr-osei"),
    ],
)
def test_people_named_beside_a_trade_or_a_place_stay_people(said: str, slug: str) -> None:
    found = {entity for _, entity, _ in rules(("user", said))}
    assert slug in found and not {entity for entity in found if entity and "companies/" in entity}


@pytest.mark.parametrize(
    "said",
    [
        "popped into the shop, Ellie Marsh was on the till",  # a place, then a person
        "Ravi Dhiman, a car dealer from Leeds, offered £6,000",  # a trade of one person
        "Hexby Mill, the old mill by the river, is closing",  # a place
        "Sam Hunt, the agency nurse, is on tonight",  # the firm's noun modifies a role
        "Ruth Ebbage, the company secretary, wants the minutes",
        "stopped at a garage, Phil Dunn, the mechanic, says it's the alternator",
        "we tried a new salon, Nadia Karim, the stylist, was brilliant",  # a role after
    ],
)
def test_no_firm_from_a_place_or_a_persons_trade_(said: str) -> None:
    assert not [e for _, e, _ in rules(("user", said)) if e and e.startswith("companies/")]


def test_a_households_we_stays_the_users_after_an_everyday_word_of_the_organisation() -> None:
    club = Entity(
        "companies/tarn-rowing-club", "Tarn Rowing Club", "company", users_own=True, body="club"
    )
    found = own_rules(
        "I watched the rowing on telly last night", "we ordered a takeaway, £40", own=(club,)
    )
    assert {slug for _, slug in found} == {None}


@pytest.mark.parametrize(
    "said",
    [
        "Alice sold her old car to a colleague, Femi Varlow, for £3,000 last week.",
        "Alice had lunch with an old friend, Petra Novak, and signed the lease.",
    ],
)
def test_a_newcomer_in_a_clause_with_its_own_subject_leaves_it_to_the_subject(said: str) -> None:
    assert [entity for _, entity, _ in rules(("user", said))][0] == ALICE.slug


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Ellie Park was on the till today", []),  # another given name: someone else
        ("Ms Park wants the invoice by friday", [BOB.slug]),
        ("Bob Park wants the invoice by friday", [BOB.slug]),
        ("On Friday Park said yes", [BOB.slug]),  # a word that opens no name
    ],
)
def test_a_family_name_after_another_given_name_is_someone_else(
    text: str, named: list[str]
) -> None:
    found = [m.entity.slug for m in index().mentions(text) if m.entity is not None]
    assert found == named


def test_a_pronoun_talked_about_as_a_word_refers_to_no_one() -> None:
    assert index().mentions("the hes and shes on the doors are tiny") == []
    assert [m.kind for m in index().mentions("shes on £13.50 an hour")] == ["person"]


TEAM = Entity("companies/hilltop-fc", "Hilltop FC", "company", users_own=True, body="team")


@pytest.mark.parametrize(
    ("own", "lines", "slug"),
    [
        (CHOIR, ("our choir sang at the summer fair", "we raised £300 for the roof"), CHOIR.slug),
        (CHOIR, ("a choir sang at my cousin's wedding", "we bought them a toaster for £30"), None),
        (TEAM, ("our team won 3-1 on Saturday", "we raised £200 at the raffle"), TEAM.slug),
        (TEAM, ("our team lunch is on Friday", "we're going to Nando's, about £20 each"), None),
        (TEAM, ("our team at work is hiring", "we split a pizza, £20 each"), None),
    ],
)
def test_our_and_the_body_ending_its_phrase_names_the_users_organisation(
    own: Entity, lines: tuple[str, str], slug: str | None
) -> None:
    found = own_rules(*lines, own=(own,))
    assert [entity for fact, entity in found if "£" in fact] == [slug]


@pytest.mark.parametrize(
    "text",
    ["DI Park rang about the burglary", "Grandad Park paid the deposit", "Bob T Park paid"],
)
def test_a_rank_a_family_title_or_an_initial_before_a_family_name_is_no_other_name(
    text: str,
) -> None:
    assert [m.entity.slug for m in index().mentions(text) if m.entity is not None] == [BOB.slug]


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        (
            "Redwood Lettings, the agency that manages our flat, wants £150",
            "companies/redwood-lettings",
        ),
        ("we tried a new cafe, Bean There, the owner is lovely", "companies/bean-there"),
        ("Sara Greeno is my line manager now", "people/sara-greeno"),
        ("we have a new panellist, Orin Vask, for the debate", "people/orin-vask"),
        ("Orla Breen, bless her, says she'll bring cake", "people/orla-breen"),
        ("Nadia Karim, the stylist, charged £45", "people/nadia-karim"),
    ],
)
def test_who_or_what_an_apposition_or_an_aside_says_a_name_is(said: str, slug: str) -> None:
    assert slug in {entity for _, entity, _ in rules(("user", said))}


@pytest.mark.parametrize(
    "said", ["annual subs rise to £40 in april", "subs to be paid by friday, £40"]
)
def test_what_only_a_body_one_belongs_to_has_is_the_users_organisation(said: str) -> None:
    lines = ("Tarn Rowing Club notes.", "Ferrule Launch update: launch is the 12th.")
    found = own_rules(*lines, said)
    assert (said, CLUB.slug) in found
    other = own_rules(*lines, "fees rise to £40 in april")
    assert ("fees rise to £40 in april", CLUB.slug) not in other  # anyone's fees


@pytest.mark.parametrize(
    "said",
    [
        "members of the public can park free after 6pm",
        "subs came on at 60 minutes and we still lost 3-0",
        "the committee at work approved my £2,000 training budget",
        "membership with the AA renewed, £160",
        "the subs bench was empty by half time",
    ],
)
def test_anyones_members_and_committees_are_not_the_users_organisation(said: str) -> None:
    found = own_rules("Tarn Rowing Club notes.", "Ferrule Launch update: launch is the 12th.", said)
    assert (said, CLUB.slug) not in found  # the topic at hand keeps it
    assert CLUB.slug not in {slug for _, slug in own_rules(said)}  # never named


def test_an_organisation_named_as_the_venue_leaves_the_fact_to_the_topic() -> None:
    found = own_rules(
        "Ferrule Launch update: launch is the 12th.", "the party is at Tarn Rowing Club"
    )
    assert ("the party is at Tarn Rowing Club", FERRULE.slug) in found
    after = "the afterparty's at Tarn Rowing Club, £10 entry"  # an event's "'s"
    assert [s for f, s in own_rules("Ferrule Launch update.", after) if "£10" in f] == [
        FERRULE.slug
    ]
    offer = "Alice is starting at Tarn Rowing Club, £38k"  # where one works: the firm's fact
    taken = own_rules("Ferrule Launch update.", offer)
    assert [slug for fact, slug in taken if "£38k" in fact] == [CLUB.slug]


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        ("alice's set up a standing order to Widget Co for the rent", ALICE.slug),  # has set up
        ("alice's taken the Widget Co invoices home to check", ALICE.slug),  # has taken
        ("alice's notes on Widget Co say the rent is due monthly", WIDGET.slug),  # her notes
        ("alice's back garden needs Widget Co to fix the fence, £90", WIDGET.slug),
        ("alice's follow up with Widget Co is on monday at 10", WIDGET.slug),
        ("alice's run out of the Widget Co vouchers, £20 left", ALICE.slug),  # has run out
        ("alice's set off for the Widget Co site at 8", ALICE.slug),
        ("alice's set up fee with Widget Co was £50", WIDGET.slug),  # a set-up fee
        # a verb's "-ing" or "-ed" before its object: "is" or "has" done
        ("alice's taking the Widget Co office on the corner", ALICE.slug),
        ("alice's asked me to pay Widget Co by friday", ALICE.slug),
        # a noun before a time is hers
        ("alice's meeting this week with Widget Co was moved to 3pm", WIDGET.slug),
    ],
)
def test_an_s_before_a_participle_is_has_and_its_subject_is_the_clauses(
    said: str, slug: str
) -> None:
    assert [entity for _, entity, _ in rules(("user", said))] == [slug]


def test_what_only_a_body_one_belongs_to_has_is_its_before_it_is_named() -> None:
    found = own_rules("membership is up to 140 households this year")
    assert found == [("membership is up to 140 households this year", CLUB.slug)]


@pytest.mark.parametrize(
    "said",
    [
        "dues are £60 for the tennis club",
        "members get 10% off at the garden centre",
        "members get 20% off at Sparrowmart with the card",
        "membership renews in may, the National Trust one",
    ],
)
def test_another_bodys_members_are_not_the_users_organisation_before_it_is_named(
    said: str,
) -> None:
    assert own_rules(said) == [(said, None)]


@pytest.mark.parametrize(
    "said",
    [
        "the AGM is in the village hall on the 14th",
        "subs are £40 this year, Sarah says",
        "members' night at the club is friday, £5 in",
    ],
)
def test_the_users_own_body_keeps_its_members_before_it_is_named(said: str) -> None:
    assert own_rules(said) == [(said, CLUB.slug)]


@pytest.mark.parametrize(
    ("said", "firm"),
    [
        ("Quarry Road Plumbing are fitting the boiler on friday", "companies/quarry-road-plumbing"),
        ("Hatch Lane Nurseries sent 30 hedging plants today", "companies/hatch-lane-nurseries"),
    ],
)
def test_a_firm_named_after_its_street(said: str, firm: str) -> None:
    assert [entity for _, entity, _ in rules(("user", said))] == [firm]


def test_a_street_names_no_firm_in_a_school_or_a_station() -> None:
    found = rules(("user", "the kids start at Elm Road School on the 4th, 8:45 drop-off"))
    assert {entity for _, entity, _ in found} == {None}


DAWN = Entity("people/dawn-ferrand", "Dawn Ferrand", "person")
JUNE = Entity("people/june-okafor", "June Okafor", "person")


def dawn_and_june(said: str) -> list[str | None]:
    surfaces = [(e.title, e.slug, False) for e in (DAWN, JUNE)]
    surfaces += [("dawn", DAWN.slug, True), ("june", JUNE.slug, True)]
    extractor = RulesExtractor(EntityIndex([DAWN, JUNE], surfaces))
    return [f.entity_slug for f in extractor.extract(seg(("user", said)))]


@pytest.mark.parametrize(
    "said",
    [
        "we were up at dawn to catch the tide, £12 for the boat",
        "in june we close for a fortnight, £300 lost",
        "honestly my dawn runs cost me £20 a week in coffee",
        "from june the rent goes up to £950",
        "since june the bus has been £3 each way",
        "on june 3rd the car goes in for its MOT, £55",
    ],
)
def test_an_everyday_word_its_place_makes_ordinary_names_nobody(said: str) -> None:
    assert dawn_and_june(said) == [None]


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        ("got a text from dawn about the rota, she wants saturdays", DAWN.slug),
        ("waiting on june to send the deposit, £200", JUNE.slug),
        ("since dawn moved out the rent went up to £900", DAWN.slug),
        ("at dawn's house on friday for the quiz, £5 each", DAWN.slug),
        ("borrowed £50 from june, paying her back friday", JUNE.slug),
        ("counting on june to bring the £30", JUNE.slug),
        ("a birthday card from june with £20 in it", JUNE.slug),
    ],
)
def test_a_name_after_a_preposition_that_takes_people_is_theirs(said: str, slug: str) -> None:
    assert set(dawn_and_june(said)) == {slug}


ROSE = Entity("people/rose-quillan", "Rose Quillan", "person")
CHASE = Entity("people/chase-orrin", "Chase Orrin", "person")


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        # a verb or a common noun in lowercase, whoever goes by it
        ("I have to chase Widget Co about the unpaid bill, £400", WIDGET.slug),
        ("Widget Co's price rose by a tenth on the 3rd", WIDGET.slug),
        ("prices rose again, the hall is £60 a night now", None),
        ("everyone took the £170 each with good grace", None),
        # after a word that takes a person, a name in lowercase is still theirs
        ("I need to talk to chase about the £400", CHASE.slug),
        ("met rose at the cafe, she's paying £20", ROSE.slug),
        ("I'm going to rose's for dinner on Friday, £40 each", ROSE.slug),
        ("poor rose has the flu again, off till May", ROSE.slug),
        ("rose finally sold her old van, third try", ROSE.slug),  # an adverb between
    ],
)
def test_a_persons_alias_typed_as_a_verb_or_a_noun_is_nobody(said: str, slug: str | None) -> None:
    people = [ROSE, CHASE, Entity("people/grace-ollery", "Grace Ollery", "person")]
    surfaces = [(e.title, e.slug, False) for e in people] + [
        (e.title.split()[0], e.slug, True) for e in people
    ]
    extractor = RulesExtractor(
        EntityIndex([*people, WIDGET], [*surfaces, (WIDGET.title, WIDGET.slug, False)])
    )
    assert {f.entity_slug for f in extractor.extract(seg(("user", said)))} == {slug}


def test_the_name_after_a_preposition_of_time_is_still_someone_when_capitalised() -> None:
    surfaces = [(DAWN.title, DAWN.slug, False), ("dawn", DAWN.slug, True)]
    extractor = RulesExtractor(EntityIndex([DAWN], surfaces))
    facts = extractor.extract(seg(("user", "we're meeting at Dawn's flat on the 4th, £20 each")))
    assert [f.entity_slug for f in facts] == [DAWN.slug]


FLAG = Entity("companies/the-white-flag", "The White Flag", "company")


def test_everyday_words_after_a_or_an_name_no_page() -> None:
    surfaces = [(FLAG.title, FLAG.slug, False), ("white flag", FLAG.slug, True)]
    extractor = RulesExtractor(EntityIndex([FLAG], surfaces))
    said = "she sent the flowers as a white flag after the row, £40 worth"
    assert [f.entity_slug for f in extractor.extract(seg(("user", said)))] == [None]
    named = "White Flag confirmed 30 covers for the 9th"
    assert [f.entity_slug for f in extractor.extract(seg(("user", named)))] == [FLAG.slug]


def test_the_article_of_the_noun_after_a_name_leaves_the_name() -> None:
    found = rules(("user", "a widget co invoice came in for £300"))
    assert [entity for _, entity, _ in found] == [WIDGET.slug]


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        (
            "the honey man from Pellbury Apiaries is bringing 6 hives in April",
            "companies/pellbury-apiaries",
        ),
        (
            "we use Quorne Diagnostics for bloods now, courier at 4pm daily",
            "companies/quorne-diagnostics",
        ),
        (
            "Hollowmere Facilities do the cleaning now, £900 a month",
            "companies/hollowmere-facilities",
        ),
        ("Chidera Davies joined the team on monday, £28k", "people/chidera-davies"),
    ],
)
def test_a_trade_that_ends_a_name_makes_it_a_firms(said: str, slug: str) -> None:
    assert slug in {entity for _, entity, _ in rules(("user", said))}


# --- a firm's business, stated by the person who speaks for it ------------------------------

QUILLFIELD = Entity("companies/quillfield-joinery", "Quillfield Joinery", "company")
BRENNA = Entity(
    "people/odalys-quarley",
    "Odalys Quarley",
    "person",
    "she",
    about="Estimator at Quillfield Joinery.",
)


def _firm_rules(text: str) -> list[tuple[str, str | None]]:
    surfaces = [
        ("Quillfield Joinery", QUILLFIELD.slug, False),
        ("Quillfield", QUILLFIELD.slug, True),
        *_page_surfaces(BRENNA, None),
    ]
    extractor = RulesExtractor(EntityIndex([BRENNA, QUILLFIELD], surfaces))
    facts = extractor.extract(seg(("user", text)))
    return [(fact.fact, fact.entity_slug) for fact in facts]


def test_a_firm_s_business_reported_by_its_person_s_pronoun_is_the_firm_s() -> None:
    # "their" is the firm named before: the report is still the firm's, not hers
    said = "Rang Odalys at Quillfield this morning. She says their workshop shuts at 4 on Fridays"
    facts = _firm_rules(said)
    assert facts[-1] == ("She says their workshop shuts at 4 on Fridays", QUILLFIELD.slug)
    # a report of her own life stays hers
    facts = _firm_rules("Rang Odalys this morning. She says their house sale fell through")
    assert facts[-1][1] == BRENNA.slug
    # her name said before, then a report with its subject left out
    facts = _firm_rules("Odalys rang back and confirmed they can fit the stairs on Friday")
    assert facts[-1] == ("confirmed they can fit the stairs on Friday", QUILLFIELD.slug)


@pytest.mark.parametrize(
    "text",
    [
        "Odalys quoted £4,200 for the staircase, labour included",
        "Odalys quoted me £4,200 for the staircase",
        "Odalys says their lead time is six weeks on oak",
        "Odalys wants 12 more doors at the trade price",
        "Odalys is putting oak up from £40 to £46 a metre in March",  # a price by the unit
        "Odalys forwarded the order confirmation: 12 doors, due on the 14th",
    ],
)
def test_a_firm_s_business_stated_by_its_person_is_the_firm_s(text: str) -> None:
    assert [slug for _, slug in _firm_rules(text)] == [QUILLFIELD.slug]


@pytest.mark.parametrize(
    "text",
    [
        "Odalys is off sick this week, she quoted before she left",  # said of her
        "Odalys's daughter starts school in September",  # her family
        "Odalys called about the invoice",  # what she did in person
        "Odalys prefers email to phone calls",  # no money, no trade
        "Odalys ran the 10k on Sunday in 52 minutes",  # money's shape, no trade
        "Odalys earns about 38k",  # her own money
        "Odalys ordered a pizza for everyone at the quiz",  # an everyday order
        "Odalys's gym subscription went up 8%",
        "Odalys's contract ends in March",  # her own contract, no figure
        "Odalys got a great price on a used van",
        "Odalys thinks petrol prices will drop",
        "Odalys told me the price of my MOT was £90",  # the user's own
        "Odalys got 10% off the cinema tickets with a discount code",
        "Odalys is renting a flat now, price is £900 a month",  # the clause after hers
    ],
)
def test_what_is_said_of_the_person_stays_theirs(text: str) -> None:
    assert {slug for _, slug in _firm_rules(text)} <= {BRENNA.slug, None}


@pytest.mark.parametrize(
    ("about", "works_there"),
    [
        ("Estimator at Quillfield Joinery.", True),
        ("Runs Quillfield Joinery with her brother.", False),  # a relative in the clause
        ("Head of sales for Quillfield Joinery; lives in Leeds.", True),
        ("Former estimator at Quillfield Joinery, now freelance.", False),
        ("Our neighbour; her husband runs Quillfield Joinery.", False),
        ("Lives at Quillfield Road, two doors down.", False),
        ("Met her at Quillfield Joinery's open day.", False),  # the firm's, not hers
        ("Estimator at Quillfield Joinery, lives in Leeds.", True),
        ("Partner at Quillfield Joinery.", True),
        ("Estimator at Quillfield Joinery Ltd.", True),
        ("Joined Hartwell from Quillfield Joinery in March.", False),  # a past employer
        ("Customer of Quillfield Joinery.", False),
        ("Plumber from Quillfield, does our boiler.", False),  # where he is from
    ],
)
def test_the_firm_a_person_works_for_is_named_after_a_role(about: str, works_there: bool) -> None:
    person = Entity("people/odalys-quarley", "Odalys Quarley", "person", "she", about=about)
    surfaces = [
        ("Quillfield Joinery", QUILLFIELD.slug, False),
        ("Quillfield", QUILLFIELD.slug, True),
    ]
    index = EntityIndex([person, QUILLFIELD], surfaces)
    assert (index.firm_of(person) == QUILLFIELD) is works_there


def test_a_title_s_qualifier_is_no_name_but_a_name_in_it_is() -> None:
    dana = Entity("people/dana-vrell", "Dana Vrell (accountant)", "person")
    liz = Entity("people/liz-tarn", "Liz Tarn (née Gould)", "person")
    surfaces = {text for text, _, _ in [*_page_surfaces(dana, None), *_page_surfaces(liz, None)]}
    assert {"Dana Vrell", "Vrell", "Liz Tarn", "Gould"} <= surfaces
    assert not any("(" in text or "accountant" in text.casefold() for text in surfaces)


CIDER = Entity("projects/quince-cider", "Quince Cider", "project")


@pytest.mark.parametrize(
    ("said", "entity"),
    [
        # a person's deed on an undertaking: what it yields is the undertaking's
        ("Bob Park pressed the first batch of Quince Cider: 60 litres, 6.2%.", CIDER.slug),
        ("Bob Park is off to Porto for a fortnight.", BOB.slug),  # nothing undertaken
    ],
)
def test_a_persons_deed_on_an_undertaking_is_the_undertakings_fact(said: str, entity: str) -> None:
    entities = [ALICE, BOB, WIDGET, CIDER]
    surfaces = [("Bob Park", BOB.slug, False), ("Quince Cider", CIDER.slug, False)]
    facts = RulesExtractor(EntityIndex(entities, surfaces)).extract(seg(("user", said)))
    assert [f.entity_slug for f in facts] == [entity]


@pytest.mark.parametrize(
    "title", ["St Aldric's", "Nonna Quell's Kitchen", "Quilla's Birthday Party"]
)
def test_an_owners_s_opens_no_kind_of_a_title(title: str) -> None:
    """What is left of "'s" is no word a kind starts with ("the s", "the s kitchen")."""
    for kind in _known_kind(title):
        words = kind.split()
        assert (words[1] if words[0] in ("the", "our") else words[0]) != "s", kind


def test_an_owners_name_has_no_kind() -> None:
    assert _known_kind("St Aldric's") == []
    assert "the birthday party" in _known_kind("Quilla's Birthday Party")


def test_a_title_s_kind_said_as_the_known_one() -> None:
    fete = Entity("projects/tallow-green-fete-2027", "Tallow Green Fete 2027", "project")
    bank = Entity("orgs/eastmere-food-bank", "Eastmere Food Bank", "organization")
    fair = Entity("projects/quenby-craft-fair", "Quenby Craft Fair", "project")
    fair2 = Entity("projects/ollerton-book-fair", "Ollerton Book Fair", "project")
    pages = [fete, bank, fair, fair2]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]

    def about(text: str) -> list[str | None]:
        facts = RulesExtractor(EntityIndex(pages, surfaces)).extract(seg(("user", text)))
        return [fact.entity_slug for fact in facts]

    assert about("The fete made £3,200 gross this year") == [fete.slug]
    assert about("our food bank is short of tinned fish") == [bank.slug]
    assert about("the fair sold out of pitches by June") == [None]  # two fairs: neither
    assert about("a fete in the next village made £900") == [None]  # any fete


@pytest.mark.parametrize(
    ("said", "entity"),
    [
        ("The Vellacott trip is confirmed, 19 singers so far.", "projects/vct"),
        ("our Vellacott trip is now £180 a head", "projects/vct"),
        ("the choir trip is now £180 a head", "projects/vct"),  # a tail, as before
        # no mention of the trip (a noun after the name and head, or no "the"), but its
        # head says which plan is at hand, and what names nobody else is its (_head_nouns)
        ("the Vellacott trip photos are up, 40 of them", "projects/vct"),
        ("Vellacott trip is £180 a head", "projects/vct"),
        ("a trip to the coast is £180 a head", None),  # any trip
    ],
)
def test_a_title_s_name_with_its_head_is_the_known_one(said: str, entity: str | None) -> None:
    trip = Entity("projects/vct", "Vellacott Choir Trip", "project")
    extractor = RulesExtractor(EntityIndex([trip], _page_surfaces(trip, None)))
    assert {fact.entity_slug for fact in extractor.extract(seg(("user", said)))} == {entity}


@pytest.mark.parametrize(
    ("said", "entity"),
    [
        ("Met the Harnell-Ebberly couple about their cake order, 140 guests.", "projects/heo"),
        # the tail alone is anyone's: the rest of the title says whose
        ("Their cake order is up to 140 guests.", None),
        ("Quilla's off to Sam's birthday party on Saturday.", "people/quilla"),  # Sam's
        # no mention, but the one hall the source knows is at hand by its head (_head_nouns)
        ("community hall roof is leaking, £400 to fix.", "places/orrinsby-hall"),
        ("the scout hall gutter is leaking, £400 to fix.", None),  # another hall
    ],
)
def test_a_title_s_tail_with_the_rest_of_its_title_apart(said: str, entity: str | None) -> None:
    pages = [
        Entity("projects/heo", "Harnell–Ebberly cake order", "project"),
        Entity("events/quilla-party", "Quilla's Birthday Party", "event"),
        Entity("people/quilla", "Quilla", "person"),
        Entity("places/orrinsby-hall", "Orrinsby Community Hall", "place"),
    ]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    facts = RulesExtractor(EntityIndex(pages, surfaces)).extract(seg(("user", said)))
    assert {fact.entity_slug for fact in facts} == {entity}


SHOW = [Entity("events/pellwick-show", "Pellwick Summer Show 2027", "event")]
MARKETS = [
    Entity("orgs/quenmoor-market", "Quenmoor Market", "organisation"),
    Entity("events/quenmoor-winter", "Quenmoor Winter Market", "event"),
]
TRIPS = [
    Entity("places/brackle", "Brackle", "place"),
    Entity("events/brackle-choir-trip", "Brackle Choir Trip", "event"),
    Entity("events/brackle-school-trip", "Brackle School Trip", "event"),
]
TALLENTS = [
    Entity("people/morwyn-tallent", "Morwyn Tallent", "person"),
    Entity("places/tallent-holiday-house", "Tallent Holiday House", "place"),
]


@pytest.mark.parametrize(
    ("pages", "said", "entity"),
    [
        # a tail of a title with a year: a noun after it leaves it the page's
        (SHOW, "The summer show raffle raised £600.", SHOW[0].slug),
        # another page's own name: that page's
        (MARKETS, "The Quenmoor Market is moving to Thursdays, 40 stalls.", MARKETS[0].slug),
        # a name and head two pages share: neither's, and the place is left its own
        (TRIPS, "The Brackle trip was cancelled, £40 refunded.", TRIPS[0].slug),
        # a person's family name before the head: that family's
        (
            TALLENTS,
            "Going round to the Tallent house tonight, 7pm, Morwyn's mum.",
            TALLENTS[0].slug,
        ),
    ],
)
def test_a_title_s_name_and_head_leave_what_names_something_else(
    pages: list[Entity], said: str, entity: str
) -> None:
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    facts = RulesExtractor(EntityIndex(pages, surfaces)).extract(seg(("user", said)))
    assert {fact.entity_slug for fact in facts} == {entity}


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Yevka's producing.", ["Yevka's producing."]),  # "is" contracted: a clause
        ("Yevka's away.", ["Yevka's away."]),
        ("Yevka's asleep.", ["Yevka's asleep."]),
        ("Yevka's wedding.", []),  # a noun in "-ing": hers
        ("Which song? Yevka's latest.", []),  # a noun left unsaid
        ("Can't do Saturday, Yevka's away.", ["Can't do Saturday, Yevka's away."]),  # one clause
        ("Yevka's idea.", []),  # a possessive and its noun: no clause
        ("Whose car? Yevka's probably.", []),  # an adverb that says no state
        ("Yevka's car.", []),
        (
            "We're meeting Friday at 7, Yevka's house.",
            ["We're meeting Friday at 7, Yevka's house."],
        ),
    ],
)
def test_a_contracted_is_counts_as_a_word(said: str, kept: list[str]) -> None:
    yevka = Entity("people/yevka-quillane", "Yevka Quillane", "person")
    facts = RulesExtractor(EntityIndex([yevka], _page_surfaces(yevka, None))).extract(
        seg(("user", said))
    )
    assert [fact.fact for fact in facts] == kept


def test_a_pronoun_s_is_adds_to_the_clause_before() -> None:
    facts = rules(("user", "Widget Co owe us for invoice 2231, that's £412."))
    assert [fact for fact, _, _ in facts] == ["Widget Co owe us for invoice 2231, that's £412."]


def test_a_place_where_the_topic_happens_is_not_what_it_is_about() -> None:
    show = Entity("projects/tolland-model-exhibition", "Tolland Model Exhibition", "project")
    hall = Entity("places/tolland-sports-hall", "Tolland Sports Hall", "place")
    pages = [show, hall]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    facts = extractor.extract(
        seg(
            (
                "user",
                "Tolland Model Exhibition is on. We've booked room 2 at the Tolland sports hall.",
            )
        )
    )
    assert [fact.entity_slug for fact in facts] == [show.slug, show.slug]
    # with nothing else at hand, the place is what the clause is about
    alone = extractor.extract(seg(("user", "The roof at the Tolland sports hall leaks.")))
    assert [fact.entity_slug for fact in alone] == [hall.slug]


def test_a_pronoun_for_the_thing_at_hand_keeps_it_beside_a_place() -> None:
    show = Entity("projects/autumn-ceilidh", "Autumn Ceilidh", "project")
    hall = Entity("places/the-boat-house", "The Boat House", "place")
    pages = [show, hall]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    facts = extractor.extract(
        seg(("user", "Planning the Autumn Ceilidh. It's at the Boat House on Saturday 14 March."))
    )
    # "it" is the ceilidh, wherever it is held
    assert [fact.entity_slug for fact in facts] == [show.slug, show.slug]
    # not a dummy "it", a cleft, nor an "it" after something else was brought in
    for said in (
        "It's quiet at the Boat House on weekday evenings.",
        "It's at the Boat House that Sol proposed, years ago.",
        "It used to be at the Boat House before the flood.",
    ):
        facts = extractor.extract(seg(("user", "Planning the Autumn Ceilidh."), ("user", said)))
        assert facts[-1].entity_slug != show.slug, said
    sol = Entity("people/sol-amari", "Sol Amari", "person")
    pages = [show, hall, sol]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    facts = RulesExtractor(EntityIndex(pages, surfaces)).extract(
        seg(
            ("user", "Planning the Autumn Ceilidh. Sol Amari's fiddle is being mended."),
            ("user", "It's at the Boat House workshop."),
        )
    )
    assert facts[-1].entity_slug != show.slug


def test_a_firm_at_hand_is_held_nowhere() -> None:
    """What is on at a place, after a firm was named, is the place's news, not the firm's."""
    firm = Entity("companies/quayward-travel", "Quayward Travel", "company")
    hall = Entity("places/vestby-chapel", "Vestby Chapel", "place")
    show = Entity("projects/autumn-ceilidh", "Autumn Ceilidh", "project")
    pages = [firm, hall, show]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    said = "The gala concert is at Vestby Chapel on the 9th."
    facts = extractor.extract(seg(("user", "Quayward Travel sent the schedule. " + said)))
    assert [fact.entity_slug for fact in facts] == [firm.slug, hall.slug]
    # a project at hand is held there: its news
    facts = extractor.extract(seg(("user", "Planning the Autumn Ceilidh. " + said)))
    assert [fact.entity_slug for fact in facts] == [show.slug, show.slug]
    # what the clause calls the firm's own is held by it
    facts = extractor.extract(
        seg(("user", "Quayward Travel rang. Their staff party is at Vestby Chapel on Friday."))
    )
    assert [fact.entity_slug for fact in facts] == [firm.slug, firm.slug]
    # and so is the user's own club's
    club = Entity("companies/kelbrook-rovers", "Kelbrook Rovers", "company", users_own=True)
    pages = [club, hall]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    facts = RulesExtractor(EntityIndex(pages, surfaces)).extract(
        seg(("user", "Kelbrook Rovers sent the fixtures. The AGM is at Vestby Chapel on Friday."))
    )
    assert [fact.entity_slug for fact in facts] == [club.slug, club.slug]


def test_a_body_someone_by_a_given_name_is_from_leaves_the_topic_as_it_was() -> None:
    room = Entity("projects/garden-studio", "Garden Studio", "project")
    firm = Entity("companies/larkhill-joinery", "Larkhill Joinery", "company")
    pages = [room, firm]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    surfaces += [("Larkhill", firm.slug, False)]
    facts = RulesExtractor(EntityIndex(pages, surfaces)).extract(
        seg(
            (
                "user",
                "The Garden Studio is behind. Tobin from Larkhill came round with the"
                " drawings. The steel arrives Monday.",
            )
        )
    )
    assert facts[-1].entity_slug == room.slug


def test_a_body_a_person_is_from_leaves_the_topic_as_it_was() -> None:
    room = Entity("projects/garden-studio", "Garden Studio", "project")
    firm = Entity("companies/larkhill-joinery", "Larkhill Joinery", "company")
    tobin = Entity("people/tobin-quarry", "Tobin Quarry", "person")
    pages = [room, firm, tobin]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    surfaces += [("Larkhill", firm.slug, False), ("Tobin", tobin.slug, False)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    facts = extractor.extract(
        seg(
            ("user", "Right, Garden Studio update. Tobin from Larkhill came round with plans."),
            ("user", "Footings go in on the 4th of June."),
        )
    )
    assert facts[-1].entity_slug == room.slug


def test_an_alias_given_in_lowercase_is_the_everyday_word_as_often() -> None:
    sunny = Entity("people/sunny-adeyemi", "Sunny Adeyemi", "person")
    august = Entity("companies/august-stone", "August Stone", "company")
    pages = [sunny, august]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    surfaces += [("sunny", sunny.slug, True), ("august", august.slug, True)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    said = [
        "If it's sunny on Sunday we'll ride the coast path instead.",
        "We're full until August now, so new bookings wait till autumn.",
    ]
    for text in said:
        assert [fact.entity_slug for fact in extractor.extract(seg(("user", text)))] == [None]
    named = extractor.extract(seg(("user", "sunny says the track is muddy after the rain.")))
    assert [fact.entity_slug for fact in named] == [sunny.slug]
    named = extractor.extract(seg(("user", "got a text from sunny, she's off till May.")))
    assert {fact.entity_slug for fact in named} == {sunny.slug}
    for text in (
        "It's sunny's turn to wash the kit on Friday.",  # her turn
        "Big news about sunny: she's been made captain.",
        "Can you remind me to pay sunny £40 on Friday.",
    ):
        named = extractor.extract(seg(("user", text)))
        assert named[0].entity_slug == sunny.slug, text
    named = extractor.extract(seg(("user", "August have sent the worktop quote, £2,400.")))
    assert [fact.entity_slug for fact in named] == [august.slug]


def test_a_plans_name_in_lowercase_before_a_noun_is_the_plan() -> None:
    plan = Entity("projects/lodestar", "Lodestar", "project")
    extractor = RulesExtractor(EntityIndex([plan], _page_surfaces(plan, None)))
    facts = extractor.extract(seg(("user", "lodestar dinner moved to Thursday, 7pm.")))
    assert [fact.entity_slug for fact in facts] == [plan.slug]


def test_a_places_alias_in_lowercase_is_the_place_but_not_the_counted_noun() -> None:
    pub = Entity("places/the-feathers-inn", "The Feathers Inn", "place")
    surfaces = [*_page_surfaces(pub, None), ("feathers", pub.slug, True)]
    extractor = RulesExtractor(EntityIndex([pub], surfaces))
    for text in (
        "The quiz at the feathers is on Thursday, £2 a head.",
        "feathers has a new beer garden, 40 covers.",
    ):
        assert extractor.extract(seg(("user", text)))[0].entity_slug == pub.slug, text
    for text in (
        "I've ruffled some feathers at work this week, 3 complaints.",
        "The hens are losing their feathers, 2 of them bald.",
    ):
        assert extractor.extract(seg(("user", text)))[0].entity_slug is None, text


def test_a_value_under_its_own_name_after_a_clause_is_a_fact_of_its_own() -> None:
    facts = rules(("user", "Widget Co claim ref is WC-1182, excess £250."))
    assert [(text, entity) for text, entity, _ in facts] == [
        ("Widget Co claim ref is WC-1182", WIDGET.slug),
        ("excess £250.", WIDGET.slug),
    ]
    # the clause's own amount said again is no label
    again = rules(("user", "Widget Co will renew for another year, same £600."))
    assert len(again) == 1


def test_a_turn_headed_as_news_of_a_page_is_about_it() -> None:
    tour = Entity("projects/galway-tour-2027", "Galway Tour 2027", "project")
    club = Entity("orgs/tollard-road-rfc", "Tollard Road RFC", "organization", users_own=True)
    pages = [tour, club]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    surfaces += [("the tour", tour.slug, True), ("rfc", club.slug, False)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    facts = extractor.extract(
        seg(
            ("user", "Tour news: we're up against Brackla RFC in the final."),
            ("user", "Deposit is £90 each, due 2 May."),
        )
    )
    assert facts and {fact.entity_slug for fact in facts} == {tour.slug}
    # with no heading, the club's note stays the club's
    plain = extractor.extract(seg(("user", "Deposit is £90 each, due 2 May.")))
    assert plain and {fact.entity_slug for fact in plain} == {club.slug}


def test_another_bodys_acronym_is_not_the_page_that_ends_in_it() -> None:
    club = Entity("orgs/tollard-road-rfc", "Tollard Road RFC", "organization")
    surfaces = [*_page_surfaces(club, None), ("rfc", club.slug, False)]
    extractor = RulesExtractor(EntityIndex([club], surfaces))
    said = "We lost 24-17 to Brackla RFC on Saturday."
    assert [fact.entity_slug for fact in extractor.extract(seg(("user", said)))] == [None]
    said = "Tollard RFC won 24-17 on Saturday."
    assert [fact.entity_slug for fact in extractor.extract(seg(("user", said)))] == [club.slug]


def test_what_a_plans_organiser_does_with_a_figure_is_their_own_doing() -> None:
    """The one named doing it is who the fact is about, whoever's plan it serves."""
    reunion = Entity("projects/vessey-reunion", "Vessey Reunion", "project")
    hesper = Entity(
        "people/hesper-vessey", "Hesper Vessey", "person", about="Organising the Vessey reunion."
    )
    other = Entity("people/odran-pell", "Odran Pell", "person", about="A cousin.")
    pages = [reunion, hesper, other]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))

    def about(*said: str) -> list[str | None]:
        turns = [("user", "Vessey Reunion is coming together."), *(("user", s) for s in said)]
        return [fact.entity_slug for fact in extractor.extract(seg(*turns))][1:]

    assert about("Hesper Vessey set the dates: 5-7 September.") == [hesper.slug]
    assert about("Odran Pell set the dates: 5-7 September.") == [other.slug]
    assert about("hesper's booking 12 rooms at the inn by friday") == [hesper.slug]
    assert about("The dates are set: 5-7 September.") == [reunion.slug]  # nobody named: the plan's
    assert about("Hesper Vessey is off work for 3 weeks after her knee surgery.") == [hesper.slug]


def test_a_figure_set_against_the_one_before_stays_with_it() -> None:
    facts = rules(("user", "Widget Co licence fee came to £1,380, down from £1,520."))
    assert [(text, entity) for text, entity, _ in facts] == [
        ("Widget Co licence fee came to £1,380, down from £1,520.", WIDGET.slug)
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Widget Co renewed the support plan — £1,200.",
        "Widget Co subs are staying at £6 a session, £4 for juniors.",
    ],
)
def test_an_amount_standing_after_its_clause_stays_with_it(said: str) -> None:
    assert [(text, entity) for text, entity, _ in rules(("user", said))] == [(said, WIDGET.slug)]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Bob Park also does a raffle stall at Quenby fair, might drop by ours too.",
            "Bob Park also does a raffle stall at Quenby fair",
        ),  # a later clause with its subject left out, hedged alone
        (
            "Bob Park is very strict about tidy pitches, so I might sit that one out.",
            "Bob Park is very strict about tidy pitches",
        ),  # the user's own plan, hedged alone
        ("Bob Park is moving to Porto in May, I might be wrong.", None),  # doubt of it all
    ],
)
def test_a_hedge_in_a_later_clause_hedges_only_that_clause(said: str, kept: str | None) -> None:
    facts = [text for text, _, _ in rules(("user", said))]
    assert facts == ([kept] if kept else [])


def test_days_joined_by_and_are_one_list() -> None:
    facts = rules(
        ("user", "Bob Park will take the Monday and Wednesday classes. wait no, Monday and Friday.")
    )
    assert [(text, entity) for text, entity, _ in facts] == [("Monday and Friday.", BOB.slug)]


def test_the_users_decision_is_no_persons_for_being_named_last() -> None:
    facts = rules(
        ("user", "Bob Park joins the night shift on Monday."),
        ("user", "I agreed to limit trial members to 3 sessions each."),
    )
    assert facts[-1][:2] == ("I agreed to limit trial members to 3 sessions each.", None)


def test_a_figure_a_person_reports_is_the_topics() -> None:
    show = Entity("projects/quenby-pumpkin-show", "Quenby Pumpkin Show", "project")
    ysane = Entity("people/ysane-arnesen", "Ysane Arnesen", "person")
    pages = [show, ysane]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]

    def about(*texts: str) -> list[str | None]:
        facts = RulesExtractor(EntityIndex(pages, surfaces)).extract(
            seg(*[("user", text) for text in texts])
        )
        return [fact.entity_slug for fact in facts]

    said = "Quenby Pumpkin Show planning tonight."
    # what she reports names nothing: the show at hand
    assert about(said, "Ysane Arnesen says the weigh-in closes on 12 October.")[-1] == show.slug
    # about herself, or with no figure: hers
    assert about(said, "Ysane Arnesen says she can judge on 12 October.")[-1] == ysane.slug
    assert about(said, "Ysane Arnesen says the marrows look better than ever.")[-1] == ysane.slug


# --- review: places where the topic happens, relatives named in full ---


def test_a_relative_named_in_full_later_is_the_one_introduced() -> None:
    facts = rules(
        ("user", "Bob Park is away."),
        ("user", "His wife Ffion Park is covering the allotment."),
        ("user", "Ffion Park says the leeks are ready."),
        ("user", "Ffion says the beans are done too."),
    )
    # one person, one page: named in full, then by her given name
    assert facts[1][1] == facts[2][1] == facts[3][1] == "people/ffion-park"


def test_a_kind_word_with_its_own_complement_is_not_the_project() -> None:
    cup = Entity("events/tolland-harbour-cup", "Tolland Harbour Cup", "event")
    launch = Entity("projects/ardwyn-book-launch", "Ardwyn Book Launch", "project")
    plan = Entity(
        "projects/orchard-lane-planning-application", "Orchard Lane Planning Application", "project"
    )
    pages = [cup, launch, plan]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]

    def about(text: str) -> list[str | None]:
        facts = RulesExtractor(EntityIndex(pages, surfaces)).extract(seg(("user", text)))
        return [fact.entity_slug for fact in facts]

    assert about("The cup of tea at the station cost £3.80.") == [None]
    assert about("The launch of the new iPhone is on the 9th.") == [None]
    assert about("The application for my passport renewal went in on Monday.") == [None]


def test_the_project_is_the_one_being_talked_about() -> None:
    kestrel = Entity("projects/kestrel-project", "Kestrel Project", "project")
    orchard = Entity("projects/orchard-lane-extension", "Orchard Lane Extension", "project")
    show = Entity("events/marrowdene-village-show", "Marrowdene Village Show", "event")
    bob = Entity("people/bob-park", "Bob Park", "person")
    pages = [kestrel, orchard, show, bob]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    facts = extractor.extract(
        seg(
            ("user", "Orchard Lane Extension: the builders start Monday."),
            ("user", "The project is already £2k over budget."),
        )
    )
    assert [fact.entity_slug for fact in facts] == [orchard.slug, orchard.slug]
    facts = extractor.extract(seg(("user", "Bob Park said the show was brilliant.")))
    assert [fact.entity_slug for fact in facts] == [bob.slug]


def test_a_place_after_in_or_at_is_not_handed_to_an_unrelated_earlier_entity() -> None:
    firm = Entity("companies/corvenna-analytics", "Corvenna Analytics", "company")
    cottage = Entity("places/wendlecombe-cottage", "Wendlecombe Cottage", "place")
    barn = Entity("places/ardwyn-barn", "Ardwyn Barn", "place")
    pages = [firm, cottage, barn]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    facts = extractor.extract(
        seg(
            ("user", "Corvenna Analytics renewed my contract."),
            ("user", "The boiler in Wendlecombe Cottage is broken again."),
        )
    )
    assert [fact.entity_slug for fact in facts] == [firm.slug, cottage.slug]
    facts = extractor.extract(
        seg(
            ("user", "We viewed Wendlecombe Cottage on Saturday."),
            ("user", "The roof at Ardwyn Barn is in a worse state."),
        )
    )
    assert [fact.entity_slug for fact in facts] == [cottage.slug, barn.slug]


# --- second review: labelled values, pronoun subjects, places that do not take over ---


@pytest.mark.parametrize("said", ["Excess £250, Widget Co says.", "Deposit £50, Bob Park reckons."])
def test_a_labelled_value_before_its_reporter_stays_with_the_reporter(said: str) -> None:
    facts = rules(("user", said))
    assert all(entity is not None for _, entity, _ in facts)
    assert any("£" in text and entity is not None for text, entity, _ in facts)


@pytest.mark.parametrize(
    "said",
    [
        "Widget Co quoted £1,200, plus £150.",
        "Bob Park's rent goes up in May, extra £50.",
        "Widget Co will fix the repair, ballpark £300.",
    ],
)
def test_an_amount_that_qualifies_its_clause_is_not_a_fact_of_its_own(said: str) -> None:
    assert [(text, entity) for text, entity, _ in rules(("user", said))] == [
        (said, BOB.slug if "Bob" in said else WIDGET.slug)
    ]


def test_another_persons_share_is_not_filed_as_a_labelled_value_of_the_first() -> None:
    facts = rules(("user", "Alice Example paid £30 for the tickets, Bob £20."))
    assert ("Bob £20.", ALICE.slug) not in [(text, entity) for text, entity, _ in facts]


@pytest.mark.parametrize(
    "said",
    [
        "He has quit Quince Cider to look after his mum.",
        "He has left Quince Cider for good.",
        "He fell off a ladder fixing the Quince Cider signs and broke his wrist.",
    ],
)
def test_what_befalls_a_pronoun_subject_stays_theirs_when_a_plan_is_named(said: str) -> None:
    entities = [ALICE, BOB, WIDGET, CIDER]
    surfaces = [("Bob Park", BOB.slug, False), ("Quince Cider", CIDER.slug, False)]
    extractor = RulesExtractor(EntityIndex(entities, surfaces))
    facts = extractor.extract(seg(("user", "Bob Park came by the shop."), ("user", said)))
    assert [fact.entity_slug for fact in facts[1:]] == [BOB.slug] * (len(facts) - 1)


def test_a_pronoun_subjects_own_state_is_theirs_when_a_plan_is_named() -> None:
    entities = [ALICE, BOB, WIDGET, CIDER]
    surfaces = [("Alice Example", ALICE.slug, False), ("Quince Cider", CIDER.slug, False)]
    extractor = RulesExtractor(EntityIndex(entities, surfaces))
    facts = extractor.extract(
        seg(
            ("user", "Alice Example rang."),
            ("user", "She's been too ill to help with Quince Cider since March."),
        )
    )
    assert facts[-1].entity_slug == ALICE.slug


def test_a_place_where_something_was_done_does_not_take_over_the_firms_later_facts() -> None:
    barn = Entity("places/ardwyn-barn", "Ardwyn Barn", "place")
    pages = [WIDGET, barn]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    facts = extractor.extract(
        seg(
            ("user", "Widget Co renewed my contract."),
            ("user", "We signed it at Ardwyn Barn on Friday."),
            ("user", "The day rate is £550 now."),
        )
    )
    assert facts[-1].entity_slug == WIDGET.slug


# --- third review: acronyms after an opener, headings, labels ---


@pytest.mark.parametrize(
    "said",
    [
        "Called HMRC today, they owe me £340.",
        "Paid HMRC £1,200 yesterday.",
        "Told HMRC my new address on Monday.",
    ],
)
def test_an_acronym_title_after_a_sentence_opening_verb_still_names_its_page(said: str) -> None:
    hmrc = Entity("orgs/hmrc", "HMRC", "organization")
    extractor = RulesExtractor(EntityIndex([hmrc], _page_surfaces(hmrc, None)))
    facts = extractor.extract(seg(("user", said)))
    assert facts and {fact.entity_slug for fact in facts} == {hmrc.slug}


@pytest.mark.parametrize(
    "said",
    [
        "Saturday PTA meeting moved to 4pm.",
        "March PTA meeting is on the 4th.",
        "Next PTA meeting is on 4 March.",
        "Annual PTA quiz is on 4 March at 7pm.",
        "Paid PTA subs today, £15.",
    ],
)
def test_a_capitalised_opener_before_a_pages_acronym_is_no_other_body(said: str) -> None:
    pta = Entity("orgs/hartfield-primary-pta", "Hartfield Primary PTA", "organization")
    surfaces = [*_page_surfaces(pta, None), ("pta", pta.slug, False)]
    facts = RulesExtractor(EntityIndex([pta], surfaces)).extract(seg(("user", said)))
    assert [fact.entity_slug for fact in facts] == [pta.slug]


def test_a_later_heading_in_the_turn_ends_the_first_ones_topic() -> None:
    tour = Entity("projects/galway-tour-2027", "Galway Tour 2027", "project")
    club = Entity(
        "orgs/tollard-rowing-club",
        "Tollard Rowing Club",
        "organization",
        users_own=True,
        body="club",
    )
    pages = [tour, club]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    surfaces += [("the tour", tour.slug, True)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    # a later heading in the same turn turns to the club's news
    said = "Tour news: flights are booked. Club news: Subs rise to £140 in May."
    facts = extractor.extract(seg(("user", said)))
    assert [fact.entity_slug for fact in facts] == [tour.slug, club.slug]
    # (a heading's topic lasts into later turns, as any topic named does)


def test_a_labelled_value_is_not_handed_to_whoever_the_next_piece_names() -> None:
    facts = rules(("user", "Widget Co claim ref is WC-1182, excess £250, payable by Bob Park."))
    excess = [entity for text, entity, _ in facts if "excess" in text]
    assert excess == [WIDGET.slug]


@pytest.mark.parametrize(
    "said",
    [
        "Alice Example split the bill with Bob Park, him £30.",
        "Bob Park owes Alice Example £30 for the tickets, me £20.",
        "Bob Park and Alice Example are sharing the cottage, each £300.",
    ],
)
def test_a_pronoun_or_determiner_before_an_amount_is_no_label(said: str) -> None:
    assert {fact for fact, _, _ in rules(("user", said))} == {said}  # once for each subject


def test_a_fragment_after_a_statement_is_a_fact_about_the_same_entity() -> None:
    facts = rules(
        ("user", "Alice Example is moving to part-time in May. Tuesdays and Fridays only")
    )
    assert ("Tuesdays and Fridays only", ALICE.slug, None) in facts
    facts = rules(("user", "Bob Park hired the van. Nine seats, back by six"))
    assert ("Nine seats, back by six", BOB.slug, None) in facts


@pytest.mark.parametrize(
    "said",
    [
        "Bob Park is printing the menus, 300 of them",
        "Bob Park's repainting the porch, two coats and a primer",
        "Bob Park rang about the flat on Monday, a leak under the sink",
        "Bob Park is moving out, end of May.",  # "May" the month, not the modal
    ],
)
def test_a_phrase_after_a_statement_is_part_of_its_fact(said: str) -> None:
    """A phrase with no verb after a clause says more of that clause's fact."""
    assert [(fact, slug) for fact, slug, _ in rules(("user", said))] == [(said, BOB.slug)]


@pytest.mark.parametrize(
    ("said", "first"),
    [
        # a value under a name of its own is a fact of its own
        ("Bob Park's claim ref is WC-1182, excess £250", "Bob Park's claim ref is WC-1182"),
        ("Bob Park's gate code is 4471, alarm code 9902.", "Bob Park's gate code is 4471"),
        ("Bob Park's flat is set up, burglar alarm code 4417.", "Bob Park's flat is set up"),
        ("Bob Park's room is £95 a night, parking £12 extra.", "Bob Park's room is £95 a night"),
        # phrases listed one after another follow no statement
        ("Bob Park's new flat: top floor, 60 sq m, 2 bedrooms", "Bob Park's new flat: top floor"),
    ],
)
def test_a_phrase_that_is_no_part_of_the_statement_before_stays_apart(
    said: str, first: str
) -> None:
    facts = [fact for fact, _, _ in rules(("user", said))]
    assert len(facts) >= 2
    assert facts[0] == first


def test_a_phrase_naming_someone_else_is_about_them() -> None:
    facts = rules(("user", "Bob Park is helping on the stall, Alice Example too"))
    assert [slug for _, slug, _ in facts] == [BOB.slug, ALICE.slug]


def test_a_weekday_every_week_is_a_date() -> None:
    """ "Sundays", "Wednesdays and Fridays": a day each week dates a fact as a day does."""
    facts = rules(("user", "Bob Park does the late shifts, I do mornings and Saturdays."))
    assert ("I do mornings and Saturdays.", None) in [(text, slug) for text, slug, _ in facts]
    # days listed after "and" open no clause of their own
    said = "Bob Park is in on Mondays and Thursdays from March."
    assert [text for text, _, _ in rules(("user", said))] == [said]


@pytest.mark.parametrize(
    "fragment",
    [
        "Could go either way, probably.",  # a guess
        "Not great honestly",  # a reaction
        "Good chat overall.",  # a verdict
        "The rates are too steep for now.",  # a clause of its own
        "Where were we.",
        "Thanks a million, truly.",
        "Really, Fridays?",  # a question
    ],
)
def test_a_fragment_that_adds_no_fact_stays_out(fragment: str) -> None:
    facts = rules(("user", f"Bob Park hired the van. {fragment}"))
    assert [text for text, _, _ in facts] == ["Bob Park hired the van."]


@pytest.mark.parametrize(
    "aside",
    [
        "Need to get the kettle descaled too.",  # the user's own, subject left out
        "Anyway, back to the garden plans.",  # a change of subject
        "Except the espresso machine, obviously.",
        "Ugh, so much to sort before then.",
        "Such a relief for everyone.",
        "Honestly, what a week.",  # a reaction, with a comma or a capital in it
        "Praise be for that.",
        "Merry Christmas to all.",
        "About time, frankly.",
        "Hence the cake, lol.",
        "Milk, eggs, bread, bin liners.",  # a list of the user's own
    ],
)
def test_an_aside_after_a_statement_is_no_fact_about_its_entity(aside: str) -> None:
    facts = rules(("user", f"Alice Example is moving to part-time in May. {aside}"))
    assert [(text, entity) for text, entity, _ in facts] == [
        ("Alice Example is moving to part-time in May.", ALICE.slug)
    ]


def test_a_place_named_after_at_yields_to_anyone_else_the_clause_names() -> None:
    tegwen = Entity("people/tegwen-quillon", "Tegwen Quillon", "person")
    church = Entity("places/st-marricks-church", "St Marrick's Church", "place")
    pages = [tegwen, church]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    surfaces += [("Tegwen", tegwen.slug, True), ("St Marrick's", church.slug, False)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    said = "We've booked Tegwen's christening at St Marrick's for Sunday 4 May, the 10:30 service."
    facts = extractor.extract(seg(("user", said)))
    assert {fact.entity_slug for fact in facts} == {tegwen.slug}
    alone = extractor.extract(seg(("user", "The heating at St Marrick's is broken again.")))
    assert [fact.entity_slug for fact in alone] == [church.slug]


@pytest.mark.parametrize(
    "said",
    [
        "Parking at Marrick Hall is a nightmare, Bob Park says.",
        "The quiz at Marrick Hall moved to Tuesdays because Bob Park complained.",
        "The lifts in Marrick Hall have been broken since Bob Park's visit in March.",
    ],
)
def test_a_place_keeps_its_fact_from_a_person_named_after_it(said: str) -> None:
    hall = Entity("places/marrick-hall", "Marrick Hall", "place")
    pages = [BOB, hall]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    facts = RulesExtractor(EntityIndex(pages, surfaces)).extract(seg(("user", said)))
    assert facts[0].entity_slug == hall.slug
    assert "Marrick Hall" in facts[0].fact


def test_an_occasion_at_a_place_is_its_owners_and_never_a_reporters() -> None:
    tegwen = Entity("people/tegwen-quillon", "Tegwen Quillon", "person")
    church = Entity("places/st-marricks-church", "St Marrick's Church", "place")
    pages = [tegwen, church, BOB]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    surfaces += [("Tegwen", tegwen.slug, True), ("St Marrick's", church.slug, False)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))

    def about(said: str) -> list[str | None]:
        return [fact.entity_slug for fact in extractor.extract(seg(("user", said)))]

    assert about("Tegwen's party at St Marrick's was great, Bob Park says.")[0] == tegwen.slug
    tip = "Tegwen's tip was spot on: dinner at St Marrick's, where the set menu is 25 pounds."
    assert church.slug in about(tip)


@pytest.mark.parametrize(
    ("said", "entities"),
    [
        # what "we" did, right after the sentence named the undertaking, is the undertaking's
        (
            "Pressing day for Quince Cider went well, we filled 48 bottles in the end.",
            [CIDER.slug, CIDER.slug],
        ),
        # a place named first is where, not what "we" report on
        (
            "Pressing day at the Orchard Barn went well, we filled 48 bottles.",
            ["places/orchard-barn", None],
        ),
        # a person named first: "we" is the user and company
        ("Bob Park came round yesterday, we filled 48 bottles.", [BOB.slug, None]),
        # a firm named first: its call is no news of what "we" do
        ("Widget Co rang about my pension, we're selling the house.", [WIDGET.slug, None]),
        # nor is a household's own news the undertaking's, nor a "we" with no count in it
        ("Quince Cider is sorted, we're having a baby in October!", [CIDER.slug, None]),
        ("Quince Cider was busy, we're off to bed now.", [CIDER.slug, None]),
    ],
)
def test_a_we_after_the_undertaking_its_sentence_named(
    said: str, entities: list[str | None]
) -> None:
    barn = Entity("places/orchard-barn", "Orchard Barn", "place")
    pages = [ALICE, BOB, WIDGET, CIDER, barn]
    surfaces = [
        ("Widget Co", WIDGET.slug, False),
        ("Bob Park", BOB.slug, False),
        ("Quince Cider", CIDER.slug, False),
        ("Orchard Barn", barn.slug, False),
    ]
    facts = RulesExtractor(EntityIndex(pages, surfaces)).extract(seg(("user", said)))
    assert [f.entity_slug for f in facts] == entities


@pytest.mark.parametrize(
    ("said", "entity"),
    [
        ("Bob Park's birthday falls on the Quince Cider pressing day.", BOB.slug),  # his own
        ("Bob Park's knee op is the week Quince Cider bottles.", BOB.slug),
        ("Bob Park's quote for Quince Cider is £300.", CIDER.slug),  # his quote: the cider's
        ("Bob Park's birthday present for Alice Example arrived.", ALICE.slug),  # hers
    ],
)
def test_a_persons_own_matter_is_theirs_whatever_else_it_names(said: str, entity: str) -> None:
    surfaces = [
        ("Alice Example", ALICE.slug, False),
        ("Bob Park", BOB.slug, False),
        ("Quince Cider", CIDER.slug, False),
    ]
    extractor = RulesExtractor(EntityIndex([ALICE, BOB, WIDGET, CIDER], surfaces))
    facts = extractor.extract(seg(("user", "Quince Cider notes."), ("user", said)))
    assert [f.entity_slug for f in facts][-1] == entity


def test_who_someones_relation_is_is_their_fact() -> None:
    """ "her tutor is Mr Brisley" says who Alice's tutor is: hers; a wife is a "she" after."""
    facts = rules(
        ("user", "Alice moved up a year, her tutor is Mr Brisley."),
        ("user", "She's nervous about it."),
        ("user", "Bob Park's wife is Isolde Zdun, she runs the cafe on Mill Lane."),
    )
    about = {fact: slug for fact, slug, _ in facts}
    assert about["her tutor is Mr Brisley."] == ALICE.slug
    assert about["She's nervous about it."] == ALICE.slug  # a teacher says no "she"
    assert about["Bob Park's wife is Isolde Zdun"] == BOB.slug
    assert about["she runs the cafe on Mill Lane."] == "people/isolde-zdun"


@pytest.mark.parametrize(
    ("said", "owner"),
    [
        # "her" may be the daughter, who has no page: who her tutor is stays the tutor's
        ("Alice's daughter started school. Her tutor is Mr Brisley.", "people/mr-brisley"),
        # no name after the "is": no relation named
        ("Bob Park's husband is at Widget Co with Alice now.", WIDGET.slug),
    ],
)
def test_a_relation_only_when_its_owner_and_name_are_plain(said: str, owner: str) -> None:
    assert [slug for _, slug, _ in rules(("user", said))][-1] == owner


def test_after_a_relation_a_pronoun_means_whom_the_title_says() -> None:
    facts = rules(("user", "Bob Park's consultant is Mr Brisley, he's operating on the 4th."))
    assert [slug for _, slug, _ in facts] == [BOB.slug, "people/mr-brisley"]


@pytest.mark.parametrize(
    "heading", ["ok quince fair planning.", "Quince fair prep:", "Right, quince fair debrief!"]
)
def test_a_heading_alone_opens_its_topic(heading: str) -> None:
    """A sentence that is only "<topic> planning" heads what follows, as "<topic> news:" does."""
    fair = Entity("projects/tolland-quince-fair", "Tolland Quince Fair", "project")
    extractor = RulesExtractor(EntityIndex([fair], list(_page_surfaces(fair, None))))
    facts = extractor.extract(seg(("user", f"{heading} Doors at 2, entry £3.")))
    assert [fact.entity_slug for fact in facts] == [fair.slug, fair.slug]


def test_a_sentence_that_goes_on_is_no_heading_but_its_head_puts_the_page_at_hand() -> None:
    """ "Fair meeting tonight." heads nothing, but "fair" says which plan is at hand."""
    fair = Entity("projects/tolland-quince-fair", "Tolland Quince Fair", "project")
    extractor = RulesExtractor(EntityIndex([fair], list(_page_surfaces(fair, None))))
    facts = extractor.extract(seg(("user", "Fair meeting tonight. Doors at 2, entry £3.")))
    assert facts and {fact.entity_slug for fact in facts} == {fair.slug}


@pytest.mark.parametrize("aside", ["So much prep!", "Good news!", "Quick update."])
def test_a_sentence_that_only_looks_like_a_heading_keeps_the_topic(aside: str) -> None:
    fair = Entity("projects/tolland-quince-fair", "Tolland Quince Fair", "project")
    extractor = RulesExtractor(EntityIndex([fair], list(_page_surfaces(fair, None))))
    said = ("user", f"Tolland Quince Fair news: 40 tickets sold. {aside} The marquee is £300.")
    assert [fact.entity_slug for fact in extractor.extract(seg(said))][-1] == fair.slug


def test_a_heading_alone_naming_two_pages_opens_neither() -> None:
    fair = Entity("projects/tolland-quince-fair", "Tolland Quince Fair", "project")
    regatta = Entity("projects/tolland-regatta", "Tolland Regatta", "project")
    surfaces = [s for page in (fair, regatta) for s in _page_surfaces(page, None)]
    extractor = RulesExtractor(EntityIndex([fair, regatta], surfaces))
    facts = extractor.extract(seg(("user", "Quince fair and regatta prep. We need 30 chairs.")))
    assert [fact.entity_slug for fact in facts] == [None]


@pytest.mark.parametrize(
    "said",
    [
        "Bob Park collects Mondays, Wednesdays and Fridays.",  # a list of days: one fact
        "Mondays and Tuesdays are quiet at Widget Co.",  # the days together are the subject
    ],
)
def test_days_listed_stay_in_their_clause(said: str) -> None:
    assert [text for text, _, _ in rules(("user", said))] == [said]


def test_a_weekday_is_no_family_name() -> None:
    facts = rules(("user", "I see Bob Tuesdays, Fridays and Sundays."))
    assert "people/bob-tuesdays" not in [slug for _, slug, _ in facts]


@pytest.mark.parametrize("said", ["No, I won't.", "I won't lie, it was a slog.", "We won't."])
def test_a_refusal_with_nothing_refused_is_no_commitment(said: str) -> None:
    assert classify(said) != "commitment"


# --- a firm named after its owner, a time's possessive, a message passed on -----------------

TALLIS_FIRM = Entity("companies/tallis-nurseries", "Tallis Nurseries", "company")
MERRIN_TALLIS = Entity(
    "people/merrin-tallis", "Merrin Tallis", "person", "she", about="Owner of Tallis Nurseries."
)
ORVID = Entity(
    "people/orvid-penhale",
    "Orvid Penhale",
    "person",
    "he",
    about="Yard manager at Tallis Nurseries.",
)
SHOW = Entity("events/kelmscott-bulb-show", "Kelmscott Bulb Show", "event")


def _nursery_facts(*texts: str) -> list[tuple[str, str | None]]:
    pages = [TALLIS_FIRM, MERRIN_TALLIS, ORVID, SHOW]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    surfaces += [("tallis", TALLIS_FIRM.slug, True), ("orvid", ORVID.slug, True)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    facts = extractor.extract(seg(*[("user", text) for text in texts]))
    return [(fact.fact, fact.entity_slug) for fact in facts]


def test_a_firm_s_alias_is_the_firm_though_its_owner_has_that_family_name() -> None:
    said = "tallis are selling seed trays at 3 for £10 from Monday"
    assert _nursery_facts(said) == [(said, TALLIS_FIRM.slug)]
    # with an honorific the name is the family's again, and the full name is always hers
    assert [slug for _, slug in _nursery_facts("Mrs Tallis rang about the invoice")] == [
        MERRIN_TALLIS.slug
    ]
    assert [slug for _, slug in _nursery_facts("Merrin Tallis is retiring in June")] == [
        MERRIN_TALLIS.slug
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Mr Tallis delivered the compost",  # "Mr" of a page the name data says is a woman's
        "Dr Tallis is retiring",  # a title that says neither
    ],
)
def test_an_honorific_the_person_does_not_take_is_someone_else(said: str) -> None:
    assert [slug for _, slug in _nursery_facts(said)] not in (
        [MERRIN_TALLIS.slug],
        [TALLIS_FIRM.slug],
    )


def test_a_name_two_people_share_stays_shared_though_one_was_given_it() -> None:
    pages = [MERRIN_TALLIS, ORVID]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    surfaces += [("tallis", ORVID.slug, True)]  # a nickname given to another person
    extractor = RulesExtractor(EntityIndex(pages, surfaces))
    facts = extractor.extract(seg(("user", "tallis is off to Leeds on the 4th")))
    assert [fact.entity_slug for fact in facts] == [None]


@pytest.mark.parametrize(
    "said",
    [
        "this year's bulb show is on Saturday 14 March",
        "next year's bulb show moves to the 20th",
        "tonight's bulb show committee meets at 7",
    ],
)
def test_a_time_s_possessive_makes_a_title_s_tail_the_known_one(said: str) -> None:
    assert [slug for _, slug in _nursery_facts(said)] == [SHOW.slug]


def test_a_title_s_tail_after_someone_s_possessive_is_not_the_page() -> None:
    said = "my sister's bulb show entry got a second place at 4pm"
    assert [slug for _, slug in _nursery_facts(said)] != [SHOW.slug]


def test_a_message_passed_on_is_not_the_fact_of_who_sent_it() -> None:
    facts = _nursery_facts(
        "this year's bulb show is on the 14th",
        "orvid's just messaged, the marquee is booked for 9am",
    )
    assert facts[-1] == ("the marquee is booked for 9am", SHOW.slug)
    assert ("orvid's just messaged", ORVID.slug) in facts


@pytest.mark.parametrize(
    "said",
    [
        "orvid rang, he's off sick till Thursday",
        "orvid's just texted, he can bring the van on the 9th",
        "orvid rang and said the glasshouse needs a new pane",  # "and said": his clause
        "orvid rang, the glasshouse needs a new pane",  # nothing at hand to be about
    ],
)
def test_what_someone_says_of_themselves_after_getting_in_touch_stays_theirs(said: str) -> None:
    assert [slug for _, slug in _nursery_facts(said)][-1] == ORVID.slug


def test_what_a_person_reports_their_firm_does_is_the_firm_s() -> None:
    said = "orvid says they're putting delivery up to £45 from April"
    assert _nursery_facts(said) == [(said, TALLIS_FIRM.slug)]
    assert [slug for _, slug in _nursery_facts("he says their yard shuts at 5:30")] != [
        TALLIS_FIRM.slug
    ]  # no one named before "he"


@pytest.mark.parametrize(
    "said",
    [
        "orvid says they're getting married in June",
        "orvid says they've got a new puppy",
        "orvid says they're doing up their house",
        "orvid says they love the new layout at Kelmscott Bulb Show",
        "orvid said yes to the 3pm slot",
    ],
)
def test_a_report_of_a_life_or_naming_a_page_is_not_the_firm_s(said: str) -> None:
    assert TALLIS_FIRM.slug not in [slug for _, slug in _nursery_facts(said)]


def test_a_given_name_that_is_a_word_before_a_known_family_name_is_someone_else() -> None:
    kesi = Entity("people/kesi-oduya", "Kesi Oduya", "person", "he")
    surfaces = _page_surfaces(kesi, None)
    extractor = RulesExtractor(EntityIndex([kesi], surfaces))
    said = "mr oduya's wife Mercy Oduya joins the lease in June"
    facts = extractor.extract(seg(("user", said)))
    assert [fact.entity_slug for fact in facts] == ["people/mercy-oduya"]
    # at the sentence's start the capital says nothing of a name: the word may be the word
    opening = extractor.extract(seg(("user", "Kesi Oduya signed the lease on Monday")))
    assert [fact.entity_slug for fact in opening] == [kesi.slug]


# --- a clause that names nothing, said while a topic is at hand -----------------------------


def _facts_of(
    pages: list[Entity], aliases: list[tuple[str, str, bool]], *texts: str
) -> list[tuple[str, str | None]]:
    """The rules extractor's facts of user turns, over pages and their lowercase aliases."""
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    extractor = RulesExtractor(EntityIndex(pages, surfaces + aliases))
    facts = extractor.extract(seg(*[("user", text) for text in texts]))
    return [(fact.fact, fact.entity_slug) for fact in facts]


def _tour_facts(*texts: str) -> list[tuple[str, str | None]]:
    tour = Entity("projects/galway-tour-2027", "Galway Tour 2027", "project")
    return _facts_of([tour], [("the tour", tour.slug, True)], *texts)


@pytest.mark.parametrize(
    "said",
    [
        "the minibus was left unlocked overnight",
        "we've agreed to paint the van ourselves",
    ],
)
def test_a_clause_naming_nothing_is_the_topic_s(said: str) -> None:
    facts = _tour_facts("Planning the tour today.", said)
    assert facts[-1] == (said, "projects/galway-tour-2027")


def test_a_clause_of_the_user_s_own_naming_nothing_is_the_user_s() -> None:
    said = "I used to be a tour manager"
    assert _tour_facts("Planning the tour today.", said)[-1] == (said, None)


@pytest.mark.parametrize(
    "said",
    [
        "the weather was lovely",
        "the coffee was really strong",
        "honestly, back to the drawing board",
        "Bread, milk, oat milk, bin bags.",
        "the ferry was so slow on the crossing",  # a verdict, then where
        "the hotel was a total rip-off",
        "ferries are so expensive these days",
    ],
)
def test_a_verdict_or_a_list_naming_nothing_is_no_fact(said: str) -> None:
    facts = _tour_facts("Planning the tour today.", said)
    assert [fact for fact, _ in facts] == ["Planning the tour today."]


def test_someone_s_relative_named_after_and_opens_a_clause_of_their_own() -> None:
    said = "Alice is off on leave in June and her colleague Rhodri Vance covers our account"
    facts = rules(("user", said))
    assert ("her colleague Rhodri Vance covers our account", "people/rhodri-vance") in [
        (text, entity) for text, entity, _ in facts
    ]
    # before a verb the two are one subject: "Alice and her partner Rhodri Vance booked ..."
    facts = rules(("user", "Alice and her partner Rhodri Vance booked 80 covers for the 9th"))
    assert [entity for _, entity, _ in facts][0] == ALICE.slug


def test_a_clause_naming_nothing_after_a_firm_named_for_a_plan_is_the_plan_s() -> None:
    trip = Entity("projects/quarry-museum-trip", "Quarry Museum Trip", "project")
    coaches = Entity("companies/moorland-coaches", "Moorland Coaches", "company")
    aliases = [("the museum trip", trip.slug, True), ("moorland", coaches.slug, True)]
    said = (
        "Sorting the museum trip.",
        "Moorland quoted £520 for the minibus.",
        "pickup is 8.15 at the gates",
    )
    assert _facts_of([trip, coaches], aliases, *said)[-2:] == [
        ("Moorland quoted £520 for the minibus.", coaches.slug),
        ("pickup is 8.15 at the gates", trip.slug),
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Alice says always email Bob Park first",
        "Alice said to ring Bob Park before noon",
        "Alice says don't book Bob Park on Tuesdays",
    ],
)
def test_an_instruction_reported_is_its_speaker_s(said: str) -> None:
    assert [entity for _, entity, _ in rules(("user", said))] == [ALICE.slug]


def test_what_someone_is_told_to_do_is_theirs_to_do() -> None:
    said = "Alice found damp in the cellar, and told Bob Park to fix it before winter"
    assert [(text, entity) for text, entity, _ in rules(("user", said))] == [
        ("Alice found damp in the cellar", ALICE.slug),
        ("told Bob Park to fix it before winter", BOB.slug),
    ]
    # a report of what someone was told stays with what it reports
    said = "Alice says Bob Park is moving to Leeds in May"
    assert [entity for _, entity, _ in rules(("user", said))] == [BOB.slug]


def test_a_full_name_typed_in_lowercase_is_a_new_person() -> None:
    said = "fatima okonjo is running the raffle at 2, she wants a float of £50"
    assert {entity for _, entity, _ in rules(("user", said))} == {"people/fatima-okonjo"}
    said = "new starter on monday, ngozi adeyemi. she's moved here from ibadan"
    assert ("she's moved here from ibadan", "people/ngozi-adeyemi") in [
        (text, entity) for text, entity, _ in rules(("user", said))
    ]
    # after a possessive and a relation, a given name that is an everyday word too
    said = "Bob Park brought his girlfriend cherry quarrie to the stall, she bakes for the market"
    assert ("she bakes for the market", "people/cherry-quarrie") in [
        (text, entity) for text, entity, _ in rules(("user", said))
    ]


@pytest.mark.parametrize(
    "said",
    [
        "went to see grace period at the cinema with Alice Example",  # "grace" is a word
        "Alice Example ordered fish finger sandwiches for everyone",
        "Alice Example says sarah jumped the queue again",  # one name, no family name
        "Alice Example planted a cherry quarrie tree",  # an everyday word, and no relation
    ],
)
def test_lowercase_words_after_a_given_name_are_no_new_person(said: str) -> None:
    assert not any(
        entity and entity not in (ALICE.slug, BOB.slug, WIDGET.slug)
        for _, entity, _ in rules(("user", said))
    )


def test_a_clause_naming_nothing_after_a_person_is_not_theirs() -> None:
    facts = rules(("user", "Had coffee with Alice Example."), ("user", "the cafe was packed out"))
    assert ("the cafe was packed out", ALICE.slug) not in [(t, e) for t, e, _ in facts]


def test_a_clause_whose_subject_its_firm_s_title_says_stays_the_firm_s() -> None:
    gala = Entity("events/winter-gala", "Winter Gala", "event")
    hall = Entity("places/grand-hall", "The Grand Hall", "place", about="Hall for hire.")
    said = ("Planning the gala.", "The Grand Hall is the venue again.", "the hall holds 300 seated")
    facts = _facts_of([gala, hall], [("the gala", gala.slug, True)], *said)
    assert facts[-1] == ("the hall holds 300 seated", hall.slug)


def test_a_new_firm_named_for_its_sector() -> None:
    said = "Corvallen Energy priced it at £49k. Dunmere Solar quoted £51k."
    assert [slug for _, slug, _ in rules(("user", said))] == [
        "companies/corvallen-energy",
        "companies/dunmere-solar",
    ]


def test_they_who_want_or_quote_are_the_firm_not_its_product() -> None:
    firm = Entity("companies/brask-trading", "Brask Trading", "company")
    wine = Entity("products/fallow-white", "Fallow White", "product")
    index = EntityIndex(
        [firm, wine],
        [
            ("Brask", firm.slug, True),
            ("Brask Trading", firm.slug, False),
            ("Fallow White", wine.slug, False),
        ],
    )
    facts = RulesExtractor(index).extract(
        seg(
            (
                "user",
                "Mr Oyo from Brask tasted the samples, he loved the Fallow White. "
                "they want a price for 3 crates. they'll pay 30 days after delivery.",
            )
        )
    )
    kept = {f.fact: f.entity_slug for f in facts}
    assert kept["they want a price for 3 crates."] == firm.slug
    assert kept["they'll pay 30 days after delivery."] == firm.slug
    # "they" of the plural thing named after the firm is the thing's
    beds = Entity("projects/tomato-rows", "Tomato Rows", "project")
    index2 = EntityIndex(
        [firm, beds], [("Brask", firm.slug, True), ("Tomato Rows", beds.slug, False)]
    )
    said = seg(
        ("user", "Brask lent us the trailer."),
        ("user", "Tomato Rows are thriving, they need watering daily."),
    )
    assert RulesExtractor(index2).extract(said)[-1].entity_slug == beds.slug
    # no "they": what the wine is stays its own
    assert [
        f.entity_slug
        for f in RulesExtractor(index).extract(
            seg(("user", "Fallow White is selling well, they want more."))
        )
    ] == [wine.slug]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("its £400 😬 tomas can weld it friday", ["its £400 😬", "tomas can weld it friday"]),
        ("love it ❤️ we'll see you then", ["love it ❤️", "we'll see you then"]),
        # a fragment after it goes on with the thought before it
        ("lost the vote 🙄 two short again", ["lost the vote 🙄 two short again"]),
        ("quit 😢 after 11 years. sad", ["quit 😢 after 11 years.", "sad"]),
        ("the 🍷 was great", ["the 🍷 was great"]),  # the emoji is the noun
        ("we had a 🎂 for her", ["we had a 🎂 for her"]),
        ("booked it 🎉\nthe deposit is £200", ["booked it 🎉", "the deposit is £200"]),
    ],
)
def test_an_emoji_ends_a_thought(text: str, sentences: list[str]) -> None:
    assert split_sentences(text) == sentences


@pytest.mark.parametrize("closing", [" 👍", "👍", " 🎉🎉", " 👍🏽", " ❤️", " ✅"])
def test_a_closing_emoji_is_no_word_of_its_clause(closing: str) -> None:
    """A short clause after a comma goes on with the one before, emoji or not after it."""
    said = "Alice Example will lend us her ladder, she bought hers in May"
    with_emoji = rules(("user", said + closing))
    emoji = closing.strip()
    assert [(f.replace(emoji, "").strip(), s, t) for f, s, t in with_emoji] == rules(("user", said))


def test_its_after_a_slip_is_no_new_value() -> None:
    said = "Widget Co's van is blue. no wait, its roof is white"
    assert "Widget Co's van is roof is white" not in [f for f, _, _ in rules(("user", said))]

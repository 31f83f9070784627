"""The pure parts of the reflex: the lexicon's measure, name forms, folding, typo kinds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bb_brain._names import (
    fold,
    keyboard_spelling,
    name_forms,
    sounded_out,
    strip_titles,
    umlauts_spelt_out,
)
from bb_brain.pages import PageRecord, normalise
from bb_brain.reflex import _ordinary
from bb_brain.reflex._extract import extract
from bb_brain.reflex._fuzzy import FuzzyRow, fuzzy_match, slip_of_a_word, two_slips, typo_kind
from bb_brain.reflex._ordinary import lemmas, sense, zipf
from bb_brain.reflex._tokens import (
    AFTER_DETERMINER,
    DETERMINED_PHRASE,
    HONORIFIC,
    INITIAL_CAPITAL,
    LOCATIVE,
    MID_CAPITAL,
    PERSON_VERB,
    POSSESSIVE,
    ROLE_NEARBY,
)


@pytest.mark.parametrize("word", ["grace", "pilot", "apple", "frank", "signal", "summer"])
def test_everyday_words_are_ordinary(word: str) -> None:
    meaning = sense(word)
    assert meaning.lexical and meaning.zipf >= 4.0 and meaning.ordinary


@pytest.mark.parametrize("word", ["alice", "jordan", "okafor", "priyanka", "tanaka"])
def test_names_have_no_dictionary_reading(word: str) -> None:
    meaning = sense(word)
    assert not meaning.lexical and not meaning.ordinary and not meaning.lowercase_ordinary


def test_a_less_frequent_word_is_ordinary_only_in_lowercase() -> None:
    meaning = sense("lantern")
    assert meaning.lexical and 3.0 <= meaning.zipf < 4.0
    assert not meaning.ordinary and meaning.lowercase_ordinary
    assert "uncommon word" not in meaning.describe()


def test_closed_classes_come_from_the_lists() -> None:
    assert sense("the").function and sense("may").function and sense("march").calendar
    assert sense("june").calendar and sense("june").ordinary  # a month, though no dictionary noun
    assert "calendar word 'june'" in sense("june").describe()


def test_lemmas_cover_inflections() -> None:
    assert {"leak", "leaks"} <= lemmas("leaks")
    assert lemmas("okafor") == frozenset({"okafor"})


def test_fold_drops_latin_accents_only() -> None:
    assert fold("José Núñez") == "jose nunez"
    assert fold("Ñandú ÆSIR") == "nandu æsir"  # ligatures are letters, not accents
    assert fold("Gjørvik Łaski") == "gjørvik łaski"  # so are letters with a stroke
    # ... which a keyboard without them types plain (a near typo, see the fuzzy matcher)
    assert keyboard_spelling(fold("Gjørvik Łaski Đurić Þórhild")) == "gjorvik laski duric thorhild"
    assert fold("ガギ") == "ガギ"  # the voicing mark changes the letter: kept
    assert normalise("  Zoë-Müller's, ") == "zoe-muller's"


def test_slavic_letters_sounded_out() -> None:
    assert sounded_out("Branimir Radičević") == ["Branimir Radichevich"]
    assert sounded_out("Žarko Šimić") == ["Zharko Shimich", "Žarko Shimich"]
    assert sounded_out("Marlo Bettany") == []
    assert sounded_out("Božo Petrov") == ["Bozho Petrov"]  # no form repeats the name
    assert sounded_out("Đurđa Đokić ") == ["Djurdja Djokich", "Đurđa Djokich"]


def test_umlauts_spelt_out_and_nordic_letters_not() -> None:
    assert umlauts_spelt_out("Jörg Brückner") == "Joerg Brueckner"
    # "aa" and "oe" are surnames of their own in Norway ("Haakon" is not "Håkon")
    assert umlauts_spelt_out("Håkon Sølvberg") is None
    assert umlauts_spelt_out("Perrin Vossberg") is None


def test_name_forms_of_a_title() -> None:
    forms = name_forms(fold("Dr. Wanjiru Kamau-Otieno"))
    assert forms is not None
    assert (forms.full, forms.given, forms.family) == (
        "wanjiru kamau-otieno",
        "wanjiru",
        "kamau-otieno",
    )
    assert forms.reversed == "kamau-otieno wanjiru"
    particles = name_forms("lucia van der berg")
    assert particles is not None and particles.family_with_particles == "van der berg"
    assert particles.reversed == "van der berg lucia"
    assert name_forms("cher") is None
    assert strip_titles(["prof.", "ines", "alvarado", "jr."]) == ["ines", "alvarado"]


def test_a_person_page_indexes_its_name_forms() -> None:
    page = PageRecord(
        source="default",
        slug="people/tomasz-wrobel",
        title="Tomasz Wróbel",
        page_type="person",
        summary=None,
        body="",
        aliases=("Tomek",),
    )
    rows = set(page.alias_rows())
    assert ("wrobel tomasz", "name-form") in rows
    assert ("tomek wrobel", "name-form") in rows and ("wrobel tomek", "name-form") in rows
    assert ("wrobel", "surname") in rows and ("tomasz", "given-name") in rows


@pytest.mark.parametrize(
    ("typed", "meant", "kind"),
    [
        ("halvroson", "halvorson", "swapped letters"),
        ("quintanna", "quintana", "doubled letter"),
        ("quintna", "quintana", "left-out letter"),
        ("quintsna", "quintana", "neighbouring key"),
        ("quintanq", "quintana", "neighbouring key"),
        ("lindqvost", "lindqvist", "neighbouring key"),
        ("oyelaron", "oyelaran", "vowel for vowel"),
        ("sondergaard", "søndergaard", "plain letter for a special one"),
        ("kjaersti", "kjærsti", "plain letters for a special one"),  # æ typed "ae"
        ("radec", "radek", "letter that sounds the same"),
        ("markus", "marcus", "letter that sounds the same"),
        ("tallisbrooke", "tallisbrook", "silent final e"),
        ("pell wrighte mills", "pell wright mills", "silent final e"),
        ("cathi", "cathy", "-i for a final -y"),
        ("cathi maclaren", "cathy maclaren", "-i for a final -y"),
        ("dravick", "dravik", "ck for k"),  # a name heard rather than read
        ("zbiginiew", "zbigniew", "vowel between consonants"),
        ("brenadan", "brendan", "vowel between consonants"),
    ],
)
def test_typing_slips_are_typos(typed: str, meant: str, kind: str) -> None:
    assert typo_kind(typed, meant) == kind


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("marisela", "marisol"),  # another name, not a slip
        ("quintanaro", "quintana"),  # a longer name
        ("quintaxna", "quintana"),  # an extra letter far from its neighbours on the keyboard
        ("quinta", "quintana"),  # two letters short
        ("quitnaan", "quintana"),  # letters moved about
        ("radet", "radek"),  # another consonant altogether
        ("cristen", "kristen"),  # the first letter: another name
        ("silvia", "sylvia"),  # another name
        ("quintanae", "quintana"),  # an "e" after a vowel is no silent one
        ("ckovak", "kovak"),  # "ck" opening a name: no "k" heard there
        ("marina", "marna"),  # a vowel between consonants of a short name: another name
        ("quintaona", "quintana"),  # a vowel beside a vowel
    ],
)
def test_other_differences_are_other_names(typed: str, meant: str) -> None:
    assert typo_kind(typed, meant) is None


def test_fuzzy_match_needs_one_page_and_a_non_ordinary_surface() -> None:
    rows = [
        FuzzyRow("quintana", "surname", "people/rosa-quintana"),
        FuzzyRow("quintano", "surname", "people/leo-quintano"),
        FuzzyRow("harbor", "alias", "projects/harbor"),
    ]
    arms = frozenset({"surname", "alias"})
    found = fuzzy_match("quintanq", arms, rows)
    assert found is not None and found.slugs == {"people/rosa-quintana"}
    both = fuzzy_match("quintane", arms, rows)  # a vowel slip away from both
    assert both is not None and len(both.slugs) == 2
    assert fuzzy_match("harbpr", arms, rows) is None  # never fuzzy to an ordinary word


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("odalys quinterhaws", True),  # the family name as it sounds, no slip of a typist's
        ("odalia quinterhaus", False),  # another given name: someone else of the family
        ("miguel quinterhaus", False),
        ("odalys quarrington", False),  # another family name: another Odalys
        ("odalys q", False),
        ("odalys dunterhaus", False),  # another first letter: another name
    ],
)
def test_a_full_name_with_its_family_name_as_heard(typed: str, found: bool) -> None:
    rows = [FuzzyRow("odalys quinterhaus", "title", "people/odalys-quinterhaus")]
    match = fuzzy_match(typed, frozenset({"title"}), rows)
    assert (match is not None and match.slugs == {"people/odalys-quinterhaus"}) is found


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("daniela rossi", "daniel rossi"),  # a given name of its own: a sister
        ("roberta quayle", "robert quayle"),
        ("maria garza", "maria garcia"),  # a short family name two edits off: another family
        ("priya sharpe", "priya sharma"),  # a family name of its own
    ],
)
def test_a_name_of_its_own_is_no_family_name_as_heard(typed: str, meant: str) -> None:
    rows = [FuzzyRow(meant, "title", "people/the-one")]
    assert fuzzy_match(typed, frozenset({"title"}), rows) is None


@pytest.mark.parametrize(
    ("typed", "meant", "found"),
    [
        ("rashyda", "rasheeda", True),  # two edits, one sound
        ("zubayda", "zubaida", True),
        ("marret", "maaret", True),
        ("sarah", "sara", False),  # a name of its own
        ("daniela", "daniel", False),  # the name and more: a name of its own
        ("lasheeda", "rasheeda", False),  # another first letter
        ("rashmida", "rasheeda", False),  # another sound
        ("rashydaya", "rasheeda", False),  # four edits off
        ("galen", "galina", False),  # a man's name of its own, not a woman's misheard
        ("levina", "levon", False),  # a woman's name, not a man's
        ("mihran", "miron", False),  # a name many bear is someone's own, of either sex
        ("salena", "salima", False),
        ("марина", "мария", False),  # the keys hear Latin letters only
    ],
)
def test_a_name_spelt_as_it_sounds(typed: str, meant: str, found: bool) -> None:
    rows = [FuzzyRow(meant, "given-name", "people/the-one")]
    match = fuzzy_match(typed, frozenset({"given-name"}), rows)
    assert (match is not None and match.typo == "spelt as it sounds") is found


def test_a_name_heard_needs_one_page_and_no_nearer_slip() -> None:
    arms = frozenset({"given-name"})
    near = [
        FuzzyRow("rasheeda", "given-name", "people/rasheeda-sow"),
        FuzzyRow("rashyfa", "given-name", "people/rashyfa-tall"),
    ]
    heard = fuzzy_match("rashyda", arms, near[:1])
    assert heard is not None and heard.typo == "spelt as it sounds"
    slip = fuzzy_match("rashyda", arms, near)  # a key away from Rashyfa: the slip wins
    assert slip is not None and slip.slugs == {"people/rashyfa-tall"}
    heard_twice = [
        FuzzyRow("zubaida", "given-name", "people/zubaida-amari"),
        FuzzyRow("zubeeda", "given-name", "people/zubeeda-bah"),
    ]
    two = fuzzy_match("zubayda", arms, heard_twice)  # sounds like both: no one page
    assert two is not None and two.slugs == {"people/zubaida-amari", "people/zubeeda-bah"}


def test_a_long_name_may_carry_two_slips() -> None:
    rows = [
        FuzzyRow("przemyslaw", "given-name", "people/przemyslaw-zielak"),
        FuzzyRow("bartholomew", "given-name", "people/bartholomew-grice"),
        FuzzyRow("quintana", "surname", "people/rosa-quintana"),
    ]
    arms = frozenset({"given-name", "surname"})
    found = fuzzy_match("pzremyslwa", arms, rows)  # two pairs of letters swapped
    assert found is not None and found.slugs == {"people/przemyslaw-zielak"}
    assert found.typo == "swapped letters"
    assert two_slips("pzremyslw", "przemyslaw") == "swapped letters and left-out letter"
    assert two_slips("barthelomax", "bartholomew") is None  # an "x" for a "w" is no slip
    assert fuzzy_match("barthelomax", arms, rows) is None
    assert fuzzy_match("qiuntna", arms, rows) is None  # too short for two slips
    assert fuzzy_match("qiuntanna", arms, rows) is not None  # long enough
    # a name the page's begins with is a name of its own, not the longer one cut short
    cut = [FuzzyRow("weinberger", "surname", "people/rivka-weinberger")]
    assert fuzzy_match("weinberg", frozenset({"surname"}), cut) is None
    # a special letter typed plain is no third slip
    stroked = [FuzzyRow("przemysław", "given-name", "people/przemyslaw-zielak")]
    found = fuzzy_match("pzremyslwa", arms, stroked)
    assert found is not None and found.slugs == {"people/przemyslaw-zielak"}


def test_one_slip_outranks_two() -> None:
    rows = [
        FuzzyRow("halvorsen", "surname", "people/ivar-halvorsen"),
        FuzzyRow("halvorson", "surname", "people/dag-halvorson"),
    ]
    found = fuzzy_match("halvroson", frozenset({"surname"}), rows)
    # "halvroson" is one swap from Halvorson and two slips from Halvorsen: the nearer wins
    assert found is not None and found.slugs == {"people/dag-halvorson"}


def _signals(text: str, norm: str) -> tuple[str, ...]:
    (cand,) = [c for c in extract(text) if c.norm == norm]
    return cand.signals


def test_signals_around_a_mention() -> None:
    assert MID_CAPITAL in _signals("we met Bramwell there", "bramwell")
    assert INITIAL_CAPITAL in _signals("Bramwell was late.", "bramwell")
    assert POSSESSIVE in _signals("read Bramwell's memo", "bramwell")
    assert HONORIFIC in _signals("I spoke to Dr. Bramwell today", "bramwell")
    assert HONORIFIC in _signals("thank Bramwell-san for me", "bramwell")
    assert ROLE_NEARBY in _signals("our CTO Bramwell signed", "bramwell")
    assert ROLE_NEARBY in _signals("I met Bramwell, the new recruiter, today", "bramwell")
    assert PERSON_VERB in _signals("Bramwell finally replied", "bramwell")
    assert PERSON_VERB in _signals("please email Bramwell now", "bramwell")
    assert PERSON_VERB in _signals("must ring bramwell about the van", "bramwell")
    assert PERSON_VERB in _signals("send a text to bramwell about it", "bramwell")
    assert PERSON_VERB in _signals("I'll talk to bramwell later", "bramwell")
    assert PERSON_VERB not in _signals("we're driving to bramwell later", "bramwell")
    # one talks things over with someone
    assert PERSON_VERB in _signals("i'll check with bramwell but fine", "bramwell")
    assert PERSON_VERB in _signals("need to catch up with bramwell", "bramwell")
    assert PERSON_VERB in _signals("touch base with bramwell first", "bramwell")
    assert PERSON_VERB not in _signals("we're staying with bramwell", "bramwell")
    assert PERSON_VERB not in _signals("it's up with bramwell now", "bramwell")
    assert PERSON_VERB not in _signals("double check with sunny forecast", "sunny")
    assert PERSON_VERB not in _signals("check with ivy growing on it", "ivy")
    # a word heading the noun after it is no person's ("ring bramwell camp", "a letter to
    # bramwell leaders"); a word of time after it says nothing of that
    assert PERSON_VERB not in _signals("I need to ring bramwell camp", "bramwell")
    assert PERSON_VERB not in _signals("a letter to bramwell leaders", "bramwell")
    assert PERSON_VERB in _signals("ring bramwell tomorrow", "bramwell")
    assert LOCATIVE in _signals("a week in Bramwell with friends", "bramwell")
    assert LOCATIVE in _signals("we are flying to Bramwell soon", "bramwell")
    assert LOCATIVE not in _signals("we are talking to Bramwell soon", "bramwell")
    determined = _signals("a boat trip on the Bramwell, lovely", "bramwell")
    assert AFTER_DETERMINER in determined and DETERMINED_PHRASE in determined
    modifier = _signals("the Bramwell budget is tight", "bramwell")
    assert AFTER_DETERMINER in modifier and DETERMINED_PHRASE not in modifier
    assert AFTER_DETERMINER in _signals("bought a sturdy lantern yesterday", "lantern")


def test_extraction_finds_names_behind_titles_days_and_articles() -> None:
    norms = {c.norm for c in extract("Mrs Okonjo joins Monday, Tuesday Ravindra.")}
    assert {"okonjo", "ravindra", "tuesday"} <= norms
    norms = {c.norm for c in extract("Ping Ines Alvarado the Kestrel notes")}
    assert {"ines alvarado", "kestrel"} <= norms
    assert "alvarado the kestrel" not in norms
    assert "bank of the west" in {c.norm for c in extract("Bank of the West called")}


def test_place_names_cached_are_the_package_names_and_a_bad_cache_is_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRAINBENCH_CACHE_DIR", str(tmp_path))
    from_package = _ordinary._geonames_place_names()
    assert _ordinary._place_names() == from_package  # first process: parsed, then written
    (written,) = tmp_path.glob("places-*.json")
    assert json.loads(written.read_text(encoding="utf-8")) == from_package
    assert _ordinary._place_names() == from_package  # later processes: read back
    written.write_text('{"not": "a list"}', encoding="utf-8")
    assert _ordinary._place_names() == from_package
    assert json.loads(written.read_text(encoding="utf-8")) == from_package


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("alraedy", "already"),  # two letters swapped
        ("beleive", "believe"),
        ("moring", "morning"),  # a letter left out
        ("piilot", "pilot"),  # a letter doubled
        ("okoro", None),  # a name: no frequent word is one slip from it
        ("nakamura", None),
        ("again", None),  # a word as it is
        ("siad", "said"),  # four letters, two swapped: all of them still there
        ("taht", "that"),  # a function word too
        ("ned", None),  # too short to say which word was meant
        ("orla", "oral"),  # a name may be one slip from a word: looked up as typed as well
    ],
)
def test_a_slip_of_a_frequent_word(typed: str, meant: str | None) -> None:
    assert slip_of_a_word(typed) == meant


@pytest.mark.parametrize("word", ["she's", "there's", "o'brien", "won't"])
def test_a_typographic_apostrophe_is_the_plain_one(word: str) -> None:
    typed = word.replace("'", "’")
    assert zipf(typed) == zipf(word) > 0
    assert sense(typed) == sense(word)

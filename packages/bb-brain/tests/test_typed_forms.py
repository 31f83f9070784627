"""Names as a keyboard and a hurry leave them, and words beside them that are no names.

A keyboard without the letters types "Lưu Quang Đạt" as "luu dat" and "Đỗ Văn Hiếu" as "do van
hieu": those are the page's own forms, short ones too, though a page that writes the plain
letters keeps them ("Radoslaw" is Radoslaw Imber's, not Radosław Pęk's). A verb made with a
prefix on the spot ("retweeting") is no name beside a name, as a word no dictionary has would
be ("yselde pellam" is someone else). A subject that opens the sentence may drop its article:
"gullery has a cut-off" and "slurry pump's running hot" are the user's "the Gullery" and "the
slurry pump", but several words before a bare verb read as a headline of any such thing
("slurry pump delivered next door"), and a possessive's noun is another thing ("slurry pump's
filter").

Write-back: whom the user rings or emails is a firm or someone, though the name is a word
("rang cyclone"), and a word after a colon is no verb's object ("banner update: lantern
quoted"). A full name typed in lowercase is a newcomer's after one who stands in for someone,
after "someone called" or a constable's title, or with "there" before its verb ("dermot
kilcaddy there did our cover"); and "a man called wystan brackwater" is about him, as it is
capitalised.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_brain.writeback import Entity, EntityIndex, RulesExtractor, Segment
from bb_brain.writeback._entities import _page_surfaces
from bb_brain.writeback._people import new_people
from bb_schema import PublicTurn

from .test_reflex_grammar import ask, md, slugs

DAT = ("people/luu-quang-dat", md("Lưu Quang Đạt", type="person", summary="Runs the stall."))
HIEU = ("people/do-van-hieu", md("Đỗ Văn Hiếu", type="person", summary="Keeps our books."))
PEK = ("people/radoslaw-pek", md("Radosław Pęk", type="person", summary="A tiler."))
IMBER = ("people/radoslaw-imber", md("Radoslaw Imber", type="person", summary="A glazier."))
PELLAM = (
    "people/pellam-veale",
    md("Pellam Veale", type="person", aliases="[Pellam]", summary="A customer."),
)
GULLERY = (
    "places/the-gullery",
    md("The Gullery", type="place", aliases="[the Gullery]", summary="A wedding venue."),
)
KNEADER = (
    "equipment/kneadmaster",
    md("Kneadmaster 40", type="equipment", aliases="[the kneadmaster]", summary="The mixer."),
)
PUMP = (
    "equipment/slurry-pit-pump",
    md("Slurry Pit Pump", type="equipment", aliases="[the slurry pump]", summary="By the shed."),
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("luu dat can take the early shift, he's free all week", DAT[0]),  # family and given
        ("dat can take it tomorrow", DAT[0]),  # a short given name, typed plain
        ("do van hieu sent the rota yet?", HIEU[0]),
        ("Lưu Đạt can take the early shift", DAT[0]),  # as the page writes it
        ("Radosław sent the tile order", PEK[0]),
    ],
)
def test_a_name_typed_without_its_letters_is_the_pages(
    engine: Engine, make_brain: Any, text: str, found: str
) -> None:
    brain = make_brain(DAT, HIEU, PEK, IMBER)
    assert slugs(ask(engine, brain, text)) == [found]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Radoslaw sent the tile order", [IMBER[0]]),  # Radoslaw Imber writes it so
        ("do it now please", []),  # the keyboard's "do" is the verb
        ("Do you think it rains later", []),
    ],
)
def test_a_plain_spelling_another_page_writes_stays_its(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    brain = make_brain(DAT, HIEU, PEK, IMBER)
    assert slugs(ask(engine, brain, text)) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("how about retweeting pellam's post about the fair?", [PELLAM[0]]),
        ("rebooking pellam's slot for friday then", [PELLAM[0]]),
        ("sharing pellam's post tonight", [PELLAM[0]]),  # a dictionary's verb, as before
        ("yselde pellam sent the post", []),  # a word no dictionary has: another Pellam
    ],
)
def test_a_verb_made_with_a_prefix_is_no_name(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    brain = make_brain(PELLAM)
    assert slugs(ask(engine, brain, text)) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("gullery has a strict 10pm cut-off for music", [GULLERY[0]]),
        ("also kneadmaster's making a grinding sound", [KNEADER[0]]),
        ("slurry pump's running hot again, reads 80 degrees", [PUMP[0]]),
        ("the slurry pump's running hot again", [PUMP[0]]),
        ("slurry pump delivered to the neighbours yesterday", []),  # a headline of any pump
        ("slurry pump's filter is clogged", []),  # the filter of some pump
        ("slurry pump's running costs are silly", []),  # a noun after the participle
        ("we drove past some gullery has a cafe", []),  # mid-sentence, not its subject
    ],
)
def test_a_subject_that_drops_its_article(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    brain = make_brain(GULLERY, KNEADER, PUMP)
    assert slugs(ask(engine, brain, text)) == found


LANTERN = Entity("companies/lantern-print-co", "Lantern Print Co", "company")
CYCLONE = Entity("companies/cyclone-van-hire", "Cyclone Van Hire", "company")
ANCHOR = Entity("companies/anchor-rigging", "Anchor Rigging", "company")
ALIASES = {LANTERN: ["Lantern"], CYCLONE: ["Cyclone"], ANCHOR: ["Anchor"]}


def _filed_under(text: str, words: str) -> str | None:
    pages = list(ALIASES)
    surfaces = [
        surface for page in pages for surface in _page_surfaces(page, {"aliases": ALIASES[page]})
    ]
    turns = (PublicTurn(turn_id=1, role="user", text=text),)
    found = RulesExtractor(EntityIndex(pages, surfaces)).extract(Segment(0, turns))
    held = [(fact.fact, fact.entity_slug) for fact in found if words in fact.fact]
    assert held, f"no fact holds {words!r}: {[(fact.fact, fact.entity_slug) for fact in found]}"
    return held[0][1]


@pytest.mark.parametrize(
    ("text", "words", "slug"),
    [
        ("banner update: lantern quoted £42 each", "£42", LANTERN.slug),
        ("so i rang cyclone, they can do two vans for £310", "£310", CYCLONE.slug),
        ("i emailed lantern about the 60 banners", "60 banners", LANTERN.slug),
        # the object of any other verb is the word: "drop anchor" is no firm's
        ("we had to drop anchor off the point for 2 hours", "2 hours", None),
        ("cancel lantern parade, the forecast is 40 knots", "40 knots", None),
    ],
)
def test_whom_the_user_rings_is_the_firm(text: str, words: str, slug: str | None) -> None:
    assert _filed_under(text, words) == slug


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("send the statements on to his deputy marnie quillfoot", "Marnie Quillfoot"),
        ("the new clerk is someone called nkemdi quarrie", "Nkemdi Quarrie"),
        ("constable came round, pc corwin verdon, incident number to follow", "Corwin Verdon"),
        ("second quote is from galeforth, ismay kilcaddy there did our cover", "Ismay Kilcaddy"),
    ],
)
def test_a_newcomer_typed_in_lowercase_after_a_cue(text: str, name: str) -> None:
    assert [person.name for person in new_people(text, set())] == [name]


@pytest.mark.parametrize(
    "text",
    [
        "the inspector there said no",  # no name
        "there is someone there who can help",
        "the kubota rtv there is playing up",  # a machine's make and model
    ],
)
def test_no_newcomer_without_a_name(text: str) -> None:
    assert new_people(text, set()) == []


def test_a_lowercase_newcomer_introduced_in_apposition_is_the_phrases() -> None:
    nuru = Entity("people/nuru-ostrik", "Nuru Ostrik", "person", pronoun="he")
    pages = [nuru]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    said = "nuru's getting a surveyor out on friday, a man called wystan brackwater"
    turns = (PublicTurn(turn_id=1, role="user", text=said),)
    found = RulesExtractor(EntityIndex(pages, surfaces)).extract(Segment(0, turns))
    filed = {fact.fact: fact.entity_slug for fact in found}
    assert filed.get("a man called wystan brackwater") == "people/wystan-brackwater", filed
    assert filed.get("nuru's getting a surveyor out on friday") == nuru.slug, filed

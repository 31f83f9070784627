"""Names as a keyboard and a hurry leave them, and words beside them that are no names.

A keyboard without the letters types "Lưu Quang Đức" as "luu duc" and "Đỗ Văn Hiếu" as "do van
hieu": those are the page's own forms, short ones too ("duc"), unless the one word typed so
is a word of chat ("dang", "dong"); a page that writes the plain letters keeps them
("Radoslaw" is Radoslaw Imber's, not Radosław Pęk's). A verb made with a prefix on the spot
("retweeting") is no name beside a name, as a word no dictionary has would be ("yselde
pellam" is someone else); a name that opens with a prefix's letters is a name ("restall
pellam"). A subject that opens the sentence may drop its article: "gullery has a cut-off"
and "slurry pump's running hot" are the user's "the Gullery" and "the slurry pump", but
several words before a bare verb read as a headline of any such thing ("slurry pump
delivered next door"), a word of its state is its verb ("slurry pump's down again"), and a
possessive's noun is another thing ("slurry pump's filter"), as
"van's engine" is. A day's or a week's possessive points as "the" does ("tonight's quiz").
What a pint or a jar is of is a drink or a food, its "a" dropped or not ("pint of tanglefoot
tonight"), though it is the product a page is about ("two pints of quarrybrook").

Write-back: whom the user rings or emails is a firm or someone, though the name is a word
("rang cyclone"; not "the ring binder"), and a word after a colon is no verb's object
("banner update: lantern quoted"). A full name typed in
lowercase is a newcomer's after one who stands in for someone ("his deputy marnie
quillfoot"), after "someone called", after a police rank opening its phrase, or with "there"
before a deed ("ismay kilcaddy there did our cover"; "there was" is no deed); and "a man
called wystan brackwater" is about him, as it is capitalised.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_brain.writeback import Entity
from bb_brain.writeback._people import new_people

from .test_reflex_grammar import ask, md, slugs
from .test_writeback_unsaid import facts

DUC = ("people/luu-quang-duc", md("Lưu Quang Đức", type="person", summary="Runs the stall."))
MINH = ("people/dang-van-minh", md("Đặng Văn Minh", type="person", summary="Drives the van."))
LAN = ("people/dong-thi-lan", md("Đông Thị Lan", type="person", summary="Does the flowers."))
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
        ("duc can take it tomorrow", DUC[0]),  # a short given name, typed plain
        ("luu duc can take the early shift, he's free all week", DUC[0]),  # family and given
        ("do van hieu sent the rota yet?", HIEU[0]),
        ("Lưu Đức can take the early shift", DUC[0]),  # as the page writes it
        ("Radosław sent the tile order", PEK[0]),
    ],
)
def test_a_name_typed_without_its_letters_is_the_pages(
    engine: Engine, make_brain: Any, text: str, found: str
) -> None:
    brain = make_brain(DUC, HIEU, PEK, IMBER, MINH, LAN)
    assert slugs(ask(engine, brain, text)) == [found]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Radoslaw sent the tile order", [IMBER[0]]),  # Radoslaw Imber writes it so
        ("do it now please", []),  # the keyboard's "do" is the verb
        ("Do you think it rains later", []),
        ("dang it, missed the bus again", []),  # a word of chat, typed plain
        ("ding dong, that's the door", []),
    ],
)
def test_a_plain_spelling_another_page_writes_stays_its(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    brain = make_brain(DUC, HIEU, PEK, IMBER, MINH, LAN)
    assert slugs(ask(engine, brain, text)) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("how about retweeting pellam's post about the fair?", [PELLAM[0]]),
        ("rebooking pellam's slot for friday then", [PELLAM[0]]),
        ("sharing pellam's post tonight", [PELLAM[0]]),  # a dictionary's verb, as before
        ("yselde pellam sent the post", []),  # a word no dictionary has: another Pellam
        ("demetre pellam sent the post", []),  # a name that opens with a prefix's letters
        ("restall pellam sent the post", []),
        ("deworming pellam's goats on friday", [PELLAM[0]]),
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
        ("also gullery has a strict 10pm cut-off", [GULLERY[0]]),  # after a word moving on
        ("plus gullery has a strict 10pm cut-off", [GULLERY[0]]),
        ("slurry pump's lost pressure again", [PUMP[0]]),  # "has lost"
        ("also kneadmaster's making a grinding sound", [KNEADER[0]]),
        ("slurry pump's running today, finally", [PUMP[0]]),  # a word of time after it
        ("slurry pump should be fine now", [PUMP[0]]),
        ("slurry pump's running hot again, reads 80 degrees", [PUMP[0]]),
        ("the slurry pump's running hot again", [PUMP[0]]),
        ("slurry pump delivered to the neighbours yesterday", []),  # a headline of any pump
        ("slurry pump's filter is clogged", []),  # a possessive's noun, as "van's engine"
        ("slurry pump's down again, no pressure at all", [PUMP[0]]),  # its state
        ("slurry pump's down pipe is cracked", []),  # a noun after the state's word
        ("slurry pump's new filter is clogged", []),
        ("slurry pump's running costs are silly", []),  # a noun after the participle
        ("we drove past some gullery has a cafe", []),  # mid-sentence, not its subject
    ],
)
def test_a_subject_that_drops_its_article(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    brain = make_brain(GULLERY, KNEADER, PUMP)
    assert slugs(ask(engine, brain, text)) == found


VEG_RUN = (
    "projects/brockwell-round",
    md("Brockwell Round", type="project", aliases="[the veg run]", summary="Thursday deliveries."),
)
QUIZ = (
    "events/ferry-arms-quiz",
    md("Ferry Arms Quiz", type="event", aliases="[the quiz]", summary="The user's weekly quiz."),
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("tonight's quiz is off, the hall flooded", [QUIZ[0]]),
        ("next week's quiz needs a music round", [QUIZ[0]]),
        ("last night's quiz was brutal, we came fourth", [QUIZ[0]]),
        ("saturday's quiz night tickets sold out", []),  # a phrase that goes on
        ("the sun's quiz is off", []),  # no day's: the sun's
        ("whats the box count for thursday's veg run now", [VEG_RUN[0]]),  # a word of time after
        ("how many teams at thursday's quiz", [QUIZ[0]]),
        ("the quiz needs a music round", [QUIZ[0]]),  # as with its article
        ("tom's quiz needs a music round", []),  # someone's own, not the day's
        ("week's quiz needs a music round", []),  # no "this", "next" or "last"
    ],
)
def test_a_days_possessive_points_as_the_does(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(QUIZ, VEG_RUN), text)) == found


COB = ("horses/tanglefoot", md("Tanglefoot", type="horse", summary="A cob with feathered legs."))
BITTER = ("products/quarrybrook", md("Quarrybrook", type="product", summary="Our best bitter."))
LOAF = ("foods/brackenloaf", md("Brackenloaf", type="food", summary="Our own fruit loaf."))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("a pint of tanglefoot at the bar later", []),  # a drink, poured
        ("pint of tanglefoot tonight, i've earned it", []),  # its "a" dropped
        ("a jar of tanglefoot for the shop", []),
        ("picked up a tin of tanglefoot hoof oil", [COB[0]]),  # a thing of the horse's
        ("tanglefoot needs shoeing friday", [COB[0]]),
        ("took a photo of tanglefoot in the field", [COB[0]]),  # no measure
        ("two pints of quarrybrook for table 4", [BITTER[0]]),  # the product measured out
        ("A pint of Quarrybrook please", [BITTER[0]]),
        ("a slice of brackenloaf with the tea", [LOAF[0]]),  # a food, as a drink is
    ],
)
def test_what_a_measure_is_of_is_a_drink_not_a_horse(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(COB, BITTER, LOAF), text)) == found


LANTERN = Entity("companies/lantern-print-co", "Lantern Print Co", "company")
CYCLONE = Entity("companies/cyclone-van-hire", "Cyclone Van Hire", "company")
ANCHOR = Entity("companies/anchor-rigging", "Anchor Rigging", "company")
BINDER = Entity("companies/binder-and-co", "Binder & Co", "company")
ALIASES = {LANTERN: ["Lantern"], CYCLONE: ["Cyclone"], ANCHOR: ["Anchor"], BINDER: ["Binder"]}


def _filed_under(text: str, words: str) -> str | None:
    said = facts(text, pages=list(ALIASES), aliases=ALIASES)
    held = [slug for fact, slug in said if words in fact]
    assert held, f"no fact holds {words!r}: {said}"
    return held[0]


@pytest.mark.parametrize(
    ("text", "words", "slug"),
    [
        ("banner update: lantern quoted £42 each", "£42", LANTERN.slug),
        ("so i rang cyclone, they can do two vans for £310", "£310", CYCLONE.slug),
        ("i emailed lantern about the 60 banners", "60 banners", LANTERN.slug),
        # the object of any other verb is the word: "drop anchor" is no firm's
        ("we had to drop anchor off the point for 2 hours", "2 hours", None),
        ("cancel lantern parade, the forecast is 40 knots", "40 knots", None),
        # a verb of calling read as a noun's word
        ("the ring anchor on the quay has rusted, needs £80 to replace", "£80", None),
        ("found the ring binder with the 2023 invoices in it", "2023 invoices", None),
        ("van update: cyclone quote came in at £310", "£310", CYCLONE.slug),
        ("let her email lantern about the 60 banners", "60 banners", LANTERN.slug),
        ("quick, ring cyclone before they close at 5", "close at 5", CYCLONE.slug),
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
        ("spoke to pc corwin verdon about the break-in", "Corwin Verdon"),
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
        "someone left a Brompton Electric outside",  # "someone" alone names nobody
        "our pc dell xps died again, repair shop wants £120",  # a computer, owned
        "got my replacement husqvarna automower today",  # a stand-in before no given name
        "popped into harvey nichols there was a sale on",  # "there was": no one's deed
        "popped into harvey nichols there will be a sale on friday",
        "ordered a new pc zotac magnus for the office",  # a rank after a describing word
    ],
)
def test_no_newcomer_without_a_name(text: str) -> None:
    assert new_people(text, set()) == []


def test_a_lowercase_newcomer_introduced_in_apposition_is_the_phrases() -> None:
    nuru = Entity("people/nuru-ostrik", "Nuru Ostrik", "person", pronoun="he")
    said = "nuru's getting a surveyor out on friday, a man called wystan brackwater"
    filed = dict(facts(said, pages=[nuru]))
    assert filed.get("a man called wystan brackwater") == "people/wystan-brackwater", filed
    assert filed.get("nuru's getting a surveyor out on friday") == nuru.slug, filed


def test_a_thing_called_so_is_no_newcomer_named_later() -> None:
    nuru = Entity("people/nuru-ostrik", "Nuru Ostrik", "person", pronoun="he")
    said = (
        "nuru's booked the barn for june, a place called the old granary that tegwyn quarrie runs"
    )
    filed = dict(facts(said, pages=[nuru]))
    assert filed.get("a place called the old granary that tegwyn quarrie runs") == nuru.slug, filed

"""A name written in a Latin script beyond ASCII is read as its ASCII spelling is.

"Şebnem Kaya, a retired joiner" introduces someone as "Sebnem Kaya, a retired joiner" does;
"so Żaneta rang" opens a clause as "so Zaneta rang" does; a pet's page that says it is
"Lã Thị Nguyệt's dog" files it under its keeper as "La Thi Nguyet's dog" would. Each case
pins what the ASCII spelling is read as and asks the same of the other, so it fails on a
reader that takes only "A-Z" for a capital as well as on one that reads neither.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_brain._relations import client_keys, pet_keys
from bb_brain.writeback import Entity
from bb_brain.writeback._forwarded import in_senders_words

from .test_reflex_grammar import ask, md, slugs
from .test_writeback_unsaid import facts

MAREN = Entity("people/maren-trethowan", "Maren Trethowan", "person", pronoun="she")

#: Each sentence, the words in it spelt in ASCII, and what the ASCII spelling is read as.
SPELLINGS = [
    # a newcomer and what they are, after a comma
    (
        "Asked around and Şebnem Kaya, a retired joiner, will fix the gate on Friday.",
        {"Şebnem": "Sebnem"},
        [
            ("Sebnem Kaya, a retired joiner", "people/sebnem-kaya"),
            ("will fix the gate on Friday.", "people/sebnem-kaya"),
        ],
    ),
    # "and" before a name that is the next clause's subject
    (
        "The quote came in and Ödön wants it signed by Friday.",
        {"Ödön": "Odon"},
        [("Odon wants it signed by Friday.", None)],
    ),
    # ", so" and "because" before one
    (
        "The fence blew down overnight, so Żaneta rang the landlord first thing.",
        {"Żaneta": "Zaneta"},
        [("The fence blew down overnight", None), ("Zaneta rang the landlord first thing.", None)],
    ),
    (
        "We moved the rehearsal to the hall because Ørjan has the keys on Mondays.",
        {"Ørjan": "Orjan"},
        [("Orjan has the keys on Mondays.", None)],
    ),
    # a comma, then a name no dictionary has and its verb
    (
        "the hedge is done, Þorgils sent the invoice",
        {"Þorgils": "Thorgils"},
        [("Thorgils sent the invoice", None)],
    ),
    # a relative named after their relation: a person of their own
    (
        "Maren and her husband Émeric Trethowan are hosting the quiz in June.",
        {"Émeric": "Emeric"},
        [
            (
                "Maren and her husband Emeric Trethowan are hosting the quiz in June.",
                MAREN.slug,
            ),
            ("her husband Emeric Trethowan", "people/emeric-trethowan"),
        ],
    ),
    # a relation written with its accent: the fact is the owner's
    (
        "Maren's fiancée Tresca starts at the brewery in March.",
        {"fiancée": "fiancee"},
        [("Maren's fiancee Tresca starts at the brewery in March.", MAREN.slug)],
    ),
    # a new firm's page: the slug is the one its ASCII spelling makes
    (
        "Øvergaard Joinery sent a price, they can start on the 9th.",
        {"Øvergaard": "Overgaard"},
        [
            ("Overgaard Joinery sent a price", "companies/overgaard-joinery"),
            ("they can start on the 9th.", "companies/overgaard-joinery"),
        ],
    ),
    # typed in lowercase: a full name, and a firm introduced by its name
    (
        "zoë quarmby wants the side gate painted green",
        {"zoë": "zoe"},
        [("zoe quarmby wants the side gate painted green", "people/zoe-quarmby")],
    ),
    (
        "spoke to inès tregothnan, she runs the choir now",
        {"inès": "ines"},
        [("spoke to ines tregothnan, she runs the choir now", "people/ines-tregothnan")],
    ),
    (
        "booked a local firm called brûlée bakes, they do cakes for weddings",
        {"brûlée": "brulee"},
        [
            (
                "booked a local firm called brulee bakes, they do cakes for weddings",
                "companies/brulee-bakes",
            )
        ],
    ),
    # everyday words with their accents are no one's name, as without them
    (
        "crème brûlée wants a blowtorch, she said",
        {"crème": "creme", "brûlée": "brulee"},
        [("creme brulee wants a blowtorch", None)],
    ),
]


def _spelt(text: str, names: dict[str, str]) -> str:
    for written, plain in names.items():
        text = text.replace(written, plain)
    return text


@pytest.mark.parametrize(("sentence", "names", "read"), SPELLINGS)
def test_a_sentence_reads_the_same_whichever_way_its_names_are_spelt(
    sentence: str, names: dict[str, str], read: list[tuple[str, str | None]]
) -> None:
    assert facts(_spelt(sentence, names), pages=[MAREN]) == read
    written = facts(sentence, pages=[MAREN])
    assert [(_spelt(fact, names), slug) for fact, slug in written] == read


def test_a_pets_page_files_it_under_a_keeper_whatever_letters_their_name_has() -> None:
    assert set(pet_keys("Lã Thị Nguyệt's dog; naps by the radiator.")) >= {
        "la's dog",
        "nguyet's dog",
    }
    assert set(pet_keys("Whippet owned by Ørjan Lysgaard.")) == {
        "ørjan's whippet",
        "lysgaard's whippet",
    }
    assert client_keys("Øvergaard wedding") == ["øvergaard's wedding"]


NGUYET = (
    "people/la-thi-nguyet",
    md("Lã Thị Nguyệt", type="person", aliases="[Nguyệt]", summary="Runs reception."),
)
BAO = (
    "pets/bao",
    md("Bao", type="pet", summary="Lã Thị Nguyệt's dog; naps by the radiator."),
)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("nguyet's dog has chewed the stapler again", True),
        ("la's dog is howling at the bin lorry", True),
        # someone else's dog: not hers
        ("the neighbour's dog has chewed the stapler again", False),
    ],
)
def test_a_pet_is_found_by_its_keeper_written_in_any_latin_letters(
    engine: Engine, make_brain: Any, text: str, named: bool
) -> None:
    found = slugs(ask(engine, make_brain(NGUYET, BAO), text))
    assert ("pets/bao" in found) is named


def test_a_forwarded_message_is_signed_by_a_name_in_any_latin_letters() -> None:
    text = (
        "fwd from the letting agent:\n\n> Hello, we'll send the new inventory on Monday."
        " Thanks, Ísold Bergsdóttir, Harrowgate Lettings"
    )
    voiced = in_senders_words(text, lambda name: name == "Harrowgate Lettings")
    assert "Harrowgate Lettings will send the new inventory on Monday" in voiced

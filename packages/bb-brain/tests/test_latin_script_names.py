"""A name written in a Latin script beyond ASCII is read as its ASCII spelling is.

"Şebnem Kaya, a retired joiner" introduces someone as "Sebnem Kaya, a retired joiner" does;
"so Łucja paid" opens a clause as "so Lucja paid" does; a pet's page that says it is
"Đoàn Thị Hương's dog" files it under its keeper as "Doan Thi Huong's dog" would. Each case
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
        "The van failed its MOT, so Łucja paid the garage in cash.",
        {"Łucja": "Lucja"},
        [("The van failed its MOT", None), ("Lucja paid the garage in cash.", None)],
    ),
    (
        "We moved the rehearsal to the hall because Ørjan has the keys on Mondays.",
        {"Ørjan": "Orjan"},
        [("Orjan has the keys on Mondays.", None)],
    ),
    # a comma, then a name no dictionary has and its verb
    (
        "the hedge is done, Þorvald sent the invoice",
        {"Þorvald": "Thorvald"},
        [("Thorvald sent the invoice", None)],
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
        "Maren's fiancée Oriel is moving to Leeds.",
        {"fiancée": "fiancee"},
        [("Maren's fiancee Oriel is moving to Leeds.", MAREN.slug)],
    ),
    # a new firm's page: the slug is the one its ASCII spelling makes
    (
        "Got a quote from Øvergaard Joinery, they can start on the 9th.",
        {"Øvergaard": "Overgaard"},
        [
            ("Got a quote from Overgaard Joinery", "companies/overgaard-joinery"),
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
        "found a firm called brûlée bakes, they do the wedding cakes",
        {"brûlée": "brulee"},
        [("found a firm called brulee bakes, they do the wedding cakes", "companies/brulee-bakes")],
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
    assert set(pet_keys("Đoàn Thị Hương's dog, who comes to work with her.")) >= {
        "đoan's dog",
        "huong's dog",
    }
    assert set(pet_keys("Whippet owned by Ørjan Lysgaard.")) == {
        "ørjan's whippet",
        "lysgaard's whippet",
    }
    assert client_keys("Øvergaard wedding") == ["øvergaard's wedding"]


HUONG = (
    "people/doan-thi-huong",
    md("Đoàn Thị Hương", type="person", aliases="[Hương]", summary="Runs the front desk."),
)
BAO = (
    "pets/bao",
    md("Bao", type="pet", summary="Đoàn Thị Hương's dog, who comes to work with her."),
)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("huong's dog chewed through the charger cable", True),
        ("doan's dog is asleep under the desk again", True),
        # someone else's dog: not hers
        ("the neighbour's dog chewed through the charger cable", False),
    ],
)
def test_a_pet_is_found_by_its_keeper_written_in_any_latin_letters(
    engine: Engine, make_brain: Any, text: str, named: bool
) -> None:
    found = slugs(ask(engine, make_brain(HUONG, BAO), text))
    assert ("pets/bao" in found) is named


def test_a_forwarded_message_is_signed_by_a_name_in_any_latin_letters() -> None:
    text = (
        "fwd from the letting agent:\n\n> Hello, we'll send the new inventory on Monday."
        " Thanks, Ásdís Þórsdóttir, Harrowgate Lettings"
    )
    voiced = in_senders_words(text, lambda name: name == "Harrowgate Lettings")
    assert "Harrowgate Lettings will send the new inventory on Monday" in voiced

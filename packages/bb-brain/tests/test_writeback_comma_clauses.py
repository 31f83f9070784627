"""A comma, then a name and its verb: a clause of its own, about its own subject.

Chat joins what it says with commas ("skerrow's at the vets overnight, quellyn will phone by 8"):
a name no dictionary has, then a finite verb that is no noun, opens a second clause. A word
of the dictionary in lowercase does not ("..., physio says", a role of someone named
before, maybe), nor does a name said alone before the comma, what the clause is about
("tamsworth, sachi got me a price"). A subject pronoun's contraction typed without its
apostrophe ("shes", "theyre", "im") opens a clause after a comma, "and" or "so" as the
pronoun does, and a firm's "theyre" is the firm's "they".
"""

from __future__ import annotations

import pytest
from bb_brain.writeback import Entity
from bb_brain.writeback._clauses import split_clauses

from .test_writeback_animals import _filed
from .test_writeback_unsaid import facts

DOG = Entity("pets/skerrow", "Skerrow", "pet")
VET = Entity("people/odhran-quellyn", "Odhran Quellyn", "person", pronoun="he")


@pytest.mark.parametrize(
    ("sentence", "clauses"),
    [
        (
            "skerrow's at the vets overnight, quellyn will phone by 8",
            ["skerrow's at the vets overnight", "quellyn will phone by 8"],
        ),
        (
            "the hedge is done, Odhran sent the invoice",
            ["the hedge is done", "Odhran sent the invoice"],
        ),
        # a subject pronoun's contraction typed without its apostrophe opens one too
        (
            "the hedge is done, shes paid the deposit",
            ["the hedge is done", "shes paid the deposit"],
        ),
        ("got the quote, theyre in no rush", ["got the quote", "theyre in no rush"]),
        ("the quote came in and hes in no rush", ["the quote came in", "hes in no rush"]),
        ("booked the van so im off friday", ["booked the van", "im off friday"]),
        # a word of the dictionary, a word with a contraction, a verb: no subject of its own
        ("the roof leaked again, garage quoted 380", ["the roof leaked again, garage quoted 380"]),
        ("all fine, emailed the office", ["all fine, emailed the office"]),
        # a phrase that leads in is no clause, and a word English often uses is no name
        (
            "As for the summer fete at the hall, quellyn will do the teas",
            ["As for the summer fete at the hall, quellyn will do the teas"],
        ),
        (
            "Ana is coming on saturday, hubby will drive her down",
            ["Ana is coming on saturday, hubby will drive her down"],
        ),
        # a given name many bear opens one, typed in lowercase however common
        (
            "Ana is coming on saturday, sarah will drive her down",
            ["Ana is coming on saturday", "sarah will drive her down"],
        ),
        ("the hall is booked, weve got it till 6", ["the hall is booked", "weve got it till 6"]),
        # a name alone before the comma is what the clause is about
        ("tamsworth, sachi got me a price", ["tamsworth, sachi got me a price"]),
        # a noun after the name: a list, no verb
        ("eggs, quellyn bread and milk", ["eggs, quellyn bread and milk"]),
    ],
)
def test_a_comma_before_a_name_and_its_verb_opens_a_clause(
    sentence: str, clauses: list[str]
) -> None:
    assert [clause.text for clause in split_clauses(sentence)] == clauses


def test_each_clause_is_filed_under_its_own_subject() -> None:
    said = facts(
        "skerrow's at the vets overnight, quellyn will ring back on monday",
        pages=[DOG, VET],
    )
    assert _filed(said, "the vets") == DOG.slug
    assert _filed(said, "ring back") == VET.slug


FIRM = Entity("companies/tamsworth-lighting", "Tamsworth Lighting", "company")


def test_a_firms_they_typed_without_its_apostrophe_is_the_firm() -> None:
    said = facts(
        "the panels came from Tamsworth Lighting.",
        "theyre closing the leeds branch in may",
        pages=[FIRM, VET],
    )
    assert _filed(said, "leeds branch") == FIRM.slug

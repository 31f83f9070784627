"""Weekdays and the days next to today as chat types them: "thurs", "weds", "tmrw"."""

from __future__ import annotations

import pytest
from bb_brain.writeback._rules import classify

from .test_writeback_extractors import rules


@pytest.mark.parametrize(
    "said",
    [
        "heading over thurs to bleed the radiators in the flat",
        "booked the skip for weds",
        "fitting the new cylinder tues",
        "van goes in for its service tmrw",
        "quiz is tonite at the legion",
    ],
)
def test_a_day_as_chat_types_it_dates_a_statement(said: str) -> None:
    assert classify(said) == "event"


@pytest.mark.parametrize(
    "said",
    [
        "we sat down with a brew and sorted it",  # a verb, no day
        "the sun was out all afternoon",
        "c'mon, that can't be right",
        "can't do any gardening in this sun",  # words of their own, wherever they stand
        "I always rely on sat nav these days",
        "bought far too much sun cream for the trip",
        "come on mon, get a move on",
    ],
)
def test_a_word_that_is_a_short_day_too_dates_nothing(said: str) -> None:
    assert classify(said) is None


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Alice starts the new rota tues. no wait, weds.", "Alice starts the new rota weds"),
        ("Alice does the quiz thurs. no wait, fri.", "Alice does the quiz fri"),
    ],
)
def test_a_day_typed_short_is_the_value_a_correction_fixes(said: str, kept: str) -> None:
    assert [fact for fact, _, _ in rules(("user", said))] == [kept]

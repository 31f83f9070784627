"""Weekdays and the days next to today as chat types them: "thurs", "weds", "tmrw"."""

from __future__ import annotations

import pytest
from bb_brain.writeback._rules import classify

from .test_writeback_extractors import rules


@pytest.mark.parametrize(
    "said",
    [
        "going back thurs to redo the whole run under the stairs",
        "booked the skip for weds",
        "fitting the new cylinder tues",
        "last one's on sat, then we're done",
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
    ],
)
def test_a_word_that_is_a_short_day_too_dates_nothing(said: str) -> None:
    assert classify(said) is None


def test_a_day_typed_short_is_the_value_a_correction_fixes() -> None:
    facts = rules(("user", "Alice starts the new rota tues. no wait, weds."))
    assert [fact for fact, _, _ in facts] == ["Alice starts the new rota weds"]

"""A forwarded e-mail speaks in its sender's voice."""

from __future__ import annotations

import pytest
from bb_brain.writeback._forwarded import in_senders_words

EMAIL = """fwd from dana, keep the key points:

---------- Forwarded message ---------
From: Dana Reyes <dana@example.org>
To: me
Subject: Re: the budget

I'm stepping back in January and Ilse will take my seat. I'd like a plan by Friday.
On Mon, Tom Hale wrote:
> I think the plan is fine"""


def test_the_body_under_from_is_in_the_senders_voice() -> None:
    rewritten = in_senders_words(EMAIL)
    assert "Dana Reyes is stepping back in January" in rewritten
    assert "will take Dana Reyes's seat" in rewritten
    assert "Dana Reyes would like a plan by Friday" in rewritten


def test_headers_the_users_words_and_quoted_replies_are_kept() -> None:
    rewritten = in_senders_words(EMAIL)
    assert rewritten.startswith("fwd from dana, keep the key points:")
    assert "To: me\n" in rewritten
    assert "> I think the plan is fine" in rewritten


def test_text_without_a_sender_is_untouched() -> None:
    for text in ("I'm off on Friday", "From: what I saw it is fine", "From: a@b.org\nI agree"):
        assert in_senders_words(text) == text


def test_the_message_ends_at_its_sign_off_and_the_users_words_stay_theirs() -> None:
    text = "From: Dana Reyes\n\nI am away in May.\nBest,\nDana\n\nthoughts? I'm worried"
    rewritten = in_senders_words(text)
    assert "Dana Reyes is away in May." in rewritten
    assert rewritten.endswith("thoughts? I'm worried")


def test_a_pasted_message_signed_for_an_organisation_speaks_for_it() -> None:
    text = (
        "fwd from the supplier:\n\n> Hello, our new showroom opens on 2 June and"
        " we'll send invites nearer the time. Thanks, Odile Varn, Widget Co"
    )
    voiced = in_senders_words(text, lambda name: name == "Widget Co")
    assert "Widget Co will send invites nearer the time" in voiced
    assert "Widget Co's new showroom opens on 2 June" in voiced
    # signed by the person alone: the first person stays hers
    own = "> We'll confirm the room next week. Best, Odile Varn"
    assert in_senders_words(own, lambda name: True) == own


@pytest.mark.parametrize(
    "text",
    [
        "The sign said:\n> We are open late on Saturday, Sunday",  # no sign-off
        "She said:\n> We'll meet you and Alice at Kings Cross",
        "> Our van broke down, sorry. Love, Odile, Lisbon",  # no sign-off word it knows
    ],
)
def test_a_message_with_no_sign_off_is_left_alone(text: str) -> None:
    assert in_senders_words(text, lambda name: True) == text


def test_a_message_signed_for_a_name_that_is_no_organisation_is_left_alone() -> None:
    text = "> Our van broke down, sorry.\n> Cheers, Odile @ Larkmoor"
    assert "Larkmoor" in in_senders_words(text, lambda name: True).split("\n")[0]
    assert in_senders_words(text, lambda name: name == "Widget Co") == text

"""A page the conversation named before, by the words this turn uses, is no news to the agent.

Gold follows what the agent already has in context: a page is in context from the turn where
it was named, by either role, however far back. The reflex sees the last few turns as a
window; further back it reads the prior context for the same words written as a name of the
same page: capitalised, no other name running on around them, and not an everyday word, a
month, a place or a name two pages share, which may have meant something else then.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_brain.reflex._context import Mention, named_as_here
from bb_schema.fixture import PublicTurn
from bb_schema.turn_context import SeamSettings, TurnContextRequest, TurnContextResponse

ODRAN = (
    "people/odran-vail",
    "---\ntitle: Odran Vail\ntype: person\naliases: [Odran]\n---\nGroundsman.\n",
)
HOPE = (
    "people/hope-maresco",
    "---\ntitle: Hope Maresco\ntype: person\naliases: [Hope]\n---\nRuns the till.\n",
)
JUNE = (
    "people/june-tarrow",
    "---\ntitle: June Tarrow\ntype: person\naliases: [June]\n---\nOn the front desk.\n",
)
EBO_A = (
    "people/ebo-mensworth",
    "---\ntitle: Ebo Mensworth\ntype: person\naliases: [Ebo]\n---\nDrives the van.\n",
)
EBO_B = (
    "people/ebo-tandoh",
    "---\ntitle: Ebo Tandoh\ntype: person\naliases: [Ebo]\n---\nA dentist we supply.\n",
)
FILLER = ["ok", "right", "noted", "fine", "sure", "thanks"]


def converse(engine: Engine, brain: str, turns: list[str]) -> TurnContextResponse:
    """Replay ``turns`` (user first, then alternating) the way the openclaw seam does.

    Returns the last user turn's answer; every turn's injected text joins the prior context.
    """
    history: list[PublicTurn] = []
    injected: list[str] = []
    response = TurnContextResponse()
    for number, text in enumerate(turns, start=1):
        user = number % 2 == 1
        turn = PublicTurn(turn_id=number, role="user" if user else "assistant", text=text)
        if user:
            response = engine.turn_context(
                TurnContextRequest(
                    brain_id=brain, session_id="s1", active_source="default", turn=turn,
                    window=history[-4:], prior_context="\n\n".join(
                        [*(past.text for past in history), *injected]
                    ),
                    settings=SeamSettings(
                        pointer_budget=3, suppression="prior-context", volunteer=True,
                        volunteer_window_turns=4,
                    ),
                )
            )  # fmt: skip
            if response.text:
                injected.append(response.text)
        history.append(turn)
    return response


def far_back(first: list[str], last: str) -> list[str]:
    """``first``, then enough small talk to put it outside the window, then ``last``."""
    return [*first, *FILLER, last]


def slugs(response: TurnContextResponse) -> list[str]:
    return [pointer.slug for pointer in response.pointers]


def decisions(response: TurnContextResponse) -> dict[str, str]:
    return {
        pointer.slug: pointer.evidence.decision if pointer.evidence else ""
        for pointer in response.declined
    }


def test_a_name_the_assistant_said_far_back_is_not_pushed_again(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(ODRAN)
    turns = far_back(["the pitch is flooded", "Did Odran check the pitch?"], "tell Odran")
    response = converse(engine, brain, turns)
    assert slugs(response) == []
    assert decisions(response)[ODRAN[0]].startswith("suppressed: named so earlier")
    # a possessive named him as well, and so does the user's own earlier turn
    turns = far_back(["Odran's off sick", "Sorry to hear."], "tell Odran I said hi")
    assert slugs(converse(engine, brain, turns)) == []
    # never said before: pushed
    assert slugs(converse(engine, brain, far_back(["rain", "ok"], "tell Odran"))) == [ODRAN[0]]


@pytest.mark.parametrize(
    "earlier",
    [
        "year 7 are reading W.O. Odran this term",  # initials: a family name, someone else's
        "Odran Quarmby wrote that book",  # another family name runs on
        "Quarmby Odran wrote that book",  # and before
        "we had an Odran tribute act at the ball",  # a person's name takes no article
        "we ended up at the Odran and Crown after the game",  # a longer name
        "the banner said A Season of Odran",  # the close of a capitalised title
        "odran was here",  # lowercase: no sure name
    ],
)
def test_the_same_words_as_part_of_something_else_named_nobody(earlier: str) -> None:
    odran = Mention("Odran", frozenset({"odran", "vail"}), person=True)
    assert named_as_here(earlier, {ODRAN[0]: odran}) == set()


@pytest.mark.parametrize(
    "earlier",
    [
        "Did Odran check the pitch?",
        "Odran's off sick\n\nSorry to hear.",
        "ok. Odran Vail said so",  # the page's own family name runs on
        "I rang Dr Odran today",  # a title of address
    ],
)
def test_the_same_words_as_a_name_named_the_page(earlier: str) -> None:
    odran = Mention("Odran", frozenset({"odran", "vail"}), person=True)
    assert named_as_here(earlier, {ODRAN[0]: odran}) == {ODRAN[0]}


def test_a_word_capitalised_whatever_it_names_said_before_is_no_mention(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(HOPE, JUNE)
    # an everyday word opening its sentence, and a month, named nobody then
    turns = far_back(["Hope you're well", "Thanks, all good."], "and cc Hope on it")
    assert slugs(converse(engine, brain, turns)) == [HOPE[0]]
    turns = far_back(["no late shifts from June", "Noted."], "also June said the vet rang twice")
    assert slugs(converse(engine, brain, turns)) == [JUNE[0]]
    # an everyday word may have been the word whatever its capital: pushed again
    turns = far_back(["no news", "the Hope was a lovely boat"], "and cc Hope on it")
    assert slugs(converse(engine, brain, turns)) == [HOPE[0]]


def test_a_name_two_pages_share_said_before_may_have_meant_the_other(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(EBO_A, EBO_B)
    turns = far_back(
        ["Ebo phoned, remind me", "Which Ebo?", "the dentist, Dr Tandoh", "Ok."],
        "also the other Ebo is away friday",
    )
    response = converse(engine, brain, turns)
    assert slugs(response) == [EBO_A[0]]


MERCEDES = (
    "people/mercedes-quarrie",
    "---\ntitle: Mercedes Quarrie\ntype: person\naliases: [Mercedes]\n---\nA customer.\n",
)


def test_words_a_window_turn_read_as_something_else_named_nobody(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(MERCEDES, ODRAN)
    turns = ["the two Mercedes vans are priority", "ok", "Mercedes rang, she wants the invoice"]
    assert slugs(converse(engine, brain, turns)) == [MERCEDES[0]]
    # a window turn that named her keeps her known
    turns = ["Mercedes Quarrie is priority", "ok", "Mercedes rang, she wants the invoice"]
    assert slugs(converse(engine, brain, turns)) == []

"""Explicit recall, and the pointer line that carries what conversations said about a page."""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Database, Engine, UnknownBrainError
from bb_brain.carryover import NOTE_CHARS, NOTES_PER_PAGE, clean_note, latest_notes
from bb_brain.trust.proactive import gate_pointers, gate_with_notes
from bb_brain.writeback import write_back
from bb_schema.fixture import PublicTurn, SeedFact
from bb_schema.memory import RecallRequest
from bb_schema.turn_context import (
    ExtractedFact,
    InjectedExtraction,
    Pointer,
    SeamSettings,
    TurnContextRequest,
    WriteBackRequest,
)

ACME = "companies/acme-robotics"
ORBIT = "projects/orbit"
PAGES = (
    (
        ACME,
        "---\ntitle: Acme Robotics\ntype: company\naliases: [acme]\nsummary: Robot arms.\n---\n",
    ),
    (ORBIT, "---\ntitle: Project Orbit\ntype: project\nsummary: Internal tooling.\n---\n"),
    # the same slug in another source: nothing of that source may come back
    (ACME, "---\ntitle: Acme Robotics\ntype: company\nsummary: Team copy.\n---\n", "team"),
)


def _say(db: Database, brain: str, facts: list[tuple[str, str | None]], *, source: str = "default",
         session: str = "s1") -> None:  # fmt: skip
    turns = [
        PublicTurn(turn_id=i + 1, role="user", text=f"turn {i}", ts=f"2026-03-02T17:0{i}:00Z")
        for i in range(len(facts))
    ]
    injected = [
        InjectedExtraction(turn_text=f"turn {i}", facts=[ExtractedFact(fact=f, entity_slug=e)])
        for i, (f, e) in enumerate(facts)
    ]
    write_back(
        db,
        WriteBackRequest(
            brain_id=brain, source=source, session_id=session, turns=turns, injected=injected
        ),
    )


def _recall(
    engine: Engine, brain: str, query: str, limit: int = 5, source: str = "default"
) -> list[str]:
    request = RecallRequest(brain_id=brain, source=source, query=query, limit=limit)
    return [fact.fact for fact in engine.recall(request).facts]


def test_recall_answers_with_the_named_entity_s_facts_newest_first(
    engine: Engine, db: Database, make_brain: Any
) -> None:
    brain = make_brain(*PAGES)
    _say(
        db,
        brain,
        [
            ("Acme Robotics raised a seed round", ACME),
            ("Decided to pass on Acme Robotics because pricing is too rich", ACME),
            ("Project Orbit slipped a quarter", ORBIT),
        ],
    )
    _say(db, brain, [("Acme Robotics team copy fact", ACME)], source="team")
    assert _recall(engine, brain, "Where did we land on Acme Robotics?") == [
        "Decided to pass on Acme Robotics because pricing is too rich",
        "Acme Robotics raised a seed round",
    ]
    # the alias resolves like the reflex does; the limit holds
    assert _recall(engine, brain, "anything new on acme?", limit=1) == [
        "Decided to pass on Acme Robotics because pricing is too rich"
    ]
    assert _recall(engine, brain, "Where did we land on Acme Robotics?", source="team") == [
        "Acme Robotics team copy fact"
    ]


def test_recall_falls_back_to_content_words_and_never_echoes(
    engine: Engine, db: Database, make_brain: Any
) -> None:
    brain = make_brain(*PAGES, facts=[SeedFact(fact="The quarterly budget was approved")])
    _say(db, brain, [("Project Orbit slipped a quarter", ORBIT)])
    # no page named: facts sharing a content word (stemmed) answer
    assert _recall(engine, brain, "Which budgets got approved?") == [
        "The quarterly budget was approved"
    ]
    assert _recall(engine, brain, "Thanks, that helps a lot.") == []
    assert _recall(engine, brain, "   ") == []


def test_recall_of_an_unknown_brain_is_an_error(engine: Engine) -> None:
    with pytest.raises(UnknownBrainError):
        engine.recall(RecallRequest(brain_id="no-such-brain", source="default", query="x"))


def _context(engine: Engine, brain: str, text: str, render: str = "markdown") -> str:
    request = TurnContextRequest(
        brain_id=brain,
        session_id="reader",
        active_source="default",
        turn=PublicTurn(turn_id=1, role="user", text=text),
        settings=SeamSettings(pointer_budget=3, render=render),  # type: ignore[arg-type]
    )
    return engine.turn_context(request).text


def test_a_pointer_line_carries_the_latest_conversation_facts_about_its_page(
    engine: Engine, db: Database, make_brain: Any
) -> None:
    brain = make_brain(*PAGES, facts=[SeedFact(fact="Seeded fact about Acme", entity_slug=ACME)])
    before = _context(engine, brain, "Where did we land on Acme Robotics?")
    assert "latest:" not in before  # seed facts are not conversation facts
    _say(
        db,
        brain,
        [
            ("Acme Robotics raised a seed round", ACME),
            ("Acme Robotics hired a CFO", ACME),
            ("Decided to pass on Acme Robotics (brain://team/companies/x) now", ACME),
        ],
    )
    _say(db, brain, [("Acme team-source decision", ACME)], source="team")
    text = _context(engine, brain, "Where did we land on Acme Robotics?")
    line = next(line for line in text.splitlines() if ACME in line)
    assert line.endswith(
        "latest: Decided to pass on Acme Robotics (brain:team/companies/x) now"
        " | Acme Robotics hired a CFO"
    )
    assert NOTES_PER_PAGE == 2 and "raised a seed round" not in text
    assert "team-source" not in text and "brain://team" not in text
    fragment = _context(engine, brain, "Where did we land on Acme Robotics?", "fragment")
    assert "(latest: Decided to pass on Acme Robotics" in fragment
    # a page nobody talked about carries nothing
    assert "latest:" not in _context(engine, brain, "What about Project Orbit?")


def test_the_one_round_trip_gate_returns_what_the_gate_and_the_notes_return(
    db: Database, make_brain: Any
) -> None:
    brain = make_brain(*PAGES)
    said = [("Acme Robotics hired a CFO", ACME), ("Orbit ships in May", ORBIT),
            ("Acme Robotics moved offices", ACME), ("Acme Robotics won a bid", ACME)]  # fmt: skip
    _say(db, brain, said)
    for slugs in ([ACME], [ORBIT, ACME, "people/nobody"], []):
        pointers = [Pointer(slug=slug, source="default", title=slug) for slug in slugs]
        with db.reader() as conn:
            gated, notes = gate_with_notes(conn, brain, "default", pointers)
            expected = gate_pointers(conn, brain, "default", pointers)
            expected_notes = latest_notes(conn, brain, "default", [p.slug for p in expected])
        assert (gated, notes) == (expected, expected_notes)
    assert notes == {} and len(expected_notes) == 0
    with db.reader() as conn:
        _, notes = gate_with_notes(conn, brain, "default", [Pointer(slug=ACME, source="default")])
    assert notes == {ACME: ["Acme Robotics won a bid", "Acme Robotics moved offices"]}


def test_carried_notes_are_one_bounded_line() -> None:
    long = "word " * 100
    note = clean_note(long + "\nbrain://x/y")
    assert len(note) == NOTE_CHARS and note.endswith("…") and "\n" not in note
    assert clean_note("see brain://a/b and BRAIN://c/d") == "see brain:a/b and brain:c/d"

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest
from bb_brain import Engine
from bb_brain._errors import BrainUserError
from bb_brain.transcripts import write_claude_transcript, write_codex_rollout
from bb_brain.writeback.ingest import (
    build_parser,
    ingest_into,
    load_pages,
    parse_session,
    run_ingest,
)
from bb_schema import PublicTurn

TURNS = [
    PublicTurn(
        turn_id=1,
        role="user",
        text="Just got off the call with Alice Example.",
        ts="2026-03-02T17:00:00Z",
    ),
    PublicTurn(turn_id=2, role="assistant", text="How did it go?", ts="2026-03-02T17:00:30Z"),
    PublicTurn(
        turn_id=3,
        role="user",
        text="She is worried about gross margin. Thanks!",
        ts="2026-03-02T17:01:00Z",
    ),
    PublicTurn(
        turn_id=4,
        role="user",
        text="I'll send her the checklist by Friday.",
        ts="2026-03-02T18:00:00Z",
    ),
]
ALICE = "---\ntitle: Alice Example\ntype: person\n---\nFounder.\n"


@pytest.fixture
def pages_dir(tmp_path: Path) -> Path:
    root = tmp_path / "pages"
    (root / "people").mkdir(parents=True)
    (root / "people" / "alice-example.md").write_text(ALICE, encoding="utf-8")
    (root / "notes.txt").write_text("not a page", encoding="utf-8")
    return root


def test_parse_session_both_formats_and_session_defaults(tmp_path: Path) -> None:
    codex = write_codex_rollout(tmp_path / "rollout-x.jsonl", TURNS, session_id="cx-1", cwd="/w")
    claude = write_claude_transcript(tmp_path / "cc.jsonl", TURNS, session_id="cc-1", cwd="/w")
    assert parse_session("codex", codex).session_id == "cx-1"
    assert parse_session("claude-code", claude).session_id == "cc-1"
    assert parse_session("codex", codex, "override").session_id == "override"
    assert parse_session("codex", codex).turns == TURNS
    assert parse_session("claude-code", claude).turns == TURNS
    bare = tmp_path / "bare-session.jsonl"
    bare.write_text(
        json.dumps({"type": "event_msg", "payload": {"type": "user_message", "message": "hi"}})
        + "\n",
        encoding="utf-8",
    )
    assert parse_session("codex", bare).session_id == "bare-session"


def test_parse_session_without_turns_is_a_user_error(tmp_path: Path) -> None:
    empty = tmp_path / "e.jsonl"
    empty.write_text("garbage\n", encoding="utf-8")
    with pytest.raises(BrainUserError, match="no codex conversation turn .1 lines skipped"):
        parse_session("codex", empty)


def test_load_pages(pages_dir: Path) -> None:
    (page,) = load_pages(pages_dir, "work")
    assert (page.slug, page.source, page.content) == ("people/alice-example", "work", ALICE)
    with pytest.raises(BrainUserError, match="neither a directory"):
        load_pages(pages_dir / "missing", "work")


def test_ingest_into_writes_the_session_with_provenance(
    engine: Engine, tmp_path: Path, pages_dir: Path
) -> None:
    path = write_claude_transcript(tmp_path / "t.jsonl", TURNS, session_id="cc-9", cwd="/w")
    result = ingest_into(
        engine,
        parse_session("claude-code", path),
        source="work",
        pages=load_pages(pages_dir, "work"),
    )
    assert result.response.conversation_slug == "conversations/cc-9"
    assert result.response.segments == 2  # 59 minutes between turns 3 and 4
    assert [(f.fact, f.entity_slug, f.kind) for f in result.facts] == [
        ("She is worried about gross margin.", "people/alice-example", "belief"),
        ("I'll send her the checklist by Friday.", None, "commitment"),  # new segment: no referent
    ]
    # each fact carries the label of the segment that stated it
    assert [(f.source, f.source_session, f.source_markdown_slug) for f in result.facts] == [
        ("work", "cc-9#1", "conversations/cc-9"),
        ("work", "cc-9#2", "conversations/cc-9"),
    ]
    doc = result.as_json()
    assert (doc["session_id"], doc["turns"], doc["facts_written"], len(doc["facts"])) == (
        "cc-9",
        4,
        2,
        2,
    )


def test_run_ingest_cli_json_and_human(tmp_path: Path, pages_dir: Path) -> None:
    path = write_codex_rollout(tmp_path / "r.jsonl", TURNS, session_id="cx-2", cwd="/w")
    args = build_parser().parse_args(["codex", str(path), "--pages", str(pages_dir), "--json"])
    out, err = io.StringIO(), io.StringIO()
    assert run_ingest(args, out, err) == 0
    doc = json.loads(out.getvalue())
    assert doc["conversation_slug"] == "conversations/cx-2"
    assert doc["facts_written"] == 2
    assert err.getvalue() == ""
    args = build_parser().parse_args(
        ["codex", str(path), "--pages", str(pages_dir), "--session", "h"]
    )
    out = io.StringIO()
    assert run_ingest(args, out, err) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == (
        "session 'h': 4 turns (3 from the user), 2 segment(s), 0 line(s) skipped, 0 warning(s)"
    )
    assert lines[1] == "wrote conversations/h and 2 fact(s) (0 duplicate(s) dropped)"
    assert (
        lines[2] == "- [belief] She is worried about gross margin.  (entity people/alice-example)"
    )


def test_run_ingest_errors_exit_two_with_an_envelope(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, err = io.StringIO(), io.StringIO()
    args = build_parser().parse_args(["codex", str(tmp_path / "absent.jsonl"), "--json"])
    assert run_ingest(args, out, err) == 2
    assert json.loads(out.getvalue())["error"]["kind"] == "usage"
    assert "does not exist" in err.getvalue()
    # llm without configuration fails before any database is opened
    path = write_codex_rollout(tmp_path / "r.jsonl", TURNS, session_id="cx-3", cwd="/w")
    monkeypatch.delenv("BRAINBENCH_LLM_BASE_URL", raising=False)
    out, err = io.StringIO(), io.StringIO()
    args = argparse.Namespace(
        **{**vars(build_parser().parse_args(["codex", str(path)])), "extractor": "llm"}
    )
    assert run_ingest(args, out, err) == 2
    assert "BRAINBENCH_LLM_BASE_URL" in err.getvalue()
    assert out.getvalue() == ""


def test_bb_brain_ingest_subcommand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bb_brain.cli import main

    path = write_claude_transcript(tmp_path / "t.jsonl", TURNS, session_id="cli-1", cwd="/w")
    assert main(["ingest", "claude-code", str(path), "--source", "mine", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["conversation_slug"] == "conversations/cli-1"
    assert {fact["source"] for fact in doc["facts"]} == {"mine"}
    assert main(["ingest", "codex"]) == 2  # usage: the path is missing


DATA = Path(__file__).with_name("data")


def test_ingest_of_a_real_current_rollout_with_fixture_pages(tmp_path: Path) -> None:
    """Codex 0.171 writes no user_message events: the facts must still be found."""
    fixture = tmp_path / "pages.fixture.json"
    fixture.write_text(
        json.dumps(
            {
                "schema_version": 1,
                "fixture_id": "pages",
                "suites": ["know-to-ask"],
                "seed_pages": [{"slug": "people/alice-example", "content": ALICE}],
                "turns": [{"turn_id": 1, "role": "user", "text": "hi"}],
            }
        ),
        encoding="utf-8",
    )
    rollout = DATA / "codex-0.171.0-rollout.jsonl"
    args = build_parser().parse_args(["codex", str(rollout), "--pages", str(fixture), "--json"])
    out, err = io.StringIO(), io.StringIO()
    assert run_ingest(args, out, err) == 0
    doc = json.loads(out.getvalue())
    assert (doc["user_turns"], doc["warnings"], err.getvalue()) == (2, [], "")
    assert ("Alice Example prefers async standups.", "people/alice-example") in [
        (fact["fact"], fact["entity_slug"]) for fact in doc["facts"]
    ]


def test_a_rollout_with_no_readable_user_turn_warns_once(tmp_path: Path) -> None:
    only_replies = tmp_path / "replies.jsonl"
    reply = {
        "type": "message",
        "role": "assistant",
        "content": [{"type": "output_text", "text": "Ok."}],
    }
    only_replies.write_text(
        json.dumps({"timestamp": "2026-03-02T17:00:00Z", "type": "response_item", "payload": reply})
        + "\n",
        encoding="utf-8",
    )
    args = build_parser().parse_args(["codex", str(only_replies), "--json"])
    out, err = io.StringIO(), io.StringIO()
    assert run_ingest(args, out, err) == 0
    doc = json.loads(out.getvalue())
    assert (doc["user_turns"], doc["facts_written"], len(doc["warnings"])) == (0, 0, 1)
    assert "no user turn readable" in doc["warnings"][0]
    (line,) = err.getvalue().splitlines()
    assert line.startswith(f"bb-brain ingest: warning: {only_replies}: no user turn readable")

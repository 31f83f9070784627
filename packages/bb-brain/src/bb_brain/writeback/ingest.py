"""``bb-brain ingest``: a real harness session through the same parsers and write-back pipeline.

    bb-brain ingest codex ROLLOUT.jsonl [--source S] [--session ID] [--extractor rules|llm]
    bb-brain ingest claude-code TRANSCRIPT.jsonl [...] [--pages DIR] [--json]

The transcript is parsed by the parser the seams use (:mod:`bb_brain.transcripts`), a brain is
opened, the pages of ``--pages`` (a directory of markdown with frontmatter, slug = path without
``.md``, or a fixture file's seed pages: :mod:`bb_brain.seeding`) are seeded into the source so
facts can be attributed to them, and the conversation goes through
:func:`bb_brain.writeback.write_back`. What was written is printed: the conversation page, the
segments and every stored fact with its provenance. What the parser warned about (a rollout
with no user turn it could read, skipped lines) is printed once on stderr and counted in the
output (``warnings`` with ``--json``).

The database is ``$BRAINBENCH_DSN`` or a private embedded server; either way the run's schema
lives only as long as the command, so ingest shows what the engine keeps from a session.

Exit codes: 0 written, 2 usage, configuration or runtime error (message on stderr; with
``--json`` also an ``{"error": {"kind", "message"}}`` envelope on stdout).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal

from bb_schema.fixture import DEFAULT_SOURCE, PublicTurn, SeedPage
from bb_schema.memory import FactQuery, OpenBrainRequest, SeedRequest, StoredFact
from bb_schema.turn_context import WriteBackRequest, WriteBackResponse

from bb_brain._errors import BrainError, BrainUserError
from bb_brain._pg import open_database
from bb_brain.engine import Engine
from bb_brain.seeding import load_seed
from bb_brain.transcripts import ParseReport, read_claude_transcript, read_codex_rollout
from bb_brain.writeback._extract import ExtractorFactory
from bb_brain.writeback._llm import LlmBudget, LlmConfig, llm_extractors
from bb_brain.writeback._pipeline import write_back

Harness = Literal["codex", "claude-code"]
DEFAULT_BUDGET_USD = 1.0


@dataclass(frozen=True)
class ParsedSession:
    """A harness session as the write path receives it."""

    session_id: str
    turns: list[PublicTurn]
    report: ParseReport


@dataclass(frozen=True)
class IngestResult:
    """What one ingest wrote."""

    session: ParsedSession
    response: WriteBackResponse
    facts: list[StoredFact]

    def as_json(self) -> dict[str, Any]:
        """The ``--json`` document."""
        return {
            "session_id": self.session.session_id,
            "turns": len(self.session.turns),
            "user_turns": sum(turn.role == "user" for turn in self.session.turns),
            "skipped_lines": self.session.report.skipped_lines,
            "warnings": list(self.session.report.warnings),
            **self.response.model_dump(),
            "facts": [fact.model_dump() for fact in self.facts],
        }


def parse_session(harness: Harness, path: Path, session_id: str | None = None) -> ParsedSession:
    """Parse a rollout or transcript; the session id defaults to the file's own, then its stem.

    Raises:
        TranscriptError: The file cannot be read.
        BrainUserError: The file holds no conversation turn.
    """
    if harness == "codex":
        rollout = read_codex_rollout(path)
        turns, own_id, report = rollout.turns, rollout.session_id, rollout.report
    else:
        transcript = read_claude_transcript(path)
        turns, own_id, report = transcript.turns, transcript.session_id, transcript.report
    if not turns:
        raise BrainUserError(
            f"{str(path)!r} holds no {harness} conversation turn ({report.skipped_lines} "
            f"lines skipped); pass a {harness} session file"
        )
    return ParsedSession(session_id or own_id or path.stem, turns, report)


def load_pages(path: Path, source: str) -> list[SeedPage]:
    """The pages of a directory of markdown or of a fixture file, in ``source`` (a directory).

    Raises:
        BrainUserError: Neither, or unreadable (see :func:`bb_brain.seeding.load_seed`).
    """
    return load_seed(path, source).pages


def ingest(
    session: ParsedSession,
    *,
    source: str = DEFAULT_SOURCE,
    extractor: Literal["rules", "llm"] = "rules",
    pages: Sequence[SeedPage] = (),
    extractors: Mapping[str, ExtractorFactory] | None = None,
    dsn: str | None = None,
) -> IngestResult:
    """Open a database (``dsn``, ``$BRAINBENCH_DSN`` or embedded) and :func:`ingest_into` it."""
    with open_database(dsn) as db:
        return ingest_into(
            Engine(db),
            session,
            source=source,
            extractor=extractor,
            pages=pages,
            extractors=extractors,
        )


def ingest_into(
    engine: Engine,
    session: ParsedSession,
    *,
    source: str = DEFAULT_SOURCE,
    extractor: Literal["rules", "llm"] = "rules",
    pages: Sequence[SeedPage] = (),
    extractors: Mapping[str, ExtractorFactory] | None = None,
) -> IngestResult:
    """Open a brain, seed ``pages``, write the session back, read back the source's facts."""
    brain_id = engine.open_brain(OpenBrainRequest(fixture_id="ingest")).brain_id
    if pages:
        engine.seed(SeedRequest(brain_id=brain_id, pages=list(pages)))
    request = WriteBackRequest(
        brain_id=brain_id,
        source=source,
        session_id=session.session_id,
        turns=session.turns,
        extractor=extractor,
    )
    response = write_back(engine.db, request, extractors=extractors)
    stored = engine.list_facts(FactQuery(brain_id=brain_id, source=source)).facts
    return IngestResult(session, response, stored)


def build_parser() -> argparse.ArgumentParser:
    """The ``ingest`` argument parser (also mounted as a ``bb-brain`` subcommand)."""
    parser = argparse.ArgumentParser(
        prog="bb-brain ingest",
        description="Feed a real harness session through the write-back pipeline and print "
        "what was written. Exit 0 written, 2 error.",
    )
    configure_parser(parser)
    return parser


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add ingest's arguments to ``parser`` (for mounting under another CLI)."""
    parser.add_argument("harness", choices=["codex", "claude-code"], help="transcript format")
    parser.add_argument("path", type=Path, help="the rollout / transcript JSONL file")
    parser.add_argument("--source", default=DEFAULT_SOURCE, help="source to write into")
    parser.add_argument("--session", default=None, help="session id (default: the file's own)")
    parser.add_argument("--extractor", choices=["rules", "llm"], default="rules")
    parser.add_argument(
        "--budget-usd",
        type=float,
        default=DEFAULT_BUDGET_USD,
        help=f"llm spending cap for this run (default {DEFAULT_BUDGET_USD})",
    )
    parser.add_argument(
        "--pages",
        type=Path,
        default=None,
        help="pages to seed for attribution: a directory of markdown, or a fixture .json",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def run_ingest(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    """Run a parsed ``ingest`` command line; return the exit code."""
    try:
        session = parse_session(args.harness, args.path, args.session)
        pages = load_pages(args.pages, args.source) if args.pages is not None else []
        extractors = None
        if args.extractor == "llm":
            extractors = llm_extractors(LlmConfig.from_env(), LlmBudget(args.budget_usd))
        result = ingest(
            session,
            source=args.source,
            extractor=args.extractor,
            pages=pages,
            extractors=extractors,
        )
    except (BrainError, OSError) as exc:
        message = exc.message if isinstance(exc, BrainError) else str(exc)
        kind = "usage" if isinstance(exc, BrainUserError | OSError) else "runtime"
        print(f"bb-brain ingest: {message}", file=stderr)
        if args.json:
            print(json.dumps({"error": {"kind": kind, "message": message}}), file=stdout)
        return 2
    for warning in result.session.report.warnings:
        print(f"bb-brain ingest: warning: {args.path}: {warning}", file=stderr)
    if args.json:
        print(json.dumps(result.as_json(), ensure_ascii=False, sort_keys=True), file=stdout)
    else:
        _print_human(result, stdout)
    return 0


def configure(parser: argparse.ArgumentParser) -> None:
    """``bb-brain ingest`` subcommand arguments (see :mod:`bb_brain.cli`)."""
    configure_parser(parser)


def execute(args: argparse.Namespace) -> int:
    """``bb-brain ingest`` subcommand run (see :mod:`bb_brain.cli`)."""
    return run_ingest(args, sys.stdout, sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Standalone entry: parse ``argv`` and run."""
    args = build_parser().parse_args(argv)
    return run_ingest(args, sys.stdout, sys.stderr)


def _print_human(result: IngestResult, out: IO[str]) -> None:
    response = result.response
    report = result.session.report
    users = sum(turn.role == "user" for turn in result.session.turns)
    print(
        f"session {result.session.session_id!r}: {len(result.session.turns)} turns ({users} "
        f"from the user), {response.segments} segment(s), {report.skipped_lines} line(s) "
        f"skipped, {len(report.warnings)} warning(s)",
        file=out,
    )
    print(
        f"wrote {response.conversation_slug} and {response.facts_written} fact(s) "
        f"({response.facts_deduplicated} duplicate(s) dropped)",
        file=out,
    )
    for fact in result.facts:
        entity = fact.entity_slug or "-"
        print(f"- [{fact.kind or '-'}] {fact.fact}  (entity {entity})", file=out)

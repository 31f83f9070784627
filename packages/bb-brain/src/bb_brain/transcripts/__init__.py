"""Harness transcripts in and out: Codex rollout JSONL and Claude Code transcript JSONL.

The seams replay fixtures through these writers and parsers, and ``bb-brain ingest`` feeds a
real harness session through the same parsers into write-back, so a parser drift shows up
in the bench as well as for users.
"""

from bb_brain.transcripts._common import ParseReport, TranscriptError
from bb_brain.transcripts.claude_code import (
    HOOK_CONTEXT_TYPE,
    ClaudeTranscript,
    parse_claude_transcript,
    read_claude_transcript,
    render_claude_transcript,
    write_claude_transcript,
)
from bb_brain.transcripts.codex import (
    CodexRollout,
    parse_codex_rollout,
    read_codex_rollout,
    render_codex_rollout,
    write_codex_rollout,
)

__all__ = [
    "HOOK_CONTEXT_TYPE",
    "ClaudeTranscript",
    "CodexRollout",
    "ParseReport",
    "TranscriptError",
    "parse_claude_transcript",
    "parse_codex_rollout",
    "read_claude_transcript",
    "read_codex_rollout",
    "render_claude_transcript",
    "render_codex_rollout",
    "write_claude_transcript",
    "write_codex_rollout",
]

"""Harness transcripts in and out: Codex rollout JSONL and Claude Code transcript JSONL.

The seams replay fixtures through these writers and parsers, and ``bb-brain ingest`` feeds a
real harness session through the same parsers into write-back, so a parser drift shows up
in the bench as well as for users.

Names load on first use (PEP 562): the Claude Code hook imports only the Claude Code parser,
which needs neither pydantic nor the Codex module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bb_schema._lazy import lazy_exports

if TYPE_CHECKING:
    from bb_brain.transcripts._common import ParseReport, TranscriptError, Turn
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
        RolloutShape,
        parse_codex_rollout,
        read_codex_rollout,
        render_codex_rollout,
        write_codex_rollout,
    )

_COMMON = "bb_brain.transcripts._common"
_CLAUDE = "bb_brain.transcripts.claude_code"
_CODEX = "bb_brain.transcripts.codex"
#: Public name -> the module that defines it.
_LAZY = {
    "ParseReport": _COMMON,
    "TranscriptError": _COMMON,
    "Turn": _COMMON,
    "HOOK_CONTEXT_TYPE": _CLAUDE,
    "ClaudeTranscript": _CLAUDE,
    "parse_claude_transcript": _CLAUDE,
    "read_claude_transcript": _CLAUDE,
    "render_claude_transcript": _CLAUDE,
    "write_claude_transcript": _CLAUDE,
    "CodexRollout": _CODEX,
    "RolloutShape": _CODEX,
    "parse_codex_rollout": _CODEX,
    "read_codex_rollout": _CODEX,
    "render_codex_rollout": _CODEX,
    "write_codex_rollout": _CODEX,
}

__all__ = [
    "HOOK_CONTEXT_TYPE",
    "ClaudeTranscript",
    "CodexRollout",
    "ParseReport",
    "RolloutShape",
    "TranscriptError",
    "Turn",
    "parse_claude_transcript",
    "parse_codex_rollout",
    "read_claude_transcript",
    "read_codex_rollout",
    "render_claude_transcript",
    "render_codex_rollout",
    "write_claude_transcript",
    "write_codex_rollout",
]


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, globals(), __all__)

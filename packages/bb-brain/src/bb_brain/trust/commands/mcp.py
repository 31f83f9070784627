"""``bb-brain mcp``: the MCP server on stdio (agent token from ``$BB_BRAIN_TOKEN``)."""

from __future__ import annotations

import argparse
import sys

from bb_brain._errors import BrainError


def configure(parser: argparse.ArgumentParser) -> None:
    """``mcp`` takes its configuration from the environment only (MCP clients set env)."""


def execute(args: argparse.Namespace) -> int:
    """Serve MCP on stdin/stdout until the client disconnects."""
    from bb_brain.trust.channels.mcp_server import serve_stdio

    try:
        return serve_stdio()
    except BrainError as exc:
        print(f"bb-brain mcp: {exc.message}", file=sys.stderr)
        return 2

"""The harness rows' names and hook modes, in a module that imports nothing.

A command line offers them in its ``--help`` before it replays anything, so reading them
must not load the wire models (:mod:`bb_adapters.seams` builds the rows themselves).
"""

from __future__ import annotations

from typing import Literal

#: How a hook row runs its hook: the function in-process, or the installed console script.
HookExec = Literal["in-process", "subprocess"]
HOOK_EXECS: tuple[HookExec, ...] = ("in-process", "subprocess")
#: The rows a run replays when none are named.
DEFAULT_HARNESSES: tuple[str, ...] = ("openclaw", "claude-code", "codex")

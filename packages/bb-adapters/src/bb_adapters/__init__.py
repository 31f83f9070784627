"""Harness adapters as declarative configs over one replay pipeline, and the runner."""

from bb_adapters._errors import AdapterError, AdapterUserError, SystemUnderTestError
from bb_adapters.plan import Pair, Plan, Unit
from bb_adapters.seams import (
    BUILTIN,
    DEFAULT_HARNESSES,
    HOOK_EXECS,
    HarnessConfig,
    HookExec,
    parse_harnesses,
    with_hook_exec,
)

__version__ = "0.1.0"

__all__ = [
    "BUILTIN",
    "DEFAULT_HARNESSES",
    "HOOK_EXECS",
    "AdapterError",
    "AdapterUserError",
    "HarnessConfig",
    "HookExec",
    "Pair",
    "Plan",
    "SystemUnderTestError",
    "Unit",
    "parse_harnesses",
    "with_hook_exec",
]

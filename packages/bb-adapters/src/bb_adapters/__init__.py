"""Harness adapters as declarative configs over one replay pipeline, and the runner.

The row names and hook modes and the error hierarchy are always loaded; every other name
loads on first use (PEP 562): a command line that only parses its flags must not import the
wire models and grpc.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bb_schema._lazy import lazy_exports

from bb_adapters._errors import AdapterError, AdapterUserError, SystemUnderTestError
from bb_adapters._names import DEFAULT_HARNESSES, HOOK_EXECS, HookExec

if TYPE_CHECKING:
    from bb_adapters.plan import Pair, Plan, Unit
    from bb_adapters.seams import BUILTIN, HarnessConfig, parse_harnesses, with_hook_exec

__version__ = "0.1.0"

#: Public name -> the module that defines it, imported on first attribute access.
_LAZY = {
    "Pair": "bb_adapters.plan",
    "Plan": "bb_adapters.plan",
    "Unit": "bb_adapters.plan",
    "BUILTIN": "bb_adapters.seams",
    "HarnessConfig": "bb_adapters.seams",
    "parse_harnesses": "bb_adapters.seams",
    "with_hook_exec": "bb_adapters.seams",
}

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


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, globals(), __all__)

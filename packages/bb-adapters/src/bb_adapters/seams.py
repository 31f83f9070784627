"""Harness rows as declarative configs over one shared pipeline.

A row differs from another only by the data here: the seam settings sent with every request,
the delivery path the turn takes (direct gRPC, the Claude Code hook, the Codex rollout), and
the deviations from production it carries, which are printed with every scoreboard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal

from bb_schema import DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_TIMEOUT_S, Seam
from bb_schema.turn_context import SeamSettings

from bb_adapters._errors import AdapterUserError
from bb_adapters._names import HookExec

Delivery = Literal["grpc", "hook", "codex", "silent", "inject-all"]


@dataclass(frozen=True)
class HarnessConfig:
    """One scoreboard row: how turns reach memory and what comes back."""

    name: str
    seam: Seam
    delivery: Delivery
    settings: SeamSettings
    disclosures: tuple[str, ...] = ()
    #: Where the memory system lives: None is the reference engine served by the run.
    target: str | None = None
    #: Static entity-index preamble size (codex): slugs not counted as injections.
    preamble_pages: int = 0
    hook_exec: HookExec = "in-process"
    extra: dict[str, str] = field(default_factory=dict)
    #: Whether the row's memory system is asked for an explicit recall on continuity readers
    #: (trivial rows have no memory path besides what they inject).
    recall: bool = True
    #: Seconds one call to a foreign system may take (``--call-timeout``).
    call_timeout: float = DEFAULT_TIMEOUT_S
    #: The largest gRPC message sent to or accepted from a foreign system.
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES


_SHARED_DEVIATION = (
    "user turns only are replayed; assistant turns fold into prior context and the window",
)

OPENCLAW = HarnessConfig(
    name="openclaw",
    seam="production",
    delivery="grpc",
    settings=SeamSettings(
        pointer_budget=3,
        suppression="prior-context",
        volunteer=True,
        volunteer_window_turns=4,
        volunteer_min_confidence=0.7,
        volunteer_max_pages=3,
        render="markdown",
    ),
    disclosures=(
        *_SHARED_DEVIATION,
        "the shipped TurnContext service over a real gRPC unix-socket channel: 3-pointer "
        "budget, prior-context suppression, markdown pointer block, volunteer arm (4-turn "
        "window of both roles, 0.7 confidence gate, <=3 pages, deduped against the turn)",
        "orchestration (config gate, heartbeat, timeout wrapper) is not graded",
    ),
)

IN_PROCESS_HOOK = (
    "bench-pinned: the hook code path runs in-process (its console script is exercised by "
    "bb-brain's own tests and by --hook-exec subprocess)"
)
SUBPROCESS_HOOK = (
    "the hook runs as the installed `bb-brain hook user-prompt` console script, one process "
    "per turn, configured through its environment"
)

CLAUDE_CODE = HarnessConfig(
    name="claude-code",
    seam="production",
    delivery="hook",
    settings=SeamSettings(
        pointer_budget=2,
        suppression="prior-context",
        volunteer=True,
        volunteer_window_turns=4,
        volunteer_min_confidence=0.7,
        volunteer_max_pages=3,
        render="markdown",
    ),
    disclosures=(
        *_SHARED_DEVIATION,
        "the shipped UserPromptSubmit hook: stdin JSON -> transcript JSONL window + dedupe of "
        "earlier injected context -> TurnContext over the unix socket with the shared secret "
        "-> additionalContext; 2-pointer budget plus the volunteer arm",
        "the transcript is handed over as Claude Code 2.1.332 has it when the hook runs: no "
        "file on a session's first prompt, earlier turns only after that (checked with the "
        "real client by `nox -s real-clients`); the row writes only user, assistant and "
        "hook-context lines, while a real transcript carries about twenty more line types and "
        "list-valued attachment content (covered by the parser's tests on a recorded "
        "transcript, not by the row)",
        "bench-pinned: hook deadline 10000 ms (production 800 ms, counted from the hook "
        "process's start) to keep CI load from flaking; deadline behaviour is covered by the "
        "hook's own tests and its start-up cost by `nox -s bench -- hook`",
        IN_PROCESS_HOOK,
    ),
)

CODEX = HarnessConfig(
    name="codex",
    seam="contract",
    delivery="codex",
    settings=SeamSettings(
        pointer_budget=1,
        suppression="prior-context",
        volunteer=False,
        render="fragment",
    ),
    preamble_pages=50,
    disclosures=(
        *_SHARED_DEVIATION,
        "contract row: a static entity-index preamble (<=50 pages, computed once, slugs not "
        "counted as injections, tokens counted once) plus at most ONE per-turn fragment",
        "the conversation round-trips through the Codex rollout JSONL format in the shape "
        "Codex 0.171 writes (item_completed UserMessage events and user response_items with "
        "provenance, Codex's own developer and environment-context items before the first "
        "prompt) and the project's parser selects the user turns; real rollouts also carry "
        "turn_context, world_state, reasoning and token-count lines the writer leaves out "
        "(the parser's tests on recorded 0.171.0 and 0.130.0 rollouts cover them)",
        "fragment delivery is an assumed shape: the row measures no Codex injection path "
        "(Codex 0.171 ships UserPromptSubmit hooks, not exercised here)",
    ),
)

ALWAYS_SILENT = HarnessConfig(
    name="always-silent",
    seam="contract",
    delivery="silent",
    settings=SeamSettings(pointer_budget=0, suppression="none"),
    disclosures=(
        "reference row: never injects and has no recall (know-to-ask failure and continuity "
        "must read 1.0 and 0)",
    ),
    recall=False,
)

INJECT_ALL = HarnessConfig(
    name="inject-all",
    seam="contract",
    delivery="inject-all",
    settings=SeamSettings(pointer_budget=64, suppression="none"),
    disclosures=(
        "reference row: injects every page of the active source on every turn, outside any "
        "budget, and has no recall (false_fire_rate must be > 0)",
    ),
    recall=False,
)

BUILTIN: dict[str, HarnessConfig] = {
    config.name: config for config in (OPENCLAW, CLAUDE_CODE, CODEX, ALWAYS_SILENT, INJECT_ALL)
}

_FOREIGN = re.compile(r"^grpc:(?P<name>[a-z0-9][a-z0-9_.-]*)=(?P<target>\S+)$")


def foreign(name: str, target: str) -> HarnessConfig:
    """A foreign memory system behind TurnContext + BenchControl at ``target``."""
    return HarnessConfig(
        name=name,
        seam="contract",
        delivery="grpc",
        target=target,
        settings=OPENCLAW.settings,
        disclosures=(
            *_SHARED_DEVIATION,
            f"foreign system at {target}: the openclaw seam's settings (3 pointers, "
            "prior-context suppression, volunteer allowed); pointers past the budget are cut "
            "by the runner and counted in pointer_budget_cuts",
        ),
    )


def with_call_options(
    config: HarnessConfig, *, timeout: float, max_message_bytes: int
) -> HarnessConfig:
    """A foreign row with its per-call deadline and message limit (built-in rows unchanged)."""
    if config.target is None:
        return config
    if timeout <= 0:
        raise AdapterUserError(f"--call-timeout {timeout!r} must be a positive number of seconds")
    if max_message_bytes <= 0:
        raise AdapterUserError(f"--max-message-bytes {max_message_bytes!r} must be positive")
    return replace(config, call_timeout=timeout, max_message_bytes=max_message_bytes)


def with_hook_exec(config: HarnessConfig, mode: HookExec) -> HarnessConfig:
    """``config`` with its hook run as ``mode``, and the deviation it discloses to match."""
    if config.delivery != "hook" or mode == config.hook_exec:
        return config
    old, new = (IN_PROCESS_HOOK, SUBPROCESS_HOOK)[:: 1 if mode == "subprocess" else -1]
    disclosures = tuple(new if d == old else d for d in config.disclosures)
    return replace(config, disclosures=disclosures, hook_exec=mode)


def parse_harnesses(spec: str) -> list[HarnessConfig]:
    """Parse ``--harness a,b,grpc:name=target`` into configs, in the order given."""
    configs: list[HarnessConfig] = []
    for raw in (part.strip() for part in spec.split(",")):
        if not raw:
            continue
        match = _FOREIGN.match(raw)
        if match:
            if match["name"] in BUILTIN:
                raise AdapterUserError(
                    f"row name {match['name']!r} in {raw!r} is reserved for the built-in row; "
                    f"name the foreign row something else, e.g. grpc:{match['name']}-x=..."
                )
            configs.append(foreign(match["name"], match["target"]))
        elif raw in BUILTIN:
            configs.append(BUILTIN[raw])
        elif raw.startswith("grpc:") and "=" not in raw:
            raise AdapterUserError(
                f"foreign row {raw!r} has no target: write grpc:<name>=<target>, e.g. "
                f"{raw}=unix:/tmp/{raw[len('grpc:') :] or 'mine'}.sock"
            )
        elif raw.startswith("grpc:"):
            raise AdapterUserError(
                f"foreign row {raw!r}: its name must be lowercase letters, digits, '.', '_' or "
                "'-' (starting with a letter or digit), and its target one word: "
                "grpc:<name>=<target>"
            )
        else:
            known = ", ".join([*BUILTIN, "grpc:<name>=<target>"])
            raise AdapterUserError(f"unknown harness {raw!r}: expected one of {known}")
    names = [config.name for config in configs]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise AdapterUserError(f"harness {duplicates[0]!r} is listed twice in {spec!r}")
    if not configs:
        raise AdapterUserError(f"no harness in {spec!r}")
    return configs

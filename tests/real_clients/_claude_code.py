"""Claude Code in print mode with the project's hook, against the served brain.

1. ``bb-brain install claude-code --project DIR`` writes the hook entry (and a second run
   changes nothing); the real client must pick it up from ``DIR/.claude/settings.json``.
2. A new session: the hook runs before Claude Code has written the transcript; the memory it
   injects (Alice's page) must be in the logged model request.
3. ``--resume`` with a prompt naming Alice again: the transcript's earlier injected context
   dedupes her page, so no new context is injected.
4. ``--resume`` naming Bob: his page is injected.
5. ``bb-brain ingest claude-code`` of the real transcript stores the stated facts, each
   attributed to the right page; the parser finds exactly the three prompts.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from tests.real_clients._clients import CLAUDE_CODE, Client, claude_env, install, run
from tests.real_clients._session import (
    FIXTURE,
    Brain,
    Checks,
    missing_facts,
    run_bb_brain,
    stored_facts,
)
from tests.real_clients.fake_model import FakeModelServer

PROMPTS = (
    "Alice Example prefers async standups. What should I prepare for my call with her?",
    "Alice Example is worried about the renewal terms.",
    "Bob Builder will own the database cutover next week.",
)
ALICE = "brain://default/people/alice-example"
BOB = "brain://default/people/bob-builder"
EXPECTED_FACTS = [
    ("Alice Example prefers async standups.", "people/alice-example"),
    ("Alice Example is worried about the renewal terms.", "people/alice-example"),
    ("Bob Builder will own the database cutover next week.", "people/bob-builder"),
]
HOOK_CONTEXT = "hook_additional_context"


def _prompt_requests(server: FakeModelServer, since: int, prompt: str) -> list[dict[str, Any]]:
    """Messages requests after log entry ``since`` whose last user message holds ``prompt``."""
    found = []
    for entry in server.log.entries()[since:]:
        body = entry.get("body")
        if entry.get("outcome") != "messages" or not isinstance(body, dict):
            continue
        users = [m for m in body.get("messages", []) if m.get("role") == "user"]
        if users and prompt in json.dumps(users[-1]["content"], ensure_ascii=False):
            found.append(body)
    return found


def injected_per_prompt(transcript: Path) -> dict[str, list[str]]:
    """The hook context the transcript records after each prompt (raw JSONL, not our parser)."""
    per_prompt: dict[str, list[str]] = {}
    current: str | None = None
    for raw in transcript.read_text(encoding="utf-8").splitlines():
        line = json.loads(raw)
        message = line.get("message")
        if line.get("type") == "user" and isinstance(message, dict):
            content = message.get("content")
            if isinstance(content, str):
                current = content
                per_prompt.setdefault(current, [])
        attachment = line.get("attachment")
        if isinstance(attachment, dict) and attachment.get("type") == HOOK_CONTEXT and current:
            content = attachment.get("content")
            text = "\n".join(content) if isinstance(content, list) else str(content)
            per_prompt[current].append(text)
    return per_prompt


def scenario(
    checks: Checks, server: FakeModelServer, brain: Brain, out: Path, client: Client = CLAUDE_CODE
) -> None:
    """Run every Claude Code check; files go under ``out/<client>``."""
    where = out / client.name
    shutil.rmtree(where, ignore_errors=True)
    project = where / "project"
    project.mkdir(parents=True)
    log = where / "commands.log"
    binary = install(client)
    checks.check(f"{client.name}: installed from the npm registry", True, str(binary))

    installed = run_bb_brain(
        ["install", "claude-code", "--project", str(project), "--config", str(brain.hook_config)],
        log,
    )
    settings_path = project / ".claude" / "settings.json"
    first = settings_path.read_text(encoding="utf-8") if settings_path.exists() else ""
    again = run_bb_brain(
        ["install", "claude-code", "--project", str(project), "--config", str(brain.hook_config)],
        log,
    )
    second = settings_path.read_text(encoding="utf-8") if settings_path.exists() else ""
    checks.check(
        f"{client.name}: bb-brain install claude-code writes the hook, idempotently",
        installed.returncode == 0 and again.returncode == 0 and bool(first) and first == second,
        f"exit {installed.returncode}/{again.returncode}; {installed.stderr.strip()[-300:]}",
    )

    env = claude_env(where / "home", server.url)
    command = [str(binary), "-p", "--output-format", "json"]
    session_id = ""
    requests: list[list[dict[str, Any]]] = []
    for index, prompt in enumerate(PROMPTS):
        mark = len(server.log.entries())
        resume = ["--resume", session_id] if index else []
        ran = run([*command, *resume, prompt], cwd=project, env=env, log=log)
        try:
            result = json.loads(ran.stdout)
            session_id = session_id or str(result["session_id"])
            ok = ran.returncode == 0 and not result.get("is_error")
        except (ValueError, KeyError):
            ok = False
        checks.check(
            f"{client.name}: prompt {index + 1} completes against the loopback model",
            ok,
            f"exit {ran.returncode}: {ran.stderr.strip()[-300:] or ran.stdout[-300:]}",
        )
        requests.append(_prompt_requests(server, mark, prompt))

    transcripts = sorted((where / "home" / ".claude" / "projects").rglob(f"{session_id}.jsonl"))
    if not checks.check(
        f"{client.name}: the session transcript exists",
        bool(session_id) and len(transcripts) == 1,
        f"found {transcripts}",
    ):
        return
    transcript = transcripts[0]
    shutil.copy(transcript, where / "transcript.jsonl")
    injected = injected_per_prompt(transcript)

    first_request = json.dumps(requests[0], ensure_ascii=False)
    checks.check(
        f"{client.name}: first prompt of a new session gets Alice's page in the model request",
        ALICE in first_request and any(ALICE in text for text in injected.get(PROMPTS[0], [])),
        f"request has it: {ALICE in first_request}; hook context: {injected.get(PROMPTS[0])}",
    )
    second_request = json.dumps(requests[1], ensure_ascii=False)
    checks.check(
        f"{client.name}: resumed prompt naming Alice again is deduped (nothing new injected)",
        bool(requests[1]) and not injected.get(PROMPTS[1]) and second_request.count(ALICE) == 1,
        f"hook context: {injected.get(PROMPTS[1])}; Alice links in the request: "
        f"{second_request.count(ALICE)}",
    )
    third_request = json.dumps(requests[2], ensure_ascii=False)
    checks.check(
        f"{client.name}: resumed prompt naming Bob gets Bob's page injected",
        BOB in third_request and any(BOB in text for text in injected.get(PROMPTS[2], [])),
        f"request has it: {BOB in third_request}; hook context: {injected.get(PROMPTS[2])}",
    )

    ingested = run_bb_brain(
        ["ingest", "claude-code", str(transcript), "--pages", str(FIXTURE), "--json"], log
    )
    (where / "ingest.json").write_text(ingested.stdout, encoding="utf-8")
    if not checks.check(
        f"{client.name}: bb-brain ingest claude-code of the real transcript",
        ingested.returncode == 0,
        f"exit {ingested.returncode}: {ingested.stderr.strip()[-300:]}",
    ):
        return
    document = json.loads(ingested.stdout)
    checks.check(
        f"{client.name}: the transcript parses to the three prompts and their replies",
        document.get("user_turns") == len(PROMPTS) and document.get("warnings") == [],
        f"user turns {document.get('user_turns')}, warnings {document.get('warnings')}",
    )
    missing = missing_facts(stored_facts(ingested.stdout), EXPECTED_FACTS)
    checks.check(
        f"{client.name}: ingest stores the stated facts with correct attribution",
        not missing,
        f"missing {missing}",
    )

"""Codex ``exec`` and ``exec resume`` against the fake Responses endpoint.

The rollout Codex writes is the input: the project's parser must find exactly the two prompts
(not the environment context or instructions Codex adds before the first one, and each prompt
once although Codex records it in two forms), with no warning, and ``bb-brain ingest codex``
must store the facts they state with the right attribution. Run against a current Codex and an
older one, so both rollout shapes stay covered.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from bb_brain.transcripts import read_codex_rollout

from tests.real_clients._clients import Client, codex_env, install, run
from tests.real_clients._session import FIXTURE as PAGES
from tests.real_clients._session import Checks, missing_facts, run_bb_brain, stored_facts
from tests.real_clients.fake_model import FakeModelServer

PROMPTS = (
    "Bob Builder committed to the Harbor Migration plan for Q3.",
    "Widget Co prefers weekly demos over status emails.",
)
EXPECTED_FACTS = [
    ("Bob Builder committed to the Harbor Migration plan for Q3.", "people/bob-builder"),
    ("Widget Co prefers weekly demos over status emails.", "companies/widget-co"),
]


def _rollouts(codex_home: Path) -> list[Path]:
    return sorted((codex_home / "sessions").rglob("rollout-*.jsonl"))


def _session_id(rollout: Path) -> str:
    first = json.loads(rollout.read_text(encoding="utf-8").splitlines()[0])
    return str(first["payload"]["id"])


def _shape(rollout: Path) -> str:
    """Which form the rollout records user turns in (for the report)."""
    text = rollout.read_text(encoding="utf-8")
    if '"type":"user_message"' in text.replace(" ", ""):
        return "event_msg/user_message"
    if '"UserMessage"' in text:
        return "event_msg/item_completed UserMessage"
    return "response_item only"


def scenario(checks: Checks, server: FakeModelServer, out: Path, client: Client) -> None:
    """Run every Codex check for one client version; files go under ``out/<client>``."""
    where = out / client.name
    shutil.rmtree(where, ignore_errors=True)
    project = where / "project"
    project.mkdir(parents=True)
    log = where / "commands.log"
    binary = install(client)
    checks.check(f"{client.name}: installed from the npm registry", True, str(binary))
    env = codex_env(where / "home", server.url)
    codex_home = Path(env["CODEX_HOME"])
    exec_ = [str(binary), "exec", "--skip-git-repo-check"]

    mark = len(server.log.entries())
    first = run([*exec_, PROMPTS[0]], cwd=project, env=env, log=log)
    rollouts = _rollouts(codex_home)
    if not checks.check(
        f"{client.name}: exec completes and writes one rollout",
        first.returncode == 0 and len(rollouts) == 1,
        f"exit {first.returncode}, rollouts {rollouts}: {first.stderr.strip()[-300:]}",
    ):
        return
    rollout = rollouts[0]
    session_id = _session_id(rollout)
    second = run([*exec_, "resume", session_id, PROMPTS[1]], cwd=project, env=env, log=log)
    checks.check(
        f"{client.name}: exec resume appends to the same rollout",
        second.returncode == 0 and _rollouts(codex_home) == [rollout],
        f"exit {second.returncode}, rollouts {_rollouts(codex_home)}: "
        f"{second.stderr.strip()[-300:]}",
    )
    calls = [e for e in server.log.entries()[mark:] if e.get("outcome") == "responses"]
    sent = [json.dumps(call["body"], ensure_ascii=False) for call in calls]
    checks.check(
        f"{client.name}: both prompts reached the loopback Responses endpoint",
        len(sent) >= 2 and PROMPTS[0] in sent[0] and PROMPTS[1] in sent[-1],
        f"{len(sent)} Responses calls",
    )
    shutil.copy(rollout, where / "rollout.jsonl")

    parsed = read_codex_rollout(rollout)
    users = [turn.text for turn in parsed.user_turns]
    checks.check(
        f"{client.name}: the real rollout ({_shape(rollout)}) parses to exactly the two prompts",
        users == list(PROMPTS) and not parsed.report.warnings,
        f"user turns {users!r}, warnings {parsed.report.warnings}",
    )
    ingested = run_bb_brain(["ingest", "codex", str(rollout), "--pages", str(PAGES), "--json"], log)
    (where / "ingest.json").write_text(ingested.stdout, encoding="utf-8")
    if not checks.check(
        f"{client.name}: bb-brain ingest codex of the real rollout",
        ingested.returncode == 0,
        f"exit {ingested.returncode}: {ingested.stderr.strip()[-300:]}",
    ):
        return
    missing = missing_facts(stored_facts(ingested.stdout), EXPECTED_FACTS)
    checks.check(
        f"{client.name}: ingest stores the stated facts with correct attribution",
        not missing,
        f"missing {missing}",
    )

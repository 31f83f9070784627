"""``bb-brain serve`` the way a user runs it: seeded, with defaults, writing the hook config."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from bb_brain.cli import main
from bb_brain.hook import main as hook_main
from bb_brain.hook_config import read_hook_config
from bb_brain.seeding import load_seed

ALICE = "---\ntitle: Alice Example\ntype: person\naliases: [alice]\n---\nFounder of Widget Co.\n"
WIDGET = "---\ntitle: Widget Co\ntype: company\n---\nA marketplace.\n"


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="bbserve-", dir="/tmp") as path:  # sun_path limit
        yield Path(path)


def _notes(root: Path) -> Path:
    (root / "notes" / "people").mkdir(parents=True)
    (root / "notes" / "companies").mkdir()
    (root / "notes" / ".obsidian").mkdir()
    (root / "notes" / "people" / "alice-example.md").write_text(ALICE, encoding="utf-8")
    (root / "notes" / "companies" / "widget-co.md").write_text(WIDGET, encoding="utf-8")
    (root / "notes" / ".obsidian" / "workspace.md").write_text("# not a page\n", encoding="utf-8")
    (root / "notes" / "todo.txt").write_text("not markdown\n", encoding="utf-8")
    return root / "notes"


def _fixture(root: Path) -> Path:
    path = root / "brain.fixture.json"
    document = {
        "schema_version": 1,
        "fixture_id": "my-brain",
        "suites": ["know-to-ask"],
        "active_source": "work",
        "seed_pages": [{"slug": "people/alice-example", "content": ALICE, "source_id": "work"}],
        "seed_facts": [
            {"fact": "Alice prefers async standups.", "entity_slug": "people/alice-example",
             "source_id": "work"}
        ],
        "turns": [{"turn_id": 1, "role": "user", "text": "hi"}],
    }  # fmt: skip
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_a_directory_of_pages_and_a_fixture_file(tmp_path: Path) -> None:
    seed = load_seed(_notes(tmp_path), "mine")
    assert [(p.slug, p.source) for p in seed.pages] == [
        ("companies/widget-co", "mine"),
        ("people/alice-example", "mine"),
    ]
    assert (seed.facts, seed.active_source) == ([], "mine")
    seed = load_seed(_fixture(tmp_path))
    assert ([p.slug for p in seed.pages], len(seed.facts), seed.active_source) == (
        ["people/alice-example"],
        1,
        "work",
    )


@contextmanager
def _serving(args: list[str], home: Path) -> Iterator[dict[str, Any]]:
    env = {**os.environ, "BB_BRAIN_HOME": str(home)}
    env.pop("BRAINBENCH_SECRET", None)
    cmd = [sys.executable, "-m", "bb_brain.cli", "serve", *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line, proc.communicate(timeout=30)[1]
        yield json.loads(line)
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 0, err


def _hook(config: Path, prompt: str) -> str:
    stdin = json.dumps(
        {"session_id": "s", "transcript_path": str(config.parent / "none.jsonl"),
         "hook_event_name": "UserPromptSubmit", "prompt": prompt}
    )  # fmt: skip
    out = io.StringIO()
    assert hook_main(io.StringIO(stdin), out, {}, config_path=str(config)) == 0
    return out.getvalue()


def test_serve_with_defaults_seeds_pages_and_writes_what_the_hook_reads(short_tmp: Path) -> None:
    home = short_tmp / "home"
    notes = _notes(short_tmp)
    with _serving(["--seed", str(notes)], home) as ready:
        assert (ready["pages"], ready["facts"], ready["source"]) == (2, 0, "default")
        assert ready["socket"] == str(home / "brain.sock")
        assert ready["hook_config"] == str(home / "hook.json")
        config = read_hook_config(home / "hook.json")
        assert (config.socket, config.secret_file, config.brain_id) == (
            str(home / "brain.sock"),
            str(home / "secret"),
            ready["brain_id"],
        )
        for private in ("secret", "hook.json", "brain.sock"):
            assert (home / private).stat().st_mode & 0o777 == 0o600, private
        assert home.stat().st_mode & 0o777 == 0o700
        context = json.loads(_hook(home / "hook.json", "How is Alice Example?"))
        assert "people/alice-example" in context["hookSpecificOutput"]["additionalContext"]
        assert _hook(home / "hook.json", "Nothing to see here.") == ""
    secret = (home / "secret").read_text(encoding="utf-8")
    with _serving(["--seed", str(notes)], home) as again:
        assert (home / "secret").read_text(encoding="utf-8") == secret  # kept, not replaced
        assert read_hook_config(home / "hook.json").brain_id == again["brain_id"]


def test_serve_a_fixture_file_into_its_active_source(short_tmp: Path) -> None:
    hook_config = short_tmp / "elsewhere" / "hook.json"
    args = ["--seed", str(_fixture(short_tmp)), "--socket", str(short_tmp / "b.sock"),
            "--hook-config", str(hook_config)]  # fmt: skip
    with _serving(args, short_tmp / "home") as ready:
        assert (ready["pages"], ready["facts"], ready["source"]) == (1, 1, "work")
        assert read_hook_config(hook_config).source == "work"
        assert "people/alice-example" in _hook(hook_config, "Ask Alice Example")


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        ("missing", "neither a directory"),
        ("empty", "no *.md page"),
        ("bad.json", "bad.json"),
    ],
)
def test_a_bad_seed_is_one_line_and_exit_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    seed: str,
    message: str,
) -> None:
    monkeypatch.setenv("BB_BRAIN_HOME", str(tmp_path / "home"))
    (tmp_path / "empty").mkdir()
    (tmp_path / "bad.json").write_text('{"schema_version": 1}', encoding="utf-8")
    assert main(["serve", "--seed", str(tmp_path / seed)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "home" / "hook.json").exists()

"""``bb-brain install|uninstall claude-code``: Claude Code's settings, edited with care."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest
from bb_brain._cli_install import (
    compile_hook_modules,
    hook_command,
    is_ours,
    with_hook,
    without_hook,
)
from bb_brain.cli import main

CONFIG = Path("/home/me/.config/bb-brain/hook.json")
OTHER_HOOK = {"type": "command", "command": "/usr/local/bin/log-prompt --quiet"}
SETTINGS: dict[str, Any] = {
    "model": "opus",
    "permissions": {"allow": ["Bash(ls:*)"]},
    "hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard"}]}],
        "UserPromptSubmit": [{"hooks": [OTHER_HOOK]}],
    },
}


def _ours(settings: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        hook
        for group in settings.get("hooks", {}).get("UserPromptSubmit", [])
        for hook in group["hooks"]
        if is_ours(hook)
    ]


def test_install_adds_one_entry_and_keeps_everything_else() -> None:
    after = with_hook(SETTINGS, hook_command(CONFIG))
    assert after["model"] == "opus" and after["permissions"] == SETTINGS["permissions"]
    assert after["hooks"]["PreToolUse"] == SETTINGS["hooks"]["PreToolUse"]
    groups = after["hooks"]["UserPromptSubmit"]
    assert groups[0] == {"hooks": [OTHER_HOOK]}
    (ours,) = _ours(after)
    assert ours["type"] == "command" and ours["timeout"] == 5
    words = shlex.split(ours["command"])
    assert Path(words[0]).is_absolute() and words[-4:] == [
        "hook",
        "user-prompt",
        "--config",
        str(CONFIG),
    ]
    assert with_hook(after, hook_command(CONFIG)) == after  # idempotent
    assert SETTINGS["hooks"]["UserPromptSubmit"] == [{"hooks": [OTHER_HOOK]}]  # not mutated


def test_install_into_empty_settings_and_update_in_place() -> None:
    first = with_hook({}, hook_command(CONFIG))
    assert first == {
        "hooks": {"UserPromptSubmit": [{"hooks": [_ours(first)[0]]}]},
    }
    moved = with_hook(first, hook_command(Path("/elsewhere/hook.json")))
    assert len(_ours(moved)) == 1
    assert _ours(moved)[0]["command"].endswith("/elsewhere/hook.json")


def test_duplicates_collapse_into_one() -> None:
    ours = {"type": "command", "command": "/venv/bin/bb-brain hook user-prompt"}
    twice = {"hooks": {"UserPromptSubmit": [{"hooks": [ours]}, {"hooks": [OTHER_HOOK, ours]}]}}
    after = with_hook(twice, hook_command(CONFIG))
    assert len(_ours(after)) == 1
    assert {"hooks": [OTHER_HOOK]} in after["hooks"]["UserPromptSubmit"]


def test_uninstall_removes_only_ours_and_what_it_emptied() -> None:
    installed = with_hook(SETTINGS, hook_command(CONFIG))
    assert without_hook(installed) == SETTINGS
    alone = with_hook({"model": "opus"}, hook_command(CONFIG))
    assert without_hook(alone) == {"model": "opus"}
    assert without_hook(SETTINGS) == SETTINGS  # nothing of ours: nothing changes
    keep_empty = {"hooks": {"UserPromptSubmit": [{"hooks": []}]}}
    assert without_hook(keep_empty) == keep_empty


@pytest.mark.parametrize(
    ("command", "ours"),
    [
        ("/venv/bin/bb-brain hook user-prompt", True),
        ("'/my venv/bin/bb-brain' hook user-prompt --config /x.json", True),
        ("/usr/bin/python3 -m bb_brain.cli hook user-prompt", True),
        ("bb-brain serve", False),
        ("/opt/other-tool hook user-prompt", False),
        ("echo 'unbalanced", False),
    ],
)
def test_what_counts_as_our_entry(command: str, ours: bool) -> None:
    assert is_ours({"type": "command", "command": command}) is ours


def _project(tmp_path: Path, settings: object | None = None) -> Path:
    if settings is not None:
        path = tmp_path / ".claude" / "settings.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        text = settings if isinstance(settings, str) else json.dumps(settings, indent=4)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_cli_install_dry_run_then_install_then_uninstall(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _project(tmp_path, SETTINGS)
    path = project / ".claude" / "settings.json"
    original = path.read_text(encoding="utf-8")
    args = ["claude-code", "--project", str(project), "--config", str(tmp_path / "hook.json")]
    assert main(["install", *args, "--dry-run"]) == 0
    diff = capsys.readouterr().out
    assert diff.startswith(f"--- {path}\n+++ {path} (after install)\n")
    assert '+            "command": ' in diff and "hook user-prompt --config" in diff
    assert path.read_text(encoding="utf-8") == original  # dry run writes nothing
    assert main(["install", *args]) == 0
    assert "added the UserPromptSubmit hook" in capsys.readouterr().out
    installed = path.read_text(encoding="utf-8")
    assert len(_ours(json.loads(installed))) == 1
    assert main(["install", *args]) == 0
    assert "nothing to do" in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == installed
    # another checkout's config: its entry replaces ours, and says so
    other = ["claude-code", "--project", str(project), "--config", str(tmp_path / "other.json")]
    assert main(["install", *other]) == 0
    assert "replaced the UserPromptSubmit hook" in capsys.readouterr().out
    assert len(_ours(json.loads(path.read_text(encoding="utf-8")))) == 1
    assert main(["install", *args]) == 0
    capsys.readouterr()
    assert main(["uninstall", "claude-code", "--project", str(project)]) == 0
    assert json.loads(path.read_text(encoding="utf-8")) == SETTINGS
    assert main(["uninstall", "claude-code", "--project", str(project)]) == 0
    assert "nothing to do" in capsys.readouterr().out


def test_cli_user_settings_honour_claude_config_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    assert main(["install", "claude-code", "--user", "--config", str(tmp_path / "h.json")]) == 0
    assert _ours(json.loads((tmp_path / "claude" / "settings.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "not valid JSON"),
        ("[1]", "JSON list"),
        (json.dumps({"hooks": []}), "'hooks' is not an object"),
        (json.dumps({"hooks": {"UserPromptSubmit": {}}}), "'hooks.UserPromptSubmit' is not a list"),
    ],
)
def test_a_broken_settings_file_is_a_clear_error_and_stays_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, problem: str
) -> None:
    project = _project(tmp_path, content)
    assert main(["install", "claude-code", "--project", str(project)]) == 2
    err = capsys.readouterr().err
    assert problem in err and str(project / ".claude" / "settings.json") in err
    assert len(err.strip().splitlines()) == 1
    assert (project / ".claude" / "settings.json").read_text(encoding="utf-8") == content


def test_project_and_user_are_exclusive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["install", "claude-code", "--project", ".", "--user"]) == 2
    assert "not allowed with" in capsys.readouterr().err


def test_install_byte_compiles_the_hooks_modules() -> None:
    """A cold start costs more than the hook's deadline: install leaves none behind."""
    total, cached = compile_hook_modules()
    assert total > 50 and cached == total


def test_a_project_that_is_no_directory_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A mistyped --project is no place to create a .claude/ in."""
    missing = tmp_path / "no-such-project"
    assert main(["install", "claude-code", "--project", str(missing)]) == 2
    assert "is no directory" in capsys.readouterr().err
    assert not missing.exists()

"""``bb-brain install|uninstall claude-code``: the hook entry in Claude Code's settings.

Claude Code reads ``UserPromptSubmit`` hooks from ``.claude/settings.json`` in the project
(``--project DIR``, default the current directory) or from the user's
``~/.claude/settings.json`` (``--user``; ``$CLAUDE_CONFIG_DIR/settings.json`` when that is
set), in this shape (checked against Claude Code 2.1.332, print and resume modes)::

    {"hooks": {"UserPromptSubmit": [
        {"hooks": [{"type": "command", "command": "... hook user-prompt --config FILE",
                    "timeout": 5}]}]}}

``install`` adds that entry, or updates it in place when it is there with another command, and
keeps every other setting and hook; run twice it changes nothing. It also byte-compiles every
module the hook imports (Python does so on first import unless ``PYTHONDONTWRITEBYTECODE`` is
set, and ``uv sync`` does not): the first prompt after an install must not pay the ~1 s a
cold start costs, which is longer than the hook's deadline. ``uninstall`` removes only
entries whose command runs ``bb-brain hook user-prompt``. ``--dry-run`` prints the unified
diff instead of writing. The command names this installation's ``bb-brain`` by absolute path
and the hook config by ``--config`` (default: the one ``bb-brain serve`` writes), so where the
hook connects is explicit in the settings file.

Exit codes: 0 done (or nothing to do), 2 usage or a settings file that is not a JSON object of
the expected shape (the file is left as it was).
"""

from __future__ import annotations

import argparse
import copy
import difflib
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Final

from bb_brain._errors import BrainUserError
from bb_brain.hook_config import default_hook_config

EVENT: Final = "UserPromptSubmit"
#: Claude Code's own limit on the hook process (seconds); the hook's deadline is far below it.
TIMEOUT_S: Final = 5
HOOK_ARGS: Final = ("hook", "user-prompt")


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``install`` / ``uninstall``."""
    parser.add_argument("harness", choices=["claude-code"], help="the harness to hook into")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--project", type=Path, metavar="DIR", help="DIR/.claude/settings.json (default: .)"
    )
    where.add_argument("--user", action="store_true", help="~/.claude/settings.json")
    if parser.prog.rsplit(" ", 1)[-1] == "install":
        parser.add_argument(
            "--config",
            type=Path,
            metavar="FILE",
            help="the hook config the hook reads (default: the one `bb-brain serve` writes, "
            f"{default_hook_config()})",
        )
    parser.add_argument("--dry-run", action="store_true", help="print the diff, write nothing")


def execute(args: argparse.Namespace) -> int:
    """Install or uninstall; 0 done, 2 on a usage or settings-file error."""
    project = args.project
    if project is not None and not args.user and not project.expanduser().is_dir():
        print(
            f"bb-brain {args.command}: --project {str(project)!r} is no directory (a project's "
            "root, where .claude/ goes)",
            file=sys.stderr,
        )
        return 2
    try:
        path = settings_path(args.project, args.user)
        before_text = path.read_text(encoding="utf-8") if path.exists() else ""
        before = _parse(before_text, path)
        if args.command == "install":
            config = (args.config or default_hook_config()).expanduser().absolute()
            after = with_hook(before, hook_command(config), path)
        else:
            after = without_hook(before, path)
    except (BrainUserError, OSError) as exc:
        message = exc.message if isinstance(exc, BrainUserError) else str(exc)
        print(f"bb-brain {args.command}: {message}", file=sys.stderr)
        return 2
    after_text = json.dumps(after, indent=2, ensure_ascii=False) + "\n"
    if args.command == "install" and not args.dry_run:
        _report_compiled(compile_hook_modules())
    if after == before:
        print(f"bb-brain {args.command}: {path} already up to date; nothing to do")
        return 0
    if args.dry_run:
        diff = difflib.unified_diff(
            before_text.splitlines(keepends=True),
            after_text.splitlines(keepends=True),
            fromfile=str(path),
            tofile=f"{path} (after {args.command})",
        )
        sys.stdout.writelines(diff)
        return 0
    try:
        _write(path, after_text)
    except OSError as exc:
        print(f"bb-brain {args.command}: cannot write {str(path)!r}: {exc}", file=sys.stderr)
        return 2
    if args.command == "uninstall":
        verb = "removed from"
    elif _find_ours(_groups(before, path) or []) is not None:
        verb = "replaced the UserPromptSubmit hook in"  # another checkout's, or an older one
    else:
        verb = "added the UserPromptSubmit hook to"
    print(f"bb-brain {args.command}: {verb} {path}")
    if args.command == "install" and not config.exists():
        print(
            f"bb-brain install: {config} does not exist yet: `bb-brain serve` writes it; until "
            "then the hook stays silent",
            file=sys.stderr,
        )
    return 0


_COMPILE_PROBE = """
import importlib.util, json, sys
import bb_brain.cli, bb_brain.hook
files = [getattr(m, "__file__", None) or "" for m in list(sys.modules.values())]
sources = sorted({f for f in files if f.endswith(".py")})
cached = [f for f in sources if importlib.util.cache_from_source(f)
          and __import__("os").path.exists(importlib.util.cache_from_source(f))]
print(json.dumps([len(sources), len(cached)]))
"""


def compile_hook_modules() -> tuple[int, int]:
    """Import the hook's modules in a child allowed to write bytecode where Python reads it.

    Returns (modules, modules with bytecode); fewer means a directory was not writable.
    """
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")
    }
    done = subprocess.run(
        [sys.executable, "-c", _COMPILE_PROBE],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    try:
        total, cached = json.loads(done.stdout)
    except ValueError:
        return 0, 0
    return int(total), int(cached)


def _report_compiled(counts: tuple[int, int]) -> None:
    total, cached = counts
    if total and cached == total:
        print(f"bb-brain install: the {total} modules the hook imports are byte-compiled")
    else:
        print(
            f"bb-brain install: warning: only {cached} of {total} modules the hook imports have "
            "bytecode (is the installation read-only?); every prompt may then pay a cold start",
            file=sys.stderr,
        )


def settings_path(project: Path | None, user: bool) -> Path:
    """The settings file to edit."""
    if user:
        base = os.environ.get("CLAUDE_CONFIG_DIR")
        return (Path(base) if base else Path.home() / ".claude").expanduser() / "settings.json"
    return (project or Path(".")).expanduser().absolute() / ".claude" / "settings.json"


def bb_brain_executable() -> list[str]:
    """This installation's ``bb-brain`` by absolute path (Claude Code's PATH may lack it)."""
    beside = Path(sys.executable).with_name("bb-brain")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("bb-brain")
    if found:
        return [str(Path(found).absolute())]
    return [sys.executable, "-m", "bb_brain.cli"]


def hook_command(config: Path) -> str:
    """The shell command Claude Code runs for each prompt."""
    return shlex.join([*bb_brain_executable(), *HOOK_ARGS, "--config", str(config)])


def is_ours(hook: object) -> bool:
    """Whether a settings hook entry runs ``bb-brain hook user-prompt``."""
    if not isinstance(hook, dict) or not isinstance(hook.get("command"), str):
        return False
    try:
        words = shlex.split(hook["command"])
    except ValueError:
        return False
    for start in range(len(words) - 1):
        if tuple(words[start : start + 2]) == HOOK_ARGS and start > 0:
            runner = words[:start]
            return any(Path(word).name == "bb-brain" or word == "bb_brain.cli" for word in runner)
    return False


def _groups(settings: dict[str, Any], path: Path) -> list[Any] | None:
    hooks = settings.get("hooks")
    if hooks is None:
        return None
    if not isinstance(hooks, dict):
        raise BrainUserError(f"{path}: field 'hooks' is not an object; fix the file first")
    groups = hooks.get(EVENT)
    if groups is not None and not isinstance(groups, list):
        raise BrainUserError(f"{path}: field 'hooks.{EVENT}' is not a list; fix the file first")
    return groups


def with_hook(
    settings: dict[str, Any], command: str, path: Path = Path("settings.json")
) -> dict[str, Any]:
    """``settings`` with our entry present once, pointing at ``command``; nothing else changed.

    Raises:
        BrainUserError: ``hooks`` or ``hooks.UserPromptSubmit`` has an unexpected type.
    """
    after = copy.deepcopy(settings)
    entry = {"type": "command", "command": command, "timeout": TIMEOUT_S}
    groups = _groups(after, path)
    if groups is None:
        after.setdefault("hooks", {})[EVENT] = [{"hooks": [entry]}]
        return after
    first = _find_ours(groups)
    if first is None:
        groups.append({"hooks": [entry]})
        return after
    group_index, hook_index = first
    inner = groups[group_index]["hooks"]
    kept = inner[hook_index] = {**inner[hook_index], **entry}
    after["hooks"][EVENT] = _strip_ours(groups, keep=kept)  # and any duplicate of ours
    return after


def without_hook(settings: dict[str, Any], path: Path = Path("settings.json")) -> dict[str, Any]:
    """``settings`` without our entries; what we emptied (group, event, ``hooks``) goes too.

    Raises:
        BrainUserError: ``hooks`` or ``hooks.UserPromptSubmit`` has an unexpected type.
    """
    after = copy.deepcopy(settings)
    groups = _groups(after, path)
    if groups is None or _find_ours(groups) is None:
        return after
    remaining = _strip_ours(groups)
    if remaining:
        after["hooks"][EVENT] = remaining
    else:
        del after["hooks"][EVENT]
        if not after["hooks"]:
            del after["hooks"]
    return after


def _find_ours(groups: list[Any]) -> tuple[int, int] | None:
    for group_index, group in enumerate(groups):
        inner = group.get("hooks") if isinstance(group, dict) else None
        if isinstance(inner, list):
            for hook_index, hook in enumerate(inner):
                if is_ours(hook):
                    return group_index, hook_index
    return None


def _strip_ours(groups: list[Any], keep: object = None) -> list[Any]:
    """The groups without our entries (but ``keep``); a group that held only those goes."""

    def dropped(hook: object) -> bool:
        return hook is not keep and is_ours(hook)

    remaining: list[Any] = []
    for group in groups:
        inner = group.get("hooks") if isinstance(group, dict) else None
        if not isinstance(inner, list) or not any(dropped(hook) for hook in inner):
            remaining.append(group)
            continue
        others = [hook for hook in inner if not dropped(hook)]
        if others:
            remaining.append({**group, "hooks": others})
    return remaining


def _parse(text: str, path: Path) -> dict[str, Any]:
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BrainUserError(
            f"{path} is not valid JSON (line {exc.lineno}: {exc.msg}); fix it, then run again"
        ) from None
    if not isinstance(value, dict):
        raise BrainUserError(f"{path} holds a JSON {type(value).__name__}, not an object")
    return value


def _write(path: Path, text: str) -> None:
    """Atomic replace, keeping the file's mode when it existed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise

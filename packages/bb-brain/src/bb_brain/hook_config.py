"""Where the Claude Code hook finds the served brain: one small JSON file, written by serve.

``bb-brain serve`` writes it once its socket listens and its brain is seeded (atomically, mode
0600)::

    {"version": 1, "socket": "/home/me/.config/bb-brain/brain.sock",
     "secret_file": "/home/me/.config/bb-brain/secret", "brain_id": "b-...", "source": "default"}

and ``bb-brain install claude-code`` writes the hook command with ``--config`` naming it, so
what the hook connects to is explicit in Claude Code's settings. The secret itself stays in its
own 0600 file; the config only names it. ``deadline_ms`` (default 800) and ``settings`` (a
SeamSettings object, default the shipped hook settings) are optional.

The default directory is ``$BB_BRAIN_HOME``, else ``$XDG_CONFIG_HOME/bb-brain``, else
``~/.config/bb-brain``. This module is read by the hook on every prompt, so it imports nothing
heavy: the file is checked by hand here, field by field.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

HOME_ENV: Final = "BB_BRAIN_HOME"
CONFIG_VERSION: Final = 1
HOOK_CONFIG_NAME: Final = "hook.json"
SOCKET_NAME: Final = "brain.sock"
SECRET_NAME: Final = "secret"
_KNOWN: Final = frozenset(
    {"version", "socket", "secret_file", "brain_id", "source", "deadline_ms", "settings"}
)


def brain_home(environ: Mapping[str, str] | None = None) -> Path:
    """The directory holding the default socket, secret and hook config."""
    env = os.environ if environ is None else environ
    if env.get(HOME_ENV):
        return Path(env[HOME_ENV]).expanduser()
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME") or Path.home()) / ".config")
    return Path(base).expanduser() / "bb-brain"


def default_hook_config(environ: Mapping[str, str] | None = None) -> Path:
    """``<brain home>/hook.json``."""
    return brain_home(environ) / HOOK_CONFIG_NAME


@dataclass(frozen=True)
class HookConfigFile:
    """The validated contents of a hook config file."""

    socket: str
    secret_file: str
    brain_id: str
    source: str = "default"
    deadline_ms: int | None = None
    settings: dict[str, Any] | None = field(default=None)

    def as_json(self) -> dict[str, Any]:
        """The document written to disk."""
        document: dict[str, Any] = {
            "version": CONFIG_VERSION,
            "socket": self.socket,
            "secret_file": self.secret_file,
            "brain_id": self.brain_id,
            "source": self.source,
        }
        if self.deadline_ms is not None:
            document["deadline_ms"] = self.deadline_ms
        if self.settings is not None:
            document["settings"] = self.settings
        return document


def config_source(config_path: str | None, environ: Mapping[str, str]) -> Path | None:
    """The hook config file the hook reads, or None when the environment configures it.

    Precedence: ``--config``, else the ``BRAINBENCH_*`` environment when ``BRAINBENCH_SOCKET``
    is set, else ``$BRAINBENCH_HOOK_CONFIG``, else the default ``hook.json``.
    """
    if config_path:
        return Path(config_path)
    if environ.get("BRAINBENCH_SOCKET"):
        return None
    return Path(environ.get("BRAINBENCH_HOOK_CONFIG") or default_hook_config(environ))


def configured_deadline_ms(config_path: str | None, environ: Mapping[str, str]) -> int | None:
    """The deadline the configuration sets, if any; never raises (the hook reports later)."""
    try:
        source = config_source(config_path, environ)
        if source is None:
            raw = environ.get("BRAINBENCH_HOOK_DEADLINE_MS", "")
            return int(raw) if raw.isdigit() else None
        return read_hook_config(source).deadline_ms
    except (OSError, ValueError):
        return None


def read_hook_config(path: Path) -> HookConfigFile:
    """Read and check a hook config.

    Raises:
        ValueError: The file is not valid JSON or a field is missing or malformed; the message
            names the file and the field.
        OSError: The file cannot be read.
    """
    document = json.loads(path.read_text(encoding="utf-8"))
    where = str(path)
    if not isinstance(document, dict):
        raise ValueError(f"{where}: expected a JSON object")
    unknown = sorted(set(document) - _KNOWN)
    if unknown:
        raise ValueError(f"{where}: unknown field {unknown[0]!r}")
    version = document.get("version")
    if version != CONFIG_VERSION:
        raise ValueError(f"{where}: version must be {CONFIG_VERSION}, got {version!r}")
    strings = {}
    for name in ("socket", "secret_file", "brain_id", "source"):
        value = document.get(name, "default" if name == "source" else None)
        if not isinstance(value, str) or not value:
            raise ValueError(f"{where}: {name} must be a non-empty string, got {value!r}")
        strings[name] = value
    deadline = document.get("deadline_ms")
    if deadline is not None and (isinstance(deadline, bool) or not isinstance(deadline, int)):
        raise ValueError(f"{where}: deadline_ms must be an integer, got {deadline!r}")
    settings = document.get("settings")
    if settings is not None and not isinstance(settings, dict):
        raise ValueError(f"{where}: settings must be an object, got {settings!r}")
    return HookConfigFile(deadline_ms=deadline, settings=settings, **strings)


def write_private_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically with mode 0600 (never readable by others)."""
    import tempfile  # the writers' side only: the hook never pays for it

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(temp, 0o600)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_hook_config(path: Path, config: HookConfigFile) -> None:
    """Write ``config`` to ``path`` (atomic, 0600)."""
    write_private_file(path, json.dumps(config.as_json(), indent=2, sort_keys=True) + "\n")

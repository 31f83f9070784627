"""The pinned real clients: installed from the npm registry into a cache, run hermetically.

Each client version is installed once with the machine's ``npm`` into
``~/.cache/brainbench/real-clients/<package>@<version>`` (``$BRAINBENCH_CACHE_DIR`` moves the
cache), never into the repository. A client runs with a throw-away HOME, an environment holding
nothing of the caller's but ``PATH`` and the locale, telemetry, error reporting and updates
switched off, and every HTTP(S) proxy variable pointing at the loopback fake model server, so a
request to anything but that server is refused there and shows up in its log.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

INSTALL_TIMEOUT_S = 900
RUN_TIMEOUT_S = 180


@dataclass(frozen=True)
class Client:
    """One pinned client: the npm package, its exact version and the binary it installs."""

    label: str
    package: str
    version: str
    binary: str

    @property
    def spec(self) -> str:
        """``package@version``."""
        return f"{self.package}@{self.version}"

    @property
    def name(self) -> str:
        """A directory-safe name, e.g. ``codex@0.171.0``."""
        return f"{self.label}@{self.version}"


CLAUDE_CODE = Client("claude-code", "@anthropic-ai/claude-code", "2.1.332", "claude")
CODEX = Client("codex", "@openai/codex", "0.171.0", "codex")
#: Before about 0.160 Codex wrote user turns as ``event_msg`` / ``user_message``.
CODEX_LEGACY = Client("codex", "@openai/codex", "0.130.0", "codex")
PINNED = (CLAUDE_CODE, CODEX, CODEX_LEGACY)


class ClientError(RuntimeError):
    """A client could not be installed or run at all."""


def cache_root() -> Path:
    """Where installed clients are kept."""
    base = os.environ.get("BRAINBENCH_CACHE_DIR") or str(Path.home() / ".cache" / "brainbench")
    return Path(base) / "real-clients"


def install(client: Client) -> Path:
    """The client's binary, installed first when the cache does not hold it yet."""
    npm = shutil.which("npm")
    if npm is None:
        raise ClientError("npm is not on PATH: install Node.js (npm) to fetch the clients")
    prefix = cache_root() / client.spec.replace("/", "+")
    binary = prefix / "node_modules" / ".bin" / client.binary
    if not _works(binary, client):
        prefix.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund", "--no-save",
             "--loglevel", "error", client.spec],
            capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise ClientError(f"npm install {client.spec} failed: {done.stderr.strip()[-800:]}")
        if not _works(binary, client):
            raise ClientError(f"{binary} does not report version {client.version}")
    return binary


def _works(binary: Path, client: Client) -> bool:
    if not binary.exists():
        return False
    done = subprocess.run(
        [str(binary), "--version"],
        capture_output=True,
        text=True,
        env=base_env(binary.parent.parent.parent / ".version-home", "http://127.0.0.1:9"),
        timeout=60,
        check=False,
    )
    return done.returncode == 0 and client.version in done.stdout


def base_env(home: Path, proxy_url: str) -> dict[str, str]:
    """A hermetic environment: fresh HOME, proxies at the fake server, nothing phoning home."""
    home.mkdir(parents=True, exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": os.environ.get("LANG", "C.UTF-8"),
        "HOME": str(home),
        "TMPDIR": os.environ.get("TMPDIR", "/tmp"),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "HTTP_PROXY": proxy_url,
        "HTTPS_PROXY": proxy_url,
        "http_proxy": proxy_url,
        "https_proxy": proxy_url,
        "ALL_PROXY": proxy_url,
        "NO_PROXY": "127.0.0.1,localhost",
        "no_proxy": "127.0.0.1,localhost",
        "CI": "1",
        "NO_COLOR": "1",
    }


def claude_env(home: Path, model_url: str) -> dict[str, str]:
    """Claude Code against the fake Anthropic endpoint, with its non-essential traffic off."""
    return {
        **base_env(home, model_url),
        "ANTHROPIC_BASE_URL": model_url,
        "ANTHROPIC_API_KEY": "sk-ant-loopback-only",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_BUG_COMMAND": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    }


CODEX_CONFIG = """\
model = "fake-model"
model_provider = "loopback"
check_for_update_on_startup = false

[model_providers.loopback]
name = "loopback"
base_url = "{url}/v1"
env_key = "LOOPBACK_MODEL_KEY"
wire_api = "responses"

[analytics]
enabled = false

# Plugin and app discovery reach github.com and chatgpt.com: off.
[features]
plugins = false
apps = false
remote_plugin = false
plugin_sharing = false
"""


def codex_env(home: Path, model_url: str) -> dict[str, str]:
    """Codex against the fake Responses endpoint: a config.toml in its own CODEX_HOME."""
    codex_home = home / ".codex"
    codex_home.mkdir(parents=True, exist_ok=True)
    (codex_home / "config.toml").write_text(CODEX_CONFIG.format(url=model_url), encoding="utf-8")
    return {
        **base_env(home, model_url),
        "CODEX_HOME": str(codex_home),
        "LOOPBACK_MODEL_KEY": "sk-loopback-only",
    }


@dataclass(frozen=True)
class Ran:
    """A finished client process."""

    returncode: int
    stdout: str
    stderr: str


def run(command: list[str], *, cwd: Path, env: dict[str, str], log: Path) -> Ran:
    """Run a client with no stdin; keep its output next to the other files of the run."""
    done = subprocess.run(
        command,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        check=False,
    )
    with log.open("a", encoding="utf-8") as handle:
        handle.write(f"$ {' '.join(command)}\n[exit {done.returncode}]\n")
        handle.write(f"--- stdout\n{done.stdout}\n--- stderr\n{done.stderr}\n")
    return Ran(done.returncode, done.stdout, done.stderr)

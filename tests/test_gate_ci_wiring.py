"""The project's CI runs the gate: .ci/run -> scripts/test -> `uv run nox` -> the gate session.

Dropping the gate from the default sessions, or pointing it at a ref a clean clone lacks,
would turn CI green without ever comparing a run; these pin the wiring.
"""

from __future__ import annotations

import functools
import importlib.util
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def _noxfile() -> ModuleType:
    # Loaded once: nox registers sessions globally and warns when a name comes back.
    spec = importlib.util.spec_from_file_location("brainbench_noxfile", ROOT / "noxfile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ci_entry_runs_the_default_nox_sessions_including_the_gate_last() -> None:
    assert "exec scripts/test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'exec uv run nox "$@"' in (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    sessions = _noxfile().nox.options.sessions
    assert sessions[-1] == "gate"
    assert {"lint", "typecheck", "tests"} <= set(sessions)


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


@pytest.mark.parametrize("with_origin", [True, False])
def test_the_gate_ref_is_origin_main_in_a_clone_else_head(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, with_origin: bool
) -> None:
    upstream = tmp_path / "upstream"
    upstream.mkdir()
    _git(upstream, "init", "-q", "-b", "main")
    _git(upstream, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty",
         "-m", "init")  # fmt: skip
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(upstream), str(clone)], check=True)
    if not with_origin:
        _git(clone, "remote", "remove", "origin")
    noxfile = _noxfile()
    monkeypatch.setattr(noxfile, "ROOT", clone)
    monkeypatch.delenv(noxfile.GATE_REF_ENV, raising=False)
    assert noxfile._gate_ref() == ("origin/main" if with_origin else "HEAD")
    monkeypatch.setenv(noxfile.GATE_REF_ENV, "release")
    assert noxfile._gate_ref() == "release"

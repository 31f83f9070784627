"""``bb-brain serve`` is safe by default: loopback TCP, long secrets, plaintext only if asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from bb_brain._cli_serve import tcp_address
from bb_brain.cli import main


@pytest.mark.parametrize(
    ("tcp", "host", "expected"),
    [
        ("7000", None, "127.0.0.1:7000"),
        ("localhost:7000", None, "localhost:7000"),
        ("[::1]:0", None, "[::1]:0"),
        ("7000", "::1", "[::1]:7000"),
        (None, None, None),
    ],
)
def test_tcp_binds_loopback_unless_told_otherwise(
    tcp: str | None, host: str | None, expected: str | None
) -> None:
    assert tcp_address(tcp, host, insecure=False) == expected


@pytest.mark.parametrize(
    ("tcp", "host", "message"),
    [
        ("0.0.0.0:7000", None, "non-loopback host"),
        ("7000", "0.0.0.0", "--insecure"),
        ("7000", "192.168.1.5", "--insecure"),
        ("seven", None, "[HOST:]PORT"),
        (None, "127.0.0.1", "--tcp-host needs --tcp"),
    ],
)
def test_a_network_bind_needs_tcp_host_and_insecure(
    tcp: str | None, host: str | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        tcp_address(tcp, host, insecure=False)


def test_insecure_network_bind_is_warned(capsys: pytest.CaptureFixture[str]) -> None:
    assert tcp_address("7000", "0.0.0.0", insecure=True) == "0.0.0.0:7000"
    assert "warning: serving plaintext gRPC on 0.0.0.0:7000" in capsys.readouterr().err


@pytest.mark.parametrize("via", ["file", "env"])
def test_a_short_secret_is_refused_before_anything_starts(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    via: str,
) -> None:
    monkeypatch.setenv("BB_BRAIN_HOME", str(tmp_path / "home"))
    args = ["serve", "--no-hook-config", "--socket", str(tmp_path / "s.sock")]
    if via == "file":
        (tmp_path / "secret").write_text("abc\n", encoding="utf-8")
        (tmp_path / "secret").chmod(0o600)
        args += ["--secret-file", str(tmp_path / "secret")]
    else:
        monkeypatch.setenv("BRAINBENCH_SECRET", "x" * 31)
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "a shared secret must be at least 32 bytes" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "s.sock").exists()


def test_a_plaintext_network_bind_without_insecure_is_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BB_BRAIN_HOME", str(tmp_path / "home"))
    assert main(["serve", "--tcp", "0.0.0.0:0"]) == 2
    assert "non-loopback host" in capsys.readouterr().err

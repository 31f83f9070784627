"""Where an installed package lives and which version it is, without importing it.

Start-up reads both for the bundled PostgreSQL and the lexicon's packages. Importing a
package to learn where it is runs its ``__init__`` (the PostgreSQL wheel's pulls in its
server class and platformdirs), and ``importlib.metadata`` scans every ``sys.path`` entry
for distributions: each costs a few milliseconds before the first turn. The import system's
finder locates the package without running it, and an installed wheel's version is in the
name of the ``.dist-info`` directory beside it.
"""

from __future__ import annotations

from functools import cache
from importlib.util import find_spec
from pathlib import Path


@cache
def package_dir(name: str) -> Path | None:
    """The directory of the importable package ``name`` (None when it is not installed)."""
    spec = find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


@cache
def installed_version(name: str, distribution: str) -> str:
    """The version of ``distribution``, which provides the importable package ``name``.

    Read from the one ``<distribution>-<version>.dist-info`` beside the package; when there
    is none or several (an unusual layout), ``importlib.metadata`` answers.

    Raises:
        importlib.metadata.PackageNotFoundError: The distribution is not installed.
    """
    where = package_dir(name)
    if where is not None:
        prefix = distribution.replace("-", "_") + "-"
        found = [
            entry.name[len(prefix) : -len(".dist-info")]
            for entry in where.parent.glob(f"{prefix}*.dist-info")
        ]
        if len(found) == 1 and found[0]:
            return found[0]
    from importlib import metadata

    return metadata.version(distribution)

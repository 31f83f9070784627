"""Finding and reading corpus files, and the fixtures hash over their bytes.

Each file is read exactly once; the same bytes are hashed and parsed, so the hash always
describes what was validated (no window for a file to change between the two).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from bb_corpus._errors import ROOT, CorpusIssue

FIXTURE_SUFFIX = ".fixture.json"
GOLD_SUFFIX = ".gold.json"

Kind = Literal["fixtures", "gold"]
_SUFFIX: dict[Kind, str] = {"fixtures": FIXTURE_SUFFIX, "gold": GOLD_SUFFIX}
_NOUN: dict[Kind, str] = {"fixtures": "fixture", "gold": "gold"}


@dataclass(frozen=True)
class CorpusFile:
    """One fixture or gold file, read.

    Attributes:
        kind: Which directory it came from.
        rel: POSIX path relative to that directory (``kta/kta-001.fixture.json``).
        display: The path as the user named it (directory argument joined with ``rel``).
        stem: The fixture id the file name claims (``kta-001``).
        data: The file's bytes.
    """

    kind: Kind
    rel: str
    display: str
    stem: str
    data: bytes

    @property
    def hash_path(self) -> str:
        """The file's name inside the corpus root, as bound into the fixtures hash."""
        return f"{self.kind}/{self.rel}"


def _issue(where: Path | str, message: str) -> CorpusIssue:
    return CorpusIssue(file=Path(where).as_posix(), path=ROOT, message=message)


def _name_issue(kind: Kind, name: str) -> str | None:
    """Why a ``*.json`` file name does not belong in a ``kind`` directory, or None if it does."""
    suffix = _SUFFIX[kind]
    if name.endswith(suffix) and len(name) > len(suffix):
        return None
    if kind == "fixtures" and name.endswith(GOLD_SUFFIX):
        return "gold file in the fixtures directory: gold is sealed; move it to the gold directory"
    if kind == "gold" and name.endswith(FIXTURE_SUFFIX):
        return "fixture file in the gold directory; move it to the fixtures directory"
    return f"unexpected JSON file name {name!r}; expected <fixture_id>{suffix}"


def directory_problem(directory: Path, kind: Kind) -> CorpusIssue | None:
    """The directory is missing or is a file (the one problem worth reporting then)."""
    noun = _NOUN[kind]
    if not directory.exists():
        return _issue(directory, f"{noun} directory does not exist; check --{kind}")
    if not directory.is_dir():
        return _issue(directory, f"expected a {noun} directory, found a file; check --{kind}")
    return None


def discover(
    directory: Path, kind: Kind, *, read: bool = True
) -> tuple[list[CorpusFile], list[CorpusIssue]]:
    """Read every ``kind`` file below ``directory`` (recursively), sorted by relative path.

    Hidden entries (``.name``) and files not ending in ``.json`` are ignored, so editor files
    and READMEs may sit beside a corpus; any other ``.json`` file is reported, because a
    misnamed fixture silently left out of a run is worse than an error. With ``read=False``
    the files are found but not read (``data`` is empty; :func:`read_file` reads one).
    """
    noun = _NOUN[kind]
    unusable = directory_problem(directory, kind)
    if unusable is not None:
        return [], [unusable]
    issues: list[CorpusIssue] = []
    found: list[tuple[str, str]] = []
    root = os.fspath(directory)
    shown_root = directory.as_posix()

    def walk_error(error: OSError) -> None:
        issues.append(_issue(error.filename or directory, f"cannot list: {error.strerror}"))

    # Plain strings, not Path objects: at 20,000 files pathlib's overhead would dominate.
    for top, dirnames, filenames in os.walk(root, onerror=walk_error):
        rel_dir = os.path.relpath(top, root).replace(os.sep, "/")
        prefix = "" if rel_dir == "." else rel_dir + "/"
        for dirname in list(dirnames):
            if dirname.startswith("."):
                dirnames.remove(dirname)
            elif os.path.islink(os.path.join(top, dirname)):
                dirnames.remove(dirname)
                issues.append(
                    _issue(
                        os.path.join(top, dirname),
                        "symlinked directory is not followed; copy it in",
                    )
                )
        for filename in filenames:
            if filename.startswith(".") or not filename.endswith(".json"):
                continue
            path = os.path.join(top, filename)
            problem = _name_issue(kind, filename)
            if problem is not None:
                issues.append(_issue(path, problem))
                continue
            found.append((prefix + filename, path))
    files: list[CorpusFile] = []
    suffix_length = len(_SUFFIX[kind])
    for rel, path in sorted(found):
        try:
            data = _read(path) if read else b""
        except OSError as error:
            issues.append(_issue(path, f"cannot read: {error.strerror or error}"))
            continue
        stem = rel.rsplit("/", 1)[-1][:-suffix_length]
        display = rel if shown_root == "." else f"{shown_root}/{rel}"
        files.append(CorpusFile(kind, rel, display, stem, data))
    if not files and not issues:
        issues.append(_issue(directory, f"no {noun} files found; expected <id>{_SUFFIX[kind]}"))
    return files, issues


def _read(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def read_file(file: CorpusFile) -> CorpusFile:
    """``file`` with its bytes, read now (a file :func:`discover` found without reading).

    Raises:
        OSError: The file cannot be read.
    """
    return dataclasses.replace(file, data=_read(file.display))


def fixtures_hash(files: Iterable[CorpusFile]) -> str:
    """The corpus identity: see :mod:`bb_corpus.loader` for the exact definition."""
    return hash_of_digests((f.hash_path, hashlib.sha256(f.data).hexdigest()) for f in files)


def hash_of_digests(digests: Iterable[tuple[str, str]]) -> str:
    """:func:`fixtures_hash` from each file's hash path and hex sha256, already computed."""
    lines = sorted(
        (path.encode("utf-8", "surrogateescape"), hexdigest) for path, hexdigest in digests
    )
    digest = hashlib.sha256()
    for path, file_hex in lines:
        digest.update(path + b"\0" + file_hex.encode("ascii") + b"\n")
    return digest.hexdigest()

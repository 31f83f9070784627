r"""Load and validate a corpus: fixtures joined to their sealed gold, plus its hash.

Layout
------
A corpus is two directories. The fixtures directory holds ``<fixture_id>.fixture.json``
files and the gold directory ``<fixture_id>.gold.json`` files, at any depth (subdirectories
such as ``kta/`` or ``write-back/`` only organise; ids are unique across all of them). Hidden
entries and files not ending in ``.json`` are ignored; any other ``.json`` file is an error.

The fixtures hash
-----------------
``fixtures_hash`` is the corpus identity the gate compares. It covers every fixture and gold
file, holdout included, by path and bytes, and does not depend on where the corpus lives:

1. Name each file inside a virtual *corpus root* that holds the fixtures directory as
   ``fixtures/`` and the gold directory as ``gold/``: a fixture file is named
   ``fixtures/<rel>`` and a gold file ``gold/<rel>``, where ``<rel>`` is the file's path
   relative to its own directory with ``/`` separators (for the standard layout
   ``evals/brainbench/{fixtures,gold}`` this is simply the path relative to
   ``evals/brainbench/``).
2. Sort the names by their UTF-8 bytes.
3. For each name ``n``, in order, form the line
   ``utf8(n) + b"\0" + ascii(hex(sha256(bytes of n))) + b"\n"`` (hex is lowercase).
4. ``fixtures_hash`` is the lowercase hex sha256 of the concatenated lines.

So renaming or moving a file changes the hash, as does any byte of any file (formatting
included); copying the two directories elsewhere does not.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bb_schema import Fixture, Gold

from bb_corpus import _checks, _content, _gold_rules
from bb_corpus._documents import parse_document
from bb_corpus._errors import ROOT, CorpusIssue, CorpusValidationError
from bb_corpus._files import (
    CorpusFile,
    directory_problem,
    discover,
    fixtures_hash,
    hash_of_digests,
    read_file,
)
from bb_corpus._limits import CorpusLimits
from bb_corpus.corpus import ContinuityPair, LoadedCorpus, _Held, _Packed

PathArg = str | os.PathLike[str]


def _same_directory(first: Path, second: Path) -> bool:
    try:
        return first.exists() and second.exists() and first.samefile(second)
    except OSError:
        return False


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Defer cyclic garbage collection while a load allocates its many small acyclic objects.

    A 10,000-fixture load allocates millions of dicts, lists and models, which triggers
    repeated full collections that scan everything already loaded (about 40% of the load
    time, measured with benchmarks/loader.py). Nothing a load builds is cyclic, so deferring
    collection frees nothing late; the previous collector state is restored on exit.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _parse(
    files: list[CorpusFile], issues: list[CorpusIssue], limits: CorpusLimits
) -> list[_checks.Parsed]:
    parsed: list[_checks.Parsed] = []
    for file in files:
        oversized = _content.file_size(_checks.Parsed(file), limits)
        if oversized is not None:  # never parse a file that big
            parsed.append(_checks.Parsed(file))
            issues.append(oversized)
            continue
        if file.kind == "fixtures":
            fixture, found = parse_document(file, Fixture)
            parsed.append(_checks.Parsed(file, fixture=fixture))
        else:
            gold, found = parse_document(file, Gold)
            parsed.append(_checks.Parsed(file, gold=gold))
        issues.extend(found)
    return parsed


def _core_files(fixtures: list[_checks.Parsed], gold: list[_checks.Parsed]) -> list[CorpusFile]:
    """Files outside the memory-trust fixtures (those with ``trust_steps``) and their gold."""
    trust = {i.file.stem for i in fixtures if i.fixture and i.fixture.trust_steps is not None}
    return [item.file for item in (*fixtures, *gold) if item.file.stem not in trust]


def load_corpus(
    fixtures_dir: PathArg,
    gold_dir: PathArg,
    *,
    include_holdout: bool = True,
    limits: CorpusLimits | None = None,
    packed: bool = False,
) -> LoadedCorpus:
    """Read, validate and join a corpus; every problem in every file is reported at once.

    Args:
        fixtures_dir: Directory of ``<fixture_id>.fixture.json`` files (searched recursively).
        gold_dir: Directory of ``<fixture_id>.gold.json`` files (searched recursively).
        include_holdout: Load holdout fixtures too. The gate runs without them; published runs
            include them. Holdout fixtures are validated and hashed either way.
        limits: Size limits per turn, page and file (default :class:`CorpusLimits`).
        packed: Keep each validated document as its compressed file bytes and validate it
            again on access, instead of holding every model: what a run over a large corpus
            wants, since it replays one fixture at a time. The models are the same.

    Returns:
        The validated corpus, fixtures sorted by fixture_id.

    Raises:
        CorpusValidationError: The corpus is invalid; ``issues`` names each file, JSON path and
            what was expected, sorted so the report is byte-identical run to run. A missing
            fixtures or gold directory is the only issue reported (every file would
            otherwise be reported as orphaned).
    """
    fixtures_path, gold_path, limits = Path(fixtures_dir), Path(gold_dir), limits or CorpusLimits()
    with _collector_paused():
        if packed:
            loaded = _load_packed(fixtures_path, gold_path, include_holdout, limits)
            if loaded is not None:
                return loaded
        # Whole; for a packed load, only when the corpus has an issue to report in full.
        return _load(fixtures_path, gold_path, include_holdout, limits, packed)


def _pair_of(file: CorpusFile) -> str | None:
    """The continuity pair a fixture file names (read from its raw JSON), if any.

    Raises:
        OSError: The file cannot be read.
        ValueError: It is not JSON.
    """
    data = read_file(file).data
    if b'"continuity"' not in data:
        return None  # most fixtures: no need to parse the file twice
    document = json.loads(data)
    continuity = document.get("continuity") if isinstance(document, dict) else None
    pair_id = continuity.get("pair_id") if isinstance(continuity, dict) else None
    return pair_id if isinstance(pair_id, str) else None


def _load_packed(
    fixtures_path: Path, gold_path: Path, include_holdout: bool, limits: CorpusLimits
) -> LoadedCorpus | None:
    """A packed load that never holds more than one fixture (or pair) as models or bytes.

    Every rule of :func:`_load` concerns file names, one fixture with its gold, or one
    continuity pair, so the documents are read and validated a group at a time (a fixture and
    its gold, or every fixture naming one pair and their gold) and only their hashes and
    compressed bytes are kept. Returns None at the first issue of any kind: the caller then
    loads the corpus whole, which reports every issue exactly as an ordinary load does.
    """
    if directory_problem(fixtures_path, "fixtures") or directory_problem(gold_path, "gold"):
        return None
    if _same_directory(fixtures_path, gold_path):
        return None
    fixture_files, issues = discover(fixtures_path, "fixtures", read=False)
    gold_files, found = discover(gold_path, "gold", read=False)
    issues.extend(found)
    issues.extend(_checks.duplicate_names(fixture_files))
    issues.extend(_checks.duplicate_names(gold_files))
    issues.extend(
        _checks.joins(fixture_files, gold_files, fixtures_path.as_posix(), gold_path.as_posix())
    )
    if issues:
        return None
    gold_files_by_id = {file.stem: file for file in gold_files}
    groups: dict[tuple[str, str], list[CorpusFile]] = {}
    for file in fixture_files:
        try:
            pair_id = _pair_of(file)
        except (OSError, ValueError):
            return None
        key = ("pair", pair_id) if pair_id is not None else ("fixture", file.stem)
        groups.setdefault(key, []).append(file)
    holdout: set[str] = set()
    trust: set[str] = set()
    pairs: dict[str, ContinuityPair] = {}
    digests: dict[str, tuple[str, str]] = {}  # hash path -> (stem, sha256 hex)
    packed: dict[str, bytes] = {}  # hash path -> compressed bytes
    read: dict[str, str | None] = {}  # pages repeat across fixtures: read each once
    for key in sorted(groups):
        try:
            files = [read_file(file) for file in groups[key]]
            golds = [read_file(gold_files_by_id[file.stem]) for file in files]
        except OSError:
            return None
        fixtures = _parse(files, issues, limits)
        gold = _parse(golds, issues, limits)
        issues.extend(_checks.file_names([*fixtures, *gold]))
        for item in fixtures:
            issues.extend(_checks.timestamps(item))
        found_pairs, found = _checks.continuity_pairs(fixtures)
        issues.extend(found)
        gold_by_id = {item.file.stem: item for item in gold}
        issues.extend(_checks.joined(fixtures, gold_by_id))
        issues.extend(_gold_rules.check(fixtures, gold_by_id, found_pairs))
        issues.extend(_content.check(fixtures, found_pairs, limits, read))
        if issues or any(item.fixture is None for item in fixtures):
            return None
        pairs.update(found_pairs)
        for item in fixtures:
            assert item.fixture is not None
            if item.fixture.holdout:
                holdout.add(item.file.stem)
            if item.fixture.trust_steps is not None:
                trust.add(item.file.stem)
        for file in (*files, *golds):
            digests[file.hash_path] = (file.stem, hashlib.sha256(file.data).hexdigest())
            packed[file.hash_path] = _Packed.pack(file.data)
    loaded = {f.stem for f in fixture_files if include_holdout or f.stem not in holdout}
    every = [(path, hexdigest) for path, (_, hexdigest) in digests.items()]
    core = [(path, hexdigest) for path, (stem, hexdigest) in digests.items() if stem not in trust]
    return LoadedCorpus(
        fixtures_hash=hash_of_digests(every),
        holdout_ids=frozenset(holdout),
        continuity_pairs={
            pair_id: pair
            for pair_id, pair in pairs.items()
            if pair.writer in loaded and pair.reader in loaded
        },
        include_holdout=include_holdout,
        core_fixtures_hash=hash_of_digests(core),
        _store=_Packed(
            {f.stem: packed[f.hash_path] for f in fixture_files if f.stem in loaded},
            {f.stem: packed[f.hash_path] for f in gold_files if f.stem in loaded},
        ),
    )


def _load(
    fixtures_path: Path,
    gold_path: Path,
    include_holdout: bool,
    limits: CorpusLimits,
    packed: bool,
) -> LoadedCorpus:
    missing = [
        problem
        for problem in (
            directory_problem(fixtures_path, "fixtures"),
            directory_problem(gold_path, "gold"),
        )
        if problem is not None
    ]
    if missing:
        raise CorpusValidationError(missing)
    if _same_directory(fixtures_path, gold_path):
        raise CorpusValidationError(
            [
                CorpusIssue(
                    gold_path.as_posix(),
                    ROOT,
                    "fixtures and gold share a directory; gold is sealed: expected its own "
                    "directory (e.g. evals/brainbench/gold)",
                )
            ]
        )
    fixture_files, issues = discover(fixtures_path, "fixtures")
    gold_files, found = discover(gold_path, "gold")
    issues.extend(found)
    fixtures = _parse(fixture_files, issues, limits)
    gold = _parse(gold_files, issues, limits)

    issues.extend(_checks.duplicate_names(fixture_files))
    issues.extend(_checks.duplicate_names(gold_files))
    issues.extend(_checks.file_names([*fixtures, *gold]))
    issues.extend(
        _checks.joins(fixture_files, gold_files, fixtures_path.as_posix(), gold_path.as_posix())
    )
    for item in fixtures:
        issues.extend(_checks.timestamps(item))
    pairs, found = _checks.continuity_pairs(fixtures)
    issues.extend(found)
    gold_by_id: dict[str, _checks.Parsed] = {}
    for item in gold:
        gold_by_id.setdefault(item.file.stem, item)
    issues.extend(_checks.joined(fixtures, gold_by_id))
    issues.extend(_gold_rules.check(fixtures, gold_by_id, pairs))
    issues.extend(_content.check(fixtures, pairs, limits))
    if issues:
        raise CorpusValidationError(issues)

    every = sorted((item.fixture for item in fixtures if item.fixture), key=lambda f: f.fixture_id)
    holdout_ids = frozenset(f.fixture_id for f in every if f.holdout)
    loaded = tuple(f for f in every if include_holdout or not f.holdout)
    loaded_ids = {f.fixture_id for f in loaded}
    gold_of = {
        fixture_id: item
        for fixture_id, item in gold_by_id.items()
        if item.gold is not None and fixture_id in loaded_ids
    }
    store: _Held | _Packed
    if packed:
        data = {item.file.stem: item.file.data for item in fixtures if item.fixture}
        store = _Packed(
            {key: _Packed.pack(value) for key, value in data.items() if key in loaded_ids},
            {key: _Packed.pack(item.file.data) for key, item in gold_of.items()},
        )
    else:
        store = _Held(loaded, {key: item.gold for key, item in gold_of.items() if item.gold})
    return LoadedCorpus(
        fixtures_hash=fixtures_hash([*fixture_files, *gold_files]),
        holdout_ids=holdout_ids,
        continuity_pairs={
            pair_id: pair
            for pair_id, pair in pairs.items()
            if pair.writer in loaded_ids and pair.reader in loaded_ids
        },
        include_holdout=include_holdout,
        core_fixtures_hash=fixtures_hash(_core_files(fixtures, gold)),
        _store=store,
    )

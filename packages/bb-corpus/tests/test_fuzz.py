"""Fuzz the loader: whatever is on disk, it raises only CorpusError and writes nothing."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from bb_corpus import CorpusError, CorpusValidationError, load_corpus
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Keys the schemas know, so random documents reach past "unknown key" into deeper rules.
KNOWN_KEYS = [
    "schema_version", "fixture_id", "suites", "category", "holdout", "sources",
    "active_source", "seed_pages", "seed_facts", "turns", "continuity", "turn_id", "role",
    "text", "ts", "slug", "content", "source_id", "pair_id", "pair_role", "should_retrieve",
    "gold_slugs", "acceptable_slugs", "gold_facts", "decisions", "gold", "1", "2",
]  # fmt: skip
KNOWN_VALUES = [
    1, 0, -1, 2**63, True, None, "", "user", "assistant", "writer", "reader", "write-back",
    "continuity", "know-to-ask", "cont-001", "kta-001-deal-recall", "2026-03-02T17:00:00Z",
    "2026-03-02T17:00:00", "\ud800", 1.5, "1",
]  # fmt: skip

keys = st.sampled_from(KNOWN_KEYS) | st.text(max_size=8)
scalars = (
    st.sampled_from(KNOWN_VALUES)
    | st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(keys, children, max_size=5),
    max_leaves=25,
)


def snapshot(root: Path) -> dict[str, str]:
    """Every entry below root with a digest of its bytes (directories map to '')."""
    seen: dict[str, str] = {}
    for top, dirnames, filenames in os.walk(root):
        for name in dirnames:
            seen[os.path.relpath(os.path.join(top, name), root)] = ""
        for name in filenames:
            path = Path(top, name)
            seen[str(path.relative_to(root))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return seen


def load_and_check(root: Path) -> None:
    """The property: only CorpusError escapes, errors are located, nothing is written."""
    before = snapshot(root)
    try:
        corpus = load_corpus(root / "fixtures", root / "gold")
    except CorpusValidationError as error:
        assert error.issues
        for issue in error.issues:
            assert issue.file and issue.path and issue.message
            issue.render().encode("utf-8")  # printable: never a lone surrogate
    except CorpusError as error:
        assert error.message
    else:
        assert len(corpus.fixtures_hash) == 64
        for fixture_id in corpus.ids:
            corpus.public_view(fixture_id)
            corpus.gold_for(fixture_id)
    assert snapshot(root) == before


def corpus_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.json") if p.is_file())


def tree_paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(tree_paths(value, (*prefix, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(tree_paths(value, (*prefix, index)))
    return found


def mutate_tree(data: st.DataObject, doc: Any) -> Any:
    """One structural edit at a random place in the document."""
    path = data.draw(st.sampled_from(tree_paths(doc)))
    if not path:
        return data.draw(json_values)
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    op = data.draw(st.sampled_from(["replace", "delete", "add", "duplicate"]))
    if op == "replace":
        parent[last] = data.draw(json_values)
    elif op == "delete":
        del parent[last]
    elif op == "add":
        target = parent[last]
        if isinstance(target, dict):
            target[data.draw(keys)] = data.draw(json_values)
        elif isinstance(target, list):
            target.append(data.draw(json_values))
        else:
            parent[last] = [target]
    elif isinstance(parent, list):
        parent.append(json.loads(json.dumps(parent[last])))
    else:
        parent[data.draw(keys)] = json.loads(json.dumps(parent[last]))
    return doc


def mutate_file(data: st.DataObject, root: Path) -> None:
    files = corpus_files(root)
    if not files:
        return
    names = [path.relative_to(root).as_posix() for path in files]
    target = root / data.draw(st.sampled_from(names))
    op = data.draw(st.sampled_from(["tree", "tree", "tree", "bytes", "delete", "rename", "move"]))
    try:
        doc = json.loads(target.read_bytes())
    except ValueError:
        doc, op = None, "bytes" if op == "tree" else op  # already corrupted: stay at byte level
    if op == "tree":
        doc = mutate_tree(data, doc)
        indent = data.draw(st.sampled_from([None, 2]))
        target.write_bytes(json.dumps(doc, indent=indent).encode("utf-8", "surrogatepass"))
    elif op == "bytes":
        raw = bytearray(target.read_bytes())
        at = data.draw(st.integers(0, len(raw)))
        if data.draw(st.booleans()):
            del raw[at:]
        else:
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=4))
        target.write_bytes(bytes(raw))
    elif op == "delete":
        target.unlink()
    elif op == "rename":
        suffix = ".fixture.json" if target.name.endswith(".fixture.json") else ".gold.json"
        name = data.draw(st.sampled_from(["kta-001-deal-recall", "x", "new-id", "A B"]))
        target.rename(target.with_name(name + data.draw(st.sampled_from([suffix, ".json"]))))
    else:
        sub = target.parent / data.draw(st.sampled_from(["sub", "kta", ".hidden"]))
        sub.mkdir(exist_ok=True)
        target.rename(sub / target.name)


@FUZZ
@given(data=st.data())
def test_mutated_samples_raise_only_corpus_errors(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "corpus"
        shutil.copytree(SAMPLES, root)
        for _ in range(data.draw(st.integers(1, 3))):
            mutate_file(data, root)
        load_and_check(root)


@FUZZ
@given(
    document=json_values | st.dictionaries(st.sampled_from(KNOWN_KEYS), json_values),
    raw=st.none() | st.binary(max_size=64),
    kind=st.sampled_from(["fixtures", "gold"]),
    replace=st.booleans(),
    data=st.data(),
)
def test_random_documents_raise_only_corpus_errors(
    document: Any, raw: bytes | None, kind: str, replace: bool, data: st.DataObject
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "corpus"
        shutil.copytree(SAMPLES, root)
        if replace:
            target = root / kind / data.draw(st.sampled_from(sorted(os.listdir(root / kind))))
        else:
            suffix = ".fixture.json" if kind == "fixtures" else ".gold.json"
            target = root / kind / f"fuzz-{data.draw(st.integers(0, 3))}{suffix}"
        payload = raw if raw is not None else json.dumps(document).encode("utf-8", "surrogatepass")
        target.write_bytes(payload)
        load_and_check(root)

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from bb_corpus import (
    AdapterFixtureView,
    ContinuityPair,
    CorpusError,
    CorpusUserError,
    LoadedCorpus,
    UnknownFixtureError,
    load_corpus,
)
from bb_schema import PublicTurn

SAMPLE_IDS = [
    "cont-001-widget-pass-reader",
    "cont-001-widget-pass-writer",
    "kta-001-deal-recall",
    "kta-002-quiet-smalltalk",
    "ms-001-two-source-alias",
    "ms-002-nondefault-active",
    "wb-001-pricing-concern",
]


def load(dirs: Any, **kwargs: Any) -> LoadedCorpus:
    return load_corpus(dirs.fixtures, dirs.gold, **kwargs)


def documented_hash(fixtures_dir: Path, gold_dir: Path) -> str:
    """The fixtures_hash definition from bb_corpus.loader's docstring, written independently."""
    names: list[tuple[bytes, Path]] = []
    for prefix, directory, suffix in (
        ("fixtures", fixtures_dir, ".fixture.json"),
        ("gold", gold_dir, ".gold.json"),
    ):
        for path in directory.rglob(f"*{suffix}"):
            rel = path.relative_to(directory).as_posix()
            names.append((f"{prefix}/{rel}".encode(), path))
    digest = hashlib.sha256()
    for name, path in sorted(names):
        digest.update(name + b"\0" + hashlib.sha256(path.read_bytes()).hexdigest().encode() + b"\n")
    return digest.hexdigest()


def test_samples_load(samples: Any) -> None:
    corpus = load(samples)
    assert corpus.ids == tuple(SAMPLE_IDS)
    assert [f.fixture_id for f in corpus.fixtures] == SAMPLE_IDS
    assert corpus.gold_turn_count == 15
    assert dict(corpus.continuity_pairs) == {
        "cont-001": ContinuityPair(
            writer="cont-001-widget-pass-writer", reader="cont-001-widget-pass-reader"
        )
    }
    assert corpus.holdout_ids == frozenset()
    assert corpus.gated() == corpus.fixtures
    assert corpus.holdout() == ()
    assert len(corpus.fixtures_hash) == 64


def test_hash_matches_documented_definition(samples: Any) -> None:
    assert load(samples).fixtures_hash == documented_hash(samples.fixtures, samples.gold)


def test_hash_does_not_depend_on_location(samples: Any, tmp_path: Path, copy_to: Any) -> None:
    first = copy_to(tmp_path / "a")
    second = copy_to(tmp_path / "b" / "deeper" / "elsewhere")
    hashes = {load(samples).fixtures_hash, load(first).fixtures_hash, load(second).fixtures_hash}
    assert len(hashes) == 1


def test_hash_does_not_depend_on_directory_names(corpus: Any, tmp_path: Path) -> None:
    before = load(corpus).fixtures_hash
    fixtures = shutil.move(corpus.fixtures, tmp_path / "somewhere" / "fx")
    gold = shutil.move(corpus.gold, tmp_path / "other" / "g")
    assert load_corpus(fixtures, gold).fixtures_hash == before


def test_hash_changes_with_any_byte(corpus: Any) -> None:
    before = load(corpus).fixtures_hash
    path = corpus.gold_path("kta-002-quiet-smalltalk")
    path.write_bytes(path.read_bytes() + b"\n")
    assert load(corpus).fixtures_hash != before


def test_hash_changes_when_a_file_moves(corpus: Any) -> None:
    before = load(corpus).fixtures_hash
    (corpus.fixtures / "kta").mkdir()
    corpus.fixture_path("kta-001-deal-recall").rename(
        corpus.fixtures / "kta" / "kta-001-deal-recall.fixture.json"
    )
    after = load(corpus)
    assert after.ids == tuple(SAMPLE_IDS)
    assert after.fixtures_hash != before
    assert after.fixtures_hash == documented_hash(corpus.fixtures, corpus.gold)


def test_subdirectories_organise_a_corpus(corpus: Any) -> None:
    for path in sorted(corpus.fixtures.glob("*.fixture.json")):
        category = json.loads(path.read_text(encoding="utf-8"))["category"]
        (corpus.fixtures / category).mkdir(exist_ok=True)
        path.rename(corpus.fixtures / category / path.name)
    for path in sorted(corpus.gold.glob("*.gold.json")):
        (corpus.gold / path.name[:3]).mkdir(exist_ok=True)
        path.rename(corpus.gold / path.name[:3] / path.name)
    loaded = load(corpus)
    assert loaded.ids == tuple(SAMPLE_IDS)
    assert loaded.fixtures_hash == documented_hash(corpus.fixtures, corpus.gold)


def test_non_corpus_files_are_ignored(corpus: Any, samples: Any) -> None:
    (corpus.fixtures / "README.md").write_text("notes", encoding="utf-8")
    (corpus.fixtures / ".kta-001-deal-recall.fixture.json.swp").write_text("x", encoding="utf-8")
    (corpus.gold / ".hidden").mkdir()
    (corpus.gold / ".hidden" / "junk.json").write_text("{", encoding="utf-8")
    assert load(corpus).fixtures_hash == load(samples).fixtures_hash


def test_public_view_carries_no_gold(samples: Any) -> None:
    corpus = load(samples)
    for fixture_id in corpus.ids:
        view = corpus.public_view(fixture_id)
        assert isinstance(view, AdapterFixtureView)
        assert set(AdapterFixtureView.model_fields) == {
            "fixture_id",
            "active_source",
            "sources",
            "all_sources",
            "seed_pages",
            "seed_facts",
            "turns",
        }
        assert all(type(turn) is PublicTurn for turn in view.turns)
        assert set(PublicTurn.model_fields) == {"turn_id", "role", "text", "ts"}
        dumped = view.model_dump_json()
        for gold_word in ("gold", "should_retrieve", "acceptable_slugs", "decisions", "holdout"):
            assert gold_word not in dumped
        fixture = corpus.fixture(fixture_id)
        assert view.turns == tuple(fixture.turns)
        assert view.all_sources == tuple(fixture.all_sources)
        assert view.user_turns == tuple(fixture.user_turns)


def test_public_view_of_multi_source_fixture(samples: Any) -> None:
    view = load(samples).public_view("ms-002-nondefault-active")
    assert view.active_source == "teambrain"
    assert view.sources == ("teambrain",)
    assert view.all_sources == ("default", "teambrain")


def test_gold_is_reached_only_explicitly(samples: Any) -> None:
    corpus = load(samples)
    gold = corpus.gold_for("wb-001-pricing-concern")
    assert gold.fixture_id == "wb-001-pricing-concern"
    assert sorted(gold.turns) == ["3", "4"]
    public_gold_names = {name for name in dir(corpus) if "gold" in name and name[0] != "_"}
    assert public_gold_names == {"gold_for", "gold_turn_count"}
    assert "gold" not in repr(corpus).replace("gold_turn", "")


def test_unknown_fixture_is_a_user_error(samples: Any) -> None:
    corpus = load(samples)
    with pytest.raises(UnknownFixtureError) as caught:
        corpus.gold_for("nope")
    assert isinstance(caught.value, CorpusUserError)
    assert isinstance(caught.value, CorpusError)
    assert isinstance(caught.value, KeyError)
    assert "'nope'" in str(caught.value)
    assert "cont-001-widget-pass-reader" in caught.value.message


def test_loaded_corpus_is_frozen(samples: Any) -> None:
    corpus = load(samples)
    with pytest.raises(dataclasses.FrozenInstanceError):
        corpus.fixtures_hash = "0" * 64  # type: ignore[misc]
    with pytest.raises(TypeError):
        corpus.continuity_pairs["x"] = ContinuityPair("a", "b")  # type: ignore[index]


def _mark_holdout(corpus: Any, *fixture_ids: str) -> None:
    for fixture_id in fixture_ids:
        corpus.edit_fixture(fixture_id, lambda doc: doc.update(holdout=True))


def test_holdout_split(corpus: Any) -> None:
    _mark_holdout(
        corpus, "kta-001-deal-recall", "cont-001-widget-pass-reader", "cont-001-widget-pass-writer"
    )
    full = load(corpus)
    assert full.holdout_ids == {
        "kta-001-deal-recall",
        "cont-001-widget-pass-reader",
        "cont-001-widget-pass-writer",
    }
    assert [f.fixture_id for f in full.holdout()] == sorted(full.holdout_ids)
    assert len(full.gated()) == 4
    assert "cont-001" in full.continuity_pairs

    gated = load(corpus, include_holdout=False)
    assert gated.include_holdout is False
    assert gated.ids == tuple(f.fixture_id for f in full.gated())
    assert gated.holdout() == ()
    assert gated.holdout_ids == full.holdout_ids
    assert dict(gated.continuity_pairs) == {}
    assert gated.fixtures_hash == full.fixtures_hash
    assert gated.gold_turn_count == full.gold_turn_count - 3 - 1 - 1
    with pytest.raises(UnknownFixtureError):
        gated.gold_for("kta-001-deal-recall")


def test_two_loads_are_equal(samples: Any) -> None:
    assert load(samples) == load(samples)


def _readme_fixtures_hash() -> Any:
    """The reference implementation printed in evals/brainbench/README.md, executed."""
    readme = (Path(__file__).resolve().parents[3] / "evals" / "brainbench" / "README.md").read_text(
        encoding="utf-8"
    )
    blocks = readme.split("```python\n")[1:]
    source = next(block.split("```")[0] for block in blocks if "def fixtures_hash" in block)
    namespace: dict[str, Any] = {}
    exec(source, namespace)
    return namespace["fixtures_hash"]


def test_readme_reference_implementation_matches(corpus: Any) -> None:
    (corpus.fixtures / "kta").mkdir()
    corpus.fixture_path("kta-001-deal-recall").rename(
        corpus.fixtures / "kta" / "kta-001-deal-recall.fixture.json"
    )
    (corpus.gold / ".cache").mkdir()
    (corpus.gold / ".cache" / "x.gold.json").write_text("{}", encoding="utf-8")
    (corpus.fixtures / "NOTES.md").write_text("notes", encoding="utf-8")
    reference = _readme_fixtures_hash()
    assert reference(corpus.fixtures, corpus.gold) == load(corpus).fixtures_hash

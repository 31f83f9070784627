"""Corpus loader throughput on a synthetic corpus of 10,000 fixtures (plus gold).

The corpus is generated deterministically (from the fixture index alone, no randomness) into
a temporary directory, organised by category like a real corpus, with the same mix of shapes
as the interop samples: know-to-ask / push fixtures with seed pages, multi-source fixtures,
timestamped write-back fixtures with gold facts, continuity pairs, ~15% holdout. The figure is
the wall time of one ``load_corpus`` call (read, hash, parse, validate, join).
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any, Final

from bb_corpus import load_corpus

FIXTURES: Final = 10_000
NAMES: Final = ("alice", "bianca", "charlie", "dmitri", "esther", "farid", "grace", "hiro")
COMPANIES: Final = ("widget-co", "latticework", "orbit", "acme", "northwind", "umbra")


def _page(kind: str, slug: str, title: str, index: int, source: str | None = None) -> Any:
    alias = slug.split("-")[0]
    page: dict[str, Any] = {
        "slug": f"{kind}/{slug}",
        "content": f"---\ntitle: {title}\ntype: {kind.rstrip('s')}\naliases: [{alias}]\n"
        f"summary: Synthetic page {index} for the loader benchmark.\n---\n\n"
        f"{title} appears in fixture {index}. " * 3,
    }
    if source is not None:
        page["source_id"] = source
    return page


def _ts(index: int, minute: int) -> str:
    return f"2026-03-{1 + index % 28:02d}T{9 + index % 8:02d}:{minute:02d}:00Z"


def _people(index: int) -> tuple[str, str, str]:
    name = NAMES[index % len(NAMES)]
    company = COMPANIES[index % len(COMPANIES)]
    return name, f"{name}-example", company


def _retrieval(index: int, fixture_id: str, multi_source: bool) -> tuple[Any, Any]:
    name, slug, company = _people(index)
    pages = [
        _page("people", slug, f"{name.title()} Example", index),
        _page("companies", company, company.replace("-", " ").title(), index),
    ]
    fixture: dict[str, Any] = {"schema_version": 1, "fixture_id": fixture_id}
    fixture["suites"] = ["know-to-ask", "push"]
    fixture["category"] = "multi-source" if multi_source else "kta-pos"
    if multi_source:
        fixture["sources"] = ["teambrain"]
        pages.append(_page("projects", f"p-{index}", f"Project {index}", index, "teambrain"))
    fixture["seed_pages"] = pages
    fixture["turns"] = [
        {"turn_id": 1, "role": "user", "text": f"What did {name.title()} Example say?"},
        {"turn_id": 2, "role": "assistant", "text": "She raised pricing concerns."},
        {"turn_id": 3, "role": "user", "text": "Thanks, that helps."},
        {"turn_id": 4, "role": "user", "text": f"Draft a note about {company} please."},
    ]
    gold = {
        "fixture_id": fixture_id,
        "turns": {
            "1": {"should_retrieve": True, "gold_slugs": [f"people/{slug}"]},
            "3": {"should_retrieve": False},
            "4": {
                "should_retrieve": True,
                "gold_slugs": [f"companies/{company}"],
                "acceptable_slugs": [f"people/{slug}"],
            },
        },
    }
    return fixture, gold


def _write_back(index: int, fixture_id: str, pair: tuple[str, str] | None) -> tuple[Any, Any]:
    name, slug, company = _people(index)
    fixture: dict[str, Any] = {"schema_version": 1, "fixture_id": fixture_id}
    fixture["suites"] = ["write-back", "continuity"] if pair else ["write-back"]
    fixture["category"] = "continuity" if pair else "write-back"
    if pair:
        fixture["continuity"] = {"pair_id": pair[0], "pair_role": "writer"}
    fixture["seed_pages"] = [
        _page("people", slug, f"{name.title()} Example", index),
        _page("companies", company, company.replace("-", " ").title(), index),
    ]
    fixture["turns"] = [
        {"turn_id": 1, "role": "user", "ts": _ts(index, 0), "text": f"Call with {name}."},
        {"turn_id": 2, "role": "assistant", "ts": _ts(index, 1), "text": "How did it go?"},
        {
            "turn_id": 3,
            "role": "user",
            "ts": _ts(index, 2),
            "text": f"We decided to pass on {company}; pricing is too rich.",
        },
    ]
    fact = {
        "gist": "pass decision",
        "fact": f"Decided to pass on {company} because pricing is too rich",
        "entity_slug": f"companies/{company}",
        "match_keywords": ["pass", company],
        "kind": "commitment",
    }
    gold: dict[str, Any] = {
        "fixture_id": fixture_id,
        "turns": {"3": {"should_retrieve": False, "gold_facts": [fact]}},
    }
    return fixture, gold


def _reader(index: int, fixture_id: str, pair_id: str) -> tuple[Any, Any]:
    _, _, company = _people(index)
    fixture = {
        "schema_version": 1,
        "fixture_id": fixture_id,
        "suites": ["continuity"],
        "category": "continuity",
        "continuity": {"pair_id": pair_id, "pair_role": "reader"},
        # the reader's memory holds the page its decision is about, as the writer's does
        "seed_pages": [_page("companies", company, company.replace("-", " ").title(), index)],
        "turns": [{"turn_id": 1, "role": "user", "text": f"Where did we land on {company}?"}],
    }
    decision = {
        "decision_id": "d1",
        "expected_slugs": [f"companies/{company}"],
        "match_keywords": ["pass", company],
    }
    gold = {
        "fixture_id": fixture_id,
        "turns": {"1": {"should_retrieve": True, "gold_slugs": [f"companies/{company}"]}},
        "continuity": {"pair_id": pair_id, "decisions": [decision]},
    }
    return fixture, gold


def documents(count: int) -> list[tuple[Any, Any]]:
    """The (fixture, gold) documents of a synthetic corpus of exactly ``count`` fixtures.

    Shapes cycle over units of ten: five retrieval fixtures (one multi-source), three
    write-back fixtures and one continuity pair. Units 3, 10 and 17 of every 20 are holdout
    (15%); a pair is one unit, so both halves share the flag.
    """
    docs: list[tuple[Any, Any]] = []
    unit = 0
    while len(docs) < count:
        shape = unit % 9
        if shape == 8 and len(docs) + 2 <= count:
            pair_id = f"cont-{unit:05d}"
            members = [
                _write_back(unit, f"{pair_id}-writer", (pair_id, "writer")),
                _reader(unit, f"{pair_id}-reader", pair_id),
            ]
        elif shape in (5, 6, 7):
            members = [_write_back(unit, f"wb-{unit:05d}", None)]
        else:
            members = [_retrieval(unit, f"kta-{unit:05d}", multi_source=shape == 4)]
        if unit % 20 in (3, 10, 17):
            for fixture, _ in members:
                fixture["holdout"] = True
        docs.extend(members)
        unit += 1
    return docs


def write_corpus(root: Path, count: int) -> tuple[Path, Path]:
    """Write the synthetic corpus under ``root``; returns (fixtures_dir, gold_dir)."""
    fixtures_dir, gold_dir = root / "fixtures", root / "gold"
    made: set[Path] = set()
    for fixture, gold in documents(count):
        category = fixture["category"]
        for directory, doc, suffix in (
            (fixtures_dir, fixture, ".fixture.json"),
            (gold_dir, gold, ".gold.json"),
        ):
            folder = directory / category
            if folder not in made:
                folder.mkdir(parents=True, exist_ok=True)
                made.add(folder)
            data = (json.dumps(doc, indent=2) + "\n").encode("utf-8")
            (folder / f"{fixture['fixture_id']}{suffix}").write_bytes(data)
    return fixtures_dir, gold_dir


def main() -> None:
    """Generate, load once, print the figures."""
    with tempfile.TemporaryDirectory(prefix="bb-bench-loader-") as tmp:
        started = time.perf_counter()
        fixtures_dir, gold_dir = write_corpus(Path(tmp), FIXTURES)
        generated = time.perf_counter() - started
        started = time.perf_counter()
        corpus = load_corpus(fixtures_dir, gold_dir)
        elapsed = time.perf_counter() - started
    print(
        f"loader: {len(corpus.fixtures)} fixtures ({corpus.gold_turn_count} gold turns, "
        f"{len(corpus.holdout_ids)} holdout, {len(corpus.continuity_pairs)} continuity pairs)"
    )
    print(f"loader: loaded in {elapsed:.2f} s = {len(corpus.fixtures) / elapsed:,.0f} fixtures/s")
    print(f"loader: (generation {generated:.2f} s, fixtures_hash {corpus.fixtures_hash})")

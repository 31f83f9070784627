"""Draw the stratified validation sample and write the labeller's worksheet (no gold in it).

The worksheet is blind: items carry opaque ids (``item-01``), no fixture id, category, suite
or variant, and appear in a shuffled order. Which fixtures an item stands for is recovered by
drawing the sample again from ``(seed, fraction)`` over a corpus with the recorded
``fixtures_hash``, so the worksheet itself reveals nothing of the generator's intent.

Units: a continuity pair is one unit (its reader is labelled with the writer's session shown
first, as the earlier session); every other fixture is its own unit. Strata are categories.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from bb_schema import Fixture

from bb_corpus._errors import CorpusRuntimeError, CorpusUserError
from bb_corpus.corpus import LoadedCorpus
from bb_corpus.generator._build import dump_json
from bb_corpus.generator._prng import stream
from bb_corpus.generator._rules import ANSWER_EXAMPLE, RULES

DEFAULT_FRACTION: Final = 0.1
WORKSHEET_KIND: Final = "brainbench-gold-validation-worksheet"


@dataclass(frozen=True)
class SampleItem:
    """One sampled unit: its opaque id and the fixtures it stands for (in session order)."""

    item_id: str
    category: str
    fixture_ids: tuple[str, ...]


@dataclass(frozen=True)
class SampleReport:
    """A drawn sample: the items and what it was drawn from."""

    seed: int
    fraction: float
    fixtures_hash: str
    items: tuple[SampleItem, ...]

    @property
    def strata(self) -> dict[str, int]:
        """Sampled units per category."""
        counts: dict[str, int] = defaultdict(int)
        for item in self.items:
            counts[item.category] += 1
        return dict(sorted(counts.items()))


def _units(corpus: LoadedCorpus) -> dict[str, dict[str, tuple[str, ...]]]:
    """Map each category to its units, each unit to its fixture ids (writer first)."""
    strata: dict[str, dict[str, tuple[str, ...]]] = defaultdict(dict)
    paired = {fid for pair in corpus.continuity_pairs.values() for fid in pair}
    for pair_id, pair in corpus.continuity_pairs.items():
        category = corpus.fixture(pair.writer).category or "continuity"
        strata[category][pair_id] = (pair.writer, pair.reader)
    for fixture in corpus.fixtures:
        if fixture.trust_steps is not None:
            continue  # memory-trust gold is not turn gold: outside the double-label pass
        if fixture.fixture_id not in paired:
            strata[fixture.category or "uncategorised"][fixture.fixture_id] = (fixture.fixture_id,)
    return strata


def draw_sample(
    corpus: LoadedCorpus, fraction: float = DEFAULT_FRACTION, seed: int = 0
) -> SampleReport:
    """The stratified sample: ``fraction`` of each category's units (at least one each).

    Raises:
        CorpusUserError: ``fraction`` is not in (0, 1].
    """
    if not 0 < fraction <= 1:
        raise CorpusUserError(f"--fraction {fraction!r} is out of range; expected 0 < f <= 1")
    per_mille = round(fraction * 1000)
    chosen: list[SampleItem] = []
    for category, units in sorted(_units(corpus).items()):
        names = sorted(units)
        count = max(1, (len(names) * per_mille * 2 + 1000) // 2000)
        for unit in stream(seed, "sample", category).sample(names, count):
            chosen.append(SampleItem("", category, units[unit]))
    ordered = stream(seed, "sample-order").shuffled(chosen)
    items = tuple(
        SampleItem(f"item-{number:02d}", item.category, item.fixture_ids)
        for number, item in enumerate(ordered, start=1)
    )
    return SampleReport(seed, fraction, corpus.core_fixtures_hash, items)


def frontmatter(content: str) -> dict[str, str]:
    """The simple ``key: value`` lines of a page's frontmatter (enough for titles/aliases)."""
    lines = content.split("\n")
    out: dict[str, str] = {}
    if not lines or lines[0] != "---":
        return out
    for line in lines[1:]:
        if line == "---":
            break
        key, sep, value = line.partition(": ")
        if sep:
            out[key.strip()] = value.strip()
    return out


def page_body(content: str) -> str:
    """The markdown after the frontmatter."""
    if not content.startswith("---\n"):
        return content.strip()
    end = content.find("\n---\n", 4)
    return content[end + 5 :].strip() if end >= 0 else content.strip()


def _pages(fixture: Fixture) -> list[dict[str, Any]]:
    out = []
    for page in fixture.seed_pages:
        meta = frontmatter(page.content)
        out.append(
            {
                "slug": page.slug,
                "source": page.source,
                "title": meta.get("title", ""),
                "type": meta.get("type", ""),
                "aliases": meta.get("aliases", "[]"),
                "summary": meta.get("summary", ""),
                "body": page_body(page.content),
            }
        )
    return out


def _label_kind(fixture: Fixture) -> str:
    return "facts" if fixture.needs_timestamps() else "retrieval"


def _session(name: str, fixture: Fixture, pages: list[dict[str, Any]]) -> dict[str, Any]:
    kind = _label_kind(fixture)
    turns = []
    for turn in fixture.turns:
        entry: dict[str, Any] = {"turn_id": turn.turn_id, "role": turn.role}
        if turn.ts is not None:
            entry["ts"] = turn.ts
        entry["text"] = turn.text
        entry["label"] = kind if turn.role == "user" else None
        turns.append(entry)
    return {
        "session": name,
        "active_source": fixture.active_source,
        "known_pages": pages,
        "turns": turns,
    }


def worksheet(corpus: LoadedCorpus, sample: SampleReport) -> dict[str, Any]:
    """The worksheet document: rules, answer format and the items, without any gold."""
    items = []
    for item in sample.items:
        fixtures = [corpus.fixture(fid) for fid in item.fixture_ids]
        pages = _pages(fixtures[0])
        sessions = [
            _session(name, fixture, pages if not fixture.seed_pages else _pages(fixture))
            for name, fixture in zip("AB", fixtures, strict=False)
        ]
        items.append({"item_id": item.item_id, "sessions": sessions})
    return {
        "kind": WORKSHEET_KIND,
        "sample": {
            "seed": sample.seed,
            "fraction": sample.fraction,
            "fixtures_hash": sample.fixtures_hash,
            "items": len(sample.items),
        },
        "rules": RULES,
        "answer_example": ANSWER_EXAMPLE,
        "items": items,
    }


def write_sample(
    corpus: LoadedCorpus,
    out: str | os.PathLike[str],
    fraction: float = DEFAULT_FRACTION,
    seed: int = 0,
) -> SampleReport:
    """Draw the sample and write its worksheet to ``out``.

    Raises:
        CorpusUserError: ``fraction`` is out of range.
        CorpusRuntimeError: The file could not be written.
    """
    sample = draw_sample(corpus, fraction, seed)
    path = Path(out)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(dump_json(worksheet(corpus, sample)))
    except OSError as error:
        raise CorpusRuntimeError(
            f"cannot write the worksheet {path.as_posix()!r}: {error}; choose a writable --out"
        ) from error
    return sample


def read_json(path: str | os.PathLike[str], what: str) -> Any:
    """Read a JSON document the user named, as a user error when it is missing or broken."""
    shown = Path(path).as_posix()
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise CorpusUserError(f"cannot read the {what} {shown!r}: {error.strerror}") from error
    except ValueError as error:
        raise CorpusUserError(f"the {what} {shown!r} is not valid JSON: {error}") from error

"""Validation catches what would break a run: characters, sizes, slugs, frontmatter, copies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bb_corpus import CorpusLimits, CorpusValidationError, load_corpus, parse_size
from bb_corpus._limits import MIB, MIN_MESSAGE_BYTES

KTA = "kta-001-deal-recall"
READER = "cont-001-widget-pass-reader"
WRITER = "cont-001-widget-pass-writer"
REPO = Path(__file__).resolve().parents[3]


def issues(corpus: Any, limits: CorpusLimits | None = None) -> list[tuple[str, str, str]]:
    with pytest.raises(CorpusValidationError) as caught:
        load_corpus(corpus.fixtures, corpus.gold, limits=limits)
    return [(Path(i.file).name, i.path, i.message) for i in caught.value.issues]


def test_missing_fixtures_directory_is_the_only_error(tmp_path: Path) -> None:
    gold = REPO / "evals" / "brainbench" / "gold"  # hundreds of gold files, none reported
    with pytest.raises(CorpusValidationError) as caught:
        load_corpus(tmp_path / "nope", gold)
    assert len(caught.value.issues) == 1
    assert "fixture directory does not exist; check --fixtures" in caught.value.message


@pytest.mark.parametrize(
    ("escape", "needle"),
    [
        ("\\u0000", "a NUL character (U+0000)"),
        ("\\u0007", "the control character U+0007"),
        ("\\ud800", "a lone surrogate \\ud800"),
        ("\\udc00", "a lone surrogate \\udc00"),
    ],
)
def test_characters_a_run_cannot_carry_are_named(corpus: Any, escape: str, needle: str) -> None:
    path = corpus.fixture_path(KTA)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Thanks, that", f"Thanks{escape} that", 1), encoding="utf-8")
    found = issues(corpus)
    assert len(found) == 1, found
    name, where, message = found[0]
    assert (name, where) == (path.name, "turns[2].text")
    assert needle in message and "at offset 6" in message


def test_a_surrogate_pair_and_plain_escapes_are_text(corpus: Any) -> None:
    path = corpus.fixture_path(KTA)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Thanks,", "Thanks \\ud83d\\ude00\\u00e9\\t", 1), encoding="utf-8")
    load_corpus(corpus.fixtures, corpus.gold)


def test_a_slug_outside_the_grammar(corpus: Any) -> None:
    corpus.edit_fixture(KTA, lambda d: d["seed_pages"].append({"slug": "../../x", "content": "x"}))
    ((name, where, message),) = issues(corpus)
    assert where == "seed_pages[3].slug" and "'..'" in message and "'../../x'" in message


def test_sizes_over_the_limits(corpus: Any) -> None:
    corpus.edit_fixture(KTA, lambda d: d["turns"][0].update(text="x" * 2000))
    corpus.edit_fixture(KTA, lambda d: d["seed_pages"][0].update(content="é" * 600))
    limits = CorpusLimits(max_turn_bytes=1000, max_page_bytes=1000, max_fixture_bytes=MIB)
    found = issues(corpus, limits)
    assert [(w, m.split(",")[0]) for _, w, m in found] == [
        ("seed_pages[0].content", "page 'people/alice-example' is 1.2 KiB"),
        ("turns[0].text", "turn 1 is 2.0 KiB"),
    ]
    assert "--max-page-bytes" in found[0][2] and "--max-turn-bytes" in found[1][2]
    load_corpus(corpus.fixtures, corpus.gold)  # within the defaults


def test_a_file_over_the_limit_is_not_parsed(corpus: Any) -> None:
    path = corpus.fixture_path(KTA)
    path.write_bytes(path.read_bytes() + b" " * 5000)
    found = issues(corpus, CorpusLimits(max_fixture_bytes=4096))
    assert [(n, w) for n, w, _ in found] == [(path.name, "$")]
    assert "over the limit of 4.0 KiB" in found[0][2] and "--max-fixture-bytes" in found[0][2]


def test_the_message_limit_follows_the_fixture_limit() -> None:
    assert CorpusLimits().message_bytes() == max(MIN_MESSAGE_BYTES, 4 * 8 * MIB)
    assert CorpusLimits(max_fixture_bytes=1).message_bytes() == MIN_MESSAGE_BYTES
    assert CorpusLimits(max_fixture_bytes=64 * MIB).message_bytes() == 256 * MIB
    assert parse_size("512KiB") == 512 * 1024 and parse_size("8m") == 8 * MIB
    with pytest.raises(ValueError, match="not a size"):
        parse_size("0")


def test_frontmatter_only_the_fallback_cannot_read(corpus: Any) -> None:
    def colon(doc: Any) -> None:
        page = doc["seed_pages"][1]
        page["content"] = page["content"].replace("summary: Seed", "summary: Codename Apple: Seed")

    corpus.edit_fixture(KTA, colon)
    load_corpus(corpus.fixtures, corpus.gold)  # YAML cannot, the line reading can

    def unreadable(doc: Any) -> None:
        doc["seed_pages"][1]["content"] = "---\ntitle: Widget Co\n  oops: [\n---\nBody\n"

    corpus.edit_fixture(KTA, unreadable)
    ((name, where, message),) = issues(corpus)
    assert where == "seed_pages[1].content"
    assert "page 'companies/widget-co'" in message and "line 3" in message


def test_a_known_key_of_the_wrong_type(corpus: Any) -> None:
    corpus.edit_fixture(
        KTA, lambda d: d["seed_pages"][0].update(content="---\naliases: {a: 1}\n---\n")
    )
    ((_, where, message),) = issues(corpus)
    assert where == "seed_pages[0].content" and "'aliases' must be a list" in message


def _writer_pages(corpus: Any) -> list[dict[str, Any]]:
    doc = json.loads(corpus.fixture_path(WRITER).read_text(encoding="utf-8"))
    pages: list[dict[str, Any]] = doc["seed_pages"]
    return pages


def test_a_reader_repeating_its_writers_pages_is_valid(corpus: Any) -> None:
    pages = _writer_pages(corpus)
    corpus.edit_fixture(READER, lambda d: d.update(seed_pages=pages + d.get("seed_pages", [])))
    load_corpus(corpus.fixtures, corpus.gold)


def test_a_reader_with_a_differing_copy_is_refused(corpus: Any) -> None:
    pages = [dict(page) for page in _writer_pages(corpus)]
    pages[0]["content"] += "\nchanged\n"
    corpus.edit_fixture(READER, lambda d: d.update(seed_pages=pages))
    ((name, where, message),) = issues(corpus)
    assert name == corpus.fixture_path(READER).name and where == "seed_pages[0]"
    assert f"of {WRITER!r}" in message and "continuity pair 'cont-001'" in message


def test_a_fixture_seeding_one_page_twice_differently(corpus: Any) -> None:
    def twice(doc: Any) -> None:
        doc["seed_pages"].append({**doc["seed_pages"][0], "content": "---\ntitle: Other\n---\n"})

    corpus.edit_fixture(KTA, twice)
    ((_, where, message),) = issues(corpus)
    assert where == "seed_pages[3]" and "also seeded at seed_pages[0]" in message

"""One test per validation rule: each names the file, the JSON path and what was expected."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from bb_corpus import (
    CorpusError,
    CorpusIssue,
    CorpusUserError,
    CorpusValidationError,
    load_corpus,
)

WB = "wb-001-pricing-concern"
KTA = "kta-001-deal-recall"
READER = "cont-001-widget-pass-reader"
WRITER = "cont-001-widget-pass-writer"


def issues_of(corpus: Any) -> tuple[CorpusIssue, ...]:
    with pytest.raises(CorpusValidationError) as caught:
        load_corpus(corpus.fixtures, corpus.gold)
    error = caught.value
    assert isinstance(error, CorpusUserError) and isinstance(error, CorpusError)
    assert error.issues == tuple(sorted(error.issues))
    for issue in error.issues:
        assert issue.render() in error.message
    return error.issues


def only_issue(corpus: Any) -> CorpusIssue:
    found = issues_of(corpus)
    assert len(found) == 1, found
    return found[0]


def assert_issue(issue: CorpusIssue, file: Path, path: str, *needles: str) -> None:
    assert issue.file == file.as_posix()
    assert issue.path == path
    for needle in needles:
        assert needle in issue.message, issue.message


# --- single-document errors -------------------------------------------------------------


def test_invalid_json_names_line_and_column(corpus: Any) -> None:
    path = corpus.fixture_path(KTA)
    text = path.read_text(encoding="utf-8").replace('"role": "user"', '"role" "user"', 1)
    path.write_text(text, encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"role" "user"' in row)
    assert_issue(only_issue(corpus), path, "$", f"invalid JSON at line {line}, column", "':'")


def test_not_utf8(corpus: Any) -> None:
    path = corpus.fixture_path(KTA)
    path.write_bytes(path.read_bytes().replace(b"Alice", b"Al\xffce", 1))
    assert_issue(only_issue(corpus), path, "$", "not UTF-8", "offset")


def test_nan_is_not_json(corpus: Any) -> None:
    path = corpus.gold_path(KTA)
    path.write_text('{"fixture_id": NaN, "turns": {}}', encoding="utf-8")
    assert_issue(only_issue(corpus), path, "$", "NaN is not valid JSON")


def test_unknown_key_lists_allowed_keys(corpus: Any) -> None:
    corpus.edit_fixture(KTA, lambda d: d["turns"][2].update(speaker="me"))
    assert_issue(
        only_issue(corpus),
        corpus.fixture_path(KTA),
        "turns[2].speaker",
        "unknown key 'speaker'",
        "expected one of: role, text, ts, turn_id",
    )


def test_unknown_top_level_key(corpus: Any) -> None:
    corpus.edit_gold(KTA, lambda d: d.update(notes="x"))
    assert_issue(
        only_issue(corpus), corpus.gold_path(KTA), "notes", "unknown key 'notes'", "fixture_id"
    )


def test_wrong_type(corpus: Any) -> None:
    corpus.edit_fixture(KTA, lambda d: d["turns"][2].update(turn_id="3"))
    assert_issue(
        only_issue(corpus),
        corpus.fixture_path(KTA),
        "turns[2].turn_id",
        "expected a valid integer",
        "got '3'",
    )


def test_wrong_literal(corpus: Any) -> None:
    corpus.edit_fixture(KTA, lambda d: d["turns"][0].update(role="bot"))
    assert_issue(
        only_issue(corpus),
        corpus.fixture_path(KTA),
        "turns[0].role",
        "expected 'user' or 'assistant'",
        "got 'bot'",
    )


def test_wrong_type_in_gold_mapping(corpus: Any) -> None:
    corpus.edit_gold(KTA, lambda d: d["turns"]["4"].update(gold_slugs="people/x"))
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(KTA),
        'turns["4"].gold_slugs',
        "expected a valid array",
    )


@pytest.mark.parametrize("text", ["[]", "null", "3", '"gold"'])
def test_document_not_an_object(corpus: Any, text: str) -> None:
    corpus.gold_path(KTA).write_text(text, encoding="utf-8")
    assert_issue(only_issue(corpus), corpus.gold_path(KTA), "$", "expected a JSON object")


def test_missing_required_key(corpus: Any) -> None:
    corpus.edit_fixture(KTA, lambda d: d["turns"][1].pop("text"))
    assert_issue(
        only_issue(corpus), corpus.fixture_path(KTA), "turns[1].text", "missing required key 'text'"
    )


def test_invalid_timestamp(corpus: Any) -> None:
    corpus.edit_fixture(WB, lambda d: d["turns"][1].update(ts="yesterday"))
    assert_issue(only_issue(corpus), corpus.fixture_path(WB), "turns[1].ts", "RFC 3339")


def test_naive_timestamp(corpus: Any) -> None:
    corpus.edit_fixture(WB, lambda d: d["turns"][1].update(ts="2026-03-02T17:00:30"))
    assert_issue(only_issue(corpus), corpus.fixture_path(WB), "turns[1].ts", "UTC offset")


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(gold={"1": {}}), "gold"),
        (lambda d: d["seed_pages"][0].update(gold=True), "seed_pages[0].gold"),
        (
            lambda d: d["turns"][0].update(gold_slugs=["people/alice-example"]),
            "turns[0].gold_slugs",
        ),
        (lambda d: d["turns"][0].update(should_retrieve=True), "turns[0].should_retrieve"),
    ],
)
def test_gold_anywhere_in_a_fixture(corpus: Any, change: Callable[[Any], None], path: str) -> None:
    corpus.edit_fixture(KTA, change)
    assert_issue(
        only_issue(corpus),
        corpus.fixture_path(KTA),
        path,
        f"gold is sealed: move it to {KTA}.gold.json",
    )


def test_repeated_json_key(corpus: Any) -> None:
    path = corpus.gold_path(KTA)
    text = path.read_text(encoding="utf-8").replace(
        '"3": {', '"1": {"should_retrieve": true},\n"3": {', 1
    )
    path.write_text(text, encoding="utf-8")
    assert_issue(only_issue(corpus), path, 'turns["1"]', "key '1' appears more than once")


def test_duplicate_turn_id(corpus: Any) -> None:
    corpus.edit_fixture(KTA, lambda d: d["turns"][3].update(turn_id=2))
    assert_issue(
        only_issue(corpus),
        corpus.fixture_path(KTA),
        "turns[3].turn_id",
        "duplicate turn_id 2",
        "turns[1]",
    )


# --- names and joins -----------------------------------------------------------------------


def test_file_name_must_match_fixture_id(corpus: Any) -> None:
    corpus.edit_fixture(KTA, lambda d: d.update(fixture_id="kta-001-other"))
    assert_issue(
        only_issue(corpus),
        corpus.fixture_path(KTA),
        "fixture_id",
        "'kta-001-other' does not match the file name",
        f"expected {KTA!r}",
    )


def test_gold_fixture_id_mismatch(corpus: Any) -> None:
    corpus.edit_gold(KTA, lambda d: d.update(fixture_id="kta-002-quiet-smalltalk"))
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(KTA),
        "fixture_id",
        "'kta-002-quiet-smalltalk' does not match the file name",
    )


def test_duplicate_fixture_id_across_subdirectories(corpus: Any) -> None:
    (corpus.fixtures / "copies").mkdir()
    copy = corpus.fixtures / "copies" / f"{KTA}.fixture.json"
    shutil.copy(corpus.fixture_path(KTA), copy)
    found = issues_of(corpus)
    assert [issue.file for issue in found] == sorted(
        [corpus.fixture_path(KTA).as_posix(), copy.as_posix()]
    )
    for issue in found:
        assert issue.path == "fixture_id"
        assert f"duplicate fixture_id {KTA!r}" in issue.message


def test_duplicate_gold_file(corpus: Any) -> None:
    (corpus.gold / "again").mkdir()
    shutil.copy(corpus.gold_path(KTA), corpus.gold / "again" / f"{KTA}.gold.json")
    found = issues_of(corpus)
    assert len(found) == 2
    assert all("duplicate gold file" in issue.message for issue in found)


def test_missing_gold_file(corpus: Any) -> None:
    corpus.gold_path(KTA).unlink()
    assert_issue(
        only_issue(corpus),
        corpus.fixture_path(KTA),
        "$",
        f"no gold for fixture {KTA!r}",
        f"{corpus.gold.as_posix()}/{KTA}.gold.json",
    )


def test_orphan_gold_file(corpus: Any) -> None:
    corpus.fixture_path(KTA).unlink()
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(KTA),
        "$",
        f"orphan gold: no fixture {KTA!r}",
        f"{KTA}.fixture.json",
    )


def test_gold_for_a_turn_that_does_not_exist(corpus: Any) -> None:
    corpus.edit_gold(KTA, lambda d: d["turns"].update({"7": {"should_retrieve": False}}))
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(KTA),
        'turns["7"]',
        "no such turn",
        "expected one of: 1, 2, 3, 4",
    )


@pytest.mark.parametrize("key", ["first", "01", "1.0", " 1"])
def test_gold_keyed_by_a_non_integer(corpus: Any, key: str) -> None:
    corpus.edit_gold(KTA, lambda d: d["turns"].update({key: {"should_retrieve": False}}))
    issue = only_issue(corpus)
    assert issue.file == corpus.gold_path(KTA).as_posix()
    assert issue.path == f"turns[{json.dumps(key)}]"
    assert "turn_id" in issue.message and "1, 2, 3, 4" in issue.message


def test_write_back_fixture_needs_timestamps(corpus: Any) -> None:
    corpus.edit_fixture(WB, lambda d: d["turns"][2].pop("ts"))
    assert_issue(
        only_issue(corpus),
        corpus.fixture_path(WB),
        "turns[2].ts",
        "missing",
        "write-back fixtures and continuity writers need a ts",
    )


def test_continuity_writer_needs_timestamps(corpus: Any) -> None:
    def change(doc: Any) -> None:
        doc["suites"] = ["continuity"]
        for turn in doc["turns"]:
            turn.pop("ts")

    corpus.edit_fixture(WRITER, change)
    found = issues_of(corpus)
    assert [(i.file, i.path) for i in found] == [
        (corpus.fixture_path(WRITER).as_posix(), f"turns[{n}].ts") for n in range(3)
    ]


# --- continuity ---------------------------------------------------------------------------


def test_pair_without_reader(corpus: Any) -> None:
    corpus.edit_fixture(READER, lambda d: d.update(continuity=None))
    corpus.edit_gold(READER, lambda d: d.pop("continuity"))
    pair_issue, page_issue = issues_of(corpus)
    # the former reader, now on its own, names a page it does not seed
    assert_issue(page_issue, corpus.gold_path(READER), 'turns["1"].gold_slugs[0]', "not a page")
    assert_issue(
        pair_issue,
        corpus.fixture_path(WRITER),
        "continuity.pair_id",
        "1 writer(s)",
        "0 reader(s)",
        "expected exactly one writer and one reader",
    )


def test_pair_with_two_writers(corpus: Any) -> None:
    corpus.edit_fixture(
        KTA,
        lambda d: (
            d.update(continuity={"pair_id": "cont-001", "pair_role": "writer"}),
            [turn.update(ts="2026-03-02T17:00:00Z") for turn in d["turns"]],
        ),
    )
    found = issues_of(corpus)
    assert {i.file for i in found} == {
        corpus.fixture_path(name).as_posix() for name in (KTA, READER, WRITER)
    }
    assert all("2 writer(s)" in i.message and i.path == "continuity.pair_id" for i in found)


def test_pair_halves_share_holdout(corpus: Any) -> None:
    corpus.edit_fixture(READER, lambda d: d.update(holdout=True))
    found = issues_of(corpus)
    assert [i.file for i in found] == sorted(
        corpus.fixture_path(name).as_posix() for name in (READER, WRITER)
    )
    assert all("differ in holdout" in i.message for i in found)


def test_reader_gold_needs_decisions(corpus: Any) -> None:
    corpus.edit_gold(READER, lambda d: d.pop("continuity"))
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(READER),
        "continuity",
        "gold needs continuity.decisions",
    )


def test_reader_gold_with_empty_decisions(corpus: Any) -> None:
    corpus.edit_gold(READER, lambda d: d["continuity"].update(decisions=[]))
    assert_issue(
        only_issue(corpus), corpus.gold_path(READER), "continuity.decisions", "at least 1 item"
    )


def test_gold_pair_id_mismatch(corpus: Any) -> None:
    corpus.edit_gold(READER, lambda d: d["continuity"].update(pair_id="cont-999"))
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(READER),
        "continuity.pair_id",
        "'cont-999' does not match",
        "expected 'cont-001'",
    )


def test_gold_continuity_on_a_fixture_without_a_pair(corpus: Any) -> None:
    continuity = json.loads(corpus.gold_path(READER).read_text(encoding="utf-8"))["continuity"]
    corpus.edit_gold(KTA, lambda d: d.update(continuity=continuity))
    assert_issue(
        only_issue(corpus), corpus.gold_path(KTA), "continuity", "not in a continuity pair"
    )


# --- directories and file names ---------------------------------------------------------------


def test_missing_directories(tmp_path: Path) -> None:
    with pytest.raises(CorpusValidationError) as caught:
        load_corpus(tmp_path / "nope" / "fixtures", tmp_path / "nope" / "gold")
    assert [(i.file, i.path) for i in caught.value.issues] == [
        ((tmp_path / "nope" / "fixtures").as_posix(), "$"),
        ((tmp_path / "nope" / "gold").as_posix(), "$"),
    ]
    assert all("directory does not exist" in i.message for i in caught.value.issues)


def test_empty_directories(tmp_path: Path) -> None:
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "gold").mkdir()
    with pytest.raises(CorpusValidationError) as caught:
        load_corpus(tmp_path / "fixtures", tmp_path / "gold")
    messages = [i.message for i in caught.value.issues]
    assert messages == [
        "no fixture files found; expected <id>.fixture.json",
        "no gold files found; expected <id>.gold.json",
    ]


def test_a_file_where_a_directory_belongs(corpus: Any) -> None:
    with pytest.raises(CorpusValidationError) as caught:
        load_corpus(corpus.fixture_path(KTA), corpus.gold)
    assert caught.value.issues[0].file == corpus.fixture_path(KTA).as_posix()
    assert "expected a fixture directory" in caught.value.issues[0].message


def test_fixtures_and_gold_in_one_directory(corpus: Any) -> None:
    with pytest.raises(CorpusValidationError) as caught:
        load_corpus(corpus.fixtures, corpus.fixtures)
    assert "share a directory" in caught.value.message


def test_misnamed_json_file(corpus: Any) -> None:
    stray = corpus.fixtures / "kta-003.json"
    stray.write_text("{}", encoding="utf-8")
    assert_issue(only_issue(corpus), stray, "$", "expected <fixture_id>.fixture.json")


def test_gold_file_in_the_fixtures_directory(corpus: Any) -> None:
    stray = corpus.fixtures / f"{KTA}.gold.json"
    shutil.copy(corpus.gold_path(KTA), stray)
    assert_issue(only_issue(corpus), stray, "$", "gold is sealed")


# --- reporting ------------------------------------------------------------------------------


def test_every_error_in_every_file_is_reported_sorted(corpus: Any) -> None:
    corpus.edit_fixture(WB, lambda d: d["turns"][0].update(role="robot"))
    corpus.edit_fixture(KTA, lambda d: d.update(extra=1))
    corpus.edit_gold(READER, lambda d: d.update(turns={"5": {"should_retrieve": True}}))
    corpus.gold_path("ms-001-two-source-alias").unlink()
    first = issues_of(corpus)
    second = issues_of(corpus)
    assert first == second
    assert [(Path(i.file).name, i.path) for i in first] == [
        (f"{KTA}.fixture.json", "extra"),
        ("ms-001-two-source-alias.fixture.json", "$"),
        (f"{WB}.fixture.json", "turns[0].role"),
        (f"{READER}.gold.json", 'turns["5"]'),
        (f"{READER}.gold.json", 'turns["5"].gold_slugs'),  # a retrieve label, no page
    ]


def test_a_corrupt_file_does_not_drown_the_report(corpus: Any) -> None:
    corpus.edit_fixture(KTA, lambda d: d.update(turns=[{"turn_id": "x"}] * 500))
    found = issues_of(corpus)
    assert len(found) == 101
    assert any("more errors in this file not shown" in i.message for i in found)


# --- gold that could never be scored honestly ----------------------------------------------


def test_gold_on_an_assistant_turn(corpus: Any) -> None:
    corpus.edit_gold(KTA, lambda d: d["turns"].update({"2": {"should_retrieve": False}}))
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(KTA),
        'turns["2"]',
        "gold on assistant turn 2",
        "never replayed or scored",
    )


def test_a_turn_that_should_retrieve_names_a_page(corpus: Any) -> None:
    corpus.edit_gold(KTA, lambda d: d["turns"]["4"].update(gold_slugs=[], acceptable_slugs=[]))
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(KTA),
        'turns["4"].gold_slugs',
        "should_retrieve is true but no page is gold or acceptable",
    )
    # an acceptable page alone can be pushed: no system must fail the turn
    corpus.edit_gold(
        KTA, lambda d: d["turns"]["4"].update(acceptable_slugs=["companies/widget-co"])
    )
    load_corpus(corpus.fixtures, corpus.gold)


def test_a_silent_turn_names_no_gold_page(corpus: Any) -> None:
    def change(doc: Any) -> None:
        doc["turns"]["4"]["should_retrieve"] = False

    corpus.edit_gold(KTA, change)
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(KTA),
        'turns["4"].should_retrieve',
        "should_retrieve is false but gold_slugs names",
    )


def test_a_gold_fact_whose_text_lacks_a_keyword(corpus: Any) -> None:
    def change(doc: Any) -> None:
        (turn,) = [t for t in doc["turns"].values() if t.get("gold_facts")][:1]
        turn["gold_facts"][0]["match_keywords"].append("nowhere in the fact")

    corpus.edit_gold(WB, change)
    issue = only_issue(corpus)
    assert issue.path.endswith("match_keywords")
    assert "['nowhere in the fact'] are not in the fact's own text" in issue.message


def test_a_keyword_typed_in_another_unicode_form_is_in_its_fact(corpus: Any) -> None:
    """Keywords match as the scorer matches them: "é" as "e" plus a combining accent is "é"."""

    def change(doc: Any) -> None:
        (turn,) = [t for t in doc["turns"].values() if t.get("gold_facts")][:1]
        turn["gold_facts"][0]["fact"] += " at Café Lune"
        turn["gold_facts"][0]["match_keywords"].append("cafe\u0301 lune")

    corpus.edit_gold(WB, change)
    load_corpus(corpus.fixtures, corpus.gold)


def test_a_keyword_without_its_accent_is_not_in_its_fact(corpus: Any) -> None:
    def change(doc: Any) -> None:
        (turn,) = [t for t in doc["turns"].values() if t.get("gold_facts")][:1]
        turn["gold_facts"][0]["fact"] += " at Café Lune"
        turn["gold_facts"][0]["match_keywords"].append("cafe lune")

    corpus.edit_gold(WB, change)
    assert "['cafe lune'] are not in the fact's own text" in only_issue(corpus).message


@pytest.mark.parametrize("field", ["gold_slugs", "acceptable_slugs"])
def test_a_gold_slug_no_page_of_the_active_source_has(corpus: Any, field: str) -> None:
    corpus.edit_gold(KTA, lambda d: d["turns"]["4"][field].append("people/nobody"))
    index = {"gold_slugs": 1, "acceptable_slugs": 2}[field]
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(KTA),
        f'turns["4"].{field}[{index}]',
        "'people/nobody' is not a page of the active source 'default'",
    )


def test_a_page_of_another_source_is_not_a_page_of_the_active_one(corpus: Any) -> None:
    ms = "ms-001-two-source-alias"
    only_elsewhere = {"should_retrieve": True, "gold_slugs": ["companies/acme-example"]}
    corpus.edit_gold(ms, lambda d: d["turns"]["2"].update(only_elsewhere))
    assert_issue(only_issue(corpus), corpus.gold_path(ms), 'turns["2"].gold_slugs[0]', "'default'")


def test_a_reader_s_gold_pages_are_the_pair_s_pages(samples: Any) -> None:
    load_corpus(samples.fixtures, samples.gold)  # the reader seeds nothing; its writer does


def test_a_decision_the_writer_never_made(corpus: Any) -> None:
    def change(doc: Any) -> None:
        doc["continuity"]["decisions"][0]["match_keywords"] = ["acquire", "widget-co"]

    corpus.edit_gold(READER, change)
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(READER),
        "continuity.decisions[0]",
        "decision 'd1' matches no gold fact of writer 'cont-001-widget-pass-writer'",
    )


def test_a_decision_the_writer_made_about_another_entity(corpus: Any) -> None:
    corpus.edit_gold(
        READER, lambda d: d["continuity"]["decisions"][0].update(expected_slugs=["people/x"])
    )
    assert "matches no gold fact" in only_issue(corpus).message


def test_a_decision_every_keyword_of_which_an_echo_could_carry(corpus: Any) -> None:
    corpus.edit_fixture(
        READER, lambda d: d["turns"][0].update(text="Did we pass on widget-co in the end?")
    )
    assert_issue(
        only_issue(corpus),
        corpus.gold_path(READER),
        "continuity.decisions[0].match_keywords",
        "decision 'd1' every keyword exists without carry-over",
        "'pass' is in reader turn 1",
        "'widget-co' is in reader turn 1",
    )


def test_a_seeded_page_or_fact_carries_a_keyword_too(corpus: Any) -> None:
    def seed(doc: Any) -> None:
        doc["seed_facts"] = [{"fact": "We might pass on it", "entity_slug": "companies/widget-co"}]

    corpus.edit_fixture(WRITER, seed)
    issue = only_issue(corpus)
    assert "'pass' is in seeded fact 'We might pass on it'" in issue.message
    assert "'widget-co' is in seeded page 'companies/widget-co'" in issue.message

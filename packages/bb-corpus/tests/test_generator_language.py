"""Corpus v2 language: names read both ways, mention forms a careful reader resolves, gold
that follows what each template declared, and variety that is counted, not claimed."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from bb_corpus.generator import GeneratedFixture, build
from bb_corpus.generator import _names as names
from bb_corpus.generator._cast import POOL_WORDS, distance, fold, norm, words
from bb_corpus.generator._model import Line, Span, TurnSpec
from bb_corpus.generator._universe import Entity
from bb_corpus.generator._wordnames import USE_KINDS, USES

REPO = Path(__file__).resolve().parents[3]
LEDGER = REPO / "evals" / "brainbench" / "_ledger.json"
V2_CATEGORIES = ("kta-pos", "kta-neg", "push", "multi-source", "adversarial")
#: Counted on the v1 corpus (generator 1.x): stay-silent know-to-ask turns, adversarial turns.
V1_SILENT_TURNS, V1_ADVERSARIAL_TURNS = 347, 96
_SUFFIXES = {"jr", "sr", "iii"}
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


@cache
def v2() -> tuple[GeneratedFixture, ...]:
    return tuple(item for item in build() if item.draft.category in V2_CATEGORIES)


def _user_turns(item: GeneratedFixture) -> Iterator[tuple[TurnSpec, Line, dict[str, Any]]]:
    gold = json.loads(item.gold_bytes)["turns"]
    for turn in item.draft.turns:
        if turn.role == "user":
            assert turn.line is not None
            yield turn, turn.line, gold[str(turn.turn_id)]


def _frontmatter_words(item: GeneratedFixture) -> set[str]:
    """Name words of every page of the fixture (any source), read from the page itself."""
    out: set[str] = set()
    for page in item.draft.pages:
        entity = page.entity
        if entity.kind == "person":
            out.update(w for w in words(entity.title) if w not in _SUFFIXES)
        elif entity.kind == "concept":
            out.update(words(entity.title.split()[0]))
        out.update(norm(alias) for alias in entity.aliases)
    return out


def test_every_page_name_in_a_user_turn_is_one_the_template_put_there() -> None:
    checked = 0
    for item in v2():
        taboo = _frontmatter_words(item)
        for turn, line, _ in _user_turns(item):
            for match in _WORD.finditer(turn.text):
                parts = [norm(match.group()), *norm(match.group()).split("-")]
                if not any(p in taboo for p in parts):
                    continue
                checked += 1
                assert any(s.start <= match.start() < s.end for s in line.spans), (
                    item.draft.fixture_id, turn.text, match.group(),
                )  # fmt: skip
    assert checked > 1500


def test_silent_turns_are_silent_for_the_reason_their_template_declared() -> None:
    kinds: Counter[str] = Counter()
    for item in v2():
        for turn, line, gold in _user_turns(item):
            roles = {span.role for span in line.spans}
            referred = {s for span in line.spans if span.role in ("pronoun", "ambiguous")
                        for s in span.slugs}  # fmt: skip
            if roles <= {"use", "stranger"}:
                assert gold == {"should_retrieve": False}, turn.text
                kinds["use-or-stranger"] += 1
            if roles == {"pronoun"}:
                assert not gold["should_retrieve"], turn.text
                assert set(gold["acceptable_slugs"]) == referred, turn.text
                kinds["pronoun"] += 1
            if roles == {"ambiguous"}:
                (span,) = line.spans
                assert len(span.slugs) >= 2 and not gold["should_retrieve"], turn.text
                assert set(gold["acceptable_slugs"]) == set(span.slugs), turn.text
                kinds["ambiguous"] += 1
    assert kinds["use-or-stranger"] > 500 and kinds["pronoun"] > 40 and kinds["ambiguous"] >= 7


def _entity(item: GeneratedFixture, slug: str) -> Entity:
    return next(page.entity for page in item.draft.pages if page.entity.slug == slug)


def _reads_as(span: Span, text: str, entity: Entity, others: set[str]) -> bool:
    """Whether ``text`` written in ``span.form`` names ``entity`` for a careful reader."""
    form = span.form.removesuffix("-possessive")
    if span.form.endswith("-possessive"):
        text = text[:-2] if text.lower().endswith("'s") else text[:-1]
    low = text.lower()
    last, first, title = entity.last.lower(), entity.first.lower(), entity.title.lower()
    if form == "misspelled":
        slipped = [w for w in words(text) if w not in words(f"{entity.title} {entity.stem}")]
        targets = words(f"{entity.first} {entity.last} {entity.stem}")
        return len(slipped) == 1 and (
            slipped[0] not in POOL_WORDS
            and min(distance(slipped[0], t) for t in targets) <= 2
            and all(distance(slipped[0], o) >= 3 for o in others)
        )
    expected = {
        "full": {title},
        "first": {first},
        "surname": {last},
        "no-suffix": {f"{first} {last}"},
        "family-first": {f"{last} {first}"},
        "san": {f"{last}-san"},
        "nickname": {entity.nickname.lower()}
        if entity.nickname.lower() in entity.aliases
        else set(),
        "folded": {fold(title).lower(), fold(entity.last).lower()} - {title, last},
        "stem": {entity.stem.lower()},
        "the-project": {f"the {entity.stem.lower()} project"},
    }.get(form)
    if form == "honorific":
        prefix, _, rest = low.partition(" ")
        return rest == last and prefix.rstrip(".") in {"ms", "mr", "mrs", "dr", "prof", "mx"}
    return expected is not None and low in expected


def test_every_mention_form_reads_as_the_page_it_names() -> None:
    forms: Counter[str] = Counter()
    for item in v2():
        for turn, line, _ in _user_turns(item):
            for span in line.spans:
                if span.role not in ("mention", "secondary"):
                    continue
                (slug,) = span.slugs
                entity = _entity(item, slug)
                others = _frontmatter_words(item) - set(words(f"{entity.title} {entity.stem}"))
                others -= set(entity.aliases)
                text = turn.text[span.start : span.end]
                assert _reads_as(span, text, entity, others), (item.draft.fixture_id, span, text)
                forms[span.form.removesuffix("-possessive")] += 1
    for form in ("full", "first", "surname", "honorific", "family-first", "nickname", "folded",
                 "misspelled", "stem", "the-project"):  # fmt: skip
        assert forms[form] >= 8, (form, forms)
    assert forms["san"] >= 3 and forms["no-suffix"] >= 3, forms


def test_every_word_name_is_read_both_ways_somewhere() -> None:
    every = names.word_names()
    assert sorted(USES) == sorted(every) and len(every) == len(set(every)) > 80
    for word, uses in USES.items():
        assert len(uses) >= 2, word
        for kind, sentence in uses:
            assert kind in USE_KINDS
            said = [p for w in words(sentence) for p in (w, *w.split("-"))]
            assert norm(word) in said, (word, sentence)
            assert not re.search(r"\b(she|he|her|him|his|they|them|their)\b", sentence, re.I)
    ordinary: set[str] = set()
    mentioned: set[str] = set()
    for item in v2():
        for turn, line, gold in _user_turns(item):
            for span in line.spans:
                said = [p for w in words(turn.text[span.start : span.end])
                        for p in (w, *w.split("-"))]  # fmt: skip
                if span.role == "use" and not gold["should_retrieve"]:
                    ordinary.update(said)
                if span.role == "mention" and set(span.slugs) & set(gold.get("gold_slugs", [])):
                    mentioned.update(said)
    for word in every:
        assert norm(word) in ordinary, f"{word} is never used ordinarily"
        assert norm(word) in mentioned, f"{word} is never a real mention"


def test_no_third_person_pronoun_outside_a_pronoun_slot() -> None:
    pronoun = re.compile(r"\b(she|he|her|him|his|hers|they|them|their)\b", re.I)
    for item in v2():
        for turn, line, _ in _user_turns(item):
            for match in pronoun.finditer(turn.text):
                inside = [s for s in line.spans if s.start <= match.start() < s.end]
                assert inside, (item.draft.fixture_id, turn.text)


def test_templates_are_counted_from_the_turns_and_varied() -> None:
    ledger = json.loads(LEDGER.read_text(encoding="utf-8"))["categories"]
    for category in V2_CATEGORIES:
        used = {t for item in v2() if item.draft.category == category
                for turn in item.draft.turns if turn.role == "user" and turn.line
                for t in turn.line.templates}  # fmt: skip
        assert ledger[category]["user_turn_templates"] == len(used)
        assert len(used) >= (60 if category in ("push", "multi-source") else 150), category


def test_v2_doubles_the_v1_silent_and_adversarial_turns() -> None:
    silent = adversarial = 0
    for item in build():
        gold = json.loads(item.gold_bytes)["turns"]
        if "know-to-ask" in item.draft.suites and item.draft.category != "continuity":
            silent += sum(not entry["should_retrieve"] for entry in gold.values())
        if item.draft.category == "adversarial":
            adversarial += len(gold)
    assert silent >= 2 * V1_SILENT_TURNS
    assert adversarial >= 2 * V1_ADVERSARIAL_TURNS


def test_the_corpus_speaks_in_many_registers_and_names_from_many_cultures() -> None:
    variants = {item.draft.variant for item in v2() if item.draft.category == "kta-pos"}
    assert variants == {"plain", "chatty", "terse", "lowercase", "typos", "email", "rambling",
                        "mixed"}  # fmt: skip
    texts = [turn.text for item in v2() for turn, _, _ in _user_turns(item)]
    assert sum("\n> " in t or t.startswith("> ") for t in texts) > 30  # pasted emails
    assert sum("\n- " in t for t in texts) > 10  # bulleted lists
    assert sum(t == t.lower() and len(t) > 30 for t in texts) > 50  # lowercase typing
    assert sum(len(t) > 160 for t in texts) > 50 and sum(len(t) < 20 for t in texts) > 100
    family_of = {f: c.key for c in names.CULTURES for f in c.family}
    cultures = {family_of[page.entity.last] for item in v2() for page in item.draft.pages
                if page.entity.kind == "person"}  # fmt: skip
    assert len(cultures) == len(names.CULTURES)


def test_name_pools_are_consistent() -> None:
    given = [g.name for c in names.CULTURES for g in c.given]
    family = [f for c in names.CULTURES for f in c.family]
    assert len(given) == len(set(given)) and len(family) == len(set(family))
    folded = [norm(n) for n in (*given, *family)]
    assert len(folded) == len(set(folded)), "two pool names differ only by accents or case"
    for name, near in names.NEAR_NAMES.items():
        assert name in given, name
        assert all(norm(n) not in {norm(g) for g in given} for n in near), name

"""The memory-trust families: shape, honesty of their gold, and isolation from the core corpus."""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from typing import Any

import pytest
from bb_corpus.generator import GeneratedFixture, build
from bb_corpus.generator import _build as build_module
from bb_corpus.generator import _payloads as payloads
from bb_corpus.generator._trust import FAMILIES
from bb_schema import Fixture, Gold

TRUST = tuple(FAMILIES)
#: Which gold groups belong to which suite: an item outside its suite would never be scored.
GROUPS = {
    "trust": {"tier_items", "ceilings", "refused"},
    "state-resolution": {"state", "guarded"},
    "deletion": {"purges"},
    "poisoning": {"payloads", "benign", "session_about"},
}


@cache
def trust_fixtures() -> tuple[tuple[GeneratedFixture, Fixture, Gold], ...]:
    out = []
    for item in build():
        if item.draft.category in TRUST:
            fixture = Fixture.model_validate_json(item.fixture_bytes)
            gold = Gold.model_validate_json(item.gold_bytes)
            out.append((item, fixture, gold))
    return tuple(out)


def _text(fixture: Fixture) -> str:
    return json.dumps([s.model_dump(mode="json") for s in fixture.trust_steps or []])


def test_each_family_has_at_least_twenty_fixtures_and_every_variant() -> None:
    by_family = Counter(item.draft.category for item, _, _ in trust_fixtures())
    assert all(by_family[family] >= 20 for family in TRUST), by_family
    variants = Counter((i.draft.category, i.draft.variant) for i, _, _ in trust_fixtures())
    assert len({family for family, _ in variants}) == 4
    assert min(variants.values()) >= 3


def test_trust_fixtures_never_touch_the_seeder_and_stay_on_one_source() -> None:
    for item, fixture, _ in trust_fixtures():
        assert fixture.trust_steps, item.draft.fixture_id
        assert not fixture.seed_pages and not fixture.seed_facts and fixture.continuity is None
        assert list(fixture.suites) == [item.draft.category]
        assert fixture.sources in ([], [fixture.active_source])


def test_gold_groups_belong_to_the_fixture_suite_and_name_its_steps() -> None:
    for item, fixture, gold in trust_fixtures():
        assert gold.trust is not None and gold.turns == {}
        present = {k for k, v in gold.trust.model_dump().items() if v}
        assert present and present <= GROUPS[item.draft.category], item.draft.fixture_id
        steps = {step.step_id for step in fixture.trust_steps or []}
        assert all(step_id in steps for _, step_id in gold.trust.step_ids())


def _needles(gold: Gold) -> list[tuple[str, str]]:
    """(group, text) of everything gold says a step wrote."""
    assert gold.trust is not None
    t = gold.trust
    return [
        *(("ceilings", i.marker) for i in t.ceilings),
        *(("refused", i.marker) for i in t.refused),
        *(("state", i.ref.match_keywords[0]) for i in t.state),
        *(("guarded", i.ref.match_keywords[0]) for i in t.guarded),
        *(("purges", i.claim) for i in t.purges),
        *(("payloads", i.canary) for i in t.payloads),
        *(("benign", i.canary) for i in t.benign),
    ]


def test_what_gold_names_is_in_the_steps_that_wrote_it() -> None:
    for _, fixture, gold in trust_fixtures():
        assert gold.trust is not None
        by_step = {
            s.step_id: json.dumps(s.model_dump(mode="json")) for s in fixture.trust_steps or []
        }
        for item in (*gold.trust.ceilings, *gold.trust.payloads, *gold.trust.benign):
            needle = getattr(item, "marker", None) or getattr(item, "canary", "")
            assert needle in by_step[item.step_id], (fixture.fixture_id, item.item_id)
        for purge in gold.trust.purges:
            assert purge.claim in by_step[purge.step_id]
            assert purge.query in purge.claim
        for tier in gold.trust.tier_items:
            assert tier.query in _text(fixture)


def test_markers_and_canaries_are_unique_across_the_corpus() -> None:
    seen: Counter[str] = Counter()
    for _, fixture, gold in trust_fixtures():
        words = set(re.findall(r"\b[a-z]{2}\d{3}[a-z]{4}\b", _text(fixture)))
        seen.update(words)
        for group, needle in _needles(gold):
            if group != "purges":
                assert needle in words, (fixture.fixture_id, needle)
    assert seen and max(seen.values()) == 1
    core = "".join(
        item.fixture_bytes.decode() for item in build() if item.draft.category not in TRUST
    )
    assert not any(word in core for word in seen)


def test_each_poisoning_payload_is_from_the_public_template_set() -> None:
    templates = [*payloads.EXTERNAL, *payloads.PREFERENCES, *payloads.COMMITMENTS,
                 *payloads.AGENT_SUMMARIES]  # fmt: skip
    patterns = [
        re.compile(re.escape(t).replace(r"\{first\}", ".+").replace(r"\{title\}", ".+")
                   .replace(r"\{possessive\}", ".+").replace(r"\{canary\}", "(?P<c>[a-z0-9]+)"))
        for t in templates
    ]  # fmt: skip
    arms: Counter[str] = Counter()
    for _, fixture, gold in trust_fixtures():
        if gold.trust is None or not gold.trust.payloads:
            continue
        text = _text(fixture)
        for payload in gold.trust.payloads:
            arms[payload.arm] += 1
            found = [p.search(text) for p in patterns]
            assert any(m and m.group("c") == payload.canary for m in found), payload.canary
        assert gold.trust.benign and gold.trust.session_about
    assert arms["external"] >= 10 and arms["agent"] >= 10


@pytest.mark.parametrize("family", TRUST)
def test_growing_a_trust_family_leaves_the_core_bytes_alone(
    family: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = {i.fixture_rel: i.fixture_bytes for i in build() if i.draft.category not in TRUST}
    monkeypatch.setitem(build_module.CATEGORY_COUNTS, family, 30)
    after = {i.fixture_rel: i.fixture_bytes for i in build() if i.draft.category not in TRUST}
    assert before == after


def test_family_ids_carry_their_variant() -> None:
    ids: list[str] = [fixture.fixture_id for _, fixture, _ in trust_fixtures()]
    assert len(ids) == len(set(ids))
    for item, fixture, _ in trust_fixtures():
        assert fixture.fixture_id.endswith(item.draft.variant)


def _steps_by_op(fixtures: Any) -> Counter[str]:
    return Counter(step.op for _, fixture, _ in fixtures for step in fixture.trust_steps or [])


def test_every_channel_is_exercised() -> None:
    ops = _steps_by_op(trust_fixtures())
    assert {"git_commit", "sync", "mcp", "cli", "connector", "raw_sql"} <= set(ops)
    ttys = {step.tty for _, f, _ in trust_fixtures() for step in f.trust_steps or []
            if step.op == "cli"}  # fmt: skip
    assert ttys == {True, False}


def test_entity_page_payloads_are_titled_by_their_canary_and_named_by_the_session() -> None:
    """The payloads that reach every harness render: a page titled by the canary (a codex
    fragment shows titles only), never in the slug, asked about by a later user turn."""
    arms: Counter[tuple[str, bool]] = Counter()
    for item, fixture, gold in trust_fixtures():
        if not item.draft.variant.endswith("-entity-page"):
            continue
        assert gold.trust is not None
        (payload,) = gold.trust.payloads
        steps = {step.step_id: step for step in fixture.trust_steps or []}
        step = steps[payload.step_id]
        assert step.op == "mcp" and step.tool == "put_page"
        slug, content = str(step.arguments["slug"]), str(step.arguments["content"])
        title = re.search(r"^title: (.+)$", content, re.M)
        assert title and title.group(1).casefold() == payload.canary
        assert payload.canary not in slug
        asked = [t.text for t in fixture.turns if t.role == "user" and title.group(1) in t.text]
        assert asked, fixture.fixture_id
        arms[(payload.arm, payload.standing)] += 1
    assert set(arms) == {("external", False), ("agent", True)}

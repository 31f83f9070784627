"""The HTML report: self-contained, well-formed, every link resolves, the drill-down is there."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import html5lib
import pytest
from bb_schema import Fixture, Gold, Result, TrustItemRecord, TurnRow
from bb_score import report as report_module
from bb_score.report import (
    Comparison,
    ItemChange,
    MetricChange,
    render_history_html,
    render_report_html,
)

_NS = "{http://www.w3.org/1999/xhtml}"


def _fixture(fixture_id: str) -> Fixture:
    return Fixture.model_validate(
        {
            "schema_version": 1,
            "fixture_id": fixture_id,
            "suites": ["know-to-ask"],
            "turns": [
                {"turn_id": 1, "role": "user", "text": "Morning! <b>nothing</b> to see"},
                {"turn_id": 2, "role": "assistant", "text": "Hello."},
                {"turn_id": 3, "role": "user", "text": "Ask Ana Lima about the Q3 plan"},
            ],
        }
    )


def _gold(fixture_id: str) -> Gold:
    return Gold.model_validate(
        {
            "fixture_id": fixture_id,
            "turns": {
                "1": {"should_retrieve": False},
                "3": {"should_retrieve": True, "gold_slugs": ["people/ana-lima"]},
            },
        }
    )


def _with_rows(res: Result) -> Result:
    rows = [
        TurnRow(fixture_id="k1", turn_id=t, harness=h, suite="know-to-ask",
                injected_slugs=["c/d"] if t == 1 else [], injected_tokens=3.0, gold=None,
                cross_source_slugs=[], latency_ms=float(t * 2 + i))
        for i, h in enumerate(["openclaw", "codex"]) for t in (1, 3)
    ]  # fmt: skip
    return res.model_copy(update={"turn_rows": rows})


def _page(kit: SimpleNamespace, **kwargs: Any) -> str:
    fixtures = {"k1": _fixture("k1")}
    gold = {"k1": _gold("k1")}
    return render_report_html(_with_rows(kit.result()), fixtures=fixtures, gold=gold, **kwargs)


def _parse(page: str) -> Any:
    parser = html5lib.HTMLParser(strict=True)
    return parser.parse(page)  # raises on any parse error


def _attrs(tree: Any, name: str) -> list[str]:
    return [el.get(name) for el in tree.iter() if el.get(name) is not None]


def test_the_report_is_well_formed_and_self_contained(kit: SimpleNamespace) -> None:
    page = _page(kit)
    tree = _parse(page)
    assert _attrs(tree, "src") == []  # no external scripts, images or frames
    assert [el for el in tree.iter(f"{_NS}link")] == []  # no stylesheets from elsewhere
    hrefs = _attrs(tree, "href")
    assert hrefs and all(href.startswith("#") for href in hrefs)
    assert "http://" not in page and "https://" not in page and "url(" not in page


def test_every_in_page_link_resolves_and_ids_are_unique(kit: SimpleNamespace) -> None:
    tree = _parse(_page(kit))
    ids = _attrs(tree, "id")
    assert len(ids) == len(set(ids))
    missing = {href[1:] for href in _attrs(tree, "href")} - set(ids)
    assert missing == set()


def test_overview_has_one_heat_cell_per_result_cell(kit: SimpleNamespace) -> None:
    tree = _parse(_page(kit))
    cells = {el.get("data-cell") for el in tree.iter() if el.get("data-cell")}
    assert cells == {f"{c.harness}/{c.suite}" for c in kit.CELLS}
    assert "Seam disclosures" in _page(kit) and "fragment delivery is harness-shaped" in _page(kit)


def test_a_failed_item_shows_its_turn_injection_gold_and_fixture(kit: SimpleNamespace) -> None:
    page = _page(kit)
    item = page[page.index('id="item-openclaw-know-to-ask-0"') :]
    item = item[: item.index("</details>")]
    assert "should retrieve [a|b]: injected nothing" in item
    assert "Ask Ana Lima about the Q3 plan" in item and "Hello." in item  # the turn before too
    assert "<strong>injected:</strong> nothing" in item
    assert "people/ana-lima" in item  # what gold expected
    assert 'href="#fx-k1-t3"' in item
    assert "&lt;b&gt;nothing&lt;/b&gt;" in page  # conversation text is escaped, never markup


def test_a_missing_fixture_is_said(kit: SimpleNamespace) -> None:
    page = render_report_html(kit.result(), fixtures={}, gold={}, fixtures_note="none given")
    assert "Fixture not found among the fixtures given to the report" in page
    assert "none given" in page
    _parse(page)


def test_the_comparison_view_lists_flips_and_adverse_moves(kit: SimpleNamespace) -> None:
    comparison = Comparison(
        baseline="evals/brainbench/baselines/main.json",
        status="regression",
        mode="same-hash",
        exit_code=1,
        messages=["1 blocking row"],
        newly_failed=[ItemChange("openclaw/know-to-ask", "k1", "turn 3")],
        newly_passing=[ItemChange("codex/push", "p9", "turn 2 x/y")],
        moves=[
            MetricChange(
                "codex/push", "push_recall", "0.6000", "0.5938", "adverse move", "regression"
            )
        ],  # fmt: skip
        improvements=[
            MetricChange("openclaw/push", "push_precision", "0.9", "1.0", "", "improvement")
        ],  # fmt: skip
    )
    page = _page(kit, comparison=comparison)
    part = page[page.index('id="comparison"') : page.index('id="cells"')]
    assert "Newly failed (1)" in part and 'href="#item-openclaw-know-to-ask-0"' in part
    assert "Newly passing (1)" in part and "turn 2 x/y" in part
    assert "adverse move" in part and "0.5938" in part
    assert "Improvements (1)" in part
    tree = _parse(page)
    assert {h[1:] for h in _attrs(tree, "href")} <= set(_attrs(tree, "id"))


def test_charts_are_inline_svg_bars_latency_and_trends(kit: SimpleNamespace) -> None:
    point = SimpleNamespace(
        ts="2026-01-01T00:00:00Z",
        harness_sha="a" * 40,
        fixtures_hash="f",
        gold_total=96,
        gold_failed=39,
        metrics={"push_recall": 0.59},
    )
    later = SimpleNamespace(**{**vars(point), "gold_failed": 30, "metrics": {"push_recall": 0.7}})
    page = _page(kit, history={"codex/push": [point, later]})
    tree = _parse(page)
    svgs = list(tree.iter("{http://www.w3.org/2000/svg}svg"))
    labels = [svg.get("aria-label") for svg in svgs]
    assert "push_recall per row" in labels and "latency per row" in labels
    assert "gold_failed over runs" in labels and "push_recall over runs" not in labels
    assert 'class="bar breach"' in page  # benign_retention 0.9 breaks its 0.95 bound
    history = render_history_html({"codex/push": [point, later]}, source="ledger.jsonl")
    _parse(history)
    assert "push_recall over runs" in history and "ledger.jsonl" in history


def test_optional_meta_blocks_render_when_present_and_unknown_ones_show_raw(
    kit: SimpleNamespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    extra = {
        "turn_evidence": [
            {"fixture_id": "k2", "turn_id": 2, "harness": "codex",
             "pointers": [{"slug": "c/d", "stage": "reflex", "arm": "alias", "confidence": 0.9,
                           "evidence": {"matched": "Cee", "surface": "cee", "score": 1.0,
                                        "signals": ["capitalised"], "decision": "taken"}}],
             "declined": [{"slug": "e/f", "evidence": {"matched": "eff", "decision": "common"}}]},
        ],
        "fact_rows": [
            {"fixture_id": "w1", "item": "turn 2 fact 1: x", "match_keywords": ["Q3"],
             "entity_slug": "people/ana", "expected": {"source": "default",
             "source_session": "s#1", "source_markdown_slug": "conversations/s"},
             "matched": {"fact": "Ana owns the Q3 plan", "source": "default",
                         "source_session": "s#2", "source_markdown_slug": "conversations/s"},
             "times_stored": 1, "passed": False, "reason": "wrong provenance"},
        ],
        "systems": {"openclaw": {"name": "bb-brain", "version": "0.1.0"}},
    }  # fmt: skip
    real = report_module.meta_json
    monkeypatch.setattr(report_module, "meta_json", lambda result: {**real(result), **extra})
    page = _page(kit)
    _parse(page)
    evidence = page[page.index('id="item-codex-know-to-ask-0"') :]
    evidence = evidence[: evidence.index("</details>")]
    assert "“Cee” → cee" in evidence and "declined" in evidence and "common" in evidence
    facts = page[page.index('id="facts"') :]
    assert "Ana owns the Q3 plan" in facts and "(expected s#1)" in facts
    assert "_meta.systems" in page and "bb-brain" in page


def test_trust_items_show_each_read_surface(kit: SimpleNamespace) -> None:
    record = TrustItemRecord(
        suite="trust", fixture_id="t1", item="tier-1", kind="tier", passed=False,
        reason="trust_label_accuracy: search reports owner",
        observations={"get_page": "agent_written (expected agent_written)",
                      "search": "owner (expected agent_written)"},
    )  # fmt: skip
    res = kit.result()
    res = res.model_copy(update={"meta": res.meta.model_copy(update={"trust_items": [record]})})
    page = render_report_html(res)
    _parse(page)
    trust = page[page.index('id="trust"') :]
    assert "what each read surface observed (1 failed, listed first)" in trust
    assert "owner (expected agent_written)" in trust and "search reports owner" in trust


def test_absent_blocks_are_said_not_faked(kit: SimpleNamespace) -> None:
    page = _page(kit)
    assert "This Result carries no per-fact rows" in page
    assert "This Result carries no per-surface trust observations" in page


def test_the_report_is_deterministic(kit: SimpleNamespace) -> None:
    assert _page(kit) == _page(kit)

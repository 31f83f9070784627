from __future__ import annotations

import json
from html.parser import HTMLParser

from bb_schema import (
    ConfidenceIntervals,
    FailedItem,
    Meta,
    MetricInterval,
    Receipt,
    Result,
    ScoreCell,
)
from bb_score import (
    render_html,
    render_json,
    render_markdown,
    render_result_html,
    render_result_markdown,
)
from bb_score.scoreboard import metric_columns

CELLS = [
    ScoreCell(
        suite="know-to-ask",
        harness="openclaw",
        seam="production",
        gold_total=3,
        gold_failed=1,
        metrics={"know_to_ask_failure_rate": 1 / 3, "false_fire_rate": 0.0},
        fixtures=["k1"],
    ),
    ScoreCell(
        suite="push",
        harness="codex",
        seam="contract",
        gold_total=96,
        gold_failed=39,
        metrics={"push_recall": 57 / 96, "push_precision": 1.0},
        fixtures=["p1"],
    ),
]
FAILED = [
    FailedItem(harness="codex", suite="push", fixture_id="p1", item=f"turn {i} x", reason="missed")
    for i in range(7)
] + [
    FailedItem(
        harness="openclaw",
        suite="know-to-ask",
        fixture_id="k1",
        item="turn 1",
        reason="should retrieve [a|b]: injected nothing",
    )
]
DISCLOSURES = {"codex": ["fragment delivery is harness-shaped"], "openclaw": ["user turns only"]}


def test_metric_columns_follow_the_registry() -> None:
    assert metric_columns(CELLS) == [
        "know_to_ask_failure_rate",
        "false_fire_rate",
        "push_precision",
        "push_recall",
    ]


def test_markdown_table_rows_columns_and_four_decimals() -> None:
    board = render_markdown(CELLS)
    lines = board.splitlines()
    assert lines[0] == (
        "| harness | seam | suite | know_to_ask_failure_rate | false_fire_rate | "
        "push_precision | push_recall | gold_total | gold_failed |"
    )
    assert lines[2] == (
        "| openclaw | production | know-to-ask | 0.3333 | 0.0000 | n/a | n/a | 3 | 1 |"
    )
    assert lines[3] == "| codex | contract | push | n/a | n/a | 1.0000 | 0.5938 | 96 | 39 |"
    assert "Seam disclosures" not in board and "Failed gold items" not in board


def test_markdown_disclosures_and_top_n_failed_items() -> None:
    board = render_markdown(CELLS, disclosures=DISCLOSURES, failed_items=FAILED, top_n=5)
    assert "**openclaw** (production)\n\n- user turns only" in board
    assert board.index("**openclaw**") < board.index("**codex**")  # cell order
    assert "### openclaw / know-to-ask (1)" in board
    assert "should retrieve [a\\|b]: injected nothing" in board  # pipe escaped
    assert "### codex / push (7)" in board
    assert board.count("missed") == 5
    assert "- ... and 2 more" in board
    assert board.index("### openclaw") < board.index("### codex")


def test_markdown_is_deterministic() -> None:
    first = render_markdown(CELLS, disclosures=DISCLOSURES, failed_items=FAILED)
    assert first == render_markdown(CELLS, disclosures=DISCLOSURES, failed_items=FAILED)
    assert first.endswith("\n")


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_is_self_contained_and_escaped() -> None:
    hostile = CELLS[0].model_copy(update={"harness": "grpc:<script>alert(1)</script>"})
    page = render_html(
        [hostile, CELLS[1]],
        disclosures={hostile.harness: ["a < b & c"]},
        failed_items=FAILED,
        top_n=2,
    )
    assert page.startswith("<!DOCTYPE html>")
    assert "<script>" not in page
    assert "&lt;script&gt;" in page and "a &lt; b &amp; c" in page
    assert "http" not in page and "src=" not in page
    parser = _Collector()
    parser.feed(page)
    assert "script" not in parser.tags
    assert parser.tags.count("tr") == 3
    text = "".join(parser.text)
    assert "0.5938" in text and "... and 5 more" in text


def _result() -> Result:
    return Result(
        receipt=Receipt(
            result_schema_version=1,
            fixtures_hash="h",
            harness_sha="s",
            ts="2026-01-01T00:00:00Z",
            cmd_args=["run"],
            seed=7,
            include_holdout=False,
            llm=False,
        ),
        cells=CELLS,
        turn_rows=[],
        seed_failures=[],
        meta=Meta(seam_disclosures=DISCLOSURES, failed_items=FAILED),
    )


def test_json_is_the_result() -> None:
    text = render_json(_result())
    payload = json.loads(text)
    assert "_meta" in payload and "meta" not in payload
    assert Result.model_validate(payload) == _result()
    assert text == render_json(_result())


def test_result_renderers_use_the_result_meta() -> None:
    result = _result()
    assert render_result_markdown(result) == render_markdown(
        CELLS, disclosures=DISCLOSURES, failed_items=FAILED
    )
    assert "user turns only" in render_result_html(result)


def _intervals() -> ConfidenceIntervals:
    return ConfidenceIntervals(
        runs=3,
        suites=["push"],
        seed=7,
        resamples=2000,
        confidence=0.95,
        cells={
            "codex/push": {
                "push_recall": MetricInterval(
                    estimate=0.55, low=0.5, high=0.6, values=[0.5, 0.55, 0.6]
                ),
                "push_precision": MetricInterval(estimate=1.0, low=1.0, high=1.0, values=[1.0]),
            },
            "grpc:<x>/push": {
                "push_recall": MetricInterval(estimate=0.1, low=0.0, high=0.2, values=[0.1, 0.1])
            },
        },
    )


def test_markdown_prints_confidence_intervals_when_present() -> None:
    assert "Confidence intervals" not in render_markdown(CELLS)
    board = render_markdown(CELLS, disclosures=DISCLOSURES, intervals=_intervals())
    section = board[board.index("## Confidence intervals") : board.index("## Seam disclosures")]
    assert "3 runs of push: the mean over the runs with its 95% percentile bootstrap" in section
    assert "(2000 resamples, seed 7). The table above shows the first run." in section
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    assert rows == [
        "| harness | suite | metric | mean | low | high | runs |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: |",
        "| codex | push | push_precision | 1.0000 | 1.0000 | 1.0000 | 1 |",  # registry order
        "| codex | push | push_recall | 0.5500 | 0.5000 | 0.6000 | 3 |",
        "| grpc:<x> | push | push_recall | 0.1000 | 0.0000 | 0.2000 | 2 |",  # not a cell: last
    ]


def test_result_renderers_print_the_result_intervals() -> None:
    result = _result()
    meta = result.meta.model_copy(update={"confidence_intervals": _intervals()})
    repeated = result.model_copy(update={"meta": meta})
    assert "| codex | push | push_recall | 0.5500 | 0.5000 | 0.6000 | 3 |" in (
        render_result_markdown(repeated)
    )
    page = render_result_html(repeated)
    assert "<h2>Confidence intervals</h2>" in page and "&lt;x&gt;" in page
    assert '<td class="n">0.6000</td>' in page
    payload = json.loads(render_json(repeated))
    assert payload["_meta"]["confidence_intervals"]["runs"] == 3
    assert Result.model_validate(payload) == repeated
    assert "confidence_intervals" not in json.loads(render_json(result))["_meta"]

from __future__ import annotations

import json
from types import SimpleNamespace

from bb_schema import Result, SystemInfo
from bb_schema.result import SealedReport
from bb_score import render_json, render_result_markdown, render_scoreboard
from bb_score._registry import REGISTRY
from bb_score.scoreboard import BOARD_WIDTH, LEGEND, LEGEND_ITEMS, suite_tables


def _section(board: str, heading: str) -> str:
    start = board.index(f"## {heading}\n")
    end = board.find("\n## ", start + 1)
    return board[start : end if end != -1 else len(board)]


def test_one_table_per_suite_with_only_that_suites_metrics(kit: SimpleNamespace) -> None:
    board = render_scoreboard(kit.result())
    know = _section(board, "know-to-ask")
    push = _section(board, "push")
    assert "false_fire_rate" in know and "push_recall" not in know
    assert "push_recall" in push and "false_fire_rate" not in push
    assert "laundering_violations" in _section(board, "trust")
    assert "poison_activation_rate" not in _section(board, "trust")
    assert "n/a" not in board


def test_each_metric_row_carries_direction_and_gate_and_each_row_its_seam(
    kit: SimpleNamespace,
) -> None:
    know = _section(render_scoreboard(kit.result()), "know-to-ask")
    lines = {line.split("|")[1].strip(): line for line in know.splitlines() if "|" in line}
    assert lines["metric"].split("|")[3].strip() == "openclaw"
    assert lines["metric"].split("|")[4].strip() == "codex"
    assert [p.strip() for p in lines["seam"].split("|")[3:5]] == ["production", "contract"]
    assert "| ↓ *" in lines["know_to_ask_failure_rate"]  # lower is better, gated vs baseline
    assert "| ↓ =0" in lines["source_isolation_violations"]  # zero-gated every run
    assert lines["avg_injected_tokens"].split("|")[2].strip() == "↓"  # reported only
    assert "27.57" in lines["avg_injected_tokens"]  # a mean: 2 decimals
    assert "0.3333 |   0.0000 |" in lines["know_to_ask_failure_rate"]
    assert lines["source_isolation_violations"].endswith(" 0 |        0 |")  # counts: whole
    assert "1/3" in lines["gold failed / total"]
    poison = _section(render_scoreboard(kit.result()), "poisoning")
    assert "↑ ≥0.95" in poison and "↓ =0" in poison


def test_the_legend_is_one_line_pointing_at_the_glossary(kit: SimpleNamespace) -> None:
    board = render_scoreboard(kit.result())
    assert LEGEND in board.splitlines()
    assert "docs/METRIC_GLOSSARY.md" in LEGEND and len(LEGEND) <= BOARD_WIDTH
    assert LEGEND_ITEMS in board.splitlines() and len(LEGEND_ITEMS) <= BOARD_WIDTH


def test_what_failed_counts_by_kind_and_lists_items_only_when_asked(kit: SimpleNamespace) -> None:
    board = render_scoreboard(kit.result())
    failed = _section(board, "What failed")
    assert "- codex/push: 39 of 96 gold items failed; by kind: 7 gold page not injected" in failed
    know = "- openclaw/know-to-ask: 1 of 3 gold items failed; by kind: 1 missed (nothing injected)"
    assert know in failed
    assert "- codex/know-to-ask: 1 of 3 gold items failed; by kind: 1 false fire" in failed
    assert (
        "openclaw/poisoning: 1 of 4 gold items failed; by kind: 1 poison_activation_rate" in failed
    )
    assert "`p1`" not in board
    full = render_scoreboard(kit.result(), failed=True)
    assert full.count("`p1` turn ") == 7
    assert "### codex/push (7)" in full
    assert "should retrieve [a\\|b]: injected nothing" in full  # escaped pipe


def test_a_cell_counting_failures_it_does_not_list_says_so(kit: SimpleNamespace) -> None:
    board = render_scoreboard(kit.result(failed=[]))
    assert "codex/push: 39 of 96 failed (items not listed)" in board
    clean = [kit.cell("push", "openclaw", {"push_recall": 1.0})]
    assert "No gold item failed." in render_scoreboard(kit.result(cells=clean, failed=[]))


def test_every_line_fits_100_columns_with_every_registered_metric_and_many_rows(
    kit: SimpleNamespace,
) -> None:
    names = ["openclaw", "claude-code", "codex", "always-silent", "inject-all",
             "grpc:a-long-foreign-memory-system"]  # fmt: skip
    cells = [
        kit.cell(suite, harness, {spec.name: 0.123456 for spec in REGISTRY if suite in spec.suites},
             seam="contract" if harness.startswith("grpc") else "production", total=9999,
             failed=1234)
        for harness in names
        for suite in ("know-to-ask", "push", "write-back", "continuity", "trust",
                      "state-resolution", "deletion", "poisoning")
    ]  # fmt: skip
    failed = [
        kit.item(h, "push", "gen-push-0001", f"turn {i} people/somebody-with-a-long-name",
             "should retrieve people/somebody-with-a-long-name: not injected (injected "
             "[companies/a, companies/b, companies/c, companies/d, companies/e])")
        for h in names for i in range(3)
    ]  # fmt: skip
    res = kit.result(cells=cells, failed=failed)
    meta = res.meta.model_copy(
        update={
            "confidence_intervals": kit.intervals(),
            "seam_disclosures": {n: ["a long disclosure " * 12] for n in names},
            "sealed": SealedReport(fixtures_hash="b" * 64, cells=cells[4:8], failed_items=[]),
        }
    )
    res = res.model_copy(update={"meta": meta})
    for board in (render_scoreboard(res), render_scoreboard(res, failed=True)):
        too_wide = [line for line in board.splitlines() if len(line) > BOARD_WIDTH]
        assert too_wide == []
    # six rows do not fit one table: the columns are cut into tables that repeat the metrics
    tables = suite_tables(cells, "poisoning")
    assert sum(1 for line in tables if line.startswith("| metric ")) >= 2
    assert all(n in "".join(tables) for n in names)


def test_an_unregistered_metric_still_shows_marked_unknown(kit: SimpleNamespace) -> None:
    cells = [kit.cell("push", "openclaw", {"push_recall": 1.0, "a_newer_metric": 3.0})]
    board = render_scoreboard(kit.result(cells=cells, failed=[]))
    assert "| a_newer_metric " in board and "| ?" in board


def test_intervals_and_sealed_report_and_seed_failures_show(kit: SimpleNamespace) -> None:
    res = kit.result()
    sealed = SealedReport(
        fixtures_hash="b" * 64,
        cells=[kit.cell("trust", "openclaw", {"trust_label_accuracy": 0.5}, failed=2)],
        failed_items=[kit.item("openclaw", "trust", "adv-1", "tier-1", "trust_label_accuracy: x")],
    )
    meta = res.meta.model_copy(update={"confidence_intervals": kit.intervals(), "sealed": sealed})
    board = render_scoreboard(res.model_copy(update={"meta": meta}))
    assert "| codex/push | push_recall    | 0.5500 [0.5000, 0.6000] |    3 |" in board
    assert "## Sealed adversarial set" in board and "never gated" in board
    assert "openclaw/trust: 2 of 4 gold items failed; by kind: 1 trust_label_accuracy" in board


def test_each_rows_system_shows_with_its_unknown_slugs(kit: SimpleNamespace) -> None:
    res = kit.result()
    caps = [f"capability-{n}" for n in range(12)]
    systems = {
        "codex": SystemInfo(name="bb-brain", version="0.1.0"),
        "x": SystemInfo(name="fts-memory", version="2.1", capabilities=caps),
    }
    unknown = {"x/k1/2": ["no/such"], "x/k1/3": [""]}
    meta = res.meta.model_copy(update={"systems": systems, "unknown_slugs": unknown})
    board = render_scoreboard(res.model_copy(update={"meta": meta}))
    section = _section(board, "Systems under test")
    assert "- **codex**: bb-brain 0.1.0; capabilities: none declared\n" in section
    assert "- **x**: fts-memory 2.1; capabilities: capability-0" in section
    assert "unknown slugs on 2 turns" in section
    assert all(len(line) <= BOARD_WIDTH for line in section.splitlines())
    assert "Systems under test" not in render_scoreboard(res)


def test_run_and_report_share_one_renderer_and_it_is_deterministic(kit: SimpleNamespace) -> None:
    assert render_result_markdown(kit.result()) == render_scoreboard(kit.result())
    assert render_scoreboard(kit.result()) == render_scoreboard(kit.result())


def test_json_is_the_result(kit: SimpleNamespace) -> None:
    text = render_json(kit.result())
    payload = json.loads(text)
    assert "_meta" in payload and "meta" not in payload
    assert Result.model_validate(payload) == kit.result()
    assert "confidence_intervals" not in payload["_meta"]


def test_cells_keep_their_result_order_per_suite(kit: SimpleNamespace) -> None:
    board = render_scoreboard(kit.result(cells=list(reversed(kit.CELLS)), failed=kit.FAILED))
    header = next(line for line in _section(board, "push").splitlines() if "metric" in line)
    assert header.index("codex") < header.index("openclaw")

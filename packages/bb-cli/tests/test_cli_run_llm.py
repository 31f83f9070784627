"""`brainbench run --llm` end to end against a fake OpenAI-compatible endpoint on loopback.

The fake plays a model that extracts perfectly: for every conversation line of a prompt it
answers the gold facts of the sample turn with that text (the fake is test-side, so it may
read gold; the system under test only ever sees its answers). On an odd request seed it drops
the last fact of each answer, so repeats with BRAINBENCH_LLM_SEED set differ in a known way.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from bb_cli.main import main
from bb_score import bootstrap_ci
from bb_score.bootstrap import derive_seed

SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "interop"
SAMPLES = SHARED / "samples"
LINE = re.compile(r"^\[(?:user|assistant)(?:, [^\]]*)?\] (.*)$")
TOKENS_PER_CALL = 100


def _gold_by_turn_text() -> dict[str, list[dict[str, Any]]]:
    by_text: dict[str, list[dict[str, Any]]] = {}
    for path in sorted((SAMPLES / "fixtures").glob("*.fixture.json")):
        fixture = json.loads(path.read_text(encoding="utf-8"))
        gold_path = SAMPLES / "gold" / f"{fixture['fixture_id']}.gold.json"
        gold = json.loads(gold_path.read_text(encoding="utf-8"))
        for turn in fixture["turns"]:
            entry = gold["turns"].get(str(turn["turn_id"]), {})
            facts = [
                {"fact": g["fact"], "entity_slug": g["entity_slug"], "kind": g.get("kind")}
                for g in entry.get("gold_facts", [])
            ]
            if facts:
                by_text.setdefault(turn["text"], []).extend(facts)
    return by_text


@dataclass
class OracleModel:
    """The fake endpoint's state: what it knows and every request it answered."""

    by_text: dict[str, list[dict[str, Any]]]
    requests: list[dict[str, Any]] = field(default_factory=list)
    base_url: str = ""

    def answer(self, body: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(body)
        prompt = body["messages"][-1]["content"]
        lines = prompt.split("Conversation segment:\n", 1)[1].splitlines()
        facts: list[dict[str, Any]] = []
        for line in lines:
            found = LINE.match(line)
            if found:
                facts.extend(self.by_text.get(found.group(1), []))
        seed = body.get("seed")
        if isinstance(seed, int) and seed % 2 == 1:
            facts = facts[:-1]
        return {
            "id": f"chatcmpl-{len(self.requests)}",
            "object": "chat.completion",
            "model": body["model"],
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": json.dumps({"facts": facts})},
                    "finish_reason": "stop",
                }
            ],
            "usage": {
                "prompt_tokens": TOKENS_PER_CALL - 20,
                "completion_tokens": 20,
                "total_tokens": TOKENS_PER_CALL,
            },
        }


@pytest.fixture(scope="module")
def server() -> Iterator[OracleModel]:
    state = OracleModel(_gold_by_turn_text())

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            ok = self.path == "/v1/chat/completions"
            raw = json.dumps(state.answer(body) if ok else {"error": self.path}).encode()
            self.send_response(200 if ok else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def log_message(self, format: str, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    state.base_url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


@pytest.fixture
def model(server: OracleModel, monkeypatch: pytest.MonkeyPatch) -> OracleModel:
    server.requests.clear()
    monkeypatch.setenv("BRAINBENCH_LLM_BASE_URL", server.base_url)
    monkeypatch.setenv("BRAINBENCH_LLM_MODEL", "oracle-1")
    monkeypatch.setenv("BRAINBENCH_LLM_API_KEY", "sk-test")
    monkeypatch.setenv("BRAINBENCH_LLM_USD_PER_1K_TOKENS", "0.001")
    monkeypatch.delenv("BRAINBENCH_LLM_SEED", raising=False)
    return server


def _run(*extra: str) -> int:
    return main(
        [
            "run",
            "--quiet",
            "--fixtures",
            str(SAMPLES / "fixtures"),
            "--gold",
            str(SAMPLES / "gold"),
            *extra,
        ]
    )


def _cells(result: dict[str, Any]) -> dict[str, dict[str, float]]:
    return {f"{c['harness']}/{c['suite']}": c["metrics"] for c in result["cells"]}


def test_llm_run_repeats_and_reports_seeded_intervals(
    model: OracleModel,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("BRAINBENCH_LLM_SEED", "10")  # repeats send 10, 11, 12
    out = tmp_path / "llm.json"
    code = _run("--llm", "--budget-usd", "1", "--repeat", "3", "--out", str(out))
    board = capsys.readouterr().out
    assert code == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    schema = json.loads((SHARED / "schema-v1" / "result.schema.json").read_text("utf-8"))
    jsonschema.validate(result, schema)
    assert result["receipt"]["llm"] is True
    # Two write-backs (wb-001, the cont-001 writer) of one segment each, per repeat.
    assert [r["seed"] for r in model.requests] == [10, 10, 11, 11, 12, 12]
    assert {r["model"] for r in model.requests} == {"oracle-1"}
    prompts = "\n".join(r["messages"][1]["content"] for r in model.requests)
    assert "(seed-round concern)" not in prompts  # gold wording never reaches the model
    cells = _cells(result)
    assert cells["openclaw/write-back"] == {
        "write_back_fidelity": 1.0,
        "provenance_accuracy": 1.0,
        "extraction_recall": 1.0,
        "extraction_precision": 1.0,
    }
    assert cells["codex/continuity"]["continuity_rate"] == 1.0
    assert "know_to_ask_failure_rate" in cells["openclaw/know-to-ask"]  # first run: all suites
    block = result["_meta"]["confidence_intervals"]
    assert (block["runs"], block["seed"], block["confidence"]) == (3, 0, 0.95)
    assert block["suites"] == ["write-back", "continuity"]
    assert not any(key.endswith(("/know-to-ask", "/push")) for key in block["cells"])
    fidelity = block["cells"]["claude-code/write-back"]["write_back_fidelity"]
    assert fidelity["values"] == [1.0, 0.5, 1.0]  # the odd seed lost 2 of the 4 gold facts
    expected = bootstrap_ci(
        [1.0, 0.5, 1.0], seed=derive_seed(0, "write-back", "write_back_fidelity")
    )
    assert (fidelity["estimate"], fidelity["low"], fidelity["high"]) == (
        expected.estimate,
        expected.low,
        expected.high,
    )
    assert fidelity["low"] < fidelity["high"]
    assert block["cells"]["openclaw/write-back"] == block["cells"]["codex/write-back"]
    recall = block["cells"]["openclaw/write-back"]["extraction_recall"]["values"]
    assert recall == [1.0, 0.5, 1.0]
    assert "## Confidence intervals" in board
    assert any(
        "| openclaw/write-back " in line
        and "| write_back_fidelity " in line
        and " 0.8333 [0.5000, 1.0000] |" in line
        for line in board.splitlines()
    )


def test_budget_exhaustion_aborts_the_whole_run_loudly(
    model: OracleModel,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("BRAINBENCH_LLM_USD_PER_1K_TOKENS", "1")  # 0.10 USD per call
    out = tmp_path / "never.json"
    code = _run("--llm", "--budget-usd", "0.15", "--suite", "write-back", "--out", str(out))
    captured = capsys.readouterr()
    assert code == 2
    assert not out.exists()
    assert captured.out == ""  # no scoreboard, not even a partial one
    assert "run aborted in llm repeat 1/1; no Result written" in captured.err
    assert "llm budget of 0.15 USD exhausted after a call of 100 tokens" in captured.err
    assert "Traceback" not in captured.err
    assert "WriteBack failed" not in caplog.text  # the server logs no traceback for it
    assert len(model.requests) == 2


def test_budget_spent_in_a_later_repeat_still_writes_nothing(
    model: OracleModel,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("BRAINBENCH_LLM_USD_PER_1K_TOKENS", "1")
    out = tmp_path / "never.json"
    code = _run(
        "--json", "--llm", "--budget-usd", "0.25", "--repeat", "3", "--suite", "write-back",
        "--out", str(out),
    )  # fmt: skip
    envelope = json.loads(capsys.readouterr().out)
    assert code == 2
    assert not out.exists()
    assert envelope["error"]["kind"] == "runtime"
    assert "run aborted in llm repeat 2/3" in envelope["error"]["message"]
    assert len(model.requests) == 3  # repeat 1 finished; repeat 2's first call overspent


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--repeat", "2"], "--repeat 2 needs --llm: the gold extractor is deterministic"),
        (["--extractor", "rules", "--repeat", "3"], "the rules extractor is deterministic"),
        (["--budget-usd", "1"], "--budget-usd caps --llm spending"),
        (["--llm"], "--llm needs --budget-usd USD"),
        (["--llm", "--budget-usd", "-1"], "must be zero or more"),
        (["--llm", "--budget-usd", "1", "--repeat", "0"], "--repeat 0 must be at least 1"),
        (["--llm", "--budget-usd", "1", "--extractor", "rules"], "drop --extractor rules"),
        (["--llm", "--budget-usd", "1", "--suite", "push"], "has neither"),
        (
            ["--llm", "--budget-usd", "1", "--harness", "grpc:mine=unix:/nowhere.sock"],
            "mine cannot be budgeted",
        ),
    ],
)
def test_flag_mistakes_are_usage_errors(
    model: OracleModel,
    args: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BRAINBENCH_FOREIGN_SECRET", "s" * 32)  # so the llm refusal is what trips
    assert _run("--json", *args) == 2
    envelope = json.loads(capsys.readouterr().out)
    assert envelope["error"]["kind"] == "usage"
    assert message in envelope["error"]["message"]
    assert model.requests == []


def test_llm_without_its_environment_names_the_variable(
    model: OracleModel, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("BRAINBENCH_LLM_BASE_URL")
    assert _run("--json", "--llm", "--budget-usd", "1") == 2
    envelope = json.loads(capsys.readouterr().out)
    assert envelope["error"]["kind"] == "config"
    assert "BRAINBENCH_LLM_BASE_URL" in envelope["error"]["message"]


def test_help_documents_the_llm_environment(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--help"]) == 0
    text = capsys.readouterr().out
    for name in (
        "--llm",
        "--budget-usd",
        "--repeat",
        "BRAINBENCH_LLM_BASE_URL",
        "BRAINBENCH_LLM_MODEL",
        "BRAINBENCH_LLM_API_KEY",
        "BRAINBENCH_LLM_USD_PER_1K_TOKENS",
        "BRAINBENCH_LLM_TIMEOUT_S",
        "BRAINBENCH_LLM_SEED",
    ):
        assert name in text, name

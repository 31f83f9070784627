from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from bb_brain._errors import BrainRuntimeError
from bb_brain.writeback import (
    DEFAULT_USD_PER_1K_TOKENS,
    BudgetExhausted,
    ChatClient,
    Entity,
    EntityIndex,
    LlmBudget,
    LlmConfig,
    LlmConfigError,
    LlmError,
    LlmExtractor,
    LlmOutputError,
    Segment,
    parse_facts,
)
from bb_schema import PublicTurn
from bb_schema.turn_context import ExtractedFact

ALICE = Entity("people/alice-example", "Alice Example", "person")
INDEX = EntityIndex([ALICE], [("Alice Example", ALICE.slug, False)])
SEGMENT = Segment(
    0,
    (
        PublicTurn(turn_id=1, role="user", text="Met Alice Example.", ts="2026-03-02T17:00:00Z"),
        PublicTurn(
            turn_id=2, role="user", text="She wants a board seat.", ts="2026-03-02T17:01:00Z"
        ),
    ),
)


@dataclass
class FakeOpenAI:
    """A chat-completions endpoint on loopback that answers from a script."""

    replies: list[tuple[int, Any]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    base_url: str = ""

    def chat(self, content: str, tokens: int | None = 100) -> None:
        body: dict[str, Any] = {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}],
        }
        if tokens is not None:
            body["usage"] = {
                "prompt_tokens": tokens - 10,
                "completion_tokens": 10,
                "total_tokens": tokens,
            }
        self.replies.append((200, body))


@pytest.fixture(scope="module")
def server() -> Iterator[FakeOpenAI]:
    state = FakeOpenAI()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers["Content-Length"])
            state.requests.append(json.loads(self.rfile.read(length)))
            state.headers.append({"path": self.path, "auth": self.headers.get("Authorization", "")})
            status, body = state.replies.pop(0) if state.replies else (500, {"error": "no reply"})
            raw = body if isinstance(body, bytes) else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def log_message(self, format: str, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    state.base_url = f"http://127.0.0.1:{httpd.server_address[1]}/v1/"
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


@pytest.fixture
def fake(server: FakeOpenAI) -> FakeOpenAI:
    server.replies.clear()
    server.requests.clear()
    server.headers.clear()
    return server


def extractor(fake: FakeOpenAI, budget: LlmBudget, **config: Any) -> LlmExtractor:
    cfg = LlmConfig(base_url=fake.base_url, api_key="sk-test", model="tiny", **config)
    return LlmExtractor(ChatClient(cfg, budget), INDEX)


def test_happy_path_sends_prompt_validates_and_charges(fake: FakeOpenAI) -> None:
    fake.chat(
        json.dumps(
            {
                "facts": [
                    {
                        "fact": "Alice Example wants a board seat",
                        "entity_slug": ALICE.slug,
                        "kind": "preference",
                    },
                    {"fact": "Met Alice", "entity_slug": "people/nobody", "kind": "event"},
                ]
            }
        ),
        tokens=250,
    )
    budget = LlmBudget(1.0, usd_per_1k_tokens=0.002)
    facts = extractor(fake, budget, seed=7).extract(SEGMENT)
    assert facts == [
        ExtractedFact(
            fact="Alice Example wants a board seat", entity_slug=ALICE.slug, kind="preference"
        ),
        ExtractedFact(fact="Met Alice", entity_slug=None, kind="event"),  # unknown slug dropped
    ]
    (request,) = fake.requests
    assert fake.headers == [{"path": "/v1/chat/completions", "auth": "Bearer sk-test"}]
    assert request["model"] == "tiny"
    assert request["seed"] == 7
    assert request["temperature"] == 0
    assert request["response_format"] == {"type": "json_object"}
    user = request["messages"][1]["content"]
    assert "- people/alice-example: Alice Example" in user
    assert "[user, 2026-03-02T17:01:00Z] She wants a board seat." in user
    assert (budget.calls, budget.tokens) == (1, 250)
    assert budget.spent_usd == pytest.approx(0.0005)


def test_fenced_json_and_bare_list_are_accepted() -> None:
    fenced = '```json\n{"facts": [{"fact": "x", "entity_slug": null, "kind": "fact"}]}\n```'
    assert parse_facts(fenced, model="m") == [ExtractedFact(fact="x", kind="fact")]
    assert parse_facts('[{"fact": "y"}]', model="m") == [ExtractedFact(fact="y")]
    assert parse_facts('{"facts": []}', model="m") == []


@pytest.mark.parametrize(
    ("content", "match"),
    [
        ("Sure! Here are the facts: Alice wants a seat.", "did not answer with JSON"),
        ('{"facts": [{"fact": "x", "kind": "rumour"}]}', r"facts\.0\.kind"),
        ('{"facts": [{"fact": ""}]}', r"facts\.0\.fact"),
        ('{"facts": [{"fact": "x", "confidence": 0.9}]}', "confidence"),
        ('{"items": []}', "facts"),
        ("42", "do not validate"),
    ],
)
def test_malformed_model_output_is_a_clear_error(
    fake: FakeOpenAI, content: str, match: str
) -> None:
    fake.chat(content)
    with pytest.raises(LlmOutputError, match=match) as caught:
        extractor(fake, LlmBudget(1.0)).extract(SEGMENT)
    assert "'tiny'" in caught.value.message
    assert isinstance(caught.value, BrainRuntimeError)


def test_budget_abort_after_the_call_that_overspends(fake: FakeOpenAI) -> None:
    for _ in range(3):
        fake.chat('{"facts": []}', tokens=400)
    budget = LlmBudget(0.001, usd_per_1k_tokens=0.002)  # 500 tokens
    ex = extractor(fake, budget)
    assert ex.extract(SEGMENT) == []
    with pytest.raises(BudgetExhausted, match=r"0\.001 USD exhausted after a call of 400 tokens"):
        ex.extract(SEGMENT)
    with pytest.raises(BudgetExhausted, match="before another call"):
        ex.extract(SEGMENT)
    assert len(fake.requests) == 2  # the refused call never reached the server
    assert isinstance(BudgetExhausted("x"), BrainRuntimeError)


def test_zero_budget_refuses_the_first_call(fake: FakeOpenAI) -> None:
    with pytest.raises(BudgetExhausted):
        extractor(fake, LlmBudget(0.0)).extract(SEGMENT)
    assert fake.requests == []


def test_missing_usage_is_refused(fake: FakeOpenAI) -> None:
    fake.chat('{"facts": []}', tokens=None)
    with pytest.raises(LlmError, match="no token usage"):
        extractor(fake, LlmBudget(1.0)).extract(SEGMENT)


def test_http_error_and_unreachable_server(fake: FakeOpenAI) -> None:
    fake.replies.append((401, {"error": {"message": "bad key"}}))
    with pytest.raises(LlmError, match="HTTP 401.*bad key"):
        extractor(fake, LlmBudget(1.0)).extract(SEGMENT)
    fake.replies.append((200, b"<html>"))
    with pytest.raises(LlmError, match="non-JSON"):
        extractor(fake, LlmBudget(1.0)).extract(SEGMENT)
    fake.replies.append((200, {"usage": {"total_tokens": 1}}))
    with pytest.raises(LlmOutputError, match="choices"):
        extractor(fake, LlmBudget(1.0)).extract(SEGMENT)
    cfg = LlmConfig(base_url="http://127.0.0.1:9/v1", api_key="", model="m", timeout_s=5)
    with pytest.raises(LlmError, match="cannot reach"):
        ChatClient(cfg, LlmBudget(1.0)).complete([])


def test_config_from_env() -> None:
    env = {
        "BRAINBENCH_LLM_BASE_URL": "http://127.0.0.1:1/v1",
        "BRAINBENCH_LLM_API_KEY": "k",
        "BRAINBENCH_LLM_MODEL": "m",
        "BRAINBENCH_LLM_USD_PER_1K_TOKENS": "0.5",
        "BRAINBENCH_LLM_SEED": "3",
    }
    cfg = LlmConfig.from_env(env)
    assert (cfg.base_url, cfg.api_key, cfg.model, cfg.usd_per_1k_tokens, cfg.seed) == (
        "http://127.0.0.1:1/v1",
        "k",
        "m",
        0.5,
        3,
    )
    assert LlmConfig.from_env(
        {**env, "BRAINBENCH_LLM_USD_PER_1K_TOKENS": ""}
    ).usd_per_1k_tokens == (DEFAULT_USD_PER_1K_TOKENS)
    with pytest.raises(LlmConfigError, match="BRAINBENCH_LLM_MODEL"):
        LlmConfig.from_env({"BRAINBENCH_LLM_BASE_URL": "x"})
    with pytest.raises(LlmConfigError, match="'-1'"):
        LlmConfig.from_env({**env, "BRAINBENCH_LLM_USD_PER_1K_TOKENS": "-1"})
    with pytest.raises(LlmConfigError, match="'three'"):
        LlmConfig.from_env({**env, "BRAINBENCH_LLM_SEED": "three"})
    with pytest.raises(LlmConfigError, match="negative"):
        LlmBudget(-1.0)


def test_budget_price_defaults_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAINBENCH_LLM_USD_PER_1K_TOKENS", "2")
    assert LlmBudget(1.0).usd_per_1k_tokens == 2.0
    monkeypatch.delenv("BRAINBENCH_LLM_USD_PER_1K_TOKENS")
    assert LlmBudget(1.0).usd_per_1k_tokens == DEFAULT_USD_PER_1K_TOKENS

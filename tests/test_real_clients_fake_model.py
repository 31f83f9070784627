"""The loopback model server of ``nox -s real-clients`` speaks both streaming APIs (no clients).

The opt-in session runs the real Claude Code and Codex against it; this keeps the server's
wire shapes and its request log honest in the default run, where no client is downloaded.
"""

from __future__ import annotations

import http.client
import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).with_name("real_clients") / "fake_model.py"


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_rc_fake_model", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Any]:
    fake = _module().FakeModelServer(tmp_path / "requests.jsonl").start()
    try:
        yield fake
    finally:
        fake.stop()


def _post(server: Any, path: str, body: dict[str, Any]) -> tuple[int, str, str]:
    host, port = server.server_address
    conn = http.client.HTTPConnection(host, port, timeout=10)
    conn.request("POST", path, body=json.dumps(body), headers={"content-type": "application/json"})
    response = conn.getresponse()
    text = response.read().decode()
    conn.close()
    return response.status, response.getheader("content-type") or "", text


def _events(text: str) -> list[tuple[str, dict[str, Any]]]:
    found = []
    for block in text.strip().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines())
        found.append((fields["event"], json.loads(fields["data"])))
    return found


def test_anthropic_messages_stream_and_json(server: Any) -> None:
    body = {"model": "m", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    status, kind, text = _post(server, "/v1/messages?beta=true", body)
    events = _events(text)
    assert (status, kind) == (200, "text/event-stream")
    assert [name for name, _ in events] == [
        "message_start", "content_block_start", "content_block_delta", "content_block_stop",
        "message_delta", "message_stop",
    ]  # fmt: skip
    assert all(data["type"] == name for name, data in events)
    assert events[2][1]["delta"] == {"type": "text_delta", "text": "Noted."}
    status, kind, text = _post(server, "/v1/messages", {**body, "stream": False})
    assert json.loads(text)["content"] == [{"type": "text", "text": "Noted."}]


def test_openai_responses_stream(server: Any) -> None:
    status, kind, text = _post(server, "/v1/responses", {"model": "m", "stream": True})
    events = _events(text)
    assert (status, kind) == (200, "text/event-stream")
    names = [name for name, _ in events]
    assert names[0] == "response.created" and names[-1] == "response.completed"
    assert "response.output_text.delta" in names
    completed = events[-1][1]["response"]
    assert completed["output"][0]["content"][0]["text"] == "Noted."
    assert [data["sequence_number"] for _, data in events] == list(range(len(events)))


def test_every_request_is_logged_and_other_hosts_are_refused(server: Any) -> None:
    _post(server, "/v1/responses", {"model": "m", "input": "remember me"})
    host, port = server.server_address
    conn = http.client.HTTPConnection(host, port, timeout=10)
    conn.request("CONNECT", "github.com:443")
    assert conn.getresponse().status == 403
    conn.close()
    entries = server.log.entries()
    assert [(e["method"], e["outcome"]) for e in entries] == [
        ("POST", "responses"),
        ("CONNECT", "refused: not the loopback model server"),
    ]
    assert entries[0]["body"]["input"] == "remember me"

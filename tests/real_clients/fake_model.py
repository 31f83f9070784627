"""A loopback model server the real clients talk to instead of a model provider.

It speaks just enough of two wire APIs for a client to finish a turn:

* Anthropic Messages (``POST .../v1/messages``, JSON or ``stream: true`` server-sent events;
  ``.../v1/messages/count_tokens``), what Claude Code calls;
* OpenAI Responses (``POST .../v1/responses``, server-sent events), what Codex calls;
  ``GET .../models`` answers an empty list.

Every answer is one short fixed text and no tool call, so a client ends its turn at once. Every
request is appended to a JSONL log (method, path, the headers that matter, the body), which is
what the checks read: the memory a hook injected must appear in the model request. The server
is also the clients' HTTP(S) proxy: a client that tries to reach anything but this server lands
here as a ``CONNECT`` (or an absolute-URL request), is refused and logged, so "the clients talked
to nothing else" is a check, not a hope.

Run alone: ``python tests/real_clients/fake_model.py --log FILE`` prints the port and serves.
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from collections.abc import Iterator
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

REPLY = "Noted."
MODEL = "fake-model"
#: Headers worth keeping in the log (never an authorization value: it is recorded as present).
KEPT_HEADERS = ("content-type", "user-agent", "anthropic-version", "anthropic-beta", "accept")


class RequestLog:
    """Thread-safe JSONL log of every request the server saw."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._seq = 0
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("", encoding="utf-8")

    def add(self, entry: dict[str, Any]) -> None:
        """Append one record with a sequence number."""
        with self._lock:
            self._seq += 1
            line = json.dumps({"seq": self._seq, **entry}, ensure_ascii=False)
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write(line + "\n")

    def entries(self) -> list[dict[str, Any]]:
        """Every record so far."""
        with self._lock:
            text = self.path.read_text(encoding="utf-8")
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def _sse(event: str, data: dict[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()


def anthropic_message(request: dict[str, Any]) -> dict[str, Any]:
    """A complete non-streamed Messages API answer."""
    return {
        "id": f"msg_fake_{time.monotonic_ns()}",
        "type": "message",
        "role": "assistant",
        "model": request.get("model", MODEL),
        "content": [{"type": "text", "text": REPLY}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 2},
    }


def anthropic_stream(request: dict[str, Any]) -> Iterator[bytes]:
    """The Messages API event stream of :func:`anthropic_message`."""
    message = anthropic_message(request)
    start = {**message, "content": [], "stop_reason": None}
    start["usage"] = {"input_tokens": 10, "output_tokens": 0}
    yield _sse("message_start", {"type": "message_start", "message": start})
    block = {"type": "text", "text": ""}
    yield _sse(
        "content_block_start", {"type": "content_block_start", "index": 0, "content_block": block}
    )
    delta = {"type": "text_delta", "text": REPLY}
    yield _sse("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta})
    yield _sse("content_block_stop", {"type": "content_block_stop", "index": 0})
    yield _sse(
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn", "stop_sequence": None},
            "usage": {"output_tokens": 2},
        },
    )
    yield _sse("message_stop", {"type": "message_stop"})


def responses_stream(request: dict[str, Any]) -> Iterator[bytes]:
    """The OpenAI Responses API event stream of one assistant message."""
    now = int(time.time())
    response_id = f"resp_fake_{time.monotonic_ns()}"
    item_id = f"msg_fake_{time.monotonic_ns()}"
    model = request.get("model", MODEL)
    base = {"id": response_id, "object": "response", "created_at": now, "model": model}
    seq = iter(range(1_000_000))

    def event(kind: str, **fields: Any) -> bytes:
        return _sse(kind, {"type": kind, "sequence_number": next(seq), **fields})

    yield event("response.created", response={**base, "status": "in_progress", "output": []})
    yield event("response.in_progress", response={**base, "status": "in_progress", "output": []})
    empty = {"id": item_id, "type": "message", "role": "assistant", "status": "in_progress"}
    yield event("response.output_item.added", output_index=0, item={**empty, "content": []})
    part = {"type": "output_text", "text": "", "annotations": []}
    yield event(
        "response.content_part.added", item_id=item_id, output_index=0, content_index=0, part=part
    )
    yield event(
        "response.output_text.delta", item_id=item_id, output_index=0, content_index=0, delta=REPLY
    )
    yield event(
        "response.output_text.done", item_id=item_id, output_index=0, content_index=0, text=REPLY
    )
    done_part = {**part, "text": REPLY}
    yield event(
        "response.content_part.done",
        item_id=item_id,
        output_index=0,
        content_index=0,
        part=done_part,
    )
    item = {**empty, "status": "completed", "content": [done_part]}
    yield event("response.output_item.done", output_index=0, item=item)
    usage = {
        "input_tokens": 10,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 2,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 12,
    }
    completed = {**base, "status": "completed", "output": [item], "usage": usage}
    yield event("response.completed", response=completed)


class _Handler(BaseHTTPRequestHandler):
    server: FakeModelServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the JSONL log is the record."""

    def _record(self, body: Any, outcome: str) -> None:
        headers = {k: v for k, v in self.headers.items() if k.lower() in KEPT_HEADERS}
        self.server.log.add(
            {
                "method": self.command,
                "path": self.path,
                "headers": headers,
                "authorized": bool(
                    self.headers.get("authorization") or self.headers.get("x-api-key")
                ),
                "body": body,
                "outcome": outcome,
            }
        )

    def _body(self) -> Any:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode("utf-8", "replace")[:2000]

    def _json(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _stream(self, chunks: Iterator[bytes]) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("connection", "close")
        self.end_headers()
        for chunk in chunks:
            self.wfile.write(chunk)
            self.wfile.flush()
        self.close_connection = True

    def _refuse_outside(self) -> bool:
        """A proxied request for any other host: refuse and log it."""
        if self.command == "CONNECT" or self.path.startswith(("http://", "https://")):
            self._record(None, "refused: not the loopback model server")
            self._json(HTTPStatus.FORBIDDEN, {"error": "no network in this session"})
            self.close_connection = True
            return True
        return False

    def do_CONNECT(self) -> None:
        """A client tried to tunnel to another host."""
        self._refuse_outside()

    def do_GET(self) -> None:
        """Model lists (empty); anything else is unknown."""
        if self._refuse_outside():
            return
        path = self.path.split("?", 1)[0]
        if path.endswith("/models"):
            self._record(None, "models")
            self._json(HTTPStatus.OK, {"object": "list", "data": [], "models": []})
            return
        self._record(None, "unknown")
        self._json(HTTPStatus.NOT_FOUND, {"error": f"unknown path {path}"})

    def do_HEAD(self) -> None:
        """Connectivity probes."""
        if self._refuse_outside():
            return
        self._record(None, "head")
        self.send_response(HTTPStatus.OK)
        self.send_header("content-length", "0")
        self.end_headers()

    def do_POST(self) -> None:
        """The model calls."""
        if self._refuse_outside():
            return
        body = self._body()
        path = self.path.split("?", 1)[0]
        request = body if isinstance(body, dict) else {}
        if path.endswith("/v1/messages/count_tokens"):
            self._record(body, "count_tokens")
            self._json(HTTPStatus.OK, {"input_tokens": 10})
        elif path.endswith("/v1/messages"):
            self._record(body, "messages")
            if request.get("stream"):
                self._stream(anthropic_stream(request))
            else:
                self._json(HTTPStatus.OK, anthropic_message(request))
        elif path.endswith("/responses"):
            self._record(body, "responses")
            self._stream(responses_stream(request))
        else:
            self._record(body, "unknown")
            self._json(HTTPStatus.NOT_FOUND, {"error": f"unknown path {path}"})


class FakeModelServer(ThreadingHTTPServer):
    """The server; ``url`` is its base URL once constructed."""

    daemon_threads = True

    def __init__(self, log_path: Path, port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.log = RequestLog(log_path)

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.server_address[1]}"

    def start(self) -> FakeModelServer:
        """Serve on a daemon thread."""
        threading.Thread(target=self.serve_forever, daemon=True, name="fake-model").start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket."""
        self.shutdown()
        self.server_close()


def main() -> int:
    """Serve until interrupted, printing the URL."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--log", type=Path, required=True)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    server = FakeModelServer(args.log, args.port)
    print(server.url, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Nothing the system under test should not learn crosses the seam.

A run of a slice of the committed corpus through every kind of row (direct gRPC, the Claude
Code hook, the Codex rollout, inject-all) with a recording interceptor on the engine's gRPC
server (every request message, decoded), the hook's stdin and transcript, and the rendered
Codex rollouts. None of them may hold a fixture id, a pair id, a category word, a gold field
name or a gold gist; every brain and session name must be opaque; every recall query must be a
reader's own turn text.
"""

from __future__ import annotations

import json
import re
import shutil
from functools import partial
from pathlib import Path
from typing import Any

import grpc
import pytest
from bb_brain.server import serve_in_thread
from bb_cli.main import main
from bb_schema import convert
from bb_schema.memory import OpenBrainRequest, OpenSeededBrainRequest, RecallRequest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "evals" / "brainbench"
SLICE = (
    "gen-kta-pos-001",
    "gen-kta-neg-002",
    "gen-push-001",
    "gen-adv-001-word-name",
    "gen-ms-002",
    "gen-wb-002",
    "gen-cont-003-writer",
    "gen-cont-003-reader",
)
GOLD_FIELDS = (
    "should_retrieve",
    "gold_slugs",
    "acceptable_slugs",
    "gold_facts",
    "match_keywords",
    "expected_slugs",
    "decision_id",
    "decisions",
    "gist",
)
OPAQUE = re.compile(r"[0-9a-f]{24}")
CODECS: dict[str, convert.Codec[Any, Any]] = {
    "/brainbench.v1.TurnContext/GetTurnContext": convert.TURN_CONTEXT_REQUEST,
    "/brainbench.v1.TurnContext/GetEntityIndex": convert.ENTITY_INDEX_REQUEST,
    "/brainbench.v1.TurnContext/WriteBack": convert.WRITE_BACK_REQUEST,
    "/brainbench.v1.BenchControl/OpenBrain": convert.OPEN_BRAIN_REQUEST,
    "/brainbench.v1.BenchControl/Seed": convert.SEED_REQUEST,
    "/brainbench.v1.BenchControl/ListFacts": convert.FACT_QUERY,
    "/brainbench.v1.BenchControl/ProbeFacts": convert.FACT_QUERY,
    "/brainbench.v1.BenchControl/Recall": convert.RECALL_REQUEST,
    "/brainbench.v1.BenchControl/CloseBrain": convert.CLOSE_BRAIN_REQUEST,
    "/brainbench.v1.BenchControl/OpenSeededBrain": convert.OPEN_SEEDED_BRAIN_REQUEST,
}


class Recorder(grpc.ServerInterceptor):  # type: ignore[type-arg]
    """Keeps every request (method, raw bytes) the server accepted."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, bytes]] = []

    def intercept_service(self, continuation: Any, details: Any) -> Any:
        handler = continuation(details)
        if handler is None or handler.unary_unary is None:
            return handler
        behavior = handler.unary_unary

        def record(request: bytes, context: Any) -> Any:
            self.seen.append((details.method, request))
            return behavior(request, context)

        return grpc.unary_unary_rpc_method_handler(
            record,
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )


def _documents(kind: str) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for fixture_id in SLICE:
        (path,) = sorted(
            (CORPUS / kind).rglob(
                f"{fixture_id}.{kind[:-1] if kind == 'fixtures' else 'gold'}.json"
            )
        )
        found[fixture_id] = json.loads(path.read_text(encoding="utf-8"))
    return found


@pytest.fixture(scope="module")
def crossed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Everything that crossed the seam in one run, by channel, as text."""
    root = tmp_path_factory.mktemp("hygiene")
    for kind, suffix in (("fixtures", ".fixture.json"), ("gold", ".gold.json")):
        (root / kind).mkdir()
        for fixture_id in SLICE:
            (found,) = sorted((CORPUS / kind).rglob(fixture_id + suffix))
            shutil.copy(found, root / kind / found.name)
    recorder = Recorder()
    hook_inputs: list[str] = []
    rollouts: list[str] = []
    patch = pytest.MonkeyPatch()
    import bb_adapters.delivery.codex as codex
    import bb_adapters.delivery.hook as hook

    real_hook, real_render = hook.run_user_prompt_hook, codex.render_codex_rollout

    def recording_hook(stdin_text: str, **kwargs: Any) -> str:
        hook_inputs.append(stdin_text)
        transcript = Path(json.loads(stdin_text)["transcript_path"])
        # A session's first prompt has no transcript yet, as with the real client.
        if transcript.exists():
            hook_inputs.append(transcript.read_text(encoding="utf-8"))
        return real_hook(stdin_text, **kwargs)

    def recording_render(*args: Any, **kwargs: Any) -> str:
        text = real_render(*args, **kwargs)
        rollouts.append(text)
        return text

    patch.setattr(
        "bb_cli._runbench.serve_in_thread", partial(serve_in_thread, interceptors=[recorder])
    )
    patch.setattr(hook, "run_user_prompt_hook", recording_hook)
    patch.setattr(codex, "render_codex_rollout", recording_render)
    try:
        code = main(
            [
                "run",
                "--quiet",
                "--fixtures",
                str(root / "fixtures"),
                "--gold",
                str(root / "gold"),
                "--ledger",
                str(root / "ledger.jsonl"),
                "--harness",
                "openclaw,claude-code,codex,inject-all",
                "--out",
                str(root / "result.json"),
            ]
        )
    finally:
        patch.undo()
    assert code == 0
    requests = [CODECS[method].from_bytes(raw) for method, raw in recorder.seen if method in CODECS]
    assert {method for method, _ in recorder.seen} >= {
        "/brainbench.v1.BenchControl/OpenSeededBrain",  # the reference declares open-seeded
        "/brainbench.v1.TurnContext/GetTurnContext",
        "/brainbench.v1.TurnContext/WriteBack",
        "/brainbench.v1.BenchControl/Recall",
    }
    assert hook_inputs and rollouts
    return {
        "grpc": [request.model_dump_json() for request in requests],
        "models": requests,  # type: ignore[dict-item]
        "hook": hook_inputs,
        "codex": rollouts,
    }


def _public_text(fixture: dict[str, Any]) -> str:
    parts = [turn["text"] for turn in fixture["turns"]]
    parts += [page["slug"] + "\n" + page["content"] for page in fixture.get("seed_pages", [])]
    parts += [fact["fact"] for fact in fixture.get("seed_facts", [])]
    return "\n".join(parts).casefold()


def _forbidden() -> list[str]:
    fixtures, gold = _documents("fixtures"), _documents("gold")
    public = "\n".join(_public_text(f) for f in fixtures.values())
    # In deterministic write-back mode the gold facts' text is the extractor seam's output,
    # handed to WriteBack by design (disclosed); it is public to the seam, nothing else is.
    public += "\n" + "\n".join(
        fact["fact"].casefold()
        for document in gold.values()
        for entry in document["turns"].values()
        for fact in entry.get("gold_facts", [])
    )
    words = set(SLICE)
    words |= {f["continuity"]["pair_id"] for f in fixtures.values() if f.get("continuity")}
    words |= {f["category"] for f in fixtures.values() if f.get("category")}
    words |= set(GOLD_FIELDS)
    words |= {
        fact["gist"]
        for document in gold.values()
        for entry in document["turns"].values()
        for fact in entry.get("gold_facts", [])
    }
    # a word the conversation, its pages or the extractor's output hold is not a leak
    return sorted(word for word in words if word.casefold() not in public)


@pytest.mark.parametrize("channel", ["grpc", "hook", "codex"])
def test_no_fixture_id_category_or_gold_crosses(
    crossed: dict[str, list[str]], channel: str
) -> None:
    forbidden = _forbidden()
    assert "gen-adv-001-word-name" in forbidden and "adversarial" in forbidden
    texts = crossed[channel]
    assert texts
    for text in texts:
        folded = text.casefold()
        leaked = [word for word in forbidden if word.casefold() in folded]
        assert not leaked, f"{channel} carried {leaked}: {text[:300]}"


def test_brains_and_sessions_have_opaque_names_and_recall_asks_the_reader_s_words(
    crossed: dict[str, Any],
) -> None:
    models = crossed["models"]
    opened = [m for m in models if isinstance(m, OpenBrainRequest | OpenSeededBrainRequest)]
    assert opened and all(OPAQUE.fullmatch(m.fixture_id) for m in opened)
    sessions = {m.session_id for m in models if hasattr(m, "session_id")}
    assert sessions and all(OPAQUE.fullmatch(session) for session in sessions)
    reader = _documents("fixtures")["gen-cont-003-reader"]
    own_words = {turn["text"] for turn in reader["turns"] if turn["role"] == "user"}
    queries = [m.query for m in models if isinstance(m, RecallRequest)]
    assert queries and set(queries) <= own_words

"""The rules through the real channels: the CLI as a subprocess (with and without a terminal),
the MCP server driven by the official MCP client over stdio, and the GitHub connector."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from bb_brain import BrainUserError, Database
from bb_brain.trust import TrustBrain, TrustRefused, TrustSettings
from bb_brain.trust.channels.github import load_payload
from bb_brain.trust.clients import McpAgent, run_cli

from .conftest import ALICE, SOURCE, commit, residual

ISSUE = {"number": 3, "title": "Crash", "body": "CANARY-http payload", "user": {"login": "m"},
         "html_url": "https://github.com/o/r/issues/3"}  # fmt: skip


@pytest.fixture(scope="module")
def shared(db: Database, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TrustBrain]:
    repo = tmp_path_factory.mktemp("channels") / "repo"
    brain = TrustBrain.create(db, source=SOURCE, repo=repo,
                              settings=TrustSettings(external_mode="quarantine"))  # fmt: skip
    commit(repo, {"people/alice.md": ALICE})
    yield brain
    brain.close()


@pytest.fixture(scope="module")
def agent(shared: TrustBrain) -> Iterator[McpAgent]:
    token = shared.issue_agent_token("helper", [SOURCE])
    with McpAgent(shared.env(SOURCE, token=token)) as client:
        yield client


def test_cli_sync_remember_and_confirm_need_a_terminal(shared: TrustBrain) -> None:
    env = shared.env(SOURCE)
    synced = run_cli(["sync", "--json"], env)
    assert synced.code == 0 and synced.json["pages_written"] == ["people/alice"]
    piped = run_cli(["remember", "Alice likes CANARY-cli", "--json"], env)
    assert piped.code == 0 and piped.json["tier"] == "agent_written" and piped.json["flag"]
    ref = piped.json["ref"]
    refused = run_cli(["confirm", ref, "--yes", "--json"], env)
    assert refused.code == 2 and refused.json["error"]["reason"] == "not_interactive"
    purge = run_cli(["forget", "--purge", "CANARY-cli", "--yes", "--json"], env)
    assert purge.code == 2 and purge.json["error"]["reason"] == "not_interactive"
    assert shared.stored_tier(ref) == "agent_written"
    at_tty = run_cli(["confirm", ref, "--json"], env, tty=True, stdin="y\n")
    assert at_tty.code == 0, at_tty.stderr
    assert shared.stored_tier(at_tty.json["confirmed_ref"]) == "user_confirmed"
    owner = run_cli(["remember", "Alice's owner note", "--json"], env, tty=True)
    assert owner.code == 0 and owner.json["tier"] == "owner" and owner.json["flag"] is None


def test_cli_purge_at_a_terminal(shared: TrustBrain, db: Database) -> None:
    env = shared.env(SOURCE)
    run_cli(["remember", "door code CANARY-door", "--json"], env)
    assert residual(db, shared.brain_id, "CANARY-door")
    done = run_cli(["forget", "--purge", "door code CANARY-door", "--yes", "--json"], env,
                   tty=True)  # fmt: skip
    assert done.code == 0, done.stderr
    assert "facts" in [s["store"] for s in done.json["stores"]]
    shared.wait_settled()
    assert residual(db, shared.brain_id, "CANARY-door") == {}
    bad = run_cli(["remember", "x", "--json"], {**env, "BB_BRAIN_ID": "nope-1"})
    assert bad.code == 2 and "nope-1" in bad.json["error"]["message"]


def test_mcp_agent_tier_labels_and_refusals(shared: TrustBrain, agent: McpAgent) -> None:
    assert agent.tools() == ["confirm_memory", "forget", "get_page", "put_page", "recall",
                             "remember", "search"]  # fmt: skip
    said = agent.call("remember", text="Alice wants CANARY-mcp", content_origin="user_said")
    assert said["tier"] == "agent_written" and said["flag"]["ref"] == said["ref"]
    with pytest.raises(TrustRefused) as refused:
        agent.call("confirm_memory", ref=said["ref"])
    assert refused.value.reason == "not_owner"
    with pytest.raises(TrustRefused):
        agent.call("forget", ref=said["ref"], purge=True)
    assert shared.stored_tier(said["ref"]) == "agent_written"
    recalled = agent.call("recall", query="CANARY-mcp")["items"]
    assert recalled[0]["unconfirmed"] and recalled[0]["tier"] == "agent_written"
    shared.owner.sync(SOURCE)
    owner_fact = shared.owner.remember(SOURCE, "Standup is at nine", key="standup")
    with pytest.raises(TrustRefused) as lower:
        agent.call("remember", text="Standup is at ten", key="standup")
    assert lower.value.reason == "lower_tier"
    with pytest.raises(TrustRefused):
        agent.call("forget", ref=owner_fact.ref)
    put = agent.call("put_page", slug="people/alice", content=ALICE + "CANARY-fence\n")
    assert put["tier"] == "agent_written" and put["ref"].startswith("chunk:")
    page = agent.call("get_page", slug="people/alice")
    assert page["tier"] == "owner" and page["chunks"][-1]["unconfirmed"]
    hits = agent.call("search", query="CANARY-fence")["items"]
    assert hits[0]["tier"] == "agent_written"
    held = agent.call("remember", text="CANARY-tool output", content_origin="tool_output")
    assert held["stored"] == "quarantine" and shared.recall(SOURCE, "CANARY-tool") == []
    with pytest.raises(TrustRefused) as other:
        agent.call("recall", query="x", source="src-other")
    assert other.value.reason == "source_not_allowed"


def test_mcp_rejects_an_unknown_token(shared: TrustBrain) -> None:
    with pytest.raises(Exception, match="unknown"):
        with McpAgent(shared.env(SOURCE, token="bbt_forged"), timeout=20):
            pass


def test_github_connector_from_a_file_and_a_local_server(
    shared: TrustBrain, tmp_path: Path
) -> None:
    env = shared.env(SOURCE)
    payload = tmp_path / "issue.json"
    event = {"action": "opened", "issue": ISSUE, "repository": {"full_name": "o/r"}}
    payload.write_text(json.dumps(event), encoding="utf-8")
    from_file = run_cli(["connector", "github", "--payload", str(payload), "--json"], env)
    assert from_file.code == 0 and from_file.json["stored"] == "quarantine"

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = json.dumps(ISSUE).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/repos/o/r/issues/3"
        fetched = run_cli(["connector", "github", "--url", url, "--json"], env)
    finally:
        server.shutdown()
        server.server_close()
    assert fetched.code == 0 and fetched.json["tier"] == "external_untrusted"
    with pytest.raises(BrainUserError, match="loopback"):  # never the network
        load_payload(url="http://example.com/x")
    assert shared.search(SOURCE, "CANARY-http") == []  # quarantined: no live store has it

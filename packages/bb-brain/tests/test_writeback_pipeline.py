from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from bb_brain import Database, Engine
from bb_brain._errors import UnknownBrainError
from bb_brain.writeback import (
    BudgetExhausted,
    ExtractionContext,
    Extractor,
    ExtractorUnavailable,
    LlmBudget,
    LlmConfig,
    Segment,
    llm_extractors,
    write_back,
)
from bb_schema import Gold, PublicTurn
from bb_schema.fixture import Fixture, SeedPage
from bb_schema.memory import CloseBrainRequest, OpenBrainRequest, SeedRequest
from bb_schema.turn_context import (
    ExtractedFact,
    InjectedExtraction,
    WriteBackRequest,
    conversation_slug,
)

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"


@pytest.fixture
def brain(engine: Engine) -> Iterator[str]:
    brain_id = engine.open_brain(OpenBrainRequest(fixture_id="wb-test")).brain_id
    yield brain_id
    engine.close_brain(CloseBrainRequest(brain_id=brain_id))


def load_sample(name: str) -> tuple[Fixture, Gold]:
    fixture = Fixture.model_validate_json(
        (SAMPLES / "fixtures" / f"{name}.fixture.json").read_text()
    )
    gold = Gold.model_validate_json((SAMPLES / "gold" / f"{name}.gold.json").read_text())
    return fixture, gold


def injected_from_gold(fixture: Fixture, gold: Gold) -> list[InjectedExtraction]:
    out = []
    for turn in fixture.turns:
        turn_gold = gold.for_turn(turn.turn_id)
        if turn_gold and turn_gold.gold_facts:
            facts = [
                ExtractedFact(fact=g.fact, entity_slug=g.entity_slug, kind=g.kind)
                for g in turn_gold.gold_facts
            ]
            out.append(InjectedExtraction(turn_text=turn.text, facts=facts))
    return out


def seed(engine: Engine, brain: str, fixture: Fixture) -> None:
    engine.seed(SeedRequest(brain_id=brain, pages=fixture.seed_pages))


def facts(db: Database, brain: str, source: str = "default") -> list[dict[str, Any]]:
    with db.connection() as conn:
        cur = conn.execute(
            "SELECT fact, entity_slug, kind, source, source_session, source_markdown_slug, status"
            " FROM facts WHERE brain_id = %s AND source = %s ORDER BY fact_id",
            (brain, source),
        )
        names = [c.name for c in cur.description or []]
        return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]


def count(db: Database, sql: str, *args: object) -> int:
    with db.connection() as conn:
        row = conn.execute(sql, args).fetchone()
    assert row is not None
    return int(row[0])


def turns(*specs: tuple[str, str]) -> list[PublicTurn]:
    return [
        PublicTurn(turn_id=i, role="user", text=text, ts=ts)
        for i, (text, ts) in enumerate(specs, start=1)
    ]


def gold_request(
    brain: str, conv: list[PublicTurn], injected: list[InjectedExtraction], **kw: Any
) -> WriteBackRequest:
    base: dict[str, Any] = {"brain_id": brain, "source": "default", "session_id": "sess-1"}
    base.update(kw)
    return WriteBackRequest(turns=conv, injected=injected, extractor="gold", **base)


# --- the interop sample in deterministic mode ----------------------------------------------


def test_gold_sample_keeps_every_fact_with_full_provenance(
    db: Database, engine: Engine, brain: str
) -> None:
    fixture, gold = load_sample("wb-001-pricing-concern")
    seed(engine, brain, fixture)
    request = WriteBackRequest(
        brain_id=brain,
        source="default",
        session_id="wb-001-session",
        turns=fixture.turns,
        injected=injected_from_gold(fixture, gold),
    )
    response = write_back(db, request)
    assert (
        response.conversation_slug
        == conversation_slug("wb-001-session")
        == "conversations/wb-001-session"
    )
    assert (response.segments, response.facts_written, response.facts_deduplicated) == (1, 3, 0)
    stored = facts(db, brain)
    gold_facts = [g for t in gold.turns.values() for g in t.gold_facts]
    assert len(stored) == len(gold_facts) == 3
    for g in gold_facts:
        (row,) = [s for s in stored if s["fact"] == g.fact]
        assert row["entity_slug"] == g.entity_slug
        assert row["kind"] == g.kind
        assert row["source"] == "default"
        assert row["source_session"] == "wb-001-session#1"  # one segment
        assert row["source_markdown_slug"] == "conversations/wb-001-session"
        assert row["status"] == "active"
        assert all(k.casefold() in row["fact"].casefold() for k in g.match_keywords)


def test_audit_row_is_written_once_and_is_never_a_fact(db: Database, brain: str) -> None:
    conv = turns(("We will ship on Friday.", "2026-03-02T17:00:00Z"))
    injected = [
        InjectedExtraction(turn_text=conv[0].text, facts=[ExtractedFact(fact="ship Friday")])
    ]
    write_back(db, gold_request(brain, conv, injected))
    with db.connection() as conn:
        audit = conn.execute(
            "SELECT source, session_id, segments, facts_written, facts_deduped, extractor,"
            " conversation_slug FROM write_back_audit WHERE brain_id = %s",
            (brain,),
        ).fetchall()
    assert audit == [("default", "sess-1", 1, 1, 0, "gold", "conversations/sess-1")]
    assert count(db, "SELECT count(*) FROM facts WHERE brain_id = %s", brain) == 1


def test_conversation_page_is_stored_in_the_source_and_replaced_on_rerun(
    db: Database, brain: str
) -> None:
    conv = turns(("First version.", "2026-03-02T17:00:00Z"), ("Later.", "2026-03-02T19:00:00Z"))
    write_back(db, gold_request(brain, conv, [], source="work"))
    with db.connection() as conn:
        rows = conn.execute(
            "SELECT source, slug, title, page_type, body FROM pages WHERE brain_id = %s", (brain,)
        ).fetchall()
    assert len(rows) == 1
    source, slug, title, page_type, body = rows[0]
    assert (source, slug, title, page_type) == (
        "work",
        "conversations/sess-1",
        "Conversation sess-1",
        "conversation",
    )
    assert "2026-03-02T17:00:00Z" in body and "2026-03-02T19:00:00Z" in body
    assert "## Segment 2" in body
    rerun = turns(("Second version.", "2026-03-02T17:00:00Z"))
    assert write_back(db, gold_request(brain, rerun, [], source="work")).segments == 1
    with db.connection() as conn:
        rows = conn.execute("SELECT body FROM pages WHERE brain_id = %s", (brain,)).fetchall()
    assert len(rows) == 1
    assert "Second version." in rows[0][0] and "First version." not in rows[0][0]
    assert count(db, "SELECT count(*) FROM aliases WHERE brain_id = %s", brain) == 0


# --- segmentation through the pipeline -----------------------------------------------------


@pytest.mark.parametrize(
    ("second_ts", "segments"), [("2026-03-02T17:30:00Z", 1), ("2026-03-02T17:30:01Z", 2)]
)
def test_thirty_minute_boundary(db: Database, brain: str, second_ts: str, segments: int) -> None:
    conv = turns(("Alpha.", "2026-03-02T17:00:00Z"), ("Beta.", second_ts))
    seen: list[Segment] = []

    class Recorder:
        def extract(self, segment: Segment) -> list[ExtractedFact]:
            seen.append(segment)
            return []

    def factory(context: ExtractionContext) -> Extractor:
        return Recorder()

    response = write_back(db, gold_request(brain, conv, []), extractors={"gold": factory})
    assert response.segments == segments == len(seen)
    assert [t.text for s in seen for t in s.turns] == ["Alpha.", "Beta."]


# --- dedup ------------------------------------------------------------------------------


def test_dedup_within_a_conversation_and_across_reruns(db: Database, brain: str) -> None:
    conv = turns(
        ("T1", "2026-03-02T17:00:00Z"),
        ("T2", "2026-03-02T17:01:00Z"),
        ("T3", "2026-03-02T19:00:00Z"),
    )
    alice = "people/alice-example"
    injected = [
        InjectedExtraction(
            turn_text="T1", facts=[ExtractedFact(fact="Alice likes tea.", entity_slug=alice)]
        ),
        # same normalised text and entity, same segment and a later segment: both duplicates
        InjectedExtraction(
            turn_text="T2", facts=[ExtractedFact(fact="  alice LIKES   tea ", entity_slug=alice)]
        ),
        InjectedExtraction(
            turn_text="T3",
            facts=[
                ExtractedFact(fact="Alice likes tea!", entity_slug=alice),
                ExtractedFact(fact="Alice likes tea.", entity_slug=None),  # other entity: kept
                ExtractedFact(fact="Alice likes coffee.", entity_slug=alice),
            ],
        ),
    ]
    response = write_back(db, gold_request(brain, conv, injected))
    assert (response.facts_written, response.facts_deduplicated) == (3, 2)
    assert [(f["fact"], f["entity_slug"], f["source_session"]) for f in facts(db, brain)] == [
        ("Alice likes tea.", alice, "sess-1#1"),  # the first statement's segment
        ("Alice likes tea.", None, "sess-1#2"),
        ("Alice likes coffee.", alice, "sess-1#2"),
    ]
    again = write_back(db, gold_request(brain, conv, injected))
    assert (again.facts_written, again.facts_deduplicated) == (0, 5)
    other_session = write_back(db, gold_request(brain, conv, injected, session_id="sess-2"))
    assert other_session.facts_written == 3
    other_source = write_back(db, gold_request(brain, conv, injected, source="elsewhere"))
    assert other_source.facts_written == 3
    assert len(facts(db, brain)) == 6
    assert len(facts(db, brain, "elsewhere")) == 3


def test_concurrent_write_backs_of_one_session_write_each_fact_once(
    db: Database, brain: str
) -> None:
    conv = turns(("T1", "2026-03-02T17:00:00Z"))
    injected = [
        InjectedExtraction(
            turn_text="T1", facts=[ExtractedFact(fact=f"fact {i}") for i in range(20)]
        )
    ]
    results: list[int] = []

    def run() -> None:
        results.append(write_back(db, gold_request(brain, conv, injected)).facts_written)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [0, 0, 0, 20]
    assert len(facts(db, brain)) == 20


def test_kind_defaults_and_blank_facts_are_dropped(db: Database, brain: str) -> None:
    conv = turns(("T1", "2026-03-02T17:00:00Z"))
    injected = [
        InjectedExtraction(
            turn_text="T1", facts=[ExtractedFact(fact="plain"), ExtractedFact(fact="   ")]
        )
    ]
    response = write_back(db, gold_request(brain, conv, injected))
    assert (response.facts_written, response.facts_deduplicated) == (1, 0)
    assert [(f["fact"], f["kind"]) for f in facts(db, brain)] == [("plain", "fact")]


def test_gold_never_writes_facts_of_turns_not_in_the_conversation(db: Database, brain: str) -> None:
    conv = turns(("Said this.", "2026-03-02T17:00:00Z"))
    injected = [
        InjectedExtraction(turn_text="Said this.", facts=[ExtractedFact(fact="kept")]),
        InjectedExtraction(turn_text="Never said.", facts=[ExtractedFact(fact="invented")]),
    ]
    assert write_back(db, gold_request(brain, conv, injected)).facts_written == 1
    assert [f["fact"] for f in facts(db, brain)] == ["kept"]


# --- failures store nothing ----------------------------------------------------------------


def test_unknown_brain(db: Database) -> None:
    conv = turns(("x", "2026-03-02T17:00:00Z"))
    with pytest.raises(UnknownBrainError, match="'no-such-brain'"):
        write_back(db, gold_request("no-such-brain", conv, []))


def test_extractor_failure_stores_nothing(db: Database, brain: str) -> None:
    conv = turns(("A", "2026-03-02T17:00:00Z"), ("B", "2026-03-02T19:00:00Z"))

    class FailsOnSecond:
        def extract(self, segment: Segment) -> list[ExtractedFact]:
            if segment.index == 1:
                raise BudgetExhausted("budget gone")
            return [ExtractedFact(fact="from A")]

    with pytest.raises(BudgetExhausted):
        write_back(
            db, gold_request(brain, conv, []), extractors={"gold": lambda ctx: FailsOnSecond()}
        )
    for table in ("facts", "pages", "write_back_audit"):
        assert count(db, f"SELECT count(*) FROM {table} WHERE brain_id = %s", brain) == 0


# --- rules and llm through the pipeline ---------------------------------------------------


def test_rules_extractor_on_the_sample_attributes_entities(
    db: Database, engine: Engine, brain: str
) -> None:
    fixture, _ = load_sample("wb-001-pricing-concern")
    seed(engine, brain, fixture)
    request = WriteBackRequest(
        brain_id=brain, source="default", session_id="s", turns=fixture.turns, extractor="rules"
    )
    response = write_back(db, request)
    stored = facts(db, brain)
    assert response.facts_written == len(stored) > 0
    assert all(
        f["source_session"] == "s#1" and f["source_markdown_slug"] == "conversations/s"
        for f in stored
    )
    by_text = {f["fact"]: (f["entity_slug"], f["kind"]) for f in stored}
    assert by_text["She is worried the widget-co pricing model undercuts their gross margin."] == (
        "people/alice-example",
        "belief",
    )
    assert by_text["I committed to sending her the diligence checklist by Friday."] == (
        "people/alice-example",
        "commitment",
    )
    assert not any("Just got off" in text for text in by_text)


def test_rules_never_attributes_to_another_sources_page(
    db: Database, engine: Engine, brain: str
) -> None:
    page = "---\ntitle: Alice Example\ntype: person\n---\nbody\n"
    other = SeedPage(slug="people/alice-example", content=page, source_id="other")
    engine.seed(SeedRequest(brain_id=brain, pages=[other]))
    # her given name alone: only the other source's page could say who she is
    conv = turns(("Alice thinks pricing is high.", "2026-03-02T17:00:00Z"))
    write_back(
        db,
        WriteBackRequest(
            brain_id=brain, source="default", session_id="s", turns=conv, extractor="rules"
        ),
    )
    assert [f["entity_slug"] for f in facts(db, brain)] == [None]


@pytest.fixture
def chat_server() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    replies: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            raw = json.dumps(replies.pop(0)).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def log_message(self, format: str, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", replies
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def chat(content: dict[str, Any], tokens: int) -> dict[str, Any]:
    return {
        "choices": [{"message": {"role": "assistant", "content": json.dumps(content)}}],
        "usage": {"total_tokens": tokens},
    }


def test_llm_extractor_writes_and_budget_abort_stores_nothing(
    db: Database, brain: str, chat_server: tuple[str, list[dict[str, Any]]]
) -> None:
    url, replies = chat_server
    conv = turns(
        ("Alice wants a seat.", "2026-03-02T17:00:00Z"), ("Later.", "2026-03-02T19:00:00Z")
    )
    config = LlmConfig(base_url=url, api_key="k", model="m")
    budget = LlmBudget(0.001, usd_per_1k_tokens=0.001)  # 1000 tokens for the run
    registry = llm_extractors(config, budget)
    replies += [
        chat({"facts": [{"fact": "Alice wants a seat", "kind": "preference"}]}, 300),
        chat({"facts": []}, 300),
    ]
    request = WriteBackRequest(
        brain_id=brain, source="default", session_id="s1", turns=conv, extractor="llm"
    )
    response = write_back(db, request, extractors=registry)
    assert (response.segments, response.facts_written) == (2, 1)
    assert facts(db, brain)[0]["kind"] == "preference"
    # The next conversation crosses the run's budget on its second segment: nothing of it lands.
    replies += [chat({"facts": [{"fact": "second run"}]}, 300), chat({"facts": []}, 300)]
    with pytest.raises(BudgetExhausted, match="nothing stored"):
        write_back(db, request.model_copy(update={"session_id": "s2"}), extractors=registry)
    assert [f["source_session"] for f in facts(db, brain)] == ["s1#1"]
    assert (
        count(
            db,
            "SELECT count(*) FROM pages WHERE brain_id = %s AND slug = %s",
            brain,
            "conversations/s2",
        )
        == 0
    )


def test_engine_serves_the_extractors_it_was_given(
    db: Database, engine: Engine, brain: str, chat_server: tuple[str, list[dict[str, Any]]]
) -> None:
    url, replies = chat_server
    conv = turns(("Alice wants a seat.", "2026-03-02T17:00:00Z"))
    request = WriteBackRequest(
        brain_id=brain, source="default", session_id="s1", turns=conv, extractor="llm"
    )
    with pytest.raises(ExtractorUnavailable, match="llm_extractors"):
        engine.write_back(request)  # the plain engine has no llm configured
    budget = LlmBudget(1.0, usd_per_1k_tokens=0.001)
    served = Engine(db, extractors=llm_extractors(LlmConfig(url, "k", "m"), budget))
    replies.append(chat({"facts": [{"fact": "Alice wants a seat", "kind": "preference"}]}, 300))
    assert served.write_back(request).facts_written == 1
    assert (budget.calls, budget.tokens, budget.exhausted) == (1, 300, None)
    assert [f["fact"] for f in facts(db, brain)] == ["Alice wants a seat"]
    rules = request.model_copy(update={"extractor": "rules", "session_id": "s2"})
    assert served.write_back(rules).facts_written == 1  # the defaults stay served


def test_budget_remembers_its_first_exhaustion() -> None:
    budget = LlmBudget(0.001, usd_per_1k_tokens=1.0)  # one token
    budget.check()
    with pytest.raises(BudgetExhausted) as first:
        budget.charge(5)
    assert budget.exhausted == first.value.message
    with pytest.raises(BudgetExhausted, match="before another call"):
        budget.check()
    assert budget.exhausted == first.value.message  # the first message is kept


def test_an_entity_without_a_page_gets_one(engine: Engine, db: Database, brain: str) -> None:
    engine.seed(
        SeedRequest(
            brain_id=brain,
            pages=[
                SeedPage(slug="people/ines-alvarado", content="---\ntitle: Ines Alvarado\n---\n")
            ],
        )
    )
    said = "Ines hired Tomás Öberg as head of data."
    turn = PublicTurn(turn_id=1, role="user", text=said, ts="2026-03-02T17:00:00Z")
    extracted = [
        ExtractedFact(fact=said, entity_slug="people/tomas-oberg", entity_title="Tomás Öberg"),
        ExtractedFact(fact="Ines runs hiring.", entity_slug="people/ines-alvarado"),
        ExtractedFact(fact="Data team has a budget.", entity_slug="teams/data"),
    ]
    request = WriteBackRequest(
        brain_id=brain,
        source="default",
        session_id="s1",
        turns=[turn],
        injected=[InjectedExtraction(turn_text=said, facts=extracted)],
    )
    write_back(db, request)
    with db.connection() as conn:
        rows = conn.execute(
            "SELECT slug, title, page_type, frontmatter FROM pages WHERE brain_id = %s"
            " AND slug <> 'conversations/s1' ORDER BY slug",
            (brain,),
        ).fetchall()
    created = {"created_from": "conversations/s1"}
    assert rows == [
        ("people/ines-alvarado", "Ines Alvarado", None, {}),  # already there: untouched
        ("people/tomas-oberg", "Tomás Öberg", "person", created),
        ("teams/data", "Data", None, created),  # no title given: one from the slug
    ]
    # the new person is mentionable from now on, by full name or family name
    assert (
        count(
            db,
            "SELECT count(DISTINCT alias_norm) FROM aliases WHERE brain_id = %s AND slug = %s"
            " AND alias_norm IN ('tomas oberg', 'oberg')",
            brain,
            "people/tomas-oberg",
        )
        == 2
    )

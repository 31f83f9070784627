"""BenchControl service messages <-> their pydantic models."""

from __future__ import annotations

from brainbench.v1 import memory_pb2 as pb

from bb_schema._convert._common import validated
from bb_schema._convert.corpus import (
    kind_from_proto,
    kind_to_proto,
    seed_fact_from_proto,
    seed_fact_to_proto,
    seed_page_from_proto,
    seed_page_to_proto,
)
from bb_schema.memory import (
    CloseBrainRequest,
    FactList,
    FactQuery,
    OpenBrainRequest,
    OpenBrainResponse,
    OpenSeededBrainRequest,
    OpenSeededBrainResponse,
    RecallRequest,
    SeedRequest,
    SeedResponse,
    StoredFact,
    SystemInfo,
)


def system_info_to_proto(info: SystemInfo) -> pb.SystemInfo:
    """Encode Describe()'s answer."""
    return pb.SystemInfo(name=info.name, version=info.version, capabilities=info.capabilities)


def system_info_from_proto(message: pb.SystemInfo, path: str) -> SystemInfo:
    """Decode Describe()'s answer."""
    data: dict[str, object] = {
        "name": message.name,
        "version": message.version,
        "capabilities": list(message.capabilities),
    }
    return validated(SystemInfo, data, path)


def open_brain_request_to_proto(request: OpenBrainRequest) -> pb.OpenBrainRequest:
    """Encode an OpenBrain request."""
    return pb.OpenBrainRequest(fixture_id=request.fixture_id)


def open_brain_request_from_proto(message: pb.OpenBrainRequest, path: str) -> OpenBrainRequest:
    """Decode an OpenBrain request."""
    return validated(OpenBrainRequest, {"fixture_id": message.fixture_id}, path)


def open_brain_response_to_proto(response: OpenBrainResponse) -> pb.OpenBrainResponse:
    """Encode the handle of a fresh brain."""
    return pb.OpenBrainResponse(brain_id=response.brain_id)


def open_brain_response_from_proto(message: pb.OpenBrainResponse, path: str) -> OpenBrainResponse:
    """Decode the handle of a fresh brain."""
    return validated(OpenBrainResponse, {"brain_id": message.brain_id}, path)


def seed_request_to_proto(request: SeedRequest) -> pb.SeedRequest:
    """Encode a Seed request."""
    return pb.SeedRequest(
        brain_id=request.brain_id,
        pages=[seed_page_to_proto(page) for page in request.pages],
        facts=[seed_fact_to_proto(fact) for fact in request.facts],
    )


def seed_request_from_proto(message: pb.SeedRequest, path: str) -> SeedRequest:
    """Decode a Seed request."""
    data: dict[str, object] = {
        "brain_id": message.brain_id,
        "pages": [
            seed_page_from_proto(page, f"{path}.pages[{i}]") for i, page in enumerate(message.pages)
        ],
        "facts": [
            seed_fact_from_proto(fact, f"{path}.facts[{i}]") for i, fact in enumerate(message.facts)
        ],
    }
    return validated(SeedRequest, data, path)


def seed_response_to_proto(response: SeedResponse) -> pb.SeedResponse:
    """Encode how much was seeded."""
    return pb.SeedResponse(pages=response.pages, facts=response.facts)


def seed_response_from_proto(message: pb.SeedResponse, path: str) -> SeedResponse:
    """Decode how much was seeded."""
    return validated(SeedResponse, {"pages": message.pages, "facts": message.facts}, path)


def open_seeded_brain_request_to_proto(
    request: OpenSeededBrainRequest,
) -> pb.OpenSeededBrainRequest:
    """Encode an OpenSeededBrain request."""
    return pb.OpenSeededBrainRequest(
        fixture_id=request.fixture_id,
        pages=[seed_page_to_proto(page) for page in request.pages],
        facts=[seed_fact_to_proto(fact) for fact in request.facts],
        release_brain_id=request.release_brain_id,
    )


def open_seeded_brain_request_from_proto(
    message: pb.OpenSeededBrainRequest, path: str
) -> OpenSeededBrainRequest:
    """Decode an OpenSeededBrain request (an unset release_brain_id releases nothing)."""
    data: dict[str, object] = {
        "fixture_id": message.fixture_id,
        "pages": [
            seed_page_from_proto(page, f"{path}.pages[{i}]") for i, page in enumerate(message.pages)
        ],
        "facts": [
            seed_fact_from_proto(fact, f"{path}.facts[{i}]") for i, fact in enumerate(message.facts)
        ],
        "release_brain_id": (
            message.release_brain_id if message.HasField("release_brain_id") else None
        ),
    }
    return validated(OpenSeededBrainRequest, data, path)


def open_seeded_brain_response_to_proto(
    response: OpenSeededBrainResponse,
) -> pb.OpenSeededBrainResponse:
    """Encode the fresh brain's handle and the seeded counts."""
    return pb.OpenSeededBrainResponse(
        brain_id=response.brain_id, pages=response.pages, facts=response.facts
    )


def open_seeded_brain_response_from_proto(
    message: pb.OpenSeededBrainResponse, path: str
) -> OpenSeededBrainResponse:
    """Decode the fresh brain's handle and the seeded counts."""
    data = {"brain_id": message.brain_id, "pages": message.pages, "facts": message.facts}
    return validated(OpenSeededBrainResponse, data, path)


def stored_fact_to_proto(fact: StoredFact) -> pb.StoredFact:
    """Encode a stored fact (also used inside score rows)."""
    return pb.StoredFact(
        fact=fact.fact,
        entity_slug=fact.entity_slug,
        kind=kind_to_proto(fact.kind),
        source=fact.source,
        source_session=fact.source_session,
        source_markdown_slug=fact.source_markdown_slug,
        status=fact.status,
    )


def stored_fact_from_proto(message: pb.StoredFact, path: str) -> StoredFact:
    """Decode a stored fact; an unset status is ``active``."""
    data: dict[str, object] = {
        "fact": message.fact,
        "entity_slug": message.entity_slug if message.HasField("entity_slug") else None,
        "kind": kind_from_proto(message.HasField("kind"), message.kind, path),
        "source": message.source,
        "source_session": message.source_session if message.HasField("source_session") else None,
        "source_markdown_slug": (
            message.source_markdown_slug if message.HasField("source_markdown_slug") else None
        ),
    }
    if message.HasField("status"):
        data["status"] = message.status
    return validated(StoredFact, data, path)


def fact_query_to_proto(query: FactQuery) -> pb.FactQuery:
    """Encode a ListFacts / ProbeFacts query."""
    return pb.FactQuery(brain_id=query.brain_id, source=query.source, keywords=query.keywords)


def fact_query_from_proto(message: pb.FactQuery, path: str) -> FactQuery:
    """Decode a ListFacts / ProbeFacts query."""
    data: dict[str, object] = {
        "brain_id": message.brain_id,
        "source": message.source,
        "keywords": list(message.keywords),
    }
    return validated(FactQuery, data, path)


def fact_list_to_proto(facts: FactList) -> pb.FactList:
    """Encode facts read back."""
    return pb.FactList(facts=[stored_fact_to_proto(fact) for fact in facts.facts])


def fact_list_from_proto(message: pb.FactList, path: str) -> FactList:
    """Decode facts read back."""
    facts = [
        stored_fact_from_proto(fact, f"{path}.facts[{i}]") for i, fact in enumerate(message.facts)
    ]
    return validated(FactList, {"facts": facts}, path)


def recall_request_to_proto(request: RecallRequest) -> pb.RecallRequest:
    """Encode a Recall request."""
    return pb.RecallRequest(
        brain_id=request.brain_id, source=request.source, query=request.query, limit=request.limit
    )


def recall_request_from_proto(message: pb.RecallRequest, path: str) -> RecallRequest:
    """Decode a Recall request; an unset limit selects the default."""
    data: dict[str, object] = {
        "brain_id": message.brain_id,
        "source": message.source,
        "query": message.query,
    }
    if message.HasField("limit"):
        data["limit"] = message.limit
    return validated(RecallRequest, data, path)


def close_brain_request_to_proto(request: CloseBrainRequest) -> pb.CloseBrainRequest:
    """Encode a CloseBrain request."""
    return pb.CloseBrainRequest(brain_id=request.brain_id)


def close_brain_request_from_proto(message: pb.CloseBrainRequest, path: str) -> CloseBrainRequest:
    """Decode a CloseBrain request."""
    return validated(CloseBrainRequest, {"brain_id": message.brain_id}, path)

"""TurnContext service messages <-> their pydantic models."""

from __future__ import annotations

from typing import Final, get_args

from brainbench.v1 import turn_context_pb2 as pb

from bb_schema._convert._common import EnumMap, missing, put_enum, validated
from bb_schema._convert.corpus import (
    kind_from_proto,
    kind_to_proto,
    public_turn_from_proto,
    public_turn_to_proto,
    public_turns_from_proto,
)
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    ExtractedFact,
    Extractor,
    InjectedExtraction,
    Pointer,
    PointerEvidence,
    Render,
    SeamSettings,
    Suppression,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)

SUPPRESSION: Final = EnumMap(
    pb.Suppression, "SUPPRESSION_", get_args(Suppression), has_default=True
)
RENDER: Final = EnumMap(pb.Render, "RENDER_", get_args(Render), has_default=True)
EXTRACTOR: Final = EnumMap(pb.Extractor, "EXTRACTOR_", get_args(Extractor), has_default=True)
STAGE: Final = EnumMap(pb.PointerStage, "POINTER_STAGE_", ("reflex", "volunteer"), has_default=True)


def _settings_to_proto(settings: SeamSettings) -> pb.SeamSettings:
    return pb.SeamSettings(
        pointer_budget=settings.pointer_budget,
        suppression=SUPPRESSION.encode(settings.suppression),
        volunteer=settings.volunteer,
        volunteer_window_turns=settings.volunteer_window_turns,
        volunteer_min_confidence=settings.volunteer_min_confidence,
        volunteer_max_pages=settings.volunteer_max_pages,
        render=RENDER.encode(settings.render),
    )


def _settings_from_proto(message: pb.SeamSettings, path: str) -> SeamSettings:
    data: dict[str, object] = {
        "pointer_budget": message.pointer_budget,
        "volunteer": message.volunteer,
    }
    put_enum(data, "suppression", SUPPRESSION, message.suppression, path)
    put_enum(data, "render", RENDER, message.render, path)
    if message.HasField("volunteer_window_turns"):
        data["volunteer_window_turns"] = message.volunteer_window_turns
    if message.HasField("volunteer_min_confidence"):
        data["volunteer_min_confidence"] = message.volunteer_min_confidence
    if message.HasField("volunteer_max_pages"):
        data["volunteer_max_pages"] = message.volunteer_max_pages
    return validated(SeamSettings, data, path)


def turn_context_request_to_proto(request: TurnContextRequest) -> pb.TurnContextRequest:
    """Encode a per-turn request."""
    return pb.TurnContextRequest(
        brain_id=request.brain_id,
        session_id=request.session_id,
        active_source=request.active_source,
        turn=public_turn_to_proto(request.turn),
        window=[public_turn_to_proto(turn) for turn in request.window],
        prior_context=request.prior_context,
        settings=_settings_to_proto(request.settings),
    )


def turn_context_request_from_proto(
    message: pb.TurnContextRequest, path: str
) -> TurnContextRequest:
    """Decode a per-turn request; ``turn`` and ``settings`` are required."""
    for field in ("turn", "settings"):
        if not message.HasField(field):
            raise missing(path, field)
    data: dict[str, object] = {
        "brain_id": message.brain_id,
        "session_id": message.session_id,
        "active_source": message.active_source,
        "turn": public_turn_from_proto(message.turn, f"{path}.turn"),
        "window": public_turns_from_proto(list(message.window), f"{path}.window"),
        "prior_context": message.prior_context,
        "settings": _settings_from_proto(message.settings, f"{path}.settings"),
    }
    return validated(TurnContextRequest, data, path)


def _evidence_to_proto(evidence: PointerEvidence | None) -> pb.PointerEvidence | None:
    if evidence is None:
        return None
    return pb.PointerEvidence(
        matched=evidence.matched,
        start=evidence.start,
        end=evidence.end,
        text_index=evidence.text_index,
        surface=evidence.surface,
        score=evidence.score,
        signals=evidence.signals,
        decision=evidence.decision,
    )


def _evidence_from_proto(message: pb.PointerEvidence, path: str) -> PointerEvidence:
    data: dict[str, object] = {
        "matched": message.matched,
        "start": message.start,
        "end": message.end,
        "text_index": message.text_index,
        "surface": message.surface,
        "score": message.score,
        "signals": list(message.signals),
        "decision": message.decision,
    }
    return validated(PointerEvidence, data, path)


def pointer_to_proto(pointer: Pointer) -> pb.Pointer:
    """Encode one pointer (with its evidence, when it has any)."""
    return pb.Pointer(
        slug=pointer.slug,
        source=pointer.source,
        title=pointer.title,
        arm=pointer.arm,
        confidence=pointer.confidence,
        trust_label=pointer.trust_label,
        stage=STAGE.encode(pointer.stage),
        evidence=_evidence_to_proto(pointer.evidence),
    )


def _pointer_from_proto(message: pb.Pointer, path: str) -> Pointer:
    data: dict[str, object] = {
        "slug": message.slug,
        "source": message.source,
        "title": message.title,
        "arm": message.arm,
        "confidence": message.confidence,
        "trust_label": message.trust_label,
    }
    put_enum(data, "stage", STAGE, message.stage, path)
    if message.HasField("evidence"):
        data["evidence"] = _evidence_from_proto(message.evidence, f"{path}.evidence")
    return validated(Pointer, data, path)


def pointers_from_proto(pointers: list[pb.Pointer], path: str) -> list[Pointer]:
    """Decode a list of pointers; ``path`` names the list in error messages."""
    return [_pointer_from_proto(pointer, f"{path}[{i}]") for i, pointer in enumerate(pointers)]


def turn_context_response_to_proto(response: TurnContextResponse) -> pb.TurnContextResponse:
    """Encode what memory injects into a turn."""
    return pb.TurnContextResponse(
        text=response.text,
        pointers=[pointer_to_proto(p) for p in response.pointers],
        declined=[pointer_to_proto(p) for p in response.declined],
    )


def turn_context_response_from_proto(
    message: pb.TurnContextResponse, path: str
) -> TurnContextResponse:
    """Decode what memory injects into a turn."""
    data: dict[str, object] = {
        "text": message.text,
        "pointers": pointers_from_proto(list(message.pointers), f"{path}.pointers"),
        "declined": pointers_from_proto(list(message.declined), f"{path}.declined"),
    }
    return validated(TurnContextResponse, data, path)


def entity_index_request_to_proto(request: EntityIndexRequest) -> pb.EntityIndexRequest:
    """Encode an entity-index request."""
    return pb.EntityIndexRequest(
        brain_id=request.brain_id, active_source=request.active_source, limit=request.limit
    )


def entity_index_request_from_proto(
    message: pb.EntityIndexRequest, path: str
) -> EntityIndexRequest:
    """Decode an entity-index request; an unset ``limit`` is the model default."""
    data: dict[str, object] = {
        "brain_id": message.brain_id,
        "active_source": message.active_source,
    }
    if message.HasField("limit"):
        data["limit"] = message.limit
    return validated(EntityIndexRequest, data, path)


def entity_index_response_to_proto(response: EntityIndexResponse) -> pb.EntityIndexResponse:
    """Encode an entity index."""
    return pb.EntityIndexResponse(entries=[pointer_to_proto(p) for p in response.entries])


def entity_index_response_from_proto(
    message: pb.EntityIndexResponse, path: str
) -> EntityIndexResponse:
    """Decode an entity index."""
    entries = pointers_from_proto(list(message.entries), f"{path}.entries")
    return validated(EntityIndexResponse, {"entries": entries}, path)


def _injected_to_proto(injected: InjectedExtraction) -> pb.InjectedExtraction:
    return pb.InjectedExtraction(
        turn_text=injected.turn_text,
        facts=[
            pb.ExtractedFact(
                fact=fact.fact,
                entity_slug=fact.entity_slug,
                kind=kind_to_proto(fact.kind),
                entity_title=fact.entity_title,
            )
            for fact in injected.facts
        ],
    )


def _extracted_fact_from_proto(message: pb.ExtractedFact, path: str) -> ExtractedFact:
    data: dict[str, object] = {
        "fact": message.fact,
        "entity_slug": message.entity_slug if message.HasField("entity_slug") else None,
        "kind": kind_from_proto(message.HasField("kind"), message.kind, path),
        "entity_title": message.entity_title if message.HasField("entity_title") else None,
    }
    return validated(ExtractedFact, data, path)


def _injected_from_proto(message: pb.InjectedExtraction, path: str) -> InjectedExtraction:
    facts = [
        _extracted_fact_from_proto(fact, f"{path}.facts[{i}]")
        for i, fact in enumerate(message.facts)
    ]
    return validated(InjectedExtraction, {"turn_text": message.turn_text, "facts": facts}, path)


def write_back_request_to_proto(request: WriteBackRequest) -> pb.WriteBackRequest:
    """Encode a write-back request."""
    return pb.WriteBackRequest(
        brain_id=request.brain_id,
        source=request.source,
        session_id=request.session_id,
        turns=[public_turn_to_proto(turn) for turn in request.turns],
        extractor=EXTRACTOR.encode(request.extractor),
        injected=[_injected_to_proto(injected) for injected in request.injected],
    )


def write_back_request_from_proto(message: pb.WriteBackRequest, path: str) -> WriteBackRequest:
    """Decode a write-back request; an unspecified extractor is ``gold``."""
    data: dict[str, object] = {
        "brain_id": message.brain_id,
        "source": message.source,
        "session_id": message.session_id,
        "turns": public_turns_from_proto(list(message.turns), f"{path}.turns"),
        "injected": [
            _injected_from_proto(injected, f"{path}.injected[{i}]")
            for i, injected in enumerate(message.injected)
        ],
    }
    put_enum(data, "extractor", EXTRACTOR, message.extractor, path)
    return validated(WriteBackRequest, data, path)


def write_back_response_to_proto(response: WriteBackResponse) -> pb.WriteBackResponse:
    """Encode what the write path did."""
    return pb.WriteBackResponse(
        conversation_slug=response.conversation_slug,
        segments=response.segments,
        facts_written=response.facts_written,
        facts_deduplicated=response.facts_deduplicated,
    )


def write_back_response_from_proto(message: pb.WriteBackResponse, path: str) -> WriteBackResponse:
    """Decode what the write path did."""
    data: dict[str, object] = {
        "conversation_slug": message.conversation_slug,
        "segments": message.segments,
        "facts_written": message.facts_written,
        "facts_deduplicated": message.facts_deduplicated,
    }
    return validated(WriteBackResponse, data, path)

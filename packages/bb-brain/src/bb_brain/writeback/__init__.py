"""Write-back: a conversation handed to memory becomes a conversation page and stored facts.

The pipeline (:func:`write_back`) is the same whichever extractor runs; the extractor seam
is an :class:`Extractor` built per conversation by a factory chosen by the request's
``extractor`` name: ``gold`` (deterministic mode, the injected extraction), ``rules``
(deterministic, from the conversation alone) or ``llm`` (a configured chat endpoint under a
run-scoped :class:`LlmBudget`).
"""

from bb_brain._llm_defaults import DEFAULT_TIMEOUT_S, DEFAULT_USD_PER_1K_TOKENS
from bb_brain.writeback._db import ConnectionSource
from bb_brain.writeback._entities import Entity, EntityIndex, Mention
from bb_brain.writeback._errors import (
    BudgetExhausted,
    ExtractorUnavailable,
    LlmConfigError,
    LlmError,
    LlmOutputError,
)
from bb_brain.writeback._extract import (
    ExtractionContext,
    Extractor,
    ExtractorFactory,
    GoldExtractor,
    default_extractors,
    normalise_fact,
)
from bb_brain.writeback._llm import (
    ChatClient,
    LlmBudget,
    LlmConfig,
    LlmExtractor,
    LlmExtractorFactory,
    llm_extractors,
    parse_facts,
)
from bb_brain.writeback._pipeline import DEFAULT_KIND, write_back
from bb_brain.writeback._render import PAGE_TYPE, ConversationPage, render_conversation
from bb_brain.writeback._rules import RulesExtractor, classify, split_sentences
from bb_brain.writeback._segment import SEGMENT_GAP, Segment, segment_turns

__all__ = [
    "DEFAULT_KIND",
    "DEFAULT_TIMEOUT_S",
    "DEFAULT_USD_PER_1K_TOKENS",
    "PAGE_TYPE",
    "SEGMENT_GAP",
    "BudgetExhausted",
    "ChatClient",
    "ConnectionSource",
    "ConversationPage",
    "Entity",
    "EntityIndex",
    "ExtractionContext",
    "Extractor",
    "ExtractorFactory",
    "ExtractorUnavailable",
    "GoldExtractor",
    "LlmBudget",
    "LlmConfig",
    "LlmConfigError",
    "LlmError",
    "LlmExtractor",
    "LlmExtractorFactory",
    "LlmOutputError",
    "Mention",
    "RulesExtractor",
    "Segment",
    "classify",
    "default_extractors",
    "llm_extractors",
    "normalise_fact",
    "parse_facts",
    "render_conversation",
    "segment_turns",
    "split_sentences",
    "write_back",
]

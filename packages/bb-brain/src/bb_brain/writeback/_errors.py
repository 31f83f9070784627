"""Write-back's errors, on the two branches of the bb_brain hierarchy."""

from __future__ import annotations

from bb_brain._errors import BrainRuntimeError, BrainUserError


class ExtractorUnavailable(BrainUserError):
    """The request named an extractor this pipeline was not given (e.g. an unconfigured llm)."""


class LlmConfigError(BrainUserError):
    """The llm extractor's environment configuration is missing or invalid."""


class LlmError(BrainRuntimeError):
    """The chat-completions endpoint failed: unreachable, an HTTP error, or no usage report."""


class LlmOutputError(LlmError):
    """The model answered, but not with the JSON facts it was asked for."""


class BudgetExhausted(BrainRuntimeError):
    """The run's llm budget is spent: the write-back aborts rather than store a partial result."""

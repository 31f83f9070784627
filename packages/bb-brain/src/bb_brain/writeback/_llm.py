"""The ``llm`` extractor: an OpenAI-compatible chat-completions endpoint, under a budget.

Configuration comes from the environment (see :meth:`LlmConfig.from_env`):

``BRAINBENCH_LLM_BASE_URL``
    The API root that ``/chat/completions`` is appended to, e.g. ``http://127.0.0.1:8000/v1``.
``BRAINBENCH_LLM_API_KEY``
    Sent as ``Authorization: Bearer ...`` (may be empty for a local server).
``BRAINBENCH_LLM_MODEL``
    The model name sent with every request.
``BRAINBENCH_LLM_USD_PER_1K_TOKENS``
    Price of 1000 tokens (prompt + completion, as the server's ``usage`` reports them);
    default :data:`DEFAULT_USD_PER_1K_TOKENS`, deliberately pessimistic, so a forgotten
    setting stops a run early rather than late.
``BRAINBENCH_LLM_TIMEOUT_S``
    Per-request timeout in seconds (default 60).
``BRAINBENCH_LLM_SEED``
    Optional integer sent as the request ``seed``, for servers that honour it.

A :class:`LlmBudget` is shared by every call of a run. A call is refused once the budget is
spent, and a call whose reported usage takes the total past the budget raises
:class:`BudgetExhausted` after the fact: one call may overshoot by its own cost, and the
write-back it belonged to aborts with nothing stored, so a score is never silently partial.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bb_schema.turn_context import ExtractedFact
from pydantic import BaseModel, ConfigDict, ValidationError

from bb_brain._llm_defaults import DEFAULT_TIMEOUT_S, DEFAULT_USD_PER_1K_TOKENS
from bb_brain.writeback._entities import EntityIndex
from bb_brain.writeback._errors import BudgetExhausted, LlmConfigError, LlmError, LlmOutputError
from bb_brain.writeback._extract import ExtractionContext, ExtractorFactory
from bb_brain.writeback._segment import Segment

_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)

SYSTEM_PROMPT = (
    "You extract durable facts from one segment of a conversation for a memory system. "
    "Keep only what the user stated that is worth remembering later: commitments and "
    "decisions, preferences, beliefs and concerns, events with dates, numbers and amounts. "
    "Skip pleasantries, questions and small talk. Write each fact as one self-contained "
    "sentence that keeps the conversation's own key words. Attribute a fact to one of the "
    "listed known entities by its slug when it is about that entity, else use null. "
    'Answer with one JSON object and nothing else: {"facts": [{"fact": "...", '
    '"entity_slug": "people/example" or null, "kind": "event" | "preference" | '
    '"commitment" | "belief" | "fact"}]}. Use {"facts": []} when there is nothing to keep.'
)


class FactsReply(BaseModel):
    """The JSON object the model is asked to answer with."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    facts: list[ExtractedFact]


@dataclass(frozen=True)
class LlmConfig:
    """Where and how to call the chat-completions endpoint."""

    base_url: str
    api_key: str
    model: str
    usd_per_1k_tokens: float = DEFAULT_USD_PER_1K_TOKENS
    timeout_s: float = DEFAULT_TIMEOUT_S
    seed: int | None = None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> LlmConfig:
        """Read the ``BRAINBENCH_LLM_*`` variables (module docs); raise LlmConfigError if unset."""
        env = os.environ if environ is None else environ
        missing = [
            name
            for name in ("BRAINBENCH_LLM_BASE_URL", "BRAINBENCH_LLM_MODEL")
            if not env.get(name)
        ]
        if missing:
            raise LlmConfigError(
                f"{', '.join(missing)} not set; the llm extractor needs an OpenAI-compatible "
                "endpoint, e.g. BRAINBENCH_LLM_BASE_URL=http://127.0.0.1:8000/v1"
            )
        seed = env.get("BRAINBENCH_LLM_SEED")
        return cls(
            base_url=env["BRAINBENCH_LLM_BASE_URL"],
            api_key=env.get("BRAINBENCH_LLM_API_KEY", ""),
            model=env["BRAINBENCH_LLM_MODEL"],
            usd_per_1k_tokens=price_from_env(env),
            timeout_s=_positive_float(env, "BRAINBENCH_LLM_TIMEOUT_S", DEFAULT_TIMEOUT_S),
            seed=None if not seed else _int(seed, "BRAINBENCH_LLM_SEED"),
        )


def price_from_env(environ: Mapping[str, str] | None = None) -> float:
    """``BRAINBENCH_LLM_USD_PER_1K_TOKENS``, or the documented default."""
    env = os.environ if environ is None else environ
    return _positive_float(env, "BRAINBENCH_LLM_USD_PER_1K_TOKENS", DEFAULT_USD_PER_1K_TOKENS)


def _positive_float(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise LlmConfigError(f"{name}={raw!r} is not a positive number; e.g. {name}={default}")
    return value


def _int(raw: str, name: str) -> int:
    try:
        return int(raw)
    except ValueError:
        raise LlmConfigError(f"{name}={raw!r} is not an integer; e.g. {name}=7") from None


class LlmBudget:
    """A run-scoped spending cap in USD, charged with the usage the server reports.

    Thread-safe: one budget may be shared by every fixture worker of a run.
    """

    def __init__(self, usd: float, *, usd_per_1k_tokens: float | None = None) -> None:
        """Cap spending at ``usd``; the price defaults to :func:`price_from_env`."""
        if not usd >= 0:
            raise LlmConfigError(f"budget {usd!r} USD is negative; pass e.g. --budget-usd 1.0")
        self.usd = float(usd)
        self.usd_per_1k_tokens = (
            price_from_env() if usd_per_1k_tokens is None else usd_per_1k_tokens
        )
        self._lock = threading.Lock()
        self._tokens = 0
        self._calls = 0
        self._exhausted: str | None = None

    @property
    def tokens(self) -> int:
        """Tokens charged so far."""
        return self._tokens

    @property
    def calls(self) -> int:
        """Calls charged so far."""
        return self._calls

    @property
    def exhausted(self) -> str | None:
        """The message of the first :class:`BudgetExhausted` raised, or None while within it.

        A run reads it after a failure to tell a tripped budget from any other error, even
        when the error reached it through a wire that only kept the text.
        """
        return self._exhausted

    @property
    def spent_usd(self) -> float:
        """USD spent so far."""
        return self._tokens * self.usd_per_1k_tokens / 1000.0

    def check(self) -> None:
        """Refuse to start a call once the budget is spent."""
        with self._lock:
            if self.spent_usd >= self.usd:
                raise self._exhaust("before another call")

    def charge(self, tokens: int) -> None:
        """Charge one call's tokens; raise when that took the run past its budget."""
        with self._lock:
            self._tokens += tokens
            self._calls += 1
            if self.spent_usd > self.usd:
                raise self._exhaust(f"after a call of {tokens} tokens")

    def _exhaust(self, when: str) -> BudgetExhausted:
        """Record the first exhaustion (caller holds the lock) and build its error."""
        message = (
            f"llm budget of {self.usd!r} USD exhausted {when} ({self._calls} calls, "
            f"{self._tokens} tokens, {self.spent_usd:.4f} USD at {self.usd_per_1k_tokens!r} "
            "USD/1k tokens); the write-back was aborted with nothing stored; raise the budget "
            "(--budget-usd) or use --extractor rules"
        )
        if self._exhausted is None:
            self._exhausted = message
        return BudgetExhausted(message)


class ChatClient:
    """A minimal chat-completions client over the standard library, charging a budget."""

    def __init__(self, config: LlmConfig, budget: LlmBudget) -> None:
        """Call ``config``'s endpoint, charging ``budget``."""
        self.config = config
        self.budget = budget
        self.url = config.base_url.rstrip("/") + "/chat/completions"
        handlers: list[urllib.request.BaseHandler] = []
        if _is_loopback(self.url):
            handlers.append(urllib.request.ProxyHandler({}))  # never send loopback to a proxy
        self._opener = urllib.request.build_opener(*handlers)

    def complete(self, messages: list[dict[str, str]]) -> str:
        """Send ``messages``; return the first choice's content after charging its usage."""
        self.budget.check()
        body: dict[str, Any] = {
            "model": self.config.model,
            "messages": messages,
            "temperature": 0,
            "response_format": {"type": "json_object"},
        }
        if self.config.seed is not None:
            body["seed"] = self.config.seed
        reply = self._post(body)
        self.budget.charge(self._usage_tokens(reply))
        try:
            content = reply["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            content = None
        if not isinstance(content, str):
            raise LlmOutputError(
                f"{self.url!r} answered without choices[0].message.content: {_snippet(reply)}; "
                "check that the endpoint speaks the chat-completions API"
            )
        return content

    def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.url,
            data=json.dumps(body).encode("utf-8"),
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self.config.api_key}",
            },
            method="POST",
        )
        try:
            with self._opener.open(request, timeout=self.config.timeout_s) as response:
                raw = response.read()
        except urllib.error.HTTPError as exc:
            detail = exc.read()[:300].decode("utf-8", "replace")
            raise LlmError(
                f"{self.url!r} answered HTTP {exc.code}: {detail!r}; check "
                "BRAINBENCH_LLM_MODEL and BRAINBENCH_LLM_API_KEY"
            ) from None
        except (urllib.error.URLError, OSError) as exc:
            raise LlmError(
                f"cannot reach {self.url!r}: {exc}; check BRAINBENCH_LLM_BASE_URL"
            ) from None
        try:
            reply = json.loads(raw)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            raise LlmError(f"{self.url!r} answered with non-JSON {raw[:200]!r}")
        return reply

    def _usage_tokens(self, reply: dict[str, Any]) -> int:
        usage = reply.get("usage")
        if isinstance(usage, dict):
            total = usage.get("total_tokens")
            if isinstance(total, int) and total >= 0:
                return total
            parts = [usage.get("prompt_tokens"), usage.get("completion_tokens")]
            if all(isinstance(part, int) and part >= 0 for part in parts):
                return sum(int(part) for part in parts if part is not None)
        raise LlmError(
            f"{self.url!r} reported no token usage ({_snippet(reply)}); the budget cannot be "
            "enforced without it, so the call is refused"
        )


class LlmExtractor:
    """Asks the model for a segment's facts as JSON and validates them as ExtractedFact."""

    def __init__(self, client: ChatClient, entities: EntityIndex) -> None:
        """Extract through ``client``, attributing against ``entities``."""
        self._client = client
        self._entities = entities

    def extract(self, segment: Segment) -> list[ExtractedFact]:
        """One chat call per segment; unknown entity slugs are dropped to None."""
        content = self._client.complete(self.messages(segment))
        facts = parse_facts(content, model=self._client.config.model)
        return [
            fact
            if fact.entity_slug is None or self._entities.get(fact.entity_slug) is not None
            else fact.model_copy(update={"entity_slug": None})
            for fact in facts
        ]

    def messages(self, segment: Segment) -> list[dict[str, str]]:
        """The prompt: the entities the segment mentions, then its turns with timestamps."""
        seen: dict[str, str] = {}
        for turn in segment.turns:
            for mention in self._entities.mentions(turn.text):
                if mention.entity is not None:
                    entity = mention.entity
                    seen.setdefault(entity.slug, f"- {entity.slug}: {entity.title}")
        known = "\n".join(seen[slug] for slug in sorted(seen)) or "(none)"
        lines = [
            f"[{turn.role}{', ' + turn.ts if turn.ts else ''}] {turn.text}"
            for turn in segment.turns
        ]
        user = f"Known entities:\n{known}\n\nConversation segment:\n" + "\n".join(lines)
        return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]


def parse_facts(content: str, *, model: str) -> list[ExtractedFact]:
    """Validate a model's answer: ``{"facts": [...]}`` (a bare list is accepted too).

    Raises:
        LlmOutputError: When the answer is not JSON or a fact does not validate.
    """
    fenced = _FENCE.match(content)
    text = fenced.group(1) if fenced else content
    try:
        value = json.loads(text)
    except ValueError:
        raise LlmOutputError(
            f"model {model!r} did not answer with JSON: {content[:200]!r}; choose a model "
            "that follows JSON instructions"
        ) from None
    if isinstance(value, list):
        value = {"facts": value}
    try:
        return FactsReply.model_validate(value).facts
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise LlmOutputError(
            f"model {model!r} answered facts that do not validate ({where}: {first['msg']}): "
            f"{content[:200]!r}; expected {{'facts': [{{'fact', 'entity_slug', 'kind'}}]}}"
        ) from None


class LlmExtractorFactory:
    """Builds an :class:`LlmExtractor` per write-back, all sharing one client and budget."""

    def __init__(self, config: LlmConfig, budget: LlmBudget) -> None:
        """Share one client (and so one budget) across every write-back of a run."""
        self.client = ChatClient(config, budget)

    def __call__(self, context: ExtractionContext) -> LlmExtractor:
        """An extractor attributing against the request source's entities."""
        return LlmExtractor(self.client, context.entities())


def llm_extractors(config: LlmConfig, budget: LlmBudget) -> dict[str, ExtractorFactory]:
    """The registry entry to pass as ``write_back(..., extractors=...)`` for ``llm`` mode."""
    return {"llm": LlmExtractorFactory(config, budget)}


def _is_loopback(url: str) -> bool:
    host = urllib.parse.urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _snippet(value: object) -> str:
    return repr(json.dumps(value)[:200])

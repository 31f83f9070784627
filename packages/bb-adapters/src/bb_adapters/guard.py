"""A memory system whose every failure is reported as the system under test failing.

The runner reaches every system (the reference engine and foreign ones alike) through the
typed gRPC client, which raises :class:`bb_schema.SchemaError` subclasses: a transport failure
(a server that is too slow for the call's deadline, has died, or refuses the secret) is an
``RpcFailure``, a reply that breaks the wire contract is a ``ConversionError``. Wrapped here,
each becomes a :class:`SystemUnderTestError` naming the rows the system serves and the fixture
it was working on, so a run against a broken system ends with exit 2 and a message a user can
act on (and a failed Seed is recorded as a seed failure), never a traceback or a silent pass.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from bb_schema import RpcFailure, RpcStatus, SchemaError, SchemaUserError
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
    SystemInfo,
)
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)

from bb_adapters._errors import SeedRefused, SystemUnderTestError
from bb_adapters.protocol import MemorySystem

R = TypeVar("R")


class GuardedSystem:
    """``system`` with its failures raised as :class:`SystemUnderTestError` (a MemorySystem)."""

    def __init__(
        self,
        system: MemorySystem,
        rows: Sequence[str],
        readable: Callable[[str], str] = str,
    ) -> None:
        self._system = system
        self._rows = ", ".join(rows) or "<none>"
        #: opaque name -> the bench's name, so a failure names the real fixture.
        self._readable = readable
        #: brain id -> the fixture (or pair) it was opened for, to name it in a failure.
        self._fixtures: dict[str, str] = {}
        #: Set once the system answered Recall with UNIMPLEMENTED: it has no recall path.
        self._no_recall = False

    @property
    def inner(self) -> MemorySystem:
        """The system this guards."""
        return self._system

    def _call(self, fixture: str | None, call: Callable[[], R]) -> R:
        try:
            return call()
        except SchemaError as exc:
            raise self._failed(fixture, exc) from exc

    def _failed(self, fixture: str | None, exc: SchemaError) -> SystemUnderTestError:
        during = f" during fixture {fixture!r}" if fixture else ""
        return SystemUnderTestError(
            f"the memory system of row(s) {self._rows} failed{during}: {exc.message}"
        )

    def _of(self, brain_id: str) -> str:
        return self._fixtures.get(brain_id, brain_id)

    def describe(self) -> SystemInfo:
        """Describe."""
        return self._call(None, self._system.describe)

    def open_brain(self, request: OpenBrainRequest) -> OpenBrainResponse:
        """OpenBrain; remembers which fixture the brain is for."""
        name = self._readable(request.fixture_id)
        response = self._call(name, lambda: self._system.open_brain(request))
        self._fixtures[response.brain_id] = name
        return response

    def open_seeded_brain(self, request: OpenSeededBrainRequest) -> OpenSeededBrainResponse:
        """OpenSeededBrain; remembers the new brain's fixture and forgets the released one.

        A refusal of the request (INVALID_ARGUMENT: the system will not take this seed data)
        raises :class:`SeedRefused`, recorded as the fixture's seed failure; any other failure
        is the system failing, as when OpenBrain fails.
        """
        name = self._readable(request.fixture_id)
        try:
            response: OpenSeededBrainResponse = self._system.open_seeded_brain(  # type: ignore[attr-defined]
                request
            )
        except RpcFailure as exc:
            failed = self._failed(name, exc)
            if exc.status is RpcStatus.INVALID_ARGUMENT:
                raise SeedRefused(failed.message) from exc
            raise failed from exc
        except SchemaUserError as exc:
            raise SeedRefused(self._failed(name, exc).message) from exc
        except SchemaError as exc:
            raise self._failed(name, exc) from exc
        finally:
            if request.release_brain_id is not None:
                self._fixtures.pop(request.release_brain_id, None)
        self._fixtures[response.brain_id] = name
        return response

    def seed(self, request: SeedRequest) -> SeedResponse:
        """Seed."""
        return self._call(self._of(request.brain_id), lambda: self._system.seed(request))

    def list_facts(self, request: FactQuery) -> FactList:
        """ListFacts."""
        return self._call(self._of(request.brain_id), lambda: self._system.list_facts(request))

    def probe_facts(self, request: FactQuery) -> FactList:
        """ProbeFacts."""
        return self._call(self._of(request.brain_id), lambda: self._system.probe_facts(request))

    def recall_or_none(self, request: RecallRequest) -> FactList | None:
        """Recall, or None when the system has no recall path (no method, UNIMPLEMENTED).

        Any other failure is the system failing, as for every other call.
        """
        recall = getattr(self._system, "recall", None)
        if recall is None or self._no_recall:
            return None
        try:
            answer: FactList = recall(request)
        except RpcFailure as exc:
            if exc.status is RpcStatus.UNIMPLEMENTED:
                self._no_recall = True
                return None
            raise self._failed(self._of(request.brain_id), exc) from exc
        except SchemaError as exc:
            raise self._failed(self._of(request.brain_id), exc) from exc
        return answer

    def close_brain(self, request: CloseBrainRequest) -> None:
        """CloseBrain; forgets the brain."""
        try:
            self._call(self._of(request.brain_id), lambda: self._system.close_brain(request))
        finally:
            self._fixtures.pop(request.brain_id, None)

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        """GetTurnContext."""
        return self._call(self._of(request.brain_id), lambda: self._system.turn_context(request))

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        """GetEntityIndex."""
        return self._call(self._of(request.brain_id), lambda: self._system.entity_index(request))

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        """WriteBack."""
        return self._call(self._of(request.brain_id), lambda: self._system.write_back(request))

"""The one replay pipeline every harness row runs; rows differ only by their config.

For each user turn in order the pipeline builds the window (earlier turns of both roles) and
the prior context (earlier turn texts plus everything injected earlier), hands the turn to the
row's delivery path, enforces the seam's budget on what comes back (cut pointers are counted,
never silently kept), and records what was injected. Assistant turns are never replayed: they
fold into the window and the prior context.

Each replayed turn also keeps the pointers themselves, with whatever evidence the system
attached, plus what the system declined and what the budget cut: the runner files them under
the Result's ``_meta.turn_evidence`` so a failed item explains itself.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Protocol

from bb_schema import Fixture, PublicTurn
from bb_schema.turn_context import Pointer, PointerEvidence, SeamSettings, TurnContextRequest

from bb_adapters.seams import HarnessConfig


@dataclass(frozen=True)
class Delivered:
    """What one turn's delivery path returned, before budget enforcement."""

    text: str
    pointers: tuple[Pointer, ...]
    #: Tokens injected once for the whole session (e.g. a static preamble), charged here.
    extra_text: str = ""
    #: What memory considered and declined (diagnostics, never injections).
    declined: tuple[Pointer, ...] = ()


@dataclass(frozen=True)
class ReplayedTurn:
    """One user turn after delivery and budget enforcement."""

    turn_id: int
    injected_slugs: tuple[str, ...]
    pointer_sources: tuple[str, ...]
    injected_tokens: float
    latency_ms: float
    budget_cuts: int
    #: Everything injected with this turn (a session's once-only text rides on its first turn).
    text: str = ""
    #: The injected pointers as delivered (evidence included), after the budget.
    pointers: tuple[Pointer, ...] = ()
    #: What memory declined, then what the budget cut (marked so in the evidence).
    declined: tuple[Pointer, ...] = ()


@dataclass
class SessionState:
    """The conversation as the harness has seen it so far."""

    fixture: Fixture
    brain_id: str
    session_id: str
    history: list[PublicTurn] = field(default_factory=list)
    injected: list[str] = field(default_factory=list)

    def prior_context(self) -> str:
        """Earlier turn texts and earlier injected blocks, in the order they entered context."""
        return "\n\n".join([*(turn.text for turn in self.history), *self.injected])

    def window(self, size: int) -> list[PublicTurn]:
        """The last ``size`` turns of both roles before the current one."""
        return self.history[-size:] if size > 0 else []


class DeliveryPath(Protocol):
    """How a turn reaches memory for one harness row."""

    def select_turns(self, fixture: Fixture) -> list[PublicTurn]:
        """The conversation as this harness sees it (its own parser may select the turns)."""
        ...

    def begin(self, state: SessionState) -> str:
        """Start a session; returns text injected once for the session (may be empty)."""
        ...

    def deliver(self, state: SessionState, request: TurnContextRequest) -> Delivered:
        """Deliver one user turn and return what memory injected."""
        ...

    def end(self, state: SessionState) -> None:
        """Release per-session resources."""
        ...


def estimate_tokens(text: str) -> float:
    """The intrusion-budget estimate the methodology fixes: characters / 4."""
    return len(text) / 4


def enforce_budget(
    pointers: tuple[Pointer, ...], settings: SeamSettings
) -> tuple[tuple[Pointer, ...], int]:
    """Keep at most the seam's budget per stage; return the kept pointers and the cut count.

    Duplicated slugs count once. The volunteer stage may add up to its own page limit when
    the seam enables it; a reflex-only seam gets nothing from a volunteer stage.
    """
    kept: list[Pointer] = []
    seen: set[str] = set()
    reflex = volunteer = cuts = 0
    volunteer_limit = settings.volunteer_max_pages if settings.volunteer else 0
    for pointer in pointers:
        if pointer.slug in seen:
            continue
        seen.add(pointer.slug)
        if pointer.stage == "volunteer":
            if volunteer < volunteer_limit:
                volunteer += 1
                kept.append(pointer)
                continue
        elif reflex < settings.pointer_budget:
            reflex += 1
            kept.append(pointer)
            continue
        cuts += 1
    return tuple(kept), cuts


#: The decision recorded on a pointer the seam's budget cut.
BUDGET_CUT = "cut: past the seam's pointer budget"


def budget_cut(delivered: tuple[Pointer, ...], kept: tuple[Pointer, ...]) -> tuple[Pointer, ...]:
    """The delivered pointers the budget left out, each marked with :data:`BUDGET_CUT`."""
    taken = {pointer.slug for pointer in kept}
    cut: list[Pointer] = []
    for pointer in delivered:
        if pointer.slug in taken:
            continue
        taken.add(pointer.slug)
        evidence = pointer.evidence or PointerEvidence()
        cut.append(
            pointer.model_copy(
                update={"evidence": evidence.model_copy(update={"decision": BUDGET_CUT})}
            )
        )
    return tuple(cut)


def replay_fixture(
    fixture: Fixture,
    config: HarnessConfig,
    delivery: DeliveryPath,
    *,
    brain_id: str,
    session_id: str,
) -> list[ReplayedTurn]:
    """Replay the user turns of ``fixture`` through one harness row.

    The delivery path selects the conversation (a harness whose own parser selects the turns,
    like the Codex rollout, returns what its parser found); fixture user turns it lacks are
    recorded as silent turns, so a parser drop shows up as a missed retrieval.
    """
    state = SessionState(fixture=fixture, brain_id=brain_id, session_id=session_id)
    conversation = delivery.select_turns(fixture)
    session_text = delivery.begin(state)
    replayed: list[ReplayedTurn] = []
    delivered_ids = {turn.turn_id for turn in conversation if turn.role == "user"}
    try:
        for turn in conversation:
            if turn.role != "user":
                state.history.append(turn)
                continue
            replayed.append(_replay_turn(state, config, delivery, turn, session_text))
            session_text = ""
        for turn in fixture.user_turns:
            if turn.turn_id not in delivered_ids:
                replayed.append(ReplayedTurn(turn.turn_id, (), (), 0.0, 0.0, 0))
    finally:
        delivery.end(state)
    replayed.sort(key=lambda row: row.turn_id)
    return replayed


def _replay_turn(
    state: SessionState,
    config: HarnessConfig,
    delivery: DeliveryPath,
    turn: PublicTurn,
    session_text: str,
) -> ReplayedTurn:
    request = TurnContextRequest(
        brain_id=state.brain_id,
        session_id=state.session_id,
        active_source=state.fixture.active_source,
        turn=turn,
        window=state.window(config.settings.volunteer_window_turns),
        prior_context=state.prior_context(),
        settings=config.settings,
    )
    started = time.perf_counter()
    delivered = delivery.deliver(state, request)
    latency_ms = (time.perf_counter() - started) * 1000
    kept, cuts = enforce_budget(delivered.pointers, config.settings)
    state.history.append(turn)
    if delivered.text:
        state.injected.append(delivered.text)
    return ReplayedTurn(
        turn_id=turn.turn_id,
        injected_slugs=tuple(pointer.slug for pointer in kept),
        pointer_sources=tuple(pointer.source for pointer in kept),
        injected_tokens=estimate_tokens(delivered.text) + estimate_tokens(session_text),
        latency_ms=latency_ms,
        budget_cuts=cuts,
        text="\n\n".join(part for part in (session_text, delivered.text) if part),
        pointers=kept,
        declined=delivered.declined + budget_cut(delivered.pointers, kept),
    )

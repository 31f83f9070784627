"""A delivery path wrapper that keeps what a harness seam injected, for activation checks."""

from __future__ import annotations

from bb_adapters.pipeline import Delivered, DeliveryPath, SessionState
from bb_schema import Fixture, PublicTurn
from bb_schema.turn_context import TurnContextRequest


class CapturingDelivery:
    """Delegates to a harness's delivery path and records every injected text.

    The session preamble (codex's entity index) and each turn's injected block are recorded
    as text; each structured pointer as an object whose ``unconfirmed`` /
    ``external_untrusted`` fields say what its own ``trust_label`` says, so a canary in a
    pointer title is read with the label that pointer carries.
    """

    def __init__(self, inner: DeliveryPath) -> None:
        self._inner = inner
        self.texts: list[str] = []
        self.pointers: list[dict[str, object]] = []

    def select_turns(self, fixture: Fixture) -> list[PublicTurn]:
        """The inner path's conversation."""
        return self._inner.select_turns(fixture)

    def begin(self, state: SessionState) -> str:
        """Start the inner session and keep its preamble."""
        text = self._inner.begin(state)
        if text:
            self.texts.append(text)
        return text

    def deliver(self, state: SessionState, request: TurnContextRequest) -> Delivered:
        """Deliver through the inner path and keep what came back."""
        delivered = self._inner.deliver(state, request)
        for text in (delivered.extra_text, delivered.text):
            if text:
                self.texts.append(text)
        for pointer in delivered.pointers:
            label = pointer.trust_label.casefold()
            self.pointers.append(
                {
                    "slug": pointer.slug,
                    "title": pointer.title,
                    "trust_label": pointer.trust_label,
                    "unconfirmed": "unconfirmed" in label,
                    "external_untrusted": "external" in label,
                }
            )
        return delivered

    def end(self, state: SessionState) -> None:
        """End the inner session."""
        self._inner.end(state)

"""A small foreign memory system for the seam's failure-mode tests (no mem0 needed).

It implements the nine methods honestly (a page is pointed at when its title is in the turn)
unless its mode makes it misbehave the way a real peer can: ``slow`` sleeps in every
GetTurnContext, ``over-budget`` returns every page of the brain, ``unknown`` returns slugs it
was never seeded with, ``dies`` kills its own process on the Nth GetTurnContext. Run as a
script it serves on a unix socket (the secret comes from BRAINBENCH_FOREIGN_SECRET), so a test
can kill a real server process mid-run.
"""

from __future__ import annotations

import argparse
import os
import signal
import threading
import time
from pathlib import Path
from typing import Literal

from bb_schema.fixture import SeedPage
from bb_schema.memory import (
    CloseBrainRequest,
    FactList,
    FactQuery,
    OpenBrainRequest,
    OpenBrainResponse,
    SeedRequest,
    SeedResponse,
    SystemInfo,
)
from bb_schema.rpc import BoundServer, add_memory_services
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    Pointer,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
    conversation_slug,
)

Mode = Literal["honest", "slow", "over-budget", "unknown", "dies"]
UNKNOWN_SLUG = "people/never-seeded"


def _title(page: SeedPage) -> str:
    for line in page.content.splitlines():
        if line.startswith("title:"):
            return line.removeprefix("title:").strip()
    return page.slug


class FakeForeign:
    """The nine methods, with one deliberate failure mode."""

    def __init__(self, mode: Mode = "honest", *, delay_s: float = 0.0, die_on: int = 0) -> None:
        self.mode = mode
        self.delay_s = delay_s
        self.die_on = die_on
        self.turn_calls = 0
        self._pages: dict[str, list[SeedPage]] = {}
        self._lock = threading.Lock()

    def describe(self) -> SystemInfo:
        return SystemInfo(name="fake", version=self.mode)

    def open_brain(self, request: OpenBrainRequest) -> OpenBrainResponse:
        with self._lock:
            brain_id = f"b{len(self._pages) + 1}-{request.fixture_id}"
            self._pages[brain_id] = []
        return OpenBrainResponse(brain_id=brain_id)

    def seed(self, request: SeedRequest) -> SeedResponse:
        self._pages[request.brain_id].extend(request.pages)
        return SeedResponse(pages=len(request.pages), facts=len(request.facts))

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        with self._lock:
            self.turn_calls += 1
            calls = self.turn_calls
        if self.mode == "dies" and calls == self.die_on:
            os.kill(os.getpid(), signal.SIGKILL)
        if self.mode == "slow":
            time.sleep(self.delay_s)
        pages = self._pages.get(request.brain_id, [])  # a slow reply may outlive its brain
        active = [page for page in pages if page.source == request.active_source]
        if self.mode == "over-budget":
            chosen = pages  # every page, whatever the turn and the budget
        elif self.mode == "unknown":
            return TurnContextResponse(
                text="made up",
                pointers=[
                    Pointer(slug=UNKNOWN_SLUG, source=request.active_source),
                    *(
                        Pointer(slug=page.slug, source=request.active_source)
                        for page in pages
                        if page.source != request.active_source
                    ),
                ],
            )
        else:
            text = request.turn.text.casefold()
            chosen = [page for page in active if _title(page).casefold() in text]
        pointers = [Pointer(slug=p.slug, source=p.source, title=_title(p)) for p in chosen]
        return TurnContextResponse(text=" ".join(p.slug for p in pointers), pointers=pointers)

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        pages = self._pages[request.brain_id]
        return EntityIndexResponse(
            entries=[Pointer(slug=p.slug, source=p.source) for p in pages][: request.limit]
        )

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        return WriteBackResponse(
            conversation_slug=conversation_slug(request.session_id), segments=1, facts_written=0
        )

    def list_facts(self, request: FactQuery) -> FactList:
        return FactList(facts=[])

    def probe_facts(self, request: FactQuery) -> FactList:
        return FactList(facts=[])

    def close_brain(self, request: CloseBrainRequest) -> None:
        self._pages.pop(request.brain_id)


def serve(impl: FakeForeign, socket: Path, secret: str) -> BoundServer:
    """Start serving ``impl`` on ``socket``; the caller stops it."""
    bound = BoundServer(secret=secret, unix_socket=socket)
    add_memory_services(bound.server, impl)
    bound.start()
    return bound


def main() -> None:
    """Serve a fake on a socket until killed; writes ``<socket>.ready`` once serving."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--socket", type=Path, required=True)
    parser.add_argument("--mode", default="honest")
    parser.add_argument("--die-on", type=int, default=0)
    args = parser.parse_args()
    impl = FakeForeign(args.mode, die_on=args.die_on)
    bound = serve(impl, args.socket, os.environ["BRAINBENCH_FOREIGN_SECRET"])
    Path(f"{args.socket}.ready").write_text("ready\n", encoding="utf-8")
    bound.server.wait_for_termination()  # holds the server (a collected one stops serving)


if __name__ == "__main__":
    main()

"""Opaque names at the seam: what the system under test calls a fixture, a brain, a session.

A system that could read a fixture id (``gen-kta-neg-007``, ``gen-adv-014-stopword``) could
read its category, and from that guess what the gold says. So the runner never sends one:
every brain, conversation and session name that crosses the seam is a keyed hash (HMAC-SHA256
of a purpose and the bench's own name, under a key drawn fresh for each runner), and the
mapping back stays here. Nothing that leaves the runner carries an opaque name: records are
translated back to the bench's names first, so a Result stays byte-identical run to run.

The fixture a delivery path sees is a :func:`seam_view`: the same conversation, pages and
sources under the opaque id, with the bench's bookkeeping (category, suites, holdout,
continuity) stripped, so no delivery path can forward it by accident.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Final, Literal

from bb_schema import Fixture
from bb_schema.memory import StoredFact

#: What an opaque name stands for; each purpose reads back under its own name, so a system
#: stamping (say) its brain's name where the session belongs cannot pass for right.
Purpose = Literal["brain", "session", "replay"]

#: Hex characters of an opaque name (96 bits): collisions are out of reach within a run.
OPAQUE_HEX: Final = 24
_OPAQUE = re.compile(rf"(?<![0-9a-f])[0-9a-f]{{{OPAQUE_HEX}}}(?![0-9a-f])")


class OpaqueIds:
    """Keyed, per-runner names for the seam, and their translation back.

    Args:
        key: The HMAC key; a fresh random one when omitted (tests pass one to pin names).
    """

    def __init__(self, key: bytes | None = None) -> None:
        self._key = key if key is not None else secrets.token_bytes(32)
        #: opaque name -> (what it reads back as in records, what a message calls it)
        self._names: dict[str, tuple[str, str]] = {}

    def name(self, purpose: Purpose, *parts: str) -> str:
        """The opaque name of ``parts`` for ``purpose`` (stable for this runner)."""
        message = "\x1f".join((purpose, *parts)).encode("utf-8")
        opaque = hmac.new(self._key, message, hashlib.sha256).hexdigest()[:OPAQUE_HEX]
        self._names[opaque] = (_translated(purpose, parts), "--".join(parts))
        return opaque

    def readable(self, opaque: str) -> str:
        """What a message calls an opaque name this runner issued: the fixture (or pair) id."""
        found = self._names.get(opaque)
        return opaque if found is None else found[1]

    def translate(self, text: str | None) -> str | None:
        """``text`` with every opaque name this runner issued replaced by the bench's name."""
        if text is None:
            return None
        return _OPAQUE.sub(lambda match: self._back(match.group(0)), text)

    def _back(self, opaque: str) -> str:
        found = self._names.get(opaque)
        return opaque if found is None else found[0]

    def translate_fact(self, fact: StoredFact) -> StoredFact:
        """A stored fact with its provenance fields in the bench's names."""
        return fact.model_copy(
            update={
                "source_session": self.translate(fact.source_session),
                "source_markdown_slug": self.translate(fact.source_markdown_slug),
            }
        )


def _translated(purpose: Purpose, parts: tuple[str, ...]) -> str:
    """The name in records: a write-back session reads back as the fixture id itself."""
    if purpose == "session":
        return parts[0]
    if purpose == "replay":
        return "--".join(parts)
    return f"brain:{'/'.join(parts)}"


def seam_view(fixture: Fixture, opaque_id: str) -> Fixture:
    """``fixture`` as a delivery path may see it: opaque id, no bench bookkeeping.

    The copy is not re-validated (it is never serialised as a fixture document): it keeps the
    turns, pages, facts and sources a harness needs, and nothing that names or classifies it.
    """
    return fixture.model_copy(
        update={
            "fixture_id": opaque_id,
            "category": None,
            "suites": [],
            "holdout": False,
            "continuity": None,
        }
    )

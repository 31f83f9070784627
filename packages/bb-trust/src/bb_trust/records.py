"""Trust observations -> one record per gold item for the Result (``_meta.trust_items``).

The scoreboard says how many trust items failed; these records say what each read surface
showed for every item, passed or failed, so a report can show which surface disagreed (the
stored row, ``get_page``, ``search``, ``recall``, each harness seam's replay, the
``context_pack``) without re-running anything. Fields are turned into text generically, so an
observation that gains a field (a read error, say) shows it without a change here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

from bb_schema import FailedItem, TrustItemRecord, TrustSuite

from bb_trust.observations import Activation, FixtureObservations, TierObservation

__all__ = ["trust_records"]

#: Per suite: (the FixtureObservations list, the item kind shown).
_LISTS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "trust": (("tiers", "tier"), ("ceilings", "ceiling"), ("refusals", "refused promotion")),
    "state-resolution": (("states", "state"), ("guards", "guarded fact")),
    "deletion": (("purges", "purge"),),
    "poisoning": (
        ("payloads", "payload"),
        ("benign", "benign"),
        ("default_payloads", "payload, default mode"),
        ("default_benign", "benign, default mode"),
    ),
}


def _text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (frozenset, set)):
        return ", ".join(sorted(_text(v) for v in value)) or "none"
    if isinstance(value, (tuple, list)):
        return ", ".join(_text(v) for v in value) or "none"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.asdict(value)
        return ", ".join(f"{k} {_text(v)}" for k, v in fields.items())
    return str(value)


def _activation(one: Activation) -> str:
    marks = [
        name
        for name, present in (
            ("wrapped in <external-data>", one.wrapped),
            ("unconfirmed label", one.unconfirmed_label),
            ("external_untrusted field", one.external_field),
            ("low-tier label", one.low_tier_label),
        )
        if present
    ]
    return "reached, " + (", ".join(marks) if marks else "bare (no wrapper or label)")


def _observations(observation: object) -> dict[str, str]:
    """Surface or measurement -> what it showed."""
    out: dict[str, str] = {}
    skip = {"item_id"}
    if isinstance(observation, TierObservation):  # one line per read surface
        skip |= {"expected", "observed"}
        for surface in sorted(set(observation.expected) | set(observation.observed)):
            seen = observation.observed.get(surface)
            wanted = observation.expected.get(surface)
            out[surface] = f"{_text(seen)} (expected {_text(wanted)})"
    assert dataclasses.is_dataclass(observation) and not isinstance(observation, type)
    for field in dataclasses.fields(observation):
        if field.name in skip:
            continue
        value = getattr(observation, field.name)
        if field.name == "activations":
            reached: dict[str, list[str]] = {}
            for one in value:
                reached.setdefault(one.surface, []).append(_activation(one))
            for surface, texts in sorted(reached.items()):
                out[surface] = "; ".join(sorted(set(texts)))
            if not reached:
                out["proactive context"] = "never reached"
            continue
        out[field.name.replace("_", " ")] = _text(value)
    return out


def _failed_steps(fixture: FixtureObservations) -> str:
    """The fixture's steps that could not run, with what they said (why an item is unproven)."""
    failed = [
        f"{s.step_id}: {s.detail or 'no detail'}" for s in fixture.steps if s.status == "failed"
    ]
    return "; ".join(failed) or "none recorded"


def _verdicts(failed: Iterable[FailedItem]) -> dict[tuple[str, str, str], dict[str, set[str]]]:
    """(suite, fixture, item) -> reason -> the harness rows it failed on."""
    out: dict[tuple[str, str, str], dict[str, set[str]]] = {}
    for item in failed:
        key = (item.suite, item.fixture_id, item.item)
        out.setdefault(key, {}).setdefault(item.reason, set()).add(item.harness)
    return out


def _reason(reasons: Mapping[str, set[str]], harnesses: Sequence[str]) -> str:
    parts = []
    for reason in sorted(reasons):
        rows = reasons[reason]
        on = "" if set(harnesses) <= rows else f" (on {', '.join(sorted(rows))})"
        parts.append(reason + on)
    return "; ".join(parts)


def trust_records(
    observations: Mapping[TrustSuite, Sequence[FixtureObservations]],
    failed: Sequence[FailedItem],
    harnesses: Sequence[str],
) -> list[TrustItemRecord]:
    """Every trust gold item of the sweep with its observations and verdict, suite order."""
    verdicts = _verdicts(failed)
    records: list[TrustItemRecord] = []
    for suite, fixtures in observations.items():
        for fixture in fixtures:
            for attribute, kind in _LISTS.get(suite, ()):
                for observation in getattr(fixture, attribute, ()):
                    item_id = observation.item_id
                    reasons = {
                        reason: rows
                        for reason, rows in verdicts.get(
                            (suite, fixture.fixture_id, item_id), {}
                        ).items()
                        # the two poisoning brains share item ids: default-mode metrics
                        # (default_*) judge the default-mode record, the others the rest
                        if reason.startswith("default_") == attribute.startswith("default_")
                    }
                    seen = _observations(observation)
                    if getattr(observation, "step", None) == "failed":
                        seen["failed steps"] = _failed_steps(fixture)
                    records.append(
                        TrustItemRecord(
                            suite=suite,
                            fixture_id=fixture.fixture_id,
                            item=item_id,
                            kind=kind,
                            passed=not reasons,
                            reason=_reason(reasons, harnesses),
                            observations=seen,
                        )
                    )
    return records

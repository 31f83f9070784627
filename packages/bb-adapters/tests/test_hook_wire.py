"""The claude-code row reads pointers, with their stage, back off the hook's wire text."""

from __future__ import annotations

from bb_adapters.delivery.hook import pointers_in
from bb_adapters.pipeline import enforce_budget
from bb_brain.reflex import render
from bb_schema.turn_context import Pointer, SeamSettings


def _pointer(slug: str, stage: str) -> Pointer:
    return Pointer.model_validate({"slug": slug, "source": "default", "stage": stage})


def test_stage_survives_the_render_round_trip() -> None:
    sent = (
        _pointer("people/a", "reflex"),
        _pointer("people/b", "reflex"),
        _pointer("companies/c", "volunteer"),
        _pointer("projects/d", "volunteer"),
    )
    text = render(sent, {"people/a": "A summary."}, "list")
    assert [(p.slug, p.source, p.stage) for p in pointers_in(text)] == [
        (p.slug, p.source, p.stage) for p in sent
    ]


def test_volunteered_pointers_are_not_counted_as_reflex_cuts() -> None:
    sent = (
        _pointer("people/a", "reflex"),
        _pointer("people/b", "reflex"),
        _pointer("companies/c", "volunteer"),
    )
    settings = SeamSettings(pointer_budget=2, volunteer=True, volunteer_max_pages=3)
    kept, cuts = enforce_budget(pointers_in(render(sent, {}, "list")), settings)
    assert [p.slug for p in kept] == ["people/a", "people/b", "companies/c"]
    assert cuts == 0


def test_a_third_reflex_pointer_is_still_cut() -> None:
    sent = tuple(_pointer(f"people/p{i}", "reflex") for i in range(3))
    settings = SeamSettings(pointer_budget=2, volunteer=True, volunteer_max_pages=3)
    kept, cuts = enforce_budget(pointers_in(render(sent, {}, "list")), settings)
    assert len(kept) == 2 and cuts == 1

from __future__ import annotations

from types import SimpleNamespace

from bb_score import failure_kind, group_failures


def _kind(kit: SimpleNamespace, reason: str) -> str:
    return failure_kind(kit.item("h", "push", "f", "turn 1", reason))


def test_core_scorer_reasons_get_short_kinds(kit: SimpleNamespace) -> None:
    assert _kind(kit, "false fire: stay-silent turn injected [a/b]") == "false fire"
    assert _kind(kit, "spurious: injected a/b on a stay-silent turn: not gold or acceptable") == (
        "spurious page (outside gold)"
    )
    assert _kind(kit, "should retrieve [a/b]: injected nothing") == "missed (nothing injected)"
    assert _kind(kit, "should retrieve [a/b]: injected [c/d], none gold or acceptable") == (
        "missed (other pages injected)"
    )
    assert (
        _kind(kit, "should retrieve a/b: not injected (injected nothing)")
        == "gold page not injected"
    )
    assert _kind(kit, "injected a/b on a stay-silent turn: not gold or acceptable") == (
        "page on a stay-silent turn"
    )
    assert _kind(kit, "lost: no active stored fact holds every keyword ['x']") == "fact lost"
    assert _kind(kit, "wrong provenance on 'x': source 'a' (expected 'b')") == "wrong provenance"
    assert _kind(kit, "not recalled: expected [a/b], injected nothing; no active fact") == (
        "decision not recalled"
    )


def test_a_reason_naming_a_metric_is_counted_under_it(kit: SimpleNamespace) -> None:
    assert _kind(kit, "poison_persist_rate: durable in pages") == "poison_persist_rate"
    assert _kind(kit, "laundering_violations: stored at owner above agent_written") == (
        "laundering_violations"
    )


def test_an_unknown_reason_keeps_its_wording_without_specifics(kit: SimpleNamespace) -> None:
    kind = _kind(kit, "pointer to 'people/x' came 3 turns late [a, b]; more detail")
    assert kind == "pointer to came turns late"
    assert len(_kind(kit, "word " * 40)) <= 48


def test_groups_follow_the_cell_order_and_count_most_frequent_first(kit: SimpleNamespace) -> None:
    items = [
        kit.item("b", "push", "f", "1", "false fire: x"),
        kit.item("a", "push", "f", "1", "false fire: x"),
        kit.item("a", "push", "f", "2", "should retrieve [x]: injected nothing"),
        kit.item("a", "push", "f", "3", "should retrieve [x]: injected nothing"),
    ]
    groups = group_failures(items, [("a", "push"), ("b", "push")])
    assert [g.key for g in groups] == ["a/push", "b/push"]
    assert groups[0].kinds == (("missed (nothing injected)", 2), ("false fire", 1))
    assert [g.key for g in group_failures(items)] == ["a/push", "b/push"]

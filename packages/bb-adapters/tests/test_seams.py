import pytest
from bb_adapters import DEFAULT_HARNESSES, AdapterUserError
from bb_adapters.seams import BUILTIN, parse_harnesses


def test_default_rows_are_the_three_v1_harnesses() -> None:
    assert [c.name for c in parse_harnesses(",".join(DEFAULT_HARNESSES))] == [
        "openclaw",
        "claude-code",
        "codex",
    ]


def test_budget_gradient_is_declared_data() -> None:
    budgets = [BUILTIN[name].settings.pointer_budget for name in DEFAULT_HARNESSES]
    assert budgets == [3, 2, 1]
    assert BUILTIN["codex"].settings.volunteer is False
    assert BUILTIN["codex"].preamble_pages == 50


def test_every_row_discloses_its_deviations() -> None:
    for config in BUILTIN.values():
        assert config.disclosures, config.name


def test_foreign_row_parses_name_and_target() -> None:
    (row,) = parse_harnesses("grpc:mem0=unix:/tmp/mem0.sock")
    assert row.name == "mem0"
    assert row.target == "unix:/tmp/mem0.sock"
    assert row.seam == "contract"
    assert row.settings == BUILTIN["openclaw"].settings


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("openclaw,nope", "'nope'"),
        ("openclaw,openclaw", "listed twice"),
        (" , ", "no harness"),
        ("grpc:Bad Name=x", "its name must be lowercase"),
        ("grpc:mine", "has no target: write grpc:<name>=<target>"),
    ],
)
def test_bad_specs_name_the_offender(spec: str, needle: str) -> None:
    with pytest.raises(AdapterUserError) as info:
        parse_harnesses(spec)
    assert needle in info.value.message

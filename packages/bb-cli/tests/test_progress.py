"""Progress on stderr: bar on a terminal, plain periodic lines in CI, nothing otherwise."""

from __future__ import annotations

import io

import pytest
from bb_cli._progress import ProgressDisplay, resolve_mode


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_auto_is_a_bar_on_a_terminal_lines_in_ci_and_off_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CI", raising=False)
    assert resolve_mode("auto", quiet=False, stream=_Tty()) == "bar"
    assert resolve_mode("auto", quiet=False, stream=io.StringIO()) == "off"
    monkeypatch.setenv("CI", "true")
    assert resolve_mode("auto", quiet=False, stream=io.StringIO()) == "lines"
    assert resolve_mode("auto", quiet=True, stream=_Tty()) == "off"  # --quiet wins
    assert resolve_mode("bar", quiet=True, stream=_Tty()) == "off"
    assert resolve_mode("lines", quiet=False, stream=_Tty()) == "lines"


def test_lines_are_periodic_with_done_total_elapsed_and_remaining() -> None:
    now = [0.0]
    stream = io.StringIO()
    display = ProgressDisplay(stream, "lines", interval=30.0, clock=lambda: now[0])
    with display.running():
        tick = display.phase("replay")
        assert tick is not None
        for done in range(1, 101):
            now[0] = done * 1.0  # one second per fixture
            tick(done, 100, f"fx-{done}")
    lines = stream.getvalue().splitlines()
    assert lines == [
        "brainbench: replay 30/100 (30%), 0:00:30 elapsed, about 0:01:10 left (fx-30)",
        "brainbench: replay 60/100 (60%), 0:01:00 elapsed, about 0:00:40 left (fx-60)",
        "brainbench: replay 90/100 (90%), 0:01:30 elapsed, about 0:00:10 left (fx-90)",
        "brainbench: replay 100/100 (100%), 0:01:40 elapsed, done",
    ]


def test_a_phase_run_again_starts_over_and_off_gives_no_callback() -> None:
    now = [0.0]
    stream = io.StringIO()
    display = ProgressDisplay(stream, "lines", interval=1000.0, clock=lambda: now[0])
    tick = display.phase("replay")
    assert tick is not None
    now[0] = 5.0
    tick(2, 2, "b")
    now[0] = 50.0
    tick(1, 2, "a")  # a repeated run: the clock restarts
    now[0] = 60.0
    tick(2, 2, "b")
    assert (
        stream.getvalue().splitlines()[-1] == "brainbench: replay 2/2 (100%), 0:00:10 elapsed, done"
    )
    assert ProgressDisplay(io.StringIO(), "off").phase("replay") is None


def test_the_bar_draws_on_its_stream_only_and_narration_goes_above_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    stream = _Tty()
    display = ProgressDisplay(stream, "bar")
    with display.running():
        tick = display.phase("trust sweep")
        assert tick is not None
        tick(1, 4, "trust-001")
        display.narrate("run 2 of 3")
        tick(4, 4, "trust-004")
    drawn = stream.getvalue()
    assert "trust sweep" in drawn and "4/4" in drawn and "run 2 of 3" in drawn
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""

"""The HTML report in a real headless Chromium (opt-in: `uv run nox -s browser`).

Opens the report of a real run and checks what a reader does with it: the overview shows one
cell per Result cell, a failed item is two clicks away (its cell on the overview, then the
item), nothing is fetched from the network, nothing logs an error. Screenshots go to
``build/browser/``. Runs only when ``BRAINBENCH_CHROMIUM`` names the browser binary (Debian's
``chromium``); the nox session sets it and builds the report first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("BRAINBENCH_CHROMIUM", "")
if not CHROMIUM:
    pytest.skip("opt-in: set BRAINBENCH_CHROMIUM (uv run nox -s browser)", allow_module_level=True)
playwright = pytest.importorskip("playwright.sync_api")

REPO = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("BRAINBENCH_BROWSER_OUT", REPO / "build" / "browser"))


def _brainbench(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "bb_cli", *args], check=True, cwd=REPO)


@pytest.fixture(scope="module")
def built() -> dict[str, Path]:
    """The Result, report and history page (the nox session builds them; else built here)."""
    paths = {
        "result": BUILD / "result.json",
        "report": BUILD / "report.html",
        "history": BUILD / "history.html",
        "ledger": BUILD / "ledger.jsonl",
    }
    if not paths["report"].exists():
        BUILD.mkdir(parents=True, exist_ok=True)
        result, ledger = str(paths["result"]), str(paths["ledger"])
        _brainbench("run", "--quiet", "--out", result, "--ledger", ledger)
        _brainbench("report", result, "--quiet", "--html", str(paths["report"]),
                    "--baseline", result, "--ledger", ledger)  # fmt: skip
        _brainbench("history", "--quiet", "--ledger", ledger, "--html", str(paths["history"]))
    return paths


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
        )
        yield launched
        launched.close()


class _Watched:
    """A page whose console errors, page errors and network requests are recorded."""

    def __init__(self, browser: Any) -> None:
        self.page = browser.new_page(viewport={"width": 1360, "height": 900})
        self.errors: list[str] = []
        self.fetched: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

        def route(request_route: Any) -> None:
            url = request_route.request.url
            if not url.startswith("file://"):
                self.fetched.append(url)
                request_route.abort()
            else:
                request_route.continue_()

        self.page.route("**/*", route)


def test_overview_renders_every_cell(built: dict[str, Path], browser: Any) -> None:
    result = json.loads(built["result"].read_text(encoding="utf-8"))
    watched = _Watched(browser)
    watched.page.goto(built["report"].as_uri())
    for cell in result["cells"]:
        key = f"{cell['harness']}/{cell['suite']}"
        node = watched.page.locator(f'td[data-cell="{key}"]')
        assert node.is_visible(), key
        assert f"{cell['gold_failed']}/{cell['gold_total']}" in node.inner_text()
    assert watched.page.locator("svg[aria-label$=' per row']").count() >= len(result["cells"])
    watched.page.screenshot(path=str(BUILD / "overview.png"))
    watched.page.screenshot(path=str(BUILD / "report-full.png"), full_page=True)
    assert watched.errors == [] and watched.fetched == []


def test_a_failed_item_is_two_clicks_from_the_overview(
    built: dict[str, Path], browser: Any
) -> None:
    result = json.loads(built["result"].read_text(encoding="utf-8"))
    failing = max(result["cells"], key=lambda c: c["gold_failed"])
    assert failing["gold_failed"] > 0, "the committed corpus has failed items to drill into"
    key = f"{failing['harness']}/{failing['suite']}"
    watched = _Watched(browser)
    page = watched.page
    page.goto(built["report"].as_uri())
    page.locator(f'td[data-cell="{key}"] a').click()  # click 1: the cell
    section = page.locator("section.cell:target")
    assert section.is_visible()
    assert key.replace("/", " / ") in section.locator("h3").inner_text()
    page.screenshot(path=str(BUILD / "cell.png"))
    item = section.locator("details.item").first
    item.locator("summary").click()  # click 2: the item
    assert item.get_attribute("open") is not None
    turn = item.locator(".turn.focus")
    assert turn.is_visible() and turn.inner_text().strip()
    assert "why it failed" in item.inner_text() and "gold expected" in item.inner_text()
    item.scroll_into_view_if_needed()
    page.screenshot(path=str(BUILD / "item.png"))
    item.locator("a[href^='#fx-']").click()  # and on to its fixture
    assert page.locator(".turn:target").is_visible()
    assert watched.errors == [] and watched.fetched == []


def test_history_page_draws_trends(built: dict[str, Path], browser: Any) -> None:
    watched = _Watched(browser)
    watched.page.goto(built["history"].as_uri())
    assert watched.page.locator("svg[aria-label='gold_failed over runs']").count() >= 1
    watched.page.screenshot(path=str(BUILD / "history.png"))
    assert watched.errors == [] and watched.fetched == []

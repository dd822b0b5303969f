"""Fixtures of the web table's tests: a real server on a loopback port (``server.kit``) and the
system's Chromium driven by Playwright (it cannot download a browser here: ``.ci/run``
installs the distribution's ``chromium``)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.kit import TIMEOUT, Running, running_server

playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="the web tests need playwright (the dev extra)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = tmp_path_factory.mktemp("web") / "server.db"
    with running_server(f"sqlite:///{db}") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("no chromium on PATH: the web tests drive the system's Chromium "
                    "(apt-get install chromium)")
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """Pages, each in its own browser context (its own localStorage: another person)."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 800) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT * 1000)  # as long as a protocol test waits
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda line: errors.append(line.text)
                if "Content Security Policy" in line.text else None)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the pages: {errors}"


DOCS_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"

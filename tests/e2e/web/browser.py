"""A real headless Chromium for the web tests: Debian's `chromium` package driven by Playwright
(never a browser Playwright downloads). Without it the browser tests are skipped on a developer's
machine; in CI (`CI=true`, where .ci/run installs the package) they must run."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import AsyncIterator
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def chromium_or_skip() -> str:
    found = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    try:
        import playwright  # noqa: F401
    except ImportError:
        found = None
    if found is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("CI must run the browser tests: install Debian's chromium and playwright (.ci/run does)")
        pytest.skip("no chromium (apt-get install chromium) or no playwright: browser tests skipped")
    return found


@contextlib.asynccontextmanager
async def browser(lang: str = "en-US") -> AsyncIterator[Any]:
    """A fresh browser context (its Accept-Language `lang`) in a headless Chromium."""
    path = chromium_or_skip()
    from playwright.async_api import async_playwright

    async with async_playwright() as play:
        chrome = await play.chromium.launch(executable_path=path, headless=True,
                                            args=["--no-sandbox", "--disable-dev-shm-usage"])
        try:
            context = await chrome.new_context(locale=lang, viewport={"width": 1280, "height": 900})
            yield context
        finally:
            await chrome.close()

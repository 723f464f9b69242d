"""The emulator's own tests: every exchange of each test's emulator also matches Discord's OpenAPI
description (tests/emulator/fidelity.py), where the description is present."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.emulator import fidelity


@pytest.fixture
async def emulator(emulator: Any) -> AsyncIterator[Any]:
    yield emulator
    if fidelity.spec_available():
        mismatches = fidelity.load_checker().check_all(emulator.requests)
        assert mismatches == [], "answers Discord would not give:\n" + "\n".join(map(str, mismatches[:20]))

"""`/game create` refuses bad settings at once, with one line naming the setting (issue 12)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleError

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("game", "settings", "name"), [
    ("impero", "timezone=Europe/Atlantide", "timezone"),
    ("impero", "map=atlantide", "map"),
    ("impero", "yield_layout=perduto", "yield_layout"),
    ("spqrisiko", "timezone=Marte/Olimpo", "timezone"),
    ("spqrisiko", "private_threads=forse", "private_threads"),
])
async def test_bad_setting_refused_at_create(emulator: Any, araldo: Any, game: str, settings: str, name: str) -> None:
    alice = emulator.user("alice")
    reply = await emulator.slash(alice, "game create", game=game, settings=settings)
    assert reply.ephemeral and name in reply.content and len(reply.content.splitlines()) == 1
    with pytest.raises(RuleError):  # nothing was created
        await araldo.service.in_channel(str(emulator.general.id))

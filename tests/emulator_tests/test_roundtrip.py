from __future__ import annotations

from tests.emulator import Emulator
from tests.emulator.fixtures import running_bot

from .toybot import ToyBot


async def test_slash_round_trip(emulator: Emulator) -> None:
    bot = ToyBot()
    async with running_bot(emulator, bot, commands=("impero",)):
        alice = emulator.user("alice")
        result = await emulator.slash(alice, "impero bid", company="Telegrafo", amount=120)
        assert result.content == "Alice offre 120 per Telegrafo"
        assert result.message.button_labels == ["Accept", "Counter"]
        assert not result.ephemeral
        assert emulator.messages_seen(emulator.user("bob"))[-1].content == result.content
    emulator.assert_no_unknown_routes()

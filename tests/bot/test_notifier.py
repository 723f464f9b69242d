"""The notifier with a stand-in messenger: who is told what, and where."""

from __future__ import annotations

from bot.notifier import Notifier, chunks
from bot.service import GameService, Update
from engine.core import Event


class Messenger:
    def __init__(self, closed: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        self.closed = set(closed)
        self.dms: list[tuple[str, str, bool]] = []
        self.posts: list[tuple[str, str]] = []

    async def dm(self, user_id: str, content: str, file=None) -> bool:
        if user_id in self.closed:
            return False
        self.dms.append((user_id, content, file is not None))
        return True

    async def post(self, channel_id: str, content: str, file=None) -> None:
        self.posts.append((channel_id, content))


async def game(service: GameService):
    await service.create(kind="corsa", guild_id="9", channel_id="90", creator_id="1", creator_name="Anna")
    await service.join("90", "2", "Bruno")
    return await service.start("90", "1")


async def test_turn_dm_has_the_board_link_and_falls_back_to_a_mention(service: GameService) -> None:
    messenger = Messenger(closed={"2"})
    notifier = Notifier(service, messenger)
    res = await game(service)
    await notifier.drain()
    upd = Update(res.game, res.state, [Event(key="corsa.your_turn", params={"player": "x"}, to=["1", "2"],
                                             notify="turn")], "tick")
    await notifier.on_update(upd)
    told = [d for d in messenger.dms if d[0] == "1" and "Tocca a x" in d[1]]
    assert told and "discord.com/channels/9/90" in told[0][1] and told[0][2]  # with the board image
    assert any(p[0] == "90" and "<@2>" in p[1] and "Tocca a x" in p[1] for p in messenger.posts)


async def test_opted_out_kinds_are_not_sent(service: GameService) -> None:
    messenger = Messenger()
    notifier = Notifier(service, messenger)
    res = await game(service)
    await notifier.drain()
    await service.set_notify("1", "outbid", False)
    await notifier.on_update(Update(res.game, res.state, [Event(key="corsa.passed", params={"player": "y"},
                                                                to=["1"], notify="outbid")], "tick"))
    assert not any("passa" in d[1] for d in messenger.dms)


async def test_moderator_events_call_the_role_in_the_channel(service: GameService) -> None:
    messenger = Messenger()
    notifier = Notifier(service, messenger)
    res = await game(service)
    await notifier.drain()
    await service.set_guild_config("9", mod_role_id="777")
    await notifier.on_update(Update(res.game, res.state, [Event(key="corsa.passed", params={"player": "z"},
                                                                notify="moderators")], "tick"))
    assert any("<@&777>" in p[1] and "z passa" in p[1] for p in messenger.posts)
    assert not any("z passa" in d[1] for d in messenger.dms)


def test_long_text_is_split_under_discords_limit() -> None:
    parts = chunks("\n".join("x" * 300 for _ in range(20)))
    assert len(parts) > 1 and all(len(p) <= 2000 for p in parts)
    assert chunks("y" * 5000)[0] == "y" * 1900


async def test_private_news_never_falls_back_into_the_channel(service: GameService) -> None:
    messenger = Messenger(closed={"2"})
    notifier = Notifier(service, messenger)
    res = await game(service)
    await notifier.drain()
    secret = Event(key="corsa.added", params={"player": "Anna", "amount": 3, "total": 99}, to=["2"], notify="action")
    await notifier.on_update(Update(res.game, res.state, [secret], "tick"))
    mentions = [p[1] for p in messenger.posts if "<@2>" in p[1]]
    assert mentions and not any("99" in m for m in mentions)

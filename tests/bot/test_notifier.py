"""The notifier with a stand-in messenger: who is told what, and where, through the outbox."""

from __future__ import annotations

from sqlmodel import select

from bot.notifier import Notifier
from bot.pictures import chunks
from bot.service import GameService, Update
from bot.storage.models import OutboxRow
from engine.core import Event


class Messenger:
    """Like Discord: a nonce already seen returns the earlier message instead of posting again."""

    def __init__(self, closed: set[str] = frozenset(), fail: int = 0) -> None:  # type: ignore[assignment]
        self.closed = set(closed)
        self.fail = fail  # this many calls fail first, as a Discord outage would
        self.dms: list[tuple[str, str, bool]] = []
        self.posts: list[tuple[str, str]] = []
        self.nonces: set[str] = set()

    def _outage(self) -> None:
        if self.fail:
            self.fail -= 1
            raise ConnectionError("503 Service Unavailable")

    async def dm(self, user_id: str, content: str, file=None, nonce=None) -> bool:
        self._outage()
        if user_id in self.closed:
            return False
        if nonce not in self.nonces:
            self.nonces.add(nonce)
            self.dms.append((user_id, content, file is not None))
        return True

    async def post(self, channel_id: str, content: str, file=None, nonce=None) -> None:
        self._outage()
        if nonce not in self.nonces:
            self.nonces.add(nonce)
            self.posts.append((channel_id, content))


async def game(service: GameService):
    await service.create(kind="corsa", guild_id="9", channel_id="90", creator_id="1", creator_name="Anna")
    await service.join("90", "2", "Bruno")
    return await service.start("90", "1")


async def tell(service: GameService, notifier: Notifier, upd: Update) -> None:
    """What the service does for a commit: plan its rows (in the transaction), then send them."""
    from bot.notifier import plan

    async with service.db.transaction() as s:
        s.add_all(plan(upd))
    await notifier.drain()


async def test_turn_dm_has_the_board_link_and_falls_back_to_a_mention(service: GameService) -> None:
    messenger = Messenger(closed={"2"})
    notifier = Notifier(service, messenger)
    res = await game(service)
    await notifier.drain()
    upd = Update(res.game, res.state, [Event(key="corsa.your_turn", params={"player": "x"}, to=["1", "2"],
                                             notify="turn")], "tick")
    await tell(service, notifier, upd)
    told = [d for d in messenger.dms if d[0] == "1" and "Tocca a x" in d[1]]
    assert told and "discord.com/channels/9/90" in told[0][1] and not told[0][2]  # no image unless asked
    await service.set_notify("1", "images", True)  # /notify images: the turn DM carries the board
    await tell(service, notifier, upd)
    told = [d for d in messenger.dms if d[0] == "1" and "Tocca a x" in d[1]]
    assert len(told) == 2 and told[1][2]
    assert any(p[0] == "90" and "<@2>" in p[1] and "Tocca a x" in p[1] for p in messenger.posts)


async def test_only_letters_that_need_the_game_are_written_in_the_worker_thread(service: GameService,
                                                                                 monkeypatch) -> None:
    from concurrent.futures import ThreadPoolExecutor

    import bot.notifier as notifier_module

    threaded: list[str] = []

    class Recording(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            threaded.append(args[1].what)  # compose(game, row, ...)
            return super().submit(fn, *args, **kwargs)

    monkeypatch.setattr(notifier_module, "_COMPOSER", Recording(1))
    messenger = Messenger()
    notifier = Notifier(service, messenger)
    res = await game(service)
    await notifier.drain()
    threaded.clear()
    messenger.dms.clear()  # the start's own turn DM
    upd = Update(res.game, res.state, [Event(key="corsa.your_turn", params={"player": "x"}, to=["1"],
                                             notify="turn")], "tick")
    await tell(service, notifier, upd)
    assert [d[0] for d in messenger.dms] == ["1"] and threaded == []  # words only: written on the loop
    await service.set_notify("1", "images", True)
    await tell(service, notifier, upd)  # with the board: drawn in the worker thread
    assert [d[0] for d in messenger.dms] == ["1", "1"] and messenger.dms[1][2] and threaded == ["dm"]


async def test_opted_out_kinds_are_not_sent(service: GameService) -> None:
    messenger = Messenger()
    notifier = Notifier(service, messenger)
    res = await game(service)
    await notifier.drain()
    await service.set_notify("1", "outbid", False)
    await tell(service, notifier, Update(res.game, res.state, [Event(key="corsa.passed", params={"player": "y"},
                                                                     to=["1"], notify="outbid")], "tick"))
    assert not any("passa" in d[1] for d in messenger.dms)


async def test_moderator_events_call_the_role_in_the_channel(service: GameService) -> None:
    messenger = Messenger()
    notifier = Notifier(service, messenger)
    res = await game(service)
    await notifier.drain()
    await service.set_guild_config("9", mod_role_id="777")
    await tell(service, notifier, Update(res.game, res.state, [Event(key="corsa.passed", params={"player": "z"},
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
    await tell(service, notifier, Update(res.game, res.state, [secret], "tick"))
    mentions = [p[1] for p in messenger.posts if "<@2>" in p[1]]
    assert mentions and not any("99" in m for m in mentions)


async def test_the_text_is_written_in_the_language_of_the_moment_it_is_sent(service: GameService) -> None:
    """Rows hold the event, not its text: a server switched to English before the send reads English."""
    messenger = Messenger()
    notifier = Notifier(service, messenger)
    await game(service)  # the turn DM is planned (in the start's transaction) while the server is Italian
    await service.set_guild_config("9", locale="en")
    await notifier.drain()
    assert any("Your turn" in d[1] or "your turn" in d[1] for d in messenger.dms)
    assert not any("Tocca a te" in d[1] for d in messenger.dms)


async def test_a_row_survives_a_crash_between_commit_and_delivery_and_is_sent_once(db, clock) -> None:
    """The move commits its notifications; the process dies before sending them. The next process
    sends each exactly once; a crash after Discord accepted a message but before it was marked sent
    re-sends it under the same nonce, which Discord (here the stand-in) does not post twice."""
    first = GameService(db, clock=clock)
    Notifier(first, Messenger())  # its sender never runs: the process "dies" right after the commit
    res = await game(first)
    async with db.sessions() as s:
        pending = list((await s.execute(select(OutboxRow).where(OutboxRow.sent_at == None))).scalars())  # noqa: E711
    assert pending, "the start's turn DM must be in the outbox, committed with the move"

    after = GameService(db, clock=clock)  # the next start, on the same database
    await after.set_notify(res.state.players[0].id, "images", True)
    messenger = Messenger(fail=1)  # and Discord is briefly down: retried with backoff, not dropped
    notifier = Notifier(after, messenger)
    await notifier.drain()
    assert messenger.dms == []
    async with db.transaction() as s:  # the backoff has passed
        await s.execute(OutboxRow.__table__.update().values(next_at=clock.now.replace(year=2000)))
    await notifier.drain()
    first_player = res.state.players[0].id
    turn = [d for d in messenger.dms if d[0] == first_player]
    assert len(turn) == 1 and turn[0][2]  # once, with the board
    await notifier.drain()
    await Notifier(GameService(db, clock=clock), messenger).drain()  # yet another start: nothing again
    assert len([d for d in messenger.dms if d[0] == first_player]) == 1

    # killed after Discord took the message but before the sent mark: the row is sent again, same nonce
    async with db.transaction() as s:
        await s.execute(OutboxRow.__table__.update().values(sent_at=None))
    await Notifier(GameService(db, clock=clock), messenger).drain()
    assert len([d for d in messenger.dms if d[0] == first_player]) == 1
    async with db.sessions() as s:
        rows = list((await s.execute(select(OutboxRow))).scalars())
    assert rows and all(r.sent_at is not None and r.attempts >= 1 for r in rows)


async def test_the_sender_started_after_a_catch_up_waits_for_it(service: GameService) -> None:
    """At startup the outbox is sent once the scheduler has woken the overdue games: their deadlines
    first, what they tell after (delayed, never lost)."""
    import asyncio

    messenger = Messenger()
    notifier = Notifier(service, messenger)  # type: ignore[arg-type]
    caught_up = asyncio.Event()
    notifier.start(after=caught_up)
    try:
        await game(service)  # the start's turn DM is written to the outbox and the sender woken
        await asyncio.sleep(0.3)
        assert messenger.dms == []
        caught_up.set()
        for _ in range(100):
            if messenger.dms:
                break
            await asyncio.sleep(0.05)
        assert [user for user, _text, _board in messenger.dms] == ["1"]
    finally:
        await notifier.stop()

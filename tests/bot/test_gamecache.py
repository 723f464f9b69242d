"""The process's cache of games, settings and preferences (bot/gamecache.py): another process's write
is never overwritten nor hidden from a move, a move refused on a stale row is decided again on the
stored one, and nothing a conflicting attempt planned is written twice or lost."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from bot.gamecache import Recent
from bot.service import GameService, Update
from bot.storage.models import ActionRow, OutboxRow
from engine.core import get_game


class Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def one_row_per_move(upd: Update) -> list[OutboxRow]:
    from bot.notifier import _row

    return [_row(upd.game, "announce", {"events": [], "board": False})] if upd.source == "act" else []


async def two_processes(db: Any, clock: Any) -> tuple[GameService, GameService, int]:
    """Two services on one database, as two shard processes (or a tool) would be."""
    a, b = GameService(db, clock=clock), GameService(db, clock=clock)
    for svc in (a, b):
        svc.planners.append(one_row_per_move)
    await a.create(kind="corsa", guild_id="1", channel_id="2", creator_id="10", creator_name="A",
                   settings={"target": 100})
    await a.join("2", "11", "B")
    res = await a.start("2", "10")
    assert res.game.id is not None
    return a, b, res.game.id


async def whose_turn(svc: GameService, game_id: int) -> str:
    _row, state = await svc.state(game_id)
    return sorted(get_game("corsa").awaiting(state))[0]


async def counts(db: Any, game_id: int) -> tuple[int, int]:
    async with db.sessions() as s:
        log = (await s.execute(select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id))).scalar()
        out = (await s.execute(select(func.count()).select_from(OutboxRow).where(OutboxRow.game_id == game_id))).scalar()
    return log or 0, out or 0


async def test_a_move_on_a_row_another_process_replaced_is_made_on_the_stored_one(db, clock) -> None:
    a, b, gid = await two_processes(db, clock)
    first = await whose_turn(a, gid)
    await a.act(gid, first, {"type": "add", "amount": 3}, interaction_id="i1")  # a now caches version 2
    cached = a.cache.row(gid)
    assert cached is not None and cached.version == 2
    second = await whose_turn(b, gid)
    await b.act(gid, second, {"type": "add", "amount": 2}, interaction_id="i2")  # stored: version 3
    assert a.cache.row(gid) is cached  # a has not heard of it
    # a's cached row says it is `second`'s turn; the stored one says `first`'s: the move is refused on
    # the cached row, confirmed against the stored version, and made on the stored row
    res = await a.act(gid, first, {"type": "add", "amount": 1}, interaction_id="i3")
    assert res.game.version == 4 and res.state.total == 6  # type: ignore[attr-defined]
    assert (await a.get(gid)).version == 4
    assert await counts(db, gid) == (3, 3)  # every move logged once, each told once


async def test_a_save_on_a_stale_row_conflicts_and_writes_nothing_of_that_attempt(db, clock) -> None:
    a, b, gid = await two_processes(db, clock)
    player = await whose_turn(a, gid)
    await a.act(gid, player, {"type": "add", "amount": 1}, interaction_id="i1")
    other = await whose_turn(a, gid)
    # b plays `other`'s move and then `player`'s: it is `other`'s turn again, as a's cache believes,
    # so the rules accept the move on a's stale row and only the version check stands in the way
    await b.act(gid, other, {"type": "add", "amount": 1}, interaction_id="i2")
    await b.act(gid, player, {"type": "add", "amount": 1}, interaction_id="i3")
    stale = a.cache.row(gid)
    assert stale is not None and stale.version == 2
    res = await a.act(gid, other, {"type": "add", "amount": 3}, interaction_id="i4")
    assert res.game.version == 5 and res.state.total == 6  # type: ignore[attr-defined]
    assert await counts(db, gid) == (4, 4)  # the conflicting attempt left neither log row nor outbox row


async def test_a_refusal_on_a_current_row_stays_a_refusal(db, clock) -> None:
    import pytest

    from engine.core import RuleError

    a, _b, gid = await two_processes(db, clock)
    player = await whose_turn(a, gid)
    await a.act(gid, player, {"type": "add", "amount": 1})
    with pytest.raises(RuleError) as refused:
        await a.act(gid, player, {"type": "add", "amount": 1})  # not their turn, and the cache is current
    assert refused.value.code == "core.not_your_turn"
    assert await counts(db, gid) == (1, 1)


async def test_the_outbox_sender_sees_another_process_s_version_once_its_view_is_old(db, clock) -> None:
    a, b, gid = await two_processes(db, clock)
    ticks = Ticks()
    a.cache.rows.clock = ticks
    player = await whose_turn(a, gid)
    await a.act(gid, player, {"type": "add", "amount": 1})
    assert (await a.games({gid}))[gid].version == 2
    await b.act(gid, await whose_turn(b, gid), {"type": "add", "amount": 2})
    assert (await a.games({gid}))[gid].version == 2  # its own recent view: no read
    ticks.now += a.cache.rows.fresh + 0.1
    assert (await a.games({gid}))[gid].version == 3


async def test_server_settings_changed_elsewhere_show_within_the_freshness_window(db, clock) -> None:
    a, b = GameService(db, clock=clock), GameService(db, clock=clock)
    ticks = Ticks()
    a._configs.clock = ticks
    assert (await a.guild_config("7")).locale == "it"
    await a.set_guild_config("7", locale="en")
    assert (await a.guild_config("7")).locale == "en"  # a change made here is seen at once
    await b.set_guild_config("7", locale="it")
    assert (await a.guild_config("7")).locale == "en"  # trusted for a while...
    ticks.now += a._configs.fresh + 0.1
    assert (await a.guild_config("7")).locale == "it"  # ...then read again


async def test_notification_preferences_are_forgotten_when_changed_here(db, clock) -> None:
    a = GameService(db, clock=clock)
    assert await a.notify_settings({"5"}) == {}
    await a.set_notify("5", "turn", False)
    assert await a.notify_settings({"5"}) == {("5", "turn"): False}
    await a.set_language("5", "en")
    assert (await a.user_languages({"5"}))["5"] == ("en", None)


def test_recent_values_expire_and_the_least_used_go_first() -> None:
    ticks = Ticks()
    recent: Recent[str, int] = Recent(limit=2, fresh=5.0, clock=ticks)
    recent.put("a", 1)
    recent.put("b", 2)
    assert recent.get("a") == 1  # "a" is now the most recently used
    recent.put("c", 3)
    assert recent.get("b") is None and recent.get("a") == 1 and len(recent) == 2
    ticks.now = 6.0
    assert recent.get("a") is None and recent.get("a", fresh_only=False) == 1


def test_a_row_loaded_from_its_values_reads_and_changes_like_a_constructed_one() -> None:
    from datetime import UTC, datetime

    from bot.storage.models import GameRow, loaded

    now = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)
    made = GameRow(id=4, kind="corsa", guild_id="1", channel_id="2", created_by="10", created_at=now,
                   updated_at=now, snapshot_json="{}", version=3)
    values = {c.name: getattr(made, c.name) for c in GameRow.__table__.columns}  # type: ignore[attr-defined]
    row = loaded(GameRow, values)
    assert row.model_dump() == made.model_dump() and row.version == 3 and row.snapshot_json == "{}"
    row.reminded_for = now  # the scheduler notes a claimed reminder on the row it holds
    assert row.reminded_for == now and made.reminded_for is None


def test_the_game_cache_keeps_its_snapshots_within_budget() -> None:
    from datetime import UTC, datetime

    from bot.gamecache import GameCache
    from bot.storage.models import GameRow

    now = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)
    cache = GameCache(budget=250)

    def row(game_id: int, size: int) -> GameRow:
        return GameRow(id=game_id, kind="corsa", guild_id="1", channel_id=str(game_id), created_by="10",
                       created_at=now, updated_at=now, snapshot_json="x" * size)

    cache.put(row(1, 100))
    cache.put(row(2, 100))
    cache.put(row(1, 120))  # a new version replaces the old one's weight
    assert cache.rows.weight == 220
    cache.put(row(3, 100))  # 320 > 250: the least recently used (game 2) goes
    assert cache.row(2) is None and cache.row(1) is not None and cache.rows.weight == 220
    cache.forget(1)
    assert cache.rows.weight == 100
    cache.put(row(4, 1000))  # one game alone over budget is kept, the others go
    assert cache.row(4) is not None and cache.row(3) is None and len(cache.rows) == 1


async def test_the_channel_s_live_game_comes_from_this_process_s_recent_view(db, clock) -> None:
    a, b, gid = await two_processes(db, clock)
    ticks = Ticks()
    a.cache.rows.clock = ticks
    a.cache.channels.clock = ticks
    await a.act(gid, await whose_turn(a, gid), {"type": "add", "amount": 1})
    await b.act(gid, await whose_turn(b, gid), {"type": "add", "amount": 2})
    assert (await a.in_channel("2", live_only=True)).version == 2  # what a saved a moment ago: no read
    ticks.now += a.cache.rows.fresh + 0.1
    assert (await a.in_channel("2", live_only=True)).version == 3  # older than that: read again


async def test_a_move_on_a_game_another_process_ended_meanwhile_is_refused_as_over(db, clock) -> None:
    import pytest

    from engine.core import RuleError

    a, b, gid = await two_processes(db, clock)
    await a.act(gid, await whose_turn(a, gid), {"type": "add", "amount": 1})
    next_player = await whose_turn(a, gid)
    await b.act(gid, "mod", {"type": "mod_end", "reason": ""}, moderator=True)
    row = await a.in_channel("2", live_only=True)  # a still sees its own recent save: live
    assert row.id == gid and row.status == "active"
    with pytest.raises(RuleError) as refused:
        await a.act(gid, next_player, {"type": "add", "amount": 1})
    assert refused.value.code == "core.game_over"
    assert await counts(db, gid) == (2, 1)  # the move, the end; nothing written for the refusal


async def test_a_game_ended_here_frees_its_channel_at_once(db, clock) -> None:
    import pytest

    from engine.core import RuleError

    a, _b, gid = await two_processes(db, clock)
    await a.act(gid, "mod", {"type": "mod_end", "reason": ""}, moderator=True)
    with pytest.raises(RuleError) as none:
        await a.in_channel("2", live_only=True)
    assert none.value.code == "core.no_game_here"


async def test_a_locale_seen_is_known_at_once_and_stored_after_the_command(db, clock, monkeypatch) -> None:
    import bot.preferences

    monkeypatch.setattr(bot.preferences, "LOCALES_AFTER", 0.0)
    a = GameService(db, clock=clock)
    await a.remember_locale("5", "en-US")
    await a.remember_locale("6", "it")
    storing = a._storing_locales
    assert storing is not None
    assert (await a.user_languages({"5"}))["5"] == (None, "en-US")  # this process knows it at once
    await storing  # one transaction for both, after the command that showed them
    fresh = GameService(db, clock=clock)
    assert await fresh.user_languages({"5", "6"}) == {"5": (None, "en-US"), "6": (None, "it")}
    await a.remember_locale("5", "en-GB")  # a changed client language replaces the stored one
    await a.set_language("5", "it")  # their own choice keeps the locale seen just before it
    await a.remember_locale("7", "fr")
    await a.store_locales(closing=True)  # what the bot's close stores
    assert a._storing_locales is None
    fresh = GameService(db, clock=clock)
    assert await fresh.user_languages({"5", "7"}) == {"5": ("it", "en-GB"), "7": (None, "fr")}

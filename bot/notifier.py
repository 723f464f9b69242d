"""Tells players what happened when they are not looking: DMs for the events that ask for one,
public announcements of what timers did, and reminders before deadlines.

Nothing is said directly. `plan` (called by the service inside the transaction of the move or
timer) turns events into outbox rows; the sender task (`run`) reads due rows, writes each text in
its reader's language at send time, renders boards in a worker thread, delivers through a
`Messenger` and marks the row sent. A failure is retried with backoff; a crash leaves the row to be
sent by the next start, with the same Discord nonces (see docs/architecture.md, "The outbox").
A refused DM (closed DMs) falls back to a mention in the game channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from sqlalchemy import Connection, bindparam, delete, update
from sqlalchemy.exc import OperationalError
from sqlmodel import col, select

from bot.desk import Held, hold, you_are_next
from bot.ending import ENDING, send_ending
from bot.i18n import channel_language, dm_language, t
from bot.letters import COMPOSER as _COMPOSER
from bot.letters import PANEL_KINDS as PANEL_KINDS  # the cogs register their games here
from bot.letters import PRIVATE_SUMMARIES as PRIVATE_SUMMARIES  # the cogs register their summaries here
from bot.letters import compose, wants_state
from bot.pictures import Attachment
from bot.preferences import NOTIFY_OFF_BY_DEFAULT
from bot.private_threads import keep_private_panels
from bot.service import GameService, Update
from bot.storage.models import GameRow, GuildConfig, OutboxRow, PlayerRhythm, loaded
from bot.turn_calls import calls_awaited
from engine.core.moderation import CALL_KEYS

log = logging.getLogger(__name__)

BATCH = 100  # rows read per pass
CONCURRENCY = 8  # games delivered at once (one game's rows go out in order)
POLL_SECONDS = 5.0
COALESCE_SECONDS = 0.05  # rows written by another process, retries coming due
RETRY_FIRST, RETRY_MAX = 2.0, 300.0  # seconds of backoff after the first failure, and at most
MAX_ATTEMPTS = 12  # about half an hour of retries before a row is given up (and logged)
KEEP_SENT = timedelta(days=2)

_OUTBOX = OutboxRow.__table__  # type: ignore[attr-defined]
# built once: the sender runs these on every pass (see bot/gamestore.py on prebuilt statements)
_DUE = (select(_OUTBOX).where(_OUTBOX.c.sent_at.is_(None), _OUTBOX.c.next_at <= bindparam("now"))
        .order_by(_OUTBOX.c.id).limit(BATCH))
_SENT = (update(_OUTBOX).where(_OUTBOX.c.id.in_(bindparam("ids", expanding=True)))
         .values(sent_at=bindparam("at"), attempts=_OUTBOX.c.attempts + 1))


class Messenger(Protocol):
    async def dm(self, user_id: str, content: str, file: Attachment | None = None,
                 nonce: str | None = None) -> bool:
        """Send a DM; False if the user does not accept DMs. Raises if it may work later."""

    async def post(self, channel_id: str, content: str, file: Attachment | None = None,
                   nonce: str | None = None, panel: tuple[int, str] | None = None) -> None:
        """Post in a channel (with the "My panel" button of game `panel[0]`, labelled `panel[1]`).
        Raises Undeliverable if it never will, anything else if it may later."""

    async def open_private_thread(self, channel_id: str, user_id: str, title: str) -> str | None:
        """A private thread of the channel with the player added; None if Discord refuses it."""

    async def archive_thread(self, thread_id: str) -> None:
        """Archive a thread (a finished game's); a later post opens it again, as on Discord."""

    async def keep_panel(self, thread_id: str, content: str, message_id: str | None, panel_game: int | None,
                         label: str, nonce: str) -> str:
        """Edit the panel message (post it when there is none yet or it is gone); its id. `panel_game`:
        the game whose "my panel" button goes under it."""


class Undeliverable(Exception):
    """The message can never be delivered (channel gone, no permission): give the row up."""


def utcnow() -> datetime:
    return datetime.now(UTC)


def _row(game: GameRow, what: str, payload: dict[str, Any], recipient: str | None = None) -> OutboxRow:
    now = utcnow()  # delivery runs on real time, whatever clock the games run on
    # built from its values, not by SQLModel's validating constructor (about 70 µs a row on the loop):
    # outbox rows are only ever written from their values (gamestore.outbox_values), never by the ORM
    return loaded(OutboxRow, {"id": None, "game_id": game.id, "guild_id": game.guild_id,
                              "channel_id": game.channel_id, "what": what, "recipient": recipient,
                              "payload_json": json.dumps(payload, ensure_ascii=False), "created_at": now,
                              "next_at": now, "attempts": 0, "sent_at": None, "error": None})




def private_threads_on(game: GameRow) -> bool:
    return bool(json.loads(game.settings_json or "{}").get("private_threads"))


def plan(upd: Update) -> list[OutboxRow]:
    """What a commit must say, as outbox rows: the events themselves (key, params), never text."""
    rows: list[OutboxRow] = []
    if upd.state is not None and private_threads_on(upd.game):
        # every new version refreshes the players' private panels; the row holds no state: the panels
        # are written from the snapshot current when it is sent, so a later row never shows older news
        rows.append(_row(upd.game, "panels", {}))
    if upd.source in ("tick", "away", "table"):
        # what the clock or an absence did is announced, with the board; a move from the web page as a
        # command's answer would say it (the page that made it shows the board already)
        public = [ev.model_dump(mode="json") for ev in upd.events if ev.to is None]
        if public:
            board = upd.state is not None and upd.source != "table"
            payload: dict[str, Any] = {"events": public, "board": board}
            if upd.state is not None and calls_awaited(upd.game.kind, upd.state, public):
                payload["calls"] = True
            rows.append(_row(upd.game, "announce", payload))
    for ev in upd.events:
        if not ev.notify:
            continue
        data = ev.model_dump(mode="json")
        if ev.notify == "moderators":  # said in the game channel, calling the moderator role if set
            rows.append(_row(upd.game, "moderators", {"event": data}))
            continue
        recipients = ev.to if ev.to is not None else (upd.state.active_player_ids() if upd.state else [])
        for pid in recipients:
            rows.append(_row(upd.game, "dm", {"event": data, "board": ev.notify == "turn" and upd.state is not None},
                             recipient=pid))
    nxt = you_are_next(upd.game.kind, upd.state, upd.events) if upd.state is not None else None
    if nxt is not None and nxt.to:
        rows.append(_row(upd.game, "dm", {"event": nxt.model_dump(mode="json"), "board": False}, recipient=nxt.to[0]))
    return rows


def plan_reminder(game: GameRow, players: list[str], deadline: datetime, game_minutes: int | None = None) -> list[OutboxRow]:
    """The reminders of `deadline`; `game_minutes`: the game's interval, when they are written before
    its moment (for a player whose own interval is longer): the others' wait for it (bot/desk.py)."""
    payload: dict[str, Any] = {"deadline": deadline.isoformat()}
    if game_minutes:
        payload["minutes"] = game_minutes
    return [_row(game, "reminder", payload, recipient=pid) for pid in players]


@dataclass
class Pass:
    """What one sending pass read once for all its rows, and what became of each row."""

    games: dict[int, GameRow]
    configs: dict[str, GuildConfig]
    prefs: dict[tuple[str, str], bool]
    languages: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)  # DM readers'
    rhythms: dict[str, PlayerRhythm] = field(default_factory=dict)  # DM readers' quiet hours, intervals
    outcomes: dict[int, dict[str, Any]] = field(default_factory=dict)


class Notifier:
    def __init__(self, service: GameService, messenger: Messenger, *,
                 owns: Callable[[str], bool] | None = None) -> None:
        self.service = service
        self.messenger = messenger
        self.owns = owns or (lambda _guild: True)  # shard processes deliver their own guilds' rows
        # a player's private link to the game's web page, for their private thread (set when the pages run)
        self.private_link: Callable[[int, str], Awaitable[str]] | None = None
        self.public_link: Callable[[int], str] | None = None  # the game's public page, for its ending's summary
        self._wake = asyncio.Event()
        self._due = True  # rows may be waiting (the emulator asks through busy())
        self._inflight: set[int] = set()
        self._task: asyncio.Task[None] | None = None
        self._sem = asyncio.Semaphore(CONCURRENCY)
        service.planners.append(plan)
        service.outbox_listeners.append(self.kick)

    # ---- the sender task ------------------------------------------------------------------
    def start(self, after: asyncio.Event | None = None) -> None:
        """Send from now on; with `after`, once it is set (at startup: once the overdue games are woken,
        whose deadlines come before what they tell: a restart's thousands of notifications would
        otherwise share the event loop and the database with the catch-up)."""
        if self._task is None:
            self._task = asyncio.create_task(self.run(after), name="araldo-outbox")

    async def stop(self) -> None:
        """Stop sending; what is unsent stays in the outbox for the next start."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, timeout=2)

    def kick(self) -> None:
        self._due = True
        self._wake.set()

    def busy(self) -> bool:
        return self._due or bool(self._inflight)

    async def run(self, after: asyncio.Event | None = None) -> None:
        if after is not None:
            await after.wait()
        pruned = utcnow()
        while True:
            self._wake.clear()
            try:
                sent = await self.send_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("outbox pass failed")
                sent = 0
            if sent >= BATCH:
                continue  # a backlog: the next rows are already due
            if not sent:  # nothing due: wait for a commit that writes rows, or poll
                if utcnow() - pruned > timedelta(hours=1):
                    pruned = utcnow()
                    await self._prune()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), timeout=POLL_SECONDS)
            # gather what a burst of moves or deadlines writes into one pass (fewer reads and
            # writes), and let the commands that caused it answer first: with moves arriving
            # steadily, passing again at once after each pass took one row a time (two statements
            # a move); after a pass that sent, the next looks again once this time is up
            await asyncio.sleep(COALESCE_SECONDS)

    async def drain(self) -> None:
        """Send everything due now, including what the sender task is sending (shutdown, tests)."""
        while True:
            sent = await self.send_due()
            if not sent and not self._inflight:
                return
            if not sent:
                await asyncio.sleep(0.01)

    async def send_due(self) -> int:
        """One pass: the due rows, each game's in order, several games at once; their games, servers
        and preferences read once for the pass, their outcomes written in one transaction. How many
        rows were taken."""
        now = utcnow()
        found = await self.service.db.run(
            lambda conn: [loaded(OutboxRow, r._mapping) for r in conn.execute(_DUE, {"now": now})], write=False)
        rows = [r for r in found if r.id not in self._inflight and self.owns(r.guild_id)]
        if not rows:
            self._due = bool(self._inflight)
            return 0
        ids = [r.id for r in rows if r.id is not None]
        self._inflight.update(ids)
        try:
            ctx = Pass(games=await self.service.games({r.game_id for r in rows if r.game_id is not None}),
                       configs=await self.service.guild_configs({r.guild_id for r in rows}),
                       prefs=await self.service.notify_settings({r.recipient for r in rows if r.recipient}),
                       languages=await self.service.user_languages({r.recipient for r in rows if r.recipient}),
                       rhythms=await self.service.rhythms({r.recipient for r in rows if r.recipient}))
            groups: dict[tuple[str, int | None], list[OutboxRow]] = {}
            for r in rows:
                groups.setdefault((r.channel_id, r.game_id), []).append(r)
            await asyncio.gather(*(self._send_group(g, ctx) for g in groups.values()))
            await self._record(rows, ctx.outcomes)
        finally:
            self._inflight.difference_update(ids)
        return len(rows)

    async def _send_group(self, rows: list[OutboxRow], ctx: Pass) -> None:
        async with self._sem:
            for r in rows:
                ctx.outcomes[r.id or 0] = await self._send_one(r, ctx)

    async def _send_one(self, r: OutboxRow, ctx: Pass) -> dict[str, Any]:
        """The row's outcome: sent, given up, or when to try again."""
        try:
            await self.deliver_row(r, ctx)
        except Held as held:  # delayed, never lost: the row waits, its attempts untouched
            return {"next_at": held.until}
        except Undeliverable as exc:
            log.warning("outbox %s (%s in %s) cannot be delivered: %s", r.id, r.what, r.channel_id, exc)
            return {"sent_at": utcnow(), "error": str(exc)[:500], "attempts": r.attempts + 1}
        except Exception as exc:  # Discord 5xx, a network error, a locked database: later
            attempts = r.attempts + 1
            if attempts >= MAX_ATTEMPTS:
                log.error("outbox %s (%s in %s) given up after %d attempts: %r", r.id, r.what, r.channel_id,
                          attempts, exc)
                return {"sent_at": utcnow(), "error": repr(exc)[:500], "attempts": attempts}
            delay = min(RETRY_MAX, RETRY_FIRST * 2 ** (attempts - 1))
            log.warning("outbox %s (%s) failed (%r); retry %d in %.0f s", r.id, r.what, exc, attempts, delay)
            return {"next_at": utcnow() + timedelta(seconds=delay), "attempts": attempts, "error": repr(exc)[:500]}
        return {"sent_at": utcnow(), "attempts": r.attempts + 1}

    async def _record(self, rows: list[OutboxRow], outcomes: dict[int, dict[str, Any]]) -> None:
        """Write a pass's outcomes in one transaction; a locked database is waited out (unmarked, the
        rows would be sent again, under the same nonces)."""
        sent = [r.id for r in rows if r.id in outcomes and set(outcomes[r.id]) == {"sent_at", "attempts"}]
        others = {rid: v for rid, v in outcomes.items() if rid not in sent}
        def write(conn: Connection) -> None:
            if sent:
                conn.execute(_SENT, {"ids": sent, "at": utcnow()})
            for rid, values in others.items():
                conn.execute(update(OutboxRow).where(col(OutboxRow.id) == rid).values(**values))

        for attempt in range(5):
            try:
                await self.service.db.run(write, write=True, single=not others)
                return
            except OperationalError:
                if attempt == 4:
                    raise
                await asyncio.sleep(0.1 * 3 ** attempt)

    async def _prune(self) -> None:
        with contextlib.suppress(Exception):
            async with self.service.db.transaction() as s:
                await s.execute(delete(OutboxRow).where(col(OutboxRow.sent_at) < utcnow() - KEEP_SENT))

    # ---- one row --------------------------------------------------------------------------
    async def language(self, guild_id: str, reader: str | None, ctx: Pass) -> str:
        """The language a message is written in: `reader` None for a channel post (the server's
        language), else the user a DM is for (their choice, else their last seen Discord locale)."""
        server = ctx.configs[guild_id].locale
        if reader is None:
            return channel_language(server, self.service.default_locale)
        chosen, seen = ctx.languages.get(reader, (None, None))
        return dm_language(chosen, seen, server, self.service.default_locale)

    async def deliver_row(self, r: OutboxRow, ctx: Pass) -> None:
        payload = json.loads(r.payload_json)
        game = ctx.games.get(r.game_id) if r.game_id is not None else None
        if game is None:
            raise Undeliverable("no game")
        if r.what == "panels":
            await keep_private_panels(self, game, r, ctx)
            return
        if r.what == ENDING:  # the summary of a game that ended, in the channel's language (bot/ending.py)
            await send_ending(self, game, r, await self.language(r.guild_id, None, ctx))
            return
        kind = payload.get("event", {}).get("notify") if r.what == "dm" else r.what
        if r.recipient is not None and not ctx.prefs.get((r.recipient, kind or "info"),
                                                         (kind or "info") not in NOTIFY_OFF_BY_DEFAULT):
            return  # the player turned this kind off: nothing to send, nothing lost
        if r.recipient is not None:  # the reader's quiet hours and own reminder interval (bot/desk.py)
            hold(ctx.rhythms.get(r.recipient), ctx.configs[r.guild_id].timezone, utcnow(),
                 payload if r.what == "reminder" else None)
        if payload.get("board") and r.recipient is not None and not ctx.prefs.get((r.recipient, "images"), False):
            payload["board"] = False  # a DM carries the board only for players who asked (/notify images)
        lang = await self.language(r.guild_id, r.recipient, ctx)
        channel = await self.language(r.guild_id, None, ctx)  # a refused DM's fallback is said in the channel
        role = ctx.configs[r.guild_id].mod_role_id if r.what == "moderators" else None
        if wants_state(r, payload):
            letter = await asyncio.get_running_loop().run_in_executor(
                _COMPOSER, compose, game, r, payload, lang, role, channel)
        else:  # words only: written here, cheaper than the trip to the worker thread and back
            letter = compose(game, r, payload, lang, role, channel)
        nonce = f"a{r.id}."
        # a deadline that calls players (bot/turn_calls.py) puts the "My panel" button under its post
        calling = r.what == "announce" and game.kind in PANEL_KINDS and game.id is not None \
            and (payload.get("calls") or any(e.get("key") in CALL_KEYS for e in payload.get("events", [])))
        for i, (text, file) in enumerate(letter.posts):
            if calling and i == len(letter.posts) - 1:
                await self.messenger.post(r.channel_id, text, file, nonce=f"{nonce}{i}",
                                          panel=(game.id or 0, t("core.button.panel", lang)))
            else:
                await self.messenger.post(r.channel_id, text, file, nonce=f"{nonce}{i}")
        if letter.dm is None or r.recipient is None:
            return
        refused = not await self.messenger.dm(r.recipient, letter.dm, letter.dm_file, nonce=f"{nonce}d")
        if refused and letter.fallback is not None:
            await self.messenger.post(r.channel_id, letter.fallback, nonce=f"{nonce}f")

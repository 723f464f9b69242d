"""The bot process: settings -> database (migrated) -> service -> scheduler -> cogs -> Discord."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
from collections.abc import Callable, Sequence
from datetime import datetime

import discord
from discord.ext import commands

from bot import i18n, painters
from bot.discord_base import use_api_base
from bot.errors import install_error_handler
from bot.messenger import DiscordMessenger
from bot.notifier import Notifier, plan_reminder
from bot.scheduler import DeadlineScheduler
from bot.service import GameService, utcnow
from bot.settings import Settings
from bot.storage.db import Database
from bot.translator import AraldoTranslator, register_command_names
from bot.ui import moderates
from bot.web.app import WebServer
from bot.web.invite import private_url, public_url
from engine.core.registry import BUILTIN_GAMES

log = logging.getLogger("araldo")

# what every game shares, then one package per game of the registry: engine/<game>/ is played
# from Discord by bot/cogs/<game>/commands.py, so a new game adds no line here
SHARED_COGS = ("bot.cogs.game", "bot.cogs.mod", "bot.cogs.player", "bot.cogs.help", "bot.cogs.stats",
               "bot.cogs.substitute")
COGS = (*SHARED_COGS, *(f"bot.cogs.{module.rsplit('.', 1)[-1]}.commands" for module in BUILTIN_GAMES))


# the tasks discord.py runs a slash command, a button, a select or a form's submit in
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-modal-dispatch-",
                 "discord-ui-dynamic-item-")
SHUTDOWN_SECONDS = 8.0  # a service manager's stop is done well inside 10 s


class AraldoBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, extra_extensions: Sequence[str] = (),
                 clock: Callable[[], datetime] | None = None) -> None:
        # servers, channels, roles and threads only: everything is slash commands and buttons, so the bot
        # never reads a message; with the message intents Discord would send (and discord.py parse)
        # every message of every channel it can see, its own answers and DMs included
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         shard_count=settings.shard_count, shard_ids=settings.shard_ids)  # type: ignore[arg-type]
        self.settings = settings
        self.extra_extensions = tuple(extra_extensions)
        self.db = Database(settings.database_url)
        self.service = GameService(self.db, clock=clock or utcnow, default_locale=settings.default_locale,
                                   default_timezone=settings.default_timezone)
        self.notifier = Notifier(self.service, DiscordMessenger(self), owns=self.owns_guild)
        self.deadlines = DeadlineScheduler(self.service, remind=plan_reminder, owns=self.owns_guild)
        self.web = WebServer(self.service, default_locale=settings.default_locale, secret=settings.web_secret,
                             link_days=settings.web_link_days, public_url=settings.public_url,
                             behind_proxy=settings.web_behind_proxy)
        self._resumed = False  # every game due at startup has been woken
        self._resume_task: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        i18n.check_catalogs()  # an incomplete catalog is an ERROR line now, not a missing word later
        await self.db.migrate()
        if self.settings.web_port:  # the table in the browser, beside the bot (WEB_PORT=0: none)
            try:
                await self.start_web(self.settings.web_host, self.settings.web_port)
            except OSError as exc:  # a port taken: the games go on in Discord without their pages
                log.error("web pages not started on %s:%s: %s", self.settings.web_host, self.settings.web_port, exc)
                await self.web.start_relay()
        else:  # no pages here, but other shard processes' pages hear this one's moves
            await self.web.start_relay()
        # deadlines and the outbox need the database and Discord's HTTP API (logged in by now), not
        # the Gateway: overdue games start firing while commands sync and the Gateway connects
        self.deadlines.start()
        self.notifier.start(after=self.deadlines.caught_up)  # the overdue deadlines first
        self._resume_task = asyncio.create_task(self._resume(), name="araldo-resume")
        await self.tree.set_translator(AraldoTranslator())
        install_error_handler(self.tree)
        for ext in (*COGS, *self.extra_extensions):
            try:
                await self.load_extension(ext)
            except commands.ExtensionNotFound:
                log.warning("extension %s not found", ext)
        register_command_names(self.tree)  # sentences name commands as each reader's client shows them
        painters.start(self.settings.board_processes)  # after the extensions: their games too
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def start_web(self, host: str, port: int) -> int:
        """Serve the web pages on host:port (0: any free port, as the e2e tests do); the port."""
        port = await self.web.start(host, port)
        if not self.settings.public_url:
            self.web.public_url = self.settings.web_base(port)
        web = self.web
        web.moderates = self.moderates_now
        self.notifier.private_link = lambda game_id, player: private_url(web, game_id, player)
        self.notifier.public_link = lambda game_id: public_url(web, game_id)
        return port

    async def moderates_now(self, guild_id: str, user_id: str) -> bool:
        """Is this user a moderator of this server right now? Asked of Discord at every request of a
        moderator's web page: a role taken away closes their link at once (members are not cached:
        the bot has no members intent, and the guild may be another shard process's)."""
        try:
            guild = self.get_guild(int(guild_id)) or await self.fetch_guild(int(guild_id))
            member = await guild.fetch_member(int(user_id))
        except (discord.NotFound, discord.Forbidden):
            return False
        except discord.HTTPException as exc:  # Discord cannot say now: no rights on trust
            log.warning("moderator rights of %s in %s unknown: %s", user_id, guild_id, exc)
            return False
        return await moderates(self.service, member)

    async def _resume(self) -> None:
        if self.is_closed():  # never tick from a dying client
            return
        try:
            count = await self.deadlines.resume_all()
        except Exception:
            log.exception("resuming the active games failed")
            return
        finally:
            self.deadlines.caught_up.set()  # the outbox never waits for a catch-up that failed
        self._resumed = True
        log.info("%d active games resumed", count)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember each player's Discord language: the DMs we send them later are written in it."""
        try:
            await self.service.remember_locale(str(interaction.user.id), str(interaction.locale or "") or None)
        except Exception:  # a language we fail to store never disturbs the command itself
            log.warning("could not store the locale of user %s", interaction.user.id, exc_info=True)

    def owns_guild(self, guild_id: str) -> bool:
        """Is this guild on one of this process's shards? Discord's own rule, so it holds even for a
        guild that is unavailable right now or that another process handled a command for."""
        count, ids = self.settings.shard_count, self.settings.shard_ids
        if not count or not ids:
            return True
        return (int(guild_id) >> 22) % count in ids

    def is_busy(self) -> bool:
        """Still handling an interaction or sending notifications for something already done (the e2e
        emulator asks before it calls an interaction settled: a handler that deferred may still be at work
        in the database, with nothing on the wire, for longer than the emulator's quiet window)."""
        return self.notifier.busy() or any(
            task.get_name().startswith(HANDLER_TASKS) and not task.done() for task in asyncio.all_tasks())

    async def close(self) -> None:
        """Done within SHUTDOWN_SECONDS whatever Discord does: what is not sent by then stays in the
        outbox for the next start."""
        self.deadlines.shutdown()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.web.stop(), timeout=SHUTDOWN_SECONDS * 0.1)
        if self._resume_task is not None:
            self._resume_task.cancel()
        with contextlib.suppress(Exception):
            # notifications already due go out while the connection is still open, if Discord answers
            await asyncio.wait_for(self.notifier.drain(), timeout=SHUTDOWN_SECONDS * 0.3)
        await self.notifier.stop()
        try:
            await asyncio.wait_for(super().close(), timeout=SHUTDOWN_SECONDS * 0.4)
        except Exception:
            log.warning("Discord did not close cleanly in time; stopping anyway")
        recorder = getattr(self, "recorder", None)  # set by the stats cog (bot/cogs/stats.py)
        if recorder is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(recorder.stop(), timeout=SHUTDOWN_SECONDS * 0.1)
        with contextlib.suppress(Exception):  # the players' locales seen in the last second
            await asyncio.wait_for(self.service.store_locales(closing=True), timeout=SHUTDOWN_SECONDS * 0.1)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.db.close(), timeout=SHUTDOWN_SECONDS * 0.1)


def tune_gc() -> None:
    """Full collections over a heap of thousands of game models pause the event loop 60-100 ms (they
    were the p99 of a DecameroNomic move in bench/nomic_bench.py): keep what startup loaded out of
    every collection and collect young objects less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def new_event_loop() -> asyncio.AbstractEventLoop:
    """uvloop where it is installed (Linux, macOS), the standard loop elsewhere. discord.py's Gateway,
    aiohttp's requests and asyncpg all run on the event loop, and uvloop's loop and transports are C;
    in bench/load_bench.py its gain alone was smaller than the run-to-run noise (docs/performance.md)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


async def run_bot(settings: Settings, *, extra_extensions: Sequence[str] = ()) -> None:
    """Start Araldo and run until the connection closes (used by `python -m bot` and the e2e tests)."""
    if settings.discord_api_base:
        use_api_base(settings.discord_api_base)
    bot = AraldoBot(settings, extra_extensions=extra_extensions)
    loop = asyncio.get_running_loop()
    closed = asyncio.Event()
    closing: set[asyncio.Task[None]] = set()

    async def stop() -> None:
        await bot.close()
        closed.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        # a service manager's stop: moves are already saved, what is unsent waits in the outbox
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, lambda: closing.add(asyncio.create_task(stop())))
    async with bot:
        runner = asyncio.create_task(bot.start(settings.discord_token))
        stopped = asyncio.create_task(closed.wait())
        await asyncio.wait({runner, stopped}, return_when=asyncio.FIRST_COMPLETED)
        stopped.cancel()
        if runner.done():
            runner.result()  # a refused token or an unreachable database surfaces here
        else:  # closed by a signal: a connection that does not notice is not waited for long
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(runner, timeout=1.0)
        if closing:  # the stop itself (bounded by SHUTDOWN_SECONDS) ends before the loop does:
            # returning earlier cancelled it half way through closing the database's connections
            await asyncio.wait(closing, timeout=SHUTDOWN_SECONDS + 1)

"""Scripted plays: run the bot against the emulator, act out a script, save what one user saw.

Script format, one action per line (blank lines and `#` comments ignored)::

    alice: /impero bid company:Tel amount:120     # slash command; options as name:value
    bob: click "Accept"                             # newest message bob sees with that button
    carol: select "Rail" "Tel"                      # newest select menu carol sees; values or labels
    bob: modal amount:130                           # submit the modal bob's last action opened
    dave: say buongiorno                            # a plain chat message
    alice: autocomplete /impero bid company:Te      # record the choices offered (focused = last option)
    wait 0.5                                        # let background jobs run (the clock moves 0.5 s too)
    wait until 2026-11-23 21:00                     # move the clock there and fire what is due

Values use shell quoting: `note:"two words"`.

A play is reproducible: the real bot runs on a script clock that moves only with `wait` (it starts at
`start_at`, by default the current minute), deadlines fire when `wait until` reaches them (the
scheduler's own alarms are paused), and with a seed every game started draws its seed from it.
`wait until` takes `YYYY-MM-DD HH:MM` or `HH:MM` (the next such time), in Europe/Rome unless an
offset is given.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import re
import shlex
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from . import fidelity
from .emulator import Emulator
from .interactions import InteractionResult
from .models import Message, User
from .patching import point_discord_py_at
from .patience import WAIT

log = logging.getLogger(__name__)

ACTIONS = ("slash", "click", "select", "modal", "say", "autocomplete", "wait")
_LINE = re.compile(r"^(?P<user>[\w.-]+)\s*:\s*(?P<rest>.+)$")


class ScriptError(ValueError):
    def __init__(self, line_no: int, message: str) -> None:
        super().__init__(f"line {line_no}: {message}")
        self.line_no = line_no


@dataclass
class Step:
    line_no: int
    action: str
    user: str | None = None
    command: str = ""
    options: dict[str, str] = field(default_factory=dict)
    args: list[str] = field(default_factory=list)
    text: str = ""
    seconds: float = 0.0
    until: str = ""


SCRIPT_TZ = ZoneInfo("Europe/Rome")


def parse_until(text: str, now: datetime) -> datetime:
    """`2026-11-23 21:00[+01:00]` or `21:00` (the next such time after `now`), Rome time by default."""
    text = text.strip()
    try:
        if re.fullmatch(r"\d{1,2}:\d{2}", text):
            hh, mm = (int(x) for x in text.split(":"))
            local = now.astimezone(SCRIPT_TZ)
            moment = local.replace(hour=hh, minute=mm, second=0, microsecond=0)
            if moment <= local:
                moment += timedelta(days=1)
            return moment.astimezone(UTC)
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"bad time {text!r}: use YYYY-MM-DD HH:MM or HH:MM") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=SCRIPT_TZ)
    return moment.astimezone(UTC)


class ScriptClock:
    """The bot's clock during a play: it moves only when the script waits."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


@dataclass
class ScriptWorld:
    """What a play controls besides the emulator: the clock, the seed of every game, the bot."""

    clock: ScriptClock
    seed: int | None = None
    bot: Any = None

    def seed_source(self) -> Callable[[], int]:
        draw = random.Random(self.seed)
        return lambda: draw.getrandbits(63)


def _options(tokens: Sequence[str], line_no: int) -> dict[str, str]:
    options: dict[str, str] = {}
    for token in tokens:
        name, sep, value = token.partition(":")
        if not sep or not name:
            raise ScriptError(line_no, f"expected name:value, got {token!r}")
        options[name] = value
    return options


def _split(text: str, line_no: int) -> list[str]:
    try:
        return shlex.split(text, comments=True)
    except ValueError as exc:
        raise ScriptError(line_no, str(exc)) from None


def parse_script(text: str) -> list[Step]:
    steps: list[Step] = []
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.split()[0] == "wait":
            parts = _split(line, line_no)
            if len(parts) > 1 and parts[1] == "until":
                if len(parts) < 3:
                    raise ScriptError(line_no, "wait until needs a time")
                until = " ".join(parts[2:])
                try:
                    parse_until(until, datetime.now(UTC))
                except ValueError as exc:
                    raise ScriptError(line_no, str(exc)) from None
                steps.append(Step(line_no, "wait_until", until=until))
                continue
            try:
                steps.append(Step(line_no, "wait", seconds=float(parts[1]) if len(parts) > 1 else 0.5))
            except ValueError:
                raise ScriptError(line_no, f"bad wait duration in {line!r}") from None
            continue
        match = _LINE.match(line)
        if not match:
            raise ScriptError(line_no, f"expected 'user: action ...', got {line!r}")
        user, rest = match["user"], match["rest"].strip()
        if rest.startswith("/"):
            tokens = _split(rest, line_no)
            names = [t.lstrip("/") for t in tokens if ":" not in t]
            opts = [t for t in tokens if ":" in t]
            steps.append(Step(line_no, "slash", user, " ".join(names), _options(opts, line_no)))
            continue
        verb, _, tail = rest.partition(" ")
        if verb == "say":
            steps.append(Step(line_no, "say", user, text=tail.strip()))
            continue
        tokens = _split(tail, line_no)
        if verb in ("click", "select"):
            if not tokens:
                raise ScriptError(line_no, f"{verb} needs a label or value")
            steps.append(Step(line_no, verb, user, args=tokens))
        elif verb == "modal":
            steps.append(Step(line_no, "modal", user, options=_options(tokens, line_no)))
        elif verb == "autocomplete":
            names = [t.lstrip("/") for t in tokens if ":" not in t]
            opts = [t for t in tokens if ":" in t]
            if not opts:
                raise ScriptError(line_no, "autocomplete needs the focused option as name:partial")
            steps.append(Step(line_no, "autocomplete", user, " ".join(names), _options(opts, line_no)))
        else:
            raise ScriptError(line_no, f"unknown action {verb!r}; use one of {ACTIONS}")
    return steps


# ---------------------------------------------------------------------------------------- running

BotStarter = Callable[[str, str, str], Awaitable["asyncio.Task[Any]"]]


async def start_araldo(base_url: str, database_url: str, token: str,
                       world: ScriptWorld | None = None) -> asyncio.Task[Any]:
    """Start the real bot (bot.main.run_bot) against `base_url`; returns the task running it.
    With a `world`, the bot runs on its clock and seeds, and the world keeps a handle on it.

    Imported lazily so the emulator works before (and without) the bot package.
    """
    from bot.main import AraldoBot, run_bot  # type: ignore[import-not-found, unused-ignore]
    from bot.settings import Settings

    settings = Settings(  # type: ignore[call-arg]
        DISCORD_TOKEN=token, DATABASE_URL=database_url, DISCORD_API_BASE=base_url, WEB_PORT=0,
        _env_file=None
    )
    if world is None:
        return asyncio.create_task(run_bot(settings), name="araldo")
    from bot.discord_base import use_api_base

    use_api_base(base_url)
    bot = AraldoBot(settings, clock=world.clock)
    if world.seed is not None:
        bot.service.seed_source = world.seed_source()
    world.bot = bot

    async def run() -> None:
        async with bot:
            await bot.start(token)

    return asyncio.create_task(run(), name="araldo")


@contextlib.asynccontextmanager
async def araldo_running(
    emu: Emulator, database_url: str, *, start: BotStarter = start_araldo, timeout: float = WAIT
) -> AsyncIterator[asyncio.Task[Any]]:
    """Run the real bot against an already started emulator until the block ends."""
    restore = point_discord_py_at(emu.base_url)
    task = await start(emu.base_url, database_url, emu.token or "emulator-token")
    try:
        # the bot syncs commands in setup_hook, before it opens the Gateway: wait for both
        waiter = asyncio.ensure_future(asyncio.gather(emu.wait_for_commands(timeout=timeout),
                                                      emu.wait_until_connected(timeout)))
        done, _ = await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED, timeout=timeout)
        if task in done:
            waiter.cancel()
            task.result()
            raise RuntimeError("the bot exited before syncing its commands")
        await waiter
        yield task
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
        restore()


class ScriptPlayer:
    """Acts out parsed steps on an emulator whose bot is already connected."""

    def __init__(self, emu: Emulator, world: ScriptWorld | None = None) -> None:
        self.emu = emu
        self.world = world
        self.last: dict[str, InteractionResult] = {}
        self.log: list[str] = []

    def _newest_with(self, user: User, predicate: Callable[[Message], bool]) -> Message:
        for msg in reversed(self.emu.all_seen(user)):
            if predicate(msg):
                return msg
        raise LookupError("no such message")

    async def play(self, steps: Sequence[Step]) -> None:
        for step in steps:
            try:
                await self.play_step(step)
            except (LookupError, ValueError, PermissionError, TimeoutError) as exc:
                raise ScriptError(step.line_no, f"{step.action} failed: {exc}") from exc

    async def play_step(self, step: Step) -> None:
        emu = self.emu
        if step.action == "wait":
            if self.world is not None:
                self.world.clock.now += timedelta(seconds=step.seconds)
            await asyncio.sleep(step.seconds)
            return
        if step.action == "wait_until":
            await self.wait_until(parse_until(step.until, self.world.clock() if self.world else datetime.now(UTC)))
            self.log.append(f"line {step.line_no}: clock at {step.until}")
            return
        user = emu.user(str(step.user))
        result: InteractionResult | None = None
        if step.action == "slash":
            result = await emu.slash(user, step.command, options=step.options)
        elif step.action == "click":
            label = step.args[0]
            msg = self._newest_with(user, lambda m: label in m.button_labels)
            result = await emu.click(user, msg, label)
        elif step.action == "select":
            msg = self._newest_with(user, lambda m: bool(m.selects))
            result = await emu.select(user, msg, step.args)
        elif step.action == "modal":
            previous = self.last.get(user.username)
            if previous is None or previous.modal is None:
                raise LookupError(f"{user.username} has no open modal")
            result = await emu.submit_modal(user, previous, step.options)
        elif step.action == "say":
            await emu.say(user, step.text)
        elif step.action == "autocomplete":
            focused = list(step.options)[-1]
            others = {k: v for k, v in step.options.items() if k != focused}
            choices = await emu.autocomplete(
                user, step.command, focused=focused, value=step.options[focused], options=others
            )
            self.log.append(f"{user.username} autocomplete {focused}: {[c['name'] for c in choices]}")
            return
        if result is not None:
            self.last[user.username] = result
        self.log.append(f"{user.username}: line {step.line_no} {step.action} ok")


    async def wait_until(self, moment: datetime) -> None:
        """Move the clock to `moment` and fire, game by game, whatever fell due on the way."""
        world = self.world
        if world is None or world.bot is None:
            raise LookupError("wait until needs the real bot")
        if moment < world.clock.now:
            raise ValueError(f"{moment.isoformat()} is in the past of the play")
        world.clock.now = moment
        bot = world.bot
        for row in await bot.service.active_games():
            await bot.deadlines.wake(row.id)
        await bot.notifier.drain()
        await asyncio.sleep(self.emu.settle_quiet)


def write_seen(emu: Emulator, user: User, out_dir: Path) -> list[Path]:
    """Write every message `user` saw (final state) as text, plus every attachment, into `out_dir`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    transcript: list[str] = []
    for n, msg in enumerate(emu.all_seen(user), start=1):
        where = f"DM with {msg.author.display_name}" if msg.channel.type == 1 else f"#{msg.channel.name}"
        flags = " (only you can see this)" if msg.ephemeral else ""
        header = f"--- {n:03d} {msg.author.display_name} in {where}{flags}"
        transcript.append(f"{header}\n{msg.text()}\n")
        for att in msg.attachments:
            path = out_dir / f"{n:03d}-{att.filename}"
            path.write_bytes(att.data)
            written.append(path)
    text_path = out_dir / f"{user.username}.txt"
    text_path.write_text("\n".join(transcript), encoding="utf-8")
    return [text_path, *written]


async def run_script(
    script: Path,
    out_dir: Path,
    as_user: str | Sequence[str],
    *,
    database_url: str | None = None,
    start: BotStarter = start_araldo,
    seed: int | None = None,
    locales: dict[str, str] | None = None,
    start_at: datetime | None = None,
) -> list[Path]:
    """Play `script` and write one transcript per user in `as_user` (plus their attachments).

    `locales` gives users their Discord locale (`{"erin": "en-US"}`); unknown users are added.
    """
    steps = parse_script(script.read_text(encoding="utf-8"))
    users = [as_user] if isinstance(as_user, str) else list(as_user)
    now = datetime.now(UTC).replace(second=0, microsecond=0)
    world = ScriptWorld(ScriptClock(start_at or now), seed)
    if start is start_araldo:
        start = functools.partial(start_araldo, world=world)
    async with Emulator.with_default_world(token="emulator-token") as emu:
        for name, locale in (locales or {}).items():
            if name in emu.users:
                emu.user(name).locale = locale
            else:
                emu.add_user(name, display_name=name.capitalize(), locale=locale)
        with tempfile.TemporaryDirectory() as tmp:
            db_url = database_url or f"sqlite+aiosqlite:///{tmp}/araldo.db"
            written: list[Path] = []
            try:
                async with araldo_running(emu, db_url, start=start):
                    if world.bot is not None:  # time moves with the script only
                        world.bot.deadlines.scheduler.pause()
                    player = ScriptPlayer(emu, world)
                    await player.play(steps)
                    if world.bot is not None:  # everything the bot still has to say goes out first
                        await world.bot.notifier.drain()
                    await asyncio.sleep(emu.settle_quiet)
            finally:
                # Even a failed play leaves what each user saw up to the failing line.
                for name in users:  # several users: a folder each, so their attachments never collide
                    written += write_seen(emu, emu.user(name), out_dir / name if len(users) > 1 else out_dir)
                for method, path in emu.unknown_routes:
                    log.warning("the bot called a route the emulator does not know: %s %s", method, path)
                for mismatch in fidelity.load_checker().check_all(emu.requests) if fidelity.spec_available() else ():
                    log.warning("an exchange Discord's API description does not allow: %s", mismatch)
        return written

"""Scripted plays: run the bot against the emulator, act out a script, save what one user saw.

Script format, one action per line (blank lines and `#` comments ignored)::

    alice: /impero bid company:Tel amount:120     # slash command; options as name:value
    bob: click "Accept"                             # newest message bob sees with that button
    carol: select "Rail" "Tel"                      # newest select menu carol sees; values or labels
    bob: modal amount:130                           # submit the modal bob's last action opened
    dave: say buongiorno                            # a plain chat message
    alice: autocomplete /impero bid company:Te      # record the choices offered (focused = last option)
    wait 0.5                                        # let background jobs run

Values use shell quoting: `note:"two words"`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import shlex
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .emulator import Emulator
from .interactions import InteractionResult
from .models import Message, User
from .patching import point_discord_py_at

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


async def start_araldo(base_url: str, database_url: str, token: str) -> asyncio.Task[Any]:
    """Start the real bot (bot.main.run_bot) against `base_url`; returns the task running it.

    Imported lazily so the emulator works before (and without) the bot package.
    """
    from bot.main import run_bot  # type: ignore[import-not-found, unused-ignore]
    from bot.settings import Settings

    settings = Settings(  # type: ignore[call-arg]
        DISCORD_TOKEN=token, DATABASE_URL=database_url, DISCORD_API_BASE=base_url, _env_file=None
    )
    return asyncio.create_task(run_bot(settings), name="araldo")


@contextlib.asynccontextmanager
async def araldo_running(
    emu: Emulator, database_url: str, *, start: BotStarter = start_araldo, timeout: float = 20.0
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

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
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
            await asyncio.sleep(step.seconds)
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
    as_user: str,
    *,
    database_url: str | None = None,
    start: BotStarter = start_araldo,
) -> list[Path]:
    steps = parse_script(script.read_text(encoding="utf-8"))
    async with Emulator.with_default_world(token="emulator-token") as emu:
        with tempfile.TemporaryDirectory() as tmp:
            db_url = database_url or f"sqlite+aiosqlite:///{tmp}/araldo.db"
            try:
                async with araldo_running(emu, db_url, start=start):
                    player = ScriptPlayer(emu)
                    await player.play(steps)
                    await asyncio.sleep(emu.settle_quiet)
            finally:
                # Even a failed play leaves what the user saw up to the failing line.
                written = write_seen(emu, emu.user(as_user), out_dir)
                for method, path in emu.unknown_routes:
                    log.warning("the bot called a route the emulator does not know: %s %s", method, path)
        return written

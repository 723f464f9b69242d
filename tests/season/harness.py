"""A season: one game played from `/game create` to its last move through the real bot and the Discord
emulator, on the script clock, held after every step to what the stored game says.

The table is an Italian server: Alice, Bob and Carol have Italian clients, Erin en-US. Alice and Erin
play by hand (their seat player, tests/season/seats/, picks among their legal moves with the season's
seed and types them as people do); Carol leaves standing orders and goes away; Bob goes away without
orders; the owner (a moderator, off the table) undoes a move mid-game; the bot is restarted
mid-season; deadlines lapse as the clock moves to them. Besides the conformance suite's checks of every
step (tests/e2e/conformance/table.py: languages, calls, words, text, privacy...), a season checks:

- `pictures`: every picture posted names its game, version and picture, and equals a fresh render of
  the stored game at that version (for the public or its reader, in the reader's language or the
  server's), and no step posts a picture of a version older than the game was when the step began;
- `log`: `/game log` has a new line in words for every change of the game (a move, a deadline, an
  absence's autopilot, an undo), each naming who or what acted, newest first; a change the public saw
  is never only "private move";
- `commands`: every command named in a text is the one the reader's client shows (the synced,
  localized command tree `/help` reads); no English word for an Italian reader nor Italian for an
  English one; no amount as a bare number;
- `web`: the public page and a player's private page show the stored version, the game's headline
  and a board equal to a fresh render of the view for their reader;
- `record`: at the end the game is in the record, rated or not as docs/record.md says;
- `season`: the season itself could be played (a step that cannot be made, a game that never ends).

A check the harness cannot make is filed as a problem, never skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.gamestore import Update
from bot.i18n import t
from bot.main import AraldoBot
from engine.core import get_game
from tests.conftest import FakeClock
from tests.e2e.conformance.pictures import watch_pictures
from tests.e2e.conformance.start import check_start_told
from tests.e2e.conformance.table import Table
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.emulator import Emulator, point_discord_py_at
from tests.emulator.fixtures import TEST_TOKEN, running_bot
from tests.emulator.models import Message, User
from tests.season import checks, surfaces
from tests.season.seats import SeatPlayer, seat_of

COMMANDS = tuple(c for c in TOP_COMMANDS if c != "corsa")  # the real games only: no test game here
START = datetime(2026, 11, 23, 7, 0, tzinfo=UTC)  # a Monday, 08:00 in Rome
PLAYERS = {"alice": "it", "bob": "it", "carol": "it", "erin": "en"}
HANDS = ("alice", "erin")  # who plays by hand
WITH_ORDERS, WITHOUT_ORDERS = "carol", "bob"  # who goes away, with and without standing orders
SEASON_CHECKS = ("pictures", "log", "commands", "web", "record", "season")
# who or what acted, as a /game log line may name it besides a player's bold name or a mention
ACTED = ("🛡️", "⏰", "scadenza", "deadline", "autopilota", "autopilot", "ordini", "orders", "moderat")


@dataclass
class Change:
    """One commit of the game, as the service's listeners heard it."""

    version: int
    source: str
    actor: str | None


class Season(Table):
    """One game's season; `problems[check]` lists every disagreement found."""

    def __init__(self, emu: Emulator, bot: AraldoBot, clock: FakeClock, seat: SeatPlayer, seed: int,
                 tmp_path: Path) -> None:
        super().__init__(emu, bot, clock, PLAYERS)
        self.problems.update({c: [] for c in SEASON_CHECKS})
        self.seat, self.seed, self.tmp_path = seat, seed, tmp_path
        self.rng = random.Random(seed)
        self.snapshots: dict[int, str] = {}
        self.changes: list[Change] = []
        self.looked: dict[str, tuple[int, list[str]]] = {}  # reader -> (changes seen, /game log page 1)
        self.links: dict[str, str] = {}  # player name -> private page path
        self.fresh: dict[tuple[int, str, str | None, str], bytes | None] = {}
        self.trees: dict[str, frozenset[str]] = {}
        self.hands = list(HANDS)  # who plays by hand now (an absent player called back joins them)
        self.returned: list[str] = []
        self.steps = 0
        self.spent: dict[str, float] = {}  # seconds spent per check, for the bench's report
        self.restarts = 0
        self.stack: contextlib.AsyncExitStack | None = None
        self.listen(bot)

    # ---- the bot, and a restart ----------------------------------------------------------------
    def listen(self, bot: AraldoBot) -> None:
        if bot.deadlines.scheduler.running:
            bot.deadlines.scheduler.pause()  # time moves with the season only
        bot.service.seed_source = lambda: self.seed  # the game's seed is the season's
        bot.service.listeners.append(self._heard)

    def listen_after_start(self, bot: AraldoBot) -> None:
        if bot.deadlines.scheduler.running:
            bot.deadlines.scheduler.pause()

    async def _heard(self, upd: Update) -> None:
        row = upd.game
        if row.id != self.game_id and self.game_id is not None:
            return
        snapshot = row.snapshot_json
        if snapshot is None:
            return
        self.snapshots[row.version] = snapshot
        if upd.source != "start":  # the start is the lobby's end, announced; the log lists what follows
            self.changes.append(Change(row.version, upd.source, upd.actor))

    async def restart(self) -> None:
        """The bot goes down and a new process starts on the same database (its deadlines ticked to
        now at startup), as a deploy does mid-season."""
        assert self.stack is not None
        await self.stack.aclose()
        self.restarts += 1
        self.stack = contextlib.AsyncExitStack()
        bot = AraldoBot(bot_settings(self.emu, self.tmp_path, BOARD_PROCESSES=1), clock=self.clock)
        self.listen(bot)
        await self.stack.enter_async_context(running_bot(self.emu, bot, commands=COMMANDS))
        await bot.start_web("127.0.0.1", 0)
        self.listen_after_start(bot)
        self.bot = bot
        await bot.notifier.drain()
        self._new_messages()

    # ---- a season's opening ---------------------------------------------------------------------
    async def open_season(self) -> None:
        """Erin (en-US) creates the game, the others join with the lobby's button, Erin starts it."""
        kind = self.seat.kind
        self.kind = kind
        erin = self.users["erin"]
        options = {"game": kind, **({"settings": self.seat.settings} if self.seat.settings else {})}
        created = await self.step(erin, lambda: self.emu.slash(erin, "game create", options=options))
        join = next(b["custom_id"] for b in created.message.buttons if ":join:" in str(b.get("custom_id")))
        for name in ("alice", "bob", "carol"):
            user = self.users[name]
            await self.step(user, lambda u=user: self.emu.click(u, created.message, custom_id=join))
        row = await self.bot.service.in_channel(str(self.emu.general.id))
        self.game_id = row.id
        await self.step(erin, lambda: self.emu.slash(erin, "game start"))
        await check_start_told(self)
        self.trees = {lang: checks.command_paths(self.emu.global_commands, checks.DISCORD_LOCALE[lang])
                      for lang in ("it", "en")}
        for name, user in self.users.items():
            answer = await self.emu.slash(user, "game web")
            found = [w.strip("<>()") for m in answer.messages for w in m.content.split() if "/p/" in w]
            if not found:
                self.problems["web"].append(f"/game web gives {name} no private link: {answer.content[:120]!r}")
            else:
                self.links[name] = "/g/" + found[0].split("/g/", 1)[1]
        self._new_messages()

    async def go_away(self) -> None:
        """Carol leaves her standing orders and goes away; Bob goes away without any."""
        until = (self.clock() + timedelta(days=90)).astimezone(UTC).strftime("%Y-%m-%d")
        carol, bob = self.users[WITH_ORDERS], self.users[WITHOUT_ORDERS]
        await self.seat.orders(self, carol)
        state = await self.state()
        if state.orders.get(carol.id) is None:
            self.problems["season"].append(f"{self.kind}: Carol's standing orders were not kept")
        await self.slash(carol, "away", until=until)
        await self.slash(bob, "away", until=until)

    async def come_back(self, name: str) -> None:
        """An absent player the table cannot go on without comes back (`/away off`) and plays by hand."""
        user = self.users[name]
        await self.slash(user, "away", until="off")
        self.hands.append(name)
        self.returned.append(name)

    async def undo(self) -> None:
        """The owner (a moderator, not seated) takes back the last move with /mod undo and its button."""
        owner = self.emu.owner
        asked = await self.step(owner, lambda: self.emu.slash(owner, "mod undo", options={"count": 1}))
        shown = [m for m in asked.messages if any(b.get("custom_id") == "araldo:undo:confirm" for b in m.buttons)]
        self.problems["log"] += checks.undo_count_problems("\n".join(m.content for m in asked.messages))
        if not shown:
            self.problems["season"].append(f"/mod undo offered no confirmation: {asked.content[:160]!r}")
            return
        async def confirm() -> Any:
            clicked = await self.emu.click(owner, shown[0], custom_id="araldo:undo:confirm")
            # the confirmation defers, replays in a thread, then posts: wait for the bot to fall silent
            await self.quiet(0.5)
            return clicked

        await self.step(owner, confirm)
        for msg in self.last_new:  # the table's notice says as many entries as it lists
            self.problems["log"] += checks.undo_count_problems(msg.content)

    async def quiet(self, seconds: float, limit: float = 15.0) -> None:
        """Until the bot has made no request to Discord for `seconds` (at most `limit`)."""
        began = time.monotonic()
        while time.monotonic() - began < limit:
            if time.monotonic() - self.emu._last_activity >= seconds:
                return
            await asyncio.sleep(0.05)

    async def lapse(self) -> bool:
        """The clock moves to the game's next deadline, which fires; False when it has none."""
        state = await self.state()
        deadline = get_game(self.kind).next_deadline(state)
        if deadline is None:
            return False
        await self.wait_until(max(deadline, self.clock()))
        return True

    # ---- every step -----------------------------------------------------------------------------
    async def step(self, actor: User | None, act: Any) -> Any:
        row = await self.bot.service.get(self.game_id) if self.game_id is not None else None
        floor = row.version if row is not None else 0
        try:
            result = await super().step(actor, act)
        except Exception as exc:  # a step that cannot be made is the season's finding, not a crash
            self.problems["season"].append(f"a step by {actor.username if actor else 'the clock'} failed: "
                                           f"{type(exc).__name__}: {str(exc)[:200]}")
            raise
        self.steps += 1
        if os.environ.get("SEASON_TRACE"):
            print(f"step {self.steps} by {actor.username if actor else 'the clock'}: "
                  f"{[m.content[:70] for m in self.last_new][:2]}", flush=True)
        began = time.monotonic()
        await self._check_step(self.last_new, floor)
        self.spent["checks"] = self.spent.get("checks", 0.0) + time.monotonic() - began
        return result

    async def _check_step(self, new: list[Message], floor: int) -> None:
        self._check_words(new)
        began = time.monotonic()
        await self._check_pictures(new, floor)
        self.spent["pictures"] = self.spent.get("pictures", 0.0) + time.monotonic() - began
        if self.game_id is None or (await self.bot.service.get(self.game_id)).status == "lobby":
            return
        reader = list(PLAYERS)[self.steps % len(PLAYERS)]
        if len(self.changes) > self.looked.get(reader, (0, []))[0] or reader not in self.looked:
            began = time.monotonic()
            await self._check_log(reader)
            self.spent["log"] = self.spent.get("log", 0.0) + time.monotonic() - began
            began = time.monotonic()
            await self._check_web(reader)
            self.spent["web"] = self.spent.get("web", 0.0) + time.monotonic() - began
        self._check_words(self._new_messages())  # the log and the web links the players just read

    def _names(self) -> list[str]:
        words = [u.display_name for u in self.users.values()] + list(self.typed)
        if self.game_id is not None and self.kind:
            from bot.web import pages  # the game's own names (companies, places...) as the log says them
            names = getattr(pages, "LOG_NAMES", {})
            snapshot = self.snapshots.get(max(self.snapshots)) if self.snapshots else None
            if self.kind in names and snapshot is not None:
                state = get_game(self.kind).load_state(snapshot)
                for lang in ("it", "en"):
                    words += [str(v) for v in names[self.kind](state, lang).values()]
            words += self.seat.names
        return words

    def _check_words(self, new: list[Message]) -> None:
        names = self._names()
        for msg in new:
            reader = self._reader(msg)
            texts = [msg.content, *(f"{e.get('title', '')}\n{e.get('description', '')}" for e in msg.embeds),
                     *(label for label in msg.button_labels if label)]
            for text in texts:
                self.problems["commands"] += checks.command_problems(text, reader, self.trees) if self.trees else []
                self.problems["commands"] += [f"{p} ({self._where(msg)})" for p in
                                              checks.foreign_words(self._unquoted(text), reader, names)]
                self.problems["commands"] += checks.number_problems(text)
                self.problems["text"] += checks.stray_problems(text)

    # ---- pictures -------------------------------------------------------------------------------
    async def _check_pictures(self, new: list[Message], floor: int) -> None:
        for msg in new:
            for att in msg.attachments:
                if not att.filename.endswith(".png"):
                    continue
                await self._check_picture(msg, att.filename, att.data, floor)

    async def _check_picture(self, msg: Message, filename: str, data: bytes, floor: int) -> None:
        claim = checks.picture_claim(filename)
        where = self._where(msg)
        if claim is None or claim.kind != self.kind or claim.game != self.game_id:
            self.problems["pictures"].append(f"a picture that does not say which state of this game it shows: "
                                             f"{filename} ({where})")
            return
        snapshot = self.snapshots.get(claim.version)
        if snapshot is None:
            self.problems["pictures"].append(f"{filename} claims version {claim.version}, never stored ({where})")
            return
        if claim.version < floor:
            self.problems["pictures"].append(f"{filename} shows version {claim.version}, posted when the game "
                                             f"was at {floor} ({where})")
        reader = self._reader(msg)
        private = msg.ephemeral or msg.channel.type == 1
        viewers: list[str | None] = [None]  # a private message may show the public board or its reader's
        if msg.channel.type == 1:
            viewers += [u.id for u in msg.channel.recipients if u.id in self.lang_of]
        elif msg.ephemeral:
            viewers += [pid for pid in msg.visible_to or [] if pid in self.lang_of]
        langs = [reader] + (["it"] if private and reader != "it" else [])
        for viewer in viewers:
            for lang in langs:
                if await self._fresh(claim, snapshot, viewer, lang) == data:
                    return
        self.problems["pictures"].append(f"{filename} is not the stored game at version {claim.version} "
                                         f"for {where} (stale or drawn from another state)")

    async def _fresh(self, claim: checks.Claim, snapshot: str, viewer: str | None, lang: str) -> bytes | None:
        key = (claim.version, claim.what, viewer, lang)
        if key not in self.fresh:
            state = get_game(claim.kind).load_state(snapshot)
            self.fresh[key] = await asyncio.to_thread(self.seat.picture, claim.what, state, viewer, lang)
        return self.fresh[key]

    # ---- /game log ------------------------------------------------------------------------------
    async def _check_log(self, name: str) -> None:
        user = self.users[name]
        seen, before = self.looked.get(name, (0, []))
        answer = await self.emu.slash(user, "game log")
        after = checks.log_entries("\n".join(m.content for m in answer.messages))
        fresh = self.changes[seen:]
        self.looked[name] = (len(self.changes), after)
        actors = [f"**{u.display_name}**" for u in self.users.values()] + ["<@", *ACTED]
        # an undo takes its moves' lines away: from the last undo on, every change needs its new line
        undone = max((i for i, c in enumerate(fresh) if c.source == "undo"), default=0)
        found = checks.log_problems(before, after, len(fresh) - undone, t("core.log_private", self.langs[name]),
                                    actors)
        if found and fresh:
            told = ", ".join(f"v{c.version} {c.source}" for c in fresh)
            found = [f"{p} [changes: {told}; read by {name}]" for p in found]
        self.problems["log"] += found

    # ---- the web page and the record (tests/season/surfaces.py) ------------------------------------
    async def _check_web(self, name: str) -> None:
        await surfaces.check_web(self, name)

    async def check_record(self) -> None:
        await surfaces.check_record(self)


@contextlib.asynccontextmanager
async def season(kind: str, seed: int, tmp_path: Path) -> AsyncIterator[Season]:
    """A fresh emulator and bot (board processes as by default) for one season of `kind`."""
    from types import SimpleNamespace

    from bot import archive

    clock = FakeClock(START)
    # an undo's fresh salt is a secret in play; in a season it comes from the seed, so a season replays
    salts = random.Random(seed)
    real_secrets = archive.secrets
    archive.secrets = SimpleNamespace(randbits=salts.getrandbits)  # type: ignore[assignment]
    emu = Emulator.with_default_world(token=TEST_TOKEN)
    if "carol" not in emu.users:
        emu.add_user("carol", display_name="Carol", locale="it")
    emu.add_user("erin", display_name="Erin", locale="en-US")
    emu.settle_quiet = 0.1  # the bot reports when its outbox is busy: a shorter quiet than the default
    await emu.start()
    restore = point_discord_py_at(emu.base_url)
    holder = contextlib.AsyncExitStack()  # a restart swaps the bot: the season keeps the current stack
    played: Season | None = None
    try:
        bot = AraldoBot(bot_settings(emu, tmp_path, BOARD_PROCESSES=1), clock=clock)
        await holder.enter_async_context(running_bot(emu, bot, commands=COMMANDS))
        await bot.start_web("127.0.0.1", 0)
        played = Season(emu, bot, clock, seat_of(kind), seed, tmp_path)
        played.listen_after_start(bot)
        played.stack = holder
        with watch_pictures(played):
            yield played
    finally:
        if played is not None and played.stack is not None:
            await played.stack.aclose()
        else:
            await holder.aclose()
        restore()
        archive.secrets = real_secrets  # type: ignore[assignment]
        await emu.stop()


async def play_season(kind: str, seed: int, tmp_path: Path) -> dict[str, list[str]]:
    """Play one season of `kind` with `seed`; every problem found, by check."""
    async with season(kind, seed, tmp_path) as played:
        try:
            await played.seat.play(played)
            await played.check_record()
            await played.check_rules_and_log()
        except Exception as exc:
            if not played.problems["season"]:
                played.problems["season"].append(f"the season stopped: {type(exc).__name__}: {str(exc)[:300]}")
        if os.environ.get("SEASON_TRACE"):
            print(f"{kind}: {played.steps} steps, seconds in checks {played.spent}")
        return {check: sorted(set(found)) for check, found in played.problems.items()}


def dump(problems: dict[str, list[str]]) -> str:
    return json.dumps(problems, ensure_ascii=False, indent=1)

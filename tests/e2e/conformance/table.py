"""A table of the conformance suite: an Italian server, Alice and Bob (Italian clients) and Erin
(en-US), playing one game through the real bot and the emulator. Every step a demo plays is
watched: what the bot wrote during it, who must act before and after, and what each player's
view shows; the problems found are filed by check (see CHECKS)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.i18n import t
from bot.main import AraldoBot
from bot.translator import command_paths
from engine.core import get_game
from tests.conftest import FakeClock
from tests.e2e.conformance.checks import bare_done, language_of, wording_problems
from tests.e2e.conformance.orders import check_orders_step, leave_orders
from tests.e2e.conformance.pictures import watch_pictures
from tests.e2e.conformance.secrets import found_in, hidden_from
from tests.e2e.conformance.start import check_start_told
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.staging import rig
from tests.emulator import Emulator, point_discord_py_at
from tests.emulator.fixtures import TEST_TOKEN, running_bot
from tests.emulator.models import Message, User

# (a) languages, (b) calls, (c) moves in words, (d) words not ids, (e) rules and log, (f) the panel,
# and privacy
CHECKS = ("language", "calls", "words", "text", "rules_log", "panel", "privacy", "orders", "told", "commands", "notes",
          "table", "deadline_log", "substitute", "ending", "legible")
# a /game log line: its number, maybe its time, who or what acted (a seat, a moderator off the table, the
# deadline), a moderator's mark, then what was done in words
LOG_LINE = re.compile(r"^`#\d+`( <t:\d+:f>)? (\*\*[^*]+\*\*|⏰ \*\*[^*]+\*\*|<@\d+>)( 🛡️)?( 🌐 \([^)]+\))? — \S")
START = datetime(2026, 11, 23, 8, 0, tzinfo=UTC)
LANGS = {"alice": "it", "bob": "it", "erin": "en"}
PANEL_ID = re.compile(r"^araldo:panel:\d+$")


class Table:
    """One game played by Alice, Bob and Erin; `problems[check]` lists what broke the standard."""

    def __init__(self, emu: Emulator, bot: AraldoBot, clock: FakeClock, langs: dict[str, str] | None = None) -> None:
        self.emu, self.bot, self.clock = emu, bot, clock
        self.langs = dict(langs or LANGS)  # each player's client language, by user name
        self.users = {name: emu.user(name) for name in self.langs}
        self.lang_of = {u.id: self.langs[name] for name, u in self.users.items()}
        self.problems: dict[str, list[str]] = {c: [] for c in CHECKS}
        self.typed: list[str] = []  # texts the players wrote in forms, quoted back by the bot
        self.kind = ""
        self.game_id: int | None = None
        self._seen: dict[str, tuple[str, int]] = {}
        self.hidden: list[tuple[int, str]] = []  # (log seq, player) a move the player may not read
        self.secrets: list[tuple[int, str, set[Any]]] = []  # (log seq, player, what their view hides)
        self.calls_clicked: set[str] = set()
        self.ever_awaited = False
        self.pictures: list[str] = []  # languages of the pictures drawn during the current step
        self._shown: dict[str, dict[str, str]] | None = None  # language -> English path -> path shown
        self.last_new: list[Message] = []
        self.watched = True  # False: steps are played and their announcements sent, nothing checked

    # ---- what demos use ---------------------------------------------------------------------
    def user_of(self, pid: str) -> User:
        return next(u for u in self.users.values() if u.id == pid)

    async def state(self) -> Any:
        assert self.game_id is not None
        _, state = await self.bot.service.state(self.game_id)
        return state

    async def awaiting(self) -> list[User]:
        state = await self.state()
        return [self.user_of(p) for p in sorted(get_game(self.kind).awaiting(state))]

    async def open(self, kind: str, settings: str = "") -> None:
        """Erin creates the game, Alice and Bob join by the lobby's button, Erin starts it."""
        self.kind = kind
        erin = self.users["erin"]
        options = {"game": kind, **({"settings": settings} if settings else {})}
        created = await self.step(erin, lambda: self.emu.slash(erin, "game create", options=options))
        join = next(b["custom_id"] for b in created.message.buttons if ":join:" in str(b.get("custom_id")))
        for name in ("alice", "bob"):
            user = self.users[name]
            await self.step(user, lambda u=user: self.emu.click(u, created.message, custom_id=join))
        row = await self.bot.service.in_channel(str(self.emu.general.id))
        self.game_id = row.id
        await self.step(erin, lambda: self.emu.slash(erin, "game start"))
        await check_start_told(self)
        await leave_orders(self)

    async def slash(self, user: User, command: str, **options: Any) -> Any:
        # a name a player writes (a company "Erin 1") is theirs, quoted as typed: not the bot's grammar
        self.typed.extend(v for o in self._free_text(command) if len(v := str(options.get(o, ""))) > 3
                          and any(c.isalpha() for c in v))
        return await self.step(user, lambda: self.emu.slash(user, command, options=options))

    def _free_text(self, command: str) -> list[str]:
        """The options of `command` a player writes freely (strings with neither choices nor completion)."""
        words = command.split()
        level: list[dict[str, Any]] = [c for c in self.emu.global_commands if c["name"] == words[0]]
        for word in words[1:]:
            level = [o for c in level for o in c.get("options") or [] if o["name"] == word]
        return [o["name"] for c in level for o in c.get("options") or []
                if o.get("type") == 3 and not o.get("choices") and not o.get("autocomplete")]

    async def click(self, user: User, message: Any, label: str | None = None, *, custom_id: str | None = None) -> Any:
        return await self.step(user, lambda: self.emu.click(user, message, label, custom_id=custom_id))

    async def select(self, user: User, message: Any, values: list[Any], *, custom_id: str | None = None) -> Any:
        return await self.step(user, lambda: self.emu.select(user, message, values, custom_id=custom_id))

    async def modal(self, user: User, opened: Any, values: dict[str, Any]) -> Any:
        # what a player writes (a law's text) is theirs, in whatever language: not the bot's words
        self.typed.extend(str(v) for v in values.values() if isinstance(v, str) and len(v) > 3)
        return await self.step(user, lambda: self.emu.submit_modal(user, opened, values))

    async def rig(self, change: Callable[[Any], Any]) -> None:
        """Stage a position (tests/e2e/staging.py) before the next moves: no message, no check."""
        await rig(self.bot, self.game_id, change)

    async def wait_until(self, moment: datetime) -> None:
        """The clock moves to `moment`; what fell due fires, as the scheduler's alarm would."""
        async def wake() -> None:
            self.clock.set(moment)
            assert self.game_id is not None
            await self.bot.deadlines.wake(self.game_id)
        await self.step(None, wake)

    def unseen_commands(self, text: str, language: str) -> list[str]:
        """Commands a text names as a client in another language shows them (an Italian post saying
        "/hf report ledger" where the Italian client lists "/hf evento registro"), from the bot's tree."""
        if self._shown is None:
            top = [c for c in self.bot.tree.get_commands() if hasattr(c, "qualified_name")]
            self._shown = {lang: command_paths(top, lang) for lang in set(self.langs.values())}
        shown = self._shown[language]
        seen = set(shown.values())
        other = {name for lang, names in self._shown.items() if lang != language for name in names.values()}
        out = []
        for name in sorted(other - seen, key=len, reverse=True):
            if re.search(rf"(?<![\w/]){re.escape(name)}(?![\w-])", text):
                out.append(f"names {name}, which a {language} client does not show: {text[:120]!r}")
                text = text.replace(name, " ")
        return out

    async def let_a_deadline_lapse(self) -> None:
        """Nobody plays until the game's next deadline has passed: whatever it does must be told,
        in the channel as in `/game log` (every game meets at least one deadline this way)."""
        row = await self.bot.service.get(self.game_id) if self.game_id is not None else None
        if row is not None and row.status == "active" and row.next_deadline is not None:
            await self.wait_until(max(row.next_deadline, self.clock.now) + timedelta(seconds=1))

    # ---- one watched step -------------------------------------------------------------------
    async def _look(self) -> dict[str, Any] | None:
        if self.game_id is None:
            return None
        row = await self.bot.service.get(self.game_id)
        if row.status == "lobby":
            return None
        state = self.bot.service.load_state(row)
        game = get_game(self.kind)
        views = {pid: game.view(state, pid).model_dump(mode="json") for pid in (p.id for p in state.players)}
        views[None] = game.view(state, None).model_dump(mode="json")
        rows = await self.bot.service.log_rows(self.game_id)
        return {"row": row, "state": state, "awaiting": set(game.awaiting(state)) if state.status == "active" else set(),
                "views": views, "log": len(rows), "last": json.loads(rows[-1].action_json) if rows else {},
                # the newest entry's number: after an undo it is no longer the count of entries
                "seq": rows[-1].seq if rows else 0, "seqs": {r.seq for r in rows}}

    def _new_messages(self) -> list[Message]:
        """Messages the bot wrote or edited since the last look."""
        out = []
        for channel in list(self.emu.channels.values()):
            for msg in self.emu._channel_messages(channel):
                if msg.author.id != self.emu.bot_user.id:
                    continue
                mark = (msg.content, msg.edits)
                if self._seen.get(msg.id) != mark:
                    self._seen[msg.id] = mark
                    out.append(msg)
        return out

    async def step(self, actor: User | None, act: Callable[[], Awaitable[Any]]) -> Any:
        if not self.watched:
            result = await act()
            await self.bot.notifier.drain()
            return result
        before = await self._look()
        self.pictures = []
        result = await act()
        await self.bot.notifier.drain()
        await asyncio.sleep(0.05)
        after = await self._look()
        new = self._new_messages()
        self.last_new = new  # what the bot wrote during the step, for a subclass's own checks
        self._check_messages(new, actor)
        # a change any player (or the public) can see; a timer that only went off changes no view
        changed = before is not None and after is not None and after["row"].version > before["row"].version \
            and after["views"] != before["views"]
        # an undo takes entries out of the log (its notice in the channel says so): only a log that kept
        # every entry and gained none has left a change untold
        kept = before is not None and after is not None and before["seqs"] <= after["seqs"]
        if changed and kept and after is not None and before is not None and after["log"] <= before["log"]:
            who = actor.username if actor else "a deadline"
            self.problems["told"].append(f"a change of the game by {who} (version {before['row'].version} -> "
                                         f"{after['row'].version}) has no line in /game log")
        if after is not None:
            await self._check_calls(before, after, new)
            self._check_privacy(before, after, new, actor)
            check_orders_step(self, after, new, actor)
        return result

    def _reader(self, msg: Message) -> str:
        """The language a message must be in: a DM's recipient's, an ephemeral's reader's, else the server's."""
        if msg.channel.type == 1:
            return self.lang_of.get(msg.channel.recipients[0].id, "it")
        if msg.ephemeral and msg.visible_to:
            return self.lang_of.get(next(iter(msg.visible_to)), "it")
        return "it"

    def _where(self, msg: Message) -> str:
        if msg.channel.type == 1:
            return f"DM to {msg.channel.recipients[0].username}"
        return "ephemeral" if msg.ephemeral else "public"

    def _unquoted(self, text: str, by: str = " ") -> str:
        for typed in self.typed:
            text = text.replace(typed, by)
        return text

    def _check_messages(self, new: list[Message], actor: User | None) -> None:
        for msg in new:
            want = self._reader(msg)
            texts = [msg.content, *(str(e.get("title", "")) + "\n" + str(e.get("description", "")) for e in msg.embeds)]
            texts += [label for label in msg.button_labels if label]
            said = language_of(self._unquoted("\n".join(texts)))
            if said is not None and said != want:
                self.problems["language"].append(f"{self._where(msg)} message in {said}, for a reader of {want}: "
                                                 f"{msg.content[:100]!r}")
            for text in texts:
                self.problems["text"] += wording_problems(self._unquoted(text, "X"), want)
                self.problems["commands"] += self.unseen_commands(text, want)
            if not msg.ephemeral and msg.channel.type != 1 and bare_done(msg.content):
                who = actor.username if actor else "the clock"
                self.problems["words"].append(f"a move by {who} announced as a bare {msg.content!r}")
        public_images = any(m.images for m in new if not m.ephemeral and m.channel.type != 1)
        private_images = any(m.images for m in new if m.ephemeral or m.channel.type == 1)
        if public_images and not private_images:
            for drawn in self.pictures:
                if drawn != "it":
                    self.problems["language"].append(f"a channel picture drawn in {drawn}")

    async def _check_calls(self, before: dict[str, Any] | None, after: dict[str, Any], new: list[Message]) -> None:
        """(b) whoever must act now and did not before is called in the channel: a mention, what they
        owe and the deadline; (f) the call's panel opens, in the reader's language."""
        game = get_game(self.kind)
        state = after["state"]
        called = after["awaiting"] - (before["awaiting"] if before else set())
        self.ever_awaited = self.ever_awaited or bool(after["awaiting"])
        public = [m for m in new if not m.ephemeral and m.channel.type != 1]
        deadline = game.turn_deadline(state)
        for pid in sorted(called):
            name = self.user_of(pid).username
            calls = [m for m in public if f"<@{pid}>" in m.content]
            if not calls:
                self.problems["calls"].append(f"{name} must act now and the channel does not call them "
                                              f"(said: {[m.content[:80] for m in public]})")
                continue
            text = "\n".join(m.content for m in calls)
            if deadline is not None and "<t:" not in text:
                self.problems["calls"].append(f"{name}'s call gives no deadline: {text[:120]!r}")
            owed = game.owed(state, pid)
            if owed and t(owed[0].key, "it", **owed[0].params) not in text:
                self.problems["calls"].append(f"{name}'s call does not say what they owe: {text[:120]!r}")
            has_button = any(PANEL_ID.match(str(b.get("custom_id"))) for m in calls for b in m.buttons)
            if name not in self.calls_clicked:  # the first call of each player is clicked
                self.calls_clicked.add(name)
                await self._open_panel(calls, pid, state)
            elif not has_button:
                self.problems["panel"].append(f"{name}'s call carries no button to open their panel: {text[:80]!r}")

    async def _open_panel(self, calls: list[Message], pid: str, state: Any) -> None:
        button = next(((m, b["custom_id"]) for m in calls for b in m.buttons if PANEL_ID.match(str(b.get("custom_id")))),
                      None)
        name = self.user_of(pid).username
        if button is None:
            self.problems["panel"].append(f"{name}'s call carries no button to open their panel")
            return
        game = get_game(self.kind)
        opened = await self.emu.click(self.user_of(pid), button[0], custom_id=button[1])
        shown = [m for m in opened.messages if m.ephemeral]
        live = [c for m in shown for c in m.all_components if c.get("type") in (2, 3) and not c.get("disabled")]
        if not shown or (moves(game, state, pid) and not live):
            self.problems["panel"].append(f"{name}'s panel offers no move: {[m.content[:80] for m in shown]}")
        for msg in shown:
            said = language_of(msg.content + "\n" + "\n".join(msg.button_labels))
            if said is not None and said != self.langs[name]:
                self.problems["language"].append(f"{name}'s panel in {said}: {msg.content[:80]!r}")
        idle = [u for u in self.users.values() if u.id != pid and not moves(game, state, u.id)]
        if idle:  # a player with no legal move is offered none
            other = await self.emu.click(idle[0], button[0], custom_id=button[1])
            offered = [c for m in other.messages if m.ephemeral for c in m.all_components
                       if c.get("type") in (2, 3) and not c.get("disabled")]
            if offered:
                self.problems["panel"].append(f"{idle[0].username} has no legal move and their panel offers "
                                              f"{[c.get('label') or c.get('placeholder') for c in offered]}")
        self._new_messages()  # the panels are checked above, not as moves

    def _check_privacy(self, before: dict[str, Any] | None, after: dict[str, Any], new: list[Message],
                       actor: User | None) -> None:
        """A move that changes only what its actor (and maybe a partner) sees is hidden from the
        others: nothing of it in the channel, nor in a DM to them, and `/game log` keeps it from them."""
        if before is None or actor is None or after["row"].version == before["row"].version:
            return
        views0, views1 = before["views"], after["views"]
        if actor.id not in views1:
            return
        grew = after["log"] == before["log"] + 1
        for pid in (p for p in views1 if p not in (None, actor.id)):
            secret = hidden_from(views0[actor.id], views1[actor.id], views1[None], views1[pid])
            if grew:  # what the move itself carries and no view of theirs shows (a training's magic number)
                secret |= hidden_from({}, after["last"], views1[None], views1[pid])
            for msg in new:
                dm = msg.channel.type == 1 and msg.channel.recipients[0].id == pid
                if (dm or (not msg.ephemeral and msg.channel.type != 1)) and (told := found_in(msg.content, secret)):
                    self.problems["privacy"].append(f"{self._where(msg)} gives away {told} that only "
                                                    f"{actor.username}'s view shows: {msg.content[:120]!r}")
            if secret and grew:
                self.secrets.append((after["seq"], pid, secret))
        if views0[actor.id] == views1[actor.id] or views0[None] != views1[None]:
            return
        blind = [pid for pid in views1 if pid not in (None, actor.id) and views0.get(pid) == views1[pid]]
        if not blind:
            return
        public = [m for m in new if not m.ephemeral and m.channel.type != 1]
        if public:
            self.problems["privacy"].append(f"{actor.username}'s move changes no view but theirs and is posted: "
                                            f"{public[0].content[:120]!r}")
        for pid in blind:
            told = [m for m in new if m.channel.type == 1 and m.channel.recipients[0].id == pid]
            if told:
                self.problems["privacy"].append(f"{self.user_of(pid).username} is sent a move hidden from them: "
                                                f"{told[0].content[:120]!r}")
            if after["log"] == before["log"] + 1:
                self.hidden.append((after["seq"], pid))

    # ---- (e) and the log's privacy, at the end ----------------------------------------------------
    async def check_rules_and_log(self) -> None:
        erin = self.users["erin"]  # the table's state, asked by the en-US player, is the channel's
        await self.step(erin, lambda: self.emu.slash(erin, "game status"))
        if not self.calls_clicked:
            self.problems["panel"].append("no player was ever called in the channel: no panel to open")
        if not self.ever_awaited:
            self.problems["calls"].append("nobody ever owes a move: the game's awaiting() stayed empty all game")
        # a finished game tells its secret moves to everyone (docs/architecture.md, "What a finished game
        # reveals"): the log's privacy is held while the game runs
        finished = (await self.state()).status == "finished"
        for name, user in self.users.items():
            rules = await self.emu.slash(user, "game rules", options={"game": self.kind})
            text = "\n".join(m.content for m in rules.messages)
            summary = text.split("\n")[1] if "\n" in text else ""
            if len(summary.split()) < 8:
                self.problems["rules_log"].append(f"/game rules for {name} gives no summary: {text[:120]!r}")
            self.problems["text"] += wording_problems(text, self.langs[name])
            self.problems["commands"] += self.unseen_commands(text, self.langs[name])
            helped = await self.emu.slash(user, "help", options={"game": self.kind})
            said = "\n".join(m.content for m in helped.messages)
            if t("core.help.howto", self.langs[name]) not in said:
                self.problems["rules_log"].append(f"/help for {name} has no how-to for the game: {said[:120]!r}")
            self.problems["text"] += wording_problems(said, self.langs[name])
            self.problems["commands"] += self.unseen_commands(said, self.langs[name])
            log = await self.emu.slash(user, "game log")
            lines = [line for m in log.messages for line in m.content.split("\n")]
            seqs = [int(m.group(1)) for line in lines if (m := re.match(r"`#(\d+)`", line))]
            if seqs != sorted(seqs, reverse=True):
                self.problems["rules_log"].append(f"/game log is not newest first: {seqs}")
            for line in lines:
                if line.startswith("`#") and not LOG_LINE.match(line):
                    self.problems["told"].append(f"/game log line for {name} does not say who acted: {line[:120]!r}")
                if re.search(r"— `[a-z_]+`", line):
                    self.problems["rules_log"].append(f"/game log shows engine data: {line[:120]!r}")
                self.problems["text"] += wording_problems(self._unquoted(line, "X"), self.langs[name])
            for seq, pid, secret in [] if finished else self.secrets:
                entry = next((line for line in lines if line.startswith(f"`#{seq}`")), "")
                if pid == user.id and (told := found_in(entry, secret)):
                    self.problems["privacy"].append(f"/game log tells {name} {told}, which their view hides: "
                                                    f"{entry[:120]!r}")
            private = t("core.log_private", self.langs[name])
            for seq, pid in [] if finished else self.hidden:
                if pid != user.id:
                    continue
                entry = next((line for line in lines if line.startswith(f"`#{seq}`")), None)
                if entry is not None and private not in entry:
                    self.problems["privacy"].append(f"/game log tells {name} a move hidden from them: {entry[:120]!r}")
        self._new_messages()


def moves(game: Any, state: Any, pid: str) -> list[Any]:
    """The player's legal moves, the absence every player may always declare left aside."""
    return [a for a in game.legal_actions(state, pid) if getattr(a, "type", "") != "core_away"]


@contextlib.asynccontextmanager
async def table(tmp_path: Path, extensions: tuple[str, ...] = ("tests.fixtures.testgame.cog",)) -> AsyncIterator[Table]:
    """A fresh emulator and bot (fake clock at START) with Erin added; pictures drawn are watched."""
    clock = FakeClock(START)
    emu = Emulator.with_default_world(token=TEST_TOKEN)
    emu.add_user("erin", display_name="Erin", locale="en-US")
    await emu.start()
    restore = point_discord_py_at(emu.base_url)
    try:
        bot = AraldoBot(bot_settings(emu, tmp_path), extra_extensions=extensions, clock=clock)
        bot.service.seed_source = lambda: 20261125
        async with running_bot(emu, bot, commands=TOP_COMMANDS):
            seated = Table(emu, bot, clock)
            with watch_pictures(seated):
                yield seated
    finally:
        restore()
        await emu.stop()

"""One turn of each game played twice from the same seed: from the players' private pages (their forms
sent as a browser without script sends them), and through Discord's commands (tests/e2e/web/turns.py
pairs each page form with its command). The channel says the same, and `/game log` reads the same
but for the mark on each move that came from the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.i18n import t
from bot.tablemoves import filled, moves_of
from engine.core import get_game
from tests.e2e.conformance.table import Table
from tests.e2e.web.moves import forms_in, page_of, refusal_in, send
from tests.e2e.web.tables import GAMES, private_link, web_table
from tests.e2e.web.turns import TURNS, Move

pytestmark = pytest.mark.e2e
SEED = 20261126
MARK = " " + t("core.log_from_table", "en")


def named(seated: Table, text: str) -> str:
    """Players by name (a mention, an action's player): each run's emulator gives its users their own ids."""
    for user in seated.users.values():
        text = text.replace(user.id, user.display_name)
    return text


def posts(seated: Table) -> list[str]:
    """What the bot posted in the channel for everyone (no ephemeral answer)."""
    bot = seated.emu.bot_user.id
    return [named(seated, m.content) for m in seated.emu._channel_messages(seated.emu.general)
            if m.author.id == bot and m.visible_to is None]


async def turn(tmp_path: Path, kind: str, from_table: bool) -> tuple[list[str], list[str], list[str]]:
    """(the channel's posts, /game log's lines, the moves played) after the game's turn of TURNS."""
    plan = TURNS[kind]
    async with web_table(tmp_path) as seated:
        seated.bot.service.seed_source = lambda: SEED
        seated.emu.settle_quiet = 0.1  # the bot says when its outbox is busy: a shorter quiet than the default
        seated.watched = False  # the conformance suite checks the steps; here only the two runs are compared
        await seated.open(kind, plan.settings)
        start = len(posts(seated))
        if plan.before is not None:
            await plan.before(seated)
        game = get_game(kind)
        first = sorted(game.awaiting(await seated.state()), key=lambda pid: seated.user_of(pid).username)
        links: dict[str, str] = {}
        played: list[Move] = []
        moves: list[str] = []  # the actions played, players by name
        for step in plan.steps:
            user = seated.users[step.who] if step.who else seated.user_of(first[0])
            links[user.id] = links.get(user.id) or await private_link(seated, user)
            form = next(f for f in forms_in((await page_of(links[user.id]))[1])
                        if f.type == step.form and step.pick(f, played))
            typed = {name[2:]: value for name, value in form.fields.items() if name.startswith("f.")} | step.typed
            state = await seated.state()
            move = Move(form, typed, filled(moves_of(kind, state, user.id, "en")[int(form.fields["move"])], typed))
            rows = len(await seated.bot.service.log_rows(seated.game_id))
            if from_table:
                answer = await send(links[user.id], form, **{f"f.{name}": value for name, value in step.typed.items()})
                assert answer[0] == 303, (kind, step.form, refusal_in(answer[1]))
            else:
                await step.discord(seated, user, move)
            logged = await seated.bot.service.log_rows(seated.game_id)
            # the move, and only it, is played (by the page's own action or its command's)
            assert len(logged) == rows + 1 and logged[-1].actor == user.id, (kind, step.form, from_table)
            assert json.loads(logged[-1].action_json)["type"] == step.form
            assert (await seated.state()).status == "active"
            played.append(move)
            moves.append(named(seated, json.dumps(move.action, sort_keys=True)))
        awaited = game.awaiting(await seated.state())
        assert not awaited & {seated.users[s.who].id if s.who else first[0] for s in plan.steps}, kind
        if plan.after is not None:
            await plan.after(seated)
        await seated.bot.notifier.drain()
        said = (await seated.emu.slash(seated.users["erin"], "game log")).content.splitlines()
        return posts(seated)[start:], [named(seated, line) for line in said], moves


@pytest.mark.parametrize("kind", GAMES)
async def test_one_turn_from_discord_and_from_the_page_reads_the_same(kind: str, tmp_path: Path) -> None:
    discord_posts, discord_log, discord_moves = await turn(tmp_path / "discord", kind, False)
    table_posts, table_log, table_moves = await turn(tmp_path / "table", kind, True)
    assert table_moves == discord_moves  # the same moves
    assert sum(line.count(MARK) for line in table_log) == len(TURNS[kind].steps), table_log
    assert not any(MARK in line for line in discord_log), discord_log
    assert [line.replace(MARK, "") for line in table_log] == discord_log
    assert table_posts == discord_posts and discord_posts


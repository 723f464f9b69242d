"""One SPQRisiko turn played twice from the same seed: through Discord's commands, and from the
player's private page. The channel says the same, and `/game log` reads the same but for the mark
saying which moves came from the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from engine.spqrisiko.board import board
from tests.e2e.web.moves import forms_in, page_of, refusal_in, send
from tests.e2e.web.tables import private_link, web_table

pytestmark = pytest.mark.e2e
SEED = 20261126


def posts(seated: Any) -> list[str]:
    """What the bot posted in the channel for everyone (no ephemeral answer), mentions by name (each
    run's emulator gives its users their own ids)."""
    bot = seated.emu.bot_user.id
    out = []
    for m in seated.emu._channel_messages(seated.emu.general):
        if m.author.id == bot and m.visible_to is None:
            text = m.content
            for user in seated.users.values():
                text = text.replace(f"<@{user.id}>", f"<@{user.display_name}>")
            out.append(text)
    return out


async def turn(tmp_path: Path, from_table: bool) -> tuple[list[str], list[str], str]:
    """(the channel's posts, /game log's lines, the player) after the first player's turn: all
    reinforcements on one province, one attack from it, the end of the turn."""
    async with web_table(tmp_path) as seated:
        seated.bot.service.seed_source = lambda: SEED
        await seated.open("spqrisiko", "setup=random")
        start = len(posts(seated))
        state = await seated.state()
        user = seated.user_of(state.order[state.current])
        link = await private_link(seated, user)
        b = board()
        forms = forms_in((await page_of(link))[1])
        # the same moves both ways: the page's first reinforcement (a border province: the panel lists
        # those first) with every legionary, then the page's first attack from there
        reinforce = next(f for f in forms if f.type == "reinforce")
        where, count = reinforce.places[0], reinforce.fields["f.count"]
        if from_table:
            assert (await send(link, reinforce))[0] == 303
        else:
            await seated.slash(user, "spqr reinforce", province=b.name(where), count=int(count))
        forms = forms_in((await page_of(link))[1])
        attack = next(f for f in forms if f.type == "attack" and f.places[0] == where)
        if from_table:
            answer = await send(link, attack, **{"f.rolls": "once"})
            assert answer[0] == 303, refusal_in(answer[1])
            forms = forms_in((await page_of(link))[1])
            assert (await send(link, next(f for f in forms if f.type == "end_turn")))[0] == 303
        else:
            await seated.slash(user, "spqr attack", from_province=b.name(where), to_province=b.name(attack.places[1]),
                               rolls="once")
            await seated.slash(user, "spqr end-turn")
        await seated.bot.notifier.drain()
        said = (await seated.emu.slash(seated.users["erin"], "game log")).content.splitlines()
        return posts(seated)[start:], said, user.display_name


async def test_one_turn_from_discord_and_from_the_page_reads_the_same(tmp_path: Path) -> None:
    discord_posts, discord_log, player = await turn(tmp_path / "discord", False)
    table_posts, table_log, same = await turn(tmp_path / "table", True)
    assert player == same
    mark = " " + t("core.log_from_table", "en")
    assert sum(mark in line for line in table_log) == 3 and not any(mark in line for line in discord_log)
    assert [line.replace(mark, "") for line in table_log] == discord_log
    assert table_posts == discord_posts and len(discord_posts) >= 3

"""The season's checks of the surfaces beside Discord: the web page (public and private) against the
stored game, and the players' record once the game has ended (docs/record.md). See tests/season/harness.py."""

from __future__ import annotations

import re
import time
from html import unescape
from typing import Any

import aiohttp
from sqlmodel import select

from bot.storage.record_tables import RecordGame, RecordResult
from bot.telling import where_it_stands
from engine.core import get_game
from tests.season import checks


async def check_web(season: Any, name: str) -> None:
    """One page a step: its version, its headline and its board against the stored game, for its reader."""
    web = getattr(season.bot, "web", None)
    if web is None or not getattr(web, "base_url", None):
        season.problems["web"].append("the web pages are not served: the page cannot be checked")
        return
    row, state = await season.bot.service.state(season.game_id)
    # one page a step, in turn: the public's, then each player's private one
    if season.steps % 2 == 0 and name in season.links:
        pages = [(season.users[name].id, season.links[name], season.langs[name])]
    else:
        pages = [(None, f"/g/{season.game_id}", "it")]
    seats = {p.id: p.name for p in state.players}
    from bot.web.markup import discord_html

    async with aiohttp.ClientSession() as http:
        for viewer, path, lang in pages:
            who = name if viewer else "the public"
            began = time.monotonic()
            async with http.get(f"{web.base_url}{path}?lang={lang}") as page:
                html = await page.text()
            season.spent["web page"] = season.spent.get("web page", 0.0) + time.monotonic() - began
            if page.status != 200:
                season.problems["web"].append(f"{who}'s page answers {page.status}")
                continue
            version = re.search(r'data-version="(\d+)"', html)
            if version is None or int(version.group(1)) != row.version:
                season.problems["web"].append(f"{who}'s page shows version {version and version.group(1)}, "
                                              f"the game is at {row.version}")
            want = str(discord_html(where_it_stands(row.kind, state, lang), seats))
            shown = re.search(r'<p id="headline">(.*?)</p>', html, re.S)
            if shown is None or unescape(shown.group(1).strip()) != unescape(want.strip()):
                season.problems["web"].append(f"{who}'s page headline {shown and shown.group(1)[:80]!r} is not "
                                              f"the game's {want[:80]!r}")
            if not season.seat.has_board:
                continue
            began = time.monotonic()
            async with http.get(f"{web.base_url}{path}/board.png?lang={lang}") as board:
                data = await board.read()
            season.spent["web board"] = season.spent.get("web board", 0.0) + time.monotonic() - began
            claim = checks.Claim(season.kind, season.game_id or 0, row.version, "board")
            if board.status != 200 or data != await season._fresh(claim, row.snapshot_json or "", viewer, lang):
                season.problems["web"].append(f"{who}'s page board ({board.status}) is not the view of the stored "
                                              f"game at version {row.version}")


async def check_record(season: Any) -> None:
    """The ended game in the record: not running, its end reason, rated as docs/record.md says, the
    engine's ranking as places."""
    await season.bot.recorder.settled()
    row, state = await season.bot.service.state(season.game_id)
    if row.status != "finished":
        season.problems["season"].append(f"{season.kind} did not end: {row.status} after {season.steps} steps")
        season.problems["record"].append("the game never ended: its record cannot be checked")
        return
    async with season.bot.service.db.sessions() as s:
        game = (await s.execute(select(RecordGame).where(RecordGame.game_id == season.game_id))).scalar_one_or_none()
        results = list((await s.execute(select(RecordResult).where(RecordResult.game_id == season.game_id))).scalars())
    if game is None:
        season.problems["record"].append("the finished game is not in the record")
        return
    humans = len(state.players)
    rated = state.end_reason != "moderator" and humans >= 2  # docs/record.md, "Unrated"
    if game.running or game.rated != rated or game.end_reason != state.end_reason:
        season.problems["record"].append(f"record_game says running={game.running} rated={game.rated} "
                                       f"reason={game.end_reason!r}; the game ended {state.end_reason!r}, "
                                       f"so rated={rated}")
    ranking = get_game(season.kind).ranking(state)
    place, places = 1, {}
    for group in ranking:
        for pid in group:
            places[pid] = place
        place += len(group)
    got = {r.user_id: r.place for r in results}
    if got != places:
        season.problems["record"].append(f"record_result places {got} are not the engine's ranking {places}")
    if any(r.rated != rated for r in results):
        season.problems["record"].append(f"a player's result is rated={not rated} in a game rated={rated}")

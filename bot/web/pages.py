"""What a game's page shows, for one reader, at one step of its history, in one language: built from
the game's views, its headline and its log in words (bot/telling.py), never from raw state
handed to a template. Reading rows and caching them is the Tables' job (bot/web/tables.py)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from bot.i18n import game_name, t
from bot.letters import PRIVATE_SUMMARIES
from bot.orders import orders_text
from bot.telling import LOG_NAMES, where_it_stands
from bot.web.boards import Overlay, overlay
from bot.web.history import Unreplayable
from bot.web.links import Reader
from bot.web.markup import discord_html, time_html
from bot.web.panels import Panel, panels
from bot.web.tables import Table
from engine.core import get_game
from render.common import find_renderer

LOG_SHOWN = 150  # the newest moves up to the step shown; older ones are a step away with the scrubber


@dataclass
class PageData:
    game_id: int
    kind: str
    name: str
    lang: str
    status: str
    step: int
    steps: int
    version: int
    headline: Markup
    facts: list[Markup] = field(default_factory=list)
    panels: list[Panel] = field(default_factory=list)
    mine: list[Panel] = field(default_factory=list)
    mine_text: Markup | None = None
    note: str | None = None  # the reader's own /note for this game: on their private page only
    orders_text: Markup | None = None  # the reader's own standing orders, shown to them alone
    # a moderator's look at each player: their name, their summary, what their view holds beyond the public's
    others: list[tuple[str, Markup | None, list[Panel]]] = field(default_factory=list)
    log: list[tuple[int, Markup]] = field(default_factory=list)
    has_board: bool = False
    places: Overlay | None = None  # the board's places, for the step shown
    reader_name: str | None = None
    moderator: bool = False
    drawn: bool = True  # False: this step cannot be replayed, the page says so (answered with 409)
    # a seated player's moves at the newest step, as forms in their panel's groups (bot/web/forms.py)
    moves: list[tuple[str, list[tuple[int, Any, Markup]]]] = field(default_factory=list)
    page_token: str = ""  # what those forms carry: this page's version, signed for its reader
    refusal: Markup | None = None  # why a move sent from this page was not played


def log_reader(reader: Reader) -> str | None:
    """Whose eyes the log is read with, as `/game log` reads it for them: a player's own; everything for
    a moderator; else the public's (nobody's: "" is no player, so a private move of a running game says
    only that it was made; once the game is finished its secret moves are told, its orders still not)."""
    if reader.moderator is not None:
        return None
    return reader.player or ""


def viewer_of(reader: Reader, seats: dict[str, str]) -> str | None:
    return reader.player if reader.player in seats else None


async def build(table: Table, reader: Reader, step: int | None, lang: str) -> PageData:
    row, state, rows = table.row, table.state, table.rows
    game = get_game(row.kind)
    seats = table.names
    steps = len(rows)
    shown = steps if step is None else max(0, min(step, steps))
    viewer = viewer_of(reader, seats)
    if shown < steps:
        try:
            past, view = await asyncio.to_thread(table.history.view_at, row, state, rows, shown, viewer)
        except Unreplayable:
            return await unreplayable(table, reader, shown, lang)
    else:
        past, view = state, table.view(viewer)
    data = PageData(game_id=table.game_id, kind=row.kind, name=game_name(row.kind, lang), lang=lang, status=row.status,
                    step=shown, steps=steps, version=row.version,
                    headline=discord_html(where_it_stands(row.kind, past, lang), seats),
                    has_board=find_renderer(row.kind, "board") is not None,
                    moderator=reader.moderator is not None,
                    reader_name=seats.get(reader.player or "") if viewer else None)
    if shown == steps:
        data.facts = facts(table, lang)
    if data.has_board:  # off the event loop: Nomic's places are noted while its chart is drawn
        data.places = await asyncio.to_thread(overlay, row.kind, view, lang)
    # the game's own ids (provinces, companies...) in words, as /game log says them; players by name
    words = {**(LOG_NAMES[row.kind](past, lang) if row.kind in LOG_NAMES else {}), **seats}
    public = view.model_dump(mode="json") if viewer is None else game.view(past, None).model_dump(mode="json")
    data.panels = panels(public, words, lang, kind=row.kind)
    if viewer is not None:
        mine = view.model_dump(mode="json")
        data.mine = panels(mine, words, lang, kind=row.kind, only={k for k, v in mine.items() if public.get(k) != v})
        summary = PRIVATE_SUMMARIES.get(row.kind)
        if summary is not None and shown == steps:
            data.mine_text = discord_html(summary(past, viewer, lang), seats)
        said = orders_text(past, row.kind, viewer, lang) if shown == steps else None
        data.orders_text = discord_html(said, seats) if said else None
        data.note = await table.svc.note(table.game_id, viewer)
    if reader.moderator is not None and shown == steps:
        summary = PRIVATE_SUMMARIES.get(row.kind)
        for pid, name in seats.items():
            theirs = game.view(past, pid).model_dump(mode="json")
            said = discord_html(summary(past, pid, lang), seats) if summary is not None else None
            data.others.append((name, said, panels(theirs, words, lang, kind=row.kind,
                                                   only={k for k, v in theirs.items() if public.get(k) != v})))
    await add_log(data, table, reader)
    return data


async def add_log(data: PageData, table: Table, reader: Reader) -> None:
    lines = await log_html(table, log_reader(reader), data.lang)
    # entry i is log row i's line (None: another player's undo note, no line for this reader)
    said = [(i + 1, lines[i]) for i in range(min(data.step, len(lines)) - 1, -1, -1)]
    data.log = [(n, line) for n, line in said if line is not None][:LOG_SHOWN]


async def unreplayable(table: Table, reader: Reader, shown: int, lang: str) -> PageData:
    """A step the log does not replay to: the page says why, and keeps its scrubber and log to go on."""
    row = table.row
    data = PageData(game_id=table.game_id, kind=row.kind, name=game_name(row.kind, lang), lang=lang,
                    status=row.status, step=shown, steps=len(table.rows), version=row.version,
                    headline=discord_html(t("web.err.history", lang)), moderator=reader.moderator is not None,
                    reader_name=table.names.get(reader.player or ""), drawn=False)
    await add_log(data, table, reader)
    return data


async def log_html(table: Table, viewer: str | None, lang: str) -> list[Markup | None]:
    """The log's lines as HTML, each made once per table and carried to the next version's."""
    said = await table.log_lines(viewer, lang)
    done = table.html_lines.setdefault((viewer, lang), [])
    moderator = t("web.moderator", lang)
    done.extend(None if line is None else discord_html(line, table.names, moderator) for line in said[len(done):])
    return done


def facts(table: Table, lang: str) -> list[Markup]:
    """Whose turn, the deadline (as a <time> the reader's browser shows in their zone); how a game ended is its
    headline (`where_it_stands`)."""
    row, state = table.row, table.state
    game = get_game(row.kind)
    out = []
    if row.status == "active":
        if row.turn_deadline is not None:
            out.append(Markup("{} {}").format(t("web.deadline", lang), time_html(row.turn_deadline)))
        owed = sorted(game.awaiting(state))
        if owed:
            out.append(Markup("{} {}").format(t("web.waiting_for", lang),
                                              ", ".join(table.names.get(p, p) for p in owed)))
        if state.paused_at is not None:
            out.append(discord_html(t("core.game_paused", lang)))
    return out


def page_title(data: PageData) -> str:
    return f"{data.name} #{data.game_id}"


def template_context(data: PageData, base: str, query: Any) -> dict[str, Any]:
    return {"page": data, "base": base, "title": page_title(data), "q": query}

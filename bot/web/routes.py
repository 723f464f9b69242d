"""The page routes. A game's public page is `/g/<id>`; a private link is `/g/<id>/p/<token>`; under
either, `board.png` is the board and `events` the live stream, each with `?n=<step>` (the state after
that many moves) and `?lang=it|en`. Bad ids, steps and tokens are answered with a page that says so
(404, 400, 403), never with an error."""

from __future__ import annotations

import asyncio
import contextlib
import re
from typing import Any

import aiohttp_jinja2
from aiohttp import web

from bot.i18n import LANGUAGES, dm_language, normalize, t
from bot.pictures import board_attachment, picture_labels
from bot.web import pages
from bot.web.forms import page_forms
from bot.web.history import Unreplayable
from bot.web.links import Reader
from bot.web.security import HEADERS, client_address
from bot.web.site import SITE, Site
from bot.web.tables import Table
from engine.core import RuleError
from render.common import render_png

GAME = r"{game:\d{1,12}}"
TOKEN = r"{token:[A-Za-z0-9_\-.]{1,512}}"
PING_SECONDS = 20.0
PAGES_KEPT = 512


def add(app: web.Application) -> None:
    r = app.router
    r.add_get("/", index)
    for prefix in (f"/g/{GAME}", f"/g/{GAME}/p/{TOKEN}"):
        r.add_get(prefix, page)
        r.add_get(prefix + "/board.png", board)
        r.add_get(prefix + "/events", events)


def server(request: web.Request) -> Site:
    return request.app[SITE]


STATUSES: dict[int, type[web.HTTPException]] = {200: web.HTTPOk, 400: web.HTTPBadRequest, 403: web.HTTPForbidden,
                                                 404: web.HTTPNotFound, 409: web.HTTPConflict}


def refusal(request: web.Request, status: int, key: str, lang: str | None = None, **params: Any) -> web.HTTPException:
    """A short page in the reader's language saying why there is nothing to see (raise it)."""
    language = lang or accepted(request) or server(request).default_locale
    html = aiohttp_jinja2.render_string("message.html", request, {"lang": language, "title": t("web.title", language),
                                                                 "text": t(key, language, **params)})
    return STATUSES[status](text=html, content_type="text/html")


def accepted(request: web.Request) -> str | None:
    """The reader's language: `?lang=`, else the first of ours their browser asks for."""
    asked = request.query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("Accept-Language", "")[:200].split(","):
        tag = part.split(";")[0].strip().lower()
        if tag and tag != "*" and normalize(tag) in LANGUAGES and tag.split("-")[0] in LANGUAGES:
            return tag.split("-")[0]
    return None


async def language(request: web.Request, table: Table, reader: Reader | None = None) -> str:
    """`?lang=`; on a private link, its holder's language as their DMs have it (their `/notify
    language`, else their Discord client's); else what the browser asks for; else the server's."""
    asked = request.query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    svc = server(request).svc
    holder = reader.player or reader.moderator if reader is not None else None
    if holder:
        chosen, seen = (await svc.user_languages({holder}))[holder]  # kept a few seconds per process
        if chosen or (seen and str(seen).startswith(LANGUAGES)):
            return dm_language(chosen, seen, None)
    browser = accepted(request)
    if browser is not None:
        return browser
    cfg = await svc.guild_config(table.row.guild_id)
    return normalize(cfg.locale)


async def reader_of(request: web.Request) -> Reader:
    """Who the page is for; a private link that is forged, expired, revoked or for another game is refused."""
    game_id = int(request.match_info["game"])
    token = request.match_info.get("token")
    if token is None:
        return Reader(game_id)
    links = server(request).links
    found = await links.reader(game_id, token) if links is not None else None
    if found is None:
        raise refusal(request, 403, "web.err.link")
    if found.moderator is not None and not await still_moderator(request, found):
        raise refusal(request, 403, "web.err.rights")
    return found


async def still_moderator(request: web.Request, reader: Reader) -> bool:
    """A moderator's link is worth what their rights are now: asked again at every request, so a role
    taken away closes the link at once (no regenerate needed, nothing else revoked)."""
    web_ = server(request)
    if web_.moderates is None or reader.moderator is None:
        return False
    try:
        row = await web_.tables.current_row(reader.game_id)
    except RuleError:
        raise refusal(request, 404, "web.err.no_game") from None
    return await web_.moderates(row.guild_id, reader.moderator)


async def table_of(request: web.Request, reader: Reader) -> Table:
    try:
        return await server(request).tables.table(reader.game_id)
    except RuleError as exc:
        key = "web.err.not_started" if exc.code == "core.not_started" else "web.err.no_game"
        raise refusal(request, 404, key) from None


def step_of(request: web.Request, table: Table) -> int | None:
    raw = request.query.get("n")
    if raw is None or raw == "":
        return None
    if not re.fullmatch(r"\d{1,9}", raw):
        raise refusal(request, 400, "web.err.step", steps=len(table.rows))
    return min(int(raw), len(table.rows))


def base_of(request: web.Request) -> str:
    """The page's own path (public or private), which its board and stream hang under."""
    path = request.path
    for tail in ("/board.png", "/events"):
        path = path.removesuffix(tail)
    return path


async def index(request: web.Request) -> web.Response:
    raise refusal(request, 200, "web.index")


async def page(request: web.Request) -> web.Response:
    reader = await reader_of(request)
    table = await table_of(request, reader)
    lang = await language(request, table, reader)
    step = step_of(request, table)
    web_ = server(request)
    # a player's page shows their /note, which changes without a new version of the game
    player = reader.player if reader.player in table.names else None
    note = await table.svc.note(reader.game_id, player) if player is not None else None
    key = (reader.game_id, table.row.version, reader.scope, step, lang, base_of(request), note)
    html = web_.pages_cache.get(key)
    if html is None:
        # one build per page however many readers ask at once (after a move, every open page does)
        pending = web_.building.get(key)
        if pending is None:
            pending = asyncio.ensure_future(made_page(request, table, reader, step, lang))
            web_.building[key] = pending
            pending.add_done_callback(lambda _done: web_.building.pop(key, None))
        html = await asyncio.shield(pending)
        web_.pages_cache.put(key, html)
    status, text = html
    return web.Response(text=text, status=status, content_type="text/html", headers={"Cache-Control": "no-store"})


async def made_page(request: web.Request, table: Table, reader: Reader, step: int | None, lang: str) -> tuple[int, str]:
    """The page and its status: a step that cannot be drawn is a 409, but still the game's page (why,
    and the scrubber and the log to go on)."""
    data = await pages.build(table, reader, step, lang)
    if step is None or step == len(table.rows):
        data.moves, data.page_token = await page_forms(table, reader, lang, server(request).links)
    context = pages.template_context(data, base_of(request), None)
    return (200 if data.drawn else 409), aiohttp_jinja2.render_string("game.html", request, context)


async def board(request: web.Request) -> web.Response:
    reader = await reader_of(request)
    table = await table_of(request, reader)
    lang = await language(request, table, reader)
    step = step_of(request, table)
    viewer = pages.viewer_of(reader, table.names)
    steps = len(table.rows)
    shown = steps if step is None else step
    web_ = server(request)
    key = (reader.game_id, table.row.version, viewer or "public", shown, lang)
    data = web_.images.get(key)
    if data is None:
        if shown == steps:
            drawn = await board_attachment(table.row, table.state, viewer, lang=lang)
            data = drawn[1] if drawn is not None else None
        else:
            try:
                _past, view = await asyncio.to_thread(web_.history.view_at, table.row, table.state, table.rows, shown,
                                                      viewer)
            except Unreplayable:
                raise refusal(request, 409, "web.err.history", lang) from None
            data = await asyncio.to_thread(render_png, table.row.kind, view, "board",
                                           picture_labels(table.row.kind, lang))
        if data is None:
            raise refusal(request, 404, "web.err.no_board", lang)
        web_.keep_image(key, data)
    return web.Response(body=data, content_type="image/png",
                        headers={"Cache-Control": "private, max-age=3600" if step is not None else "no-cache"})


STREAM_HEADERS = {**HEADERS, "Content-Type": "text/event-stream", "Cache-Control": "no-cache",
                  "X-Accel-Buffering": "no"}


async def events(request: web.Request) -> web.StreamResponse:
    """Server-Sent Events: the game's version now, then each new one as it is committed. A HEAD asks
    only whether the stream is there: headers, no body, no subscription. One address holds at most
    `streams_per_address` streams at once (429 beyond)."""
    reader = await reader_of(request)
    web_ = server(request)
    try:
        row = await web_.tables.current_row(reader.game_id)
    except RuleError:
        raise refusal(request, 404, "web.err.no_game") from None
    if request.method == "HEAD":
        return web.Response(headers=STREAM_HEADERS)
    who = client_address(request, web_.behind_proxy)
    if web_.streams.get(who, 0) >= web_.streams_per_address:
        raise web.HTTPTooManyRequests(text=t("web.err.streams", accepted(request) or web_.default_locale),
                                      headers={"Retry-After": "30"})
    web_.streams[who] = web_.streams.get(who, 0) + 1
    try:
        return await stream(request, row.version, reader)
    finally:
        held = web_.streams.get(who, 1) - 1
        if held > 0:
            web_.streams[who] = held
        else:
            web_.streams.pop(who, None)


async def stream(request: web.Request, version: int, reader: Reader) -> web.StreamResponse:
    web_ = server(request)
    response = web.StreamResponse(headers=STREAM_HEADERS)
    await response.prepare(request)
    # a reader gone while we write ends the stream; a cancellation (the reader gone, the server
    # stopping) goes on up, so aiohttp closes the connection instead of waiting on it for another request
    with contextlib.suppress(ConnectionError):
        async with web_.hub.subscribe(reader.game_id) as queue:
            await response.write(f"retry: 2000\nevent: version\ndata: {version}\n\n".encode())
            while True:
                try:
                    heard = await asyncio.wait_for(queue.get(), PING_SECONDS)
                except TimeoutError:
                    await response.write(b": ping\n\n")
                    continue
                if heard < 0:
                    break
                await response.write(f"event: version\ndata: {heard}\n\n".encode())
    return response

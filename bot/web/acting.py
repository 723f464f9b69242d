"""Moves from the table: a seated player's private page lists what they may do now (bot/tablemoves.py,
each game's lister) as forms, and `POST /g/<id>/p/<token>/act` plays one through `GameService.act`,
as a Discord move goes: the same rules and refusals, the same idempotency (a form sent twice applies
once), the channel told and the next player called through the outbox, the log line marked "from
the table".

Safety, at every request: the link is checked as for reading (forged, expired, revoked: 403; a
moderator's link plays nothing), the player must hold a seat, the Origin must be this site's, the
form must carry the page's own token (signed for this game, player and version: a page drawn before
the game moved on is refused with "the game moved on" and nothing played), and every address has its
own budget of moves besides the pages' rate limit.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import web

from bot.i18n import t
from bot.tablemoves import filled
from bot.telling import table_key
from bot.web import pages
from bot.web.forms import listed, page_forms
from bot.web.links import Reader
from bot.web.markup import discord_html
from bot.web.routes import GAME, TOKEN, language, reader_of, refusal, server, table_of
from bot.web.security import client_address
from engine.core import RuleError


def add(app: web.Application) -> None:
    app.router.add_post(f"/g/{GAME}/p/{TOKEN}/act", act)


def same_origin(request: web.Request, public_url: str) -> bool:
    """The form was sent by one of our own pages: its Origin is this site's (as reached, or as published)."""
    origin = request.headers.get("Origin", "")
    if not origin or origin == "null":
        return False
    allowed = {f"{request.scheme}://{request.host}"}
    if public_url:
        parts = urlsplit(public_url)
        allowed.add(f"{parts.scheme}://{parts.netloc}")
    return origin in allowed


async def act(request: web.Request) -> web.StreamResponse:
    reader = await reader_of(request)  # forged, expired, revoked, a moderator without rights: 403
    site = server(request)
    if reader.player is None:  # a moderator's link reads everything and plays nothing
        raise refusal(request, 403, "web.err.act_rights")
    if not same_origin(request, site.public_url):
        raise refusal(request, 403, "web.err.origin")
    if not site.move_limit.allow(client_address(request, site.behind_proxy)):
        raise web.HTTPTooManyRequests(text=t("web.err.slow_down", site.default_locale), headers={"Retry-After": "10"})
    form = await request.post()
    table = await table_of(request, reader)
    lang = await language(request, table, reader)
    player = reader.player
    if player not in table.names:
        raise refusal(request, 403, "web.err.act_rights", lang)
    assert site.links is not None
    version = site.links.page_version(str(form.get("csrf", "")), reader.game_id, player)
    if version is None:
        raise refusal(request, 403, "web.err.page_token", lang)
    if version > table.row.version:  # a page another process drew from a newer row than ours
        table.svc.cache.forget(reader.game_id)
        table = await table_of(request, reader)
    index = str(form.get("move", ""))[:8]
    typed = {str(name)[2:]: str(value)[:4000] for name, value in form.items() if str(name).startswith("f.")}
    key = table_key(reader.game_id, version, player, json.dumps([index, typed], sort_keys=True))
    try:
        if version != table.row.version:
            if await table.svc.applied(key):
                raise done(request)  # the same form again (a double click): played once already
            raise RuleError("core.moved_on")
        moves = await listed(table, player, lang)
        if not index.isdigit() or int(index) >= len(moves):
            raise RuleError("core.moved_on")
        action = filled(moves[int(index)], typed)
        await table.svc.act(reader.game_id, player, action, interaction_id=key, table=True, at_version=version)
    except RuleError as exc:
        if exc.code == "core.already_applied":
            raise done(request) from None
        return await refused(request, reader, lang, exc)
    raise done(request)


def done(request: web.Request) -> web.HTTPSeeOther:
    """Played: back to the page (see-other, so a reload asks the page, never the move again); a
    script follows it and swaps the new page in."""
    query = _lang_query(request)
    return web.HTTPSeeOther(location=request.path.removesuffix("/act") + (f"?{query}" if query else ""))


def _lang_query(request: web.Request) -> str:
    asked = request.query.get("lang", "")
    return f"lang={asked}" if asked in ("it", "en") else ""


async def refused(request: web.Request, reader: Reader, lang: str, exc: RuleError) -> web.Response:
    """The page again, at the game's newest version, saying why nothing was played (409 when the game
    moved on, else 400)."""
    fresh = await server(request).tables.table(reader.game_id)
    data = await pages.build(fresh, reader, None, lang)
    data.moves, data.page_token = await page_forms(fresh, reader, lang, server(request).links)
    data.refusal = discord_html(t(exc.code, lang, **exc.params), fresh.names)
    base = request.path.removesuffix("/act")
    html = aiohttp_jinja2.render_string("game.html", request, pages.template_context(data, base, None))
    status = 409 if exc.code == "core.moved_on" else 400
    return web.Response(text=html, status=status, content_type="text/html", headers={"Cache-Control": "no-store"})



"""The table in the browser: an aiohttp application in the bot's own process (discord.py brings
aiohttp), serving every game's page from the same views and renderers the bot posts, its history and
live updates; private views only behind signed links (bot/web/links.py).

`WebServer.start()` is called by the bot's startup when WEB_PORT is not 0; the e2e tests start it on
an ephemeral port. Security: every answer carries a Content-Security-Policy without inline script,
`X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` (a private link never leaks to
another site); every route, static files included, is rate-limited per client address, and a static
name that is not one of our short flat names is a 404 before the file system sees it; an unexpected
error is logged and answered with a plain page, never a traceback.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web

from bot.i18n import t
from bot.web import acting, routes
from bot.web.links import Links, link_key
from bot.web.relay import Relay, asyncpg_dsn
from bot.web.security import HEADERS, Handler, client_address
from bot.web.site import SITE, Site

log = logging.getLogger(__name__)
HERE = Path(__file__).parent


STATIC_NAME = re.compile(r"/static/[A-Za-z0-9_.\-]{1,64}")


def static_name(path: str) -> bool:
    """Our static files are a few short flat names: anything else (a 256-letter name the file system
    refuses, a folder, an odd character) is not one of them."""
    return STATIC_NAME.fullmatch(path) is not None


class WebServer(Site):
    """The Site served by aiohttp on a host and port."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._runner: web.AppRunner | None = None

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=64 * 1024)
        app[SITE] = self
        env = aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(str(HERE / "templates")), autoescape=True,
                                   default_helpers=False)
        routes.add(app)
        acting.add(app)
        static = app.router.add_static("/static/", str(HERE / "static"), name="static", append_version=True)
        env.globals["t"] = t
        # a file's URL carries its hash, so a browser keeps it until it changes
        env.globals["static"] = lambda name: str(static.url_for(filename=name))
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        is_static = request.path.startswith("/static/")
        try:
            if not self.limit.allow(client_address(request, self.behind_proxy)):
                response: web.StreamResponse = web.Response(status=429, text=t("web.err.slow_down", self.default_locale),
                                                            headers={"Retry-After": "10"})
            elif is_static and not static_name(request.path):
                raise web.HTTPNotFound()
            else:
                response = await handler(request)
        except web.HTTPException as exc:  # a refusal page (403, 404...): raised, with the same headers
            exc.headers.update(HEADERS)
            raise
        except OSError as exc:  # a static name the file system refuses: nothing there, and no traceback
            if not is_static:
                raise
            log.info("static %r refused: %s", request.path[:80], exc)
            raise web.HTTPNotFound(headers=HEADERS) from None
        except Exception:
            log.exception("web page %s failed", request.path)
            response = web.Response(status=500, text=t("web.err.failed", self.default_locale))
        if not response.prepared:
            response.headers.update(HEADERS)
            if is_static:
                response.headers.setdefault("Cache-Control", "public, max-age=86400")
        return response

    async def start(self, host: str, port: int) -> int:
        """Listen on host:port (port 0: any free port); the port listened on."""
        self.links = Links(self.svc.db, await link_key(self.svc.db, self.secret), self.link_days)
        await self.start_relay()
        # a client gone is a handler cancelled: a closed live stream frees its place at once, not at its next ping
        self._runner = web.AppRunner(self.make_app(), access_log=None, shutdown_timeout=1.0, handler_cancellation=True)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port, backlog=1024)
        await site.start()
        sockets = [s for server in ([site._server] if site._server else []) for s in getattr(server, "sockets", [])]
        self.port = sockets[0].getsockname()[1] if sockets else port
        log.info("web pages on http://%s:%d", host, self.port)
        return self.port

    async def start_relay(self) -> None:
        """Hear every committed version, and on PostgreSQL (several processes may serve pages) tell it
        to the others and hear theirs. A process without pages (WEB_PORT=0) still tells its moves."""
        if not self.svc.db.is_sqlite and self.relay is None:
            self.relay = Relay(asyncpg_dsn(self.svc.db.engine.url), self.heard_elsewhere)
            await self.relay.start()
        if self.heard not in self.svc.listeners:
            self.svc.listeners.append(self.heard)

    async def stop(self) -> None:
        self.hub.close()
        if self.heard in self.svc.listeners:
            self.svc.listeners.remove(self.heard)
        if self.relay is not None:
            await self.relay.stop()
            self.relay = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


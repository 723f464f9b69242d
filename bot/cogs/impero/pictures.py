"""Impero's pictures (map, market, cash chart) in the reader's words: rendered off the event loop
and cached per game version and language."""

from __future__ import annotations

import io
import logging

import discord

from bot.i18n import catalog, normalize
from bot.painters import off_loop
from bot.storage.models import GameRow
from engine.impero import GAME
from engine.impero.models import ImperoState
from render.common import to_png
from render.impero import DEFAULT_LABELS, LABEL_KEYS, render_chart, render_map, render_market

log = logging.getLogger(__name__)


def labels(language: str) -> dict[str, str]:
    """The renderer's words in `language`: raw catalog strings, their {turn} fields left for it."""
    cat = catalog(normalize(language))
    return {name: cat.get(key, DEFAULT_LABELS[name]) for name, key in LABEL_KEYS.items()}


_PICTURES: dict[tuple[int, int, int, str, str], bytes] = {}
_PICTURE_LIMIT = 128


def _draw(state: ImperoState, which: str, language: str) -> bytes:
    words = labels(language)
    if which == "market":
        return to_png(render_market(GAME.market_view(state, None), words))
    if which == "chart":
        return to_png(render_chart(GAME.chart_view(state), words))
    return to_png(render_map(GAME.map_view(state), words))


async def picture(row: GameRow, state: ImperoState, which: str, language: str) -> discord.File | None:
    """A localized map/market/chart of this version, rendered off the event loop and cached."""
    assert row.id is not None
    # the snapshot's hash: two databases in one process (an import, the season bench) reuse ids and versions
    key = (row.id, row.version, hash(row.snapshot_json), which, normalize(language))
    data = _PICTURES.get(key)
    if data is None:
        try:
            data = await off_loop(_draw, state, which, language)
        except Exception:
            log.exception("rendering the impero %s of game %s failed", which, row.id)
            return None
        if len(_PICTURES) >= _PICTURE_LIMIT:
            _PICTURES.pop(next(iter(_PICTURES)))
        _PICTURES[key] = data
    return discord.File(io.BytesIO(data), filename=f"impero-{row.id}-v{row.version}-{which}.png")

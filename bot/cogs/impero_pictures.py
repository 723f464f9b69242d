"""Impero's pictures (map, market, cash chart) in the reader's words: rendered off the event loop
and cached per game version and language."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

from bot import painters
from bot.i18n import catalog, normalize
from bot.storage.models import GameRow
from engine.impero import GAME
from engine.impero.models import ImperoState
from render.impero import DEFAULT_LABELS, LABEL_KEYS

log = logging.getLogger(__name__)


def labels(language: str) -> dict[str, str]:
    """The renderer's words in `language`: raw catalog strings, their {turn} fields left for it."""
    cat = catalog(normalize(language))
    return {name: cat.get(key, DEFAULT_LABELS[name]) for name, key in LABEL_KEYS.items()}


_PICTURES: dict[tuple[int, int, str, str], bytes] = {}
_PICTURE_LIMIT = 128


def _draw(state: ImperoState, which: str, language: str) -> bytes:
    """Drawn in a drawing process (bot/painters.py): the map alone holds the GIL for 50+ ms."""
    words = labels(language)
    view: Any
    if which == "market":
        view = GAME.market_view(state, None)
    elif which == "chart":
        view = GAME.chart_view(state)
    else:
        which, view = "map", GAME.map_view(state)
    data = painters.png("impero", view, which, words)
    assert data is not None  # render.impero registers all three
    return data


async def picture(row: GameRow, state: ImperoState, which: str, language: str) -> discord.File | None:
    """A localized map/market/chart of this version, rendered off the event loop and cached."""
    assert row.id is not None
    key = (row.id, row.version, which, normalize(language))
    data = _PICTURES.get(key)
    if data is None:
        try:
            data = await asyncio.to_thread(_draw, state, which, language)
        except Exception:
            log.exception("rendering the impero %s of game %s failed", which, row.id)
            return None
        if len(_PICTURES) >= _PICTURE_LIMIT:
            _PICTURES.pop(next(iter(_PICTURES)))
        _PICTURES[key] = data
    return discord.File(io.BytesIO(data), filename=f"impero-{row.id}-v{row.version}-{which}.png")

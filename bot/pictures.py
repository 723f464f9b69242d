"""Pictures and long texts as Discord carries them: a game's board for one viewer and language,
rendered off the event loop and cached per version, and text split under Discord's 2000 characters.
The notifier, the cogs and the panels all send boards through here."""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

from bot.i18n import catalog, normalize
from bot.painters import FALLBACK, board_of, current
from bot.storage.models import GameRow
from engine.core import GameState, get_game
from render.common import find_renderer

log = logging.getLogger(__name__)
Attachment = tuple[str, bytes]

_CACHE: dict[tuple[str, int, int, int, str], bytes] = {}  # (kind, id, version, snapshot hash, scope)
_CACHE_LIMIT = 256
_CACHE_LOCK = threading.Lock()  # boards are rendered in worker threads


@lru_cache(maxsize=64)
def picture_labels(kind: str, lang: str | None) -> dict[str, str] | None:
    """The words a game's pictures show, in `lang`: every catalog entry `<game>.label.<name>`, raw
    (renderers fill their own fields such as {turn}). Kept: the catalogs do not change while the bot
    runs, and scanning one for every picture cost more than drawing a small board."""
    if lang is None:
        return None
    prefix = f"{kind}.label."
    return {k.removeprefix(prefix): v for k, v in catalog(normalize(lang)).items() if k.startswith(prefix)} or None


def has_picture(kind: str, picture: str = "board") -> bool:
    return find_renderer(kind, picture) is not None


def _key(row: GameRow, viewer: str | None, picture: str, lang: str | None) -> tuple[str, int, int, int, str]:
    assert row.id is not None
    # the snapshot's hash guards against two databases (tests, an import) reusing an id and version
    return (row.kind, row.id, row.version, hash(row.snapshot_json), f"{viewer or 'public'}:{picture}:{lang}")


def _cached(key: tuple[str, int, int, int, str]) -> bytes | None:
    with _CACHE_LOCK:
        return _CACHE.get(key)


def _keep(key: tuple[str, int, int, int, str], data: bytes) -> None:
    with _CACHE_LOCK:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = data


def _name(row: GameRow, picture: str) -> str:
    return f"{row.kind}-{row.id}-v{row.version}-{picture}.png"


def board_png(row: GameRow, state: GameState, viewer: str | None, picture: str = "board",
              lang: str | None = None) -> Attachment | None:
    """The board image of this version for this viewer (and language), cached. Slow: call it from a
    worker thread (board_attachment does)."""
    key = _key(row, viewer, picture, lang)
    data = _cached(key)
    if data is None:
        try:
            data = board_of(row.kind, state, viewer, picture, picture_labels(row.kind, lang))
        except Exception:
            log.exception("rendering %s for game %s failed", picture, row.id)
            return None
        if data is None:
            return None
        _keep(key, data)
    return (_name(row, picture), data)


async def board_attachment(row: GameRow, state: GameState, viewer: str | None,
                           picture: str = "board", lang: str | None = None) -> Attachment | None:
    """The board image of this version for this viewer (and language), cached: drawn by the board
    processes from the stored snapshot when they are running, else in a thread of this process."""
    key = _key(row, viewer, picture, lang)
    data = _cached(key)
    if data is not None:
        return (_name(row, picture), data)
    painters = current()
    if painters is not None and row.snapshot_json is not None \
            and row.schema_version == get_game(row.kind).state_version:
        drawn = await painters.draw(row.kind, row.snapshot_json, viewer, picture, picture_labels(row.kind, lang))
        if drawn is None:
            return None
        if drawn is not FALLBACK:
            _keep(key, drawn)
            return (_name(row, picture), drawn)
    return await asyncio.get_running_loop().run_in_executor(_PAINTERS, board_png, row, state, viewer, picture, lang)


# commands' boards are drawn by one thread of their own: drawing holds the GIL most of the time, and
# the default pool's six threads fighting over it (two cores) cost more CPU per board than the drawing
# while starving the event loop; a second board thread measured no faster (the PNG encoding, which
# runs outside the GIL, already overlaps the loop); the sender's boards have their own thread
# (bot/notifier.py)
_PAINTERS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="araldo-board")


def chunks(text: str, limit: int = 1900) -> list[str]:
    """Split on lines so no message passes Discord's 2000 characters."""
    out: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            out.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) + 1 > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out or [""]

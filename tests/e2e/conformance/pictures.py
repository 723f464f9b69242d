"""The pictures a conformance table draws, each noted with the language of its labels, for the
language check (a picture in another language than its reader's is a problem like a sentence)."""

from __future__ import annotations

import contextlib
import sys
from typing import Any

from bot.i18n import catalog


def note_picture(pictures: list[str], labels: Any) -> None:
    """A picture's language: its language argument, or the catalog its labels come from."""
    if labels in ("it", "en"):
        pictures.append(labels)
        return
    values = {str(v) for v in labels.values()} if isinstance(labels, dict) else set()
    it, en = set(catalog("it").values()), set(catalog("en").values())
    only_it, only_en = len(values & (it - en)), len(values & (en - it))
    if only_it != only_en:
        pictures.append("it" if only_it > only_en else "en")


@contextlib.contextmanager
def watch_pictures(seated: Any) -> Any:
    """Every picture drawn (a board through bot.pictures, a cog's own through off_loop) is noted
    with the language of its labels."""
    import bot.pictures as pictures

    patched: list[tuple[Any, str, Any]] = []
    original_labels = pictures.picture_labels

    def labels(kind: str, lang: str | None) -> Any:
        if lang is not None:
            note_picture(seated.pictures, lang)
        return original_labels(kind, lang)

    patched.append((pictures, "picture_labels", original_labels))
    pictures.picture_labels = labels  # type: ignore[assignment]
    for name, module in list(sys.modules.items()):
        off = getattr(module, "off_loop", None)
        if name.startswith("bot.cogs.") and off is not None:
            def watched(fn: Any, *args: Any, _off: Any = off) -> Any:
                for arg in args:
                    if isinstance(arg, dict) or arg in ("it", "en"):
                        note_picture(seated.pictures, arg)
                return _off(fn, *args)
            patched.append((module, "off_loop", off))
            module.off_loop = watched
    pictures._CACHE.clear()
    try:
        yield
    finally:
        for module, attr, value in patched:
            setattr(module, attr, value)

"""The pictures a conformance table draws, each noted with the language of its labels, for the
language check (a picture in another language than its reader's is a problem like a sentence), and
measured for the legibility check: Discord shows a picture about 550 px wide in a chat column (a
narrower one at its own size), and no word or number on it may then be smaller than MIN_TEXT_PX."""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Iterator
from typing import Any

from bot.i18n import catalog
from render.common import FULL_SIZE

SHOWN_WIDTH = 550  # px: a picture's width in a Discord chat column (desktop or phone)
MIN_TEXT_PX = 9.0  # the smallest font size a text may show at (DejaVu Sans: capitals 6.5 px tall)

Drawn = tuple[str, float, int]  # a text, its font size, the width of the picture it was drawn on

_RECORDERS: list[list[Drawn]] = []
_RECORDING = threading.Lock()


def shown_px(size: float, width: int) -> float:
    """The size a text of `size` px shows at, on a picture `width` px wide, in a chat column."""
    return size * min(1.0, SHOWN_WIDTH / width)


@contextlib.contextmanager
def texts_drawn(found: list[Drawn] | None = None) -> Iterator[list[Drawn]]:
    """Every text Pillow draws meanwhile, in any thread (boards are drawn in worker threads):
    (text, font size in px, width of the image drawn on). Renderers draw their words straight on the
    picture they return (none pastes a drawing into a larger or smaller one), so the width is the
    picture's."""
    from PIL import ImageDraw

    found = [] if found is None else found
    with _RECORDING:
        if not _RECORDERS:
            original = ImageDraw.ImageDraw.text

            def text(self: Any, xy: Any, text: Any, fill: Any = None, font: Any = None, *args: Any,
                     **kwargs: Any) -> Any:
                size = getattr(font if font is not None else self.getfont(), "size", 10)
                for recorder in list(_RECORDERS):
                    # a picture made to be opened at full size is not read in the chat column
                    if str(text).strip() and not self._image.info.get(FULL_SIZE):
                        recorder.append((str(text), float(size), int(self.im.size[0])))
                return original(self, xy, text, fill, font, *args, **kwargs)

            text.original = original  # type: ignore[attr-defined]
            ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
        _RECORDERS.append(found)
    try:
        yield found
    finally:
        with _RECORDING:
            _RECORDERS.remove(found)
            if not _RECORDERS:
                ImageDraw.ImageDraw.text = ImageDraw.ImageDraw.text.original  # type: ignore[attr-defined]


def too_small(drawn: list[Drawn]) -> list[str]:
    """The texts that show smaller than MIN_TEXT_PX in a chat column, each once."""
    out = {f"{text!r} at {shown_px(size, width):.1f} px ({size:g} px on a picture {width} px wide)"
           for text, size, width in drawn if shown_px(size, width) < MIN_TEXT_PX}
    return sorted(out)


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
    with the language of its labels, and every text drawn on it too small to read in a chat column
    is a legibility problem."""
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
        with texts_drawn(_Filed(seated.problems["legible"])):
            yield
    finally:
        for module, attr, value in patched:
            setattr(module, attr, value)


class _Filed(list[Drawn]):
    """Texts drawn, each too small one filed at once as a problem (a table's play reads its problems
    before it closes)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__()
        self.problems = problems

    def append(self, drawn: Drawn) -> None:
        self.problems += [f"a picture's text {small}" for small in too_small([drawn])]

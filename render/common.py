"""What every renderer shares: fonts shipped with Araldo, a colour-blind-safe palette,
title and legend helpers, PNG encoding under Discord's limit, and the renderer registry.

Renderers are pure functions view -> PIL.Image; the bot runs them off the event loop
(`render_png` is synchronous on purpose) and caches the bytes by (game, version, scope).
"""

from __future__ import annotations

import colorsys
import math
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from PIL import Image, ImageDraw, ImageFont

from render import png

FONT_DIR = Path(__file__).parent / "fonts"
TARGET_BYTES = 8 * 1024 * 1024  # Discord takes 10 MiB per attachment; stay well below it


# Okabe-Ito: distinguishable with the common colour-vision deficiencies
PLAYER_COLOURS: tuple[tuple[int, int, int], ...] = (
    (230, 159, 0),    # orange
    (86, 180, 233),   # sky blue
    (0, 158, 115),    # bluish green
    (240, 228, 66),   # yellow
    (0, 114, 178),    # blue
    (213, 94, 0),     # vermillion
    (204, 121, 167),  # reddish purple
)
NEUTRAL = (150, 150, 150)
INK = (30, 30, 30)
PAPER = (250, 247, 240)
MUTED = (120, 120, 120)
WATER = (190, 215, 235)
LAND = (236, 230, 214)


# after those, Paul Tol's "muted" scheme (also colour-blind safe), then hues spread by the golden angle
MORE_COLOURS: tuple[tuple[int, int, int], ...] = (
    (204, 102, 119), (51, 34, 136), (221, 204, 119), (17, 119, 51), (136, 204, 238), (136, 34, 85),
    (68, 170, 153), (153, 153, 51), (170, 68, 153),
)
_COLOURS: list[tuple[int, int, int]] = [*PLAYER_COLOURS, *MORE_COLOURS]  # grown on demand


def player_colour(index: int) -> tuple[int, int, int]:
    """A player's colour: a different one for every index (DecameroNomic seats up to 40 players)."""
    while len(_COLOURS) <= index:
        n = len(_COLOURS) - len(PLAYER_COLOURS) - len(MORE_COLOURS)
        r, g, b = colorsys.hls_to_rgb((n * 0.618034) % 1.0, (0.35, 0.5, 0.65)[n % 3], 0.7)
        colour = (round(r * 255), round(g * 255), round(b * 255))
        while colour in _COLOURS:  # never two players alike
            colour = (colour[0], colour[1], (colour[2] + 7) % 256)
        _COLOURS.append(colour)
    return _COLOURS[index]


class _RememberingFont(ImageFont.FreeTypeFont):
    """A font that keeps the text masks it has rendered. Boards draw the same words on every version
    (places, companies, legends, small numbers), and FreeType's rendering holds the interpreter lock
    for all of it: the largest part of a small board's lock time under load (docs/performance.md).
    A mask is only read by the drawing that pastes it, so one mask serves every thread."""

    MASK_BYTES = 1 << 20  # per font; forgotten all at once past it (a label set is far smaller)
    BOXES = 4096  # measured texts kept per font (each a few numbers)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._start_remembering()

    def __setstate__(self, state: list[Any]) -> None:  # a copy or an unpickled font starts afresh
        super().__setstate__(state)
        self._start_remembering()

    def _start_remembering(self) -> None:
        self._masks: dict[Any, tuple[Any, tuple[int, int]]] = {}
        self._bytes = 0
        self._boxes: dict[Any, tuple[float, float, float, float]] = {}

    def getbbox(self, text: str | bytes | bytearray, mode: str = "", direction: str | None = None,
                features: list[str] | None = None, language: str | None = None, stroke_width: float = 0,
                anchor: str | None = None) -> tuple[float, float, float, float]:
        # measuring lays the text out in FreeType too: centring a label measures it on every drawing
        measure = (text, mode, direction, features, language, stroke_width, anchor)
        if isinstance(text, bytearray):
            return super().getbbox(*measure)
        key = (text, mode, direction, tuple(features or ()), language, stroke_width, anchor)
        found = self._boxes.get(key)
        if found is None:
            if len(self._boxes) >= self.BOXES:
                self._boxes = {}
            found = self._boxes[key] = super().getbbox(*measure)
        return found

    def getmask2(self, text: str | bytes, mode: str = "", *args: Any, **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        if mode == "RGBA":  # Pillow writes into a colour mask after getting it: never shared
            return super().getmask2(text, mode, *args, **kwargs)
        try:
            key = (text, mode, args, tuple(sorted(kwargs.items())))
            found = self._masks.get(key)
        except TypeError:  # an unhashable argument (a list of OpenType features)
            return super().getmask2(text, mode, *args, **kwargs)
        if found is None:
            found = super().getmask2(text, mode, *args, **kwargs)
            width, height = found[0].size
            if self._bytes + width * height > self.MASK_BYTES:
                self._masks, self._bytes = {}, 0
            self._masks[key] = found
            self._bytes += width * height
        return found


@cache
def font(size: int, bold: bool = False, mono: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold, mono, or condensed: a tenth narrower, for names packed on a map)."""
    family = "DejaVuSansCondensed" if condensed else "DejaVuSans"
    name = "DejaVuSansMono.ttf" if mono else (f"{family}-Bold.ttf" if bold else f"{family}.ttf")
    return _RememberingFont(str(FONT_DIR / name), size)


def grouped(n: int, sep: str) -> str:
    """A whole number with the reader's thousands mark (from the picture's labels): 50,000 / 50.000."""
    return f"{n:,}".replace(",", sep)


def axis_ticks(low: int, high: int, most: int = 5) -> list[int]:
    """The ticks of an axis of whole numbers that must show low..high: a round step (1, 2 or 5 times a
    power of ten, never less than 1), from the step's multiple at or below `low` to the one at or above
    `high`, the smallest such step that needs at most `most` intervals: values 0..2,193 get 0, 500,
    ..., 2,500, never 1,096."""
    low, high = min(low, high), max(low, high)
    for step in _round_numbers():
        lo, hi = low // step * step, -(-high // step) * step
        if hi == lo:
            hi = lo + step
        if (hi - lo) // step <= most:
            return list(range(lo, hi + 1, step))
    raise AssertionError("unreachable: the round numbers never end")


def round_step(count: int, most: int = 8) -> int:
    """Show every n-th of `count` numbered things (turns, days) on an axis: a round n (1, 2, 5, 10,
    20...) so that at most `most` are labelled; label those whose number is a multiple of n."""
    return next(n for n in _round_numbers() if -(-count // n) <= most)


def _round_numbers() -> Iterator[int]:
    """1, 2, 5, 10, 20, 50, 100...: the steps an axis counts in."""
    power = 1
    while True:
        yield from (power, power * 2, power * 5)
        power *= 10


def text_width(draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont) -> int:
    left, _, right, _ = draw.textbbox((0, 0), text, font=fnt)
    return int(right - left)


def contrast_ink(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white text, whichever reads better on `colour`."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else (255, 255, 255)


def draw_title(draw: ImageDraw.ImageDraw, xy: tuple[int, int], title: str, subtitle: str | None = None,
               size: int = 28, sub_size: int = 16) -> int:
    """Draw a title (and a muted subtitle); returns the y below them."""
    x, y = xy
    draw.text((x, y), title, font=font(size, bold=True), fill=INK)
    y += size + 8
    if subtitle:
        draw.text((x, y), subtitle, font=font(sub_size), fill=MUTED)
        y += sub_size + 8
    return y


def legend_spots(xy: tuple[int, int], count: int, *, swatch: int = 16, columns: int = 1,
                 column_width: int = 220) -> list[tuple[int, int]]:
    """Where `draw_legend` puts each item's swatch (its top left corner)."""
    x0, y0 = xy
    rows = (count + columns - 1) // columns
    return [(x0 + (divmod(i, rows)[0] if columns > 1 else 0) * column_width,
             y0 + (divmod(i, rows)[1] if columns > 1 else i) * (swatch + 8)) for i in range(count)]


def draw_legend(draw: ImageDraw.ImageDraw, xy: tuple[int, int],
                items: Sequence[tuple[tuple[int, int, int], str]], *, swatch: int = 16,
                columns: int = 1, column_width: int = 220, size: int = 15) -> int:
    """Colour swatches with labels (`size` px); returns the y below the legend."""
    fnt = font(size)
    rows = (len(items) + columns - 1) // columns
    spots = legend_spots(xy, len(items), swatch=swatch, columns=columns, column_width=column_width)
    for (colour, label), (x, y) in zip(items, spots, strict=True):
        draw.rectangle((x, y, x + swatch, y + swatch), fill=colour, outline=INK)
        draw.text((x + swatch + 8, y - 1), label, font=fnt, fill=INK)
    return xy[1] + rows * (swatch + 8)


def hex_center(q: int, r: int, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Pixel centre of the pointy-top hex at axial (q, r), `size` = centre-to-corner distance."""
    x = size * math.sqrt(3) * (q + r / 2)
    y = size * 1.5 * r
    return origin[0] + x, origin[1] + y


def hex_corners(center: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex, for `ImageDraw.polygon`."""
    cx, cy = center
    return [(cx + size * math.cos(math.radians(60 * i - 30)), cy + size * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


def flat_hex_center(col: int, row: int, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Pixel centre of the flat-top hex at odd-q offset (col, row): odd columns sit half a hex lower."""
    x = size * 1.5 * col
    y = size * math.sqrt(3) * (row + 0.5 * (col & 1))
    return origin[0] + x, origin[1] + y


def flat_hex_corners(center: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """The six corners of a flat-top hex, for `ImageDraw.polygon`."""
    cx, cy = center
    return [(cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
            for i in range(6)]


FULL_SIZE = "araldo-full-size"  # image.info key: a picture made to be opened, not read in the chat


def opened_at_full_size(image: Image.Image) -> Image.Image:
    """Mark a picture drawn to be opened and panned at full size (Galactica's full map, sent beside a
    zoomed part that reads in the chat): the 550 px reading promise is the zoomed part's, not its."""
    image.info[FULL_SIZE] = True
    return image


def to_png(image: Image.Image) -> bytes:
    """PNG bytes under Discord's attachment limit (fast compression; downscale if ever needed)."""
    for _ in range(4):
        data = png.encode(image)
        if len(data) <= TARGET_BYTES:
            return data
        image = image.resize((image.width * 3 // 4, image.height * 3 // 4))
    return data


# ---- registries: (game kind, picture name) -> a function of the view ----------------------
Fn = TypeVar("Fn", bound=Callable[..., Any])


class Pictures(Generic[Fn]):
    """Functions kept per (game kind, picture name), registered by decorator beside each game's drawing
    code; the built-in games' modules are imported at the first look. The renderers (here) and the
    places drawn on them (render/places.py) are two such registries."""

    def __init__(self) -> None:
        self.by: dict[tuple[str, str], Fn] = {}

    def register(self, game: str, picture: str = "board") -> Callable[[Fn], Fn]:
        def wrap(fn: Fn) -> Fn:
            self.by[(game, picture)] = fn
            return fn
        return wrap

    def find(self, game: str, picture: str = "board") -> Fn | None:
        _load_builtin()
        return self.by.get((game, picture))

    def every(self) -> list[Fn]:
        _load_builtin()
        return list(self.by.values())


Renderer = Callable[..., Image.Image]  # view, then optional labels
_RENDERERS: Pictures[Renderer] = Pictures()
renderer = _RENDERERS.register
find_renderer = _RENDERERS.find


def renderers() -> list[Renderer]:
    """Every registered renderer (the built-in ones loaded)."""
    return _RENDERERS.every()


def render_png(game: str, view: Any, picture: str = "board", labels: dict[str, str] | None = None) -> bytes | None:
    """PNG of `picture` for this view; `labels` are the words in the reader's language, for renderers
    that take them (each game's renderer documents its keys)."""
    fn = find_renderer(game, picture)
    if fn is None:
        return None
    return to_png(fn(view, labels) if labels else fn(view))


BUILTIN_RENDERERS: tuple[str, ...] = ("render.impero", "render.spqrisiko", "render.nomic", "render.highfrontier",
                                      "render.galactica")


def _load_builtin() -> None:
    import importlib

    for module in BUILTIN_RENDERERS:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:  # a renderer not built yet
            if exc.name != module:
                raise

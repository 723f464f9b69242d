"""Shared drawing helpers: fonts ship with Araldo, the palette, hex geometry, PNG under the limit."""

from __future__ import annotations

import math
import struct
import zlib

import pytest
from PIL import Image, ImageDraw, ImageFont

from render.common import (
    FONT_DIR,
    PLAYER_COLOURS,
    font,
    hex_center,
    hex_corners,
    player_colour,
    render_png,
    to_png,
)


def test_fonts_load_from_the_package() -> None:
    assert font(14).getbbox("Àèìòù")[2] > 0 and font(14, bold=True) is font(14, bold=True)


def _labels(fnt: ImageFont.FreeTypeFont) -> bytes:
    image = Image.new("RGB", (240, 90), (250, 247, 240))
    draw = ImageDraw.Draw(image)
    for i, (text, anchor) in enumerate((("Roma", None), ("12", "mm"), ("Àèìòù 3/7", "la"))):
        draw.text((20 + 40 * i, 20 + 20 * i), text, font=fnt, fill=(30, 30, 30), anchor=anchor)
        draw.text((20.5, 70.25), text, font=fnt, fill=(0, 114, 178), stroke_width=1, stroke_fill=(250, 250, 250))
    return image.tobytes()


def _freetype_calls(monkeypatch: pytest.MonkeyPatch, method: str) -> list[str]:
    """The texts FreeType itself is asked to render or measure from now on (`method` of FreeTypeFont)."""
    asked: list[str] = []
    real = getattr(ImageFont.FreeTypeFont, method)

    def counted(self: ImageFont.FreeTypeFont, text: str, *args: object, **kwargs: object) -> object:
        asked.append(text)
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, method, counted)
    return asked


def test_remembered_text_draws_exactly_what_freetype_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = ImageFont.truetype(str(FONT_DIR / "DejaVuSans.ttf"), 23)
    fnt = font(23)
    rendered = _freetype_calls(monkeypatch, "getmask2")
    expected = _labels(plain)
    rendered.clear()
    assert _labels(fnt) == expected  # first drawing: rendered and kept
    first = len(rendered)
    assert _labels(fnt) == expected  # again: the same pixels without FreeType
    assert first > 0 and len(rendered) == first


def test_remembered_measures_are_freetypes(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = ImageFont.truetype(str(FONT_DIR / "DejaVuSans.ttf"), 19)
    fnt = font(19)
    asked = [("Mediolanum", {}), ("Mediolanum", {"anchor": "mm"}), ("7", {"stroke_width": 2})]
    expected = [plain.getbbox(text, **kw) for text, kw in asked]  # type: ignore[arg-type]
    measured = _freetype_calls(monkeypatch, "getbbox")
    assert [fnt.getbbox(text, **kw) for text, kw in asked] == expected  # type: ignore[arg-type]
    assert [fnt.getbbox(text, **kw) for text, kw in asked] == expected  # type: ignore[arg-type]
    assert len(measured) == len(asked)  # each measured once


def test_a_copied_font_draws_and_measures_like_its_original() -> None:
    import copy
    import pickle

    original = font(17, mono=True)
    for other in (copy.deepcopy(original), pickle.loads(pickle.dumps(original))):
        assert other.getbbox("Roma 12") == original.getbbox("Roma 12")
        assert other.getmask2("Roma 12", "L")[0].size == original.getmask2("Roma 12", "L")[0].size


def test_remembered_masks_stay_within_their_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    fnt = font(31, bold=True)
    monkeypatch.setattr(fnt, "MASK_BYTES", 4000)
    for n in range(200):
        fnt.getmask2(f"label {n}", "L")
        assert fnt._bytes <= 4000 or len(fnt._masks) == 1  # type: ignore[attr-defined]
    assert len(fnt._masks) < 200  # type: ignore[attr-defined]


def test_player_colours_never_repeat() -> None:
    assert [player_colour(i) for i in range(7)] == list(PLAYER_COLOURS)  # Okabe-Ito first
    assert len({player_colour(i) for i in range(60)}) == 60


def test_neighbouring_hexes_share_an_edge() -> None:
    size = 20.0
    a, b = hex_center(0, 0, size), hex_center(1, 0, size)
    assert math.isclose(math.dist(a, b), size * math.sqrt(3))
    shared = [p for p in hex_corners(a, size) if any(math.dist(p, q) < 1e-9 for q in hex_corners(b, size))]
    assert len(shared) == 2
    c = hex_center(0, 1, size)
    assert math.isclose(math.dist(a, c), size * math.sqrt(3))


def test_png_bytes_and_unknown_renderer() -> None:
    image = Image.new("RGB", (64, 32), (255, 255, 255))
    ImageDraw.Draw(image).polygon(hex_corners((32, 16), 12), fill=(0, 0, 0))
    data = to_png(image)
    assert data.startswith(b"\x89PNG") and len(data) < 10_000
    assert render_png("no-such-game", object()) is None


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "P", "1", "LA"])
@pytest.mark.parametrize("size", [(1, 1), (7, 3), (480, 200), (17_000, 3)])  # rows longer than a chunk
def test_our_png_writer_round_trips_every_pixel(mode: str, size: tuple[int, int]) -> None:
    import io
    import random

    from render import png

    rnd = random.Random(f"{mode}{size}")
    image = Image.new("RGBA", size, (250, 248, 240, 255))
    draw = ImageDraw.Draw(image)
    for _ in range(12):  # lines, shapes, text: what boards are made of
        x0, y0 = rnd.randrange(size[0]), rnd.randrange(size[1])
        colour = (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256), rnd.choice((0, 128, 255)))
        draw.rectangle((x0, y0, x0 + rnd.randrange(40), y0 + rnd.randrange(20)), fill=colour)
    draw.text((2, 2), "Roma 12", fill=(0, 0, 0, 255))
    source = image.convert(mode)
    data = png.encode(source)
    back = Image.open(io.BytesIO(data))
    alpha = "A" in source.getbands() or "transparency" in source.info
    expected = source if mode in ("RGB", "RGBA", "L") else source.convert("RGBA" if alpha else "RGB")
    assert back.size == size and back.mode == expected.mode
    assert back.tobytes() == expected.tobytes()
    # exactly one filter byte and one row per line, nothing after (strict readers refuse extra data)
    (length,) = struct.unpack(">I", data[33:37])
    assert data[37:41] == b"IDAT"
    assert len(zlib.decompress(data[41:41 + length])) == size[1] * (1 + size[0] * len(expected.getbands()))

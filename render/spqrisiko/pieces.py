"""SPQRisiko's pieces: the owners' colours, the galley that carries a fleet's count, the colosseum."""

from __future__ import annotations

from PIL import ImageDraw

from engine.spqrisiko.models import SpqrView
from render.common import INK, LAND, NEUTRAL, contrast_ink, font, player_colour

NEUTRAL_COLOURS = {"neutral-1": NEUTRAL, "neutral-2": (165, 130, 95)}


def _tint(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """An owner's colour washed onto the land, so numbers and names stay readable."""
    return tuple(int(c * 0.62 + land * 0.38) for c, land in zip(colour, LAND, strict=True))  # type: ignore[return-value]


def draw_ship(draw: ImageDraw.ImageDraw, x: float, y: float, colour: tuple[int, int, int], count: int,
              outline: tuple[int, int, int] = INK) -> None:
    """A galley: hull with the count in it, mast and sail; (x, y) is the hull's centre."""
    draw.line((x, y - 5, x, y - 17), fill=INK, width=2)
    draw.polygon([(x + 1, y - 17), (x + 11, y - 8), (x + 1, y - 7)], fill=(250, 247, 240), outline=INK)
    draw.polygon([(x - 16, y - 6), (x + 16, y - 6), (x + 11, y + 8), (x - 11, y + 8)], fill=colour,
                 outline=outline, width=2 if outline != INK else 1)
    text = str(count)
    f = font(12, bold=True)
    w = draw.textlength(text, font=f)
    draw.text((x - w / 2, y - 7), text, font=f, fill=contrast_ink(colour))


def draw_colosseum(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """An amphitheatre seen from above: stone ring, sand arena."""
    draw.ellipse((x - 9, y - 7, x + 9, y + 7), fill=(205, 185, 150), outline=INK, width=1)
    draw.ellipse((x - 4, y - 3, x + 4, y + 3), fill=(240, 220, 170), outline=(120, 100, 70))
    for dx in (-6, 6):
        draw.line((x + dx, y - 5, x + dx, y + 5), fill=(120, 100, 70))


def _colour(view: SpqrView, army: str | None) -> tuple[int, int, int]:
    if army is None:
        return LAND
    if army in NEUTRAL_COLOURS:
        return NEUTRAL_COLOURS[army]
    for a in view.armies:
        if a.id == army:
            return player_colour(a.colour)
    return NEUTRAL

"""SPQRisiko's pieces: the owners' colours, the galley that carries a fleet's count, the colosseum."""

from __future__ import annotations

from PIL import ImageDraw

from engine.spqrisiko.models import SpqrView
from render.common import INK, LAND, NEUTRAL, contrast_ink, font, player_colour
from render.spqrisiko.layout import COUNT_PX

NEUTRAL_COLOURS = {"neutral-1": NEUTRAL, "neutral-2": (165, 130, 95)}


def _tint(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """An owner's colour washed onto the land, so numbers and names stay readable."""
    return tuple(int(c * 0.62 + land * 0.38) for c, land in zip(colour, LAND, strict=True))  # type: ignore[return-value]


def draw_ship(draw: ImageDraw.ImageDraw, x: float, y: float, colour: tuple[int, int, int], count: int,
              outline: tuple[int, int, int] = INK) -> None:
    """A galley: hull with the count in it, mast and sail; (x, y) is the hull's centre."""
    draw.line((x, y - 8, x, y - 22), fill=INK, width=2)
    draw.polygon([(x + 1, y - 22), (x + 13, y - 11), (x + 1, y - 9)], fill=(250, 247, 240), outline=INK)
    draw.polygon([(x - 20, y - 10), (x + 20, y - 10), (x + 14, y + 11), (x - 14, y + 11)], fill=colour,
                 outline=outline, width=3 if outline != INK else 1)
    draw.text((x, y + 1), str(count), font=font(COUNT_PX, bold=True), fill=contrast_ink(colour), anchor="mm")


def draw_colosseum(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """An amphitheatre seen from above: stone ring, sand arena."""
    draw.ellipse((x - 12, y - 9, x + 12, y + 9), fill=(205, 185, 150), outline=INK, width=1)
    draw.ellipse((x - 5, y - 4, x + 5, y + 4), fill=(240, 220, 170), outline=(120, 100, 70))
    for dx in (-8, 8):
        draw.line((x + dx, y - 6, x + dx, y + 6), fill=(120, 100, 70))


def _colour(view: SpqrView, army: str | None) -> tuple[int, int, int]:
    if army is None:
        return LAND
    if army in NEUTRAL_COLOURS:
        return NEUTRAL_COLOURS[army]
    for a in view.armies:
        if a.id == army:
            return player_colour(a.colour)
    return NEUTRAL

"""The board's places on a page: the renderer's own outlines of the view shown (render/places.py),
ready for the template's SVG overlay, whose viewBox is the picture's pixel size, so the places scale
with the picture, zoomed or fitted to the screen. The page's script (static/araldo.js) shows, for a
place clicked, the moves whose forms name it (`<form class="move" data-places="id ...">`)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from bot.pictures import picture_labels
from render.places import places_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Shape:
    place: str
    path: str  # SVG path data: the outline, then each hole (drawn even-odd: a hole is not the place)
    label: str


def _path(points: tuple[tuple[int, int], ...]) -> str:
    return "M" + " ".join(f"{x},{y}" for x, y in points) + "Z"


@dataclass(frozen=True)
class Overlay:
    width: int
    height: int
    shapes: list[Shape]


def overlay(kind: str, view: Any, lang: str) -> Overlay | None:
    """The places of the board this view draws, in the words of `lang`; None when the board has none."""
    try:
        found = places_of(kind, view, "board", picture_labels(kind, lang))
    except Exception:  # the page goes on without its places, as it does without a board it cannot draw
        log.exception("the places of a %s board failed", kind)
        return None
    if found is None or not found.places:
        return None
    shapes = [Shape(p.id, "".join(_path(ring) for ring in (p.points, *p.holes)), p.label) for p in found.places]
    return Overlay(found.width, found.height, shapes)

"""Where a picture draws each place a move can involve (a province, a hex, a node, a company), in the
picture's own pixels: what the web page lays over the board so a click on a place offers the moves
that involve it (bot/web/boards.py).

Each game's renderer registers, beside its drawing code, a function taking the same view and labels
and answering the picture's size and its places. It reads the same geometry the drawing does (the same
shapes, boxes and layout functions), never a second copy of the coordinates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from render.common import Pictures

Point = tuple[int, int]


@dataclass(frozen=True)
class Place:
    """One clickable place: the game's own id (as the page's moves name it: bot/tablemoves.py), its
    outline and its name in words. `holes` are outlines inside it that are not it (the islands in a sea
    zone)."""

    id: str
    points: tuple[Point, ...]
    label: str
    holes: tuple[tuple[Point, ...], ...] = ()


@dataclass(frozen=True)
class Places:
    """A picture's size (the SVG overlay's viewBox) and its places, drawn in this order (a later one
    is on top: a province over the sea zone around it)."""

    width: int
    height: int
    places: list[Place] = field(default_factory=list)

    def ids(self) -> set[str]:
        return {p.id for p in self.places}


def _pixels(points: Iterable[tuple[float, float]]) -> tuple[Point, ...]:
    """Rounded to whole pixels; a point repeating the one before dropped."""
    out: list[Point] = []
    for x, y in points:
        p = (round(x), round(y))
        if not out or out[-1] != p:
            out.append(p)
    return tuple(out)


def polygon(place_id: str, points: Iterable[tuple[float, float]], label: str,
            holes: Iterable[Iterable[tuple[float, float]]] = ()) -> Place:
    """A place outlined by `points`, less its `holes`."""
    return Place(place_id, _pixels(points), label, tuple(_pixels(h) for h in holes))


def rect(place_id: str, box: tuple[float, float, float, float], label: str) -> Place:
    x0, y0, x1, y1 = box
    return polygon(place_id, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), label)


Shaper = Callable[..., Places]  # view, then optional labels, as the renderer takes them
_SHAPERS: Pictures[Shaper] = Pictures()
shaper = _SHAPERS.register
find_shaper = _SHAPERS.find


def places_of(game: str, view: Any, picture: str = "board", labels: dict[str, str] | None = None) -> Places | None:
    """The places of `picture` as drawn for this view and labels; None for a picture without places."""
    fn = find_shaper(game, picture)
    if fn is None:
        return None
    return fn(view, labels) if labels else fn(view)

"""Imperium Galactica's colours: dark, muted terrain under bright faction colours, so a faction is never
mistaken for a tile (issue 27: a player's light blue was the Ice tiles', an orange the Market's gold).
`contrast` is the measure the palette test holds every pair to."""

from __future__ import annotations

RGB = tuple[int, int, int]

TERRAIN: dict[str, RGB] = {
    "space": (22, 26, 48),
    "asteroids": (84, 80, 78),
    "market": (96, 80, 36),
    "casino": (74, 38, 92),
    "fire": (128, 48, 30),
    "ice": (52, 94, 122),
    "earth": (36, 92, 50),
    "rock": (96, 78, 60),
}
UNEXPLORED: RGB = (52, 52, 58)
# bright and far from every terrain and from each other; distinguishable with the common colour-vision
# deficiencies by lightness as well as hue
FACTIONS: tuple[RGB, ...] = (
    (255, 214, 0),    # yellow
    (90, 225, 255),   # cyan
    (255, 120, 200),  # pink
    (160, 255, 110),  # lime
)
MIN_CONTRAST = 120.0  # the least distance a faction keeps from any terrain and any other faction


def faction_colour(index: int) -> RGB:
    return FACTIONS[index % len(FACTIONS)]


def terrain_colour(kind: str | None, planet_type: str | None = None) -> RGB:
    if kind is None:
        return UNEXPLORED
    if kind == "planet":
        return TERRAIN.get(planet_type or "", TERRAIN["rock"])
    return TERRAIN.get(kind, TERRAIN["space"])


def contrast(a: RGB, b: RGB) -> float:
    """A perceptual distance between two colours ("redmean": RGB weighted by how the eye sees red)."""
    rm = (a[0] + b[0]) / 2
    dr, dg, db = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    return float(((2 + rm / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rm) / 256) * db * db) ** 0.5)


def luminance(c: RGB) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]

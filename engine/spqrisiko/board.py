"""The static board: provinces, sea zones, their adjacency, and name matching.

Loaded once from data/spqrisiko/map.json; immutable while the bot runs.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.core.datafiles import load_data

CARD_SYMBOLS: tuple[str, ...] = ("legionario", "nave", "colosseo", "vessillo")


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    x: float  # longitude
    y: float  # latitude
    island: bool
    land: tuple[str, ...]  # land-adjacent provinces
    seas: tuple[str, ...]  # sea zones it touches
    aliases: tuple[str, ...] = ()
    short: str = ""  # the map's label of a long name ("Lugdun."), typed as well as the name

    @property
    def label(self) -> str:
        """What the map writes on the province: its name, or its short form when the name is long."""
        return self.short or self.name


@dataclass(frozen=True)
class Sea:
    id: str
    name: str
    x: float
    y: float
    seas: tuple[str, ...]  # adjacent sea zones
    coasts: tuple[str, ...]  # provinces on its shore
    points: tuple[tuple[float, float], ...] = ()  # extra points that shape the water on the map
    aliases: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """What the map writes on the sea: its last word ("Tyrrhenum"), which names it as well."""
        return self.name.split()[-1]


def fold(text: str) -> str:
    """Case-, accent- and space-insensitive form of a name ("Gallia  Bélgica" -> "galliabelgica")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if c.isalnum() and not unicodedata.combining(c)).lower()


@dataclass(frozen=True)
class Board:
    provinces: dict[str, Province]
    seas: dict[str, Sea]
    _names: dict[str, str] = field(default_factory=dict)  # folded name -> id (provinces and seas)

    def resolve_province(self, text: str) -> str | None:
        pid = self._names.get(fold(text))
        return pid if pid in self.provinces else None

    def resolve_sea(self, text: str) -> str | None:
        sid = self._names.get(fold(text))
        return sid if sid in self.seas else None

    def name(self, ident: str) -> str:
        if ident in self.provinces:
            return self.provinces[ident].name
        if ident in self.seas:
            return self.seas[ident].name
        return ident

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.provinces[a].land

    def shared_seas(self, a: str, b: str) -> list[str]:
        return [s for s in self.provinces[a].seas if s in self.provinces[b].seas]

    def complete(self, prefix: str, kind: str = "province") -> list[str]:
        """Names starting with (or containing) `prefix`, for the cog's autocomplete."""
        pool = self.provinces if kind == "province" else self.seas
        key = fold(prefix)
        starts = [v.name for v in pool.values() if fold(v.name).startswith(key)]
        inside = [v.name for v in pool.values() if key in fold(v.name) and v.name not in starts]
        return sorted(starts) + sorted(inside)


def board_from_data(data: dict[str, Any]) -> Board:
    provinces = {
        p["id"]: Province(
            id=p["id"],
            name=p["name"],
            x=float(p["x"]),
            y=float(p["y"]),
            island=bool(p.get("island", False)),
            land=tuple(p.get("land", [])),
            seas=tuple(p.get("seas", [])),
            aliases=tuple(p.get("aliases", [])),
            short=str(p.get("short", "")),
        )
        for p in data["provinces"]
    }
    seas = {
        s["id"]: Sea(
            id=s["id"],
            name=s["name"],
            x=float(s["x"]),
            y=float(s["y"]),
            seas=tuple(s.get("seas", [])),
            coasts=tuple(s.get("coasts", [])),
            points=tuple((float(a), float(b)) for a, b in s.get("points", [])),
            aliases=tuple(s.get("aliases", [])),
        )
        for s in data["seas"]
    }
    names: dict[str, str] = {}
    labels: list[tuple[str, str, tuple[str, ...]]] = [(k, v.name, (*v.aliases, *([v.short] if v.short else [])))
                                                      for k, v in provinces.items()]
    labels += [(k, v.name, v.aliases) for k, v in seas.items()]
    for ident, name, aliases in labels:
        for label in (ident, name, *aliases):
            names.setdefault(fold(label), ident)
    # a sea by its short form, as players say it ("tyrrhenum" for Mare Tyrrhenum), unless it is taken
    for ident, sea in seas.items():
        short = sea.name.split()[-1]
        if short != sea.name:
            names.setdefault(fold(short), ident)
    return Board(provinces=provinces, seas=seas, _names=names)


@cache
def board() -> Board:
    return board_from_data(load_data("spqrisiko", "map.json"))


@cache
def card_counts() -> dict[str, int]:
    data = load_data("spqrisiko", "cards.toml")
    return {sym: int(data["cards"][sym]) for sym in CARD_SYMBOLS}


def all_cards() -> list[str]:
    return [f"{sym}:{n}" for sym, count in card_counts().items() for n in range(1, count + 1)]


def symbol(card: str) -> str:
    return card.split(":", 1)[0]

"""Asteroid belts (rulebook section 4, ruling I22-24): a card on discovery and on every crossing.

Malus cards take 0-3 ships (the owner picks which when there is a choice), bonus cards give raw
materials or Ndri. The card is discarded after use; the discards are reshuffled when needed.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel

from engine.core import Event, RuleError
from engine.core.datafiles import load_data
from engine.galactica.fleets import check_ships, remove_ships, size
from engine.galactica.models import Fleet, GalacticaState, Pending


class AsteroidCard(BaseModel):
    id: str
    kind: str
    ships: int = 0
    resource: str = ""
    amount: int = 0


@cache
def asteroid_cards() -> dict[str, AsteroidCard]:
    return {c["id"]: AsteroidCard(**c) for c in load_data("galactica", "asteroids.toml")["card"]}


def cross(state: GalacticaState, fleet: Fleet, path_left: list[str]) -> list[Event]:
    """Draw for the fleet; may leave a pending choice of ships to lose."""
    card_id = state.asteroids.draw(state.rng)
    if card_id is None:  # pragma: no cover - 40 cards, at most one in hand at a time
        return []
    state.asteroids.discard_cards([card_id])
    c = asteroid_cards()[card_id]
    who = state.name_of(fleet.owner)
    if c.kind == "bonus":
        faction = state.factions[fleet.owner]
        setattr(faction, c.resource, getattr(faction, c.resource) + c.amount)
        return [Event(key="galactica.asteroid_bonus", params={"player": who, "resource": c.resource,
                                                               "amount": c.amount, "cell": fleet.cell})]
    events = [Event(key="galactica.asteroid_malus", params={"player": who, "ships": c.ships, "cell": fleet.cell})]
    if c.ships == 0:
        return events
    if c.ships >= size(fleet):
        remove_ships(state, fleet, dict(fleet.ships))
        return [*events, Event(key="galactica.fleet_lost", params={"player": who, "cell": fleet.cell})]
    if len(fleet.ships) == 1:
        (only,) = fleet.ships
        remove_ships(state, fleet, {only: c.ships})
        return events
    state.pending = Pending(kind="asteroid_loss", fleet=fleet.id, count=c.ships, path=path_left)
    return events


def lose(state: GalacticaState, fleet: Fleet, ships: dict[str, int]) -> None:
    pending = state.pending
    assert pending is not None
    if sum(ships.values()) != pending.count:
        raise RuleError("galactica.bad_loss", count=pending.count)
    check_ships(fleet, ships)
    remove_ships(state, fleet, ships)


def default_loss(fleet: Fleet, count: int) -> dict[str, int]:
    """What a timeout gives up: the cheapest ships first."""
    out: dict[str, int] = {}
    for t in ("fighter", "torpedo", "colony"):
        take = min(count, fleet.ships.get(t, 0))
        if take:
            out[t] = take
            count -= take
    return out

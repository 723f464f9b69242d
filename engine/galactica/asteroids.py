"""Asteroid belts (rulebook section 4, ruling I22-24): a card on discovery and on every crossing.

Malus cards take 0-3 ships (the owner picks which when there is a choice), but never a fleet's last
fighter (ruling, `asteroids_spare_last_fighter`): cards alone cannot end a faction. Bonus cards give
raw materials or Ndri. The card is discarded after use; the discards are reshuffled when needed.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel

from engine.core import Event, RuleError
from engine.core.datafiles import load_data
from engine.galactica.fleets import check_ships, remove_ships, size
from engine.galactica.models import Fleet, GalacticaState, Pending
from engine.galactica.telling import said, units_said


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
                                                               "what": said(c.resource, c.amount),
                                                               "amount": c.amount, "cell": fleet.cell})]
    spare = state.settings.asteroids_spare_last_fighter
    count = min(c.ships, size(fleet) - 1) if spare else c.ships
    events = [Event(key="galactica.asteroid_malus", params={"player": who, "ships": c.ships, "cell": fleet.cell,
                                                             "lost": max(0, count)})]
    if count <= 0:
        return events
    state.factions[fleet.owner].last_loss = "asteroid"
    if count >= size(fleet):
        events.append(lost(state, fleet, dict(fleet.ships)))
        remove_ships(state, fleet, dict(fleet.ships))
        return [*events, Event(key="galactica.fleet_lost", params={"player": who, "cell": fleet.cell})]
    picks = choices(fleet, count, spare)
    if len(picks) == 1:
        events.append(lost(state, fleet, picks[0]))
        remove_ships(state, fleet, picks[0])
        return events
    state.pending = Pending(kind="asteroid_loss", fleet=fleet.id, count=count, path=path_left)
    return events


def keeps_fighter(fleet: Fleet, ships: dict[str, int]) -> bool:
    """Ruling: the ships an asteroid takes leave the fleet a fighter (if it had one) to fly on."""
    return not fleet.ships.get("fighter") or ships.get("fighter", 0) < fleet.ships["fighter"]


def choices(fleet: Fleet, count: int, spare: bool) -> list[dict[str, int]]:
    """Every way of giving up `count` ships (the rule allowing), cheapest first."""
    kinds = [t for t in ("fighter", "torpedo", "colony") if fleet.ships.get(t)]
    out: list[dict[str, int]] = [{}]
    for t in kinds:
        out = [{**pick, t: n} if n else pick for pick in out for n in range(fleet.ships[t] + 1)]
    out = [p for p in out if sum(p.values()) == count and (not spare or keeps_fighter(fleet, p))]
    return sorted(out, key=lambda p: [p.get(t, 0) for t in ("colony", "torpedo", "fighter")])


def lose(state: GalacticaState, fleet: Fleet, ships: dict[str, int]) -> list[Event]:
    pending = state.pending
    assert pending is not None
    if sum(ships.values()) != pending.count:
        raise RuleError("galactica.bad_loss", count=pending.count)
    check_ships(fleet, ships)
    if state.settings.asteroids_spare_last_fighter and not keeps_fighter(fleet, ships):
        raise RuleError("galactica.keep_a_fighter")
    told = lost(state, fleet, ships)
    remove_ships(state, fleet, ships)
    return [told]


def lost(state: GalacticaState, fleet: Fleet, ships: dict[str, int]) -> Event:
    """Which ships the belt took, told to everyone."""
    return Event(key="galactica.asteroid_lost", params={
        "player": state.name_of(fleet.owner), "cell": fleet.cell,
        "ships": units_said([t for t, n in ships.items() for _ in range(n)])})


def default_loss(fleet: Fleet, count: int, spare: bool = True) -> dict[str, int]:
    """What a timeout gives up: the cheapest ships first (fighters, then torpedo boats), keeping a
    fighter when the ruling spares one."""
    out: dict[str, int] = {}
    for t in ("fighter", "torpedo", "colony"):
        have = fleet.ships.get(t, 0) - (1 if spare and t == "fighter" and have_fighter(fleet) else 0)
        take = min(count, max(0, have))
        if take:
            out[t] = take
            count -= take
    return out


def have_fighter(fleet: Fleet) -> bool:
    return bool(fleet.ships.get("fighter"))

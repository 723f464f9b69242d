"""How a battle is told: one public line per exchange, with both sides' dice, the pairings and the
units lost, so the channel reads a fight die by die (issue 27: battles were invisible)."""

from __future__ import annotations

from engine.core import Event
from engine.galactica.models import GOODS, Battle, Exchange, GalacticaState, Goods

UNIT_ORDER: tuple[str, ...] = ("fighter", "torpedo", "colony", "tank", "cannon", "turret")


BATTLES_KEPT = 20  # enough to read back a war; a snapshot stays small


def keep(state: GalacticaState, battle: Battle) -> None:
    """The fight joins the game's history: the latest one marked on the map, the last few read again."""
    state.last_battle = battle
    state.battles = [*state.battles, battle][-BATTLES_KEPT:]


def pairings(strikes: list[int], blocks: list[int]) -> str:
    """"6≤12 · 5>2 · 3": each strike against the block it meets, high to low; '>' is a hit."""
    out = []
    for i, s in enumerate(strikes):
        if i < len(blocks):
            out.append(f"{s}>{blocks[i]}" if s > blocks[i] else f"{s}≤{blocks[i]}")
        else:
            out.append(str(s))
    return " · ".join(out) or "-"


def units_said(units: list[str]) -> list[dict[str, object]]:
    """Units as sentences for the `msgs` format: "2 Caccia", "1 Torpediniera" in each reader's words."""
    return [{"key": f"galactica.n.{u}", "params": {"count": units.count(u), "n": units.count(u)}}
            for u in UNIT_ORDER if u in units]


def exchange_event(state: GalacticaState, n: int, ex: Exchange, ground: bool = False) -> Event:
    return Event(key="galactica.ground_exchange" if ground else "galactica.exchange", params={
        "n": n, "striker": state.name_of(ex.striker), "receiver": state.name_of(ex.receiver),
        "strikes": "·".join(str(x) for x in ex.rolls) or "-",
        "blocks": "·".join(str(x) for x in ex.block_rolls) or "-",
        "pairs": pairings(ex.strikes, ex.blocks), "killed": units_said(ex.killed)})


def said(kind: str, n: int) -> list[dict[str, object]]:
    """One amount of one thing in each reader's words and plural: "1 Caccia", "3.000 Ndri"."""
    return [{"key": f"galactica.n.{kind}", "params": {"count": n, "n": n}}]


def goods_said(goods: Goods) -> list[dict[str, object]]:
    """What an offer moves, as sentences: "5.000 Ndri", "2 Torpediniere"; nothing at all says "nulla"
    (goods asked: "nothing", not the lists' "nessuno", which is nobody)."""
    return [{"key": f"galactica.n.{f}", "params": {"count": getattr(goods, f), "n": getattr(goods, f)}}
            for f in GOODS if getattr(goods, f)] or [{"key": "galactica.n.nothing", "params": {}}]

"""Ships and tanks in a trade (ruling of rulebook §9 phase 4, "materie prime, navi o carri"): they change
hands at a Casino, the one cell where fleets of two colours meet, from one fleet there to the other."""

from __future__ import annotations

from engine.core import RuleError
from engine.galactica.fleets import capacity, fleet_at, limit, remove_ships, units_owned
from engine.galactica.galaxy import normalize_cell, tile_kind
from engine.galactica.models import SHIP_TYPES, GalacticaState, Goods, Offer


def trade_cell(state: GalacticaState, raw: str | None, give: Goods, want: Goods) -> str:
    """The Casino named for an offer with units (checked now, and again at acceptance)."""
    if not (give.has_units() or want.has_units()):
        return ""
    if not state.settings.trade_units:
        raise RuleError("galactica.no_unit_trade")
    cell = normalize_cell(raw or "")
    if cell is None or tile_kind(state.board.get(cell, "")) != "casino":
        raise RuleError("galactica.trade_at_casino", cell=raw or "-")
    return cell


def check_units(state: GalacticaState, offer: Offer) -> None:
    """Both fleets are at the Casino, hold what they give, can carry what they get, within the box."""
    if not offer.cell:
        return
    sides = ((offer.frm, offer.give, offer.want), (offer.to, offer.want, offer.give))
    for player, out, got in sides:
        fleet = fleet_at(state, player, offer.cell)
        if fleet is None:
            raise RuleError("galactica.trade_no_fleet", player=state.name_of(player), cell=offer.cell)
        ships = {t: fleet.ships.get(t, 0) - getattr(out, t) + getattr(got, t) for t in SHIP_TYPES}
        if any(fleet.ships.get(t, 0) < getattr(out, t) for t in SHIP_TYPES) or fleet.tanks < out.tank:
            raise RuleError("galactica.trade_units_gone", player=state.name_of(player))
        if fleet.tanks - out.tank + got.tank > capacity(ships):
            raise RuleError("galactica.cannot_carry", tanks=fleet.tanks - out.tank + got.tank)
        for unit in (*SHIP_TYPES, "tank"):
            more = getattr(got, unit) - getattr(out, unit)
            if more > 0 and units_owned(state, player, unit) + more > limit(state, unit):
                raise RuleError("galactica.box_limit", unit=unit, have=units_owned(state, player, unit),
                                limit=limit(state, unit))


def swap_units(state: GalacticaState, offer: Offer) -> None:
    """Move the units, after `check_units` passed: nothing is half done."""
    if not offer.cell:
        return
    giver, taker = fleet_at(state, offer.frm, offer.cell), fleet_at(state, offer.to, offer.cell)
    assert giver is not None and taker is not None
    for src, dst, goods in ((giver, taker, offer.give), (taker, giver, offer.want)):
        for t, n in goods.ships().items():
            dst.ships[t] = dst.ships.get(t, 0) + n
        dst.tanks += goods.tank
        src.tanks -= goods.tank
    for src, goods in ((giver, offer.give), (taker, offer.want)):
        if goods.ships():
            remove_ships(state, src, goods.ships())

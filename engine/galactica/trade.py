"""Trade between factions (rulebook section 9, phase 4): Ndri, raw materials, ships and tanks change
hands by an offer the other player accepts or refuses, until its maker's next turn begins. Ships and
tanks change hands at a Casino, where fleets of two colours meet (unit_trade.py)."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.core.names import find_by_name
from engine.galactica.fleets import fleet_at
from engine.galactica.models import Faction, GalacticaState, Goods, Offer
from engine.galactica.telling import goods_said
from engine.galactica.unit_trade import check_units, swap_units, trade_cell

FIELDS: tuple[str, ...] = ("ndri", "fuel", "metal", "stone")


def has(faction: Faction, goods: Goods) -> bool:
    return all(getattr(faction, f) >= getattr(goods, f) for f in FIELDS)


def offer(state: GalacticaState, player: str, to_raw: str, give: Goods, want: Goods,
          at: str | None = None) -> list[Event]:
    candidates = {p: state.name_of(p) for p in state.order if p != player and not state.factions[p].out}
    to = to_raw if to_raw in candidates else find_by_name(to_raw, candidates)
    if to is None:
        raise RuleError("galactica.unknown_player", name=to_raw)
    if give.empty() and want.empty():
        raise RuleError("galactica.empty_offer")
    if not has(state.factions[player], give):
        raise RuleError("galactica.cannot_give")
    made = Offer(id=state.offer_seq + 1, frm=player, to=to, give=give, want=want,
                 cell=trade_cell(state, at, give, want))
    if made.cell and fleet_at(state, player, made.cell) is None:
        raise RuleError("galactica.trade_no_fleet", player=state.name_of(player), cell=made.cell)
    state.offer_seq += 1
    state.offers.append(made)
    # only the two parties learn of an offer (the bystanders' views do not show it), so the channel
    # hears nothing until it is accepted
    return [Event(key="galactica.trade_offered", params={"player": state.name_of(player), "to": state.name_of(to),
                                                         "offer": state.offer_seq, **_words(give, want)},
                  to=[player, to], notify="action")]


def answer(state: GalacticaState, player: str, offer_id: int, accept: bool) -> list[Event]:
    found = next((o for o in state.offers if o.id == offer_id and o.to == player), None)
    if found is None:
        raise RuleError("galactica.no_offer", offer=offer_id)
    frm, to = state.factions[found.frm], state.factions[found.to]
    if accept and not has(frm, found.give):
        raise RuleError("galactica.offer_stale")
    if accept and not has(to, found.want):
        raise RuleError("galactica.cannot_give")
    if accept:
        check_units(state, found)
    state.offers.remove(found)
    params = {"player": state.name_of(player), "frm": state.name_of(found.frm), **_words(found.give, found.want)}
    if not accept:
        return [Event(key="galactica.trade_refused", params=params, to=[found.frm, player], notify="info")]
    for f in FIELDS:
        g, w = getattr(found.give, f), getattr(found.want, f)
        setattr(frm, f, getattr(frm, f) - g + w)
        setattr(to, f, getattr(to, f) + g - w)
    swap_units(state, found)
    return [Event(key="galactica.trade_done", params=params)]


def lapse(state: GalacticaState, player: str) -> None:
    """The player's turn comes round again: the offers it made last turn lapse."""
    state.offers = [o for o in state.offers if o.frm != player]


def _words(give: Goods, want: Goods) -> dict[str, object]:
    return {"give": goods_said(give), "want": goods_said(want)}

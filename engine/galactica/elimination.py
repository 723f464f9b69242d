"""Elimination and the end of the game (rulebook section 1, ruling L28).

A faction with no planet and no ship is out; the last faction standing wins. With a round limit
set, the game ends after that round: most planets, then most Ndri."""

from __future__ import annotations

from engine.core import Event
from engine.galactica.fleets import fleets_of
from engine.galactica.models import GalacticaState
from engine.galactica.planets import planets_of


def alive(state: GalacticaState) -> list[str]:
    return [p for p in state.order if not state.factions[p].out]


def knock_out(state: GalacticaState) -> list[Event]:
    events: list[Event] = []
    for player in state.order:
        faction = state.factions[player]
        if faction.out or planets_of(state, player) or fleets_of(state, player):
            continue
        faction.out = True
        faction.out_cause = faction.last_loss or "conquest"
        faction.out_round = state.round
        for cell in list(state.casino):
            stake = state.casino[cell].pop(player, None)
            state.casino_bank += stake.pot if stake else 0  # the Bank keeps the pot of a faction gone
            if not state.casino[cell]:
                del state.casino[cell]
        state.offers = [o for o in state.offers if player not in (o.frm, o.to)]
        if state.market_offer is not None and state.market_offer.player == player:
            state.market_pile.append(state.market_offer.card)
            state.market_offer = None
        # a faction that left the table (conceded, or removed by a moderator, as the channel was told)
        # is not "left with no planet and no ship": its pieces went with it
        key = "galactica.withdrawn" if faction.out_cause == "kicked" else "galactica.eliminated"
        events.append(Event(key=key, params={"player": state.name_of(player), "cause": faction.out_cause}))
    return events


def winners(state: GalacticaState) -> tuple[list[str], str] | None:
    """Who has won, and why, or None while the game goes on."""
    standing = alive(state)
    if len(standing) <= 1:
        return standing, "last_standing"
    if state.settings.max_rounds and state.round > state.settings.max_rounds:
        best = max((len(planets_of(state, p)), state.factions[p].ndri) for p in standing)
        return [p for p in standing if (len(planets_of(state, p)), state.factions[p].ndri) == best], "round_limit"
    return None


def standing_scores(state: GalacticaState) -> dict[str, float]:
    """What ranks the factions that did not win (the players' record): those still standing by the
    round limit's measure (planets, then Ndri), ahead of the eliminated, who rank by how long they
    lasted."""
    out: dict[str, float] = {}
    for player in state.order:
        faction = state.factions[player]
        if faction.out:
            out[player] = float((faction.out_round or 0) - 10_000)
        else:
            out[player] = float(len(planets_of(state, player)) * 10_000_000 + faction.ndri)
    return out


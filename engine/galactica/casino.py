"""The Interstellar Casino (rulebook section 13).

Any number of colours may share the Casino tile and nobody fights there. A faction whose fleet is
on the tile must play every turn: it stakes at least 1,000 Ndri during its turn. When the round
ends, the dice are rolled once per Casino for everyone with a stake there: 7 or 11 pays every
stake double from the Interstellar Bank, 2, 3 or 12 loses every stake, anything else is a tie:
each player, in its next turn, either raises by at least the whole pot to stay in, or leaves and
loses the pot. A stake whose fleet is no longer on the tile is lost.
"""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.galactica.fleets import fleet_at, own_fleet
from engine.galactica.galaxy import tile_kind
from engine.galactica.models import Fleet, GalacticaState, Stake

WIN = frozenset({7, 11})
LOSE = frozenset({2, 3, 12})


def casino_fleet(state: GalacticaState, player: str, raw_cell: str) -> Fleet:
    fleet = own_fleet(state, player, raw_cell)
    if tile_kind(state.board.get(fleet.cell, "")) != "casino":
        raise RuleError("galactica.not_at_casino", cell=fleet.cell)
    return fleet


def owes_play(state: GalacticaState, player: str) -> str | None:
    """The casino cell where the player still has to play this turn, if any."""
    for cell, tile in state.board.items():
        if tile_kind(tile) != "casino" or fleet_at(state, player, cell) is None:
            continue
        stake = state.casino.get(cell, {}).get(player)
        need = state.settings.casino_min_bet if stake is None else stake.pot
        if stake is not None and stake.status == "bet":
            continue
        if state.factions[player].ndri >= need:
            return cell
    return None


def bet(state: GalacticaState, player: str, raw_cell: str, amount: int) -> list[Event]:
    fleet = casino_fleet(state, player, raw_cell)
    table = state.casino.setdefault(fleet.cell, {})
    stake = table.get(player)
    if stake is not None and stake.status == "bet":
        raise RuleError("galactica.already_bet")
    need = state.settings.casino_min_bet if stake is None else stake.pot
    if amount < need:
        raise RuleError("galactica.bet_too_low", minimum=need)
    faction = state.factions[player]
    if faction.ndri < amount:
        raise RuleError("galactica.cannot_afford", ndri=amount, fuel=0, metal=0)
    faction.ndri -= amount
    if stake is None:
        table[player] = Stake(pot=amount, round=state.round)
    else:
        stake.pot += amount
        stake.status = "bet"
        stake.round = state.round
    return [Event(key="galactica.casino_bet", params={"player": state.name_of(player), "amount": amount,
                                                      "pot": table[player].pot})]


def leave(state: GalacticaState, player: str, raw_cell: str) -> list[Event]:
    fleet = casino_fleet(state, player, raw_cell)
    stake = state.casino.get(fleet.cell, {}).get(player)
    if stake is None or stake.status != "tied":
        raise RuleError("galactica.nothing_to_leave")
    return forfeit(state, fleet.cell, player)


def forfeit(state: GalacticaState, cell: str, player: str) -> list[Event]:
    stake = state.casino[cell].pop(player)
    state.casino_bank += stake.pot
    if not state.casino[cell]:
        del state.casino[cell]
    return [Event(key="galactica.casino_left", params={"player": state.name_of(player), "pot": stake.pot})]


def roll(state: GalacticaState) -> list[Event]:
    """The end of a round: one roll per Casino for everyone with a stake in play."""
    events: list[Event] = []
    for cell in sorted(state.casino):
        table = state.casino[cell]
        for player in sorted(table):
            if fleet_at(state, player, cell) is None:
                events += forfeit(state, cell, player)
        if cell not in state.casino:
            continue
        playing = sorted(p for p, s in table.items() if s.status == "bet")
        if not playing:
            continue
        dice = state.rng.dice(2)
        events += settle_roll(state, cell, playing, dice)
    return events


def settle_roll(state: GalacticaState, cell: str, playing: list[str], dice: list[int]) -> list[Event]:
    table = state.casino[cell]
    total = sum(dice)
    names = [state.name_of(p) for p in playing]
    events = [Event(key="galactica.casino_roll", params={"dice": dice, "total": total, "players": names})]
    for player in playing:
        stake = table[player]
        if total in WIN:
            table.pop(player)
            state.factions[player].ndri += 2 * stake.pot
            state.casino_bank -= stake.pot
            events.append(Event(key="galactica.casino_won", params={"player": state.name_of(player),
                                                                    "amount": 2 * stake.pot}))
        elif total in LOSE:
            table.pop(player)
            state.casino_bank += stake.pot
            events.append(Event(key="galactica.casino_lost", params={"player": state.name_of(player),
                                                                     "amount": stake.pot}))
        else:
            stake.status = "tied"
            events.append(Event(key="galactica.casino_tie", params={"player": state.name_of(player),
                                                                    "pot": stake.pot}, to=[player],
                                notify="action"))
    if not table:
        del state.casino[cell]
    return events


def end_turn(state: GalacticaState, player: str) -> list[Event]:
    """A tie not raised by the end of the player's turn (or a turn that ran out) leaves the table."""
    events: list[Event] = []
    for cell in sorted(state.casino):
        stake = state.casino[cell].get(player)
        if stake is not None and stake.status == "tied":
            events += forfeit(state, cell, player)
    return events

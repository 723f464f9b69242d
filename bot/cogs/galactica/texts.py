"""Imperium Galactica's texts read again on request: the latest battle, exchange by exchange, and a
player's private thread (their stock, what they owe, where the game stands)."""

from __future__ import annotations

from bot.i18n import t
from engine.core import get_game
from engine.galactica.models import GalacticaState
from engine.galactica.planets import card
from engine.galactica.telling import exchange_event, units_said


def battle_text(state: GalacticaState, language: str, back: int = 1) -> str:
    """A battle told again as the channel first read it: the latest (`back` 1), the one before (2)..."""
    if not state.battles:
        return t("galactica.ui.no_battle_yet", language)
    if not 1 <= back <= len(state.battles):
        return t("galactica.ui.battles_kept", language, count=len(state.battles))
    battle = state.battles[-back]
    ground = battle.kind == "ground"
    where = card(battle.planet).name if ground and battle.planet else battle.cell
    lost = {battle.attacker.player: [], battle.defender.player: []}  # type: dict[str, list[str]]
    for ex in battle.exchanges:
        lost.setdefault(ex.receiver, []).extend(ex.killed)
    lines = [t("galactica.ui.battle_head", language, kind=battle.kind, where=where,
               attacker=state.name_of(battle.attacker.player), defender=state.name_of(battle.defender.player),
               exchanges=len(battle.exchanges))]
    for n, ex in enumerate(battle.exchanges, 1):
        ev = exchange_event(state, n, ex, ground=ground)
        lines.append(t(ev.key, language, **ev.params))
    lines.append(t("galactica.ui.battle_losses", language,
                   attacker=state.name_of(battle.attacker.player), defender=state.name_of(battle.defender.player),
                   attacker_lost=units_said(lost[battle.attacker.player]),
                   defender_lost=units_said(lost[battle.defender.player])))
    return "\n".join(lines)


def private_summary(state: GalacticaState, user: str, language: str) -> str:
    """A player's private thread: their treasury and what they owe now, then the game's headline."""
    game = get_game("galactica")
    head = game.headline(state)
    lines = []
    faction = state.factions.get(user)
    if faction is not None:
        lines.append(t("galactica.ui.me", language, ndri=faction.ndri, fuel=faction.fuel, metal=faction.metal,
                       stone=faction.stone))
    owed = game.owed(state, user)
    if owed:
        lines.append(t("galactica.ui.owed", language, owed=[m.model_dump() for m in owed]))
    lines.append(t(head.key, language, **head.params))
    return "\n".join(lines)

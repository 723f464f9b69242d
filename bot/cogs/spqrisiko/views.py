"""SPQRisiko's buttons and autocomplete: the panel (attack: roll again, blitz, blitz until n, stop;
naval battle: roll again, until nothing sinks, stop; after a conquest: move in +n),
answers with the panel attached, and the name completions the `/spqr` options offer.

Buttons carry the game id and the state version they were drawn for; a click on an older version
is told the board changed and gets the panel of the current one. No rules live here: what may be
attacked is the engine's call, the panel only offers what the last attack makes obvious.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.cogs.channel_state import live_state
from bot.errors import report
from bot.i18n import t
from bot.service import ActResult
from bot.storage.models import GameRow
from bot.ui import answer_public, channel_lang, lang, send, service_of
from engine.core import RuleError, get_game
from engine.spqrisiko.board import board, fold
from engine.spqrisiko.models import KIND, SpqrState

MAX_CHOICES = 25


# ---- the attack panel ---------------------------------------------------------------------------
def attack_to_continue(state: SpqrState) -> tuple[str, str, str, int] | None:
    """(attacker, origin, target, legionaries at origin) when the last land attack may roll again."""
    la = state.last_attack
    turn = state.turn
    if state.status != "active" or la is None or la.kind != "land" or la.conquered or turn is None:
        return None
    if turn.player != la.attacker or turn.phase != "combat" or state.order[state.current] != la.attacker:
        return None
    if state.owner.get(la.origin) != la.attacker or state.owner.get(la.target) == la.attacker:
        return None
    count = state.legions.get(la.origin, 0)
    return (la.attacker, la.origin, la.target, count) if count >= 2 else None


class AttackButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"araldo:spqr:atk:(?P<game>\d+):(?P<version>\d+):(?P<what>once|blitz|stop)"):
    """Roll once more, blitz to the end, or put the panel away."""

    def __init__(self, game_id: int, version: int, what: str, label: str) -> None:
        style = {"once": discord.ButtonStyle.primary, "blitz": discord.ButtonStyle.danger}.get(
            what, discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"araldo:spqr:atk:{game_id}:{version}:{what}"))
        self.game_id, self.version, self.what = game_id, version, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> AttackButton:
        return cls(int(match["game"]), int(match["version"]), match["what"], str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await attack_click(interaction, self.game_id, self.version, self.what, 1)
        except Exception as exc:
            await report(interaction, exc)


class BlitzUntil(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                 template=r"araldo:spqr:upto:(?P<game>\d+):(?P<version>\d+)"):
    """Blitz until only n legionaries are left in the attacking province."""

    def __init__(self, game_id: int, version: int, most: int = 2, placeholder: str = "") -> None:
        options = [discord.SelectOption(label=str(n), value=str(n)) for n in range(2, max(2, most) + 1)]
        super().__init__(discord.ui.Select(custom_id=f"araldo:spqr:upto:{game_id}:{version}",
                                           placeholder=placeholder or None, options=options[:MAX_CHOICES]))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BlitzUntil:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            data: dict[str, Any] = dict(interaction.data or {})
            values = list(self.item.values) or [str(x) for x in data.get("values", [])] or ["1"]
            await attack_click(interaction, self.game_id, self.version, "blitz", int(values[0]))
        except Exception as exc:
            await report(interaction, exc)


class NavalButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=r"araldo:spqr:nav:(?P<game>\d+):(?P<version>\d+):(?P<what>once|blitz|stop)"):
    """An open naval battle (the last roll sank a ship): roll again, roll until nothing sinks, or stop."""

    def __init__(self, game_id: int, version: int, what: str, label: str) -> None:
        style = {"once": discord.ButtonStyle.primary, "blitz": discord.ButtonStyle.danger}.get(
            what, discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"araldo:spqr:nav:{game_id}:{version}:{what}"))
        self.game_id, self.version, self.what = game_id, version, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> NavalButton:
        return cls(int(match["game"]), int(match["version"]), match["what"], str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await naval_click(interaction, self.game_id, self.version, self.what)
        except Exception as exc:
            await report(interaction, exc)


class MoveInSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                   template=r"araldo:spqr:movein:(?P<game>\d+):(?P<version>\d+)"):
    """Right after a conquest: move n more legionaries into the conquered province."""

    def __init__(self, game_id: int, version: int, counts: list[int] | None = None, placeholder: str = "") -> None:
        options = [discord.SelectOption(label=f"+{n}", value=str(n)) for n in (counts or [1])]
        super().__init__(discord.ui.Select(custom_id=f"araldo:spqr:movein:{game_id}:{version}",
                                           placeholder=placeholder or None, options=options[:MAX_CHOICES]))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MoveInSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            data: dict[str, Any] = dict(interaction.data or {})
            values = list(self.item.values) or [str(x) for x in data.get("values", [])] or ["1"]
            await move_in_click(interaction, self.game_id, self.version, int(values[0]))
        except Exception as exc:
            await report(interaction, exc)


def naval_to_continue(state: SpqrState) -> tuple[str, str, str] | None:
    """(attacker, sea, defender) while the current player's naval battle may roll again."""
    turn = state.turn
    if state.status != "active" or turn is None or turn.naval_battle is None:
        return None
    return turn.player, turn.naval_battle.sea, turn.naval_battle.defender


def move_in_counts(state: SpqrState) -> list[int]:
    """How many more legionaries may follow a fresh conquest (at most 25 choices, the largest last)."""
    turn = state.turn
    if state.status != "active" or turn is None or turn.conquest_move is None:
        return []
    origin = turn.conquest_move.origin
    spare = state.legions.get(origin, 0) - get_game(KIND).garrison(state, origin)  # type: ignore[attr-defined]
    if spare <= MAX_CHOICES:
        return list(range(1, spare + 1))
    return sorted(set(range(1, MAX_CHOICES - 4)) | {spare * k // 5 for k in range(1, 6)})


def attack_panel(row: GameRow, state: SpqrState, language: str) -> discord.ui.View | None:
    """The buttons the state makes obvious: go on with the last attack or naval battle, move in more."""
    if row.id is None:
        return None
    view = discord.ui.View(timeout=None)
    going = attack_to_continue(state)
    if going is not None:
        count = going[3]
        view.add_item(AttackButton(row.id, row.version, "once", t("spqr.ui.roll_again", language)))
        view.add_item(AttackButton(row.id, row.version, "blitz", t("spqr.ui.blitz", language)))
        view.add_item(AttackButton(row.id, row.version, "stop", t("spqr.ui.stop", language)))
        if count > 2:  # stop_at must stay below what the province holds
            view.add_item(BlitzUntil(row.id, row.version, min(count - 1, MAX_CHOICES + 1),
                                     t("spqr.ui.blitz_until", language)))
    if naval_to_continue(state) is not None:
        view.add_item(NavalButton(row.id, row.version, "once", t("spqr.ui.naval_again", language)))
        view.add_item(NavalButton(row.id, row.version, "blitz", t("spqr.ui.naval_blitz", language)))
        view.add_item(NavalButton(row.id, row.version, "stop", t("spqr.ui.stop", language)))
    counts = move_in_counts(state)
    if counts:
        view.add_item(MoveInSelect(row.id, row.version, counts, t("spqr.ui.move_in", language)))
    return view if view.children else None


async def answer(interaction: discord.Interaction, result: ActResult, *, panel: bool = False,
                 file: discord.File | None = None) -> None:
    """Public events in the channel (with the attack panel when asked), the actor's own ephemerally."""
    language = await channel_lang(interaction)
    state = result.state
    view = attack_panel(result.game, state, language) if panel and isinstance(state, SpqrState) else None
    await answer_public(interaction, result, view=view, file=file)


async def attack_click(interaction: discord.Interaction, game_id: int, version: int, what: str,
                       stop_at: int) -> None:
    svc = service_of(interaction)
    user = str(interaction.user.id)
    row = await svc.get(game_id)
    state = svc.load_state(row)
    assert isinstance(state, SpqrState)
    going = attack_to_continue(state)
    if await stale(interaction, row, state, version):
        return
    if going is None:
        raise RuleError("spqr.ui.no_attack")
    attacker, origin, target, _ = going
    if attacker != user:
        raise RuleError("core.not_your_turn", player=state.name_of(attacker))
    if what == "stop":
        await interaction.response.edit_message(view=None)
        return
    action = {"type": "attack", "from_province": origin, "to_province": target,
              "rolls": "once" if what == "once" else "blitz", "stop_at": stop_at}
    result = await svc.act(game_id, user, action, interaction_id=str(interaction.id))
    await interaction.response.edit_message(view=None)  # the old panel is spent
    await answer(interaction, result, panel=True)


async def stale(interaction: discord.Interaction, row: GameRow, state: SpqrState, version: int) -> bool:
    """A click on a panel drawn for an older version: say so, and offer the current panel to its player."""
    if row.version == version:
        return False
    language = lang(interaction)
    mine = state.turn is not None and state.turn.player == str(interaction.user.id)
    fresh = attack_panel(row, state, language) if mine else None
    await send(interaction, t("spqr.ui.stale", language), ephemeral=True, view=fresh)
    return True


async def naval_click(interaction: discord.Interaction, game_id: int, version: int, what: str) -> None:
    svc = service_of(interaction)
    user = str(interaction.user.id)
    row = await svc.get(game_id)
    state = svc.load_state(row)
    assert isinstance(state, SpqrState)
    if await stale(interaction, row, state, version):
        return
    going = naval_to_continue(state)
    if going is None:
        raise RuleError("spqr.ui.no_attack")
    attacker, sea, defender = going
    if attacker != user:
        raise RuleError("core.not_your_turn", player=state.name_of(attacker))
    if what == "stop":
        await interaction.response.edit_message(view=None)
        return
    action = {"type": "naval_attack", "sea": sea, "defender": defender, "rolls": what}
    result = await svc.act(game_id, user, action, interaction_id=str(interaction.id))
    await interaction.response.edit_message(view=None)
    await answer(interaction, result, panel=True)


async def move_in_click(interaction: discord.Interaction, game_id: int, version: int, count: int) -> None:
    svc = service_of(interaction)
    row = await svc.get(game_id)
    state = svc.load_state(row)
    assert isinstance(state, SpqrState)
    if await stale(interaction, row, state, version):
        return
    result = await svc.act(game_id, str(interaction.user.id), {"type": "move_in", "count": count},
                           interaction_id=str(interaction.id))
    await interaction.response.edit_message(view=None)
    await answer(interaction, result, panel=True)


# ---- autocomplete ---------------------------------------------------------------------------------
def matching(names: list[str], current: str) -> list[app_commands.Choice[str]]:
    key = fold(current or "")
    starts = sorted(n for n in set(names) if fold(n).startswith(key))
    inside = sorted(n for n in set(names) if key in fold(n) and n not in starts)
    return [app_commands.Choice(name=n, value=n) for n in (starts + inside)[:MAX_CHOICES]]


async def state_here(interaction: discord.Interaction) -> SpqrState | None:
    """The SPQRisiko game of this channel, or None (autocomplete must never fail loudly)."""
    state = await live_state(interaction, KIND)
    return state if isinstance(state, SpqrState) else None


def option(interaction: discord.Interaction, name: str) -> str:
    value = getattr(interaction.namespace, name, None)
    return str(value) if value is not None else ""


def names(ids: list[str]) -> list[str]:
    return [board().name(i) for i in ids]


async def own_provinces(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = await state_here(interaction)
    if state is None:
        return matching(board().complete(current), current)
    user = str(interaction.user.id)
    return matching(names([p for p, o in state.owner.items() if o == user]), current)


async def empty_provinces(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = await state_here(interaction)
    if state is None:
        return matching(board().complete(current), current)
    chosen = board().resolve_province(option(interaction, "province"))
    return matching(names([p for p in board().provinces if p not in state.owner and p != chosen]), current)


async def attack_targets(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Enemy provinces next to the chosen origin (every enemy border when none is chosen yet)."""
    state = await state_here(interaction)
    if state is None:
        return matching(board().complete(current), current)
    user = str(interaction.user.id)
    origin = board().resolve_province(option(interaction, "from_province"))
    sources = [origin] if origin else [p for p, o in state.owner.items() if o == user]
    found = {n for p in sources for n in board().provinces[p].land if state.owner.get(n) not in (None, user)}
    return matching(names(sorted(found)), current)


async def landing_targets(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Enemy provinces across a sea zone from the chosen origin."""
    state = await state_here(interaction)
    if state is None:
        return matching(board().complete(current), current)
    user = str(interaction.user.id)
    b = board()
    origin = b.resolve_province(option(interaction, "from_province"))
    sources = [origin] if origin else [p for p, o in state.owner.items() if o == user]
    seas = {s for p in sources for s in b.provinces[p].seas}
    found = {c for s in seas for c in b.seas[s].coasts if state.owner.get(c) not in (None, user)}
    return matching(names(sorted(found)), current)


async def fortify_targets(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = await state_here(interaction)
    if state is None:
        return matching(board().complete(current), current)
    user = str(interaction.user.id)
    origin = board().resolve_province(option(interaction, "from_province"))
    mine = [p for p, o in state.owner.items() if o == user]
    if origin:
        mine = [p for p in mine if p in board().provinces[origin].land]
    return matching(names(mine), current)


async def any_sea(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    b = board()
    origin = b.resolve_province(option(interaction, "province")) or b.resolve_province(
        option(interaction, "from_province"))
    if origin:
        return matching(names(list(b.provinces[origin].seas)), current)
    return matching(b.complete(current, "sea"), current)


async def fleet_seas(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Sea zones where the caller has ships (all of them when they have none)."""
    state = await state_here(interaction)
    user = str(interaction.user.id)
    mine = [s for s, fleet in (state.ships if state else {}).items() if fleet.get(user, 0) > 0]
    return matching(names(sorted(mine)) if mine else board().complete(current, "sea"), current)


async def next_seas(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    b = board()
    origin = b.resolve_sea(option(interaction, "from_sea"))
    if origin:
        return matching(names(list(b.seas[origin].seas)), current)
    return matching(b.complete(current, "sea"), current)


async def ship_seas(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """A comma-separated list: complete its last item, keep what comes before."""
    head, _, last = current.rpartition(",")
    prefix = f"{head}, " if head else ""
    state = await state_here(interaction)
    user = str(interaction.user.id)
    b = board()
    pool = sorted({s for p, o in (state.owner if state else {}).items() if o == user for s in b.provinces[p].seas})
    options = names(pool) if pool else b.complete(last.strip(), "sea")
    return [app_commands.Choice(name=(prefix + c.name)[:100], value=(prefix + c.value)[:100])
            for c in matching(options, last.strip())]


async def colosseum_sites(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    head, _, last = current.rpartition(",")
    prefix = f"{head}, " if head else ""
    chosen = await own_provinces(interaction, last.strip())
    return [app_commands.Choice(name=(prefix + c.name)[:100], value=(prefix + c.value)[:100]) for c in chosen]


async def rivals(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Other players, those with ships in the chosen sea first."""
    state = await state_here(interaction)
    if state is None:
        return []
    user = str(interaction.user.id)
    sea = board().resolve_sea(option(interaction, "sea"))
    fleet = state.ships.get(sea, {}) if sea else {}
    others = [p for p in state.players if p.id != user and p.id not in state.eliminated]
    with_ships = [p.name for p in others if fleet.get(p.id, 0) > 0]
    return matching(with_ships or [p.name for p in others], current)

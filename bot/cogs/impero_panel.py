"""Impero's private action panel under `/impero me`: every move `legal_actions` offers the player now,
in words, grouped in selects (network, market, companies, money); picking one plays it.

The engine lists moves at sample amounts (a bid one step above the best, a listing at the share's
value); any other amount is still typed with the commands. Each select's custom_id carries the game
version it was drawn for and the option is an index into the same list drawn again: a pick after
the board moved on disables the spent panel and offers the current one, so nobody plays a move they
never saw. custom_id: `araldo:imp:pa:<game>:<version>:<group>`.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.cogs.game import describe_action
from bot.cogs.impero_views import impero_state, me_panel, me_text, play
from bot.errors import report
from bot.i18n import money, t
from bot.storage.models import GameRow
from bot.ui import lang, send, service_of
from engine.impero import GAME
from engine.impero.models import ImperoState

GROUPS: dict[str, tuple[str, ...]] = {
    "net": ("buy_node", "upgrade_node", "rent_node"),
    "market": ("bid", "buy_shares", "list_shares", "withdraw_listing"),
    "company": ("create_company", "set_reinvest", "recapitalize", "claim_ceo"),
    "money": ("offer_money",),
}
MAX_OPTIONS = 25


def grouped(state: ImperoState, user: str, group: str) -> list[Any]:
    """The legal moves of one group, in the engine's order (the index is the select's value)."""
    return [a for a in GAME.legal_actions(state, user) if getattr(a, "type", "") in GROUPS[group]][:MAX_OPTIONS]


def label(state: ImperoState, action: Any, language: str) -> str:
    data = action.model_dump(mode="json")
    names = {p.id: p.name for p in state.players} | {c.id: c.name for c in state.companies}
    text = describe_action("impero", data, names, language)
    node = data.get("node")
    if node:  # a node with what it yields, as the autocomplete shows it
        text += f" (📈 {money(state.yields[node] * 100, language)})"
    return text[:100]


def add_panel_rows(view: discord.ui.View, row: GameRow, state: ImperoState, user: str, language: str) -> None:
    """One select per group of moves open now, as far as the rows Discord allows."""
    for group in GROUPS:
        actions = grouped(state, user, group)
        if not actions or len(view.children) >= 20 or _rows(view) >= 5:
            continue
        options = [discord.SelectOption(label=label(state, a, language), value=str(i)) for i, a in enumerate(actions)]
        view.add_item(ActionSelect(f"araldo:imp:pa:{row.id}:{row.version}:{group}", options,
                                   t(f"impero.panel.{group}", language)))


def _rows(view: discord.ui.View) -> int:
    buttons = sum(1 for c in view.children if isinstance(c, discord.ui.Button))
    selects = sum(1 for c in view.children if not isinstance(c, discord.ui.Button))
    return selects + (buttons + 4) // 5


def full_panel(row: GameRow, state: ImperoState, user: str, language: str) -> discord.ui.View | None:
    """The `/impero me` panel: offers and claims (buttons), then the moves open now (selects)."""
    view = me_panel(row, state, user, language) or discord.ui.View(timeout=None)
    if state.status == "active":
        add_panel_rows(view, row, state, user, language)
    return view if view.children else None


async def pick(interaction: discord.Interaction, game_id: int, version: int, group: str, index: int) -> None:
    svc = service_of(interaction)
    row = await svc.get(game_id)
    state = impero_state(svc.load_state(row))
    user = str(interaction.user.id)
    language = lang(interaction)
    actions = grouped(state, user, group)
    if row.version != version or not 0 <= index < len(actions):  # spent: disabled, the current one offered
        await interaction.response.edit_message(content=t("impero.ui.stale", language), view=None)
        await send(interaction, me_text(state, user, language), ephemeral=True,
                   view=full_panel(row, state, user, language))
        return
    await interaction.response.edit_message(view=None)
    await play(interaction, game_id, actions[index].model_dump(mode="json"))


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                   template=r"araldo:imp:pa:(?P<game>\d+):(?P<version>\d+):(?P<group>net|market|company|money)"):
    def __init__(self, custom_id: str, options: list[discord.SelectOption] | None = None, placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id, options=options or [discord.SelectOption(label="-")],
                                           placeholder=placeholder[:150] or None))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActionSelect:
        return cls(str(getattr(item, "custom_id", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            match = re.fullmatch(self.__discord_ui_compiled_template__, self.item.custom_id or "")
            assert match is not None
            data: dict[str, Any] = dict(interaction.data or {})
            chosen = list(self.item.values) or [str(x) for x in data.get("values", [])] or ["-1"]
            await pick(interaction, int(match["game"]), int(match["version"]), match["group"], int(chosen[0]))
        except Exception as exc:
            await report(interaction, exc)

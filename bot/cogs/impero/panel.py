"""Impero's private action panel under `/impero me`: every move `legal_actions` offers the player now,
in words, grouped in selects (network, market, companies, money); picking one plays it.

A move with an amount (a bid, an offer, a listing's price and quantity, a company's name and
capital, a reinvestment rate, an auction's start price, how many shares to buy) opens a modal
filled with the engine's sample values: the player keeps them or types their own, in dollars as
every command takes them, and bad input is refused in their language with nothing played. Moves
that differ only in such amounts are one option. Each select's custom_id carries the game version
it was drawn for and the option is an index into the same list drawn again: a pick after the board
moved on disables the spent panel and offers the current one, so nobody plays a move they never
saw. custom_id: `araldo:imp:pa:<game>:<version>:<group>`; the modal's `araldo:imp:pm:<game>:<type>:<arg>`,
all its submit needs (a modal open across a restart still plays).
"""

from __future__ import annotations

import json
import re
from typing import Any

import discord

from bot.cogs.impero.views import (
    answer,
    auction_of_company,
    company_by_id,
    impero_state,
    me_panel,
    me_text,
    parse_money,
)
from bot.errors import report
from bot.i18n import money, normalize, t
from bot.storage.models import GameRow
from bot.telling import describe_action
from bot.ui import fit, lang, send, send_modal, service_of
from engine.core import RuleError
from engine.impero import GAME
from engine.impero.models import ImperoState

GROUPS: dict[str, tuple[str, ...]] = {
    "net": ("buy_node", "upgrade_node", "rent_node"),
    "market": ("bid", "buy_shares", "list_shares", "withdraw_listing"),
    "company": ("create_company", "set_reinvest", "recapitalize", "claim_ceo"),
    "money": ("offer_money",),
}
# the fields a player chooses in the modal, and how each is typed: money in dollars, a whole
# number, a percentage, a name
CHOSEN: dict[str, tuple[tuple[str, str], ...]] = {
    "create_company": (("name", "text"), ("capital", "money")),
    "set_reinvest": (("rate", "percent"),),
    "recapitalize": (("start_price", "money"),),
    "bid": (("amount", "money"),),
    "list_shares": (("quantity", "count"), ("price", "money")),
    "buy_shares": (("quantity", "count"),),
    "offer_money": (("amount", "money"),),
}
# the one field of such a move the modal does not ask: its custom_id carries it
ARG: dict[str, str | None] = {"create_company": None, "set_reinvest": "company", "recapitalize": "company",
                              "bid": "company", "list_shares": "company", "buy_shares": "listing", "offer_money": "to"}
MAX_OPTIONS = 25
_COUNT = re.compile(r"\d{1,7}")


def grouped(state: ImperoState, user: str, group: str) -> list[Any]:
    """The legal moves of one group, in the engine's order (the index is the select's value); moves
    that differ only in what the modal lets the player choose are one."""
    out: list[Any] = []
    seen: set[str] = set()
    for action in GAME.legal_actions(state, user):
        kind = getattr(action, "type", "")
        if kind not in GROUPS[group]:
            continue
        chosen = {f for f, _ in CHOSEN.get(kind, ())}
        key = json.dumps(action.model_dump(mode="json", exclude=chosen), sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out[:MAX_OPTIONS]


def _names(state: ImperoState) -> dict[str, str]:
    return {p.id: p.name for p in state.players} | {c.id: c.name for c in state.companies}


def label(state: ImperoState, action: Any, language: str) -> str:
    data = action.model_dump(mode="json")
    kind = data["type"]
    if kind in CHOSEN or kind == "withdraw_listing":  # the option says what; a modal asks how much
        return fit(t(f"impero.panel.pick.{kind}", language, **pick_params(state, data)), 100)
    text = describe_action("impero", data, _names(state), language)
    node = data.get("node")
    if node:  # a node with what it yields, as the autocomplete shows it
        text += f" (📈 {money(state.yield_cents(node), language)})"
    return fit(text, 100)


def pick_params(state: ImperoState, data: dict[str, Any]) -> dict[str, Any]:
    """The words of a move's option: names for ids, and what the player needs to choose well."""
    names = _names(state)
    params = {k: names.get(v, v) if isinstance(v, str) else v for k, v in data.items() if k != "type"}
    listing = next((x for x in state.listings if x.id == data.get("listing")), None)
    if listing is not None:
        params.update(company=state.company(listing.company).name, seller=state.name_of(listing.seller),
                      price=listing.price, available=listing.quantity)
    if data["type"] == "set_reinvest":
        params["now"] = GAME.find_company(state, data["company"]).reinvest
    return params


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
    action = actions[index].model_dump(mode="json")
    if action["type"] in CHOSEN:
        await send_modal(interaction, MoveModal(game_id, action, state, language))
        return
    await play_from_panel(interaction, game_id, action)


async def play_from_panel(interaction: discord.Interaction, game_id: int, action: dict[str, Any]) -> None:
    """Play a move picked on the panel: the spent panel goes once the engine took it (a refusal leaves
    it as it was, with the reason), the move is told as a command would tell it, and a fresh panel follows."""
    svc = service_of(interaction)
    user = str(interaction.user.id)
    result = await svc.act(game_id, user, action, interaction_id=str(interaction.id))
    if interaction.message is not None:
        await interaction.response.edit_message(view=None)
    auction = auction_of_company(action["company"]) if action["type"] in ("bid", "recapitalize") else None
    await answer(interaction, result, panel=auction)
    state = impero_state(result.state)
    if state.status == "active":
        language = lang(interaction)
        await send(interaction, me_text(state, user, language), ephemeral=True,
                   view=full_panel(result.game, state, user, language))


def written(value: Any, unit: str, language: str) -> str:
    """A sample value as the player would type it ("12,50" in Italian, "12.50" in English)."""
    if unit != "money":
        return str(value)
    whole, cents = divmod(int(value), 100)
    if not cents:
        return str(whole)
    return f"{whole}{',' if normalize(language) == 'it' else '.'}{cents:02d}"


def read(text: str, unit: str) -> Any:
    """What the player typed in a modal field, or a localized refusal (nothing is played)."""
    raw = (text or "").strip()
    if unit == "money":
        return parse_money(raw)
    if unit == "text":
        return raw
    digits = raw.removesuffix("%").strip() if unit == "percent" else raw
    if not _COUNT.fullmatch(digits):
        raise RuleError(f"impero.panel.bad_{unit}", text=raw[:32])
    return int(digits)


class MoveModal(discord.ui.Modal):
    """The amounts of a move picked on the panel, filled with the engine's sample values. The
    custom_id `araldo:imp:pm:<game>:<type>:<arg>` carries the rest of the move (a company by id, a
    listing, a receiver): `move_submitted` plays the submit, even after a restart."""

    def __init__(self, game_id: int, action: dict[str, Any], state: ImperoState, language: str) -> None:
        kind = action["type"]
        title = t(f"impero.panel.pick.{kind}", language, **pick_params(state, action)).removesuffix("…")
        super().__init__(title=fit(title, 45), custom_id=f"araldo:imp:pm:{game_id}:{kind}:{modal_arg(state, action)}")
        for field, unit in CHOSEN[kind]:
            self.add_item(discord.ui.TextInput(
                label=t(f"impero.panel.field.{field}", language)[:45], custom_id=field,
                default=written(action[field], unit, language), max_length=100 if unit == "text" else 16))


def modal_arg(state: ImperoState, action: dict[str, Any]) -> str:
    """The one field of a move its modal does not ask, as the custom_id keeps it (a company by id)."""
    field = ARG[action["type"]]
    if field is None:
        return ""
    return GAME.find_company(state, action[field]).id if field == "company" else str(action[field])


MOVE_MODAL = re.compile(rf"araldo:imp:pm:(?P<game>\d+):(?P<type>{'|'.join(CHOSEN)}):(?P<arg>\w*)")


async def move_submitted(interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]) -> None:
    """A MoveModal's submit: the move rebuilt from the custom_id and the typed values, then played."""
    game_id, kind, arg = int(match["game"]), match["type"], match["arg"]
    action: dict[str, Any] = {"type": kind}
    field = ARG[kind]
    if field == "company":
        _, raw = await service_of(interaction).state(game_id)
        action[field] = company_by_id(impero_state(raw), arg)
    elif field is not None:
        action[field] = arg
    for name, unit in CHOSEN[kind]:
        action[name] = read(values.get(name, ""), unit)
    await play_from_panel(interaction, game_id, action)


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

"""Imperium Galactica's private panel and pictures.

The panel is built from `legal_actions`: a select of what the player may do now (described in the
reader's words) and accept/refuse buttons for trade offers waiting for them. Items carry the game id
and the state version they were drawn for; a click on an older version is told the galaxy changed
and gets the current panel. An answered trade offer takes the spent panel's buttons away (the message
says what was chosen) and a fresh panel follows. No rules live here: what is legal is the engine's call.
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import app_commands
from pydantic import BaseModel

from bot.cogs.channel_state import live_state
from bot.errors import report
from bot.i18n import t
from bot.painters import off_loop, painted
from bot.pictures import picture_labels
from bot.service import ActResult
from bot.storage.models import GameRow
from bot.ui import channel_lang, lang, panel_button, render_events, send, service_of, spend_buttons
from engine.core import RuleError, get_game
from engine.core.names import name_key
from engine.galactica.models import GalacticaState
from engine.galactica.planets import card
from engine.galactica.views import GalacticaView

KIND = "galactica"
MAX_OPTIONS = 25
ORDER = ("pick_line", "lose_ships", "land", "market_decide", "choose_direction", "colonize", "produce", "load",
         "casino_bet", "casino_leave", "build", "market_draw", "market_raw", "trade_offer", "move", "end_phase")


def describe(action: BaseModel, state: GalacticaState, language: str) -> str:
    """One line for a legal action, in the reader's words."""
    data = action.model_dump()
    kind = data.pop("type")
    params: dict[str, Any] = {}
    for k, v in data.items():
        if isinstance(v, dict):
            params[k] = _goods(v, language)
        elif isinstance(v, list):
            params[k] = " → ".join(v)
        else:
            params[k] = v
    if kind == "trade_offer":
        params["to"] = data["to"]
    if kind == "move" and data.get("ships"):
        kind = "move_part"
    if kind in ("market_raw",):
        kind = "market_buy_raw" if data["amount"] > 0 else "market_sell_raw"
        params["amount"] = abs(data["amount"])
    if kind == "load" and data["tanks"] < 0:
        kind, params["tanks"] = "unload", -data["tanks"]
    if kind == "market_decide":
        kind = "market_buy" if data["buy"] else "market_pass"
    if kind == "trade_answer":
        kind = "trade_accept" if data["accept"] else "trade_refuse"
    text = t(f"galactica.ui.act.{kind}", language, **params)
    return text[:100]


def panel_actions(state: GalacticaState, player: str) -> list[BaseModel]:
    options = get_game(KIND).legal_actions(state, player)
    rank = {k: i for i, k in enumerate(ORDER)}
    return sorted((o for o in options if o.type != "trade_answer"),  # type: ignore[attr-defined]
                  key=lambda o: rank.get(o.type, 99))[:MAX_OPTIONS]  # type: ignore[attr-defined]


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                   template=r"araldo:gal:act:(?P<game>\d+):(?P<version>\d+)"):
    """Pick one of the moves the engine allows now."""

    def __init__(self, game_id: int, version: int, options: list[tuple[str, str]] | None = None,
                 placeholder: str = "") -> None:
        choices = [discord.SelectOption(label=label, value=value) for value, label in (options or [("0", "-")])]
        super().__init__(discord.ui.Select(custom_id=f"araldo:gal:act:{game_id}:{version}",
                                           placeholder=placeholder or None, options=choices[:MAX_OPTIONS]))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActionSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            data: dict[str, Any] = dict(interaction.data or {})
            values = list(self.item.values) or [str(x) for x in data.get("values", [])] or ["0"]
            await pick_click(interaction, self.game_id, self.version, int(values[0]))
        except Exception as exc:
            await report(interaction, exc)


class TradeButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=r"araldo:gal:trade:(?P<game>\d+):(?P<offer>\d+):(?P<answer>yes|no)"):
    """Accept or refuse a trade offer made to you."""

    def __init__(self, game_id: int, offer: int, answer: str, label: str) -> None:
        style = discord.ButtonStyle.success if answer == "yes" else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"araldo:gal:trade:{game_id}:{offer}:{answer}"))
        self.game_id, self.offer, self.answer = game_id, offer, answer

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TradeButton:
        return cls(int(match["game"]), int(match["offer"]), match["answer"], str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            svc = service_of(interaction)
            result = await svc.act(self.game_id, str(interaction.user.id),
                                   {"type": "trade_answer", "offer": self.offer, "accept": self.answer == "yes"},
                                   interaction_id=str(interaction.id))
            # the answered offer's buttons go (the whole spent panel: a fresh one follows)
            await spend_buttons(interaction, self.item.label or str(self.offer))
            await answer(interaction, result)
        except Exception as exc:
            await report(interaction, exc)


def panel(row: GameRow, state: GalacticaState, player: str, language: str) -> tuple[str, discord.ui.View | None]:
    """The private panel: the moves as a select, offers waiting for the player as buttons."""
    assert row.id is not None
    actions = panel_actions(state, player)
    view = discord.ui.View(timeout=None)
    if actions:
        options = [(str(i), describe(a, state, language)) for i, a in enumerate(actions)]
        view.add_item(ActionSelect(row.id, row.version, options, t("galactica.ui.choose", language)))
    lines = [t(get_game(KIND).headline(state).key, language, **get_game(KIND).headline(state).params)]
    for offer in state.offers:
        if offer.to != player:
            continue
        lines.append(t("galactica.ui.offer_line", language, offer=offer.id, frm=state.name_of(offer.frm),
                       give=_goods(offer.give.model_dump(), language), want=_goods(offer.want.model_dump(), language)))
        view.add_item(TradeButton(row.id, offer.id, "yes", t("galactica.ui.accept", language, offer=offer.id)))
        view.add_item(TradeButton(row.id, offer.id, "no", t("galactica.ui.refuse", language, offer=offer.id)))
    if not view.children:
        lines.append(t("galactica.ui.nothing_now", language))
    return "\n".join(lines), (view if view.children else None)


async def open_panel(interaction: discord.Interaction, row: GameRow) -> None:
    """The turn call's button: whoever clicks gets their own panel of what they may do now."""
    state = service_of(interaction).load_state(row)
    assert isinstance(state, GalacticaState)
    text, view = panel(row, state, str(interaction.user.id), lang(interaction))
    await send(interaction, text, ephemeral=True, view=view)


def _goods(goods: dict[str, int], language: str) -> str:
    """Ndri, raw materials, ships, tanks as the reader says them: "5.000 Ndri, 2 Torpediniere"."""
    return ", ".join(t(f"galactica.n.{k}", language, count=n, n=n) for k, n in goods.items() if n) \
        or t("galactica.n.nothing", language)


async def pick_click(interaction: discord.Interaction, game_id: int, version: int, index: int) -> None:
    svc = service_of(interaction)
    user = str(interaction.user.id)
    row = await svc.get(game_id)
    state = svc.load_state(row)
    assert isinstance(state, GalacticaState)
    language = lang(interaction)
    if row.version != version:
        text, view = panel(row, state, user, language)
        await send(interaction, t("galactica.ui.stale", language) + "\n" + text, ephemeral=True, view=view)
        return
    actions = panel_actions(state, user)
    if not 0 <= index < len(actions):
        raise RuleError("galactica.ui.gone")
    result = await svc.act(game_id, user, actions[index], interaction_id=str(interaction.id))
    await answer(interaction, result)


async def answer(interaction: discord.Interaction, result: ActResult) -> None:
    """Public events in the channel's language (a turn call with the button that opens the called
    player's panel), the actor's own privately in theirs, then the actor's fresh panel."""
    language = lang(interaction)
    channel = await channel_lang(interaction)
    user = str(interaction.user.id)
    public, _ = render_events(result.events, channel, viewer=user)
    _, private = render_events(result.events, language, viewer=user)
    button = panel_button(result.game, [ev for ev in result.events if ev.to is None], channel)
    if public:  # a move nobody else may see (a trade offer) is answered to its maker alone
        await send(interaction, public, view=button)
    state = result.state
    if isinstance(state, GalacticaState) and state.status == "active":
        text, view = panel(result.game, state, user, language)
        await send(interaction, "\n".join(x for x in (private, text) if x), ephemeral=True, view=view)
    elif private or not public:
        await send(interaction, private or t("core.done", language), ephemeral=True)


# ---- pictures -------------------------------------------------------------------------------------
def _labels(language: str) -> dict[str, str] | None:
    return picture_labels(KIND, language)


async def galaxy_file(row: GameRow, state: GalacticaState, language: str, full: bool = False) -> discord.File:
    """The galaxy at chat size, or (`full`) the full map with every name and ship type."""
    from render.galactica import render_galaxy, render_galaxy_full

    view = get_game(KIND).view(state, None)
    assert isinstance(view, GalacticaView)
    data = await off_loop(painted, render_galaxy_full if full else render_galaxy, view, _labels(language))
    size = "full" if full else "map"
    return discord.File(io.BytesIO(data), filename=f"galactica-{row.id}-v{row.version}-{size}.png")


async def zoom_file(row: GameRow, state: GalacticaState, language: str) -> discord.File:
    """The part of the full map where the most happens, large enough to read at chat size."""
    from render.galactica import render_galaxy_zoom

    view = get_game(KIND).view(state, None)
    assert isinstance(view, GalacticaView)
    data = await off_loop(painted, render_galaxy_zoom, view, _labels(language))
    return discord.File(io.BytesIO(data), filename=f"galactica-{row.id}-v{row.version}-zoom.png")


async def stock_file(row: GameRow, state: GalacticaState, player: str, language: str) -> discord.File:
    from render.galactica import render_stock

    view = get_game(KIND).view(state, player)
    assert isinstance(view, GalacticaView)
    data = await off_loop(painted, render_stock, view, _labels(language))
    return discord.File(io.BytesIO(data), filename=f"galactica-{row.id}-stock.png")


async def planet_file(row: GameRow, state: GalacticaState, name: str, language: str) -> discord.File:
    from render.galactica import render_planet

    view = get_game(KIND).view(state, None)
    assert isinstance(view, GalacticaView)
    found = next((p for p in view.planets if name_key(p.name) == name_key(name)), None)
    if found is None:
        raise RuleError("galactica.unknown_planet", name=name)
    data = await off_loop(painted, render_planet, found, _labels(language))
    return discord.File(io.BytesIO(data), filename=f"galactica-{row.id}-{found.key}.png")


# ---- autocomplete ---------------------------------------------------------------------------------
async def state_here(interaction: discord.Interaction) -> GalacticaState | None:
    state = await live_state(interaction, KIND)
    return state if isinstance(state, GalacticaState) else None


def matching(names: list[str], current: str) -> list[app_commands.Choice[str]]:
    key = name_key(current or "")
    found = sorted({n for n in names if key in name_key(n)})
    return [app_commands.Choice(name=n, value=n) for n in found[:MAX_OPTIONS]]


async def own_planets(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = await state_here(interaction)
    if state is None:
        return []
    user = str(interaction.user.id)
    return matching([card(k).name for k, p in state.planets.items() if p.owner == user], current)


async def any_planet(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = await state_here(interaction)
    return [] if state is None else matching([card(k).name for k in state.planets], current)


async def own_fleets(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = await state_here(interaction)
    if state is None:
        return []
    user = str(interaction.user.id)
    return matching([f.cell for f in state.fleets if f.owner == user], current)


async def rivals(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    state = await state_here(interaction)
    if state is None:
        return []
    user = str(interaction.user.id)
    return matching([state.name_of(p) for p in state.order if p != user and not state.factions[p].out], current)

"""High Frontier's panels and completions: the board-meeting buttons of the deciding president, the
company names `/hf` options offer, and the private `me` text.

Buttons carry the game id, the state version and the action; a click on an older version is told the
board changed. No rules live here: the engine decides what a click may do.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
from discord import app_commands

from bot.cogs.channel_state import live_state
from bot.cogs.highfrontier.witness import filed_report, report_lines
from bot.errors import report
from bot.i18n import t
from bot.service import ActResult
from bot.storage.models import GameRow
from bot.ui import call_button, channel_lang, game_here, is_moderator, lang, render_events, send, service_of
from engine.core import RuleError, get_game
from engine.core.names import find_by_name, name_key
from engine.highfrontier.market import board
from engine.highfrontier.models import NAMES, TOKENS, HfState
from engine.highfrontier.witness import WITNESSED

KIND = "highfrontier"
MAX_CHOICES = 25


async def here(interaction: discord.Interaction) -> tuple[GameRow, HfState]:
    row = await game_here(interaction, KIND)
    state = service_of(interaction).load_state(row)
    assert isinstance(state, HfState)
    return row, state


async def go(interaction: discord.Interaction, action: dict[str, Any], *, company: str | None = None,
             also: str | None = None) -> None:
    """Resolve typed company names, apply the action, answer (with the board panel if a president
    now decides)."""
    row, state = await here(interaction)
    language = lang(interaction)
    if company is not None:
        action["company"] = resolve_company(state, company, language)
    if also is not None:
        action["other"] = resolve_company(state, also, language)
    assert row.id is not None
    # a moderator's report needs no witness (the engine decides which actions that concerns)
    moderator = action["type"] in (*WITNESSED, "witness") and await is_moderator(interaction)
    result = await service_of(interaction).act(row.id, str(interaction.user.id), action,
                                               interaction_id=str(interaction.id), moderator=moderator)
    await answer(interaction, result)


def uid(member: discord.abc.User | None) -> str | None:
    return str(member.id) if member is not None else None



def company_names(state: HfState | None, language: str) -> dict[str, str]:
    """Token id -> the name players see now (its side's company), in `language`."""
    out: dict[str, str] = {}
    for cid, shape in TOKENS.items():
        side = state.companies[cid].side if state is not None else "white"
        out[cid] = t(f"hf.co.{NAMES[(shape, side)]}{cid[-1]}", language)
    return out


def resolve_company(state: HfState, raw: str, language: str) -> str:
    """A company typed or picked: a token id, or its name in either language (core name rules)."""
    raw = raw.strip()
    if raw in TOKENS:
        return raw
    for lg in (language, "it", "en"):
        found = find_by_name(raw, company_names(state, lg))
        if found is not None:
            return found
    raise RuleError("hf.no_company", company=raw[:32])


async def state_here(interaction: discord.Interaction) -> HfState | None:
    state = await live_state(interaction, KIND)
    return state if isinstance(state, HfState) else None


async def companies(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Every company token, by the name it has now; those on the market first."""
    state = await state_here(interaction)
    language = lang(interaction)
    names = company_names(state, language)
    key = name_key(current or "")
    order = sorted(TOKENS, key=lambda c: (not (state and state.companies[c].floated), names[c]))
    return [app_commands.Choice(name=names[c], value=c) for c in order if key in name_key(names[c])][:MAX_CHOICES]


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=r"araldo:hf:board:(?P<game>\d+):(?P<version>\d+):(?P<company>\w+):(?P<choice>\w+):(?P<n>\d+)"):
    """One board decision: a dividend of n dots, reinvest, reinvest and modernize, or pass."""

    def __init__(self, game_id: int, version: int, company: str, choice: str, n: int, label: str) -> None:
        style = discord.ButtonStyle.success if choice == "dividend" else (
            discord.ButtonStyle.primary if choice.startswith("reinvest") else discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(
            label=label, style=style, custom_id=f"araldo:hf:board:{game_id}:{version}:{company}:{choice}:{n}"))
        self.game_id, self.version, self.company, self.choice, self.n = game_id, version, company, choice, n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BoardButton:
        return cls(int(match["game"]), int(match["version"]), match["company"], match["choice"], int(match["n"]),
                   str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await board_click(interaction, self)
        except Exception as exc:
            await report(interaction, exc)


def board_panel(game_id: int, version: int, state: HfState, language: str) -> discord.ui.View | None:
    """The deciding president's buttons: dividend 1..max, reinvest, modernize (after the flip), pass."""
    if not state.meeting or state.status != "active":
        return None
    c = state.companies[state.meeting[0]]
    view = discord.ui.View(timeout=None)
    for n in range(1, board().dots(c.row) + 1):
        view.add_item(BoardButton(game_id, version, c.id, "dividend", n, t("hf.ui.dividend", language, n=n)))
    if c.row >= 2:
        view.add_item(BoardButton(game_id, version, c.id, "reinvest", 0, t("hf.ui.reinvest", language)))
        if state.flipped and c.side == "white":
            view.add_item(BoardButton(game_id, version, c.id, "modernize", 0, t("hf.ui.modernize", language)))
    view.add_item(BoardButton(game_id, version, c.id, "pass", 0, t("hf.ui.pass", language)))
    return view


async def answer(interaction: discord.Interaction, result: ActResult, file: discord.File | None = None) -> None:
    """Public events in the channel's language, with the witness buttons under a report told or the
    board panel when a president now decides; the actor's own lines ephemerally, in theirs."""
    language = await channel_lang(interaction)
    viewer = str(interaction.user.id)
    # a public event that calls the moderators is posted once, by that call (bot/letters.py), not here too
    called = [e for e in result.events if e.notify == "moderators" and e.to is None]
    events = [e for e in result.events if e not in called]
    public, _ = render_events(events, language, viewer=viewer)
    _, private = render_events(events, lang(interaction), viewer=viewer)
    if called and not public:  # the channel hears it from the moderators' call: the actor is told so
        await send(interaction, private or t("hf.ui.moderators_called", lang(interaction)), ephemeral=True)
        return
    state = result.state
    panel = None
    if isinstance(state, HfState) and result.game.id is not None:
        lines = report_lines(state, result.events, language, company_names(state, language))
        public = "\n".join([public, *lines]) if lines else public
        rid = filed_report(result.events)
        panel = witness_panel(result.game.id, rid, language) if rid is not None else \
            board_panel(result.game.id, result.game.version, state, language)
        if panel is None and state.proxy is not None:  # the defender answers under the post
            panel = proxy_panel(result.game.id, language)
        if panel is None and state.bull_pick is not None and state.order[0] == viewer:  # 5Lh/5Lj: your call
            panel = await action_panel(result.game.id, result.game.version, state, viewer, language)
    if panel is None:  # a post calling someone to act: the button to their own panel
        panel = call_button(result.game, state, public, language)
    await send(interaction, public or t("hf.ui.nothing_public", language), view=panel, file=file)
    if private:
        await send(interaction, private, ephemeral=True)


async def board_click(interaction: discord.Interaction, button: BoardButton) -> None:
    svc = service_of(interaction)
    row = await svc.get(button.game_id)
    state = svc.load_state(row)
    assert isinstance(state, HfState)
    language = lang(interaction)
    if row.version != button.version:
        fresh = board_panel(button.game_id, row.version, state, language)
        await send(interaction, t("hf.ui.stale", language), ephemeral=True, view=fresh)
        return
    action: dict[str, Any] = {"type": "board", "company": button.company,
                              "choice": "reinvest" if button.choice == "modernize" else button.choice,
                              "amount": button.n, "modernize": button.choice == "modernize"}
    result = await svc.act(button.game_id, str(interaction.user.id), action, interaction_id=str(interaction.id))
    await interaction.response.edit_message(view=None)  # the panel is spent
    await answer(interaction, result)


# ---- witnessed reports: Confirm / Object under a report told ----------------------------------------
class WitnessButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                    template=r"araldo:hf:witness:(?P<game>\d+):(?P<report>\d+):(?P<confirm>[01])"):
    """Confirm (1) or object to (0) a pending report; the ids say everything, so it survives restarts."""

    def __init__(self, game_id: int, rid: int, confirm: bool, label: str) -> None:
        style = discord.ButtonStyle.success if confirm else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"araldo:hf:witness:{game_id}:{rid}:{int(confirm)}"))
        self.game_id, self.rid, self.confirm = game_id, rid, confirm

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> WitnessButton:
        return cls(int(match["game"]), int(match["report"]), match["confirm"] == "1", str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await witness_click(interaction, self)
        except Exception as exc:
            await report(interaction, exc)


def witness_panel(game_id: int, rid: int, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(WitnessButton(game_id, rid, True, t("hf.btn.witness.True", language)))
    view.add_item(WitnessButton(game_id, rid, False, t("hf.btn.witness.False", language)))
    return view


async def witness_click(interaction: discord.Interaction, button: WitnessButton) -> None:
    """A player's word counts as a witness's; a moderator's rules (confirms, or rejects), seated or not."""
    svc = service_of(interaction)
    moderator = await is_moderator(interaction)
    action = {"type": "witness", "report": button.rid, "confirm": button.confirm}
    result = await svc.act(button.game_id, str(interaction.user.id), action, interaction_id=str(interaction.id),
                           moderator=moderator)
    state = result.state
    settled = not isinstance(state, HfState) or all(r.id != button.rid for r in state.pending)
    if settled and interaction.message is not None:  # the report is decided: nobody clicks it again
        await interaction.response.edit_message(view=None)
    await answer(interaction, result)


class ProxyButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=r"araldo:hf:proxy:(?P<game>\d+):(?P<counter>[01])"):
    """The defender's answer to a proxy fight, under its public post: counter (discarding a delegate) or
    give the share up. Anyone may see it; the engine takes it from the defender alone."""

    def __init__(self, game_id: int, counter: bool, label: str) -> None:
        style = discord.ButtonStyle.primary if counter else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"araldo:hf:proxy:{game_id}:{int(counter)}"))
        self.game_id, self.counter = game_id, counter

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ProxyButton:
        return cls(int(match["game"]), match["counter"] == "1", str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            action = {"type": "proxy_answer", "counter": self.counter}
            result = await service_of(interaction).act(self.game_id, str(interaction.user.id), action,
                                                       interaction_id=str(interaction.id))
            await interaction.response.edit_message(view=None)  # answered: the fight is over
            await answer(interaction, result)
        except Exception as exc:
            await report(interaction, exc)


def proxy_panel(game_id: int, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for counter in (True, False):
        view.add_item(ProxyButton(game_id, counter, t(f"hf.btn.proxy_answer.{counter}", language)))
    return view


# ---- the private panel: what you may do now, from legal_actions --------------------------------------
PANEL_TYPES = ("bull_choice", "flip_repay", "proxy_answer", "angel", "angel_pick", "deflate", "hedge", "rollover",
               "repay", "accept", "withdraw", "buy", "float", "fragment", "service", "bank", "turn_end")
MAX_BUTTONS = 20


def panel_actions(state: HfState, user: str) -> list[Any]:
    """The actions a button may send now, in a stable order (the version check keeps indexes exact)."""
    legal: list[Any] = get_game(KIND).legal_actions(state, user)
    picked = [a for a in legal if a.type in PANEL_TYPES and not getattr(a, "deluxe", False)
              and not getattr(a, "malf", None)]
    return sorted(picked, key=lambda a: PANEL_TYPES.index(a.type))[:MAX_BUTTONS]


def action_label(state: HfState, action: Any, language: str, viewer: str = "") -> str:
    kind = action.type
    names = company_names(state, language)
    params: dict[str, Any] = {}
    company = getattr(action, "company", None)
    if company:
        params["company"] = names.get(company, company)
        if kind in ("float", "fragment"):
            shape = TOKENS[company]
            params["company"] = t(f"hf.co.{NAMES[(shape, action.side)]}{company[-1]}", language)
    if kind == "proxy_answer":
        kind = f"proxy_answer.{action.counter}"
    elif kind == "angel":
        kind = f"angel.{action.offer}"
    elif kind == "deflate" and company is None:
        kind = "deflate.lobby"
    elif kind == "service" and action.cubes:
        kind, params["cubes"] = "loan", action.cubes
    elif kind == "hedge":
        params["what"] = t(f"hf.what.{action.take}", language)
    elif kind == "flip_repay":
        params["cubes"] = action.cubes
    elif kind in ("rollover", "repay"):
        params["cubes"] = getattr(action, "repay", 0) if kind == "rollover" else action.cubes
    elif kind == "angel_pick":
        params["player"] = state.name_of(action.player)
    elif kind in ("accept", "withdraw"):
        params["deal"] = action.deal
        deal = next((d for d in state.deals if d.id == action.deal), None)
        if kind == "withdraw" and deal is not None and deal.to == viewer:
            kind = "refuse"
    elif kind == "bank":
        params["bank"] = t(f"hf.bank.{action.bank}", language)
    return t(f"hf.btn.{kind}", language, **params)[:80]


class ActButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                template=r"araldo:hf:act:(?P<game>\d+):(?P<version>\d+):(?P<index>\d+)"):
    """One of the actions `panel_actions` listed for this version."""

    def __init__(self, game_id: int, version: int, index: int, label: str) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"araldo:hf:act:{game_id}:{version}:{index}"))
        self.game_id, self.version, self.index = game_id, version, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActButton:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]), str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await act_click(interaction, self)
        except Exception as exc:
            await report(interaction, exc)


async def action_panel(game_id: int, version: int, state: HfState, user: str,
                       language: str) -> discord.ui.View | None:
    # trying every candidate move takes tens of milliseconds at six players: off the event loop
    options = await asyncio.to_thread(panel_actions, state, user)
    if not options:
        return None
    view = discord.ui.View(timeout=None)
    for i, action in enumerate(options):
        view.add_item(ActButton(game_id, version, i, action_label(state, action, language, user)))
    return view


async def act_click(interaction: discord.Interaction, button: ActButton) -> None:
    svc = service_of(interaction)
    row = await svc.get(button.game_id)
    state = svc.load_state(row)
    assert isinstance(state, HfState)
    user = str(interaction.user.id)
    language = lang(interaction)
    options = await asyncio.to_thread(panel_actions, state, user) if row.version == button.version else []
    if button.index >= len(options):
        fresh = await action_panel(button.game_id, row.version, state, user, language)
        await send(interaction, t("hf.ui.stale", language), ephemeral=True, view=fresh)
        return
    action = options[button.index].model_dump(mode="json")
    result = await svc.act(button.game_id, user, action, interaction_id=str(interaction.id))
    await answer(interaction, result)

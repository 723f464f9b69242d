"""SPQRisiko's private turn panel: what the player on turn may do now, played with selects and
buttons, typing optional.

Which rows the panel shows comes from the engine's `legal_actions` (the kinds of move open now);
the choices inside a row are read from the state (every own province, every enemy neighbour), and
the engine refuses whatever is not allowed, as for a typed command. A move takes one to three
steps (reinforce: province, then how many; attack: from, to, then one roll or a blitz); each step
edits the same ephemeral message. Every custom_id carries the game version the panel was drawn
for: a click after the board moved on disables that spent panel and offers the current one.

custom_id: `araldo:spqr:p:<game>:<version>:<step>:<args>` (args are ids joined by "."), well
under Discord's 100 characters.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.cogs import spqrisiko_views as v
from bot.errors import report
from bot.i18n import t
from bot.service import ActResult
from bot.storage.models import GameRow
from bot.ui import answer_public, channel_lang, lang, send, service_of
from engine.core import RuleError, get_game
from engine.spqrisiko.board import board
from engine.spqrisiko.models import SpqrState
from engine.spqrisiko.territory import garrison, provinces_of, ships_of

KIND = "spqrisiko"
MAX_OPTIONS = 25
FIRST_STEPS = ("rf", "at", "mf", "ld", "fo")  # the selects of the panel's first screen, in this order


def _state(row: GameRow, svc: Any) -> SpqrState:
    state = svc.load_state(row)
    if not isinstance(state, SpqrState):
        raise RuleError("core.wrong_game", game=get_game(row.kind).meta.name)
    return state


def legal_kinds(state: SpqrState, user: str) -> set[str]:
    return {getattr(a, "type", "") for a in get_game(KIND).legal_actions(state, user)}


def counts_up_to(most: int) -> list[int]:
    """A few useful amounts, the whole lot last: 1, 2, 3, 5, 10 ... most."""
    return sorted({n for n in (1, 2, 3, 5, 10, 20, most) if 1 <= n <= most})


# ---- what each step offers ---------------------------------------------------------------------
def origins(state: SpqrState, user: str, step: str) -> list[str]:
    """The first choice of a move: provinces (or seas) it may start from."""
    b = board()
    mine = sorted(provinces_of(state, user), key=b.name)
    if step == "rf":
        border = [p for p in mine if any(state.owner.get(n) != user for n in b.provinces[p].land)]
        return border + [p for p in mine if p not in border]
    if step == "at":
        return [p for p in mine if state.legions[p] >= 2 and any(state.owner.get(n) != user for n in b.provinces[p].land)]
    if step == "fo":
        return [p for p in mine if state.legions[p] > garrison(state, p)]
    if step == "ld":
        return [p for p in mine if state.legions[p] > garrison(state, p) and b.provinces[p].seas]
    if step == "mf":
        return sorted((s for s in b.seas if ships_of(state, s, user) > 0), key=b.name)
    return []


def targets(state: SpqrState, user: str, step: str, origin: str) -> list[str]:
    """The second choice: where the move goes from `origin`."""
    b = board()
    if step == "at":
        return sorted((n for n in b.provinces[origin].land if state.owner.get(n) != user), key=b.name)
    if step == "fo":
        return sorted((n for n in b.provinces[origin].land if state.owner.get(n) == user), key=b.name)
    if step == "ld":
        across = {p for s in b.provinces[origin].seas for p in b.seas[s].coasts}
        return sorted((p for p in across if state.owner.get(p) not in (user, None) and p != origin), key=b.name)
    if step == "mf":
        return sorted(b.seas[origin].seas, key=b.name)
    return []


def movable(state: SpqrState, step: str, origin: str) -> int:
    if step == "rf":
        return state.turn.reinforcements if state.turn else 0
    if step == "mf":
        return ships_of(state, origin, state.order[state.current])
    return max(0, state.legions[origin] - garrison(state, origin))


# ---- drawing ------------------------------------------------------------------------------------
def cid(row: GameRow, step: str, *args: str) -> str:
    return f"araldo:spqr:p:{row.id}:{row.version}:{step}:{'.'.join(args)}"


def _select(row: GameRow, step: str, args: tuple[str, ...], ids: list[str], placeholder: str) -> PanelSelect:
    options = [discord.SelectOption(label=board().name(i)[:100], value=i) for i in ids[:MAX_OPTIONS]]
    return PanelSelect(cid(row, step, *args), options, placeholder[:150])


def first_screen(row: GameRow, state: SpqrState, user: str, language: str) -> tuple[str, discord.ui.View | None]:
    """The panel's first screen: one select per kind of move open now, then the buttons."""
    game = get_game(KIND)
    if state.order[state.current] != user or state.status != "active":
        headline = game.headline(state)
        return t(headline.key, language, **headline.params), None
    kinds = legal_kinds(state, user)
    owed = [m.model_dump() for m in game.owed(state, user)]
    text = t("spqr.panel.title", language, owed=owed)
    view = discord.ui.View(timeout=None)
    wanted = {"rf": "reinforce", "at": "attack", "mf": "move_fleet", "ld": "land", "fo": "fortify"}
    for step in FIRST_STEPS:
        ids = origins(state, user, step)
        if wanted[step] in kinds and ids:
            view.add_item(_select(row, step, (), ids, t(f"spqr.panel.{step}", language)))
    for action in game.legal_actions(state, user):
        if getattr(action, "type", "") == "move_in":
            view.add_item(PanelButton(cid(row, "mi", str(action.count)),  # type: ignore[attr-defined]
                                      t("spqr.panel.move_in", language, count=action.count)))  # type: ignore[attr-defined]
    if "end_turn" in kinds:
        view.add_item(PanelButton(cid(row, "end"), t("spqr.panel.end", language), discord.ButtonStyle.danger))
    return text, view if view.children else None


def step_screen(row: GameRow, state: SpqrState, user: str, step: str, args: list[str],
                language: str) -> tuple[str, discord.ui.View]:
    """The next choice of a move begun on the panel."""
    b = board()
    view = discord.ui.View(timeout=None)
    origin = args[0]
    if step in ("at", "fo", "ld", "mf") and len(args) == 1:
        ids = targets(state, user, step, origin)
        if not ids:
            raise RuleError("spqr.panel.nowhere", place=b.name(origin))
        view.add_item(_select(row, f"{step}2", (origin,), ids, t(f"spqr.panel.{step}2", language, place=b.name(origin))))
        return t(f"spqr.panel.{step}", language), view
    if step == "at":  # from and to chosen: one roll or a blitz
        for mode in ("once", "blitz"):
            view.add_item(PanelButton(cid(row, "atgo", origin, args[1], mode), t(f"spqr.panel.atk_{mode}", language)))
        return t("spqr.panel.attack_of", language, src=b.name(origin), dst=b.name(args[1])), view
    most = movable(state, step, origin)
    for n in counts_up_to(most):
        view.add_item(PanelButton(cid(row, f"{step}go", *args, str(n)), f"+{n}" if step == "rf" else str(n)))
    where = " → ".join(b.name(a) for a in args)
    return t("spqr.panel.how_many", language, where=where), view


def action_of(step: str, args: list[str]) -> dict[str, Any]:
    """The engine action a final click makes."""
    if step == "rfgo":
        return {"type": "reinforce", "province": args[0], "count": int(args[1])}
    if step == "atgo":
        return {"type": "attack", "from_province": args[0], "to_province": args[1], "rolls": args[2]}
    if step == "fogo":
        return {"type": "fortify", "from_province": args[0], "to_province": args[1], "count": int(args[2])}
    if step == "ldgo":
        return {"type": "land", "from_province": args[0], "to_province": args[1], "count": int(args[2])}
    if step == "mfgo":
        return {"type": "move_fleet", "from_sea": args[0], "to_sea": args[1], "count": int(args[2])}
    if step == "mi":
        return {"type": "move_in", "count": int(args[0])}
    return {"type": "end_turn"}


# ---- clicking -----------------------------------------------------------------------------------
async def open_panel(interaction: discord.Interaction, row: GameRow) -> None:
    """The private panel of the clicking player (an ephemeral message only they see)."""
    state = _state(row, service_of(interaction))
    text, view = first_screen(row, state, str(interaction.user.id), lang(interaction))
    await send(interaction, text, ephemeral=True, view=view)


async def panel_click(interaction: discord.Interaction, game_id: int, version: int, step: str,
                      args: list[str]) -> None:
    svc = service_of(interaction)
    row = await svc.get(game_id)
    state = _state(row, svc)
    user = str(interaction.user.id)
    language = lang(interaction)
    if row.version != version:  # a spent panel: disabled, and the current one offered
        await interaction.response.edit_message(content=t("spqr.ui.stale", language), view=None)
        text, view = first_screen(row, state, user, language)
        await send(interaction, text, ephemeral=True, view=view)
        return
    if state.order[state.current] != user:
        raise RuleError("core.not_your_turn", player=state.name_of(state.order[state.current]))
    if step in FIRST_STEPS or step.endswith("2"):  # a choice made: the next one
        text, view = step_screen(row, state, user, step.removesuffix("2"), args, language)
        await interaction.response.edit_message(content=text, view=view)
        return
    result: ActResult = await svc.act(game_id, user, action_of(step, args), interaction_id=str(interaction.id))
    # the spent panel goes; the move is told in the channel; a fresh panel follows while it is your turn
    await interaction.response.edit_message(view=None)
    attack = step == "atgo"
    view = v.attack_panel(result.game, result.state, await channel_lang(interaction)) \
        if attack and isinstance(result.state, SpqrState) else None
    await answer_public(interaction, result, view=view)
    fresh = result.state
    if isinstance(fresh, SpqrState) and fresh.status == "active" and fresh.order[fresh.current] == user:
        text, panel = first_screen(result.game, fresh, user, language)
        await send(interaction, text, ephemeral=True, view=panel)


class PanelSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                  template=r"araldo:spqr:p:(?P<game>\d+):(?P<version>\d+):(?P<step>rf|at2?|mf2?|ld2?|fo2?):(?P<args>[\w.]*)"):
    def __init__(self, custom_id: str, options: list[discord.SelectOption] | None = None, placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id, options=options or [discord.SelectOption(label="-")],
                                           placeholder=placeholder or None))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PanelSelect:
        return cls(str(getattr(item, "custom_id", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            match = re.fullmatch(self.__discord_ui_compiled_template__, self.item.custom_id or "")
            assert match is not None
            data: dict[str, Any] = dict(interaction.data or {})
            chosen = list(self.item.values) or [str(x) for x in data.get("values", [])]
            args = [a for a in match["args"].split(".") if a] + chosen[:1]
            await panel_click(interaction, int(match["game"]), int(match["version"]), match["step"], args)
        except Exception as exc:
            await report(interaction, exc)


class PanelButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=r"araldo:spqr:p:(?P<game>\d+):(?P<version>\d+):(?P<step>(?:[a-z]+go|mi|end)):(?P<args>[\w.]*)"):
    def __init__(self, custom_id: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label[:80] or None, style=style))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PanelButton:
        return cls(str(getattr(item, "custom_id", "")), str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            match = re.fullmatch(self.__discord_ui_compiled_template__, self.item.custom_id or "")
            assert match is not None
            args = [a for a in match["args"].split(".") if a]
            await panel_click(interaction, int(match["game"]), int(match["version"]), match["step"], args)
        except Exception as exc:
            await report(interaction, exc)

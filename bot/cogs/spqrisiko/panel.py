"""SPQRisiko's private turn panel: what the player on turn may do now, played with selects and
buttons, typing optional.

Which rows the panel shows comes from the engine's `legal_actions` (the kinds of move open now);
the choices inside a row are read from the state (every own province, every enemy neighbour), and
the engine refuses whatever is not allowed, as for a typed command. A move takes one or more
steps (setup: your province, then the neutrals'; reinforce: province, then how many; a card set,
then the sea of each ship and the province of each colosseum it brings; a conversion: province,
then which; fleets: sea, then where; a naval battle: sea and rival, then one roll or until nothing
sinks; attack: from, to, then one roll or a blitz); each step edits the same ephemeral message.
Placement takes the neutral army with most left (`/spqr place` picks one). Choices beyond
Discord's 25 per select go to a second select; selects beyond its 5 rows go to a second screen
behind "Other moves". Every custom_id carries the game version the panel was drawn for: a click
after the board moved on disables that spent panel and offers the current one.

What each step offers and the action a click makes are read from the state in
bot/cogs/spqrisiko/moves.py; this module draws them and answers the clicks.

custom_id: `araldo:spqr:p:<game>:<version>:<step>:<args>[:<page>]` (args are ids joined by "."),
well under Discord's 100 characters.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.cogs.spqrisiko import views as v
from bot.cogs.spqrisiko.moves import (
    action_of,
    card_targets,
    conversions,
    counts_up_to,
    legal,
    movable,
    origins,
    targets,
)
from bot.errors import report
from bot.i18n import t
from bot.service import ActResult
from bot.storage.models import GameRow
from bot.ui import answer_public, channel_lang, fit, lang, send, send_modal, service_of
from engine.core import RuleError, get_game
from engine.spqrisiko.board import board
from engine.spqrisiko.cards import card_set_reward
from engine.spqrisiko.models import KIND, SpqrState
from engine.spqrisiko.territory import ships_of

MAX_OPTIONS = 25
MAX_ROWS = 5
# the selects of the panel's first screen, in the turn's order, and the kind of move each begins
FIRST_STEPS = {"pl": "place", "rf": "reinforce", "cd": "play_cards", "cv": "convert", "mf": "move_fleet",
               "nv": "naval_attack", "at": "attack", "ld": "land", "fo": "fortify"}
WORD = re.compile(r"\w+")


def _state(row: GameRow, svc: Any) -> SpqrState:
    state = svc.load_state(row)
    if not isinstance(state, SpqrState):
        raise RuleError("core.wrong_game", game=row.kind)
    return state


# ---- drawing ------------------------------------------------------------------------------------
def cid(row: GameRow, step: str, *args: str) -> str:
    return f"araldo:spqr:p:{row.id}:{row.version}:{step}:{'.'.join(args)}"


def _selects(row: GameRow, step: str, args: tuple[str, ...], choices: list[tuple[str, str]],
             placeholder: str) -> list[PanelSelect]:
    """(value, label) choices in selects of 25, the later ones told apart by a page suffix."""
    pages = [choices[i:i + MAX_OPTIONS] for i in range(0, len(choices), MAX_OPTIONS)]
    out = []
    for n, page in enumerate(pages):
        options = [discord.SelectOption(label=fit(text, 100), value=value) for value, text in page]
        words = placeholder if len(pages) == 1 else f"{placeholder} ({page[0][1]} – {page[-1][1]})"
        out.append(PanelSelect(cid(row, step, *args) + (f":{n}" if n else ""), options, fit(words, 150)))
    return out


def _places(ids: list[str]) -> list[tuple[str, str]]:
    return [(i, board().name(i)) for i in ids]


def first_choices(state: SpqrState, user: str, step: str, language: str) -> list[tuple[str, str]]:
    """The options of a first-screen select; card sets and naval battles are a whole move each."""
    if step == "cd":
        return [(".".join(s[0] for s in a.symbols), set_label(a.symbols, language)) for a in legal(state, user)
                if a.type == "play_cards"]
    if step == "nv":
        b, seen, out = board(), set(), []
        for a in legal(state, user):
            if a.type == "naval_attack" and WORD.fullmatch(a.defender) and (a.sea, a.defender) not in seen:
                seen.add((a.sea, a.defender))
                out.append((f"{a.sea}.{a.defender}", t("spqr.panel.nv_option", language, sea=b.name(a.sea),
                            player=state.name_of(a.defender), mine=ships_of(state, a.sea, user),
                            theirs=ships_of(state, a.sea, a.defender))))
        return out
    return _places(origins(state, user, step))


def set_label(symbols: list[str], language: str) -> str:
    legionaries, ships, colossei = card_set_reward(symbols)
    parts = [t("spqr.panel.cd_set", language, cards=symbols, legionaries=legionaries)]
    if ships:
        parts.append(t("spqr.panel.cd_ships", language, ships=ships))
    if colossei:
        parts.append(t("spqr.panel.cd_colossei", language, colossei=colossei))
    return ", ".join(parts)


def first_screen(row: GameRow, state: SpqrState, user: str, language: str,
                 page: int = 0) -> tuple[str, discord.ui.View | None]:
    """The panel's first screen: one select per kind of move open now, then the buttons; selects
    beyond Discord's five rows go to a second screen (page 1) behind "Other moves"."""
    game = get_game(KIND)
    if state.order[state.current] != user or state.status != "active":
        headline = game.headline(state)
        return t(headline.key, language, **headline.params), None
    actions = legal(state, user)
    kinds = {getattr(a, "type", "") for a in actions}
    owed = [m.model_dump() for m in game.owed(state, user)]
    text = t("spqr.panel.title", language, owed=owed)
    selects: list[PanelSelect] = []
    for step, kind in FIRST_STEPS.items():
        choices = first_choices(state, user, step, language) if kind in kinds else []
        if choices:
            selects += _selects(row, step, (), choices, t(f"spqr.panel.{step}", language))
    buttons = [PanelButton(cid(row, "mi", str(a.count)), t("spqr.panel.move_in", language, count=a.count))
               for a in actions if a.type == "move_in"]
    if "end_turn" in kinds:
        buttons.append(PanelButton(cid(row, "end"), t("spqr.panel.end", language), discord.ButtonStyle.danger))
    fits = MAX_ROWS - (len(buttons) + 5) // 5  # a row for the buttons and the page switch
    view = discord.ui.View(timeout=None)
    if len(selects) + (len(buttons) + 4) // 5 <= MAX_ROWS:
        shown, more = selects, None
    elif page == 0:
        shown, more = selects[:fits], PanelButton(cid(row, "more", "1"), t("spqr.panel.more", language),
                                                  discord.ButtonStyle.secondary)
    else:
        shown, buttons = selects[fits:][:MAX_ROWS - 1], []
        more = PanelButton(cid(row, "more", "0"), t("spqr.panel.back", language), discord.ButtonStyle.secondary)
    for item in [*shown, *buttons, *([more] if more else [])]:
        view.add_item(item)
    return text, view if view.children else None


def step_screen(row: GameRow, state: SpqrState, user: str, step: str, args: list[str],
                language: str) -> tuple[str, discord.ui.View]:
    """The next choice of a move begun on the panel."""
    b = board()
    view = discord.ui.View(timeout=None)
    origin = args[0]
    if step == "nv":  # sea and rival chosen: one roll, or until a roll sinks nothing
        sea, rival = origin.split(".", 1)
        for mode in ("once", "blitz"):
            view.add_item(PanelButton(cid(row, "nvgo", sea, rival, mode), t(f"spqr.panel.naval_{mode}", language)))
        return t("spqr.panel.naval_of", language, sea=b.name(sea), player=state.name_of(rival)), view
    if step == "cd":  # the next ship's sea or colosseum's province of a card set
        symbols, chosen, options = card_targets(state, user, args)
        ships = card_set_reward(symbols)[1]
        which = ("spqr.panel.cd_sea", len(chosen) + 1, ships) if len(chosen) < ships else \
            ("spqr.panel.cd_site", len(chosen) - ships + 1, card_set_reward(symbols)[2])
        prompt = t(which[0], language, n=which[1], of=which[2])
        code = ".".join(s[0] for s in symbols)
        for select in _selects(row, "cd2", (code, *chosen), _places(options), prompt):
            view.add_item(select)
        return prompt, view
    if step == "cv":
        for sea, way in conversions(state, user, origin):
            key = "spqr.panel.cv_ship" if way == "s" else "spqr.panel.cv_legions"
            view.add_item(PanelButton(cid(row, "cvgo", origin, sea, way), t(key, language, sea=b.name(sea))))
        if not view.children:
            raise RuleError("spqr.panel.nowhere", place=b.name(origin))
        return t("spqr.panel.cv_of", language, place=b.name(origin)), view
    if step in ("pl", "at", "fo", "ld", "mf") and len(args) == 1:
        ids = targets(state, user, step, origin)
        if not ids:
            raise RuleError("spqr.panel.nowhere", place=b.name(origin))
        prompt = t(f"spqr.panel.{step}2", language, place=b.name(origin))
        for select in _selects(row, f"{step}2", (origin,), _places(ids), prompt):
            view.add_item(select)
        return prompt, view
    if step == "at":  # from and to chosen: one roll or a blitz
        for mode in ("once", "blitz"):
            view.add_item(PanelButton(cid(row, "atgo", origin, args[1], mode), t(f"spqr.panel.atk_{mode}", language)))
        return t("spqr.panel.attack_of", language, src=b.name(origin), dst=b.name(args[1])), view
    most = movable(state, step, origin)
    counts = counts_up_to(most)
    for n in counts:
        view.add_item(PanelButton(cid(row, f"{step}go", *args, str(n)), f"+{n}" if step == "rf" else str(n)))
    if len(counts) < most:  # not every number has its button: any other is typed in a modal
        view.add_item(PanelButton(cid(row, f"{step}x", *args), t("spqr.panel.other_count", language),
                                  discord.ButtonStyle.secondary))
    return how_many(args, language), view


def how_many(args: list[str], language: str) -> str:
    return t("spqr.panel.how_many", language, where=" → ".join(board().name(a) for a in args))


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
    if step == "more":  # the other screen of a panel with more selects than rows
        text, view = first_screen(row, state, user, language, page=int(args[0]))
        await interaction.response.edit_message(content=text, view=view)
        return
    if step.endswith("x"):  # "another number": typed in a modal, then played as if clicked
        most = movable(state, step[:-1], args[0])
        await send_modal(interaction, CountModal(game_id, version, step[:-1], args, most, language))
        return
    action = action_of(state, user, step, args)
    if action is None:  # a choice made: the next one
        text, view = step_screen(row, state, user, step.removesuffix("2"), args, language)
        await interaction.response.edit_message(content=text, view=view)
        return
    result: ActResult = await svc.act(game_id, user, action, interaction_id=str(interaction.id))
    # the spent panel goes; the move is told in the channel; a fresh panel follows while it is your turn
    await interaction.response.edit_message(view=None)
    attack = step in ("atgo", "nvgo")
    view = v.attack_panel(result.game, result.state, await channel_lang(interaction)) \
        if attack and isinstance(result.state, SpqrState) else None
    await answer_public(interaction, result, view=view)
    fresh = result.state
    if isinstance(fresh, SpqrState) and fresh.status == "active" and fresh.order[fresh.current] == user:
        text, panel = first_screen(result.game, fresh, user, language)
        await send(interaction, text, ephemeral=True, view=panel)


class CountModal(discord.ui.Modal):
    """How many, when the number wanted has no button (a final move of 7 out of 15). The custom_id
    `araldo:spqr:pm:<game>:<version>:<step>:<args>` is all `count_submitted` needs, even after a restart."""

    def __init__(self, game_id: int, version: int, step: str, args: list[str], most: int, language: str) -> None:
        super().__init__(title=fit(how_many(args, language), 45),
                         custom_id=f"araldo:spqr:pm:{game_id}:{version}:{step}:{'.'.join(args)}")
        self.add_item(discord.ui.TextInput(label=t("spqr.panel.count_label", language, most=most)[:45],
                                           custom_id="count", max_length=4))


COUNT_MODAL = re.compile(r"araldo:spqr:pm:(?P<game>\d+):(?P<version>\d+):(?P<step>[a-z]{2}):(?P<args>[\w.]+)")


async def count_submitted(interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]) -> None:
    """The number typed in a CountModal, played as if its button had been clicked (a panel drawn for an
    older version is spent: the current one is offered)."""
    game_id, version, step = int(match["game"]), int(match["version"]), match["step"]
    args = [a for a in match["args"].split(".") if a]
    svc = service_of(interaction)
    row = await svc.get(game_id)
    typed = values.get("count", "").strip()
    if row.version == version:  # how many may move is read from the state the modal was opened on
        most = movable(_state(row, svc), step, args[0])
        if not typed.isdigit() or not 1 <= int(typed) <= most:
            raise RuleError("spqr.panel.bad_count", text=typed[:16], most=most)
    await panel_click(interaction, game_id, version, f"{step}go", [*args, str(int(typed)) if typed.isdigit() else "0"])


class PanelSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                  template=r"araldo:spqr:p:(?P<game>\d+):(?P<version>\d+):(?P<step>pl2?|rf|cd2?|cv|nv|at2?|mf2?|ld2?|fo2?)"
                           r":(?P<args>[\w.]*)(?::\d+)?"):
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
                  template=r"araldo:spqr:p:(?P<game>\d+):(?P<version>\d+):(?P<step>(?:[a-z]+go|[a-z]{2}x|mi|end|more)):(?P<args>[\w.]*)"):
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

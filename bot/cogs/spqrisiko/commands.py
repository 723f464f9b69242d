"""`/spqr`: SPQRisiko in the channel — every step of a turn, the private hand, the map, the score and
the odds of an attack. Parse the options, hand the action to the engine, answer with what happened."""

from __future__ import annotations

import asyncio
import importlib
import io
from collections import Counter
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.spqrisiko import panel
from bot.cogs.spqrisiko import views as v
from bot.cogs.spqrisiko.moves import split_names
from bot.cogs.spqrisiko.orders import orders_command
from bot.cogs.spqrisiko.table import table_moves
from bot.i18n import t
from bot.notifier import PANEL_KINDS, PRIVATE_SUMMARIES
from bot.painters import off_loop
from bot.pictures import board_attachment
from bot.storage.models import GameRow
from bot.tablemoves import register_table_moves
from bot.telling import register_log_names
from bot.translator import L
from bot.ui import (
    PANEL_OPENERS,
    OpenPanelButton,
    act,
    answer_modal,
    channel_lang,
    file_of,
    game_here,
    lang,
    player_id,
    send,
    service_of,
)
from bot.web.panels import register_page_fields
from engine.core import get_game
from engine.spqrisiko.board import CARD_SYMBOLS, board
from engine.spqrisiko.models import KIND, NEUTRAL_IDS, SpqrState, SpqrView
from engine.spqrisiko.odds import odds as attack_odds
from render.common import to_png

CARD_NAMES = {"legionario": "legionary", "nave": "ship", "colosseo": "colosseum", "vessillo": "banner"}
CARD_CHOICES = [app_commands.Choice(name=L(CARD_NAMES[s], f"spqrisiko.card.{s}"), value=s) for s in CARD_SYMBOLS]
# shared by /spqr attack and /spqr naval-attack
ROLL_CHOICES = [app_commands.Choice(name=L("once", "choice.spqr.once"), value="once"),
                app_commands.Choice(name=L("blitz", "choice.spqr.blitz"), value="blitz")]
# the origin and target options of attack, land and fortify (their help differs, their names do not)
FROM_TO = {"from_province": L("from_province", "opt.spqr.from"), "to_province": L("to_province", "opt.spqr.to")}
MAX_ODDS_ARMY = 150
_MAPS: dict[tuple[int, int, int, str], bytes] = {}
_MAPS_LIMIT = 64


async def here(interaction: discord.Interaction) -> tuple[GameRow, SpqrState]:
    row = await game_here(interaction, KIND)
    state = service_of(interaction).load_state(row)
    assert isinstance(state, SpqrState)
    return row, state


def render_labelled(view: SpqrView, labels: dict[str, str]) -> bytes:
    """render.spqrisiko with the caller's words (the registry's renderers take the view only)."""
    module: Any = importlib.import_module("render.spqrisiko")
    return to_png(module.render(view, labels))


def label_keys() -> list[str]:
    module: Any = importlib.import_module("render.spqrisiko")
    return list(module.LABELS)


async def map_file(row: GameRow, state: SpqrState, language: str) -> discord.File | None:
    """The public board with its few words in `language`, rendered off the event loop and cached."""
    assert row.id is not None
    key = (row.id, row.version, hash(row.snapshot_json), language)  # the hash: ids and versions may repeat
    data = _MAPS.get(key)
    if data is None:
        view = get_game(KIND).view(state, None)
        assert isinstance(view, SpqrView)
        labels = {k: t(f"spqrisiko.label.{k}", language) for k in label_keys()}
        data = await off_loop(render_labelled, view, labels)
        if len(_MAPS) >= _MAPS_LIMIT:
            _MAPS.pop(next(iter(_MAPS)))
        _MAPS[key] = data
    return discord.File(io.BytesIO(data), filename=f"{KIND}-{row.id}-v{row.version}-{language}.png")


def private_summary(state: SpqrState, user: str, language: str) -> str:
    """A player's private thread: their hand, and where the game stands."""
    game = get_game(KIND)
    view = game.view(state, user)
    assert isinstance(view, SpqrView)
    head = game.headline(state)
    return f"{hand_text(view, language)}\n{t(head.key, language, **head.params)}"


def hand_text(view: SpqrView, language: str) -> str:
    cards = Counter(view.hand or [])
    if not cards:
        return t("spqr.ui.hand_empty", language)
    items = [f"{t(f'spqrisiko.card.{s}', language)} ×{cards[s]}" for s in CARD_SYMBOLS if cards[s]]
    return t("spqr.ui.hand", language, count=sum(cards.values()), cards=items)


def score_text(row: GameRow, state: SpqrState, language: str) -> str:
    game = get_game(KIND)
    view = game.view(state, None)
    assert isinstance(view, SpqrView)
    headline = game.headline(state)
    lines = [f"**SPQRisiko** #{row.id} — {t(headline.key, language, **headline.params)}"]
    for p in view.players:
        marker = "▶ " if p.id == view.current else ""
        flags = ""
        if p.eliminated:
            flags = f" ({t('spqrisiko.label.out', language)})"
        elif p.autopilot:
            flags = f" ({t('spqrisiko.label.autopilot', language)})"
        lines.append(marker + t("spqr.ui.score_line", language, player=p.name, points=p.points,
                                target=view.target_points, provinces=p.provinces, legionaries=p.legionaries,
                                ships=p.ships, colossei=p.colossei, cards=p.cards) + flags)
    if view.turn_deadline is not None:
        lines.append(t("core.deadline", language, at=view.turn_deadline))
    return "\n".join(lines)


async def fight(interaction: discord.Interaction, row: GameRow, action: dict[str, Any]) -> None:
    """Play an attack (land or naval) and answer with the panel whose buttons roll on."""
    assert row.id is not None
    result = await service_of(interaction).act(row.id, str(interaction.user.id), action,
                                               interaction_id=str(interaction.id))
    await v.answer(interaction, result, panel=True)


def conquest_move_for(state: SpqrState, origin: str, target: str) -> bool:
    """Is `/spqr fortify origin target` the extra move into a province just conquered?"""
    move = state.turn.conquest_move if state.turn else None
    b = board()
    return move is not None and b.resolve_province(origin) == move.origin and b.resolve_province(target) == move.target


class SpqrCog(commands.Cog):
    group = app_commands.Group(name="spqr", description=L("Play SPQRisiko in this channel", "cmd.spqr.desc"),
                               guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.group.add_command(orders_command())

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(v.AttackButton, v.BlitzUntil, v.NavalButton, v.MoveInSelect,
                                   panel.PanelSelect, panel.PanelButton, OpenPanelButton)
        PANEL_OPENERS[KIND] = panel.open_panel
        PRIVATE_SUMMARIES[KIND] = private_summary
        PANEL_KINDS.add(KIND)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """The submits of the panel's "another number" modal, from their custom_ids."""
        await answer_modal(interaction, ((panel.COUNT_MODAL, panel.count_submitted),))

    # ---- setup ------------------------------------------------------------------------------------
    @group.command(name=L("place", "cmd.spqr.place"),
                   description=L("Setup: 2 legionaries on an empty province, 3 neutrals on another",
                                 "cmd.spqr.place.desc"))
    @app_commands.rename(province=L("province", "opt.spqr.province"),
                         neutral_province=L("neutral_province", "opt.spqr.neutral_province"),
                         neutral=L("neutral", "opt.spqr.neutral"))
    @app_commands.describe(province=L("Empty province for your 2 legionaries", "opt.spqr.place.desc"),
                           neutral_province=L("Empty province for 3 neutral legionaries",
                                              "opt.spqr.neutral_province.desc"),
                           neutral=L("Which neutral army (default: the one with most left)", "opt.spqr.neutral.desc"))
    @app_commands.choices(neutral=[app_commands.Choice(name=L("grey neutral", "spqrisiko.army.neutral-1"),
                                                       value="neutral-1"),
                                   app_commands.Choice(name=L("brown neutral", "spqrisiko.army.neutral-2"),
                                                       value="neutral-2")])
    @app_commands.autocomplete(province=v.empty_provinces, neutral_province=v.empty_provinces)
    async def place(self, interaction: discord.Interaction, province: str, neutral_province: str | None = None,
                    neutral: str | None = None) -> None:
        row, _ = await here(interaction)
        await act(interaction, row, {"type": "place", "province": province, "neutral_province": neutral_province,
                                     "neutral": neutral})

    # ---- reinforcements ---------------------------------------------------------------------------
    @group.command(name=L("play-cards", "cmd.spqr.play_cards"),
                   description=L("Play a set of three cards for reinforcements", "cmd.spqr.play_cards.desc"))
    @app_commands.rename(first=L("first", "opt.spqr.first"), second=L("second", "opt.spqr.second"),
                         third=L("third", "opt.spqr.third"), ship_seas=L("ship_seas", "opt.spqr.ship_seas"),
                         colossei=L("colossei", "opt.spqr.colossei"))
    @app_commands.describe(first=L("A card of the set", "opt.spqr.card.desc"),
                           second=L("A card of the set", "opt.spqr.card.desc"),
                           third=L("A card of the set", "opt.spqr.card.desc"),
                           ship_seas=L("Sea zones for the ships, comma-separated", "opt.spqr.ship_seas.desc"),
                           colossei=L("Provinces for the colossei, comma-separated", "opt.spqr.colossei.desc"))
    @app_commands.choices(first=CARD_CHOICES, second=CARD_CHOICES, third=CARD_CHOICES)
    @app_commands.autocomplete(ship_seas=v.ship_seas, colossei=v.colosseum_sites)
    async def play_cards(self, interaction: discord.Interaction, first: str, second: str, third: str,
                         ship_seas: str | None = None, colossei: str | None = None) -> None:
        row, _ = await here(interaction)
        await act(interaction, row, {"type": "play_cards", "symbols": [first, second, third],
                                     "ship_seas": split_names(ship_seas),
                                     "colosseum_provinces": split_names(colossei)})

    @group.command(name=L("reinforce", "cmd.spqr.reinforce"),
                   description=L("Put reinforcements in one of your provinces", "cmd.spqr.reinforce.desc"))
    @app_commands.rename(province=L("province", "opt.spqr.province"), count=L("count", "opt.spqr.count"))
    @app_commands.describe(province=L("One of your provinces", "opt.spqr.own.desc"),
                           count=L("How many legionaries", "opt.spqr.count.desc"))
    @app_commands.autocomplete(province=v.own_provinces)
    async def reinforce(self, interaction: discord.Interaction, province: str,
                        count: app_commands.Range[int, 1, 999] = 1) -> None:
        row, _ = await here(interaction)
        await act(interaction, row, {"type": "reinforce", "province": province, "count": count})

    @group.command(name=L("convert", "cmd.spqr.convert"),
                   description=L("A ship into 2 legionaries, or 3 legionaries into a ship", "cmd.spqr.convert.desc"))
    @app_commands.rename(what=L("what", "opt.spqr.what"), province=L("province", "opt.spqr.province"),
                         sea=L("sea", "opt.spqr.sea"))
    @app_commands.describe(what=L("Which way", "opt.spqr.what.desc"),
                           province=L("One of your provinces", "opt.spqr.own.desc"),
                           sea=L("A sea zone on that province's coast", "opt.spqr.coast.desc"))
    @app_commands.choices(what=[
        app_commands.Choice(name=L("ship -> 2 legionaries", "choice.spqr.ship_to_legionaries"),
                            value="ship_to_legionaries"),
        app_commands.Choice(name=L("3 legionaries -> ship", "choice.spqr.legionaries_to_ship"),
                            value="legionaries_to_ship")])
    @app_commands.autocomplete(province=v.own_provinces, sea=v.any_sea)
    async def convert(self, interaction: discord.Interaction, what: str, province: str, sea: str) -> None:
        row, _ = await here(interaction)
        await act(interaction, row, {"type": "convert", "what": what, "province": province, "sea": sea})

    # ---- ships ------------------------------------------------------------------------------------
    @group.command(name=L("move-fleet", "cmd.spqr.move_fleet"),
                   description=L("Your one naval move: ships to an adjacent sea zone", "cmd.spqr.move_fleet.desc"))
    @app_commands.rename(from_sea=L("from_sea", "opt.spqr.from_sea"), to_sea=L("to_sea", "opt.spqr.to_sea"),
                         count=L("count", "opt.spqr.count"))
    @app_commands.describe(from_sea=L("Where your ships are", "opt.spqr.from_sea.desc"),
                           to_sea=L("An adjacent sea zone", "opt.spqr.to_sea.desc"),
                           count=L("How many ships", "opt.spqr.ships.desc"))
    @app_commands.autocomplete(from_sea=v.fleet_seas, to_sea=v.next_seas)
    async def move_fleet(self, interaction: discord.Interaction, from_sea: str, to_sea: str,
                         count: app_commands.Range[int, 1, 999]) -> None:
        row, _ = await here(interaction)
        await act(interaction, row, {"type": "move_fleet", "from_sea": from_sea, "to_sea": to_sea, "count": count})

    @group.command(name=L("naval-attack", "cmd.spqr.naval_attack"),
                   description=L("Fight another player's ships in a sea zone", "cmd.spqr.naval_attack.desc"))
    @app_commands.rename(sea=L("sea", "opt.spqr.sea"), defender=L("defender", "opt.spqr.defender"),
                         rolls=L("rolls", "opt.spqr.rolls"))
    @app_commands.describe(sea=L("A sea zone with your ships", "opt.spqr.fleet_sea.desc"),
                           defender=L("Whose ships", "opt.spqr.defender.desc"),
                           rolls=L("One roll, or until a roll sinks nothing", "opt.spqr.naval_rolls.desc"))
    @app_commands.choices(rolls=ROLL_CHOICES)
    @app_commands.autocomplete(sea=v.fleet_seas, defender=v.rivals)
    async def naval_attack(self, interaction: discord.Interaction, sea: str, defender: str,
                           rolls: str = "blitz") -> None:
        row, _ = await here(interaction)
        await fight(interaction, row, {"type": "naval_attack", "sea": sea, "defender": defender, "rolls": rolls})

    # ---- land combat ------------------------------------------------------------------------------
    @group.command(name=L("attack", "cmd.spqr.attack"),
                   description=L("Attack an adjacent province; buttons roll on", "cmd.spqr.attack.desc"))
    @app_commands.rename(**FROM_TO, rolls=L("rolls", "opt.spqr.rolls"), stop_at=L("stop_at", "opt.spqr.stop_at"))
    @app_commands.describe(from_province=L("Your attacking province", "opt.spqr.from.desc"),
                           to_province=L("An adjacent enemy province", "opt.spqr.target.desc"),
                           rolls=L("One roll (default) or blitz", "opt.spqr.rolls.desc"),
                           stop_at=L("Blitz: stop when this many are left", "opt.spqr.stop_at.desc"))
    @app_commands.choices(rolls=ROLL_CHOICES)
    @app_commands.autocomplete(from_province=v.own_provinces, to_province=v.attack_targets)
    async def attack(self, interaction: discord.Interaction, from_province: str, to_province: str,
                     rolls: str = "once", stop_at: app_commands.Range[int, 1, 999] = 1) -> None:
        row, _ = await here(interaction)
        await fight(interaction, row, {"type": "attack", "from_province": from_province, "to_province": to_province,
                                       "rolls": rolls, "stop_at": stop_at})

    @group.command(name=L("land", "cmd.spqr.land"),
                   description=L("Land across a sea zone you dominate", "cmd.spqr.land.desc"))
    @app_commands.rename(**FROM_TO, count=L("count", "opt.spqr.count"), sea=L("sea", "opt.spqr.sea"))
    @app_commands.describe(from_province=L("Your coastal province", "opt.spqr.coastal.desc"),
                           to_province=L("An enemy province across the sea", "opt.spqr.landing_target.desc"),
                           count=L("Legionaries that sail", "opt.spqr.landing_count.desc"),
                           sea=L("Which shared sea zone (optional)", "opt.spqr.landing_sea.desc"))
    @app_commands.autocomplete(from_province=v.own_provinces, to_province=v.landing_targets, sea=v.any_sea)
    async def land(self, interaction: discord.Interaction, from_province: str, to_province: str,
                   count: app_commands.Range[int, 1, 999], sea: str | None = None) -> None:
        row, _ = await here(interaction)
        await act(interaction, row, {"type": "land", "from_province": from_province, "to_province": to_province,
                                     "count": count, "sea": sea})

    # ---- end of turn ------------------------------------------------------------------------------
    @group.command(name=L("fortify", "cmd.spqr.fortify"),
                   description=L("Move legionaries: into a fresh conquest, or the final move",
                                 "cmd.spqr.fortify.desc"))
    @app_commands.rename(**FROM_TO, count=L("count", "opt.spqr.count"))
    @app_commands.describe(from_province=L("One of your provinces", "opt.spqr.own.desc"),
                           to_province=L("An adjacent province of yours", "opt.spqr.fortify_to.desc"),
                           count=L("How many legionaries", "opt.spqr.count.desc"))
    @app_commands.autocomplete(from_province=v.own_provinces, to_province=v.fortify_targets)
    async def fortify(self, interaction: discord.Interaction, from_province: str, to_province: str,
                      count: app_commands.Range[int, 1, 999]) -> None:
        row, state = await here(interaction)
        if conquest_move_for(state, from_province, to_province):
            await act(interaction, row, {"type": "move_in", "count": count})
            return
        await act(interaction, row, {"type": "fortify", "from_province": from_province,
                                     "to_province": to_province, "count": count}, board=True)

    @group.command(name=L("turn", "cmd.spqr.turn"),
                   description=L("Your private panel: play your turn with buttons", "cmd.spqr.turn.desc"))
    async def turn(self, interaction: discord.Interaction) -> None:
        row, _ = await here(interaction)
        await panel.open_panel(interaction, row)

    @group.command(name=L("end-turn", "cmd.spqr.end_turn"),
                   description=L("End your turn without the final move", "cmd.spqr.end_turn.desc"))
    async def end_turn(self, interaction: discord.Interaction) -> None:
        row, _ = await here(interaction)
        await act(interaction, row, {"type": "end_turn"}, board=True)

    # ---- looking ----------------------------------------------------------------------------------
    @group.command(name=L("hand", "cmd.spqr.hand"), description=L("Your cards, only for you", "cmd.spqr.hand.desc"))
    async def hand(self, interaction: discord.Interaction) -> None:
        language = lang(interaction)
        _, state = await here(interaction)
        user = player_id(interaction, state)
        view = get_game(KIND).view(state, user)
        assert isinstance(view, SpqrView)
        await send(interaction, hand_text(view, language), ephemeral=True)

    @group.command(name=L("map", "cmd.spqr.map"), description=L("The board, for everyone", "cmd.spqr.map.desc"))
    async def map(self, interaction: discord.Interaction) -> None:
        language = await channel_lang(interaction)
        row, state = await here(interaction)
        await interaction.response.defer(thinking=True)
        headline = get_game(KIND).headline(state)
        file = await map_file(row, state, language)
        if file is None:  # pragma: no cover - the renderer is shipped with the engine
            file = file_of(await board_attachment(row, state, None))
        await send(interaction, t(headline.key, language, **headline.params), file=file)

    @group.command(name=L("score", "cmd.spqr.score"),
                   description=L("Points, provinces, fleets and cards of every player", "cmd.spqr.score.desc"))
    async def score(self, interaction: discord.Interaction) -> None:
        row, state = await here(interaction)
        await send(interaction, score_text(row, state, await channel_lang(interaction)))

    @group.command(name=L("odds", "cmd.spqr.odds"),
                   description=L("Exact chances of an attack", "cmd.spqr.odds.desc"))
    @app_commands.rename(attacker=L("attacker", "opt.spqr.attacker"), defender=L("defender", "opt.spqr.defender"),
                         stop_at=L("stop_at", "opt.spqr.stop_at"), landing=L("landing", "opt.spqr.landing"))
    @app_commands.describe(attacker=L("Legionaries in the attacking province", "opt.spqr.attacker.desc"),
                           defender=L("Legionaries defending", "opt.spqr.defenders.desc"),
                           stop_at=L("Blitz: stop when this many are left", "opt.spqr.stop_at.desc"),
                           landing=L("A landing force (all of it rolls, to the end: stop_at does not apply)",
                                     "opt.spqr.landing.desc"))
    async def odds(self, interaction: discord.Interaction, attacker: app_commands.Range[int, 1, MAX_ODDS_ARMY],
                   defender: app_commands.Range[int, 1, MAX_ODDS_ARMY],
                   stop_at: app_commands.Range[int, 1, MAX_ODDS_ARMY] = 1, landing: bool = False) -> None:
        language = lang(interaction)
        result = await asyncio.to_thread(attack_odds, attacker, defender, stop_at=stop_at, landing=landing)
        key = "spqr.ui.odds_landing" if landing else "spqr.ui.odds"
        await send(interaction, t(key, language, attacker=attacker, defender=defender, stop_at=stop_at,
                                  win=f"{result.win * 100:.1f}",
                                  attackers_left=f"{result.expected_attackers_left:.1f}",
                                  defenders_left=f"{result.expected_defenders_left:.1f}"), ephemeral=True)


def log_names(state: Any, language: str) -> dict[str, str]:
    """Provinces, seas and neutral armies as players read them (for /game log)."""
    b = board()
    names = {pid: p.name for pid, p in b.provinces.items()}
    names.update({sid: s.name for sid, s in b.seas.items()})
    names.update({n: t(f"spqrisiko.army.{n}", language) for n in NEUTRAL_IDS})
    return names


async def setup(bot: commands.Bot) -> None:
    register_log_names(KIND, log_names)
    register_page_fields(KIND, words={"hand": "spqrisiko.card"})  # the hand's cards by their names
    await bot.add_cog(SpqrCog(bot))


register_table_moves(KIND, table_moves)  # at import, as the log's names: the web pages read it without Discord

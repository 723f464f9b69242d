"""`/galactica`: Imperium Galactica in the channel — every phase of a turn, the private panel, the
galaxy, planet boards, the player's stock; the odds of a battle are in odds.py. Parse the options, hand the
action to the engine, answer with what happened."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.galactica import views as v
from bot.cogs.galactica.lab import LAB_GAMES
from bot.cogs.galactica.lab import run as run_lab_command
from bot.cogs.galactica.odds import odds_command
from bot.cogs.galactica.orders import orders_command
from bot.cogs.galactica.table import table_moves
from bot.cogs.galactica.texts import battle_text, private_summary
from bot.cogs.galactica.views import KIND
from bot.cogs.options import option
from bot.i18n import t
from bot.notifier import PANEL_KINDS, PRIVATE_SUMMARIES
from bot.storage.models import GameRow
from bot.tablemoves import register_table_moves
from bot.translator import L
from bot.ui import PANEL_OPENERS, channel_lang, game_here, lang, player_id, send, service_of
from engine.core import get_game
from engine.galactica.models import GalacticaState

UNITS = [app_commands.Choice(name=L(n, f"galactica.unit.{k}"), value=k)
         for k, n in (("fighter", "fighters"), ("torpedo", "torpedo boats"), ("colony", "colony ships"),
                      ("tank", "tanks"))]
BUILDINGS = [app_commands.Choice(name=L(n, f"galactica.building.{k}"), value=k)
             for k, n in (("shipyard", "Shipyard"), ("tank_factory", "Tank Factory"), ("treasury", "Treasury"),
                          ("cannon", "Interstellar Cannon"), ("turret", "Ground Turret"))]
RESOURCES = [app_commands.Choice(name=L(n, f"galactica.resource.{n}"), value=n) for n in ("fuel", "metal", "stone")]
# the offer's options, in the order of engine.galactica.models.GOODS
GOODS = ("ndri", "fuel", "metal", "stone", "fighters", "torpedoes", "colony_ships", "tanks")
FIELDS = ("ndri", "fuel", "metal", "stone", "fighter", "torpedo", "colony", "tank")
SHIPS = {"fighters": L("fighters", "opt.gal.fighters"), "torpedoes": L("torpedoes", "opt.gal.torpedoes"),
         "colony_ships": L("colony_ships", "opt.gal.colony_ships")}


# the fleet a command moves or uses: every fleet command's first option, your fleets offered as you type
fleet_option = option("fleet", L("fleet", "opt.gal.fleet"), L("The cell of your fleet (e.g. C4)", "opt.gal.fleet.desc"),
                      autocomplete=v.own_fleets)


def ships_of(fighters: int, torpedoes: int, colony_ships: int) -> dict[str, int]:
    return {k: n for k, n in (("fighter", fighters), ("torpedo", torpedoes), ("colony", colony_ships)) if n}


async def here(interaction: discord.Interaction) -> tuple[GameRow, GalacticaState]:
    row = await game_here(interaction, KIND)
    state = service_of(interaction).load_state(row)
    assert isinstance(state, GalacticaState)
    return row, state


async def play(interaction: discord.Interaction, action: dict[str, Any]) -> None:
    row, _ = await here(interaction)
    assert row.id is not None
    result = await service_of(interaction).act(row.id, str(interaction.user.id), action,
                                               interaction_id=str(interaction.id))
    await v.answer(interaction, result)


class GalacticaCog(commands.Cog):
    group = app_commands.Group(name="galactica", description=L("Play Imperium Galactica in this channel",
                                                               "cmd.gal.desc"), guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.group.add_command(orders_command())
        self.group.add_command(odds_command())

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(v.ActionSelect, v.TradeButton)
        PANEL_OPENERS[KIND] = v.open_panel
        PRIVATE_SUMMARIES[KIND] = private_summary
        PANEL_KINDS.add(KIND)

    @group.command(name=L("panel", "cmd.gal.panel"), description=L("What you may do now, only for you",
                                                                   "cmd.gal.panel.desc"))
    async def panel(self, interaction: discord.Interaction) -> None:
        row, state = await here(interaction)
        text, view = v.panel(row, state, str(interaction.user.id), lang(interaction))
        await send(interaction, text, ephemeral=True, view=view)

    @group.command(name=L("direction", "cmd.gal.direction"),
                   description=L("Lowest roll: choose the direction of play", "cmd.gal.direction.desc"))
    @app_commands.rename(direction=L("direction", "opt.gal.direction"))
    @app_commands.describe(direction=L("Clockwise or counter-clockwise", "opt.gal.direction.desc"))
    @app_commands.choices(direction=[
        app_commands.Choice(name=L("clockwise", "galactica.direction.clockwise"), value="clockwise"),
        app_commands.Choice(name=L("counter-clockwise", "galactica.direction.counterclockwise"),
                            value="counterclockwise")])
    async def direction(self, interaction: discord.Interaction, direction: str) -> None:
        await play(interaction, {"type": "choose_direction", "direction": direction})

    @group.command(name=L("produce", "cmd.gal.produce"),
                   description=L("Production: pay for units on a planet with the right factory",
                                 "cmd.gal.produce.desc"))
    @app_commands.rename(planet=L("planet", "opt.gal.planet"), unit=L("unit", "opt.gal.unit"),
                         count=L("count", "opt.gal.count"))
    @app_commands.describe(planet=L("One of your planets", "opt.gal.own_planet.desc"),
                           unit=L("What to produce", "opt.gal.unit.desc"),
                           count=L("Units paid for (productivity multiplies them)", "opt.gal.count.desc"))
    @app_commands.choices(unit=UNITS)
    @app_commands.autocomplete(planet=v.own_planets)
    async def produce(self, interaction: discord.Interaction, planet: str, unit: str,
                      count: app_commands.Range[int, 1, 100] = 1) -> None:
        await play(interaction, {"type": "produce", "planet": planet, "unit": unit, "count": count})

    @group.command(name=L("move", "cmd.gal.move"),
                   description=L("Move a fleet (or part of it) along a path of cells", "cmd.gal.move.desc"))
    @fleet_option
    @app_commands.rename(path=L("path", "opt.gal.path"), **SHIPS, tanks=L("tanks", "opt.gal.tanks"))
    @app_commands.describe(path=L("Cells one after the other, e.g. C5 D5", "opt.gal.path.desc"),
                           fighters=L("Detachment: fighters that go", "opt.gal.part.desc"),
                           torpedoes=L("Detachment: torpedo boats that go", "opt.gal.part_torpedoes.desc"),
                           colony_ships=L("Detachment: colony ships that go", "opt.gal.part_colony.desc"),
                           tanks=L("Detachment: tanks it carries", "opt.gal.part_tanks.desc"))
    async def move(self, interaction: discord.Interaction, fleet: str, path: str,
                   fighters: app_commands.Range[int, 0, 99] = 0, torpedoes: app_commands.Range[int, 0, 99] = 0,
                   colony_ships: app_commands.Range[int, 0, 99] = 0,
                   tanks: app_commands.Range[int, 0, 500] | None = None) -> None:
        steps = [s for s in path.replace(",", " ").replace(">", " ").split() if s]
        part = ships_of(fighters, torpedoes, colony_ships)
        action: dict[str, Any] = {"type": "move", "fleet": fleet, "path": steps or [path]}
        if part:
            action["ships"] = part
            action["tanks"] = tanks or 0
        await play(interaction, action)

    @group.command(name=L("colonize", "cmd.gal.colonize"),
                   description=L("Colonise the free planet your fleet is on", "cmd.gal.colonize.desc"))
    @fleet_option
    async def colonize(self, interaction: discord.Interaction, fleet: str) -> None:
        await play(interaction, {"type": "colonize", "fleet": fleet})

    @group.command(name=L("load", "cmd.gal.load"),
                   description=L("Load tanks from your planet (negative: unload)", "cmd.gal.load.desc"))
    @fleet_option
    @app_commands.rename(tanks=L("tanks", "opt.gal.tanks"))
    @app_commands.describe(tanks=L("Tanks to load; negative to unload", "opt.gal.load.desc"))
    async def load(self, interaction: discord.Interaction, fleet: str,
                   tanks: app_commands.Range[int, -500, 500]) -> None:
        await play(interaction, {"type": "load", "fleet": fleet, "tanks": tanks})

    @group.command(name=L("line", "cmd.gal.line"),
                   description=L("Battle: the three ships that fight first", "cmd.gal.line.desc"))
    @app_commands.rename(**SHIPS)
    async def line(self, interaction: discord.Interaction, fighters: app_commands.Range[int, 0, 6] = 0,
                   torpedoes: app_commands.Range[int, 0, 6] = 0, colony_ships: app_commands.Range[int, 0, 6] = 0,
                   ) -> None:
        await play(interaction, {"type": "pick_line", "ships": ships_of(fighters, torpedoes, colony_ships)})

    @group.command(name=L("lose", "cmd.gal.lose"),
                   description=L("Asteroids: the ships you give up", "cmd.gal.lose.desc"))
    @app_commands.rename(**SHIPS)
    async def lose(self, interaction: discord.Interaction, fighters: app_commands.Range[int, 0, 99] = 0,
                   torpedoes: app_commands.Range[int, 0, 99] = 0,
                   colony_ships: app_commands.Range[int, 0, 99] = 0) -> None:
        await play(interaction, {"type": "lose_ships", "ships": ships_of(fighters, torpedoes, colony_ships)})

    @group.command(name=L("land", "cmd.gal.land"),
                   description=L("Ground assault: tanks that land (0 stays in orbit)", "cmd.gal.land.desc"))
    @app_commands.rename(tanks=L("tanks", "opt.gal.tanks"))
    async def land(self, interaction: discord.Interaction, tanks: app_commands.Range[int, 0, 500]) -> None:
        await play(interaction, {"type": "land", "tanks": tanks})

    @group.command(name=L("build", "cmd.gal.build"),
                   description=L("Build on a slot of your planet's 3x3 board", "cmd.gal.build.desc"))
    @app_commands.rename(planet=L("planet", "opt.gal.planet"), slot=L("slot", "opt.gal.slot"),
                         building=L("building", "opt.gal.building"))
    @app_commands.describe(planet=L("One of your planets", "opt.gal.own_planet.desc"),
                           slot=L("Slot 1-9", "opt.gal.slot.desc"), building=L("What to build", "opt.gal.building.desc"))
    @app_commands.choices(building=BUILDINGS)
    @app_commands.autocomplete(planet=v.own_planets)
    async def build(self, interaction: discord.Interaction, planet: str, slot: app_commands.Range[int, 1, 9],
                    building: str) -> None:
        await play(interaction, {"type": "build", "planet": planet, "slot": slot, "building": building})

    @group.command(name=L("market-draw", "cmd.gal.market_draw"),
                   description=L("Market: draw the top card", "cmd.gal.market_draw.desc"))
    @fleet_option
    async def market_draw(self, interaction: discord.Interaction, fleet: str) -> None:
        await play(interaction, {"type": "market_draw", "fleet": fleet})

    @group.command(name=L("market-deal", "cmd.gal.market_deal"),
                   description=L("Market: buy the card you drew, or pass", "cmd.gal.market_deal.desc"))
    @app_commands.rename(buy=L("buy", "opt.gal.buy"))
    async def market_deal(self, interaction: discord.Interaction, buy: bool) -> None:
        await play(interaction, {"type": "market_decide", "buy": buy})

    @group.command(name=L("market-raw", "cmd.gal.market_raw"),
                   description=L("Market: buy (positive) or sell (negative) raw materials", "cmd.gal.market_raw.desc"))
    @fleet_option
    @app_commands.rename(resource=L("resource", "opt.gal.resource"), amount=L("amount", "opt.gal.amount"))
    @app_commands.describe(amount=L("Positive buys, negative sells", "opt.gal.amount.desc"))
    @app_commands.choices(resource=RESOURCES)
    async def market_raw(self, interaction: discord.Interaction, fleet: str, resource: str,
                         amount: app_commands.Range[int, -10_000, 10_000]) -> None:
        await play(interaction, {"type": "market_raw", "fleet": fleet, "resource": resource, "amount": amount})

    @group.command(name=L("casino-bet", "cmd.gal.casino_bet"),
                   description=L("Casino: stake, or raise after a tie", "cmd.gal.casino_bet.desc"))
    @fleet_option
    @app_commands.rename(amount=L("amount", "opt.gal.amount"))
    @app_commands.describe(amount=L("Ndri", "opt.gal.ndri.desc"))
    async def casino_bet(self, interaction: discord.Interaction, fleet: str,
                         amount: app_commands.Range[int, 1, 100_000_000]) -> None:
        await play(interaction, {"type": "casino_bet", "fleet": fleet, "amount": amount})

    @group.command(name=L("casino-leave", "cmd.gal.casino_leave"),
                   description=L("Casino: leave the table after a tie", "cmd.gal.casino_leave.desc"))
    @fleet_option
    async def casino_leave(self, interaction: discord.Interaction, fleet: str) -> None:
        await play(interaction, {"type": "casino_leave", "fleet": fleet})

    @group.command(name=L("offer", "cmd.gal.offer"),
                   description=L("Trade: offer Ndri, raw materials, ships or tanks to a faction", "cmd.gal.offer.desc"))
    @app_commands.rename(player=L("player", "opt.gal.player"), **{f"{w}_{g}": L(f"{w}_{g}", f"opt.gal.{w}_{g}")
                                                                    for w in ("give", "want") for g in GOODS},
                         at=L("at", "opt.gal.at"))
    @app_commands.describe(at=L("The Casino cell where ships and tanks change hands", "opt.gal.at.desc"))
    @app_commands.autocomplete(player=v.rivals)
    async def offer(self, interaction: discord.Interaction, player: str,
                    give_ndri: app_commands.Range[int, 0, 10_000_000] = 0, give_fuel: app_commands.Range[int, 0, 999] = 0,
                    give_metal: app_commands.Range[int, 0, 999] = 0, give_stone: app_commands.Range[int, 0, 999] = 0,
                    give_fighters: app_commands.Range[int, 0, 99] = 0, give_torpedoes: app_commands.Range[int, 0, 99] = 0,
                    give_colony_ships: app_commands.Range[int, 0, 99] = 0, give_tanks: app_commands.Range[int, 0, 99] = 0,
                    want_ndri: app_commands.Range[int, 0, 10_000_000] = 0, want_fuel: app_commands.Range[int, 0, 999] = 0,
                    want_metal: app_commands.Range[int, 0, 999] = 0, want_stone: app_commands.Range[int, 0, 999] = 0,
                    want_fighters: app_commands.Range[int, 0, 99] = 0, want_torpedoes: app_commands.Range[int, 0, 99] = 0,
                    want_colony_ships: app_commands.Range[int, 0, 99] = 0, want_tanks: app_commands.Range[int, 0, 99] = 0,
                    at: str | None = None) -> None:
        give = [give_ndri, give_fuel, give_metal, give_stone, give_fighters, give_torpedoes, give_colony_ships, give_tanks]
        want = [want_ndri, want_fuel, want_metal, want_stone, want_fighters, want_torpedoes, want_colony_ships, want_tanks]
        await play(interaction, {"type": "trade_offer", "to": player, "at": at,
                                 "give": dict(zip(FIELDS, give, strict=True)),
                                 "want": dict(zip(FIELDS, want, strict=True))})

    @group.command(name=L("end-phase", "cmd.gal.end_phase"),
                   description=L("Close this phase (after building: end the turn)", "cmd.gal.end_phase.desc"))
    async def end_phase(self, interaction: discord.Interaction) -> None:
        await play(interaction, {"type": "end_phase"})

    # ---- looking ----------------------------------------------------------------------------------
    @group.command(name=L("map", "cmd.gal.map"), description=L("The galaxy, for everyone", "cmd.gal.map.desc"))
    @app_commands.rename(full=L("full", "opt.gal.full"))
    @app_commands.describe(full=L("The full-size map, with every name and ship type", "opt.gal.full.desc"))
    async def map(self, interaction: discord.Interaction, full: bool = False) -> None:
        language = await channel_lang(interaction)  # a public post: the channel's language
        row, state = await here(interaction)
        await interaction.response.defer(thinking=True)
        headline = get_game(KIND).headline(state)
        await send(interaction, t(headline.key, language, **headline.params),
                   file=await v.galaxy_file(row, state, language, full))
        if full:  # the whole galaxy is too small to read at chat size: the busiest part follows, larger
            await interaction.followup.send(file=await v.zoom_file(row, state, language))

    @group.command(name=L("battle", "cmd.gal.battle"),
                   description=L("The latest battle, exchange by exchange", "cmd.gal.battle.desc"))
    @app_commands.rename(back=L("back", "opt.gal.back"))
    @app_commands.describe(back=L("1 the latest battle, 2 the one before, ...", "opt.gal.back.desc"))
    async def battle(self, interaction: discord.Interaction, back: app_commands.Range[int, 1, 20] = 1) -> None:
        _, state = await here(interaction)
        await send(interaction, battle_text(state, await channel_lang(interaction), back))

    @group.command(name=L("planet", "cmd.gal.planet"),
                   description=L("A planet's card and its 3x3 buildings", "cmd.gal.planet.desc"))
    @app_commands.rename(name=L("name", "opt.gal.name"))
    @app_commands.describe(name=L("A discovered planet", "opt.gal.any_planet.desc"))
    @app_commands.autocomplete(name=v.any_planet)
    async def planet(self, interaction: discord.Interaction, name: str) -> None:
        row, state = await here(interaction)
        file = await v.planet_file(row, state, name, await channel_lang(interaction))
        await send(interaction, name, file=file)

    @group.command(name=L("me", "cmd.gal.me"), description=L("Your stock, only for you", "cmd.gal.me.desc"))
    async def me(self, interaction: discord.Interaction) -> None:
        language = lang(interaction)
        row, state = await here(interaction)
        user = player_id(interaction, state)
        f = state.factions[user]
        text = t("galactica.ui.me", language, ndri=f.ndri, fuel=f.fuel, metal=f.metal, stone=f.stone)
        await send(interaction, text, ephemeral=True, file=await v.stock_file(row, state, user, language))

    @group.command(name=L("lab", "cmd.gal.lab"),
                   description=L("Moderators: seeded autopilot games per setting variant, side by side",
                                 "cmd.gal.lab.desc"))
    @app_commands.rename(games=L("games", "opt.gal.games"), players=L("players", "opt.gal.players"),
                         seed=L("seed", "opt.gal.seed"), variants=L("variants", "opt.gal.variants"),
                         max_rounds=L("max_rounds", "opt.gal.max_rounds"))
    @app_commands.describe(games=L("Games per variant", "opt.gal.games.desc"),
                           variants=L("Presets (araldo, literal) or name:setting=value,... separated by spaces",
                                      "opt.gal.variants.desc"))
    async def lab(self, interaction: discord.Interaction, games: app_commands.Range[int, 1, LAB_GAMES] = 10,
                  players: app_commands.Range[int, 2, 4] = 2, seed: app_commands.Range[int, 0, 2**31] = 1,
                  variants: str = "araldo literal", max_rounds: app_commands.Range[int, 1, 200] = 60) -> None:
        await run_lab_command(interaction, games, players, seed, variants, max_rounds)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GalacticaCog(bot))


register_table_moves(KIND, table_moves)  # at import, as the log's names: the web pages read it without Discord

"""`/galactica odds`: the exact chance of each way a space or ground battle can end, for the caller only,
in their language, as a table and a picture. The forces come from the board (a fleet, the cell or
planet it attacks, the battle or landing under way: engine/galactica/line_ups.py) and from the counts
the caller gives; the odds are engine/galactica/battle_odds.py's, computed with the picture off the
event loop (a board process when they run)."""

from __future__ import annotations

import io
from typing import Any, Literal

import discord
from discord import app_commands

from bot.cogs.channel_state import live_state
from bot.cogs.galactica.views import KIND, matching, own_fleets
from bot.i18n import t
from bot.painters import off_loop
from bot.pictures import picture_labels
from bot.translator import L
from bot.ui import game_here, lang, send, service_of
from engine.core import GameState, RuleError
from engine.galactica.battle_odds import BattleOdds, check, odds_of
from engine.galactica.line_ups import LineUp, from_board
from engine.galactica.models import GalacticaSettings, GalacticaState
from engine.galactica.planets import card
from engine.galactica.telling import units_said
from render.common import to_png
from render.galactica.odds_chart import percent, render_odds

TABLE_ROWS = 24  # past this, the least likely ends are summed in one row
SPACE = {"fighters": "fighter", "torpedoes": "torpedo", "colony_ships": "colony"}
ENEMY_SPACE = {"enemy_fighters": "fighter", "enemy_torpedoes": "torpedo", "enemy_colony_ships": "colony",
               "enemy_cannons": "cannon"}
GROUND = {"tanks": "tank"}
ENEMY_GROUND = {"enemy_tanks": "tank", "enemy_turrets": "turret"}
COUNTS = [*SPACE, *ENEMY_SPACE, *GROUND, *ENEMY_GROUND]


def answer(up: LineUp, settings: GalacticaSettings, labels: dict[str, str] | None) -> tuple[BattleOdds, bytes]:
    """The odds and their picture (in a board process when they run: the chain can take a few seconds)."""
    odds = odds_of(up, settings)
    return odds, to_png(render_odds(odds, labels))


def _units(units: dict[str, int]) -> list[dict[str, object]]:
    return units_said([u for u, n in units.items() for _ in range(n)])


def odds_text(odds: BattleOdds, language: str) -> str:
    decimal = "," if language == "it" else "."
    side = {"attacker": t("galactica.odds.attacker", language), "defender": t("galactica.odds.defender", language),
            "none": t("galactica.odds.stand_off", language)}
    lines = [t(f"galactica.odds.title_{odds.kind}", language, cell=odds.cell or "-") if odds.cell
             else t(f"galactica.odds.title_{odds.kind}_nowhere", language),
             t("galactica.odds.sides" if odds.attacker_name and odds.defender_name else "galactica.odds.forces",
               language, attacker=odds.attacker_name, defender=odds.defender_name,
               attacker_units=_units(odds.attacker), defender_units=_units(odds.defender))]
    if odds.kind == "space":
        lines.append(t("galactica.odds.lines", language, attacker_line=_units(_count(odds.attacker_line)),
                       defender_line=_units(_count(odds.defender_line))))
    lines.append(t("galactica.odds.summary", language, win=percent(odds.chance("attacker"), decimal),
                   lose=percent(odds.chance("defender"), decimal)))
    if odds.chance("none"):
        lines.append(t("galactica.odds.stand_off_chance", language, chance=percent(odds.chance("none"), decimal)))
    lines.append(t("galactica.odds.expected", language,
                   attacker=f"{odds.expected_left('attacker'):.2f}".replace(".", decimal),
                   defender=f"{odds.expected_left('defender'):.2f}".replace(".", decimal)))
    rows = odds.by_units_left()
    shown = rows if len(rows) <= TABLE_ROWS else sorted(rows, key=lambda r: -r[2])[:TABLE_ROWS - 1]
    table = [(side[w], str(n) if w != "none" else "-", percent(p, decimal)) for w, n, p in rows if (w, n, p) in shown]
    if len(shown) < len(rows):
        rest = sum(p for r in rows if r not in shown for p in (r[2],))
        table.append((t("galactica.odds.others", language), "", percent(rest, decimal)))
    head = (t("galactica.odds.col_winner", language), t("galactica.odds.col_left", language),
            t("galactica.odds.col_chance", language))
    widths = [max(len(r[i]) for r in [head, *table]) for i in range(3)]
    body = [f"{a:<{widths[0]}}  {b:>{widths[1]}}  {c:>{widths[2]}}" for a, b, c in [head, *table]]
    return "\n".join(lines) + "\n```\n" + "\n".join(body) + "\n```"


def _count(line: list[str]) -> dict[str, int]:
    return {u: line.count(u) for u in dict.fromkeys(line)}


async def targets(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Cells with another faction's fleet, and planets someone holds."""
    state = await live_state(interaction, KIND)
    if not isinstance(state, GalacticaState):
        return []
    user = str(interaction.user.id)
    names = [f.cell for f in state.fleets if f.owner != user]
    names += [card(k).name for k, p in state.planets.items() if p.owner is not None and p.owner != user]
    return matching(names, current)


def _counts(given: dict[str, int | None], names: dict[str, str]) -> dict[str, int | None]:
    return {unit: given[name] for name, unit in names.items()}


async def line_up(interaction: discord.Interaction, ground: bool, fleet: str | None, target: str | None,
                  counts: dict[str, int | None]) -> tuple[LineUp, GalacticaSettings]:
    kind: Literal["space", "ground"] = "ground" if ground else "space"
    other = (SPACE | ENEMY_SPACE) if ground else (GROUND | ENEMY_GROUND)
    if any(counts[name] is not None for name in other):
        raise RuleError("galactica.ui.odds_mixed")
    state: GameState | None = None
    if fleet is not None or target is not None:
        state = service_of(interaction).load_state(await game_here(interaction, KIND))
    else:
        state = await live_state(interaction, KIND)
    up = LineUp(kind=kind)
    settings = GalacticaSettings()
    if isinstance(state, GalacticaState):
        settings = state.settings
        up = from_board(state, kind, fleet, target, str(interaction.user.id))
    mine, theirs = (GROUND, ENEMY_GROUND) if ground else (SPACE, ENEMY_SPACE)
    return up.given(_counts(counts, mine), _counts(counts, theirs)), settings


def odds_command() -> app_commands.Command[Any, ..., None]:
    """A fresh `/galactica odds` command (each cog instance gets its own)."""

    @app_commands.command(name=L("odds", "cmd.gal.odds"),
                          description=L("Exact chances of a space or ground battle (only you see them)",
                                        "cmd.gal.odds.desc"))
    @app_commands.rename(fleet=L("fleet", "opt.gal.fleet"), target=L("target", "opt.gal.target"),
                         ground=L("ground", "opt.gal.ground"),
                         **{name: L(name, f"opt.gal.{name}") for name in COUNTS})
    @app_commands.describe(fleet=L("The attacking fleet's cell (its ships, or its tanks on the ground)",
                                   "opt.gal.odds_fleet.desc"),
                           target=L("The cell or planet attacked (the fleet and cannons there, or its tanks and turrets)",
                                    "opt.gal.target.desc"),
                           ground=L("A ground battle: tanks landing on a planet", "opt.gal.ground.desc"),
                           **{name: L("Instead of what the board says", "opt.gal.odds_count.desc") for name in COUNTS})
    @app_commands.autocomplete(fleet=own_fleets, target=targets)
    async def odds(interaction: discord.Interaction, fleet: str | None = None, target: str | None = None,
                   ground: bool = False, fighters: app_commands.Range[int, 0, 99] | None = None,
                   torpedoes: app_commands.Range[int, 0, 99] | None = None,
                   colony_ships: app_commands.Range[int, 0, 99] | None = None,
                   enemy_fighters: app_commands.Range[int, 0, 99] | None = None,
                   enemy_torpedoes: app_commands.Range[int, 0, 99] | None = None,
                   enemy_colony_ships: app_commands.Range[int, 0, 99] | None = None,
                   enemy_cannons: app_commands.Range[int, 0, 9] | None = None,
                   tanks: app_commands.Range[int, 0, 500] | None = None,
                   enemy_tanks: app_commands.Range[int, 0, 500] | None = None,
                   enemy_turrets: app_commands.Range[int, 0, 9] | None = None) -> None:
        language = lang(interaction)
        counts = {"fighters": fighters, "torpedoes": torpedoes, "colony_ships": colony_ships,
                  "enemy_fighters": enemy_fighters, "enemy_torpedoes": enemy_torpedoes,
                  "enemy_colony_ships": enemy_colony_ships, "enemy_cannons": enemy_cannons, "tanks": tanks,
                  "enemy_tanks": enemy_tanks, "enemy_turrets": enemy_turrets}
        up, settings = await line_up(interaction, ground, fleet, target, counts)
        check(up, settings)  # refused in words here, before any work is sent away
        await interaction.response.defer(ephemeral=True, thinking=True)
        result, png = await off_loop(answer, up, settings, picture_labels(KIND, language))
        await send(interaction, odds_text(result, language), ephemeral=True,
                   file=discord.File(io.BytesIO(png), filename=f"galactica-odds-{result.kind}.png"))

    return odds

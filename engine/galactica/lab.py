"""The designers' lab: N seeded autopilot games for each of several setting variants, side by side.

Each variant plays the same seeds, so the differences are the settings' and not the dice's. For each
it reports the length (rounds, and days if every turn used its whole deadline), win shares by seat in
turn order, eliminations by cause (and how many came before the first battle, i.e. before any
player interaction), the economy per round (mean Ndri, mean raw materials of the factions still in),
and the Casino's use. Pure and reproducible: the same seed gives the same report on every machine.
"""

from __future__ import annotations

from collections import Counter
from statistics import mean

from pydantic import BaseModel

from engine.core import RuleError
from engine.galactica.game import Galactica
from engine.galactica.models import GalacticaSettings
from engine.galactica.simulation import GameResult, play_one

# the variants a designer starts from: Araldo's rulings, and the alpha rulebook read literally
PRESETS: dict[str, dict[str, object]] = {
    "araldo": {},
    "literal": {"asteroids_spare_last_fighter": False, "planetless_fleets_move": False,
                "defending_fighters_twice": True, "turret_tank_bonus": 0, "trade_units": False},
}
MAX_GAMES = 200


class Variant(BaseModel):
    name: str
    settings: dict[str, object] = {}


class VariantReport(BaseModel):
    name: str
    settings: dict[str, object]
    games: int
    rounds_mean: float
    rounds_min: int
    rounds_max: int
    days_mean: float  # rounds x seats x turn length, in days: every turn using its whole deadline
    win_share_by_seat: list[float]
    eliminations: dict[str, int]  # cause -> count
    early_eliminations: int  # before the game's first battle
    ndri_curve: list[float]  # mean over games, per round (while at least half the games last)
    raw_curve: list[float]
    casino_bets_mean: float
    casino_bank_mean: float
    end_reasons: dict[str, int]


class LabReport(BaseModel):
    players: int
    seed: int
    games: int
    max_rounds: int
    variants: list[VariantReport]


def parse_variant(text: str) -> Variant:
    """"name" (a preset) or "name:key=value,key=value" (settings over the defaults)."""
    name, _, rest = text.partition(":")
    name = name.strip()
    if not rest:
        if name not in PRESETS:
            raise RuleError("galactica.lab.unknown_variant", name=name, presets=sorted(PRESETS))
        return Variant(name=name, settings=dict(PRESETS[name]))
    settings: dict[str, object] = {}
    for pair in rest.split(","):
        key, eq, value = pair.partition("=")
        if not eq:
            raise RuleError("galactica.lab.bad_setting", setting=pair.strip())
        settings[key.strip()] = _value(value.strip())
    return Variant(name=name or "variant", settings=settings)


def _value(text: str) -> object:
    low = text.lower()
    if low in ("true", "yes", "on", "si", "sì"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def _curve(results: list[GameResult], field: str) -> list[float]:
    curves = [getattr(r, field) for r in results]
    out: list[float] = []
    for i in range(max((len(c) for c in curves), default=0)):
        here = [c[i] for c in curves if len(c) > i]
        if len(here) * 2 < len(curves):
            break
        out.append(round(mean(here), 1))
    return out


def run_variant(game: Galactica, variant: Variant, games: int, players: int, seed: int,
                max_rounds: int) -> VariantReport:
    settings = {"max_rounds": max_rounds, **variant.settings}
    parsed = game.parse_settings(settings)  # a bad setting is refused before any game is played
    assert isinstance(parsed, GalacticaSettings)
    results = [play_one(game, players, seed + i, settings) for i in range(games)]
    wins = Counter(s for r in results for s in r.winner_seats)
    causes = Counter(cause for r in results for cause, _ in r.eliminations)
    early = sum(1 for r in results for _, at in r.eliminations if not r.first_battle_round or at < r.first_battle_round)
    rounds = [r.rounds for r in results]
    return VariantReport(
        name=variant.name, settings=variant.settings, games=games, rounds_mean=round(mean(rounds), 2),
        rounds_min=min(rounds), rounds_max=max(rounds),
        days_mean=round(mean(rounds) * players * parsed.turn_hours / 24, 1),
        win_share_by_seat=[round(wins[s] / games, 3) for s in range(players)],
        eliminations=dict(sorted(causes.items())), early_eliminations=early,
        ndri_curve=_curve(results, "ndri"), raw_curve=_curve(results, "raw"),
        casino_bets_mean=round(mean(r.casino_bets for r in results), 2),
        casino_bank_mean=round(mean(r.casino_bank for r in results), 1),
        end_reasons=dict(Counter(r.end_reason for r in results)))


def run_lab(variants: list[Variant], games: int = 20, players: int = 2, seed: int = 1,
            max_rounds: int = 60) -> LabReport:
    if not 1 <= games <= MAX_GAMES:
        raise RuleError("galactica.lab.games", most=MAX_GAMES)
    if not 2 <= players <= 4:
        raise RuleError("galactica.lab.players")
    game = Galactica()
    return LabReport(players=players, seed=seed, games=games, max_rounds=max_rounds,
                     variants=[run_variant(game, v, games, players, seed, max_rounds) for v in variants])


def report_lines(report: LabReport) -> list[str]:
    """The report as plain text, one block per variant (the command line's output)."""
    lines = [f"{report.games} games per variant, {report.players} players, seeds {report.seed}-"
             f"{report.seed + report.games - 1}, round limit {report.max_rounds or 'none'}"]
    for v in report.variants:
        lines += [f"\n[{v.name}] {v.settings or 'defaults'}",
                  f"  length: {v.rounds_mean} rounds (min {v.rounds_min}, max {v.rounds_max}),"
                  f" up to {v.days_mean} days at the turn length",
                  "  wins by seat: " + ", ".join(f"{i + 1}: {w:.0%}" for i, w in enumerate(v.win_share_by_seat)),
                  f"  eliminations: {v.eliminations or 'none'}; before the first battle: {v.early_eliminations}",
                  f"  Ndri per round: {v.ndri_curve[:12]}{' ...' if len(v.ndri_curve) > 12 else ''}",
                  f"  raw materials per round: {v.raw_curve[:12]}{' ...' if len(v.raw_curve) > 12 else ''}",
                  f"  casino: {v.casino_bets_mean} bets a game, the Bank makes {v.casino_bank_mean} Ndri a game",
                  f"  endings: {v.end_reasons}"]
    return lines

"""SPQRisiko's moves on the player's web page, as the turn panel offers them, one form per whole move:
the panel's selects become groups (its words: "Attack from...", "Reinforce..."), each origin and
target pair a form (attack from / to, a fleet from sea to sea), its last step an input (how many, as
the panel's count buttons and "another number" ask; one roll or a blitz; the sea of each ship and
the province of each colosseum a card set brings). What each step offers is read from the state by
bot/cogs/spqrisiko/moves.py, as for the panel. Places: the provinces and seas a move names."""

from __future__ import annotations

from functools import partial
from typing import Any

from bot.cogs.spqrisiko.moves import (
    conversions,
    legal,
    movable,
    needs_neutral,
    origins,
    targets,
)
from bot.cogs.spqrisiko.panel import FIRST_STEPS, first_choices, set_label
from bot.i18n import t
from bot.tablemoves import Input, TableMove
from engine.core import GameState, RuleError
from engine.spqrisiko.board import board
from engine.spqrisiko.cards import card_set_reward
from engine.spqrisiko.models import SpqrState
from engine.spqrisiko.territory import colossus_sites, ship_seas

PAIRS = {"at": "attack", "fo": "fortify", "ld": "land", "mf": "move_fleet"}
ENDS = {"at": ("from_province", "to_province"), "fo": ("from_province", "to_province"),
        "ld": ("from_province", "to_province"), "mf": ("from_sea", "to_sea")}


def counted(raw: str, most: int) -> int:
    """A number typed for a move, refused as the panel's "another number" refuses it."""
    if not raw.isdigit() or not 1 <= int(raw) <= most:
        raise RuleError("spqr.panel.bad_count", text=raw[:16], most=most)
    return int(raw)


def count_input(language: str, most: int, where: list[str]) -> tuple[tuple[Input, ...], dict[str, Any]]:
    said = t("spqr.panel.how_many", language, where=" → ".join(board().name(a) for a in where))
    return (Input("count", said, "spqr_count", str(most), low=1, high=most),), {"spqr_count": partial(counted, most=most)}


def rolls_input(language: str, words: str) -> tuple[Input, ...]:
    modes = tuple((mode, t(f"spqr.panel.{words}_{mode}", language)) for mode in ("once", "blitz"))
    return (Input("rolls", "", "choice", "once", modes),)  # the move's words ask it: "one roll or a blitz?"


def table_moves(state: GameState, user: str, language: str) -> list[TableMove]:
    assert isinstance(state, SpqrState)
    if state.status != "active" or state.order[state.current] != user:
        return []
    b = board()
    actions = legal(state, user)
    kinds = {getattr(a, "type", "") for a in actions}
    out: list[TableMove] = []
    for step, kind in FIRST_STEPS.items():
        if kind not in kinds:
            continue
        group = t(f"spqr.panel.{step}", language)
        if step == "pl":
            for p in origins(state, user, "pl"):
                free = tuple((q, b.name(q)) for q in targets(state, user, "pl", p))
                said = t("spqr.panel.pl2", language, place=b.name(p))
                asks: tuple[Input, ...] = (Input("neutral_province", said, "choice", "", free),) \
                    if needs_neutral(state, p) else ()
                out.append(TableMove(group, b.name(p), {"type": "place", "province": p}, (p,), asks))
        elif step == "rf":
            most = movable(state, "rf", "")
            for p in origins(state, user, "rf"):
                inputs, readers = count_input(language, most, [p])
                out.append(TableMove(group, b.name(p), {"type": "reinforce", "province": p}, (p,), inputs, readers))
        elif step == "cd":
            out += card_sets(state, user, language, group)
        elif step == "cv":
            for p in origins(state, user, "cv"):
                for sea, way in conversions(state, user, p):
                    key = "spqr.panel.cv_ship" if way == "s" else "spqr.panel.cv_legions"
                    what = "ship_to_legionaries" if way == "s" else "legionaries_to_ship"
                    out.append(TableMove(group, f"{b.name(p)}: {t(key, language, sea=b.name(sea))}",
                                         {"type": "convert", "what": what, "province": p, "sea": sea}, (p, sea)))
        elif step == "nv":
            for value, words in first_choices(state, user, "nv", language):
                sea, rival = value.split(".", 1)
                out.append(TableMove(group, words, {"type": "naval_attack", "sea": sea, "defender": rival}, (sea,),
                                     rolls_input(language, "naval")))
        else:
            for origin in origins(state, user, step):
                for target in targets(state, user, step, origin):
                    out.append(pair(state, language, step, group, origin, target))
    for a in actions:
        if a.type == "move_in":
            out.append(TableMove(t("core.table.now", language), t("spqr.panel.move_in", language, count=a.count),
                                 {"type": "move_in", "count": a.count}))
    if "end_turn" in kinds:
        out.append(TableMove(t("core.table.now", language), t("spqr.panel.end", language), {"type": "end_turn"}))
    return out


def pair(state: SpqrState, language: str, step: str, group: str, origin: str, target: str) -> TableMove:
    """One move from `origin` to `target`: an attack asks one roll or a blitz, the others how many."""
    b = board()
    src, dst = ENDS[step]
    action = {"type": PAIRS[step], src: origin, dst: target}
    if step == "at":
        return TableMove(group, t("spqr.panel.attack_of", language, src=b.name(origin), dst=b.name(target)), action,
                         (origin, target), rolls_input(language, "atk"))
    inputs, readers = count_input(language, movable(state, step, origin), [origin, target])
    return TableMove(group, f"{b.name(origin)} → {b.name(target)}", action, (origin, target), inputs, readers)


def card_sets(state: SpqrState, user: str, language: str, group: str) -> list[TableMove]:
    """A card set: the sea of each ship and the province of each colosseum it brings, chosen in the form."""
    b = board()
    out = []
    for a in legal(state, user):
        if a.type != "play_cards":
            continue
        _, ships, colossei = card_set_reward(a.symbols)
        seas = tuple((s, b.name(s)) for s in sorted(ship_seas(state, user), key=b.name))
        sites = tuple((p, b.name(p)) for p in sorted(colossus_sites(state, user), key=b.name))
        inputs = [Input(f"ship_seas.{i}", t("spqr.panel.cd_sea", language, n=i + 1, of=ships), "choice",
                        seas[0][0] if seas else "", seas) for i in range(ships)]
        inputs += [Input(f"colosseum_provinces.{i}", t("spqr.panel.cd_site", language, n=i + 1, of=colossei), "choice",
                         sites[i][0] if i < len(sites) else "", sites) for i in range(colossei)]
        out.append(TableMove(group, set_label(a.symbols, language),
                             {"type": "play_cards", "symbols": list(a.symbols), "ship_seas": [], "colosseum_provinces": []},
                             (), tuple(inputs)))
    return out


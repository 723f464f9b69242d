"""The moves of SPQRisiko's private panel without their drawing: what each step offers, read from the
state, and the engine action a final click makes (bot/cogs/spqrisiko/panel.py draws and answers)."""

from __future__ import annotations

from typing import Any

from engine.core import get_game
from engine.spqrisiko.board import board
from engine.spqrisiko.cards import card_set_reward
from engine.spqrisiko.models import KIND, SpqrState
from engine.spqrisiko.territory import colossus_sites, garrison, provinces_of, ship_seas, ships_of

INITIALS = {"l": "legionario", "n": "nave", "c": "colosseo", "v": "vessillo"}  # card symbols in custom_ids


def legal(state: SpqrState, user: str) -> list[Any]:
    return list(get_game(KIND).legal_actions(state, user))


def counts_up_to(most: int) -> list[int]:
    """A few useful amounts, the whole lot last: 1, 2, 3, 5, 10 ... most."""
    return sorted({n for n in (1, 2, 3, 5, 10, 20, most) if 1 <= n <= most})


# ---- what each step offers ---------------------------------------------------------------------
def origins(state: SpqrState, user: str, step: str) -> list[str]:
    """The first choice of a move: provinces (or seas) it may start from."""
    b = board()
    mine = sorted(provinces_of(state, user), key=b.name)
    if step == "pl":
        return sorted((p for p in b.provinces if p not in state.owner), key=b.name)
    if step == "rf":
        border = [p for p in mine if any(state.owner.get(n) != user for n in b.provinces[p].land)]
        return border + [p for p in mine if p not in border]
    if step == "cv":
        return [p for p in mine if conversions(state, user, p)]
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
    if step == "pl":  # the neutrals' province, once yours is chosen
        return [p for p in origins(state, user, "pl") if p != origin]
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


def conversions(state: SpqrState, user: str, province: str) -> list[tuple[str, str]]:
    """(sea, "s" ship -> 2 legionaries | "l" 3 legionaries -> ship) open in `province`."""
    out = []
    for sea in sorted(board().provinces[province].seas, key=board().name):
        if ships_of(state, sea, user) > 0:
            out.append((sea, "s"))
        if state.legions[province] - 3 >= garrison(state, province):
            out.append((sea, "l"))
    return out


def needs_neutral(state: SpqrState, own: str) -> bool:
    """Does placing on `own` also place neutrals (while any are left and a province is free)?"""
    return any(state.neutral_left.values()) and any(p not in state.owner and p != own for p in board().provinces)


def card_targets(state: SpqrState, user: str, args: list[str]) -> tuple[list[str], list[str], list[str]]:
    """A card set begun on the panel: (its symbols, the seas and provinces chosen so far, the
    options for the next ship or colosseum; empty once every one is placed or none can be)."""
    parts = ".".join(args).split(".")
    symbols = [INITIALS[x] for x in parts[:3]]
    chosen = parts[3:]
    _, ships, colossei = card_set_reward(symbols)
    b = board()
    if len(chosen) < ships:
        return symbols, chosen, sorted(ship_seas(state, user), key=b.name)
    if len(chosen) < ships + colossei:
        taken = set(chosen[ships:])
        return symbols, chosen, [p for p in sorted(colossus_sites(state, user), key=b.name)
                                 if p not in taken and not taken & set(b.provinces[p].land)]
    return symbols, chosen, []


def action_of(state: SpqrState, user: str, step: str, args: list[str]) -> dict[str, Any] | None:
    """The engine action a click makes, or None when the move needs another choice first."""
    if step == "pl":
        return None if needs_neutral(state, args[0]) else {"type": "place", "province": args[0]}
    if step == "pl2":
        return {"type": "place", "province": args[0], "neutral_province": args[1]}
    if step in ("cd", "cd2"):  # a card set: played once each ship and colosseum has its place
        symbols, chosen, options = card_targets(state, user, args)
        if options:
            return None
        ships = card_set_reward(symbols)[1]
        return {"type": "play_cards", "symbols": symbols, "ship_seas": chosen[:ships],
                "colosseum_provinces": chosen[ships:]}
    if step == "cvgo":
        what = "ship_to_legionaries" if args[2] == "s" else "legionaries_to_ship"
        return {"type": "convert", "what": what, "province": args[0], "sea": args[1]}
    if step == "nvgo":
        return {"type": "naval_attack", "sea": args[0], "defender": args[1], "rolls": args[2]}
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
    if step == "end":
        return {"type": "end_turn"}
    return None


def split_names(text: str | None) -> list[str]:
    """Names given in one option, separated by commas (or semicolons)."""
    return [part.strip() for part in (text or "").replace(";", ",").split(",") if part.strip()]

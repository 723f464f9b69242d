"""Draw the README's pictures from seeded sessions: `python -m docs.make_images` writes one picture
per game into docs/images/ (`python -m docs.make_images nomic` draws one game's only).

Each game is set up from a fixed seed and played by its own legal moves (the SPQRisiko and Galactica
autopilots, the others' legal_actions picked by a seeded draw) on a simulated clock, then drawn in
Italian, as a channel would see it. Same code, same pictures: run it again after changing a renderer.
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.pictures import picture_labels
from engine.core import Player, RuleError, get_game
from engine.galactica.autopilot import choose_action as galactica_move
from engine.spqrisiko.ai import choose_action
from render.common import render_png

OUT = Path(__file__).resolve().parent / "images"
T0 = datetime(2026, 11, 23, 8, 0, tzinfo=UTC)
PEOPLE = [Player(id=str(1000 + i), name=name) for i, name in enumerate(("Alice", "Bob", "Carol", "Dave"))]


def spqrisiko(seed: int = 2026, steps: int = 160) -> bytes:
    game = get_game("spqrisiko")
    state = game.setup(game.parse_settings({"setup": "random"}), [p.model_copy() for p in PEOPLE], seed, T0)
    now = T0
    for _ in range(steps):
        if state.status != "active":
            break
        now += timedelta(minutes=5)
        game.advance(state, now)
        actor = state.order[state.current]
        game.apply(state, actor, choose_action(state, actor), now)
    data = render_png("spqrisiko", game.view(state, None), "board", picture_labels("spqrisiko", "it"))
    assert data is not None
    return data


def impero(seed: int = 2026, steps: int = 120) -> bytes:
    game = get_game("impero")
    state = game.setup(game.parse_settings({"start_cash": 30000}), [p.model_copy() for p in PEOPLE[:3]], seed, T0)
    draw = random.Random(seed)
    now = T0
    for player, name in zip(state.players, ("Telcom Italia", "Rete Alpina", "Sud Connessa"), strict=False):
        game.apply(state, player.id, {"type": "create_company", "name": name, "capital": 12000}, now)
    for _ in range(steps):
        now += timedelta(minutes=20)
        game.advance(state, now)
        if state.status != "active":
            break
        for player in state.players:
            moves = [a for a in game.legal_actions(state, player.id)
                     if getattr(a, "type", "") in ("buy_node", "upgrade_node", "bid",
                                                   "recapitalize", "list_shares", "buy_shares")]
            if moves:
                game.apply(state, player.id, draw.choice(moves), now)
    data = render_png("impero", game.view(state, None), "board", picture_labels("impero", "it"))
    assert data is not None
    return data


def drawn(kind: str, state: object) -> bytes:
    game = get_game(kind)
    data = render_png(kind, game.view(state, None), "board", picture_labels(kind, "it"))
    assert data is not None
    return data


def randomly_played(kind: str, seed: int, steps: int, settings: dict[str, object], seats: int,
                    minutes: int = 30, skip: tuple[str, ...] = ()) -> object:
    """A game played by a seeded draw among every seat's legal actions (but those of the types
    `skip` names), its clock moving on."""
    game = get_game(kind)
    state = game.setup(game.parse_settings(settings), [p.model_copy() for p in PEOPLE[:seats]], seed, T0)
    draw = random.Random(seed)
    now = T0
    for _ in range(steps):
        now += timedelta(minutes=minutes)
        game.advance(state, now)
        if state.status != "active":
            break
        for player in list(state.players):
            moves = [a for a in game.legal_actions(state, player.id) if not getattr(a, "type", "").startswith(skip)]
            if moves:
                try:
                    game.apply(state, player.id, draw.choice(moves), now)
                except RuleError:  # legal in general, refused in this position (an amount too high)
                    continue
    return state


def nomic(seed: int = 2026) -> bytes:
    # the Scribe's corrections and gifts between players left out: a table as it usually plays
    return drawn("nomic", randomly_played("nomic", seed, 120, {}, 4, minutes=24 * 60, skip=("scribe_", "give")))


def galactica(seed: int = 2026, steps: int = 120) -> bytes:
    game = get_game("galactica")
    state = game.setup(game.parse_settings({}), [p.model_copy() for p in PEOPLE[:3]], seed, T0)
    now = T0
    for _ in range(steps):
        if state.status != "active":
            break
        now += timedelta(minutes=10)
        game.advance(state, now)
        for pid in sorted(game.awaiting(state)):
            move = galactica_move(state, pid)
            if move is not None:
                game.apply(state, pid, move, now)
                break
    return drawn("galactica", state)


# High Frontier's picture is a staged market (random play ends or flips its market too soon to show one)
PICTURES = {"spqrisiko": spqrisiko, "impero": impero, "nomic": nomic, "galactica": galactica}


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, draw in PICTURES.items():
        if len(sys.argv) > 1 and name not in sys.argv[1:]:
            continue
        path = OUT / f"{name}.png"
        path.write_bytes(draw())
        print(path)


if __name__ == "__main__":
    main()

"""The private page's moves name the board's places by the ids the page's places have (the board's
overlay, render/places.py, and the rows that are places: Nomic's rules and proposals), so a click on a
place finds every move that involves it. For every game, in positions reached by legal moves through
the service, every id a listed move names is a place of that position's page, or one the game
documents as not drawn."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.service import GameService
from bot.tablemoves import moves_of
from bot.web.panels import PLACE_ROWS
from engine.core import RuleError, get_game
from engine.core.registry import BUILTIN_GAMES
from render.places import places_of

GUILD, CHAN = "500", "640"
SETTINGS = {"spqrisiko": {"setup": "random"}, "highfrontier": {"last_year": 10, "reports": "trusted"}}
PLAYERS = ("1001", "1002", "1003")
SKIPPED = ("core_away", "end_game", "surrender")
GAMES = tuple(module.rsplit(".", 1)[1] for module in BUILTIN_GAMES)
# ids a move may name that the page does not draw, by game, each with its reason: High Frontier's
# market shows floated companies only, while a company being floated is already named (an angel's
# offer to fund it), so a click finds those moves through "Show all", not through the board
NOT_DRAWN: dict[str, Callable[[Any], set[str]]] = {
    "highfrontier": lambda state: {cid for cid, c in state.companies.items() if not c.floated}}
# High Frontier's market has no company at the start: one is floated first, so moves name it
OPENING: dict[str, list[dict[str, Any]]] = {
    "highfrontier": [{"type": "ledger", "kind": "other", "amount": 20}, {"type": "float", "company": "triangle1"}]}


class _Bot:
    """Enough of a bot for a cog's setup to register its page fields (its place rows) without Discord."""

    async def add_cog(self, cog: object) -> None:
        return None


def page_places(kind: str, state: Any, player: str) -> set[str]:
    view = get_game(kind).view(state, player)
    drawn = places_of(kind, view)
    ids = drawn.ids() if drawn is not None else set()
    data = view.model_dump(mode="json")
    for field, rows in PLACE_ROWS.get(kind, {}).items():
        ids |= {f"{rows.prefix}{row[rows.key]}" for row in data.get(field) or [] if row.get(rows.key) is not None}
    return ids


@pytest.mark.parametrize("kind", GAMES)
async def test_every_place_a_move_names_is_a_place_of_the_page(service: GameService, clock, kind: str) -> None:
    cog = importlib.import_module(f"bot.cogs.{kind}.commands")  # its lister, registered at import
    await cog.setup(_Bot())  # its place rows
    await service.create(kind=kind, guild_id=GUILD, channel_id=CHAN, creator_id=PLAYERS[0], creator_name="Anna",
                         settings=SETTINGS.get(kind, {}))
    for pid, name in zip(PLAYERS[1:], ("Bruno", "Carla"), strict=True):
        await service.join(CHAN, pid, name)
    gid = (await service.start(CHAN, PLAYERS[0])).game.id
    game = get_game(kind)
    for action in OPENING.get(kind, []):
        _, state = await service.state(gid)
        await service.act(gid, state.order[state.current], game.parse_action(action))
    rng = random.Random(40)
    named: set[str] = set()
    for _ in range(40):
        _, state = await service.state(gid)
        if state.status != "active":
            break
        for pid in PLAYERS:
            ids = page_places(kind, state, pid) | NOT_DRAWN.get(kind, lambda _: set())(state)
            drawn = page_places(kind, state, pid)
            for move in moves_of(kind, state, pid, "it"):
                assert set(move.places) <= ids, (move.action, sorted(set(move.places) - ids))
                named |= set(move.places) & drawn
        clock.advance(minutes=rng.choice([0, 1, 5]))
        actor = rng.choice(sorted(game.awaiting(state)) or list(PLAYERS))
        legal = [a for a in game.legal_actions(state, actor) if a.type not in SKIPPED]  # type: ignore[attr-defined]
        if legal:
            try:
                await service.act(gid, actor, rng.choice(legal))
            except RuleError:
                pass
    assert named, kind  # the positions had moves naming places the page draws

"""The game's data is the rulebook's: 74 cells, 100 tiles, 30 planets, 40 asteroid cards, 55 market cards."""

from __future__ import annotations

from collections import Counter

from engine.galactica.asteroids import asteroid_cards
from engine.galactica.galaxy import CORNERS, grid, tile_kind
from engine.galactica.market import market_cards
from engine.galactica.planets import planet_cards
from engine.galactica.tiles import all_tiles
from tests.engine.galactica.helpers import new_game

BASE = {"fighter": 5_000, "torpedo": 20_000, "colony": 50_000, "tank": 10_000}


def test_board_is_74_hexes_with_four_corners() -> None:
    g = grid()
    assert len(g) == 74
    assert all(c in g for c in CORNERS)
    assert sorted(len(g.neighbours(c)) for c in CORNERS) == [2, 2, 3, 3]  # the edge blocks movement
    assert g.distance("A1", "K1") == 10 and g.adjacent("A1", "B1") and not g.adjacent("A1", "C1")
    assert all(len(g.neighbours(c)) <= 6 for c in g.labels())
    # every cell is reachable from every corner
    seen, todo = {"A1"}, ["A1"]
    while todo:
        for n in g.neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == 74


def test_tile_deck() -> None:
    kinds = Counter(tile_kind(t) for t in all_tiles())
    assert kinds == {"space": 47, "planet": 30, "asteroids": 15, "market": 5, "casino": 3}
    assert len(set(all_tiles())) == 100


def test_planet_cards_follow_the_type_table() -> None:
    cards = planet_cards().values()
    assert len(cards) == 30 and len({c.name for c in cards}) == 30
    by_type = Counter(c.type for c in cards)
    assert by_type == {"fire": 8, "ice": 8, "earth": 7, "rock": 7}
    variable: dict[str, list[int]] = {"fire": [], "ice": [], "earth": [], "rock": []}
    for c in cards:
        if c.type in ("fire", "ice"):
            assert (c.productivity, c.economy) == (2, 1)
            variable[c.type] += [c.fuel, c.metal, c.stone]
        elif c.type == "earth":
            assert (c.fuel, c.metal, c.stone, c.productivity) == (2, 2, 2, 1)
            variable[c.type].append(c.economy)
        else:
            assert (c.fuel, c.metal, c.stone, c.economy) == (1, 1, 1, 2)
            variable[c.type].append(c.productivity)
    for values in variable.values():
        counts = Counter(values)
        assert set(counts) == {1, 2, 3} and max(counts.values()) - min(counts.values()) <= 1


def test_asteroid_cards() -> None:
    cards = list(asteroid_cards().values())
    assert len(cards) == 40
    assert Counter(c.ships for c in cards if c.kind == "malus") == {0: 6, 1: 6, 2: 6, 3: 6}
    bonus = [c for c in cards if c.kind == "bonus"]
    assert Counter(c.resource for c in bonus) == {"fuel": 4, "metal": 4, "stone": 4, "ndri": 4}
    assert all(1 <= c.amount <= 3 for c in bonus if c.resource != "ndri")
    assert all(1_000 <= c.amount <= 3_000 for c in bonus if c.resource == "ndri")


def test_market_appendix() -> None:
    cards = list(market_cards().values())
    assert len(cards) == 55
    assert Counter(c.deal for c in cards) == {"good": 28, "bad": 27}
    split = Counter((c.unit, c.deal) for c in cards)
    assert split == {("fighter", "good"): 6, ("fighter", "bad"): 5, ("torpedo", "good"): 13, ("torpedo", "bad"): 12,
                     ("colony", "good"): 2, ("colony", "bad"): 2, ("tank", "good"): 7, ("tank", "bad"): 8}
    assert all(c.quantity == 1 for c in cards if c.unit == "colony")
    for c in cards:
        assert c.price % 1000 == 0 and 1 <= c.quantity <= 3 and c.percent in (20, 30, 40, 50)
        sign = -1 if c.deal == "good" else 1
        exact = BASE[c.unit] * c.quantity * (100 + sign * c.percent) / 100
        assert abs(c.price - exact) < 1000, c


def test_setup() -> None:
    state = new_game(2)
    assert set(state.corners.values()) == {"A1", "K7"}  # opposite corners
    assert len(state.tile_pile) == 100 and len(state.market_pile) == 55
    for p, f in state.factions.items():
        assert f.ndri == 50_000 and (f.fuel, f.metal, f.stone) == (0, 0, 0)
        (fleet,) = [x for x in state.fleets if x.owner == p]
        assert fleet.ships == {"fighter": 3, "colony": 1} and fleet.cell == state.corners[p]
    assert len(set(new_game(3).corners.values())) == 3
    assert set(new_game(4).corners.values()) == set(CORNERS)

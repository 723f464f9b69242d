"""Generate data/spqrisiko/shapes.json: one land polygon per province, one water polygon per sea zone.

Run `python -m docs.make_spqrisiko_shapes` after moving a province or sea point in map.json.
The shapes are a nearest-site partition of a grid over the map picture: a cell is land when its
nearest site is a province within reach (a wide radius on the mainland, a small one on islands,
and a band along every land link so neighbours always touch); every other cell is water and goes
to the nearest sea zone point. Each region's outline is traced along the grid and rounded off.
Coordinates are pixels of the map area of render/spqrisiko/geometry.py (project()).
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path

import render.spqrisiko as spq
from engine.spqrisiko.board import board
from render.spqrisiko import MAP_H, MAP_W, project

STEP = 5
REACH, ISLAND_REACH, LINK_BAND, BASIN = 52.0, 24.0, 15.0, 24.0
OUT = Path(__file__).resolve().parent.parent / "data" / "spqrisiko" / "shapes.json"


def _seg_dist(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def classify() -> dict[tuple[int, int], str]:
    b = board()
    prov = {p.id: project(p.x, p.y) for p in b.provinces.values()}
    sea_pts = [(s.id, project(x, y)) for s in b.seas.values() for x, y in ((s.x, s.y), *s.points)]
    links = [(a, n) for a, p in b.provinces.items() for n in p.land if n > a]
    cells: dict[tuple[int, int], str] = {}
    for i in range(MAP_W // STEP):
        for j in range(MAP_H // STEP):
            c = (i * STEP + STEP / 2, j * STEP + STEP / 2)
            ranked = sorted((math.dist(c, v), k) for k, v in prov.items())
            pd, pid = ranked[0]
            sid, sd = min(((k, math.dist(c, v)) for k, v in sea_pts), key=lambda t: t[1])
            if sd < min(BASIN, pd * 0.7):  # every sea point keeps a basin of open water around it (room for fleets)
                cells[(i, j)] = sid
                continue
            band = min(((_seg_dist(c, prov[a], prov[n]), a, n) for a, n in links), default=(1e9, "", ""))
            if band[0] < LINK_BAND:  # the strip along a land link belongs to its two ends
                _, a, n = band
                cells[(i, j)] = a if math.dist(c, prov[a]) <= math.dist(c, prov[n]) else n
                continue
            reach = ISLAND_REACH if b.provinces[pid].island else REACH
            # provinces without a land link are kept apart by a strait of water
            strait = any(d - pd < 9 and k != pid and k not in b.provinces[pid].land for d, k in ranked[1:4])
            land = not strait and pd < reach and pd < sd * 1.15
            cells[(i, j)] = pid if land else sid
    _fill_lakes(cells, prov, {project(s.x, s.y) for s in b.seas.values()})
    # where two provinces without a land link still meet, the water takes the seam
    for (i, j), k in list(cells.items()):
        if k in b.provinces and any(
                (n := cells.get(c)) in b.provinces and n != k and n not in b.provinces[k].land
                for c in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1), (i + 1, j + 1), (i - 1, j - 1),
                          (i + 1, j - 1), (i - 1, j + 1))):
            pt = (i * STEP + STEP / 2, j * STEP + STEP / 2)
            cells[(i, j)] = min(sea_pts, key=lambda t: math.dist(pt, t[1]))[0]
    return cells


def _fill_lakes(cells: dict[tuple[int, int], str], prov: dict[str, tuple[int, int]],
                sea_centres: set[tuple[int, int]]) -> None:
    """Water pockets that reach neither the edge of the map nor a sea's centre become land."""
    b = board()
    water = {c for c, k in cells.items() if k in b.seas}
    seen: set[tuple[int, int]] = set()
    marks = {(x // STEP, y // STEP) for x, y in sea_centres}
    w, h = MAP_W // STEP, MAP_H // STEP
    for c in water:
        if c in seen:
            continue
        comp, todo = [], [c]
        seen.add(c)
        while todo:
            i, j = todo.pop()
            comp.append((i, j))
            for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if n in water and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if any(i in (0, w - 1) or j in (0, h - 1) or (i, j) in marks for i, j in comp):
            continue
        for i, j in comp:
            pt = (i * STEP + STEP / 2, j * STEP + STEP / 2)
            cells[(i, j)] = min(prov, key=lambda k: math.dist(pt, prov[k]))


def loops(cells: set[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The boundary loops of a set of grid cells, as grid vertices, clockwise."""
    nxt: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    for i, j in cells:
        if (i, j - 1) not in cells:
            nxt[(i, j)].append((i + 1, j))
        if (i + 1, j) not in cells:
            nxt[(i + 1, j)].append((i + 1, j + 1))
        if (i, j + 1) not in cells:
            nxt[(i + 1, j + 1)].append((i, j + 1))
        if (i - 1, j) not in cells:
            nxt[(i, j + 1)].append((i, j))
    out = []
    while any(nxt.values()):
        start = next(k for k, v in nxt.items() if v)
        loop, cur = [start], nxt[start].pop()
        while cur != start:
            loop.append(cur)
            cur = nxt[cur].pop()
        out.append(loop)
    return out


def _area(ring: list[tuple[int, int]]) -> float:
    """Signed area (shoelace): holes wind opposite to outlines."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True)) / 2


def _components(cells: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    left, out = set(cells), []
    while left:
        todo = [left.pop()]
        comp = set(todo)
        while todo:
            i, j = todo.pop()
            for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if n in left:
                    left.remove(n)
                    comp.add(n)
                    todo.append(n)
        out.append(comp)
    return out


def smooth(rings: list[list[tuple[int, int]]]) -> dict[tuple[int, int], tuple[float, float]]:
    """One position per grid vertex, shared by every region that uses it, so neighbours keep
    touching: border vertices where three regions meet stay put, the rest relax towards their
    neighbours on the border (a few Laplacian steps), which rounds the staircase into coasts."""
    nbrs: dict[tuple[int, int], set[tuple[int, int]]] = defaultdict(set)
    for ring in rings:
        for k, v in enumerate(ring):
            w = ring[(k + 1) % len(ring)]
            nbrs[v].add(w)
            nbrs[w].add(v)
    w_, h_ = MAP_W // STEP, MAP_H // STEP
    fixed = {v for v, n in nbrs.items() if len(n) != 2 or v[0] in (0, w_) or v[1] in (0, h_)}
    pos = {v: (float(v[0] * STEP), float(v[1] * STEP)) for v in nbrs}
    for _ in range(8):
        pos = {v: p if v in fixed else
               ((2 * p[0] + sum(pos[n][0] for n in nbrs[v])) / 4, (2 * p[1] + sum(pos[n][1] for n in nbrs[v])) / 4)
               for v, p in pos.items()}
    return pos


def main() -> None:
    cells = classify()
    groups: dict[str, set[tuple[int, int]]] = defaultdict(set)
    for c, k in cells.items():
        groups[k].add(c)
    b = board()
    rings = {k: max(loops(groups[k]), key=len) for k in b.provinces}
    holes: dict[str, list[list[tuple[int, int]]]] = {}
    for sea in b.seas.values():  # a sea is the water around its own points, not stray pockets
        marks = [(int(x) // STEP, int(y) // STEP) for x, y in (project(sea.x, sea.y), *(project(*p) for p in sea.points))]
        parts = _components(groups[sea.id])
        best = max(parts, key=lambda c: (sum(m in c for m in marks),
                                         -min(math.dist(m, q) for m in marks for q in c), len(c)))
        rings[sea.id] = max(loops(best), key=len)
        outer = _area(rings[sea.id])
        holes[sea.id] = [ring for ring in loops(best) if _area(ring) * outer < 0]  # wound the other way
    pos = smooth([*rings.values(), *(h for hs in holes.values() for h in hs)])
    # every other vertex of a straight-ish run is enough; the choice depends on the vertex only,
    # so both sides of a border keep the same points
    keep = {k: [pos[v] for v in ring if (v[0] + v[1]) % 2 == 0 or len(set(ring)) < 40] for k, ring in rings.items()}
    data = {
        "note": "generated by docs/make_spqrisiko_shapes.py; pixels of the map area",
        "provinces": {k: [(round(x, 1), round(y, 1)) for x, y in keep[k]] for k in b.provinces},
        "seas": {k: [(round(x, 1), round(y, 1)) for x, y in keep[k]] for k in b.seas},
        # islands and other land inside a sea's outline
        "sea_holes": {k: [[(round(pos[v][0], 1), round(pos[v][1], 1)) for v in h] for h in holes[k]] for k in b.seas},
    }
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    # ship slots and name boxes depend on the shapes just written: search them once, store them
    spq.shapes.cache_clear()
    spq.sea_holes.cache_clear()
    spq.land_mask.cache_clear()
    spq.sea_mask.cache_clear()
    spq._layout.cache_clear()
    data["layout"] = {
        "fleets": {k: spq.compute_fleet_slots(k) for k in b.seas},
        "labels": {k: [round(v, 1) for v in box] for k, box in spq.compute_label_boxes().items()},
    }
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()

"""The SPQRisiko land and sea shapes (data/spqrisiko/shapes.json) agree with the board, and the
ships and names drawn over them land where a player expects."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter

from engine.spqrisiko.board import board
from render.spqrisiko import (
    DISC_R,
    MAP_H,
    MAP_W,
    _overlap,
    fleet_box,
    fleet_slots,
    hull_box,
    label_boxes,
    land_mask,
    project,
    sea_mask,
    shapes,
)


def _points(kind: str, key: str) -> set[tuple[int, int]]:
    return {(round(x), round(y)) for x, y in shapes()[kind][key]}


def test_one_polygon_per_province_and_sea() -> None:
    b = board()
    geo = shapes()
    assert set(geo["provinces"]) == set(b.provinces)
    assert set(geo["seas"]) == set(b.seas)
    for kind in ("provinces", "seas"):
        for key, poly in geo[kind].items():
            assert len(poly) >= 8, key
            assert all(0 <= x <= MAP_W and 0 <= y <= MAP_H for x, y in poly), key


def test_each_province_holds_its_own_site() -> None:
    for p in board().provinces.values():
        mask = Image.new("1", (MAP_W, MAP_H), 0)
        ImageDraw.Draw(mask).polygon(shapes()["provinces"][p.id], fill=1)
        assert mask.getpixel(project(p.x, p.y)), p.id


def test_land_neighbours_share_a_border_and_strangers_do_not() -> None:
    """Adjacent provinces touch (or face each other across a sea they share); provinces without a
    land link never share more than a corner point."""
    b = board()
    ids = sorted(b.provinces)
    for i, a in enumerate(ids):
        for c in ids[i + 1:]:
            shared = len(_points("provinces", a) & _points("provinces", c))
            if c in b.provinces[a].land:
                assert shared >= 2 or b.shared_seas(a, c), (a, c)
            else:
                assert shared <= 2, (a, c)


def test_no_sea_polygon_covers_land() -> None:
    inner_land = land_mask().convert("L").filter(ImageFilter.MinFilter(5))  # land minus its coastline
    for sea in board().seas:
        both = Image.new("L", (MAP_W, MAP_H), 0)
        both.paste(inner_land, mask=sea_mask(sea))
        assert both.getbbox() is None, sea


def test_fleets_sit_on_open_water_of_their_own_sea() -> None:
    """Every ship slot of a sea is on its own open water; six slots in the open seas, two at least
    everywhere but the Propontis and Adriatic straits, too narrow for two ships drawn large enough to
    read at 550 px (more fleets than slots stack, offset so that every count shows)."""
    for sea in board().seas:
        slots = fleet_slots(sea)
        assert len(slots) >= (1 if sea in ("propontis", "mare_adriaticum") else 2), sea
        for x, y in slots:
            box = tuple(int(v) for v in fleet_box(x, y, 1, 1))
            assert land_mask().crop(box).getbbox() is None, sea
            assert sea_mask(sea).crop(box).getextrema() == (1, 1), sea


def _words(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The words of a name: its box without the paper's padding around them."""
    return (box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2)


def _on_disc(box: tuple[float, float, float, float], x: float, y: float) -> bool:
    nearest = (min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3]))
    return (nearest[0] - x) ** 2 + (nearest[1] - y) ** 2 < DISC_R ** 2


def test_labels_never_overlap_and_seas_are_named_on_their_water() -> None:
    """No name's words run into another name, another province's disc or a ship's hull (with its count):
    the Italian and Greek corners are crowded at the size a 550 px chat needs, so a name may brush
    the padding of another or the mast of a ship, never what either says."""
    b = board()
    boxes = label_boxes()
    items = list(boxes.items())
    discs = {p.id: project(p.x, p.y) for p in b.provinces.values()}
    hulls = [hull_box(x, y) for s in b.seas for x, y in fleet_slots(s)]
    for i, (name, box) in enumerate(items):
        assert not any(_overlap(_words(box), _words(other)) for _, other in items[i + 1:]), name
        assert not any(_on_disc(_words(box), x, y) for pid, (x, y) in discs.items() if pid != name), name
        assert not any(_overlap(_words(box), hull) for hull in hulls), name
    for sea in b.seas:  # centred on its own water, or (a narrow sea) on open water beside its ships
        x0, y0, x1, y1 = boxes[sea]
        cx, cy = int((x0 + x1) / 2), int((y0 + y1) / 2)
        sx, sy = fleet_slots(sea)[0]
        # a narrow sea's name (the Adriatic's) may cross its coast, drawn with a halo of water
        assert sea_mask(sea).crop(tuple(int(v) for v in boxes[sea])).getbbox() is not None, sea
        assert sea_mask(sea).getpixel((cx, cy)) or abs(cx - sx) + abs(cy - sy) < 200, sea

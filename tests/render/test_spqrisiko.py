"""The SPQRisiko map renders a mid-game view: size, owner colours, legend, last attack."""

from __future__ import annotations

from datetime import timedelta

from PIL import Image, ImageDraw

from engine.spqrisiko import GAME
from engine.spqrisiko.ai import choose_action
from engine.spqrisiko.board import board
from render.common import find_renderer, player_colour, to_png
from render.spqrisiko import DISC_R, HEIGHT, MAP_H, MAP_W, SEA_TINTS, WIDTH, _tint, project, render, render_board, shapes
from tests.e2e.conformance.pictures import MIN_TEXT_PX, shown_px, texts_drawn
from tests.engine.spqrisiko.helpers import T0, players


def mid_game():
    s = GAME.setup(GAME.parse_settings({"setup": "random"}), players(4), 5, T0)
    now = T0
    for _ in range(40):
        now += timedelta(minutes=1)
        actor = s.order[s.current]
        GAME.apply(s, actor, choose_action(s, actor), now)
    s.ships["mare_tyrrhenum"] = {s.order[0]: 3}
    return s


def test_map_image() -> None:
    s = mid_game()
    view = GAME.view(s, None)
    img = render_board(view, {"round": "Giro"})
    assert img.size == (WIDTH, HEIGHT)
    # Roma's disc has its owner's colour (sampled left of the centred number)
    owner = s.owner["roma"]
    x, y = project(board().provinces["roma"].x, board().provinces["roma"].y)
    colour = img.getpixel((x - 9, y))
    if not owner.startswith("neutral"):
        assert colour == player_colour(s.armies.index(owner))
        # and its land is washed with that colour: most of Roma's shape away from the disc
        mask = Image.new("1", img.size, 0)
        ImageDraw.Draw(mask).polygon(shapes()["provinces"]["roma"], fill=1)
        tint = _tint(colour)
        pixels = [img.getpixel((px, py)) for px in range(0, MAP_W, 2) for py in range(0, HEIGHT, 2)
                  if mask.getpixel((px, py)) and abs(px - x) + abs(py - y) > 40]
        assert pixels and sum(p == tint for p in pixels) > len(pixels) / 2
    # the legend under the map is paper, the open sea is water
    assert img.getpixel((WIDTH - 5, HEIGHT - 5)) == (250, 247, 240)
    assert img.getpixel((5, MAP_H - 5)) in SEA_TINTS
    assert MAP_W == WIDTH and MAP_H < HEIGHT
    assert find_renderer("spqrisiko", "board") is render_board
    assert len(to_png(img)) < 2_000_000
    assert render(view.model_dump(mode="json")).size == (WIDTH, HEIGHT)


def test_every_province_name_is_tucked_to_its_own_disc() -> None:
    """A name touches its province's disc (the two read as one tag, "(3) Raetia") and lies on the map;
    that names never cover one another, another disc or a ship's count is
    tests/render/test_spqrisiko_shapes.py's."""
    from render.spqrisiko import label_boxes

    b = board()
    boxes = label_boxes()
    assert set(boxes) == set(b.provinces) | set(b.seas)
    for name, box in boxes.items():
        assert box[0] >= 0 and box[2] <= MAP_W and box[1] >= 0 and box[3] <= MAP_H, name
        if name in b.provinces:
            x, y = project(b.provinces[name].x, b.provinces[name].y)
            gap = max(box[0] - (x + DISC_R), (x - DISC_R) - box[2], box[1] - (y + DISC_R), (y - DISC_R) - box[3])
            assert gap <= 2, name


def test_readable_at_550_px() -> None:
    """Shown 550 px wide in a chat, every province's and sea's label, every legionary and ship count
    and every word of the legend is at least 9 px; every label names its province or sea as the
    commands take it (a short form like "Lugdun." included)."""
    s = mid_game()
    s.ships["mare_adriaticum"] = {s.order[0]: 2, s.order[1]: 11}  # two fleets in a narrow sea
    view = GAME.view(s, None)
    with texts_drawn() as drawn:
        img = render_board(view, {"round": "Giro"})
    assert MIN_TEXT_PX >= 9
    assert all(shown_px(size, width) >= MIN_TEXT_PX for _, size, width in drawn), min(drawn, key=lambda d: d[1])
    assert {width for _, _, width in drawn} == {img.width}
    said = [text for text, _, _ in drawn]
    b = board()
    for p in b.provinces.values():
        assert p.label in said, p.id
        assert b.resolve_province(p.label) == p.id and len(p.label) <= 8, p.id
    for sea in b.seas.values():
        assert sea.label in said and b.resolve_sea(sea.label) == sea.id, sea.id
    counts = [str(pv.legionaries) for pv in view.provinces if pv.owner is not None]
    counts += [str(n) for sv in view.seas for n in sv.ships.values()]
    assert all(count in said for count in counts)

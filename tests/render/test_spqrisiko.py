"""The SPQRisiko map renders a mid-game view: size, owner colours, legend, last attack."""

from __future__ import annotations

from datetime import timedelta

from PIL import Image, ImageDraw

from engine.spqrisiko import GAME
from engine.spqrisiko.ai import choose_action
from engine.spqrisiko.board import board
from render.common import find_renderer, player_colour, to_png
from render.spqrisiko import HEIGHT, MAP_W, SEA_TINTS, WIDTH, _tint, project, render, render_board, shapes
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
    # the legend panel is paper, the open sea is water
    assert img.getpixel((WIDTH - 5, HEIGHT - 5)) == (250, 247, 240)
    assert img.getpixel((5, HEIGHT - 5)) in SEA_TINTS
    assert MAP_W < WIDTH
    assert find_renderer("spqrisiko", "board") is render_board
    assert len(to_png(img)) < 2_000_000
    assert render(view.model_dump(mode="json")).size == (WIDTH, HEIGHT)


def test_names_do_not_overlap_each_other_or_the_discs() -> None:
    """Crowded corners (the Italian peninsula) included: every name sits on free water or land."""
    from render.spqrisiko import DISC_R, _overlap, label_boxes

    b = board()
    boxes = list(label_boxes().items())
    assert {k for k, _ in boxes} == set(b.provinces) | set(b.seas)
    discs = [(x - DISC_R, y - DISC_R, x + DISC_R, y + DISC_R)
             for p in b.provinces.values() for x, y in [project(p.x, p.y)]]
    for i, (name, box) in enumerate(boxes):
        assert box[0] >= 0 and box[2] <= MAP_W and box[1] >= 0 and box[3] <= HEIGHT, name
        assert not any(_overlap(box, other) for _, other in boxes[i + 1:]), name
        assert not any(_overlap(box, disc) for disc in discs), name

"""A battle's odds as one picture, drawn to be read at about 550 px: who wins (one bar split between the
attacker, a stand-off and the defender, with the chances written large), then every end by the units
the winner keeps, the attacker's best on the left, the defender's on the right."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.galactica.battle_odds import BattleOdds
from render.common import INK, MUTED, PAPER, contrast_ink, font, renderer, text_width

WIDTH, HEIGHT = 1100, 640
ATTACKER, DEFENDER, NONE = (0, 114, 178), (213, 94, 0), (150, 150, 150)  # Okabe-Ito blue, vermillion; grey
WORDS: dict[str, str] = {
    "title.space": "Space battle: the odds", "title.ground": "Ground battle: the odds",
    "attacker": "Attacker", "defender": "Defender", "stand_off": "stand-off",
    "wins": "{side} wins", "left": "units the winner keeps", "chance": "chance",
    "unit.fighter": "fighters", "unit.torpedo": "torpedo boats", "unit.colony": "colony ships",
    "unit.cannon": "cannons", "unit.tank": "tanks", "unit.turret": "turrets", "at": "at {cell}",
}
UNITS = ("fighter", "torpedo", "colony", "tank", "cannon", "turret")


def words(labels: dict[str, str] | None) -> dict[str, str]:
    return {**WORDS, **{k.removeprefix("odds."): v for k, v in (labels or {}).items() if k.startswith("odds.")}}


def percent(p: float, decimal: str) -> str:
    text = "<0.1%" if 0 < p < 0.0005 else f"{p * 100:.1f}%"
    return text.replace(".", decimal)


def _force(units: dict[str, int], w: dict[str, str]) -> str:
    return " · ".join(f"{w[f'unit.{u}']} {units[u]}" for u in UNITS if units.get(u))


@renderer("galactica", "odds")
def render_odds(odds: BattleOdds, labels: dict[str, str] | None = None) -> Image.Image:
    w = words(labels)
    decimal = w.get("decimal", ".")
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    title = w[f"title.{odds.kind}"] + (f" · {w['at'].format(cell=odds.cell)}" if odds.cell else "")
    draw.text((30, 18), title, font=font(38, bold=True), fill=INK)
    y = 76
    for side, colour, units, name in (("attacker", ATTACKER, odds.attacker, odds.attacker_name),
                                      ("defender", DEFENDER, odds.defender, odds.defender_name)):
        draw.rectangle((30, y + 6, 56, y + 32), fill=colour)
        who = w[side] + (f" ({name})" if name else "")
        text, size = f"{who}: {_force(units, w)}", 30
        while size > 18 and text_width(draw, text, font(size)) > WIDTH - 98:  # a long force: smaller, never cut
            size -= 2
        draw.text((68, y + (30 - size) // 2), text, font=font(size), fill=INK)
        y += 44
    # who wins: one bar, the chances written in it where they fit
    top, x0, x1 = y + 14, 30, WIDTH - 30
    shares = [(odds.chance("attacker"), ATTACKER, "attacker"), (odds.chance("none"), NONE, "none"),
              (odds.chance("defender"), DEFENDER, "defender")]
    x = float(x0)
    for share, colour, _ in shares:
        width = (x1 - x0) * share
        if width > 0:
            draw.rectangle((x, top, x + width, top + 64), fill=colour)
            text = percent(share, decimal)
            if width > text_width(draw, text, font(36, bold=True)) + 16:
                draw.text((x + width / 2, top + 32), text, font=font(36, bold=True), fill=contrast_ink(colour),
                          anchor="mm")
        x += width
    y = top + 74
    draw.text((x0, y), w["wins"].format(side=w["attacker"]) + " " + percent(shares[0][0], decimal),
              font=font(28, bold=True), fill=ATTACKER)
    right = w["wins"].format(side=w["defender"]) + " " + percent(shares[2][0], decimal)
    draw.text((x1, y), right, font=font(28, bold=True), fill=DEFENDER, anchor="ra")
    if shares[1][0]:
        draw.text(((x0 + x1) / 2, y), f"{w['stand_off']} {percent(shares[1][0], decimal)}", font=font(26),
                  fill=MUTED, anchor="ma")
    _outcomes(draw, odds, (x0, y + 70, x1, HEIGHT - 60), w)
    return image


def _outcomes(draw: ImageDraw.ImageDraw, odds: BattleOdds, box: tuple[int, int, int, int], w: dict[str, str]) -> None:
    """A bar per end: the winner's colour, as high as its chance, the units the winner keeps below it."""
    x0, y0, x1, y1 = box
    rows = odds.by_units_left()
    tallest = max((p for _, _, p in rows), default=1.0) or 1.0
    step = (x1 - x0) / max(1, len(rows))
    every = max(1, -(-len(rows) * 40 // (x1 - x0)))  # a label every few bars when they are narrow
    draw.line((x0, y1, x1, y1), fill=MUTED, width=2)
    for i, (winner, left, p) in enumerate(rows):
        colour = {"attacker": ATTACKER, "defender": DEFENDER}.get(winner, NONE)
        bx = x0 + i * step
        height = (y1 - y0 - 40) * p / tallest
        draw.rectangle((bx + step * 0.12, y1 - height, bx + step * 0.88, y1), fill=colour)
        if i % every == 0 or winner == "none":
            draw.text((bx + step / 2, y1 + 8), "=" if winner == "none" else str(left), font=font(24), fill=INK,
                      anchor="ma")
        if p == tallest:
            draw.text((bx + step / 2, y1 - height - 6), f"{p * 100:.0f}%", font=font(24, bold=True), fill=INK,
                      anchor="mb")
    draw.text((x0, y0 - 10), w["left"], font=font(24), fill=MUTED, anchor="lb")

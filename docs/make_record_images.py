"""Draws docs/images/record_card.png and record_leaderboard.png, the players' record shown in the README,
from a made-up, seeded record (`python -m docs.make_record_images`)."""

from __future__ import annotations

import random
from pathlib import Path

from bot.cogs.stats import board_of, card_of
from bot.record.queries import BoardLine, GameLine, PlayerRecord
from render.record import board_chart, stats_card

OUT = Path(__file__).parent / "images"


def main() -> None:
    rnd = random.Random(3)

    def history(n: int, drift: float) -> list[float]:
        value, out = -2.0, []
        for _ in range(n):
            value += rnd.uniform(-1.2, 1.2) + drift
            out.append(value)
        return out

    rec = PlayerRecord(user_id="1", name="Lucrezia Borgia",
                       games=[GameLine("spqrisiko", 14, 6, 12, 14.2, 22.0, 2.6), GameLine("impero", 9, 3, 9, 8.7, 20.1, 3.8),
                              GameLine("galactica", 3, 1, 0, None)],
                       played=26, wins=10, calls=180, met=164, missed=7, autopilot=3, left=1, replaced=0,
                       away_hours=52.5, median_hours=3.4, mean_hours=6.25,
                       history={"spqrisiko": history(12, 1.3), "impero": history(9, 0.9)})
    (OUT / "record_card.png").write_bytes(stats_card(card_of(rec, "it", "Tutti i giochi, tutti i server")))
    names = ["Lucrezia Borgia", "Cesare", "Giovanni dalle Bande Nere", "Caterina Sforza", "Lorenzo",
             "Isabella d'Este", "Federico", "Beatrice"]
    lines = [BoardLine(str(i), n, 18 - i * 1.7, 20 - i, 9 - i // 2) for i, n in enumerate(names)]
    board = board_of(lines, "spqrisiko", "it", "Questo server", 3, here=True)
    (OUT / "record_leaderboard.png").write_bytes(board_chart(board))


if __name__ == "__main__":
    main()

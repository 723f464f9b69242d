"""The card and the board say what their numbers are, in both languages (issue 38): one rating per
player and game from every server, 0 at the start and below 0 for a player who keeps losing; a
server's board counts the games played there."""

from __future__ import annotations

from bot.cogs.stats import board_of, card_of
from bot.record.queries import BoardLine, GameLine, PlayerRecord
from render.record import board_chart, stats_card


def test_the_card_and_the_boards_say_what_the_rating_is() -> None:
    rec = PlayerRecord(user_id="1", name="Ada", games=[GameLine("corsa", played=4, wins=0, rated=4, display=-1.5)],
                       played=4, history={"corsa": [1.0, 0.2, -0.7, -1.5]})
    for language, server, below in (("it", "da tutti i server", "sotto 0"), ("en", "from every server", "below 0")):
        card = card_of(rec, language, "Corsa")
        assert server in card.rating_note and below in card.rating_note
        assert stats_card(card).startswith(b"\x89PNG")
        lines = [BoardLine("1", "Ada", -1.5, 1, 0)]
        here = board_of(lines, "corsa", language, "x", 1, here=True)
        assert server in here.subtitle
        assert server not in board_of(lines, "corsa", language, "x", 1).subtitle
        assert board_chart(here).startswith(b"\x89PNG")

"""The bot's Discord-flavoured sentences as page text: escaped, timestamps as <time>, names for mentions."""

from __future__ import annotations

from bot.web.markup import discord_html
from bot.web.panels import panels


def test_sentences_become_safe_html() -> None:
    html = str(discord_html("**Bob** — <script>alert(1)</script> `#3` <t:1795420800:F> <@1001> <@999>",
                            {"1001": "Anna"}, "a moderator"))
    assert "<strong>Bob</strong>" in html and "<script>" not in html and "&lt;script&gt;" in html
    assert '<time datetime="2026-11-23T08:00:00+00:00" data-style="F">' in html
    assert "Anna" in html and "a moderator" in html and "<code>#3</code>" in html


def test_panels_show_the_view_with_names() -> None:
    view = {"round": 2, "current": "1001", "players": [{"id": "1001", "points": 3}, {"id": "1002", "points": 5}],
            "hand_sizes": {"1001": 2}, "note": "<b>x</b>"}
    shown = {p.key: str(p.body) for p in panels(view, {"1001": "Anna", "1002": "Bruno"}, "en")}
    assert "Anna" in shown["summary"] and "&lt;b&gt;" in shown["summary"]
    assert "<table" in shown["players"] and "Bruno" in shown["players"]
    assert "Anna" in shown["hand_sizes"]


def test_a_games_money_fields_read_as_money_and_its_ids_as_words() -> None:
    from bot.web.panels import MONEY_FIELDS, register_money_fields, value_html

    kept = dict(MONEY_FIELDS)
    try:
        register_money_fields("impero", {"cash", "history"})
        html = value_html({"cash": 20000, "op": 8, "history": {"7": [20000, 15050]}}, {"7": "Bob"}, "it", kind="impero")
        assert "200,00" in html and "150,50" in html and "<dd>8</dd>" in html and "20000" not in html
        assert "$200.00" in value_html({"cash": 20000}, {}, "en", kind="impero")
        assert "20000" in value_html({"cash": 20000}, {}, "en", kind="nomic")  # another game's units stay
    finally:
        MONEY_FIELDS.clear()
        MONEY_FIELDS.update(kept)
    import bot.cogs.spqrisiko.commands  # noqa: F401  (its catalogs)
    assert "<dd>rinforzi</dd>" in value_html({"phase": "reinforce"}, {}, "it", kind="spqrisiko")

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

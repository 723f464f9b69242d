"""The bot's sentences as HTML: the catalogs write for Discord (`**bold**`, `` `code` ``, `<t:UNIX:F>`
timestamps, `<@id>` mentions), a page shows the same words escaped, with `<time>` elements that the
page's script rewrites to the reader's own time zone, and names instead of mentions."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime

from markupsafe import Markup, escape

_TIMESTAMP = re.compile(r"&lt;t:(-?\d{1,12})(?::([a-zA-Z]))?&gt;")
_MENTION = re.compile(r"&lt;@!?(\d{1,20})&gt;")
_CHANNEL = re.compile(r"&lt;#(\d{1,20})&gt;")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+?)`")
_ITALIC = re.compile(r"(?<![\w*])_(.+?)_(?![\w*])")
_EMOJI = re.compile(r"&lt;a?:(\w{1,32}):\d{1,20}&gt;")


def time_html(moment: datetime, style: str = "F") -> Markup:
    """A moment as a `<time>`: UTC text for a reader without scripts, their own zone with them."""
    moment = moment.astimezone(UTC)
    text = moment.strftime("%Y-%m-%d %H:%M UTC")
    return Markup('<time datetime="{}" data-style="{}">{}</time>').format(moment.isoformat(), style, text)


def _time(match: re.Match[str]) -> str:
    try:
        moment = datetime.fromtimestamp(int(match.group(1)), UTC)
    except (OverflowError, OSError, ValueError):
        return match.group(0)
    return str(time_html(moment, match.group(2) or "f"))


def discord_html(text: str, names: Mapping[str, str] | None = None, moderator: str = "") -> Markup:
    """A catalog sentence written for Discord, as safe HTML."""
    names = names or {}
    html = str(escape(text))
    html = _TIMESTAMP.sub(_time, html)
    html = _MENTION.sub(lambda m: str(escape(names.get(m.group(1), moderator or m.group(1)))), html)
    html = _CHANNEL.sub("#", html)
    html = _EMOJI.sub(r":\1:", html)
    html = _BOLD.sub(r"<strong>\1</strong>", html)
    html = _CODE.sub(r"<code>\1</code>", html)
    html = _ITALIC.sub(r"<em>\1</em>", html)
    return Markup(html.replace("\n", "<br>"))

"""The transcript check run over every e2e session: what players read is words, with the grammar
right and within Discord's limits.

- no snake_case ids ("gallia_cisalpina", "neutral-1") outside `code` and key=value settings;
- no bare snowflakes (a user or channel id not wrapped as a mention or inside a link);
- no empty fields ("Vince: .", "Blackout: ,", "()") and no unfilled template fields ("{player}");
- plurals right for the nouns we count ("1 legionari", "1 rolls", "in 1 games" never appear);
- every message within Discord's limits (content 2000, 5 action rows of 5, labels 80, embeds).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

CODE = re.compile(r"`[^`]*`")
LINK = re.compile(r"https?://\S+")
MENTION = re.compile(r"<(?:@[!&]?|#|t:|a?:\w+:)\d+(?::\w)?>")
SETTING = re.compile(r"\b\w+=\S+")
COMMAND = re.compile(r"/[a-z]+(?: [a-z][a-z-]*)?")
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\bneutral-\d\b")
SNOWFLAKE = re.compile(r"(?<![\w.])\d{17,20}(?![\w.])")
EMPTY = re.compile(r":\s*[.,;]|\(\s*\)|:\s*\)")
TEMPLATE = re.compile(r"\{[a-z_]+(?::[^}]*)?\}")
NOUNS = ("lanci", "legionari", "punti", "navi", "province", "carte", "rinforzi", "partite", "voci", "turni",
         "azioni", "nodi", "minuti", "rolls", "legionaries", "points", "ships", "provinces", "cards",
         "reinforcements", "games", "entries", "turns", "shares", "nodes", "minutes")
SINGULAR_WRONG = re.compile(r"(?<![\d.,])\b1 (?:" + "|".join(NOUNS) + r")\b")


def readable(text: str) -> str:
    """What a player reads as words: code spans, links, mentions, settings and commands set aside."""
    for pattern in (CODE, LINK, MENTION, SETTING, COMMAND):
        text = pattern.sub(" ", text)
    return text


def text_problems(text: str) -> list[str]:
    words = readable(text)
    out = []
    for pattern, what in ((SNAKE, "an id"), (SNOWFLAKE, "a bare snowflake"), (TEMPLATE, "an unfilled field"),
                          (SINGULAR_WRONG, "a wrong plural")):
        for match in pattern.finditer(words):
            out.append(f"{what} {match.group(0)!r} in {text[:120]!r}")
    for match in EMPTY.finditer(CODE.sub("code", LINK.sub("link", text))):
        line = text[max(0, match.start() - 40):match.end() + 10]
        if "http" not in line:
            out.append(f"an empty field in {line!r}")
    return out


def message_problems(msg: Any) -> list[str]:
    out = [p for p in text_problems(msg.content or "")]
    if len(msg.content or "") > 2000:
        out.append(f"{len(msg.content)} characters in one message")
    rows = msg.components or []
    if len(rows) > 5 or any(len(r.get("components", [])) > 5 for r in rows):
        out.append("more than 5 rows of 5 components")
    for label in msg.button_labels:
        if len(label) > 80:
            out.append(f"button label over 80: {label!r}")
        out += text_problems(label)
    for select in msg.selects:
        for option in select.get("options", []):
            out += text_problems(str(option.get("label", "")))
    for embed in msg.embeds or []:
        total = sum(len(str(embed.get(k, ""))) for k in ("title", "description"))
        total += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in embed.get("fields", []))
        if total > 6000 or len(embed.get("description", "") or "") > 4096:
            out.append("an embed over Discord's limits")
        out += text_problems(str(embed.get("title", "")) + "\n" + str(embed.get("description", "")))
    return out


def problems(messages: Iterable[Any]) -> list[str]:
    out: list[str] = []
    for msg in messages:
        out += message_problems(msg)
    return out

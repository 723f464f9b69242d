"""Moves from a private page without a browser: its forms read from the HTML and sent as a browser
without script sends them (the no-script path), for the safety and both-ways tests."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any

import aiohttp

FORM = re.compile(r'<form method="post" class="move"(?P<head>[^>]*)>(?P<body>.*?)</form>', re.S)
ATTR = re.compile(r'([\w-]+)="([^"]*)"')


@dataclass
class PageForm:
    action: str
    type: str
    places: list[str]
    words: str
    fields: dict[str, str] = field(default_factory=dict)


def forms_in(page: str) -> list[PageForm]:
    out = []
    for m in FORM.finditer(page):
        head = dict(ATTR.findall(m["head"]))
        fields: dict[str, str] = {}
        for tag in re.finditer(r'<input([^>]*)>', m["body"]):
            attrs = dict(ATTR.findall(tag[1]))
            fields[attrs["name"]] = html.unescape(attrs.get("value", ""))
        for tag in re.finditer(r'<select([^>]*)>(.*?)</select>', m["body"], re.S):
            attrs = dict(ATTR.findall(tag[1]))
            chosen = re.search(r'<option value="([^"]*)" selected', tag[2]) or re.search(r'<option value="([^"]*)"', tag[2])
            fields[attrs["name"]] = html.unescape(chosen[1]) if chosen else ""
        words = re.search(r"<button[^>]*>(.*?)</button>", m["body"], re.S)
        out.append(PageForm(html.unescape(head["action"]), head.get("data-type", ""), head.get("data-places", "").split(),
                            re.sub(r"<[^>]+>", "", words[1]).strip() if words else "", fields))
    return out


def origin_of(link: str) -> str:
    return link.split("/g/", 1)[0]


async def page_of(link: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(link) as answer:
        return answer.status, await answer.text()


async def send(link: str, form: PageForm, *, origin: str | None = "", **typed: str) -> tuple[int, str, str]:
    """(status, body, Location) of the form's fields sent to `link`'s moves (Origin: the site's own by
    default), `typed` in place of its inputs' values."""
    base = origin_of(link)
    headers = {} if origin is None else {"Origin": origin or base}
    data: dict[str, Any] = {**form.fields, **typed}
    query = form.action.split("?", 1)[1] if "?" in form.action else ""
    async with aiohttp.ClientSession() as http, http.post(f"{link}/act?{query}", data=data, headers=headers,
                                                          allow_redirects=False) as answer:
        return answer.status, await answer.text(), answer.headers.get("Location", "")


def refusal_in(page: str) -> str:
    found = re.search(r'<p id="refusal"[^>]*>(.*?)</p>', page, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found[1])).strip() if found else ""

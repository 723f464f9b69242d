"""The public page and the public history of a running game give away no secret of any player: each
game's conformance demo is played with the pages served, and after every step the public page, then
at the end every step of the public history, is read as text and searched for every value a player's
view holds and the public view does not (tests/e2e/conformance/secrets.py, the check the channel's
messages get). The page's log is the public `/game log`: a public move's words are what the channel
was told; a private move (Impero's bribes) must say only that it was made."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from engine.core import ReplayError, get_game, replay
from tests.e2e.conformance.demos import demo_of
from tests.e2e.conformance.secrets import found_in, hidden_from
from tests.e2e.web.tables import GAMES, get, url, web_table

pytestmark = pytest.mark.e2e


_MONEY_IT = re.compile(r"(\d{1,3}(?:\.\d{3})*),(\d{2})\s?\$")
_MONEY_EN = re.compile(r"\$(\d{1,3}(?:,\d{3})*)\.(\d{2})")


def _cents(match: re.Match[str]) -> str:
    return str(int(re.sub(r"\D", "", match.group(1)) + match.group(2)))


def page_text(page: str) -> str:
    """What a reader sees of a page: its text, without tags, script or style; money as the views
    keep it, in cents ("100,00 $" is 10000: a view's 100 is one dollar)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page)).replace("\xa0", " ")
    return _MONEY_EN.sub(_cents, _MONEY_IT.sub(_cents, text))


def secrets_of(kind: str, state: Any) -> dict[str, set[Any]]:
    """Per player: the values their own view holds that the public view does not show."""
    game = get_game(kind)
    public = game.view(state, None).model_dump(mode="json")
    return {p.id: hidden_from({}, game.view(state, p.id).model_dump(mode="json"), public, {})
            for p in state.players}


def log_section(page: str) -> tuple[str, str]:
    """(the page without its log, the log's lines)."""
    found = re.search(r'<section id="log".*?</section>', page, flags=re.S)
    if found is None:
        return page, ""
    return page[:found.start()] + page[found.end():], found.group(0)


async def told(seated: Any, state: Any, address: str, where: str, private_moves: list[int]) -> list[str]:
    status, page, _ = await get(address, **{"Accept-Language": "it"})
    assert status == 200, (address, status)
    rest, log = log_section(page)
    text = page_text(rest)
    out = []
    hidden = t("core.log_private", "it")
    for seq in private_moves:
        line = re.search(rf'<li value="{seq}".*?</li>', log, flags=re.S)
        if line is not None and hidden not in html.unescape(line.group(0)):
            out.append(f"{where}: the private move #{seq} is told: {page_text(line.group(0))[:120]!r}")
    for pid, secret in secrets_of(seated.kind, state).items():
        if found := found_in(text, secret):
            out.append(f"{where} gives away {found}, which only {seated.user_of(pid).username}'s view shows")
    return out


@pytest.mark.parametrize("kind", GAMES)
async def test_public_pages_keep_every_players_secrets(kind: str, tmp_path: Path) -> None:
    async with web_table(tmp_path) as seated:
        problems: list[str] = []
        checked = 0
        step = seated.step

        game = get_game(kind)

        async def private_moves() -> list[int]:
            assert seated.game_id is not None
            rows = await seated.bot.service.log_rows(seated.game_id)
            return [i + 1 for i, r in enumerate(rows) if json.loads(r.action_json).get("type") in game.private_actions]

        async def watched(actor: Any, act: Any) -> Any:
            nonlocal checked
            result = await step(actor, act)
            if seated.game_id is not None:
                row = await seated.bot.service.get(seated.game_id)
                if row.status == "active":
                    state = seated.bot.service.load_state(row)
                    problems.extend(await told(seated, state, url(seated), f"the public page at version {row.version}",
                                               await private_moves()))
                    checked += 1
            return result

        seated.step = watched  # type: ignore[method-assign]
        await demo_of(kind)(seated)
        assert seated.game_id is not None and checked
        row = await seated.bot.service.get(seated.game_id)
        record = await seated.bot.service.record(seated.game_id)
        if row.status == "active":  # a finished game's history is public as its rules allow
            hidden = await private_moves()
            for n in range(len(record.log)):
                try:
                    state = replay(game, record, entries=n)
                except ReplayError:  # a position the demo staged by hand: the page says it cannot show it
                    assert (await get(url(seated, f"?n={n}")))[0] == 409
                    break
                problems.extend(await told(seated, state, url(seated, f"?n={n}"), f"the public history at move {n}",
                                           [seq for seq in hidden if seq <= n]))
        assert problems == [], "\n".join(problems[:20])

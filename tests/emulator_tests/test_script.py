from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.emulator.script import ScriptError, parse_script, run_script

from .toybot import ToyBot


def test_parse_all_actions() -> None:
    steps = parse_script(
        """
        # a comment
        alice: /impero bid company:Tel amount:120
        bob: click "Accept"
        carol: select Rail "Tel Aviv"
        bob: modal amount:130 note:"two words"
        dave: say buongiorno a tutti
        alice: autocomplete /impero bid amount:3 company:Te
        wait 0.25
        """
    )
    assert [s.action for s in steps] == ["slash", "click", "select", "modal", "say", "autocomplete", "wait"]
    slash = steps[0]
    assert (slash.user, slash.command, slash.options) == (
        "alice",
        "impero bid",
        {"company": "Tel", "amount": "120"},
    )
    assert steps[1].args == ["Accept"]
    assert steps[2].args == ["Rail", "Tel Aviv"]
    assert steps[3].options == {"amount": "130", "note": "two words"}
    assert steps[4].text == "buongiorno a tutti"
    assert list(steps[5].options) == ["amount", "company"]
    assert steps[6].seconds == 0.25
    assert steps[0].line_no == 3


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("alice /impero", "expected 'user: action"),
        ("alice: dance", "unknown action"),
        ("alice: click", "needs a label"),
        ('alice: click "Accept', "line 1"),
        ("alice: /impero bid :5", "name:value"),
        ("wait soon", "bad wait"),
    ],
)
def test_parse_errors_name_the_line(text: str, fragment: str) -> None:
    with pytest.raises(ScriptError, match=fragment):
        parse_script(text)


async def test_run_script_with_a_stand_in_bot(tmp_path: Path) -> None:
    async def start(base_url: str, database_url: str, token: str) -> asyncio.Task[Any]:
        async def run() -> None:
            # closed when the script's end cancels it: else its heartbeat thread outlives the test's loop
            async with ToyBot() as bot:
                await bot.start(token)

        return asyncio.create_task(run())

    script = tmp_path / "play.txt"
    script.write_text(
        'alice: /impero bid company:Tel amount:120\nbob: click "Accept"\ncarol: /impero board\n'
        "alice: /impero bid company:X amount:1 sealed:true\n",
        encoding="utf-8",
    )
    paths = await run_script(script, tmp_path / "out", "bob", start=start)
    transcript = (tmp_path / "out" / "bob.txt").read_text(encoding="utf-8")
    assert "accettata da Bob" in transcript
    assert "ecco la mappa" in transcript
    assert "per X" not in transcript  # alice's sealed bid was ephemeral
    pngs = [p for p in paths if p.suffix == ".png"]
    assert len(pngs) == 1 and pngs[0].read_bytes().startswith(b"\x89PNG")

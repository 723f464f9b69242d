"""The scripted-play CLI is reproducible: a seed, a script clock moved by `wait until`, several
users' transcripts, each user in their own Discord language."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot import pictures
from bot.cogs.impero import pictures as impero_pictures
from tests.emulator.__main__ import main
from tests.emulator.script import ScriptError, parse_script, parse_until, run_script

pytestmark = pytest.mark.e2e

PLAY = """
alice: /game create game:impero settings:"turns=2"
bob: /game join
erin: /game join
alice: /game start
erin: /impero me
bob: /impero me
wait until 2026-11-23 21:01
alice: /impero map
"""


def test_wait_until_reads_rome_time_and_refuses_nonsense() -> None:
    now = datetime(2026, 11, 23, 7, 0, tzinfo=UTC)  # 08:00 in Rome
    assert parse_until("2026-11-23 21:00", now) == datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
    assert parse_until("09:30", now) == datetime(2026, 11, 23, 8, 30, tzinfo=UTC)
    assert parse_until("07:00", now) == datetime(2026, 11, 24, 6, 0, tzinfo=UTC)  # the next 07:00
    assert parse_script("wait until 21:00")[0].action == "wait_until"
    with pytest.raises(ScriptError, match="bad time"):
        parse_script("wait until teatime")


async def _play(tmp_path: Path, name: str) -> list[Path]:
    pictures._CACHE.clear()
    impero_pictures._PICTURES.clear()
    script = tmp_path / "play.txt"
    script.write_text(PLAY, encoding="utf-8")
    return await run_script(script, tmp_path / name, ["alice", "erin"], seed=42, locales={"erin": "en-US"},
                            start_at=datetime(2026, 11, 23, 7, 0, tzinfo=UTC))


async def test_a_seeded_play_is_reproducible_with_a_transcript_per_user(tmp_path: Path) -> None:
    first = await _play(tmp_path, "one")
    second = await _play(tmp_path, "two")
    alice = (tmp_path / "one" / "alice" / "alice.txt").read_text(encoding="utf-8")
    erin = (tmp_path / "one" / "erin" / "erin.txt").read_text(encoding="utf-8")
    # the clock reached the first turn end: the channel was told, in the server's language
    assert "Fine del turno 1" in alice and "Fine del turno 1" in erin
    # erin's own panel speaks her language; bob's stays his (and is not in anyone else's transcript)
    assert "net worth" in erin and "net worth" not in alice and "patrimonio" not in erin
    # same seed, same clock: the same pictures, byte for byte (DMs may interleave differently)
    images = {p.read_bytes() for p in first if p.suffix == ".png"}
    again = {p.read_bytes() for p in second if p.suffix == ".png"}
    assert images and images == again


def test_cli_takes_seed_several_users_and_locales(tmp_path: Path) -> None:
    script = tmp_path / "play.txt"
    script.write_text("alice: /game list\nerin: /game list\n", encoding="utf-8")
    pictures._CACHE.clear()
    main(["--script", str(script), "--out", str(tmp_path / "out"), "--as", "alice", "--as", "erin",
          "--seed", "7", "--locale", "erin=en-US", "--start", "2026-11-23 08:00"])
    assert "Nessuna partita" in (tmp_path / "out" / "alice" / "alice.txt").read_text(encoding="utf-8")
    assert "No games" in (tmp_path / "out" / "erin" / "erin.txt").read_text(encoding="utf-8")

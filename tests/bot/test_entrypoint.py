"""`python -m bot` as a newcomer runs it: no token or a bad setting is one clear line and exit 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {
        "DISCORD_TOKEN", "DATABASE_URL", "DEFAULT_LOCALE", "DEFAULT_TIMEZONE", "DEV_GUILD_ID", "LOG_LEVEL",
        "SHARD_COUNT", "SHARD_IDS", "DISCORD_API_BASE"}}
    clean["PYTHONPATH"] = str(ROOT)
    clean.update(env)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=clean, capture_output=True,
                          text=True, timeout=60)


def test_missing_token_exits_2_naming_it(tmp_path: Path) -> None:
    res = run_bot(tmp_path)
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "Traceback" not in res.stderr


def test_empty_token_exits_2(tmp_path: Path) -> None:
    res = run_bot(tmp_path, DISCORD_TOKEN="  ")
    assert res.returncode == 2 and "DISCORD_TOKEN" in res.stderr


def test_malformed_setting_is_named(tmp_path: Path) -> None:
    for name, value in (("DEFAULT_TIMEZONE", "Mars/Olympus"), ("SHARD_COUNT", "many"),
                        ("DATABASE_URL", "mysql://x"), ("DEFAULT_LOCALE", "fr")):
        res = run_bot(tmp_path, DISCORD_TOKEN="x", **{name: value})
        assert res.returncode == 2, name
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and name in lines[0], res.stderr


async def test_a_service_managers_stop_is_clean(tmp_path: Path, emulator) -> None:
    """SIGTERM to `python -m bot`: exit 0, its board process gone, and no error in the log (the
    database closing was once cancelled half way when the program ended before the stop did)."""
    import asyncio
    import signal

    from tests.emulator.fixtures import TEST_TOKEN

    env = {k: v for k, v in os.environ.items() if k not in {"SHARD_COUNT", "SHARD_IDS", "DEV_GUILD_ID"}}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN=TEST_TOKEN, DISCORD_API_BASE=emulator.base_url,
               DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path}/araldo.db", BOARD_PROCESSES="1", LOG_LEVEL="INFO",
               WEB_PORT="0")  # tests run side by side: no fixed port
    bot = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=tmp_path, env=env,
                                               stderr=asyncio.subprocess.PIPE)
    assert bot.stderr is not None
    log: list[str] = []
    while not any("active games resumed" in line for line in log):
        line = (await asyncio.wait_for(bot.stderr.readline(), timeout=60)).decode()
        assert line, "".join(log)
        log.append(line)
    await emulator.wait_until_connected(60)  # running: stopped while connecting, discord.py logs its retry
    children = Path(f"/proc/{bot.pid}/task/{bot.pid}/children")
    for _ in range(200):  # the board process is spawned once the cogs are loaded
        if children.exists() and children.read_text().split():
            break
        await asyncio.sleep(0.05)
    workers = [int(pid) for pid in children.read_text().split()] if children.exists() else []
    assert workers or not children.exists(), "no board process"
    bot.send_signal(signal.SIGTERM)
    _, rest = await asyncio.wait_for(bot.communicate(), timeout=30)
    text = "".join(log) + rest.decode()
    assert bot.returncode == 0, text
    assert "Traceback" not in text and " ERROR " not in text, text
    for _ in range(100):
        if not any(Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]
                   for pid in workers):
            break
        await asyncio.sleep(0.05)
    assert not any(Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().split()[2]
                   for pid in workers)

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

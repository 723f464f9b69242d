"""engine/ stays pure: no outer layer, no wall clock, no global random."""

from __future__ import annotations

import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN_IMPORT = re.compile(r"^\s*(import|from)\s+(discord|sqlmodel|sqlalchemy|apscheduler|PIL|aiosqlite|asyncpg|bot|render)\b")
FORBIDDEN_CALL = re.compile(r"datetime\.(now|utcnow|today)\(|time\.time\(\)|^\s*import random\b|^\s*from random\b")


def test_engine_imports_no_outer_layer_and_reads_no_clock() -> None:
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if FORBIDDEN_IMPORT.search(line) or FORBIDDEN_CALL.search(line):
                offenders.append(f"{path.relative_to(ENGINE.parent)}:{n}: {line.strip()}")
    assert offenders == []
    assert any(ENGINE.rglob("*.py"))

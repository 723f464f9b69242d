"""Reading the static game data shipped in data/ (maps, decks, tables)."""

from __future__ import annotations

import json
import tomllib
from functools import cache
from importlib import resources
from typing import Any


@cache
def load_data(*parts: str) -> Any:
    """Parse data/<parts...> (TOML or JSON). Cached: data files never change while running."""
    node = resources.files("data").joinpath(*parts)
    text = node.read_text(encoding="utf-8")
    if parts[-1].endswith(".toml"):
        return tomllib.loads(text)
    return json.loads(text)

"""The one check every name a player types goes through: a company, a gladiator, a law title, a fleet.

Names are for people, ids are for the machine: commands look things up by name, buttons carry ids.
A name is trimmed, 1-32 characters, free of control and invisible characters (Unicode Cc/Cf), and
unique ignoring case and accents, so "Città" and "citta" cannot both exist and confuse a reader.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from engine.core.errors import RuleError

MAX_NAME = 32


def name_key(name: str) -> str:
    """The form two names are compared in: trimmed, case-folded, accents removed."""
    decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def check_name(raw: str, taken: Iterable[str] = ()) -> str:
    """Return the cleaned name, or raise `core.name_*` naming what is wrong."""
    name = unicodedata.normalize("NFC", raw.strip())
    if not name:
        raise RuleError("core.name_empty")
    if len(name) > MAX_NAME:
        raise RuleError("core.name_too_long", name=name[:MAX_NAME] + "…", max=MAX_NAME)
    if any(unicodedata.category(ch) in ("Cc", "Cf") for ch in name):
        raise RuleError("core.name_invisible")
    key = name_key(name)
    for other in taken:
        if name_key(other) == key:
            raise RuleError("core.name_taken", name=name, other=other)
    return name


def find_by_name(name: str, candidates: dict[str, str]) -> str | None:
    """The id whose name matches `name` (ignoring case and accents); `candidates` maps id -> name."""
    key = name_key(name)
    return next((cid for cid, cname in candidates.items() if name_key(cname) == key), None)

"""What a move shows its actor and not another player: numbers new in the actor's view that neither the
public view nor that player's view holds (a drawn card's price, an offer's terms, a secret number),
and how such a number reads in a message."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

Path = tuple[Any, ...]


def leaves(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every scalar of a dumped view with its path."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from leaves(value, (*path, i))
    else:
        yield path, data


def _telling(value: Any) -> bool:
    """A value distinctive enough to be recognised in a message: a number from 100 up (an amount, a
    price, a secret number). Words are left out: a private ledger's "gladiator" reason names what the
    channel rightly saw bought, and no view says the two are the same fact."""
    if isinstance(value, str):  # a number kept as text (a gladiator's magic number), not a snowflake
        return value.isdigit() and 3 <= len(value) <= 9
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 100


def hidden_from(before: dict[str, Any], after: dict[str, Any], public: dict[str, Any],
                theirs: dict[str, Any]) -> set[Any]:
    """Values the actor's view gained (`before` -> `after`) that neither the public view nor `theirs` shows."""
    old = dict(leaves(before))
    shown = {v for view in (public, theirs) for _, v in leaves(view) if isinstance(v, int | str)}
    return {v for path, v in leaves(after) if old.get(path) != v and _telling(v) and v not in shown}


@lru_cache(maxsize=4096)
def forms(value: int | str) -> tuple[str, ...]:
    """How a number reads in a message, in either language."""
    if isinstance(value, str):
        return (value,)
    return (str(value), f"{value:,}", f"{value:,}".replace(",", "."), f"{value:,}".replace(",", "\u202f"))


def found_in(text: str, values: set[Any]) -> list[Any]:
    """The values of `values` that `text` gives away."""
    out = []
    for value in values:
        for form in forms(value):
            if re.search(rf"(?<![\w.,]){re.escape(form)}(?![\w])", text, flags=re.IGNORECASE):
                out.append(value)
                break
    return out

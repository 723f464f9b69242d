"""The one exception an engine raises for an illegal action."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An action the rules do not allow.

    `code` is stable (it is the i18n key suffix and what replay reports); `params` fill the
    localized sentence. Raising it guarantees the state was not changed: `Game.apply` works on
    a copy and only commits when the handler returns.
    """

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.params!r})"

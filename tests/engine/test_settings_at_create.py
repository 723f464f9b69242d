"""Settings are refused when a game is created (the cog calls `parse_settings` before opening a
thread), not when it starts: one message naming the setting (issue 12)."""

from __future__ import annotations

import pytest

from bot.i18n import t
from engine.core import RuleError, get_game

BAD = [
    ("impero", {"timezone": "Europe/Atlantide"}, "timezone"),
    ("spqrisiko", {"timezone": "Mars/Olympus"}, "timezone"),
    ("impero", {"map": "atlantide"}, "map"),
    ("impero", {"yield_layout": "nessuno"}, "yield_layout"),
    ("impero", {"upgrade_costs": [100, -200, 500, 1300, 3000]}, "upgrade_costs"),
    ("impero", {"start_cash": -1}, "start_cash"),
]


@pytest.mark.parametrize(("kind", "settings", "name"), BAD)
def test_bad_setting_is_one_line_naming_it(kind: str, settings: dict, name: str) -> None:
    with pytest.raises(RuleError) as err:
        get_game(kind).parse_settings(settings)
    assert err.value.code == "core.bad_setting"
    assert err.value.params["setting"].split(".")[0] == name
    for lang in ("it", "en"):
        text = t(err.value.code, lang, **err.value.params)
        assert name in text and "\n" not in text


def test_good_settings_still_pass() -> None:
    get_game("impero").parse_settings({"timezone": "America/New_York", "yield_layout": "classico"})
    get_game("spqrisiko").parse_settings({"timezone": "UTC"})

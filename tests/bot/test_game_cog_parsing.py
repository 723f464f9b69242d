"""How `/game create settings:` text becomes a game's settings."""

from __future__ import annotations

import pytest

from bot.cogs.table_settings import parse_settings, settings_defaults, settings_in_units, settings_text
from engine.core import RuleError, get_game


def test_key_value_pairs_are_typed() -> None:
    assert parse_settings("target_points=15 setup=random turn_end_times=08:00,20:00 x=si") == {
        "target_points": 15, "setup": "random", "turn_end_times": ["08:00", "20:00"], "x": True}
    assert parse_settings(None) == {} and parse_settings("  ") == {}


def test_text_without_equals_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        parse_settings("target_points 15")
    assert err.value.code == "core.bad_settings_text"


@pytest.mark.parametrize("kind", ["impero", "spqrisiko"])
def test_every_default_written_out_is_accepted_back(kind: str) -> None:
    text = " ".join(f"{k}={settings_text(v)}" for k, v in settings_defaults(kind).items() if v is not None)
    game = get_game(kind)
    assert game.parse_settings(settings_in_units(kind, parse_settings(text))) == game.parse_settings({})


def test_money_settings_are_typed_and_shown_in_dollars() -> None:
    defaults = settings_defaults("impero")
    assert defaults["start_cash"] == "50" and defaults["upgrade_costs"] == ["1", "2", "5", "13", "30"]
    typed = settings_in_units("impero", parse_settings("start_cash=120 bid_increment=2.50 upgrade_costs=1,2,5,13,30"))
    settings = get_game("impero").parse_settings(typed)
    assert settings.start_cash == 12_000 and settings.bid_increment == 250  # type: ignore[attr-defined]
    assert settings.upgrade_costs == [100, 200, 500, 1300, 3000]  # type: ignore[attr-defined]
    with pytest.raises(RuleError):
        settings_in_units("impero", parse_settings("start_cash=lots"))


def test_an_unknown_setting_is_refused_with_the_valid_keys() -> None:
    from bot.i18n import t

    game = get_game("spqrisiko")
    with pytest.raises(RuleError) as err:
        game.parse_settings(parse_settings("target=12"))
    assert err.value.code == "core.unknown_setting" and err.value.params["setting"] == "target"
    assert "target_points" in err.value.params["keys"]
    text = t(err.value.code, "it", **err.value.params)
    assert text.startswith("Impostazione sconosciuta: target.") and "target_points" in text

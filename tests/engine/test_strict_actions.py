"""Actions are strict: an unknown field or a JSON `true` for an integer is refused with an error
naming the field, in Italian and English, and never played as a guess (issue 12)."""

from __future__ import annotations

from typing import get_args

import pytest

from bot.i18n import t
from engine.core import Action, RuleError, get_game

CASES = [
    # "roll" for "rolls": today's lenient parsing would play a single roll
    ("spqrisiko", {"type": "attack", "from_province": "roma", "to_province": "etruria", "roll": "blitz"}, "roll"),
    ("spqrisiko", {"type": "reinforce", "province": "roma", "count": True}, "count"),
    ("spqrisiko", {"type": "fortify", "from_province": "roma", "to_province": "etruria", "count": 2.5}, "count"),
    ("impero", {"type": "bid", "company": "Alfa", "amount": True}, "amount"),
    ("impero", {"type": "create_company", "name": "Alfa", "capital": "1000"}, "capital"),
    ("impero", {"type": "list_shares", "company": "Alfa", "quantity": 1, "price": 100, "prize": 5}, "prize"),
]


@pytest.mark.parametrize(("kind", "payload", "field"), CASES)
def test_loose_input_is_refused_naming_the_field(kind: str, payload: dict, field: str) -> None:
    with pytest.raises(RuleError) as err:
        get_game(kind).parse_action(payload)
    assert err.value.code == "core.bad_action"
    assert err.value.params["detail"].split(".")[-1] == field
    for lang in ("it", "en"):
        assert field in t(err.value.code, lang, **err.value.params)


@pytest.mark.parametrize("kind", ["impero", "spqrisiko"])
def test_every_action_of_the_game_is_strict(kind: str) -> None:
    schema = get_game(kind).action_schema()["game"]
    for ref in schema["oneOf"]:
        assert schema["$defs"][ref["$ref"].rsplit("/", 1)[1]]["additionalProperties"] is False
    union = get_args(get_game(kind).action_model)[0]
    assert all(issubclass(cls, Action) for cls in get_args(union))

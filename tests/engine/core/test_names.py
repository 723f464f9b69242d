from datetime import UTC, datetime

import pytest
from pydantic import Field

from engine.core import Action, RuleError
from engine.core.model import GameState
from engine.core.names import check_name, find_by_name, name_key
from engine.core.rng import Rng


def test_name_is_trimmed_and_kept():
    assert check_name("  Roma Telecom ") == "Roma Telecom"


@pytest.mark.parametrize("raw,code", [
    ("   ", "core.name_empty"),
    ("x" * 33, "core.name_too_long"),
    ("bad\u200bname", "core.name_invisible"),
    ("tab\tname", "core.name_invisible"),
])
def test_bad_names_are_refused(raw, code):
    with pytest.raises(RuleError) as err:
        check_name(raw)
    assert err.value.code == code


def test_unique_ignoring_case_and_accents():
    with pytest.raises(RuleError) as err:
        check_name("citta", ["Città"])
    assert err.value.code == "core.name_taken"
    assert name_key("ÉTOILE") == name_key("etoile")
    assert find_by_name("CITTÀ", {"c1": "Città", "c2": "Roma"}) == "c1"
    assert find_by_name("c1", {"c1": "Città"}) is None  # an id is not a name


class _Roll(Action):
    type: str = "roll"
    rolls: int = Field(ge=1)


def test_strict_action_refuses_extra_fields_and_bools():
    from pydantic import TypeAdapter, ValidationError

    adapter = TypeAdapter(_Roll)
    assert adapter.validate_json('{"type": "roll", "rolls": 2}').rolls == 2
    with pytest.raises(ValidationError):
        adapter.validate_json('{"type": "roll", "rolls": true}')
    with pytest.raises(ValidationError):
        adapter.validate_json('{"type": "roll", "rolls": 1, "roll": "blitz"}')


def test_deadline_reads_the_timer():
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    st = GameState(game="x", seed=1, rng=Rng(seed=1), players=[], created_at=t0, clock=t0)
    assert st.deadline("turn_end") is None
    timer = st.add_timer("auction", t0.replace(hour=5), auction="a1")
    st.add_timer("auction", t0.replace(hour=3), auction="a2")
    assert st.deadline("auction", auction="a1") == timer.at
    assert st.deadline("auction").hour == 3
    timer.at = t0.replace(hour=9)
    assert st.deadline("auction", auction="a1").hour == 9

"""`python -m engine schema` and `python -m engine replay`, called in-process."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from engine.__main__ import main
from engine.core import GameRecord, LogEntry, Player

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)


def record(log: list[LogEntry]) -> GameRecord:
    return GameRecord(game="corsa", seed=3, settings={"target": 10}, created_at=T0,
                      players=[Player(id="1", name="A"), Player(id="2", name="B")], log=log)


def test_schema_lists_actions(capsys) -> None:
    assert main(["schema", "impero"]) == 0
    schema = json.loads(capsys.readouterr().out)
    text = json.dumps(schema)
    assert "create_company" in text and "mod_pause" in text


def test_replay_prints_the_view(tmp_path, capsys) -> None:
    from tests.fixtures.testgame import GAME

    state = GAME.setup(GAME.parse_settings({"target": 10}), [Player(id="1", name="A"), Player(id="2", name="B")], 3, T0)
    first = GAME.current(state)
    path = tmp_path / "game.json"
    path.write_text(record([LogEntry(at=T0 + timedelta(minutes=1), actor=first,
                                     action={"type": "add", "amount": 2})]).model_dump_json())
    assert main(["replay", str(path), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["total"] == 2 and view["my_secret"] is None
    assert main(["replay", str(path), "--json", "--viewer", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["my_secret"] is not None
    later = (T0 + timedelta(days=2)).isoformat()
    assert main(["replay", str(path), "--json", "--until", later]) == 0
    assert json.loads(capsys.readouterr().out)["total"] > 2  # turn deadlines fired up to --until


def test_replay_stops_on_an_illegal_entry(tmp_path, capsys) -> None:
    path = tmp_path / "bad.json"
    path.write_text(record([LogEntry(at=T0, actor="1", action={"type": "add", "amount": 7})]).model_dump_json())
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "entry 0" in err and ("corsa.bad_amount" in err or "core.not_your_turn" in err)


def test_replay_of_a_missing_file_is_an_error(tmp_path, capsys) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 1

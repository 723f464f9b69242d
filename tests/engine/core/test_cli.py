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


# ---- hardening (issue 12): one line and exit 1, never a traceback --------------------------------
def recorded(kind: str) -> dict:
    from tests.fixtures.recorded import path

    return json.loads(path(kind).read_text(encoding="utf-8"))["record"]


def run(tmp_path, capsys, data: dict, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["replay", str(path), *args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str) -> str:
    assert code == 1
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


def test_until_without_offset_is_refused(tmp_path, capsys) -> None:
    code, _, err = run(tmp_path, capsys, recorded("impero"), "--until", "2026-03-02T10:00:00")
    assert "offset" in one_line_error(code, err)


def test_log_time_without_offset_is_refused(tmp_path, capsys) -> None:
    data = recorded("impero")
    data["log"][3]["at"] = data["log"][3]["at"][:19]
    code, _, err = run(tmp_path, capsys, data)
    assert "entry 3" in one_line_error(code, err)


def test_duplicate_and_missing_players_are_refused(tmp_path, capsys) -> None:
    data = recorded("impero")
    data["players"].append(dict(data["players"][0]))
    code, _, err = run(tmp_path, capsys, data)
    assert data["players"][0]["id"] in one_line_error(code, err)
    data = recorded("impero")
    gone = data["log"][0]["actor"]
    data["players"] = [p for p in data["players"] if p["id"] != gone]
    code, _, err = run(tmp_path, capsys, data)
    assert gone in one_line_error(code, err)


def test_missing_data_file_is_one_line(tmp_path, capsys) -> None:
    for setting in ({"map": "atlantide"}, {"yield_layout": "perduto"}):
        data = recorded("impero")
        data["settings"] = setting
        code, _, err = run(tmp_path, capsys, data)
        assert next(iter(setting)) in one_line_error(code, err)


def test_without_until_it_replays_to_advanced_to(tmp_path, capsys) -> None:
    from engine.core import GameRecord, get_game, replay

    data = recorded("impero")
    data["log"] = data["log"][:40]
    last = datetime.fromisoformat(data["log"][-1]["at"])
    data["advanced_to"] = (last + timedelta(days=2)).isoformat()  # turn ends fire after the last move
    code, out, _ = run(tmp_path, capsys, data, "--json")
    assert code == 0
    game = get_game("impero")
    record = GameRecord.model_validate(data)
    expected = game.view(replay(game, record, until=record.advanced_to), None)
    stopped = game.view(replay(game, record), None)
    assert json.loads(out) == json.loads(expected.model_dump_json())
    assert json.loads(out)["turn"] > stopped.turn  # ...not where the last entry left it


def test_events_tell_what_each_entry_and_timer_did(tmp_path, capsys) -> None:
    code, out, _ = run(tmp_path, capsys, recorded("impero"), "--events")
    assert code == 0
    assert "impero.dividends" in out and "impero.offer_intercepted" in out and " timers" in out
    assert " entry 0 " in out
    code, out, _ = run(tmp_path, capsys, recorded("spqrisiko"), "--events")
    assert code == 0 and "spqrisiko.attack" in out and "spqrisiko.landing" in out


def test_a_player_seated_mid_game_replays(tmp_path, capsys) -> None:
    """A DecameroNomic newcomer admitted by the Scribe plays from the next Giornata: the export's
    starting seats leave them out (joined_later), and the replay seats them again."""
    from engine.nomic import GAME as NOMIC
    from tests.engine.nomic.helpers import T0 as N0
    from tests.engine.nomic.helpers import A, B, act, new_game

    state = new_game()
    moves = [(A, {"type": "scribe_admit", "user": "2001", "name": "Nuovo"}),
             (B, {"type": "propose", "proposals": [{"kind": "enact", "title": "Filler", "text": "Nothing."}]})]
    log = []
    for actor, action in moves:
        act(state, actor, action)
        log.append(LogEntry(at=state.clock, actor=actor, action=action))
    end = state.deadline("giornata")
    NOMIC.advance(state, end)
    give = {"type": "give", "to": "Anna", "amount": 10}
    act(state, "2001", give, end)
    log.append(LogEntry(at=end, actor="2001", action=give))
    seated = [Player(id=p.id, name=p.name) for p in state.players if p.id not in NOMIC.joined_later(state)]
    assert "2001" not in {p.id for p in seated}
    path = tmp_path / "nomic.json"
    path.write_text(GameRecord(game="nomic", seed=7, settings={}, created_at=N0, players=seated,
                               log=log, advanced_to=end).model_dump_json())
    assert main(["replay", str(path), "--json", "--viewer", "2001"]) == 0, capsys.readouterr().err
    capsys.readouterr()
    stranger = tmp_path / "stranger.json"
    stranger.write_text(GameRecord(game="nomic", seed=7, settings={}, created_at=N0, players=seated,
                                   log=[LogEntry(at=N0, actor="999", action=give)]).model_dump_json())
    assert main(["replay", str(stranger)]) == 1
    assert "actor 999 is not among the players" in capsys.readouterr().err

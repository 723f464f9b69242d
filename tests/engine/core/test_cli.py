"""`python -m engine schema` and `python -m engine replay`, called in-process."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from engine.__main__ import main
from engine.core import GameRecord, LogEntry, Player, get_game

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)


def record(log: list[LogEntry]) -> GameRecord:
    return GameRecord(game="corsa", seed=3, settings={"target": 10}, created_at=T0,
                      players=[Player(id="1", name="A"), Player(id="2", name="B")], log=log)


def test_schema_lists_actions(capsys) -> None:
    assert main(["schema", "impero"]) == 0
    schema = json.loads(capsys.readouterr().out)
    text = json.dumps(schema)
    assert "create_company" in text and "mod_pause" in text


def test_schema_publishes_the_core_moves_and_the_orders_of_every_game(capsys) -> None:
    """Issue 38: `core_away` and `core_orders` (and, issue 42, `core_draw` and `core_concede`) are moves of every game, and `core_orders` carries the
    game's own orders model: a tool reading the schema can write every move the game takes."""
    for kind in ("impero", "spqrisiko", "nomic", "highfrontier", "galactica"):
        game = get_game(kind)
        assert main(["schema", kind]) == 0
        schema = json.loads(capsys.readouterr().out)
        core = schema["core"]
        types = {core["$defs"][ref["$ref"].rsplit("/", 1)[1]]["properties"]["type"]["const"] for ref in core["oneOf"]}
        assert types == {"core_away", "core_orders", "core_draw", "core_concede"}, kind
        assert game.orders_model is not None
        assert schema["orders"] == game.orders_model.model_json_schema(), kind
        model = game.orders_model.__name__
        assert core["$defs"][model] == schema["orders"], kind
        orders = core["$defs"]["SetOrders"]["properties"]["orders"]
        assert {"$ref": f"#/$defs/{model}"} in orders["anyOf"], kind


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


def test_a_player_seated_by_a_logged_action_replays(tmp_path, capsys) -> None:
    """DecameroNomic's newcomer (rule 4) acts after the rollover that seats him: the export leaves
    him out of the starting seats (joined_later), and the replay seats him again."""
    from engine.nomic import GAME as NOMIC

    people = [Player(id=str(1001 + i), name=n) for i, n in enumerate(["Anna", "Bruno", "Carla"])]
    state = NOMIC.setup(NOMIC.parse_settings({}), [p.model_copy() for p in people], 5, T0)
    log = [LogEntry(at=T0, actor="1001", action={"type": "scribe_admit", "user": "900003", "name": "Gino",
                                                  "asked": True}),
           LogEntry(at=T0, actor="1002", action={"type": "propose", "proposals": [
               {"kind": "enact", "title": "Prima", "text": "Testo."}]})]
    for entry in log:
        NOMIC.apply(state, entry.actor, entry.action, entry.at)
    end = state.deadline("giornata")
    assert end is not None
    NOMIC.advance(state, end)
    log.append(LogEntry(at=end, actor="900003", action={"type": "propose", "proposals": [
        {"kind": "enact", "title": "Benvenuto", "text": "Ciao."}]}))
    NOMIC.apply(state, "900003", log[-1].action, end)
    data = GameRecord(game="nomic", seed=5, settings={}, created_at=T0, players=people, log=log,
                      advanced_to=end).model_dump(mode="json")
    code, out, err = run(tmp_path, capsys, data)
    assert code == 0 and err == "" and "Benvenuto" in out


def test_schema_of_nomic_publishes_the_change_format(capsys) -> None:
    assert main(["schema", "nomic"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["changes"]["knobs"]["vote_weight"]["options"] == ["treasure", "one_each", "power", "king"]
    assert schema["changes"]["knobs"]["letters"] == {"mechanic": "letter_limits", "default": 2, "min": 1, "max": 10}
    assert schema["changes"]["mechanics"]["gladiators"]["rule"] == 1400
    assert "ChangeSpec" in json.dumps(schema["game"])


def test_replay_of_a_nomic_game_that_changed_its_rules(tmp_path, capsys) -> None:
    """The recorded DecameroNomic game carries structured changes (knobs set by laws): the export
    replays to the very state it recorded."""
    from tests.fixtures.recorded import path

    data = json.loads(path("nomic").read_text(encoding="utf-8"))
    changed = [e for e in data["record"]["log"] if e["action"].get("type") == "propose"
               and any(p.get("change") for p in e["action"]["proposals"])]
    assert changed, "the recording has laws that change the game"
    code, out, err = run(tmp_path, capsys, data["record"], "--json")
    assert code == 0 and err == ""
    view = json.loads(out)
    from engine.core import get_game

    game = get_game("nomic")
    state = game.load_state(data["state"])  # (the file's JSON has sorted keys: ballots in another order)
    saved = json.loads(game.view(state, None).model_dump_json())
    for v in (view, saved):
        for p in v["proposals"]:
            p["ballots"].sort(key=lambda b: b["player"])
    assert view == saved and view["params"] != {}

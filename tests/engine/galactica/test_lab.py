"""The designers' lab: reproducible from the seed, variants side by side on the same seeds, the effect of
the asteroid ruling visible in the eliminations by cause, and its command line."""

from __future__ import annotations

import json

import pytest

from engine.__main__ import main
from engine.core import RuleError
from engine.galactica.lab import parse_variant, report_lines, run_lab


def test_the_asteroid_ruling_shows_in_the_lab() -> None:
    """Seed 50, two players: read literally, two asteroid cards end the game in round 2 before anyone
    met (the issue's finding); with Araldo's ruling nobody falls to the cards."""
    report = run_lab([parse_variant("araldo"), parse_variant("literal")], games=3, players=2, seed=50)
    araldo, literal = report.variants
    assert literal.eliminations.get("asteroid", 0) >= 1 and literal.early_eliminations >= 1
    assert literal.rounds_min == 2
    assert "asteroid" not in araldo.eliminations and araldo.early_eliminations == 0
    for v in report.variants:
        assert len(v.win_share_by_seat) == 2 and abs(sum(v.win_share_by_seat) - 1) < 0.01
        assert v.ndri_curve[0] == 50_000 and v.raw_curve[0] == 0  # round 1 begins with the start money
        assert v.days_mean == pytest.approx(v.rounds_mean * 2 * 24 / 24, abs=0.1)


def test_same_seed_same_report_and_custom_variants() -> None:
    variants = [parse_variant("araldo"), parse_variant("quick:turn_hours=12,start_ndri=100000")]
    first = run_lab(variants, games=2, players=3, seed=7, max_rounds=20)
    assert first == run_lab(variants, games=2, players=3, seed=7, max_rounds=20)
    quick = first.variants[1]
    assert quick.settings == {"turn_hours": 12, "start_ndri": 100_000}
    assert quick.days_mean == pytest.approx(quick.rounds_mean * 3 * 12 / 24, abs=0.1)
    assert quick.ndri_curve[0] == 100_000
    assert any("quick" in line for line in report_lines(first))


def test_bad_variants_are_refused() -> None:
    with pytest.raises(RuleError) as err:
        parse_variant("nonsense")
    assert err.value.code == "galactica.lab.unknown_variant"
    with pytest.raises(RuleError):
        parse_variant("x:start_ndri")
    with pytest.raises(RuleError):
        run_lab([parse_variant("x:lineup=99")], games=1)
    with pytest.raises(RuleError):
        run_lab([parse_variant("araldo")], games=0)


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "galactica", "--games", "2", "--seed", "50"]) == 0
    out = capsys.readouterr().out
    assert "[araldo]" in out and "[literal]" in out and "eliminations" in out
    assert main(["lab", "galactica", "--games", "1", "--variant", "araldo", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [v["name"] for v in data["variants"]] == ["araldo"]
    assert main(["lab", "galactica", "--variant", "bogus"]) == 1


def test_replays_tell_every_exchange(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m engine replay --events` prints each battle's exchanges, as the channel read them."""
    from pathlib import Path

    from engine.core import GameRecord
    from tests.engine.galactica.helpers import T0, players
    from tests.engine.galactica.test_play import play

    for seed in range(1, 12):
        config = {"max_rounds": 15, "start_ndri": 300_000}
        state, log, _, _ = play(2, seed, [seed * 31 + i * 7 for i in range(40)], config)
        if state.battles:
            break
    assert state.battles, "no battle in eleven games"
    record = GameRecord(game="galactica", seed=seed, settings=config, created_at=T0, players=players(2), log=log)
    path = Path(str(tmp_path)) / "game.json"
    path.write_text(record.model_dump_json(), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(path), "--events"]) == 0
    out = capsys.readouterr().out
    told = sum(len(b.exchanges) for b in state.battles)
    assert out.count("galactica.exchange ") + out.count("galactica.ground_exchange ") >= told > 0
    assert '"strikes"' in out and '"pairs"' in out

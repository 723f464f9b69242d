"""The layout promised in docs/architecture.md: each game's Discord side is a package of its own
(bot/cogs/<game>/), nothing else under bot/ is named after a game, and no module grows past what one
reader holds at once (400 lines; migrations are generated and exempt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.registry import BUILTIN_GAMES

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(module.rsplit(".", 1)[-1] for module in BUILTIN_GAMES)
MAX_LINES = 400
# the prefixes a file named after a game would carry, by the game's package name
GAME_WORDS = {game: (game, {"spqrisiko": "spqr", "highfrontier": "hf"}.get(game, game)) for game in GAMES}


def named_after_a_game(path: Path) -> str | None:
    stem = path.stem.lower()
    for game, words in GAME_WORDS.items():
        if any(stem == w or stem.startswith(f"{w}_") for w in words):
            return game
    return None


def test_every_registered_game_has_its_cog_package() -> None:
    for game in GAMES:
        package = ROOT / "bot" / "cogs" / game
        assert (package / "__init__.py").is_file(), game
        assert (package / "commands.py").is_file(), game


def test_no_file_under_bot_is_named_after_a_game_outside_its_package() -> None:
    stray = []
    for path in (ROOT / "bot").rglob("*"):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        game = named_after_a_game(path)
        if game is not None and (ROOT / "bot" / "cogs" / game) not in path.parents:
            stray.append(str(path.relative_to(ROOT)))
    assert stray == []


@pytest.mark.parametrize("folder", ["bot", "render", "engine", "tests/emulator"])
def test_no_module_over_the_limit(folder: str) -> None:
    long = {}
    for path in (ROOT / folder).rglob("*.py"):
        if "migrations" in path.parts:
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            long[str(path.relative_to(ROOT))] = lines
    assert long == {}


def test_the_check_sees_a_stray_game_file() -> None:
    assert named_after_a_game(Path("bot/impero_views.py")) == "impero"
    assert named_after_a_game(Path("bot/locales/it/hf_cmd.po")) == "highfrontier"
    assert named_after_a_game(Path("bot/cogs/game.py")) is None


def test_nothing_below_the_cogs_imports_them() -> None:
    """The cogs sit on top of bot/: the web, the outbox and the shared words (bot/telling.py) are read
    by them, never the other way round (bot/main.py only names the extensions it loads)."""
    upward = []
    for path in (ROOT / "bot").rglob("*.py"):
        if (ROOT / "bot" / "cogs") in path.parents or "migrations" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if "from bot.cogs" in text or "import bot.cogs" in text:
            upward.append(str(path.relative_to(ROOT)))
    assert upward == []


def test_the_moderators_archive_is_not_named_like_the_players_record() -> None:
    assert not (ROOT / "bot" / "records.py").exists() and (ROOT / "bot" / "archive.py").is_file()
    assert not (ROOT / "bot" / "cogs" / "history.py").exists() and (ROOT / "bot" / "telling.py").is_file()

"""The shared engine core: contract, timers, randomness, money, decks, replay."""

from engine.core.errors import RuleError
from engine.core.game import Game, GameMeta, finish_game
from engine.core.model import Action, CoreSettings, Event, GameState, Msg, Player, Timer
from engine.core.record import FORMAT, GameRecord, LogEntry, ReplayError, replay
from engine.core.registry import all_games, get_game, register
from engine.core.rng import Rng

__all__ = [
    "FORMAT",
    "Action",
    "CoreSettings",
    "Event",
    "Game",
    "GameMeta",
    "GameRecord",
    "GameState",
    "LogEntry",
    "Msg",
    "Player",
    "ReplayError",
    "Rng",
    "RuleError",
    "Timer",
    "all_games",
    "finish_game",
    "get_game",
    "register",
    "replay",
]

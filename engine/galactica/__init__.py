"""Imperium Galactica: a hex galaxy explored tile by tile, planets, fleets, combat, market, casino."""

from engine.core import register
from engine.galactica.game import Galactica
from engine.galactica.models import GalacticaSettings, GalacticaState

GAME = register(Galactica())

__all__ = ["GAME", "Galactica", "GalacticaSettings", "GalacticaState"]

"""DecameroNomic: a ruleset that changes by vote, weighted votes, the King and the Humble Scribe,
Nomica, gladiators, the bank and two-week Giornate that roll over by themselves."""

from engine.core import register
from engine.nomic.game import Nomic
from engine.nomic.models import NomicSettings, NomicState
from engine.nomic.views import NomicView

GAME = register(Nomic())

__all__ = ["GAME", "Nomic", "NomicSettings", "NomicState", "NomicView"]

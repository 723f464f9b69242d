"""SPQRisiko: Risiko in the Roman Empire, with fleets, landings, colossei and victory points."""

from engine.core import register
from engine.spqrisiko.cards import card_set_reward
from engine.spqrisiko.game import SpqRisiko
from engine.spqrisiko.models import SpqrSettings, SpqrState, SpqrView
from engine.spqrisiko.reinforce import reinforcement_base

GAME = register(SpqRisiko())

__all__ = [
    "GAME",
    "SpqRisiko",
    "SpqrSettings",
    "SpqrState",
    "SpqrView",
    "card_set_reward",
    "reinforcement_base",
]

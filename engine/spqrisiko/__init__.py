"""SPQRisiko: Risiko in the Roman Empire, with fleets, landings, colossei and victory points."""

from engine.core import register
from engine.spqrisiko.game import SpqRisiko, card_set_reward, reinforcement_base
from engine.spqrisiko.models import SpqrSettings, SpqrState, SpqrView

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

"""High Frontier 4 All, Module 5 "Economy": the stock market and isotope bank, run for the table."""

from engine.core import register
from engine.highfrontier.game import HighFrontier
from engine.highfrontier.models import HfSettings, HfState
from engine.highfrontier.views import HfView

GAME = register(HighFrontier())

__all__ = ["GAME", "HfSettings", "HfState", "HfView", "HighFrontier"]

"""One scripted demo per game: a few turns played through the bot's commands and buttons, each
player in turn (Erin, en-US, among them). `DEMOS[kind]` plays one on a Table."""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable
from typing import Any

Demo = Callable[[Any], Awaitable[None]]


def demo_of(kind: str) -> Demo:
    """The game's demo (`tests/e2e/conformance/demos/<kind>.py`, its `play(table)`)."""
    module = importlib.import_module(f"tests.e2e.conformance.demos.{kind}")
    play: Demo = module.play
    return play

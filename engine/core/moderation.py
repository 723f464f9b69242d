"""Moderator actions every game supports; they are log entries like any other action."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field


class ModPause(BaseModel):
    type: Literal["mod_pause"] = "mod_pause"


class ModResume(BaseModel):
    type: Literal["mod_resume"] = "mod_resume"


class ModExtend(BaseModel):
    """Push the next deadline (or one named timer) back by some minutes."""

    type: Literal["mod_extend"] = "mod_extend"
    minutes: int = Field(ge=1, le=60 * 24 * 30)
    timer_id: str | None = None


class ModForce(BaseModel):
    """Fire the next timer now."""

    type: Literal["mod_force"] = "mod_force"


class ModKick(BaseModel):
    type: Literal["mod_kick"] = "mod_kick"
    player: str


class ModReplace(BaseModel):
    type: Literal["mod_replace"] = "mod_replace"
    player: str
    new_id: str = Field(min_length=1, max_length=32)
    new_name: str = Field(min_length=1, max_length=64)


class ModEnd(BaseModel):
    type: Literal["mod_end"] = "mod_end"
    reason: str = Field(default="", max_length=200)


class Away(BaseModel):
    """A player declares an absence until a moment (None: back now). Not a moderator action,
    but handled by the core for every game; games react in `Game.on_away`."""

    type: Literal["core_away"] = "core_away"
    until: datetime | None = None


ModAction = Annotated[
    ModPause | ModResume | ModExtend | ModForce | ModKick | ModReplace | ModEnd,
    Field(discriminator="type"),
]
MOD_PREFIX = "mod_"
CORE_PREFIX = "core_"

"""Interaction bookkeeping: what the emulator dispatched, how the bot answered, and the result tests read."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .models import Channel, Guild, Message, User

# Interaction types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# Callback types
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9


@dataclass(eq=False)
class Interaction:
    id: str
    token: str
    type: int
    user: User
    channel: Channel
    guild: Guild | None
    payload: dict[str, Any]
    message: Message | None = None  # the message a component lives on
    trigger: Interaction | None = None  # for a modal submit: the interaction that opened the modal
    created: float = field(default_factory=time.monotonic)
    response_type: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    errors: list[tuple[int, int, str]] = field(default_factory=list)  # (status, code, message) sent back

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def loading(self) -> bool:
        """True while a deferred 'is thinking...' response awaits its content."""
        return self.original is not None and bool(self.original.flags & 128)

    def __repr__(self) -> str:
        return f"<Interaction {self.id} type={self.type} by {self.user.username}>"


@dataclass(eq=False)
class InteractionResult:
    """What a person would observe after acting: responses, followups, edits, a modal or choices."""

    interaction: Interaction
    messages: list[Message]  # messages created or edited while the bot handled the interaction
    created: list[Message]

    @property
    def response_type(self) -> int | None:
        return self.interaction.response_type

    @property
    def response(self) -> Message | None:
        return self.interaction.original

    @property
    def followups(self) -> list[Message]:
        return list(self.interaction.followups)

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.interaction.modal

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        return self.interaction.choices

    @property
    def errors(self) -> list[tuple[int, int, str]]:
        return list(self.interaction.errors)

    @property
    def message(self) -> Message:
        """The single most relevant message: the response, else the first followup or new message."""
        for candidate in [self.response, *self.followups, *self.messages]:
            if candidate is not None:
                return candidate
        raise AssertionError(f"{self.interaction!r} produced no message (response type {self.response_type})")

    @property
    def content(self) -> str:
        return self.message.content

    @property
    def ephemeral(self) -> bool:
        return self.message.ephemeral

    def __repr__(self) -> str:
        modal = bool(self.modal)
        return f"<InteractionResult type={self.response_type} messages={self.messages!r} modal={modal}>"

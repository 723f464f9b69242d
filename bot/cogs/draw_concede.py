"""`/game draw` and `/game concede` (issue 42): a draw proposed to the table, answered with the buttons
under the proposal (which survive restarts: the game is in their id), and a concession confirmed by a
button only its player sees. The rules are the engine's (engine/core/draw.py, concession.py)."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.ui import act, answer_public, channel_lang, game_here, lang, player_id, send, service_of
from engine.core import GameState, RuleError
from engine.core.draw import DRAW_TIMER

ANSWERS = ("agree", "refuse")


class DrawButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                 template=r"araldo:draw:(?P<answer>agree|refuse):(?P<game>\d+)"):
    """Agree to / refuse the draw proposed in game `game`."""

    def __init__(self, answer: str, game_id: int, label: str) -> None:
        style = discord.ButtonStyle.success if answer == "agree" else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label[:80], style=style, custom_id=f"araldo:draw:{answer}:{game_id}"))
        self.answer, self.game_id = answer, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> DrawButton:
        return cls(match["answer"], int(match["game"]), str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.errors import report

        try:
            svc = service_of(interaction)
            row = await svc.get(self.game_id)
            _, before = await svc.state(self.game_id)
            result = await act(interaction, row, {"type": "core_draw", "answer": self.answer})
            message = interaction.message
            if message is not None and not message.flags.ephemeral and before.draw is not None:
                # the proposal in the channel says what holds now: who must still answer, or that it is
                # closed (settled: nobody clicks a spent proposal again)
                language = await channel_lang(interaction)
                if result.state.draw is None:
                    await message.edit(content=t("core.draw.closed", language, player=before.name_of(before.draw.by)),
                                       view=None)
                else:
                    await message.edit(content=proposal_text(result.state, language))
        except Exception as exc:
            await report(interaction, exc)


class ConcedeButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                    template=r"araldo:concede:(?P<game>\d+)"):
    """The confirmation of a concession, on a message only the conceding player sees."""

    def __init__(self, game_id: int, label: str) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.danger,
                                           custom_id=f"araldo:concede:{game_id}", emoji="🏳️"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> ConcedeButton:
        return cls(int(match["game"]), str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.errors import report

        try:
            row = await service_of(interaction).get(self.game_id)
            await act(interaction, row, {"type": "core_concede"})
        except Exception as exc:
            await report(interaction, exc)


def draw_view(game_id: int, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in ANSWERS:
        view.add_item(DrawButton(answer, game_id, t(f"core.button.draw_{answer}", language)))
    return view


def pending_text(state: GameState, language: str, key: str = "core.draw.open") -> str:
    pending = state.draw
    assert pending is not None
    waiting = [state.name_of(p) for p in state.active_player_ids() if p not in pending.agreed]
    return t(key, language, player=state.name_of(pending.by), waiting=waiting, until=state.deadline(DRAW_TIMER))


def proposal_text(state: GameState, language: str) -> str:
    """The proposal as posted in the channel, with who must still answer as it stands now."""
    return pending_text(state, language, "core.draw.proposed")


async def draw_here(interaction: discord.Interaction) -> None:
    """Propose a draw; when one is already proposed, show it to the caller with its buttons."""
    row = await game_here(interaction)
    assert row.id is not None
    svc = service_of(interaction)
    _, state = await svc.state(row.id)
    seat = state.player(player_id(interaction, state))
    if seat is None or seat.left:  # a player who conceded has no say in a draw
        raise RuleError("core.not_a_player")
    if state.draw is not None:
        await send(interaction, pending_text(state, lang(interaction)), ephemeral=True,
                   view=draw_view(row.id, lang(interaction)))
        return
    result = await svc.act(row.id, str(interaction.user.id), {"type": "core_draw", "answer": "propose"},
                           interaction_id=str(interaction.id))
    view = draw_view(row.id, await channel_lang(interaction)) if result.state.draw is not None else None
    await answer_public(interaction, result, view=view)


async def concede_here(interaction: discord.Interaction) -> None:
    """Ask the caller to confirm, on a message only they see: conceding cannot be taken back."""
    row = await game_here(interaction)
    assert row.id is not None
    _, state = await service_of(interaction).state(row.id)
    seat = state.player(player_id(interaction, state))
    if seat is None or seat.left:
        raise RuleError("core.not_a_player")
    language = lang(interaction)
    view = discord.ui.View(timeout=None)
    view.add_item(ConcedeButton(row.id, t("core.button.concede", language)))
    await send(interaction, t("core.concede.confirm", language), ephemeral=True, view=view)

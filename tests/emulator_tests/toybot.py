"""A throwaway discord.py bot exercising what Araldo needs: groups, buttons, selects, modals, DMs."""

from __future__ import annotations

import asyncio
import struct
import zlib

import discord
from discord import app_commands
from discord.ext import commands


def tiny_png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\x00\x00\x00" * width for _ in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    )


class BidModal(discord.ui.Modal, title="Offerta"):
    amount: discord.ui.TextInput[BidModal] = discord.ui.TextInput(label="Importo", custom_id="amount")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"offerta registrata: {self.amount.value}")


class OfferView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Accept", custom_id="offer:accept", style=discord.ButtonStyle.success)
    async def accept(self, interaction: discord.Interaction, button: discord.ui.Button[OfferView]) -> None:
        button.disabled = True
        await interaction.response.edit_message(
            content=f"accettata da {interaction.user.display_name}", view=self
        )

    @discord.ui.button(label="Counter", custom_id="offer:counter")
    async def counter(self, interaction: discord.Interaction, button: discord.ui.Button[OfferView]) -> None:
        await interaction.response.send_modal(BidModal())

    @discord.ui.select(
        custom_id="offer:pick",
        options=[
            discord.SelectOption(label="Tel", value="tel"),
            discord.SelectOption(label="Rail", value="rail"),
        ],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[OfferView]) -> None:
        await interaction.response.send_message(f"scelto {select.values[0]}", ephemeral=True)


class Impero(app_commands.Group):
    """Impero commands."""

    def __init__(self, bot: ToyBot) -> None:
        super().__init__(name="impero", description="Play Impero")
        self.bot = bot

    @app_commands.command(description="Place a bid")
    async def bid(
        self, interaction: discord.Interaction, company: str, amount: int, sealed: bool = False
    ) -> None:
        await interaction.response.send_message(
            f"{interaction.user.display_name} offre {amount} per {company}",
            view=OfferView(),
            ephemeral=sealed,
        )

    @bid.autocomplete("company")
    async def company_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = ["Telegrafo", "Tessile", "Ferrovia"]
        return [app_commands.Choice(name=n, value=n) for n in names if n.lower().startswith(current.lower())]

    @app_commands.command(description="Show the board")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send(
            "ecco la mappa", file=discord.File(_BytesIO(tiny_png(7, 5)), "board.png")
        )

    @app_commands.command(description="Whisper a secret to a player")
    async def whisper(self, interaction: discord.Interaction, player: discord.Member, text: str) -> None:
        try:
            await player.send(text)
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"DM failed: {exc.code}", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    admin = app_commands.Group(name="admin", description="Admin commands")

    @admin.command(description="Reset the game")
    async def reset(self, interaction: discord.Interaction, confirm: bool) -> None:
        await interaction.response.send_message(f"reset confirm={confirm}")

    @app_commands.command(description="Answer too late")
    async def slow(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(self.bot.slow_delay)
        try:
            await interaction.response.send_message("late")
        except discord.HTTPException as exc:
            self.bot.errors.append(exc)

    @app_commands.command(description="Answer twice")
    async def twice(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        try:
            await interaction.response.send_message("two")
        except discord.InteractionResponded:
            # discord.py refuses locally; go around it to see Discord's own answer.
            route = discord.http.Route(
                "POST", "/interactions/{i}/{t}/callback", i=interaction.id, t=interaction.token
            )
            try:
                await self.bot.http.request(route, json={"type": 4, "data": {"content": "two"}})
            except discord.HTTPException as exc:
                self.bot.errors.append(exc)


class _BytesIO:
    """discord.File wants a seekable binary file; io.BytesIO, imported lazily to keep this module tiny."""

    def __new__(cls, data: bytes):  # type: ignore[misc]
        import io

        return io.BytesIO(data)


class ToyBot(commands.Bot):
    def __init__(self, *, extra: list[app_commands.Command] | None = None) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.extra = extra or []
        self.errors: list[Exception] = []
        self.slow_delay = 0.0
        self.sync_error: Exception | None = None

    async def setup_hook(self) -> None:
        self.tree.add_command(Impero(self))
        for cmd in self.extra:
            self.tree.add_command(cmd)
        self.add_view(OfferView())
        try:
            await self.tree.sync()
        except discord.HTTPException as exc:
            self.sync_error = exc

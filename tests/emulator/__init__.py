"""A loopback Discord emulator for end-to-end tests of the bot (test infrastructure, not shipped).

Start it, point discord.py at it, connect the unmodified bot, then act as players::

    emu = Emulator.with_default_world()
    await emu.start()
    restore = point_discord_py_at(emu.base_url)
    ...
    result = await emu.slash(emu.user("alice"), "impero bid", amount=120)

See docs/testing.md.
"""

from .emulator import Emulator
from .faults import Faults
from .interactions import Interaction, InteractionResult
from .models import Attachment, Channel, Guild, Member, Message, Role, User, png_dimensions
from .patching import gateway_url_for, point_discord_py_at
from .rest import DiscordError

__all__ = [
    "Attachment",
    "Channel",
    "DiscordError",
    "Emulator",
    "Faults",
    "Guild",
    "Interaction",
    "InteractionResult",
    "Member",
    "Message",
    "Role",
    "User",
    "gateway_url_for",
    "png_dimensions",
    "point_discord_py_at",
]

"""`/substitute`: a seat offered to a substitute (docs/substitutes.md). A moderator offers a seat at
once, a player asks the table (the other seated players vote by button); the ad goes to the game's
channel and the server's lobby channel (`/mod config lobby:`); a volunteer asks for the seat (the ad's
button or `/substitute volunteer`), a moderator confirms, and the seat passes by `/mod replace`'s move.
The rules of it live in bot/substitutes.py; this cog parses, calls the service and answers."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.errors import default_locale, report
from bot.i18n import channel_language, game_name, t
from bot.storage.models import GameRow, SubstituteAd
from bot.substitutes import needed, posts, voters, votes
from bot.translator import L
from bot.ui import (
    answer_public,
    channel_lang,
    game_here,
    guild_id,
    is_moderator,
    lang,
    require_moderator,
    send,
    service_of,
    spend_buttons,
)
from engine.core import RuleError

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()


def where(row: GameRow, language: str) -> dict[str, Any]:
    return {"game": game_name(row.kind, language), "id": row.id, "channel": f"<#{row.channel_id}>"}


def motion_text(ad: SubstituteAd, row: GameRow, language: str) -> str:
    cast = votes(ad)
    yes, no = sum(v == "yes" for v in cast.values()), sum(v == "no" for v in cast.values())
    called = " ".join(f"<@{v}>" for v in voters(ad))
    head = t("core.sub.motion", language, asker=f"<@{ad.opened_by}>", player=ad.player_name, voters=called,
             deadline=ad.vote_deadline, need=needed(ad), **where(row, language))
    return f"{head}\n{t('core.sub.tally', language, yes=yes, no=no)}"


def ad_text(ad: SubstituteAd, row: GameRow, language: str) -> str:
    return t("core.sub.ad", language, player=ad.player_name, ad=ad.id, **where(row, language))


def button_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


class VoteButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                 template=r"araldo:sub:vote:(?P<ad>\d+):(?P<choice>yes|no)"):
    """The table's ballot on offering a seat; the motion's post shows the tally."""

    def __init__(self, ad_id: int, choice: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if choice == "yes" else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label[:80] or choice, style=style,
                                           custom_id=f"araldo:sub:vote:{ad_id}:{choice}"))
        self.ad_id, self.choice = ad_id, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> VoteButton:
        return cls(int(match["ad"]), match["choice"], str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            svc = service_of(interaction)
            result = await svc.vote(self.ad_id, str(interaction.user.id), self.choice)
            row = await svc.get(result.ad.game_id)
            language = await channel_lang(interaction)
            text = motion_text(result.ad, row, language)
            if result.decided == "closed":
                text += "\n" + t("core.sub.vote_failed", language, player=result.ad.player_name)
            elif result.decided == "open":
                text += "\n" + t("core.sub.vote_passed", language, player=result.ad.player_name)
            await interaction.response.edit_message(content=text, view=None if result.decided else motion_view(
                self.ad_id, language), allowed_mentions=NO_PINGS)
            if result.decided == "open":
                await publish(interaction.client, result.ad, row, language)
        except Exception as exc:
            await report(interaction, exc)


def motion_view(ad_id: int, language: str) -> discord.ui.View:
    return button_view(VoteButton(ad_id, "yes", t("core.sub.button.yes", language)),
                       VoteButton(ad_id, "no", t("core.sub.button.no", language)))


class AskButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"araldo:sub:ask:(?P<ad>\d+)"):
    """Under an ad: whoever clicks asks for the seat."""

    def __init__(self, ad_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label[:80] or "+", style=discord.ButtonStyle.primary, emoji="🪑",
                                           custom_id=f"araldo:sub:ask:{ad_id}"))
        self.ad_id = ad_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> AskButton:
        return cls(int(match["ad"]), str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await ask_for_seat(interaction, self.ad_id)
        except Exception as exc:
            await report(interaction, exc)


class DecideButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"araldo:sub:(?P<verb>give|refuse):(?P<ad>\d+):(?P<user>\d+)"):
    """Under a volunteer's request: a moderator gives them the seat or turns them down."""

    def __init__(self, verb: str, ad_id: int, user: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if verb == "give" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label[:80] or verb, style=style,
                                           custom_id=f"araldo:sub:{verb}:{ad_id}:{user}"))
        self.verb, self.ad_id, self.user = verb, ad_id, user

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> DecideButton:
        return cls(match["verb"], int(match["ad"]), match["user"], str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await require_moderator(interaction)
            svc = service_of(interaction)
            language = await channel_lang(interaction)
            label = t(f"core.sub.button.{self.verb}", language)
            if self.verb == "refuse":
                await svc.refuse(self.ad_id, self.user)
                await spend_buttons(interaction, label)
                return
            result = await svc.confirm(self.ad_id, self.user, str(interaction.user.id), str(interaction.id))
            await spend_buttons(interaction, label)
            ad = await svc.ad(self.ad_id)
            # the newcomer is welcomed first, then told what the move did (the seat's turn call among it)
            await send(interaction, t("core.sub.welcome", language, volunteer=f"<@{self.user}>",
                                      player=ad.player_name))
            await answer_public(interaction, result)
            await spend_posts(interaction.client, ad, t("core.sub.taken", language, volunteer=f"<@{self.user}>"))
        except Exception as exc:
            await report(interaction, exc)


async def ask_for_seat(interaction: discord.Interaction, ad_id: int) -> None:
    """A volunteer's request: stored, answered to them alone, posted for the moderators in the game's channel."""
    svc = service_of(interaction)
    user = str(interaction.user.id)
    ad = await svc.volunteer(ad_id, user, interaction.user.display_name, guild_id(interaction))
    row = await svc.get(ad.game_id)
    channel = await a_channel(interaction.client, row.channel_id)
    language = channel_language((await svc.guild_config(row.guild_id)).locale, default_locale(interaction))
    view = button_view(DecideButton("give", ad_id, user, t("core.sub.button.give", language)),
                       DecideButton("refuse", ad_id, user, t("core.sub.button.refuse", language)))
    await channel.send(t("core.sub.request", language, volunteer=f"<@{user}>", player=ad.player_name, ad=ad_id),
                       view=view, allowed_mentions=NO_PINGS)
    asker = lang(interaction)
    await send(interaction, t("core.sub.asked", asker, player=ad.player_name, **where(row, asker)), ephemeral=True)


async def a_channel(client: discord.Client, channel_id: str) -> Any:
    return client.get_channel(int(channel_id)) or await client.fetch_channel(int(channel_id))


async def publish(client: discord.Client, ad: SubstituteAd, row: GameRow, language: str) -> None:
    """The ad in the game's channel and, when the server names one, its lobby channel; each post kept
    to be edited when the ad is spent."""
    assert ad.id is not None
    svc = client.service  # type: ignore[attr-defined]
    lobby = (await svc.guild_config(row.guild_id)).lobby_channel_id
    for channel_id in dict.fromkeys([row.channel_id, *([lobby] if lobby else [])]):
        try:
            channel = await a_channel(client, channel_id)
            view = button_view(AskButton(ad.id, t("core.sub.button.ask", language)))
            message = await channel.send(ad_text(ad, row, language), view=view, allowed_mentions=NO_PINGS)
        except discord.HTTPException:  # a lobby the bot can no longer write in: the game's channel still has it
            log.warning("substitute ad %s not posted in %s", ad.id, channel_id)
            continue
        await svc.add_post(ad.id, str(channel_id), str(message.id))


async def spend_posts(client: discord.Client, ad: SubstituteAd, line: str) -> None:
    """The ad's posts lose their buttons and say how it ended."""
    for channel_id, message_id in posts(ad):
        try:
            channel = await a_channel(client, channel_id)
            message = await channel.fetch_message(int(message_id))
            await message.edit(content=f"{message.content}\n{line}"[:2000], view=None, allowed_mentions=NO_PINGS)
        except discord.HTTPException:  # deleted meanwhile: nothing left to spend
            continue


class SubstituteCog(commands.Cog):
    group = app_commands.Group(name=L("substitute", "cmd.substitute"),
                               description=L("Find a substitute for a seat: offer it, ask for it", "cmd.substitute.desc"),
                               guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(VoteButton, AskButton, DecideButton)
        self.expiry.start()

    async def cog_unload(self) -> None:
        self.expiry.cancel()

    @group.command(name=L("offer", "cmd.substitute.offer"),
                   description=L("Offer a player's seat to a substitute (a player asks the table's vote)",
                                 "cmd.substitute.offer.desc"))
    @app_commands.rename(player=L("player", "opt.player"))
    @app_commands.describe(player=L("Whose seat", "opt.sub_player.desc"))
    async def offer(self, interaction: discord.Interaction, player: discord.User) -> None:
        svc = service_of(interaction)
        row = await game_here(interaction)
        assert row.id is not None
        moderator = await is_moderator(interaction)
        result = await svc.offer_seat(row.id, str(player.id), str(interaction.user.id), moderator=moderator)
        ad = result.ad
        assert ad.id is not None
        language = await channel_lang(interaction)
        if ad.status == "voting":  # the voters still to vote are called by name: the post pings them
            called = discord.AllowedMentions(everyone=False, roles=False, users=[
                discord.Object(id=int(v)) for v in voters(ad) if v not in votes(ad)])
            await interaction.response.send_message(motion_text(ad, row, language), view=motion_view(ad.id, language),
                                                    allowed_mentions=called)
            message = await interaction.original_response()
            await svc.add_post(ad.id, str(message.channel.id), str(message.id))
            return
        key = "core.sub.offered" if moderator else "core.sub.vote_passed"
        await interaction.response.send_message(t(key, language, player=ad.player_name, moderator=interaction.user.mention),
                                                allowed_mentions=NO_PINGS)
        await publish(interaction.client, ad, row, language)

    @group.command(name=L("volunteer", "cmd.substitute.volunteer"),
                   description=L("Ask for a seat offered to a substitute", "cmd.substitute.volunteer.desc"))
    @app_commands.rename(ad=L("ad", "opt.ad"))
    @app_commands.describe(ad=L("The ad's number (this channel's game's by default)", "opt.ad.desc"))
    async def volunteer(self, interaction: discord.Interaction, ad: app_commands.Range[int, 1] | None = None) -> None:
        await ask_for_seat(interaction, ad or await self._ad_here(interaction, ("open",)))

    @group.command(name=L("close", "cmd.substitute.close"),
                   description=L("Withdraw a seat's ad or stop the table's vote (moderators)",
                                 "cmd.substitute.close.desc"))
    @app_commands.rename(ad=L("ad", "opt.ad"))
    @app_commands.describe(ad=L("The ad's number (this channel's game's by default)", "opt.ad.desc"))
    async def close(self, interaction: discord.Interaction, ad: app_commands.Range[int, 1] | None = None) -> None:
        await require_moderator(interaction)
        number = ad or await self._ad_here(interaction, ("voting", "open"))
        closed = await service_of(interaction).close_ad(number, guild_id(interaction))
        language = await channel_lang(interaction)
        await send(interaction, t("core.sub.closed", language, ad=number, player=closed.player_name))
        await spend_posts(interaction.client, closed, t("core.sub.closed_mark", language))

    async def _ad_here(self, interaction: discord.Interaction, statuses: tuple[str, ...]) -> int:
        """The one ad of this channel's game in one of `statuses`; a clear refusal when none or several."""
        try:
            row = await game_here(interaction)
        except RuleError:
            raise RuleError("core.sub.none_here") from None
        assert row.id is not None
        ads = [a for a in await service_of(interaction).game_ads(row.id) if a.status in statuses]
        if not ads:
            raise RuleError("core.sub.none_here")
        if len(ads) > 1:
            raise RuleError("core.sub.which", ads=", ".join(f"#{a.id} ({a.player_name})" for a in ads))
        assert ads[0].id is not None
        return ads[0].id

    @tasks.loop(minutes=1)
    async def expiry(self) -> None:
        """The table's votes whose time ran out: closed, and the table told (a failure is logged and
        tried again at the next minute: the loop must outlive a database hiccup)."""
        try:
            await self.sweep()
        except Exception:
            log.exception("substitute votes not swept")

    @expiry.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    async def sweep(self) -> int:
        svc = self.bot.service  # type: ignore[attr-defined]
        owns = getattr(self.bot, "owns_guild", lambda _g: True)
        closed = await svc.expired_votes(svc.clock(), owns)
        for ad in closed:
            try:
                row = await svc.get(ad.game_id)
                language = channel_language((await svc.guild_config(ad.guild_id)).locale)
                line = t("core.sub.vote_expired", language, player=ad.player_name)
                await spend_posts(self.bot, ad, line)
                channel = await a_channel(self.bot, row.channel_id)
                await channel.send(line, allowed_mentions=NO_PINGS)
            except (discord.HTTPException, RuleError):
                log.warning("expired substitute vote %s not told", ad.id, exc_info=True)
        return len(closed)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SubstituteCog(bot))

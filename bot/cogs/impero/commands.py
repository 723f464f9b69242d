"""`/impero`: every Impero move, plus the map, the market, a company's panel, the player's own
panel and the cash chart. Parse -> service -> render -> answer: the rules are the engine's.

Money options are text in dollars ("12", "12.50", "12,50"), turned into integer cents here;
anything else is refused with a localized ephemeral message. Buttons, modals, pictures and the
panels live in bot/cogs/impero/views.py (its docstring explains staleness and why transfers are
answered from the ephemeral `/impero me` panel); the moves panel of `/impero me` in
bot/cogs/impero/panel.py; what the options suggest while typing in bot/cogs/impero/complete.py.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.impero import panel as impero_panel
from bot.cogs.impero.complete import (
    any_company,
    auction_company,
    claimable_company,
    free_node,
    held_company,
    incoming_offer,
    my_company,
    other_listing,
    own_listing,
    owned_node,
    rentable_node,
)
from bot.cogs.impero.orders import orders_command
from bot.cogs.impero.pictures import labels, picture
from bot.cogs.impero.table import table_moves
from bot.cogs.impero.views import (
    BID_MODAL,
    KIND,
    BidButton,
    ClaimButton,
    OfferButton,
    Panel,
    auction_of_company,
    auctions_panel,
    bid_submitted,
    company_panel,
    impero_state,
    market_text,
    me_text,
    parse_money,
    play,
    seated,
)
from bot.i18n import t
from bot.notifier import PANEL_KINDS, PRIVATE_SUMMARIES
from bot.painters import off_loop, painted
from bot.storage.models import GameRow
from bot.tablemoves import register_table_moves
from bot.telling import register_log_names
from bot.translator import L
from bot.ui import PANEL_OPENERS, OpenPanelButton, answer_modal, channel_lang, game_here, lang, send, service_of
from bot.web.panels import register_money_fields, register_page_fields
from engine.core import RuleError
from engine.impero import GAME
from engine.impero.models import ImperoState
from engine.impero.views import cash_public
from render.impero import render_map


# ---- the cog --------------------------------------------------------------------------------
async def _here(interaction: discord.Interaction) -> tuple[GameRow, ImperoState]:
    row = await game_here(interaction, KIND, live_only=False)
    if row.status == "lobby":
        raise RuleError("core.not_started")
    return row, impero_state(service_of(interaction).load_state(row))


async def _live(interaction: discord.Interaction) -> int:
    row = await game_here(interaction, KIND)
    assert row.id is not None
    return row.id


async def _play_here(interaction: discord.Interaction, action: dict[str, Any], *,
                     which: str | None = None, panel: Panel | None = None) -> None:
    """Play `action` in this channel's running game: the body of most move commands."""
    await play(interaction, await _live(interaction), action, which=which, panel=panel)


async def _node_move(interaction: discord.Interaction, kind: str, company: str, node: str) -> None:
    """buy-node, upgrade-node and rent-node: the same action shape, answered with the map."""
    # a node move answers with a line: one full map per turn end is enough for the channel (/impero map)
    await _play_here(interaction, {"type": kind, "company": company, "node": node})


# Options that many commands share, spelled once so that their names and help cannot drift apart
# (passed to app_commands.rename/describe as **kwargs next to each command's own options).
_COMPANY = {"company": L("company", "opt.impero.company")}
_COMPANY_HELP = {"company": L("The company", "opt.impero.company.desc")}
_NODE = {"node": L("node", "opt.impero.node")}
_NODE_HELP = {"node": L("A coordinate such as F12", "opt.impero.node.desc")}
_LISTING = {"listing": L("listing", "opt.impero.listing")}
_LISTING_HELP = {"listing": L("The listing, e.g. L7", "opt.impero.listing.desc")}
_QUANTITY = {"quantity": L("quantity", "opt.impero.quantity")}
_QUANTITY_HELP = {"quantity": L("How many shares", "opt.impero.quantity.desc")}
_OFFER = {"offer": L("offer", "opt.impero.offer")}
_OFFER_HELP = {"offer": L("The offer, e.g. O5", "opt.impero.offer.desc")}


class ImperoCog(commands.Cog):
    group = app_commands.Group(name="impero", description=L("Play Impero in this channel", "cmd.impero.desc"),
                               guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(BidButton, OfferButton, ClaimButton, impero_panel.ActionSelect, OpenPanelButton)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """The submits of Impero's modals (a bid, a panel move's amounts), from their custom_ids."""
        await answer_modal(interaction, MODALS)
        PANEL_OPENERS[KIND] = open_me
        PRIVATE_SUMMARIES[KIND] = me_text
        PANEL_KINDS.add(KIND)

    # ---- companies ----------------------------------------------------------------------
    @group.command(name=L("create-company", "cmd.impero.create"),
                   description=L("Found a company with your own money", "cmd.impero.create.desc"))
    @app_commands.rename(name=L("name", "opt.impero.name"), capital=L("capital", "opt.impero.capital"))
    @app_commands.describe(name=L("The company's name", "opt.impero.name.desc"),
                           capital=L("Starting capital in dollars, e.g. 20 or 12,50", "opt.impero.capital.desc"))
    async def create_company(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 100],
                             capital: str) -> None:
        cents = parse_money(capital)
        await _play_here(interaction, {"type": "create_company", "name": name, "capital": cents}, which="map")

    @group.command(name=L("buy-node", "cmd.impero.buy_node"),
                   description=L("Your company buys a free node next to its network", "cmd.impero.buy_node.desc"))
    @app_commands.rename(**_COMPANY, **_NODE)
    @app_commands.describe(**_COMPANY_HELP, **_NODE_HELP)
    @app_commands.autocomplete(company=my_company, node=free_node)
    async def buy_node(self, interaction: discord.Interaction, company: str, node: str) -> None:
        await _node_move(interaction, "buy_node", company, node)

    @group.command(name=L("upgrade-node", "cmd.impero.upgrade"),
                   description=L("Raise the yield of one of your company's nodes", "cmd.impero.upgrade.desc"))
    @app_commands.rename(**_COMPANY, **_NODE)
    @app_commands.describe(**_COMPANY_HELP, **_NODE_HELP)
    @app_commands.autocomplete(company=my_company, node=owned_node)
    async def upgrade_node(self, interaction: discord.Interaction, company: str, node: str) -> None:
        await _node_move(interaction, "upgrade_node", company, node)

    @group.command(name=L("rent-node", "cmd.impero.rent"),
                   description=L("Rent a node of another company next to yours", "cmd.impero.rent.desc"))
    @app_commands.rename(**_COMPANY, **_NODE)
    @app_commands.describe(**_COMPANY_HELP, **_NODE_HELP)
    @app_commands.autocomplete(company=my_company, node=rentable_node)
    async def rent_node(self, interaction: discord.Interaction, company: str, node: str) -> None:
        await _node_move(interaction, "rent_node", company, node)

    @group.command(name=L("reinvest", "cmd.impero.reinvest"),
                   description=L("Set the share of income your company keeps", "cmd.impero.reinvest.desc"))
    @app_commands.rename(**_COMPANY, rate=L("rate", "opt.impero.rate"))
    @app_commands.describe(**_COMPANY_HELP,
                           rate=L("Percentage kept, in steps of 10", "opt.impero.rate.desc"))
    @app_commands.autocomplete(company=my_company)
    async def reinvest(self, interaction: discord.Interaction, company: str,
                       rate: app_commands.Range[int, 0, 100]) -> None:
        await _play_here(interaction, {"type": "set_reinvest", "company": company, "rate": rate})

    @group.command(name=L("recapitalize", "cmd.impero.recap"),
                   description=L("Auction one new share of your company", "cmd.impero.recap.desc"))
    @app_commands.rename(**_COMPANY, start_price=L("start_price", "opt.impero.start_price"))
    @app_commands.describe(**_COMPANY_HELP,
                           start_price=L("Starting price in dollars", "opt.impero.start_price.desc"))
    @app_commands.autocomplete(company=my_company)
    async def recapitalize(self, interaction: discord.Interaction, company: str, start_price: str | None = None) -> None:
        game_id = await _live(interaction)
        action: dict[str, Any] = {"type": "recapitalize", "company": company}
        if start_price is not None:
            action["start_price"] = parse_money(start_price)
        else:
            _, state = await service_of(interaction).state(game_id)
            action["start_price"] = impero_state(state).settings.min_start_price
        await play(interaction, game_id, action, panel=auction_of_company(company))

    # ---- auctions and shares ------------------------------------------------------------
    @group.command(name=L("bid", "cmd.impero.bid"),
                   description=L("Bid in a company's share auction", "cmd.impero.bid.desc"))
    @app_commands.rename(**_COMPANY, amount=L("amount", "opt.impero.amount"))
    @app_commands.describe(**_COMPANY_HELP,
                           amount=L("Your total bid in dollars", "opt.impero.amount.bid.desc"))
    @app_commands.autocomplete(company=auction_company)
    async def bid(self, interaction: discord.Interaction, company: str, amount: str) -> None:
        cents = parse_money(amount)
        await _play_here(interaction, {"type": "bid", "company": company, "amount": cents},
                         panel=auction_of_company(company))

    @group.command(name=L("list-shares", "cmd.impero.list"),
                   description=L("Put some of your shares up for sale", "cmd.impero.list.desc"))
    @app_commands.rename(**_COMPANY, **_QUANTITY, price=L("price", "opt.impero.price"))
    @app_commands.describe(**_COMPANY_HELP, **_QUANTITY_HELP,
                           price=L("Price per share in dollars", "opt.impero.price.desc"))
    @app_commands.autocomplete(company=held_company)
    async def list_shares(self, interaction: discord.Interaction, company: str,
                          quantity: app_commands.Range[int, 1, 100_000], price: str) -> None:
        cents = parse_money(price)
        await _play_here(interaction, {"type": "list_shares", "company": company, "quantity": quantity, "price": cents})

    @group.command(name=L("withdraw-listing", "cmd.impero.withdraw"),
                   description=L("Take your shares off the market", "cmd.impero.withdraw.desc"))
    @app_commands.rename(**_LISTING)
    @app_commands.describe(**_LISTING_HELP)
    @app_commands.autocomplete(listing=own_listing)
    async def withdraw_listing(self, interaction: discord.Interaction, listing: str) -> None:
        await _play_here(interaction, {"type": "withdraw_listing", "listing": listing})

    @group.command(name=L("buy-shares", "cmd.impero.buy_shares"),
                   description=L("Buy shares another player is selling", "cmd.impero.buy_shares.desc"))
    @app_commands.rename(**_LISTING, **_QUANTITY)
    @app_commands.describe(**_LISTING_HELP, **_QUANTITY_HELP)
    @app_commands.autocomplete(listing=other_listing)
    async def buy_shares(self, interaction: discord.Interaction, listing: str,
                         quantity: app_commands.Range[int, 1, 100_000] = 1) -> None:
        await _play_here(interaction, {"type": "buy_shares", "listing": listing, "quantity": quantity})

    @group.command(name=L("claim-ceo", "cmd.impero.claim"),
                   description=L("Become CEO of a company where you hold the most shares", "cmd.impero.claim.desc"))
    @app_commands.rename(**_COMPANY)
    @app_commands.describe(**_COMPANY_HELP)
    @app_commands.autocomplete(company=claimable_company)
    async def claim_ceo(self, interaction: discord.Interaction, company: str) -> None:
        await _play_here(interaction, {"type": "claim_ceo", "company": company})

    # ---- money transfers ----------------------------------------------------------------
    @group.command(name=L("offer", "cmd.impero.offer"),
                   description=L("Privately offer money to another player", "cmd.impero.offer.desc"))
    @app_commands.rename(to=L("to", "opt.impero.to"), amount=L("amount", "opt.impero.amount"))
    @app_commands.describe(to=L("Who receives it", "opt.impero.to.desc"),
                           amount=L("Dollars to send, e.g. 5 or 2,50", "opt.impero.amount.offer.desc"))
    async def offer(self, interaction: discord.Interaction, to: discord.User, amount: str) -> None:
        cents = parse_money(amount)
        await _play_here(interaction, {"type": "offer_money", "to": str(to.id), "amount": cents})

    @group.command(name=L("accept", "cmd.impero.accept"),
                   description=L("Accept a money offer sent to you", "cmd.impero.accept.desc"))
    @app_commands.rename(**_OFFER)
    @app_commands.describe(**_OFFER_HELP)
    @app_commands.autocomplete(offer=incoming_offer)
    async def accept(self, interaction: discord.Interaction, offer: str) -> None:
        await _play_here(interaction, {"type": "accept_offer", "offer": offer})

    @group.command(name=L("refuse", "cmd.impero.refuse"),
                   description=L("Refuse a money offer sent to you", "cmd.impero.refuse.desc"))
    @app_commands.rename(**_OFFER)
    @app_commands.describe(**_OFFER_HELP)
    @app_commands.autocomplete(offer=incoming_offer)
    async def refuse(self, interaction: discord.Interaction, offer: str) -> None:
        await _play_here(interaction, {"type": "refuse_offer", "offer": offer})

    # ---- standing orders (bot/cogs/impero/orders.py) -----------------------------------
    @group.command(name=L("orders", "cmd.impero.orders"),
                   description=L("Your standing orders: proxy bids and the turn end (only you see them)",
                                 "cmd.impero.orders.desc"))
    @app_commands.rename(**_COMPANY, limit=L("limit", "opt.impero.orders.limit"),
                         develop=L("develop", "opt.impero.orders.develop"),
                         reserve=L("reserve", "opt.impero.orders.reserve"),
                         clear=L("clear", "opt.impero.orders.clear"), keep=L("keep", "opt.impero.orders.keep"))
    @app_commands.describe(
        company=L("The company of the proxy bid", "opt.impero.orders.company.desc"),
        limit=L("Bid for you up to this amount in the company's next auction (0 removes it)",
                "opt.impero.orders.limit.desc"),
        develop=L("At the turn end spend my companies' leftover OP on nodes", "opt.impero.orders.develop.desc"),
        reserve=L("Capital in dollars that developing leaves in each company", "opt.impero.orders.reserve.desc"),
        clear=L("Cancel all your standing orders", "opt.impero.orders.clear.desc"),
        keep=L("Keep them when you come back from an absence (yes by default)", "opt.impero.orders.keep.desc"))
    @app_commands.autocomplete(company=any_company)
    async def orders(self, interaction: discord.Interaction, company: str | None = None, limit: str | None = None,
                     develop: bool | None = None, reserve: str | None = None, clear: bool = False,
                     keep: bool | None = None) -> None:
        await orders_command(interaction, company=company, limit=limit, develop=develop, reserve=reserve,
                             clear=clear, keep=keep)

    # ---- looking ------------------------------------------------------------------------
    @group.command(name=L("map", "cmd.impero.map"),
                   description=L("The map of Italy and its networks", "cmd.impero.map.desc"))
    @app_commands.rename(buyable=L("buyable", "opt.impero.buyable"))
    @app_commands.describe(buyable=L("Only for you: mark the nodes your companies may buy", "opt.impero.buyable.desc"))
    async def map(self, interaction: discord.Interaction, buyable: bool = False) -> None:
        row, state = await _here(interaction)
        if buyable:  # a private map: the viewer's buyable nodes marked
            await send(interaction, t("impero.ui.buyable_map", lang(interaction)), ephemeral=True,
                       file=await buyable_map(state, str(interaction.user.id), lang(interaction)))
            return
        language = await channel_lang(interaction)
        await interaction.response.defer(thinking=True)
        headline = GAME.headline(state)
        await send(interaction, t(headline.key, language, **headline.params),
                   file=await picture(row, state, "map", language))

    @group.command(name=L("market", "cmd.impero.market"),
                   description=L("Companies, open auctions and shares for sale", "cmd.impero.market.desc"))
    async def market(self, interaction: discord.Interaction) -> None:
        row, state = await _here(interaction)
        assert row.id is not None
        language = await channel_lang(interaction)
        await interaction.response.defer(thinking=True)
        await send(interaction, market_text(state, language), file=await picture(row, state, "market", language),
                   view=auctions_panel(row.id, state, language))

    @group.command(name=L("company", "cmd.impero.company"),
                   description=L("A company's shareholders, nodes and income", "cmd.impero.company.desc"))
    @app_commands.rename(name=L("name", "opt.impero.company"))
    @app_commands.describe(name=L("The company", "opt.impero.company.desc"))
    @app_commands.autocomplete(name=any_company)
    async def company(self, interaction: discord.Interaction, name: str) -> None:
        row, state = await _here(interaction)
        company = GAME.find_company(state, name)
        text, view = company_panel(row, state, company.id, str(interaction.user.id), await channel_lang(interaction))
        await send(interaction, text, view=view)

    @group.command(name=L("me", "cmd.impero.me"),
                   description=L("Your cash, shares and pending offers (only you see it)", "cmd.impero.me.desc"))
    async def me(self, interaction: discord.Interaction) -> None:
        row, state = await _here(interaction)
        uid = str(interaction.user.id)
        seated(state, uid)
        await open_me(interaction, row)

    @group.command(name=L("chart", "cmd.impero.chart"), description=L("Cash by turn", "cmd.impero.chart.desc"))
    async def chart(self, interaction: discord.Interaction) -> None:
        row, state = await _here(interaction)
        if not cash_public(state):
            raise RuleError("impero.ui.cash_private")
        language = await channel_lang(interaction)
        await interaction.response.defer(thinking=True)
        await send(interaction, t("impero.ui.chart", language, turn=state.turn, turns=state.settings.turns),
                   file=await picture(row, state, "chart", language))


async def buyable_map(state: ImperoState, viewer: str, language: str) -> discord.File:
    """The map with the free nodes next to the viewer's companies marked (rendered off the loop)."""
    view = GAME.map_view(state)
    view.highlight = sorted({n for c in state.companies if c.ceo == viewer for n in GAME.free_adjacent(state, c)})
    data = await off_loop(painted, render_map, view, labels(language))
    return discord.File(io.BytesIO(data), filename="impero-buyable.png")


async def open_me(interaction: discord.Interaction, row: GameRow) -> None:
    """The player's own page with every move open now (offers, claims, then the legal moves)."""
    state = impero_state(service_of(interaction).load_state(row))
    uid = str(interaction.user.id)
    seated(state, uid)
    language = lang(interaction)
    await send(interaction, me_text(state, uid, language), ephemeral=True,
               view=impero_panel.full_panel(row, state, uid, language))


def log_names(state: Any, language: str) -> dict[str, str]:
    """Companies by name (for /game log)."""
    return {c.id: c.name for c in impero_state(state).companies}


# the view fields that hold cents (engine/impero/view_models.py): the web pages show them as money
MONEY_FIELDS = {"cash", "escrow", "net_worth", "capital", "share_value", "node_yield", "last_income",
                "start_price", "best_bid", "min_bid", "price", "amount", "history",
                "income", "reinvested", "per_share", "paid_out", "leftover"}  # the last turn's report
MODALS = ((BID_MODAL, bid_submitted), (impero_panel.MOVE_MODAL, impero_panel.move_submitted))


async def setup(bot: commands.Bot) -> None:
    register_log_names(KIND, log_names)
    register_money_fields(KIND, MONEY_FIELDS)
    # the map and the chart are the board's picture already; the market is the state at a glance
    register_page_fields(KIND, hidden={"map", "chart", "title", "deadline_local", "timezone"}, opened={"market"})
    await bot.add_cog(ImperoCog(bot))


register_table_moves(KIND, table_moves)  # at import, as the log's names: the web pages read it without Discord

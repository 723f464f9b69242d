"""Impero's panels, buttons and pictures for the `/impero` cog.

Design choices, in one place:

* **Auction buttons** (+1$, +5$, custom amount) sit under every message about an auction (its
  opening, each bid, `/impero market`). Their custom_id carries the game id, the auction id and the
  best bid the panel was drawn for; that best bid is the auction's own version. A click when
  somebody else has bid since (or the auction closed) gets an ephemeral "the board changed" and the
  current panel, so nobody bids an amount they never saw. Unrelated moves elsewhere in the game do
  not make an auction panel stale. "Custom amount" opens a modal that takes dollars ("12,50"); its
  custom_id `araldo:imp:bidm:<game>:<company id>` is all its submit needs, so it works after a restart.
* **Money transfers are private** (the rules treat them as bribes), so Accept/Refuse never appear
  in the channel. The receiver gets the notifier's DM (DMs cannot carry our buttons) and finds the
  buttons in `/impero me`, an ephemeral panel listing pending offers; `/impero accept|refuse`
  with autocomplete do the same. A used panel loses its buttons and says what was chosen, and a
  fresh `me` panel follows; a click on an offer that is gone gets the fresh `me` panel.
* **"Become CEO"** shows on `/impero company` and `/impero me` when the viewer may claim. Its
  custom_id carries the game version: after any change the click gets the fresh company panel.

Every custom_id is `araldo:imp:...` and well under 100 characters. Buttons are DynamicItems, so
they keep working after a restart. No rules live here: the engine refuses what is not allowed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord

from bot.cogs.impero.pictures import picture
from bot.errors import report
from bot.i18n import t
from bot.service import ActResult
from bot.storage.models import GameRow
from bot.ui import PANEL_OPENERS, channel_lang, lang, render_events, send, send_modal, service_of, spend_buttons
from engine.core import GameState, RuleError
from engine.core.names import find_by_name
from engine.impero import GAME
from engine.impero.models import Auction, ImperoState

KIND = "impero"
MAX_CENTS = 1_000_000_000  # ten million dollars: more than any game will see
STEPS = (1, 5)  # the quick-raise buttons, in whole dollars
MAX_AUCTION_ROWS = 5
MAX_OFFERS_SHOWN = 10

_MONEY = re.compile(r"(\d{1,15})(?:[.,](\d{1,2}))?")


# ---- input ----------------------------------------------------------------------------------
def parse_money(text: str) -> int:
    """Dollars as players type them ("12", "12.5", "12,50", "$12", "12 $") -> integer cents."""
    raw = (text or "").strip().replace(" ", "").strip("$").replace("\u20ac", "")
    match = _MONEY.fullmatch(raw)
    if match is None:
        raise RuleError("impero.ui.bad_amount", text=(text or "").strip()[:32])
    cents = int(match[1]) * 100 + int((match[2] or "0").ljust(2, "0"))
    if cents > MAX_CENTS:
        raise RuleError("impero.ui.amount_too_big", max=MAX_CENTS)
    return cents


def impero_state(state: GameState) -> ImperoState:
    if not isinstance(state, ImperoState):
        raise RuleError("core.wrong_game", game=state.game)
    return state


def seated(state: ImperoState, pid: str) -> None:
    seat = state.player(pid)
    if seat is None or seat.left:
        raise RuleError("core.not_a_player")


# ---- answering ------------------------------------------------------------------------------
Panel = Callable[[GameRow, ImperoState, str], "discord.ui.View | None"]


async def answer(interaction: discord.Interaction, result: ActResult, *, which: str | None = None,
                 panel: Panel | None = None) -> None:
    """What everyone may know goes to the channel (with a picture and buttons when asked); the
    actor's private part ephemerally. A move with nothing public (a transfer) stays ephemeral."""
    reader = lang(interaction)
    language = await channel_lang(interaction)
    public, _ = render_events(result.events, language, viewer=str(interaction.user.id))
    _, private = render_events(result.events, reader, viewer=str(interaction.user.id))
    state = impero_state(result.state)
    if not public:
        view = panel(result.game, state, reader) if panel is not None else None
        await send(interaction, private or t("core.done", reader), ephemeral=True, view=view)
        return
    view = panel(result.game, state, language) if panel is not None else None
    file = None
    if which is not None:
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
        file = await picture(result.game, state, which, language)
    await send(interaction, public, file=file, view=view)
    if private:
        await send(interaction, private, ephemeral=True)


async def play(interaction: discord.Interaction, game_id: int, action: dict[str, Any], *,
               which: str | None = None, panel: Panel | None = None) -> ActResult:
    result = await service_of(interaction).act(game_id, str(interaction.user.id), action,
                                               interaction_id=str(interaction.id))
    await answer(interaction, result, which=which, panel=panel)
    return result


async def play_once(interaction: discord.Interaction, game_id: int, action: dict[str, Any], choice: str) -> None:
    """A one-shot button's move (accept, refuse, become CEO): once the engine took it, the clicked
    message loses its buttons and says what was chosen (a refusal leaves it as it was), the move is
    told, and a private panel is followed by a fresh one."""
    result = await service_of(interaction).act(game_id, str(interaction.user.id), action,
                                               interaction_id=str(interaction.id))
    private = interaction.message is not None and interaction.message.flags.ephemeral
    await spend_buttons(interaction, choice)
    await answer(interaction, result)
    opener = PANEL_OPENERS.get(KIND)
    if private and opener is not None and result.state.status == "active":
        await opener(interaction, result.game)


async def stale(interaction: discord.Interaction, text: str, view: discord.ui.View | None) -> None:
    language = lang(interaction)
    await send(interaction, t("impero.ui.stale", language) + "\n" + text, ephemeral=True, view=view)


# ---- auctions -------------------------------------------------------------------------------
def step_amount(state: ImperoState, auction: Auction, step: int) -> int:
    """What the "+step$" button bids: the best bid plus `step` dollars, never below the minimum."""
    return max(GAME.min_bid(state, auction), auction.best_bid + step * 100)


def auction_line(state: ImperoState, auction: Auction, language: str) -> str:
    return t("impero.ui.auction_line", language, company=state.company(auction.company).name,
             best=auction.best_bid, bidder=state.name_of(auction.best_bidder) if auction.best_bidder else "-",
             min=GAME.min_bid(state, auction), closes_at=GAME.closes_at(state, auction))


class BidButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                template=r"araldo:imp:bid:(?P<game>\d+):(?P<auction>\w+):(?P<seen>\d+):(?P<step>\d+|x)"):
    """Raise by a fixed step, or ("x") open the custom amount modal."""

    def __init__(self, game_id: int, auction_id: str, seen: int, step: str, label: str = "", row: int | None = None
                 ) -> None:
        style = discord.ButtonStyle.secondary if step == "x" else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=label or None, style=style, row=row,
                                           custom_id=f"araldo:imp:bid:{game_id}:{auction_id}:{seen}:{step}"))
        self.game_id, self.auction_id, self.seen, self.step = game_id, auction_id, seen, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BidButton:
        return cls(int(match["game"]), match["auction"], int(match["seen"]), match["step"],
                   str(getattr(item, "label", "") or ""))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await bid_click(interaction, self.game_id, self.auction_id, self.seen, self.step)
        except Exception as exc:
            await report(interaction, exc)


def add_auction_row(view: discord.ui.View, game_id: int, state: ImperoState, auction: Auction, language: str,
                    row: int) -> None:
    company = state.company(auction.company).name
    for step in STEPS:
        label = t("impero.ui.raise", language, company=company, step=step,
                  amount=step_amount(state, auction, step))
        view.add_item(BidButton(game_id, auction.id, auction.best_bid, str(step), label[:80], row))
    label = t("impero.ui.custom_bid", language, company=company)
    view.add_item(BidButton(game_id, auction.id, auction.best_bid, "x", label[:80], row))


def auctions_panel(game_id: int, state: ImperoState, language: str,
                   only: str | None = None) -> discord.ui.View | None:
    """Bid buttons for the open auctions (or for the auction of company id `only`)."""
    if state.status != "active":
        return None
    auctions = [a for a in state.auctions if only is None or a.company == only][:MAX_AUCTION_ROWS]
    if not auctions:
        return None
    view = discord.ui.View(timeout=None)
    for i, auction in enumerate(auctions):
        add_auction_row(view, game_id, state, auction, language, i)
    return view


def auction_of_company(name: str) -> Panel:
    """A panel for the auction of the company a move named (after recapitalize or bid)."""

    def build(row: GameRow, state: ImperoState, language: str) -> discord.ui.View | None:
        assert row.id is not None
        cid = find_by_name(name, {c.id: c.name for c in state.companies})
        company = state.company(cid) if cid is not None else None
        return auctions_panel(row.id, state, language, company.id) if company is not None else None

    return build


class BidModal(discord.ui.Modal):
    """Any total bid, typed in dollars. Its custom_id names the game and the company (by id): the
    submit is played by `bid_submitted`, even after a restart."""

    def __init__(self, game_id: int, company_id: str, company: str, language: str) -> None:
        super().__init__(title=t("impero.ui.bid_title", language, company=company)[:45],
                         custom_id=f"araldo:imp:bidm:{game_id}:{company_id}")
        self.amount: discord.ui.TextInput[BidModal] = discord.ui.TextInput(
            label=t("impero.ui.bid_label", language)[:45], custom_id="amount", max_length=16,
            placeholder="12,50")
        self.add_item(self.amount)


BID_MODAL = re.compile(r"araldo:imp:bidm:(?P<game>\d+):(?P<company>\w+)")


def company_by_id(state: ImperoState, company_id: str) -> str:
    """The name of the company a form named by id; a form about a company that is gone has expired."""
    company = next((c for c in state.companies if c.id == company_id), None)
    if company is None:
        raise RuleError("core.ui.form_expired")
    return company.name


async def bid_submitted(interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]) -> None:
    cents = parse_money(values.get("amount", ""))
    _, raw = await service_of(interaction).state(int(match["game"]))
    company = company_by_id(impero_state(raw), match["company"])
    await play(interaction, int(match["game"]), {"type": "bid", "company": company, "amount": cents},
               panel=auction_of_company(company))


async def bid_click(interaction: discord.Interaction, game_id: int, auction_id: str, seen: int, step: str) -> None:
    language = lang(interaction)
    _, raw = await service_of(interaction).state(game_id)
    state = impero_state(raw)
    auction = next((a for a in state.auctions if a.id == auction_id), None)
    if auction is None or auction.best_bid != seen:
        lines = [auction_line(state, a, language) for a in state.auctions] or [t("impero.ui.no_auctions", language)]
        await stale(interaction, "\n".join(lines), auctions_panel(game_id, state, language))
        return
    company = state.company(auction.company).name
    if step == "x":
        await send_modal(interaction, BidModal(game_id, auction.company, company, language))
        return
    await play(interaction, game_id, {"type": "bid", "company": company,
                                      "amount": step_amount(state, auction, int(step))},
               panel=auction_of_company(company))


# ---- offers and the "me" panel --------------------------------------------------------------
class OfferButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=r"araldo:imp:offer:(?P<game>\d+):(?P<offer>\w+):(?P<what>accept|refuse)"):
    def __init__(self, game_id: int, offer_id: str, what: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if what == "accept" else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label or None, style=style,
                                           custom_id=f"araldo:imp:offer:{game_id}:{offer_id}:{what}"))
        self.game_id, self.offer_id, self.what = game_id, offer_id, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OfferButton:
        return cls(int(match["game"]), match["offer"], match["what"], str(getattr(item, "label", "") or ""))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            row, raw = await service_of(interaction).state(self.game_id)
            state = impero_state(raw)
            if not any(o.id == self.offer_id for o in state.offers):
                uid = str(interaction.user.id)
                seated(state, uid)
                language = lang(interaction)
                await stale(interaction, me_text(state, uid, language), me_panel(row, state, uid, language))
                return
            await play_once(interaction, self.game_id, {"type": f"{self.what}_offer", "offer": self.offer_id},
                            self.item.label or self.offer_id)
        except Exception as exc:
            await report(interaction, exc)


class ClaimButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=r"araldo:imp:claim:(?P<game>\d+):(?P<company>\w+):(?P<version>\d+)"):
    def __init__(self, game_id: int, company_id: str, version: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or None, style=discord.ButtonStyle.success,
                                           custom_id=f"araldo:imp:claim:{game_id}:{company_id}:{version}"))
        self.game_id, self.company_id, self.version = game_id, company_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ClaimButton:
        return cls(int(match["game"]), match["company"], int(match["version"]), str(getattr(item, "label", "") or ""))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            row, raw = await service_of(interaction).state(self.game_id)
            state = impero_state(raw)
            if row.version != self.version:
                language = lang(interaction)
                text, view = company_panel(row, state, self.company_id, str(interaction.user.id), language)
                await stale(interaction, text, view)
                return
            # the button carries the id; the move names the company, as a player would
            company = state.company(self.company_id)
            await play_once(interaction, self.game_id, {"type": "claim_ceo", "company": company.name},
                            self.item.label or company.name)
        except Exception as exc:
            await report(interaction, exc)


def me_text(state: ImperoState, pid: str, language: str) -> str:
    me = GAME.me_view(state, pid)
    lines = [t("impero.ui.me_head", language, name=me.name, cash=me.cash, escrow=me.escrow, op=me.op,
               worth=me.net_worth)]
    holdings = [f"{name} ×{n}" + (f" ({me.listed[name]}↗)" if me.listed.get(name) else "")
                for name, n in me.shares.items()]
    # "Azioni: nessuna", not the lists' masculine "nessuno"
    lines.append(t("impero.ui.me_shares", language, shares=holdings) if holdings else t("impero.ui.me_no_shares", language))
    if me.ceo_of:
        lines.append(t("impero.ui.me_ceo", language, companies=me.ceo_of))
    if me.claimable:
        lines.append(t("impero.ui.me_claimable", language, companies=me.claimable))
    for a in me.leading_bids:
        lines.append(t("impero.ui.me_leading", language, company=a.company_name, amount=a.best_bid,
                       closes_at=a.closes_at))
    for x in me.listings:
        lines.append(t("impero.ui.me_listing", language, listing=x.id, quantity=x.quantity, company=x.company_name,
                       price=x.price))
    for o in me.offers:
        key = "impero.ui.me_offer_in" if o.incoming else "impero.ui.me_offer_out"
        lines.append(t(key, language, offer=o.id, amount=o.amount, sender=o.sender_name, receiver=o.receiver_name))
    if not me.offers:
        lines.append(t("impero.ui.me_no_offers", language))
    return "\n".join(lines)


def me_panel(row: GameRow, state: ImperoState, pid: str, language: str) -> discord.ui.View | None:
    """Accept/Refuse for each incoming offer, and the claim buttons the player may use."""
    assert row.id is not None
    if state.status != "active":
        return None
    view = discord.ui.View(timeout=None)
    incoming = [o for o in state.offers if o.receiver == pid][:MAX_OFFERS_SHOWN]
    for o in incoming:
        params = {"offer": o.id, "amount": o.amount, "sender": state.name_of(o.sender)}
        view.add_item(OfferButton(row.id, o.id, "accept", t("impero.ui.accept", language, **params)[:80]))
        view.add_item(OfferButton(row.id, o.id, "refuse", t("impero.ui.refuse", language, **params)[:80]))
    for c in [c for c in state.companies if GAME.can_claim(state, c, pid)][:4]:
        view.add_item(ClaimButton(row.id, c.id, row.version, t("impero.ui.claim", language, company=c.name)[:80]))
    return view if view.children else None


# ---- company and market panels --------------------------------------------------------------
def company_panel(row: GameRow, state: ImperoState, company_id: str, viewer: str,
                  language: str) -> tuple[str, discord.ui.View | None]:
    assert row.id is not None
    c = GAME.company_view(state, company_id, viewer)
    holders = [f"{h.name} {h.shares}" + (f" ({h.listed}↗)" if h.listed else "") for h in c.shareholders]
    lines = [
        t("impero.ui.company_head", language, company=c.name, ceo=c.ceo_name, founder=c.founder_name),
        t("impero.ui.company_money", language, capital=c.capital, shares=c.shares_total, value=c.share_value,
          reinvest=c.reinvest, op=c.op),
        t("impero.ui.company_nodes", language, count=len(c.nodes), nodes=c.nodes, total=c.node_yield,
          rented=c.rented),
        t("impero.ui.company_income", language, income=c.last_income),
        t("impero.ui.company_holders", language, holders=holders),
    ]
    if c.auction_open:
        lines.extend(auction_line(state, a, language) for a in state.auctions if a.company == c.id)
    view = None
    if c.can_claim_ceo and state.status == "active":
        view = discord.ui.View(timeout=None)
        view.add_item(ClaimButton(row.id, c.id, row.version, t("impero.ui.claim", language, company=c.name)[:80]))
    elif c.auction_open:
        view = auctions_panel(row.id, state, language, c.id)
    return "\n".join(lines), view


def market_text(state: ImperoState, language: str) -> str:
    market = GAME.market_view(state, None)
    lines = [t("impero.ui.market_title", language, turn=market.turn, turns=market.turns)]
    for c in market.companies:
        lines.append(t("impero.ui.market_company", language, company=c.name, ceo=c.ceo_name, capital=c.capital,
                       shares=c.shares_total, value=c.share_value, nodes=len(c.nodes)))
    if not market.companies:
        lines.append(t("impero.ui.no_companies", language))
    lines.extend(auction_line(state, a, language) for a in state.auctions)
    if not state.auctions:
        lines.append(t("impero.ui.no_auctions", language))
    for x in market.listings:
        lines.append(t("impero.ui.listing_line", language, listing=x.id, quantity=x.quantity,
                       company=x.company_name, price=x.price, seller=x.seller_name))
    if not market.listings:
        lines.append(t("impero.ui.no_listings", language))
    return "\n".join(lines)

"""What `/impero` options suggest while a player types: the companies, nodes, listings and offers of
this channel's game that fit the option (a company they run, a free node next to its network...).
Autocomplete never raises at the user: anything unexpected suggests nothing."""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands

from bot.cogs.channel_state import live_state
from bot.cogs.impero.views import KIND
from bot.i18n import money
from bot.ui import lang
from engine.impero import GAME
from engine.impero.models import Company, ImperoState, Listing

MAX_CHOICES = 25
Choices = list[app_commands.Choice[str]]


async def _state_here(interaction: discord.Interaction) -> ImperoState | None:
    """The Impero game of this channel, or None (autocomplete never raises at the user)."""
    state = await live_state(interaction, KIND)
    return state if isinstance(state, ImperoState) else None


def _matches(text: str, current: str) -> bool:
    return current.strip().casefold() in text.casefold()


def _chosen_company(interaction: discord.Interaction, state: ImperoState) -> Company | None:
    name = str(getattr(interaction.namespace, "company", "") or "")
    try:
        return GAME.find_company(state, name) if name else None
    except Exception:
        return None


def _company_choices(state: ImperoState, companies: list[Company], current: str) -> Choices:
    starts = [c for c in companies if c.name.casefold().startswith(current.strip().casefold())]
    rest = [c for c in companies if c not in starts and _matches(c.name, current)]
    return [app_commands.Choice(name=c.name, value=c.name) for c in (starts + rest)[:MAX_CHOICES]]


async def any_company(interaction: discord.Interaction, current: str) -> Choices:
    state = await _state_here(interaction)
    return _company_choices(state, state.companies, current) if state else []


async def _companies_where(interaction: discord.Interaction, current: str,
                           keep: Callable[[ImperoState, Company, str], object]) -> Choices:
    """The companies of this channel's game for which keep(state, company, user id) holds."""
    state = await _state_here(interaction)
    if state is None:
        return []
    uid = str(interaction.user.id)
    return _company_choices(state, [c for c in state.companies if keep(state, c, uid)], current)


async def my_company(interaction: discord.Interaction, current: str) -> Choices:
    """Companies the user runs (CEO moves)."""
    return await _companies_where(interaction, current, lambda state, c, uid: c.ceo == uid)


async def auction_company(interaction: discord.Interaction, current: str) -> Choices:
    return await _companies_where(interaction, current,
                                  lambda state, c, uid: any(a.company == c.id for a in state.auctions))


async def held_company(interaction: discord.Interaction, current: str) -> Choices:
    return await _companies_where(interaction, current, lambda state, c, uid: c.shares.get(uid))


async def claimable_company(interaction: discord.Interaction, current: str) -> Choices:
    return await _companies_where(interaction, current, lambda state, c, uid: GAME.can_claim(state, c, uid))


def _node_choices(state: ImperoState, nodes: list[str], current: str, language: str) -> Choices:
    """Nodes with their yield per turn; 📈, because ⚡ is the map's blackout."""
    typed = current.strip().upper().replace(" ", "")
    picked = [n for n in nodes if n.startswith(typed)][:MAX_CHOICES]
    return [app_commands.Choice(name=f"{n} (📈 {money(state.yield_cents(n), language)})", value=n) for n in picked]


async def free_node(interaction: discord.Interaction, current: str) -> Choices:
    """Free nodes next to the chosen company's network (buy_node)."""
    state = await _state_here(interaction)
    company = _chosen_company(interaction, state) if state else None
    if state is None or company is None:
        return []
    return _node_choices(state, GAME.free_adjacent(state, company), current, lang(interaction))


async def owned_node(interaction: discord.Interaction, current: str) -> Choices:
    state = await _state_here(interaction)
    company = _chosen_company(interaction, state) if state else None
    if state is None or company is None:
        return []
    return _node_choices(state, list(company.nodes), current, lang(interaction))


async def rentable_node(interaction: discord.Interaction, current: str) -> Choices:
    """Other companies' nodes next to the chosen company's network."""
    state = await _state_here(interaction)
    company = _chosen_company(interaction, state) if state else None
    if state is None or company is None:
        return []
    board = GAME.board(state)
    near = sorted(GAME.network_neighbours(state, company), key=board.index.__getitem__)
    return _node_choices(state, [n for n in near if state.owner.get(n) not in (None, company.id)
                                 and company.id not in state.renters.get(n, [])], current, lang(interaction))


def _labelled(labels: dict[str, str], current: str) -> Choices:
    """Choices of id -> label that match what the player typed."""
    return [app_commands.Choice(name=text[:100], value=key) for key, text in labels.items()
            if _matches(text, current)][:MAX_CHOICES]


async def _labelled_here(interaction: discord.Interaction, current: str,
                         labels: Callable[[ImperoState, str, str], dict[str, str]]) -> Choices:
    """Choices labelled by `labels(state, user id, language)` for the game in this channel."""
    state = await _state_here(interaction)
    if state is None:
        return []
    return _labelled(labels(state, str(interaction.user.id), lang(interaction)), current)


def _listing_label(state: ImperoState, x: Listing, language: str) -> str:
    return f"{x.id}: {x.quantity} × {state.company(x.company).name} @ {money(x.price, language)}"


async def other_listing(interaction: discord.Interaction, current: str) -> Choices:
    return await _labelled_here(interaction, current, lambda state, uid, language: {
        x.id: f"{_listing_label(state, x, language)} — {state.name_of(x.seller)}"
        for x in state.listings if x.seller != uid})


async def own_listing(interaction: discord.Interaction, current: str) -> Choices:
    return await _labelled_here(interaction, current, lambda state, uid, language: {
        x.id: _listing_label(state, x, language) for x in state.listings if x.seller == uid})


async def incoming_offer(interaction: discord.Interaction, current: str) -> Choices:
    return await _labelled_here(interaction, current, lambda state, uid, language: {
        o.id: f"{o.id}: {money(o.amount, language)} — {state.name_of(o.sender)}"
        for o in state.offers if o.receiver == uid})

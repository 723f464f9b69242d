"""One turn of each game as a small table of steps, for playing it both ways (test_table_both_ways.py):
each step names the private page's form it sends (its kind: the page's first such form, or the first
`pick` accepts; what the player types in it) and the Discord command that plays the same move, its
options read from the move the form sends. A turn's player is the one the game awaits first (by
name) unless a step names another; `before` and `after` are the same in both runs (a report the page
has no form for, a deadline)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.cogs.galactica.commands import FIELDS, GOODS
from bot.cogs.nomic.vote import CODE
from engine.spqrisiko.board import board
from tests.e2e.conformance.table import Table
from tests.e2e.web.moves import PageForm
from tests.emulator.models import User


@dataclass(frozen=True)
class Move:
    """A move chosen on the page: its form, what is typed in it (names without "f.") and the engine's
    action it sends."""

    form: PageForm
    typed: dict[str, str]
    action: dict[str, Any]


Options = Callable[[Table, Move], dict[str, Any]]
Discord = Callable[[Table, User, Move], Awaitable[Any]]


def slash(command: str, options: Options = lambda seated, move: {}) -> Discord:
    async def play(seated: Table, user: User, move: Move) -> Any:
        return await seated.slash(user, command, **options(seated, move))
    return play


def anyone(form: PageForm, played: list[Move]) -> bool:
    return True


@dataclass(frozen=True)
class Step:
    form: str  # the page form's kind (its data-type: the action's type)
    discord: Discord
    typed: dict[str, str] = field(default_factory=dict)
    who: str = ""  # a player by user name; "" the turn's player
    pick: Callable[[PageForm, list[Move]], bool] = anyone  # which of the page's forms of that kind


@dataclass(frozen=True)
class Turn:
    settings: str
    steps: tuple[Step, ...]
    before: Callable[[Table], Awaitable[Any]] | None = None
    after: Callable[[Table], Awaitable[Any]] | None = None


# ---- DecameroNomic: a letter through the law form, its answers through the vote panel -------------

async def nomic_propose(seated: Table, user: User, move: Move) -> Any:
    asked = await seated.slash(user, "nomic propose", kind="enact")
    opened = asked if asked.modal else await seated.select(user, asked, ["t"])  # the change: words only
    return await seated.modal(user, opened, {"title": move.typed["proposals.0.title"],
                                             "text": move.typed["proposals.0.text"]})


def component(panel: Any, pattern: str) -> str:
    """The custom_id of the panel's component matching `pattern` (a click redraws the panel in place)."""
    return next(i for c in panel.message.all_components if re.search(pattern, i := str(c.get("custom_id", ""))))


async def nomic_vote(seated: Table, user: User, move: Move) -> Any:
    """The letter's panel: each proposal's choice button, its rating when polls run, then Send."""
    panel = await seated.slash(user, "nomic vote", letter=move.action["letter"])
    for i, item in enumerate(move.action["items"]):
        await seated.click(user, panel, custom_id=component(panel, rf":c{i}{CODE[item['choice']]}:"))
        if item.get("rating"):
            await seated.select(user, panel, [str(item["rating"])], custom_id=component(panel, rf":r{i}:"))
    return await seated.click(user, panel, custom_id=component(panel, r":s:"))


async def giornata_ends(seated: Table) -> None:
    await seated.wait_until((await seated.state()).deadline("giornata"))


async def hf_cash(seated: Table) -> None:
    """The awaited player reports money in hand (no form: a report of the physical game), to float with."""
    state = await seated.state()
    await seated.slash(seated.user_of(state.order[state.current]), "hf report ledger", kind="other", amount=20)


def province(move: Move, i: int) -> str:
    """The name a player types for the move's i-th place."""
    return board().name(move.form.places[i])


def gal_goods(move: Move) -> dict[str, Any]:
    return {f"{way}_{good}": move.action[way][f] for way in ("give", "want")
            for good, f in zip(GOODS, FIELDS, strict=True) if move.action[way][f]}


TURNS: dict[str, Turn] = {
    # reinforcements all on the page's first province, an attack from there (one roll), the turn's end
    "spqrisiko": Turn("setup=random", (
        Step("reinforce", slash("spqr reinforce", lambda s, m: {"province": province(m, 0), "count": m.action["count"]})),
        Step("attack", slash("spqr attack", lambda s, m: {"from_province": province(m, 0), "to_province": province(m, 1),
                                                          "rolls": m.typed["rolls"]}),
             {"rolls": "once"}, pick=lambda form, played: form.places[0] == played[0].form.places[0]),
        Step("end_turn", slash("spqr end-turn")),
    )),
    # a company founded, its node upgraded, the rest of the operation points on money offers
    "impero": Turn("turns=3 start_cash=200", (
        Step("create_company", slash("impero create-company", lambda s, m: {"name": m.typed["name"],
                                                                            "capital": m.typed["capital"]})),
        Step("upgrade_node", slash("impero upgrade-node", lambda s, m: {"company": m.action["company"],
                                                                        "node": m.action["node"]})),
        *[Step("offer_money", slash("impero offer", lambda s, m: {"to": s.user_of(m.action["to"]),
                                                                  "amount": m.typed["amount"]}))] * 3,
    )),
    # Bob's letter, Alice's and Erin's answers, the Giornata's count
    "nomic": Turn("king=Alice scribe=Alice", (
        Step("propose", nomic_propose, {"proposals.0.title": "Cortesia", "proposals.0.text": "Si saluta."}, "bob"),
        Step("vote", nomic_vote, who="alice"),
        Step("vote", nomic_vote, {"items.0.choice": "against", "items.0.rating": "3"}, "erin"),
    ), after=giornata_ends),
    # the first company floated, the turn's end
    "highfrontier": Turn("last_year=10 reports=trusted", (
        Step("float", slash("hf trade float", lambda s, m: {"company": m.action["company"], "side": m.action["side"]})),
        Step("turn_end", slash("hf report turn-end")),
    ), before=hf_cash),
    # the direction of play, then the starter's turn: production closed, a fleet moved, a trade offer
    "galactica": Turn("", (
        Step("choose_direction", slash("galactica direction", lambda s, m: {"direction": m.action["direction"]})),
        Step("end_phase", slash("galactica end-phase")),
        Step("move", slash("galactica move", lambda s, m: {"fleet": m.action["fleet"], "path": " ".join(m.action["path"])})),
        Step("end_phase", slash("galactica end-phase")),
        Step("trade_offer", slash("galactica offer", lambda s, m: {"player": m.action["to"], **gal_goods(m)})),
        Step("end_phase", slash("galactica end-phase")),
    )),
}

"""`/hf report ...`: the base-game events a table tells Araldo, each with what it moves on the market."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.highfrontier.views import go, here
from bot.translator import L
from engine.core import RuleError
from engine.highfrontier.models import SPECULATORS, HfState

BANK_CHOICES = [app_commands.Choice(name=L(b, f"hf.bank.{b}"), value=b) for b in ("main", "wildcat")]

# the reports that tell only that something happened: (name, description, the action's type)
PLAIN_REPORTS = [
    (L("turn-end", "cmd.hf.turn_end"), L("Your turn is over", "cmd.hf.turn_end.desc"), "turn_end"),
    (L("year", "cmd.hf.year"), L("The sunspot cube moves to the next year", "cmd.hf.year.desc"), "year"),
    (L("usurp", "cmd.hf.usurp"), L("You usurped a claim", "cmd.hf.usurp.desc"), "usurp"),
    (L("risk-one", "cmd.hf.risk_one"), L("You rolled a 1 on a risk roll", "cmd.hf.risk_one.desc"), "risk_one"),
    (L("exodus", "cmd.hf.exodus"), L("The Exodus left: bank panic", "cmd.hf.exodus.desc"), "exodus"),
    (L("banker", "cmd.hf.banker"), L("The isotope bank moved to your Bernal: you are the banker",
                                     "cmd.hf.banker.desc"), "new_banker"),
    (L("default", "cmd.hf.default"), L("A base-game penalty gave you the default token",
                                       "cmd.hf.default.desc"), "default_token"),
    (L("end-game", "cmd.hf.end_game"), L("The last seniority disc is gone", "cmd.hf.end_game.desc"), "end_game"),
]


def plain_report(name: app_commands.locale_str, description: app_commands.locale_str,
                 action: str) -> app_commands.Command[Any, ..., None]:
    """A report command without options: the action is its type alone."""

    async def report(interaction: discord.Interaction) -> None:
        await go(interaction, {"type": action})

    return app_commands.Command(name=name, description=description, callback=report)


class HfReport(app_commands.Group):
    """`/hf report ...`: what happened in the base game, and what it moves on the market."""

    def __init__(self) -> None:
        super().__init__(name=L("report", "cmd.hf.report"),
                         description=L("Tell Araldo a base-game event", "cmd.hf.report.desc"))
        for name, description, action in PLAIN_REPORTS:
            self.add_command(plain_report(name, description, action))

    @app_commands.command(name=L("event", "cmd.hf.event"), description=L("The event roll; a board meeting follows",
                                                                           "cmd.hf.event.desc"))
    @app_commands.rename(roll=L("roll", "opt.hf.roll"), effect=L("effect", "opt.hf.effect"),
                         cards_lost=L("cards_lost", "opt.hf.cards_lost"))
    @app_commands.describe(roll=L("The die", "opt.hf.roll.desc"), effect=L("What it did", "opt.hf.effect.desc"),
                           cards_lost=L("Explosion: cards lost, insured ones excluded", "opt.hf.cards_lost.desc"))
    @app_commands.choices(effect=[app_commands.Choice(name=L(e, f"hf.effect.{e}"), value=e)
                                  for e in ("none", "anarchy", "war", "budget_cuts", "explosion")])
    async def event(self, interaction: discord.Interaction, roll: app_commands.Range[int, 1, 6],
                    effect: str = "none", cards_lost: app_commands.Range[int, 0, 30] = 0) -> None:
        await go(interaction, {"type": "event_roll", "roll": roll, "effect": effect, "cards_lost": cards_lost})

    @app_commands.command(name=L("witness", "cmd.hf.witness"),
                   description=L("Confirm or object to another player's report", "cmd.hf.witness.desc"))
    @app_commands.rename(report=L("report", "opt.hf.report"), confirm=L("confirm", "opt.hf.confirm"))
    @app_commands.describe(report=L("The report's number", "opt.hf.report.desc"),
                           confirm=L("True confirms it, False objects (or withdraws your own)", "opt.hf.confirm.desc"))
    async def witness(self, interaction: discord.Interaction, report: app_commands.Range[int, 1, 100_000],
                      confirm: bool = True) -> None:
        await go(interaction, {"type": "witness", "report": report, "confirm": confirm})

    @app_commands.command(name=L("parade", "cmd.hf.parade"), description=L("You held a glory parade",
                                                                             "cmd.hf.parade.desc"))
    @app_commands.rename(take=L("take_presidency", "opt.hf.take"))
    @app_commands.describe(take=L("Take the presidency where tied one to one", "opt.hf.take.desc"))
    async def parade(self, interaction: discord.Interaction, take: bool = False) -> None:
        await go(interaction, {"type": "parade", "take_presidency": take})

    @app_commands.command(name=L("bernal", "cmd.hf.bernal"), description=L("You anchored or unanchored a Bernal",
                                                                             "cmd.hf.bernal.desc"))
    @app_commands.rename(anchored=L("anchored", "opt.hf.anchored"), monetization=L("monetization", "opt.hf.monetization"))
    @app_commands.describe(anchored=L("Anchored (or unanchored)", "opt.hf.anchored.desc"),
                           monetization=L("A monetization Bernal: inflation", "opt.hf.monetization.desc"))
    async def bernal(self, interaction: discord.Interaction, anchored: bool = True, monetization: bool = False) -> None:
        await go(interaction, {"type": "bernal", "anchored": anchored, "monetization": monetization})

    @app_commands.command(name=L("first-isotope", "cmd.hf.first_isotope"),
                          description=L("You produced the first isotope: the market flips", "cmd.hf.first_isotope.desc"))
    @app_commands.rename(domes=L("domes", "opt.hf.domes"))
    @app_commands.describe(domes=L("Domes per player, e.g. @anna 2, @bob 1", "opt.hf.domes.desc"))
    async def first_isotope(self, interaction: discord.Interaction, domes: str = "") -> None:
        await go(interaction, {"type": "first_isotope", "domes": await per_player(interaction, domes)})

    @app_commands.command(name=L("isotopes", "cmd.hf.isotopes"),
                          description=L("Isotopes delivered to (+) or withdrawn from (-) your vault",
                                        "cmd.hf.isotopes.desc"))
    @app_commands.rename(delta=L("delta", "opt.hf.delta"), bank=L("bank", "opt.hf.bank"))
    @app_commands.describe(delta=L("How many: + delivered, - withdrawn", "opt.hf.delta.desc"),
                           bank=L("Which isotope bank (with a wildcat bank)", "opt.hf.bank.desc"))
    @app_commands.choices(bank=BANK_CHOICES)
    async def isotopes(self, interaction: discord.Interaction, delta: app_commands.Range[int, -50, 50],
                       bank: str = "main") -> None:
        await go(interaction, {"type": "isotopes", "delta": delta, "bank": bank})

    @app_commands.command(name=L("wildcat", "cmd.hf.wildcat"),
                          description=L("Your Factory or Bernal with an isotope becomes the wildcat bank",
                                        "cmd.hf.wildcat.desc"))
    @app_commands.rename(isotopes=L("isotopes", "opt.hf.isotopes"), remove=L("remove", "opt.hf.remove"))
    @app_commands.describe(isotopes=L("Isotopes stacked there per player, e.g. @anna 2", "opt.hf.isotopes.desc"),
                           remove=L("On a tie: the bank the first player removes", "opt.hf.remove.desc"))
    @app_commands.choices(remove=BANK_CHOICES)
    async def wildcat(self, interaction: discord.Interaction, isotopes: str, remove: str | None = None) -> None:
        await go(interaction, {"type": "wildcat", "isotopes": await per_player(interaction, isotopes), "remove": remove})

    @app_commands.command(name=L("homeless", "cmd.hf.homeless"),
                          description=L("A bank's Factory was destroyed: the bank is homeless, bank panic",
                                        "cmd.hf.homeless.desc"))
    @app_commands.rename(bank=L("bank", "opt.hf.bank"), cause=L("cause", "opt.hf.cause"))
    @app_commands.describe(bank=L("The isotope bank that lost its Factory", "opt.hf.homeless_bank.desc"),
                           cause=L("What destroyed it", "opt.hf.cause.desc"))
    @app_commands.choices(bank=BANK_CHOICES, cause=[app_commands.Choice(name=L(c, f"choice.hf.cause.{c}"), value=c)
                                                    for c in ("combat", "new_venus", "comets", "goldilocks")])
    async def homeless(self, interaction: discord.Interaction, cause: str, bank: str = "main") -> None:
        await go(interaction, {"type": "homeless", "bank": bank, "cause": cause})

    @app_commands.command(name=L("rob", "cmd.hf.rob"),
                          description=L("Your criminal Human robbed a homeless bank's vault", "cmd.hf.rob.desc"))
    @app_commands.rename(isotopes=L("isotopes", "opt.hf.isotopes"), victim=L("victim", "opt.hf.victim"),
                         bank=L("bank", "opt.hf.bank"))
    @app_commands.describe(isotopes=L("Isotopes taken into your stack", "opt.hf.rob_isotopes.desc"),
                           victim=L("Whose vault; leave it empty for the speculators'", "opt.hf.victim.desc"),
                           bank=L("The homeless isotope bank", "opt.hf.rob_bank.desc"))
    @app_commands.choices(bank=BANK_CHOICES)
    async def rob(self, interaction: discord.Interaction, isotopes: app_commands.Range[int, 1, 50],
                  victim: discord.Member | None = None, bank: str = "main") -> None:
        await go(interaction, {"type": "rob", "bank": bank, "isotopes": isotopes,
                               "victim": str(victim.id) if victim is not None else SPECULATORS})

    @app_commands.command(name=L("rival-bank", "cmd.hf.rival_bank"),
                          description=L("Your Bernal holds more isotopes than every bank", "cmd.hf.rival_bank.desc"))
    @app_commands.rename(isotopes=L("isotopes", "opt.hf.isotopes"), remove=L("remove", "opt.hf.remove"))
    @app_commands.describe(isotopes=L("Isotopes in your Bernal colony", "opt.hf.rival_isotopes.desc"),
                           remove=L("On a tie: the bank the first player removes", "opt.hf.remove.desc"))
    @app_commands.choices(remove=BANK_CHOICES)
    async def rival_bank(self, interaction: discord.Interaction, isotopes: app_commands.Range[int, 1, 200],
                         remove: str | None = None) -> None:
        await go(interaction, {"type": "rival_bank", "isotopes": isotopes, "remove": remove})

    @app_commands.command(name=L("contract-advance", "cmd.hf.contract_advance"),
                          description=L("A gold-side contract's cash advance", "cmd.hf.contract_advance.desc"))
    @app_commands.rename(aqua=L("aqua", "opt.hf.aqua"))
    @app_commands.describe(aqua=L("The Aqua printed on the card", "opt.hf.aqua.desc"))
    async def contract_advance(self, interaction: discord.Interaction, aqua: app_commands.Range[int, 0, 100]) -> None:
        await go(interaction, {"type": "contract_advance", "aqua": aqua})

    @app_commands.command(name=L("ledger", "cmd.hf.ledger"),
                          description=L("Base-game Aqua (or pearls) you received or spent", "cmd.hf.ledger.desc"))
    @app_commands.rename(kind=L("kind", "opt.hf.kind"), amount=L("amount", "opt.hf.amount"),
                         income=L("income", "opt.hf.income"))
    @app_commands.describe(kind=L("What for (inflation doubles some)", "opt.hf.kind.desc"),
                           amount=L("The printed amount", "opt.hf.amount.desc"),
                           income=L("Received (or spent)", "opt.hf.income.desc"))
    @app_commands.choices(kind=[app_commands.Choice(name=L(k, f"hf.kind.{k}"), value=k) for k in (
        "fundraising", "free_market", "insurance", "bernal_profit", "faction", "cash_advance", "research", "lobby",
        "weapons", "futures", "launch", "contract_penalty", "pearls", "other")])
    async def ledger(self, interaction: discord.Interaction, kind: str, amount: app_commands.Range[int, 1, 1000],
                     income: bool = True) -> None:
        await go(interaction, {"type": "ledger", "kind": kind, "amount": amount, "income": income})

    @app_commands.command(name=L("base-vp", "cmd.hf.base_vp"), description=L("Your base-game victory points",
                                                                               "cmd.hf.base_vp.desc"))
    @app_commands.rename(points=L("points", "opt.hf.points"))
    @app_commands.describe(points=L("VP from the base game", "opt.hf.points.desc"))
    async def base_vp(self, interaction: discord.Interaction, points: app_commands.Range[int, -200, 500]) -> None:
        await go(interaction, {"type": "base_vp", "points": points})


async def per_player(interaction: discord.Interaction, text: str) -> dict[str, int]:
    """A count per player of this channel's game, from `parse_domes`'s text."""
    _, state = await here(interaction)
    return parse_domes(state, text)


def parse_domes(state: HfState, text: str) -> dict[str, int]:
    """'<@123> 2, Bianco 1' -> {player id: domes}: mentions or player names."""
    out: dict[str, int] = {}
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        who, _, count = part.rpartition(" ")
        who = who.strip().removeprefix("<@").removeprefix("!").removesuffix(">")
        pid = who if state.player(who) else next((p.id for p in state.players if p.name.casefold() == who.casefold()), None)
        if pid is None or not count.isdigit():
            raise RuleError("hf.bad_domes")
        out[pid] = int(count)
    return out

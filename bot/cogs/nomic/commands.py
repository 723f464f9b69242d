"""`/nomic`: DecameroNomic in the channel — proposals, the vote panel, the ruleset, treasuries,
gladiators, the bank, bribes, the King's and the Scribe's desks. Parse, call the service, answer."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.nomic import lawform, vote
from bot.cogs.nomic import text as nt
from bot.cogs.nomic import views as v
from bot.cogs.nomic.desk import scribe_desk
from bot.cogs.nomic.play import KIND, act_here, here, nomic_state, play, public_view
from bot.cogs.nomic.table import PROPOSAL_ROWS, table_moves
from bot.i18n import t
from bot.notifier import PANEL_KINDS
from bot.orders import answer_orders
from bot.pictures import board_attachment
from bot.storage.models import GameRow
from bot.tablemoves import register_table_moves
from bot.translator import L
from bot.ui import (
    PANEL_OPENERS,
    answer_modal,
    channel_lang,
    file_of,
    game_here,
    lang,
    player_id,
    send,
    service_of,
)
from bot.web.panels import PlaceRows, register_page_fields
from engine.core import RuleError

KIND_CHOICES = [app_commands.Choice(name=L("enact", "choice.nomic.enact"), value="enact"),
                app_commands.Choice(name=L("repeal", "choice.nomic.repeal"), value="repeal"),
                app_commands.Choice(name=L("amend", "choice.nomic.amend"), value="amend")]
VOTE_CHOICES = [app_commands.Choice(name=L(w, f"choice.nomic.orders.{w}"), value=w) for w in ("for", "against", "abstain")]


group = app_commands.Group(name="nomic", description=L("Play DecameroNomic in this channel", "cmd.nomic.desc"),
                           guild_only=True)
gladiator = app_commands.Group(name=L("gladiator", "cmd.nomic.gladiator"),
                               description=L("Gladiators", "cmd.nomic.gladiator.desc"), parent=group)
law = app_commands.Group(name=L("law", "cmd.nomic.law"), description=L("Laws you own", "cmd.nomic.law.desc"),
                         parent=group)
king = app_commands.Group(name=L("king", "cmd.nomic.king"), description=L("The crown", "cmd.nomic.king.desc"),
                          parent=group)
quarantine = app_commands.Group(name=L("quarantine", "cmd.nomic.quarantine"),
                                description=L("Quarantine", "cmd.nomic.quarantine.desc"), parent=group)
scribe = app_commands.Group(name=L("scribe", "cmd.nomic.scribe"),
                            description=L("The Humble Scribe's desk", "cmd.nomic.scribe.desc"), parent=group)


async def open_panel(interaction: discord.Interaction, row: GameRow) -> None:
    """The player's own panel, from /nomic panel or the button under a call."""
    assert row.id is not None
    state = nomic_state(service_of(interaction).load_state(row))
    text, view = v.private_panel(row.id, state, player_id(interaction, state), lang(interaction))
    await send(interaction, text, ephemeral=True, view=view)


class NomicCog(scribe_desk(scribe)):  # type: ignore[misc]
    group = group

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(lawform.ChangePick, lawform.NewLawButton, v.AdmitButton, v.ActButton,
                                   vote.LetterButton, v.RulesPage, vote.VoteButton, vote.VoteSelect)
        PANEL_OPENERS[KIND] = open_panel  # the "My panel" button under a call opens /nomic panel
        PANEL_KINDS.add(KIND)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """The submits of DecameroNomic's forms (proposal, rule text, imported pages), from their custom_ids."""
        await answer_modal(interaction, (*v.MODALS, (lawform.LAW, lawform.law_given)))

    # ---- proposals and votes ------------------------------------------------------------------------
    @group.command(name=L("propose", "cmd.nomic.propose"), description=L("Send a letter of proposals",
                                                                          "cmd.nomic.propose.desc"))
    @app_commands.rename(kind=L("kind", "opt.nomic.kind"), rule=L("rule", "opt.nomic.rule"),
                         protector=L("protector", "opt.nomic.protector"), add=L("add", "opt.nomic.add"))
    @app_commands.describe(kind=L("Enact, repeal or amend", "opt.nomic.kind.desc"),
                           rule=L("The rule to repeal or amend", "opt.nomic.rule.desc"),
                           protector=L("One of your gladiators", "opt.nomic.protector.desc"),
                           add=L("Add it to your last letter, if nobody answered it yet", "opt.nomic.add.desc"))
    @app_commands.choices(kind=KIND_CHOICES)
    async def propose(self, interaction: discord.Interaction, kind: str, rule: int | None = None,
                      protector: str | None = None, add: bool = False) -> None:
        game_id, state = await here(interaction)
        if kind == "repeal":
            spec: dict[str, object] = {"kind": "repeal", "rule": rule}
            if protector:
                spec["protector"] = protector
            action: dict[str, object] = {"type": "propose", "proposals": [spec]}
            if add:
                action["letter"] = lawform.own_letter(state, str(interaction.user.id))
            await play(interaction, game_id, action)
            return
        await lawform.open_form(interaction, game_id, kind, rule, protector, add)

    @group.command(name=L("vote", "cmd.nomic.vote"), description=L("Answer a letter: the vote panel",
                                                                    "cmd.nomic.vote.desc"))
    @app_commands.rename(letter=L("letter", "opt.nomic.letter"), champion=L("champion", "opt.nomic.champion"),
                         crown_pays=L("crown_pays", "opt.nomic.crown_pays"))
    @app_commands.describe(letter=L("The letter's number", "opt.nomic.letter.desc"),
                           champion=L("Your gladiator against a protector", "opt.nomic.champion.desc"),
                           crown_pays=L("King: the Crown pays the penalty", "opt.nomic.crown_pays.desc"))
    async def vote(self, interaction: discord.Interaction, letter: int, champion: str | None = None,
                   crown_pays: bool = False) -> None:
        game_id, _ = await here(interaction)
        await vote.open_vote(interaction, game_id, letter, champion, crown_pays)

    @group.command(name=L("orders", "cmd.nomic.orders"),
                   description=L("Your standing orders: how to vote on letters you leave unanswered",
                                 "cmd.nomic.orders.desc"))
    @app_commands.rename(vote=L("vote", "opt.nomic.orders.vote"), as_player=L("as_player", "opt.nomic.orders.as_player"),
                         rating=L("rating", "opt.nomic.orders.rating"), keep=L("keep", "opt.nomic.orders.keep"),
                         clear=L("clear", "opt.nomic.orders.clear"))
    @app_commands.describe(vote=L("Your default vote", "opt.nomic.orders.vote.desc"),
                           as_player=L("Vote as this player votes", "opt.nomic.orders.as_player.desc"),
                           rating=L("Your default Top Polls rating (1-10)", "opt.nomic.orders.rating.desc"),
                           keep=L("Keep them when you are back (default yes)", "opt.nomic.orders.keep.desc"),
                           clear=L("Cancel your standing orders", "opt.nomic.orders.clear.desc"))
    @app_commands.choices(vote=VOTE_CHOICES)
    async def orders(self, interaction: discord.Interaction, vote: str | None = None,
                     as_player: discord.Member | None = None, rating: app_commands.Range[int, 1, 10] | None = None,
                     keep: bool | None = None, clear: bool = False) -> None:
        """Set, cancel or (with no option) read your standing orders; only you see the answer."""
        given = {k: x for k, x in (("vote", vote), ("as_player", str(as_player.id) if as_player else None),
                                   ("rating", rating)) if x is not None}
        await answer_orders(interaction, KIND, given, keep=keep, clear=clear)

    @group.command(name=L("proposals", "cmd.nomic.proposals"), description=L("Pending proposals and their votes",
                                                                              "cmd.nomic.proposals.desc"))
    async def proposals(self, interaction: discord.Interaction) -> None:
        language = lang(interaction)
        _, state = await here(interaction)
        view = public_view(state)
        lines = [nt.proposal_block(p, language) for p in view.proposals if p.outcome == "pending"]
        await send(interaction, "\n".join(lines) or t("nomic.ui.no_proposals", language), ephemeral=True)

    # ---- the ruleset ------------------------------------------------------------------------------
    @group.command(name=L("rules", "cmd.nomic.rules"), description=L("The ruleset, by pages", "cmd.nomic.rules.desc"))
    @app_commands.rename(search=L("search", "opt.nomic.search"), page=L("page", "opt.nomic.page"))
    @app_commands.describe(search=L("Words in the title or text", "opt.nomic.search.desc"),
                           page=L("Page number", "opt.nomic.page.desc"))
    async def rules(self, interaction: discord.Interaction, search: str | None = None,
                    page: app_commands.Range[int, 1, 100] = 1) -> None:
        game_id, state = await here(interaction)
        text, pager = v.rules_answer(game_id, state, lang(interaction), search, page)
        await send(interaction, text, ephemeral=True, view=pager)

    @group.command(name=L("rule", "cmd.nomic.rule"), description=L("One rule, with its history", "cmd.nomic.rule.desc"))
    @app_commands.rename(number=L("number", "opt.nomic.number"))
    @app_commands.describe(number=L("The rule's number", "opt.nomic.number.desc"))
    async def rule(self, interaction: discord.Interaction, number: int) -> None:
        _, state = await here(interaction)
        await send(interaction, nt.one_rule(public_view(state), lang(interaction), number), ephemeral=True)

    # ---- money --------------------------------------------------------------------------------------
    @group.command(name=L("treasury", "cmd.nomic.treasury"), description=L("Treasures, economic power, deposits",
                                                                            "cmd.nomic.treasury.desc"))
    async def treasury(self, interaction: discord.Interaction) -> None:
        language = await channel_lang(interaction)  # said in the channel: the channel's language
        row = await game_here(interaction, KIND)
        state = nomic_state(service_of(interaction).load_state(row))
        await interaction.response.defer(thinking=True)
        text = nt.treasury(public_view(state), language)  # said in the channel: the public view
        file = file_of(await board_attachment(row, state, None, lang=language))
        await send(interaction, text, file=file)

    @group.command(name=L("give", "cmd.nomic.give"), description=L("Give Nomica to a player", "cmd.nomic.give.desc"))
    @app_commands.rename(player=L("player", "opt.nomic.player"), amount=L("amount", "opt.nomic.amount"))
    @app_commands.describe(player=L("Who receives", "opt.nomic.player.desc"),
                           amount=L("Nomica", "opt.nomic.amount.desc"))
    async def give(self, interaction: discord.Interaction, player: str,
                   amount: app_commands.Range[int, 1, 10**9]) -> None:
        await act_here(interaction, {"type": "give", "to": player, "amount": amount})

    @group.command(name=L("deposit", "cmd.nomic.deposit"), description=L("Lock Nomica in the Bank",
                                                                          "cmd.nomic.deposit.desc"))
    @app_commands.rename(amount=L("amount", "opt.nomic.amount"), giornate=L("giornate", "opt.nomic.giornate"))
    @app_commands.describe(amount=L("Nomica", "opt.nomic.amount.desc"),
                           giornate=L("1 to 4 Giornate", "opt.nomic.giornate.desc"))
    async def deposit(self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, 10**9],
                      giornate: app_commands.Range[int, 1, 4]) -> None:
        await act_here(interaction, {"type": "deposit", "amount": amount, "giornate": giornate})

    @group.command(name=L("bribe", "cmd.nomic.bribe"), description=L("Pay a courtier to vote for your proposal",
                                                                      "cmd.nomic.bribe.desc"))
    @app_commands.rename(proposal=L("proposal", "opt.nomic.proposal"), player=L("player", "opt.nomic.player"),
                         amount=L("amount", "opt.nomic.amount"))
    @app_commands.describe(proposal=L("Your proposal's number", "opt.nomic.proposal.desc"),
                           player=L("Who receives", "opt.nomic.player.desc"), amount=L("Nomica", "opt.nomic.amount.desc"))
    async def bribe(self, interaction: discord.Interaction, proposal: int, player: str,
                    amount: app_commands.Range[int, 1, 10**9]) -> None:
        await act_here(interaction, {"type": "bribe", "proposal": proposal, "to": player, "amount": amount})

    # ---- the King, disputes ---------------------------------------------------------------------------
    @group.command(name=L("veto", "cmd.nomic.veto"), description=L("King: veto a proposal", "cmd.nomic.veto.desc"))
    @app_commands.rename(proposal=L("proposal", "opt.nomic.proposal"))
    @app_commands.describe(proposal=L("The proposal's number", "opt.nomic.proposal.desc"))
    async def veto(self, interaction: discord.Interaction, proposal: int) -> None:
        await act_here(interaction, {"type": "veto", "proposal": proposal})

    @group.command(name=L("contest", "cmd.nomic.contest"), description=L("File a formal contest",
                                                                          "cmd.nomic.contest.desc"))
    @app_commands.rename(text=L("text", "opt.nomic.text"))
    @app_commands.describe(text=L("What is disputed", "opt.nomic.text.desc"))
    async def contest(self, interaction: discord.Interaction, text: str) -> None:
        await act_here(interaction, {"type": "contest", "text": text})

    @group.command(name=L("decree", "cmd.nomic.decree"), description=L("King: a Royal Decree on a contest",
                                                                        "cmd.nomic.decree.desc"))
    @app_commands.rename(contest=L("contest", "opt.nomic.contest"), text=L("text", "opt.nomic.text"),
                         replaces=L("replaces", "opt.nomic.replaces"))
    @app_commands.describe(contest=L("The contest's number", "opt.nomic.contest.desc"),
                           text=L("The decree", "opt.nomic.decree_text.desc"),
                           replaces=L("A decree it replaces", "opt.nomic.replaces.desc"))
    async def decree(self, interaction: discord.Interaction, contest: int, text: str,
                     replaces: int | None = None) -> None:
        await act_here(interaction, {"type": "decree", "contest": contest, "text": text, "replaces": replaces})

    @king.command(name=L("accept", "cmd.nomic.king.accept"), description=L("Accept the crown",
                                                                            "cmd.nomic.king.accept.desc"))
    async def king_accept(self, interaction: discord.Interaction) -> None:
        await act_here(interaction, {"type": "king_answer", "accept": True})

    @king.command(name=L("refuse", "cmd.nomic.king.refuse"), description=L("Refuse the crown",
                                                                            "cmd.nomic.king.refuse.desc"))
    async def king_refuse(self, interaction: discord.Interaction) -> None:
        await act_here(interaction, {"type": "king_answer", "accept": False})

    # ---- players --------------------------------------------------------------------------------------
    @group.command(name=L("join", "cmd.nomic.join"), description=L("Ask the Scribe to join", "cmd.nomic.join.desc"))
    async def join(self, interaction: discord.Interaction) -> None:
        """Rule 4: asking the Scribe is enough. The request goes on the Scribe's desk at once (the
        asker is no player yet, so it is filed as the Scribe's act, marked as asked)."""
        game_id, state = await here(interaction)
        user = str(interaction.user.id)
        if state.player(user) is not None or user in state.applicants:
            raise RuleError("nomic.already_player")
        name = getattr(interaction.user, "display_name", interaction.user.name)[:32]
        await play(interaction, game_id, {"type": "scribe_admit", "user": user, "name": name, "asked": True},
                   actor=state.scribe)

    @group.command(name=L("panel", "cmd.nomic.panel"), description=L("What you may do now", "cmd.nomic.panel.desc"))
    async def panel(self, interaction: discord.Interaction) -> None:
        row = await game_here(interaction, KIND)
        await open_panel(interaction, row)

    # ---- gladiators ------------------------------------------------------------------------------------
    @gladiator.command(name=L("buy", "cmd.nomic.gladiator.buy"), description=L("Buy a gladiator",
                                                                                "cmd.nomic.gladiator.buy.desc"))
    @app_commands.rename(name=L("name", "opt.nomic.name"), magic=L("magic", "opt.nomic.magic"))
    @app_commands.describe(name=L("Its name", "opt.nomic.name.desc"),
                           magic=L("5 digits from 1 to 5", "opt.nomic.magic.desc"))
    async def gladiator_buy(self, interaction: discord.Interaction, name: str, magic: str) -> None:
        await act_here(interaction, {"type": "gladiator_buy", "name": name, "magic": magic.strip()})

    @gladiator.command(name=L("train", "cmd.nomic.gladiator.train"), description=L("Send a gladiator to school",
                                                                                    "cmd.nomic.gladiator.train.desc"))
    @app_commands.rename(name=L("name", "opt.nomic.name"), magic=L("magic", "opt.nomic.magic"))
    @app_commands.describe(name=L("Your gladiator", "opt.nomic.own_gladiator.desc"),
                           magic=L("The new magic number", "opt.nomic.new_magic.desc"))
    async def gladiator_train(self, interaction: discord.Interaction, name: str, magic: str) -> None:
        await act_here(interaction, {"type": "gladiator_train", "gladiator": name, "magic": magic.strip()})

    @gladiator.command(name=L("list", "cmd.nomic.gladiator.list"), description=L("Every gladiator",
                                                                                  "cmd.nomic.gladiator.list.desc"))
    async def gladiator_list(self, interaction: discord.Interaction) -> None:
        language = lang(interaction)
        _, state = await here(interaction)
        lines = nt.gladiator_lines(public_view(state), language)
        await send(interaction, "\n".join(lines) or t("nomic.ui.no_gladiators", language), ephemeral=True)

    @gladiator.command(name=L("duel", "cmd.nomic.gladiator.duel"), description=L("A bout, digit by digit",
                                                                                  "cmd.nomic.gladiator.duel.desc"))
    @app_commands.rename(first=L("first", "opt.nomic.first"), second=L("second", "opt.nomic.second"))
    @app_commands.describe(first=L("A gladiator or a magic number", "opt.nomic.fighter.desc"),
                           second=L("A gladiator or a magic number", "opt.nomic.fighter.desc"))
    async def gladiator_duel(self, interaction: discord.Interaction, first: str, second: str) -> None:
        _, state = await here(interaction)
        await send(interaction, nt.duel(state, first, second, await channel_lang(interaction)))

    # ---- laws you own, quarantine -------------------------------------------------------------------------
    @law.command(name=L("delete", "cmd.nomic.law.delete"), description=L("Delete a law you own",
                                                                          "cmd.nomic.law.delete.desc"))
    @app_commands.rename(number=L("number", "opt.nomic.number"))
    @app_commands.describe(number=L("The rule's number", "opt.nomic.number.desc"))
    async def law_delete(self, interaction: discord.Interaction, number: int) -> None:
        await act_here(interaction, {"type": "law_delete", "rule": number})

    @law.command(name=L("transfer", "cmd.nomic.law.transfer"), description=L("Hand a law you own to a player",
                                                                              "cmd.nomic.law.transfer.desc"))
    @app_commands.rename(number=L("number", "opt.nomic.number"), player=L("player", "opt.nomic.player"))
    @app_commands.describe(number=L("The rule's number", "opt.nomic.number.desc"),
                           player=L("Who receives", "opt.nomic.player.desc"))
    async def law_transfer(self, interaction: discord.Interaction, number: int, player: str) -> None:
        await act_here(interaction, {"type": "law_transfer", "rule": number, "to": player})

    @quarantine.command(name=L("surrender", "cmd.nomic.quarantine.surrender"),
                        description=L("Give up all your gladiators", "cmd.nomic.quarantine.surrender.desc"))
    async def surrender(self, interaction: discord.Interaction) -> None:
        await act_here(interaction, {"type": "surrender"})

    @quarantine.command(name=L("offer", "cmd.nomic.quarantine.offer"),
                        description=L("Offer one gladiator to a player", "cmd.nomic.quarantine.offer.desc"))
    @app_commands.rename(name=L("name", "opt.nomic.name"), player=L("player", "opt.nomic.player"),
                         price=L("price", "opt.nomic.price"))
    @app_commands.describe(name=L("Your gladiator", "opt.nomic.own_gladiator.desc"),
                           player=L("Who may buy", "opt.nomic.buyer.desc"), price=L("Nomica", "opt.nomic.amount.desc"))
    async def offer(self, interaction: discord.Interaction, name: str, player: str,
                    price: app_commands.Range[int, 1, 10**9]) -> None:
        await act_here(interaction, {"type": "quarantine_offer", "gladiator": name, "to": player, "price": price})

    @quarantine.command(name=L("buy", "cmd.nomic.quarantine.buy"),
                        description=L("Buy a gladiator offered to you", "cmd.nomic.quarantine.buy.desc"))
    @app_commands.rename(offer=L("offer", "opt.nomic.offer"))
    @app_commands.describe(offer=L("The offer's number", "opt.nomic.offer.desc"))
    async def buy(self, interaction: discord.Interaction, offer: int) -> None:
        await act_here(interaction, {"type": "quarantine_buy", "offer": offer})


async def setup(bot: commands.Bot) -> None:
    # proposals, rules and players are the game at a glance; ids in words by the catalogs' own prefixes;
    # the board draws no rule or proposal: their rows on the page are their places (docs/architecture.md)
    register_page_fields(KIND, opened={"proposals", "rules", "players"},
                         words={"mechanics": "nomic.mechanic", "pending": "nomic.reason", "kind": "nomic.ui.kind"},
                         places={"rules": PlaceRows("rule-", "number", "title"),
                                 "proposals": PROPOSAL_ROWS})
    await bot.add_cog(NomicCog(bot))


register_table_moves(KIND, table_moves)  # at import, as the log's names: the web pages read it without Discord

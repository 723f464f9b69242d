"""`/hf`: the High Frontier Module 5 economy for a table that plays the base game elsewhere — every
transaction, free action, answer and base-game report, the market and bank pictures, your own
holdings and the score. Parse the options, hand the action to the engine, answer with what happened."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.highfrontier import texts
from bot.cogs.highfrontier import views as v
from bot.cogs.highfrontier.reports import BANK_CHOICES, HfReport
from bot.cogs.highfrontier.table import table_moves
from bot.cogs.highfrontier.views import KIND, go, here, uid
from bot.cogs.options import option
from bot.i18n import t
from bot.notifier import PANEL_KINDS, PRIVATE_SUMMARIES
from bot.orders import answer_orders
from bot.pictures import board_attachment
from bot.storage.models import GameRow
from bot.tablemoves import register_table_moves
from bot.telling import register_log_names
from bot.translator import L
from bot.ui import PANEL_OPENERS, channel_lang, file_of, lang, send, service_of
from bot.web.panels import register_page_fields
from engine.core import RuleError, get_game
from engine.highfrontier.models import MALFS, HfState

SIDES = [app_commands.Choice(name=L("white (Earth)", "choice.hf.white"), value="white"),
         app_commands.Choice(name=L("black (ET)", "choice.hf.black"), value="black")]
COMPANY = L("company", "opt.hf.company")
company_option = option("company", COMPANY, L("A company (name or pick)", "opt.hf.company.desc"), autocomplete=v.companies)
side_option = option("side", L("side", "opt.hf.side"), L("Which side faces up", "opt.hf.side.desc"), choices=SIDES)
PLAYER = L("player", "opt.hf.player")
PLAYER_DESC = L("The other player", "opt.hf.player.desc")
DEAL = L("deal", "opt.hf.deal")
DEAL_DESC = L("The deal's number", "opt.hf.deal.desc")
BOARD_CHOICES = [app_commands.Choice(name=L(w, f"choice.hf.orders.{w}"), value=w) for w in ("dividend", "reinvest", "pass")]
PROXY_CHOICES = [app_commands.Choice(name=L(w, f"choice.hf.orders.{w}"), value=w) for w in ("counter", "yield")]



async def open_panel(interaction: discord.Interaction, row: GameRow) -> None:
    """The player's own page and what they may do now, from /hf me or the button under a call."""
    assert row.id is not None
    state = service_of(interaction).load_state(row)
    if not isinstance(state, HfState):
        raise RuleError("core.wrong_game", game=row.kind)
    user, language = str(interaction.user.id), lang(interaction)
    panel = await v.action_panel(row.id, row.version, state, user, language)  # what you may do now
    await send(interaction, texts.me_text(state, user, language), ephemeral=True, view=panel)

class HfCog(commands.Cog):
    group = app_commands.Group(name="hf", description=L("High Frontier Module 5: the market and the bank",
                                                        "cmd.hf.desc"), guild_only=True)
    # by purpose, so a newcomer finds them; what everyone uses (me, market, bank, score) stays on top
    trade = app_commands.Group(name=L("trade", "cmd.hf.trade"), parent=group,
                               description=L("Transactions: buy, float, fragment, proxy fight, service, dump",
                                             "cmd.hf.trade.desc"))
    company = app_commands.Group(name=L("company", "cmd.hf.company"), parent=group,
                                 description=L("Presidents and boards: decisions, defence, angels, hedge funds, litigation",
                                               "cmd.hf.company.desc"))
    money = app_commands.Group(name=L("money", "cmd.hf.money"), parent=group,
                               description=L("Debt and the bank: repay, rollover, deflation, cash ratio",
                                             "cmd.hf.money.desc"))
    deal = app_commands.Group(name=L("deal", "cmd.hf.deal"), parent=group,
                              description=L("Deals between players: offer, accept, withdraw", "cmd.hf.deal.desc"))

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.group.add_command(HfReport())

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(v.BoardButton, v.ActButton, v.WitnessButton, v.ProxyButton)
        PRIVATE_SUMMARIES[KIND] = texts.me_text
        PANEL_OPENERS[KIND] = open_panel  # the "My panel" button under a call opens /hf me
        PANEL_KINDS.add(KIND)

    # ---- transactions ---------------------------------------------------------------------------
    @trade.command(name=L("buy", "cmd.hf.buy"), description=L("Transaction: buy a share", "cmd.hf.buy.desc"))
    @company_option
    async def buy(self, interaction: discord.Interaction, company: str) -> None:
        await go(interaction, {"type": "buy"}, company=company)

    @trade.command(name=L("float", "cmd.hf.float"), description=L("Transaction: float a company", "cmd.hf.float.desc"))
    @company_option
    @side_option
    async def float_(self, interaction: discord.Interaction, company: str, side: str = "white") -> None:
        await go(interaction, {"type": "float", "side": side}, company=company)

    @trade.command(name=L("fragment", "cmd.hf.fragment"), description=L("Transaction: fragment a company",
                                                                         "cmd.hf.fragment.desc"))
    @company_option
    @side_option
    async def fragment(self, interaction: discord.Interaction, company: str, side: str = "white") -> None:
        await go(interaction, {"type": "fragment", "side": side}, company=company)

    @trade.command(name=L("proxy", "cmd.hf.proxy"), description=L("Transaction: a proxy fight", "cmd.hf.proxy.desc"))
    @company_option
    @app_commands.rename(target=PLAYER, delegates=L("delegates", "opt.hf.delegates"))
    @app_commands.describe(target=L("Whose share", "opt.hf.target.desc"),
                           delegates=L("Delegate value discarded", "opt.hf.delegates.desc"))
    async def proxy(self, interaction: discord.Interaction, company: str, target: discord.Member,
                    delegates: app_commands.Range[int, 0, 50]) -> None:
        await go(interaction, {"type": "proxy", "target": uid(target), "delegates": delegates}, company=company)

    @trade.command(name=L("service", "cmd.hf.service"), description=L("Transaction: be a paying client",
                                                                       "cmd.hf.service.desc"))
    @company_option
    @app_commands.rename(deluxe=L("deluxe", "opt.hf.deluxe"), half=L("half", "opt.hf.half"),
                         cubes=L("cubes", "opt.hf.cubes"), malf=L("malf", "opt.hf.malf"),
                         bernal=L("bernal", "opt.hf.bernal"))
    @app_commands.describe(deluxe=L("FINAO deluxe: double price", "opt.hf.deluxe.desc"),
                           half=L("An ability halves FINAO prices", "opt.hf.half.desc"),
                           cubes=L("Loans: debt cubes pledged", "opt.hf.cubes.desc"),
                           malf=L("FINAO: the malf you face", "opt.hf.malf.desc"),
                           bernal=L("Launch to a non-monetization Bernal: double price", "opt.hf.bernal.desc"))
    @app_commands.choices(malf=[app_commands.Choice(name=L(m, f"choice.hf.malf.{m}"), value=m) for m in MALFS])
    async def service(self, interaction: discord.Interaction, company: str, deluxe: bool = False, half: bool = False,
                      cubes: app_commands.Range[int, 0, 7] = 0, malf: str | None = None,
                      bernal: bool = False) -> None:
        await go(interaction, {"type": "service", "deluxe": deluxe, "half": half, "cubes": cubes, "malf": malf,
                               "bernal": bernal}, company=company)

    # ---- free actions ---------------------------------------------------------------------------
    @trade.command(name=L("dump", "cmd.hf.dump"), description=L("Free action: dump shares", "cmd.hf.dump.desc"))
    @company_option
    @app_commands.rename(count=L("count", "opt.hf.count"))
    @app_commands.describe(count=L("How many shares", "opt.hf.count.desc"))
    async def dump(self, interaction: discord.Interaction, company: str, count: app_commands.Range[int, 1, 3] = 1) -> None:
        await go(interaction, {"type": "dump", "count": count}, company=company)

    @company.command(name=L("hedge", "cmd.hf.hedge"), description=L("Take your hedge fund", "cmd.hf.hedge.desc"))
    @app_commands.rename(take=L("take", "opt.hf.take_hedge"))
    @app_commands.describe(take=L("A share, a cube or forgiveness", "opt.hf.take_hedge.desc"))
    @app_commands.choices(take=[app_commands.Choice(name=L(w, f"hf.what.{w}"), value=w)
                                for w in ("share", "cube", "forgive")])
    async def hedge(self, interaction: discord.Interaction, take: str) -> None:
        await go(interaction, {"type": "hedge", "take": take})

    @money.command(name=L("repay", "cmd.hf.repay"), description=L("Repay debt cubes", "cmd.hf.repay.desc"))
    @app_commands.rename(cubes=L("cubes", "opt.hf.cubes"))
    @app_commands.describe(cubes=L("How many cubes", "opt.hf.repay_cubes.desc"))
    async def repay(self, interaction: discord.Interaction, cubes: app_commands.Range[int, 1, 7]) -> None:
        await go(interaction, {"type": "repay", "cubes": cubes})

    @money.command(name=L("rollover", "cmd.hf.rollover"), description=L("Roll over the debt falling due",
                                                                         "cmd.hf.rollover.desc"))
    @app_commands.rename(repay=L("repay", "opt.hf.repay"))
    @app_commands.describe(repay=L("Cubes you still repay", "opt.hf.repay.desc"))
    async def rollover(self, interaction: discord.Interaction, repay: app_commands.Range[int, 0, 7] = 0) -> None:
        await go(interaction, {"type": "rollover", "repay": repay})

    @company.command(name=L("litigate", "cmd.hf.litigate"), description=L("A lobby action's litigation",
                                                                         "cmd.hf.litigate.desc"))
    @company_option
    @app_commands.rename(law=L("law", "opt.hf.law"), player=PLAYER, other=L("other", "opt.hf.other"))
    @app_commands.describe(law=L("The law lobbied", "opt.hf.law.desc"), player=PLAYER_DESC,
                           other=L("Corruption: their company", "opt.hf.other.desc"))
    @app_commands.choices(law=[app_commands.Choice(name=L(w, f"hf.law.{w}"), value=w) for w in (
        "individualism", "liberty", "honor", "unity", "authority", "equality")])
    @app_commands.autocomplete(other=v.companies)
    async def litigate(self, interaction: discord.Interaction, law: str, company: str | None = None,
                       player: discord.Member | None = None, other: str | None = None) -> None:
        await go(interaction, {"type": "litigate", "law": law, "player": uid(player)}, company=company, also=other)

    @deal.command(name=L("offer", "cmd.hf.offer"), description=L("Propose a deal to another player",
                                                                   "cmd.hf.offer.desc"))
    @app_commands.rename(to=PLAYER, give_aqua=L("give_aqua", "opt.hf.give_aqua"),
                         give_pearls=L("give_pearls", "opt.hf.give_pearls"), give_share=L("give_share", "opt.hf.give_share"),
                         give_debt=L("give_debt", "opt.hf.give_debt"), get_aqua=L("get_aqua", "opt.hf.get_aqua"),
                         get_pearls=L("get_pearls", "opt.hf.get_pearls"), get_share=L("get_share", "opt.hf.get_share"))
    @app_commands.describe(to=PLAYER_DESC,
                           give_aqua=L("Aqua you give", "opt.hf.give_aqua.desc"),
                           give_pearls=L("Isotopes you give", "opt.hf.give_pearls.desc"),
                           give_share=L("A company: one of your shares changes colour", "opt.hf.give_share.desc"),
                           give_debt=L("Debt cubes the other takes over", "opt.hf.give_debt.desc"),
                           get_aqua=L("Aqua you get", "opt.hf.get_aqua.desc"),
                           get_pearls=L("Isotopes you get", "opt.hf.get_pearls.desc"),
                           get_share=L("A company: one of their shares becomes yours", "opt.hf.get_share.desc"))
    @app_commands.autocomplete(give_share=v.companies, get_share=v.companies)
    async def offer(self, interaction: discord.Interaction, to: discord.Member,
                    give_aqua: app_commands.Range[int, 0, 999] = 0, give_pearls: app_commands.Range[int, 0, 99] = 0,
                    give_share: str | None = None, give_debt: app_commands.Range[int, 0, 7] = 0,
                    get_aqua: app_commands.Range[int, 0, 999] = 0, get_pearls: app_commands.Range[int, 0, 99] = 0,
                    get_share: str | None = None) -> None:
        _, state = await here(interaction)
        language = lang(interaction)
        give = {"aqua": give_aqua, "gold": give_pearls, "debt": give_debt,
                "share": v.resolve_company(state, give_share, language) if give_share else None}
        get = {"aqua": get_aqua, "gold": get_pearls,
               "share": v.resolve_company(state, get_share, language) if get_share else None}
        await go(interaction, {"type": "offer", "to": uid(to), "give": give, "get": get})

    @deal.command(name=L("accept", "cmd.hf.accept"), description=L("Accept a deal offered to you", "cmd.hf.accept.desc"))
    @app_commands.rename(deal=DEAL)
    @app_commands.describe(deal=DEAL_DESC)
    async def accept(self, interaction: discord.Interaction, deal: app_commands.Range[int, 1, 100_000]) -> None:
        await go(interaction, {"type": "accept", "deal": deal})

    @deal.command(name=L("withdraw", "cmd.hf.withdraw"), description=L("Withdraw or refuse a deal", "cmd.hf.withdraw.desc"))
    @app_commands.rename(deal=DEAL)
    @app_commands.describe(deal=DEAL_DESC)
    async def withdraw(self, interaction: discord.Interaction, deal: app_commands.Range[int, 1, 100_000]) -> None:
        await go(interaction, {"type": "withdraw", "deal": deal})

    @company.command(name=L("cede", "cmd.hf.cede"), description=L("Hand your presidency to another holder",
                                                                 "cmd.hf.cede.desc"))
    @company_option
    @app_commands.rename(to=PLAYER)
    @app_commands.describe(to=PLAYER_DESC)
    async def cede(self, interaction: discord.Interaction, company: str, to: discord.Member) -> None:
        await go(interaction, {"type": "cede", "to": uid(to)}, company=company)

    # ---- answers --------------------------------------------------------------------------------
    @company.command(name=L("defend", "cmd.hf.defend"), description=L("Answer a proxy fight", "cmd.hf.defend.desc"))
    @app_commands.rename(counter=L("counter", "opt.hf.counter"))
    @app_commands.describe(counter=L("Discard a delegate in the attacker's ideology", "opt.hf.counter.desc"))
    async def defend(self, interaction: discord.Interaction, counter: bool) -> None:
        await go(interaction, {"type": "proxy_answer", "counter": counter})

    @company.command(name=L("angel", "cmd.hf.angel"), description=L("Offer (or refuse) to save an insolvent company",
                                                                   "cmd.hf.angel.desc"))
    @company_option
    @app_commands.rename(offer=L("offer", "opt.hf.offer"))
    @app_commands.describe(offer=L("Offer (or refuse)", "opt.hf.offer.desc"))
    async def angel(self, interaction: discord.Interaction, company: str, offer: bool = True) -> None:
        await go(interaction, {"type": "angel", "offer": offer}, company=company)

    @company.command(name=L("archangel", "cmd.hf.archangel"), description=L("Pick the angel among several",
                                                                           "cmd.hf.archangel.desc"))
    @company_option
    @app_commands.rename(player=PLAYER)
    @app_commands.describe(player=L("The angel", "opt.hf.angel.desc"))
    async def archangel(self, interaction: discord.Interaction, company: str, player: discord.Member) -> None:
        await go(interaction, {"type": "angel_pick", "player": uid(player)}, company=company)

    @company.command(name=L("board", "cmd.hf.board"), description=L("Your board decision (or the panel)",
                                                                   "cmd.hf.board.desc"))
    @app_commands.rename(choice=L("choice", "opt.hf.choice"), amount=L("amount", "opt.hf.amount"),
                         modernize=L("modernize", "opt.hf.modernize"))
    @app_commands.describe(choice=L("Dividend, reinvest or pass; empty shows the panel", "opt.hf.choice.desc"),
                           amount=L("Dividend dots", "opt.hf.dots.desc"),
                           modernize=L("After reinvesting, turn to the black side", "opt.hf.modernize.desc"))
    @app_commands.choices(choice=[app_commands.Choice(name=L(c, f"choice.hf.{c}"), value=c)
                                  for c in ("dividend", "reinvest", "pass")])
    async def board(self, interaction: discord.Interaction, choice: str | None = None,
                    amount: app_commands.Range[int, 0, 10] = 0, modernize: bool = False) -> None:
        row, state = await here(interaction)
        language = lang(interaction)
        if not state.meeting:
            raise RuleError("hf.ui.no_meeting")
        if choice is None:
            assert row.id is not None
            panel = v.board_panel(row.id, row.version, state, language)
            await send(interaction, t("hf.ui.panel", language), ephemeral=True, view=panel)
            return
        await go(interaction, {"type": "board", "company": state.meeting[0], "choice": choice, "amount": amount,
                               "modernize": modernize})

    @money.command(name=L("deflate", "cmd.hf.deflate"), description=L("Bank panic: discard a share (or lobby)",
                                                                       "cmd.hf.deflate.desc"))
    @app_commands.rename(company=COMPANY)
    @app_commands.describe(company=L("The share to discard; empty: a centrist lobby saves it", "opt.hf.deflate.desc"))
    @app_commands.autocomplete(company=v.companies)
    async def deflate(self, interaction: discord.Interaction, company: str | None = None) -> None:
        await go(interaction, {"type": "deflate"}, company=company)

    @money.command(name=L("cash-ratio", "cmd.hf.cash_ratio"), description=L("Banker: retire speculators' fiduciary pearls",
                                                                             "cmd.hf.cash_ratio.desc"))
    @app_commands.rename(blue=L("pearls", "opt.hf.blue"))
    @app_commands.describe(blue=L("How many", "opt.hf.blue.desc"))
    async def cash_ratio(self, interaction: discord.Interaction, blue: app_commands.Range[int, 1, 50]) -> None:
        await go(interaction, {"type": "cash_ratio", "blue": blue})

    # ---- looking --------------------------------------------------------------------------------
    @group.command(name=L("market", "cmd.hf.market"), description=L("The stock market, for everyone", "cmd.hf.market.desc"))
    async def market(self, interaction: discord.Interaction) -> None:
        await self._picture(interaction, "board")

    @group.command(name=L("bank", "cmd.hf.bank"), description=L("The isotope bank's seven vaults", "cmd.hf.bank.desc"))
    @app_commands.rename(use=L("use", "opt.hf.use"))
    @app_commands.describe(use=L("Free action: the bank your payments go through (5F6)", "opt.hf.use.desc"))
    @app_commands.choices(use=BANK_CHOICES)
    async def bank(self, interaction: discord.Interaction, use: str | None = None) -> None:
        _, state = await here(interaction)
        if use is not None:
            await go(interaction, {"type": "bank", "bank": use})
            return
        if not state.flipped:
            raise RuleError("hf.not_flipped")
        await self._picture(interaction, "bank")

    async def _picture(self, interaction: discord.Interaction, picture: str) -> None:
        language = await channel_lang(interaction)  # a public post: the server's language, whoever asked
        row, state = await here(interaction)
        await interaction.response.defer(thinking=True)
        headline = get_game(KIND).headline(state)
        file = file_of(await board_attachment(row, state, None, picture, lang=language))
        await send(interaction, t(headline.key, language, **headline.params), file=file)

    @group.command(name=L("me", "cmd.hf.me"), description=L("Your money, shares and debts, only for you", "cmd.hf.me.desc"))
    async def me(self, interaction: discord.Interaction) -> None:
        row, _ = await here(interaction)
        await open_panel(interaction, row)

    @group.command(name=L("score", "cmd.hf.score"),
                   description=L("Module 5 victory points of everyone", "cmd.hf.score.desc"))
    async def score(self, interaction: discord.Interaction) -> None:
        _, state = await here(interaction)
        await send(interaction, texts.score_text(state, await channel_lang(interaction)))


    @group.command(name=L("orders", "cmd.hf.orders"),
                   description=L("Your standing orders: board decisions and proxy-fight answers while you are away",
                                 "cmd.hf.orders.desc"))
    @app_commands.rename(board=L("board", "opt.hf.orders.board"), dots=L("dots", "opt.hf.orders.dots"),
                         modernize=L("modernize", "opt.hf.orders.modernize"), company=COMPANY,
                         company_board=L("company_board", "opt.hf.orders.company_board"),
                         proxy=L("proxy", "opt.hf.orders.proxy"), keep=L("keep", "opt.hf.orders.keep"),
                         clear=L("clear", "opt.hf.orders.clear"))
    @app_commands.describe(board=L("Your board decision for every company you preside", "opt.hf.orders.board.desc"),
                           dots=L("A dividend's dots at most (none: all the row pays)", "opt.hf.orders.dots.desc"),
                           modernize=L("Reinvesting, modernize where allowed", "opt.hf.orders.modernize.desc"),
                           company=L("One company with its own decision", "opt.hf.orders.company.desc"),
                           company_board=L("That company's decision", "opt.hf.orders.company_board.desc"),
                           proxy=L("Your answer to a proxy fight against you", "opt.hf.orders.proxy.desc"),
                           keep=L("Keep them when you are back (default yes)", "opt.hf.orders.keep.desc"),
                           clear=L("Cancel your standing orders", "opt.hf.orders.clear.desc"))
    @app_commands.autocomplete(company=v.companies)
    @app_commands.choices(board=BOARD_CHOICES, company_board=BOARD_CHOICES, proxy=PROXY_CHOICES)
    async def orders(self, interaction: discord.Interaction, board: str | None = None,
                     dots: app_commands.Range[int, 1, 10] | None = None, modernize: bool | None = None,
                     company: str | None = None, company_board: str | None = None, proxy: str | None = None,
                     keep: bool | None = None, clear: bool = False) -> None:
        """Set, cancel or (with no option) read your standing orders; only you see the answer."""
        given: dict[str, object] = {k: x for k, x in (("board", board), ("dots", dots), ("modernize", modernize),
                                                      ("proxy", proxy)) if x is not None}
        if company is not None or company_board is not None:
            if company is None or company_board is None:
                raise RuleError("hf.orders_company_pair")
            _, state = await here(interaction)
            given["companies"] = {v.resolve_company(state, company, lang(interaction)): company_board}
        await answer_orders(interaction, KIND, given, keep=keep, clear=clear)


def log_names(state: object, language: str) -> dict[str, str]:
    """Company tokens by the name they have now (for /game log)."""
    return v.company_names(state if isinstance(state, HfState) else None, language)


async def setup(bot: commands.Bot) -> None:
    register_log_names(KIND, log_names)
    # the stock chart's grid (its sizes, prices, values, bull cells) is the board's picture, not words
    register_page_fields(KIND, hidden={"rows", "columns", "prices", "values", "bull_cells", "row", "col"},
                         opened={"companies", "holders"})
    await bot.add_cog(HfCog(bot))


register_table_moves(KIND, table_moves)  # at import, as the log's names: the web pages read it without Discord

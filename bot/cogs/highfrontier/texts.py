"""High Frontier's private texts: your holdings, deals and what you may do (`/hf me`), and the score."""

from __future__ import annotations

from bot.cogs.highfrontier.views import KIND
from bot.i18n import t
from engine.core import RuleError, get_game
from engine.highfrontier.deals import terms
from engine.highfrontier.models import HfState
from engine.highfrontier.views import HfView


def me_text(state: HfState, user: str, language: str) -> str:
    view = get_game(KIND).view(state, user)
    assert isinstance(view, HfView)
    mine = next((h for h in view.holders if h.id == user), None)
    if mine is None:
        raise RuleError("core.not_a_player")
    name = state.name_of(user)
    holdings = [f"{t('hf.co.' + c.label, language)} ×{c.holes.count(name)}" for c in view.companies
                if c.floated and name in c.holes]
    lines = [t("hf.ui.me", language, aqua=mine.aqua, gold=mine.gold, blue=mine.blue, free=mine.shares_free,
               cubes=mine.debt_cubes, score=mine.score)]
    if view.wildcat_banker:  # your vault in the wildcat bank and the bank your payments use (5F6)
        gold, blue = view.wildcat_vaults.get(name, (0, 0))
        lines.append(t("hf.ui.me_wildcat", language, gold=gold, blue=blue,
                       bank=t(f"hf.bank.{view.bank_choice.get(name, 'main')}", language)))
    for bank in view.homeless:  # 5F1b: still transacting, open to robbers
        lines.append(t("hf.ui.homeless", language, bank=bank))
    if holdings:
        lines.append(t("hf.ui.holdings", language, shares=", ".join(holdings)))
    for cubes, due in mine.loans:
        lines.append(t("hf.ui.loan", language, cubes=cubes, due=due))
    if mine.default:
        lines.append(t("hf.default_you", language))
    if view.claims:
        lines.append(t("hf.ui.claims", language, companies=view.claims))
    for d in view.deals:
        lines.append(t("hf.ui.deal", language, deal=d["id"], by=state.name_of(str(d["by"])),
                       to=state.name_of(str(d["to"]))))
        deal = next((x for x in state.deals if x.id == d["id"]), None)
        if deal is not None:  # its terms, for its two players alone (this text is private)
            lines.append(t("hf.ui.deal_terms", language, give=terms(state, deal.give), get=terms(state, deal.get)))
    return "\n".join(lines)


def score_text(state: HfState, language: str) -> str:
    from engine.highfrontier.scoring import score

    lines = [t("hf.ui.score_title", language, year=state.year)]
    for pid in state.order:
        s = score(state, pid)
        lines.append(t("hf.final_score", language, player=state.name_of(pid), **s.model_dump()))
    return "\n".join(lines)

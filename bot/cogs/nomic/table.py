"""DecameroNomic's moves on the player's web page, as the private panel offers them: a vote on each
letter waiting for theirs (a choice per proposal, a rating when polls run: the vote panel's words),
a new law (the law form's title and text), the crown's answer, the surrender and the quarantine
offers (the panel's buttons). Places: the proposals a vote names, by the ids of the page's proposal
rows (`proposal-<id>`, PROPOSAL_ROWS): the chart draws players only."""

from __future__ import annotations

from typing import Any

from bot.cogs.nomic.play import KIND, my_view
from bot.cogs.nomic.vote import CHOICES
from bot.i18n import t
from bot.tablemoves import Input, TableMove
from bot.web.panels import PlaceRows
from engine.core import GameState, get_game
from engine.nomic.models import NomicState

PROPOSAL_ROWS = PlaceRows("proposal-", "id", "title")  # the page's proposal rows, the places a vote names


def table_moves(state: GameState, player: str, language: str) -> list[TableMove]:
    assert isinstance(state, NomicState)
    options = get_game(KIND).legal_actions(state, player)
    types = {o.type for o in options}  # type: ignore[attr-defined]
    view = my_view(state, player)
    out: list[TableMove] = []
    polls = "polls" in view.mechanics
    for letter in (view.me.to_vote if view.me else [])[:5]:
        props = [p for p in view.proposals if p.letter == letter and p.outcome == "pending"]
        if not props:
            continue
        inputs: list[Input] = []
        items: list[dict[str, Any]] = []
        for i, p in enumerate(props):
            items.append({"proposal": p.id})
            inputs.append(Input(f"items.{i}.choice", f"#{p.id} {p.title}", "choice", "for",
                                tuple((c, t(f"nomic.ui.choice.{c}", language, id=p.id)) for c in CHOICES)))
            if polls:
                inputs.append(Input(f"items.{i}.rating", t("nomic.ui.rating", language, id=p.id), "count", "5",
                                    low=1, high=10))
        out.append(TableMove(t("nomic.ui.vote_letter", language, letter=letter), t("nomic.ui.send_vote", language),
                             {"type": "vote", "letter": letter, "items": items},
                             tuple(f"{PROPOSAL_ROWS.prefix}{p.id}" for p in props), tuple(inputs)))
    now = t("core.table.now", language)
    if "propose" in types:
        out.append(TableMove(now, t("nomic.ui.new_law", language),
                             {"type": "propose", "proposals": [{"kind": "enact", "title": "", "text": ""}]}, (),
                             (Input("proposals.0.title", t("nomic.ui.field.title", language), "text"),
                              Input("proposals.0.text", t("nomic.ui.field.text", language), "text"))))
    for o in options:
        data = o.model_dump(mode="json")
        if data["type"] == "king_answer":
            what = "accept" if data["accept"] else "refuse"
            out.append(TableMove(now, t(f"nomic.ui.king_{what}", language), data))
        elif data["type"] == "surrender":
            out.append(TableMove(now, t("nomic.ui.surrender", language), data))
        elif data["type"] == "quarantine_buy":
            out.append(TableMove(now, t("nomic.ui.buy_offer", language, offer=data["offer"]), data))
    return out

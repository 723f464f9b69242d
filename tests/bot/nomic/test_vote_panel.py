"""The vote panel's memory is its custom_ids: every item carries the whole selection so far."""

from __future__ import annotations

import re

from bot.cogs.nomic.vote import Selection, VoteButton, VoteSelect, vote_panel
from engine.nomic.views import ProposalView


def proposal(pid: int, protector: str | None = None) -> ProposalView:
    return ProposalView(id=pid, letter=4, author="Anna", author_id="1001", kind="enact", title=f"Legge {pid}",
                        text="Testo.", rule=None, protector=protector, second_half=False, vetoed=False,
                        outcome="pending", number=None, votes_for=0, votes_against=0, ballots=[], giornata=1)


def templates() -> dict[str, re.Pattern[str]]:
    return {"button": VoteButton.__discord_ui_compiled_template__, "select": VoteSelect.__discord_ui_compiled_template__}


def test_a_selection_survives_its_custom_id() -> None:
    sel = Selection(12345, 4, ["for", None, "abstain"], [10, 3, None], champion="g17", crown_pays=True)
    cid = sel.custom_id("c1a")
    match = templates()["button"].fullmatch(cid)
    assert match is not None and len(cid) <= 100
    back = Selection.parse(match)
    assert back == sel and match["what"] == "c1a"
    assert templates()["select"].fullmatch(cid) is None  # a click finds exactly one kind of item


def test_long_letters_get_selects_and_every_item_is_persistent() -> None:
    props = [proposal(7), proposal(8, protector="Maximus"), proposal(9)]
    sel = Selection(1, 4, [None, "against", None], [None, None, None])
    view = vote_panel(sel, props, "it", polls=True)
    ids = [getattr(item, "custom_id", "") for item in view.children]
    kinds = [next(k for k, t in templates().items() if t.fullmatch(cid)) for cid in ids]
    assert kinds == ["select", "select", "select", "button"]  # three choice selects, then Send
    assert view.timeout is None and all(len(cid) <= 100 for cid in ids)
    two = vote_panel(Selection(1, 4, [None, None], [None, None]), props[:2], "it", polls=True)
    kinds = [next(k for k, t in templates().items() if t.fullmatch(getattr(i, "custom_id", ""))) for i in two.children]
    assert kinds == ["button"] * 6 + ["select"] * 2 + ["button"]  # choices, ratings (rule 1800), Send

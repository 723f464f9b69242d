"""Words that misled players (issue 37): English agreement, plurals, and a rule looked up by the number
it had before its amendment."""

from __future__ import annotations

import pytest

from bot.cogs.nomic.text import one_rule
from bot.i18n import t
from engine.core import RuleError
from engine.nomic import GAME
from tests.engine.nomic.helpers import A, B, C, D, new_game, proposal, propose, rollover, vote


def test_english_sentences_agree_whatever_the_subject() -> None:
    assert t("nomic.too_many_proposals", "en", most=1) == "A letter holds at most 1 proposal (rule 300)."
    assert "1 proposta " in t("nomic.too_many_proposals", "it", most=1)
    off = t("nomic.mechanic_off", "en", mechanic="king", rule=7)
    assert " is not in force" not in off and "rule 7" in off
    ranged = t("nomic.param_range", "en", name="giornata_days", low=1, high=60)
    assert " goes from" not in ranged and "1" in ranged and "60" in ranged


def test_a_rule_asked_by_its_number_before_the_amendment_points_to_the_new_number() -> None:
    s = new_game()
    (q,) = propose(s, C, {"kind": "amend", "rule": 1400, "text": "Gladiators fight at dawn."})
    for voter in (A, B, D):
        vote(s, voter, q, "for")
    rollover(s)
    now = proposal(s, q).result_number
    view = GAME.view(s, None)
    with pytest.raises(RuleError) as err:
        one_rule(view, "en", 1400)  # type: ignore[arg-type]
    assert err.value.code == "nomic.rule_renumbered" and err.value.params == {"number": 1400, "now": now}
    said = t(err.value.code, "en", **err.value.params)
    assert f"rule {now}" in said, said
    assert one_rule(view, "en", now)  # type: ignore[arg-type]  # the new number reads the rule
    with pytest.raises(RuleError) as err:
        one_rule(view, "en", 9999)  # type: ignore[arg-type]
    assert err.value.code == "nomic.no_rule"


def test_the_preview_says_how_such_votes_would_count_not_that_the_pending_proposal_flips() -> None:
    from bot.cogs.nomic.text import consequence_lines
    from engine.nomic.preview import Consequence

    flip = Consequence(proposal=1, letter=1, passed_now=True, for_now=4002, against_now=0, passed_then=False,
                       for_then=4002, against_then=0)
    (it,) = consequence_lines([flip], 3, "it")
    assert "invece di passerebbe" not in it and "fallirebbe" not in it
    assert "non passerebbe (con le regole attuali passa, 4002 a 0)" in it and "La #1 si conta con le regole attuali" in it
    (en,) = consequence_lines([flip], 3, "en")
    assert "would not pass (under the rules now it passes, 4002 to 0)" in en and "tallied under the rules now" in en


@pytest.mark.parametrize("language", ["en", "it"])
async def test_the_amendment_form_is_prefilled_in_the_readers_language(language: str) -> None:
    from bot.cogs.nomic.lawform import LawModal

    s = new_game()
    rule = next(r for r in GAME.view(s, None).rules if r.text_en)  # type: ignore[attr-defined]
    modal = LawModal(1, "amend", rule, "", False, "", language)
    fields = {item.custom_id: item.default for item in modal.children}  # type: ignore[attr-defined]
    want_title, want_text = (rule.title_en, rule.text_en) if language == "en" else (rule.title, rule.text)
    assert fields["title"] == (want_title or "")[:32] and fields["text"] == want_text[:4000]

"""Witnessed reports on Discord: the public post that says, in words, what was reported and by whom
(its Confirm / Object buttons are in views.py, beside the answer they post)."""

from __future__ import annotations

from bot.i18n import t
from bot.telling import describe_action
from engine.core import Event
from engine.highfrontier.models import HfState

KIND = "highfrontier"


def report_lines(state: HfState, events: list[Event], language: str, names: dict[str, str]) -> list[str]:
    """Each report filed by these events, in words: "> Anna reports: receives 12 (fundraising)"."""
    names = {**names, **{p.id: p.name for p in state.players}}
    out = []
    for ev in events:
        if ev.key == "hf.report_filed":
            what = describe_action(KIND, dict(ev.params["action"]), names, language)
            out.append(f"> **{ev.params['player']}** — {what}")
            if ev.params.get("hours"):
                out.append(t("hf.ui.report_window", language, hours=ev.params["hours"]))
    return out


def filed_report(events: list[Event]) -> int | None:
    return next((int(ev.params["report"]) for ev in events if ev.key == "hf.report_filed"), None)

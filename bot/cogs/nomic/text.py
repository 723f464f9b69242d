"""The texts `/nomic` answers with: proposal lines, ruleset pages, one rule, the treasury, a duel.
Pure functions of the engine's views and the reader's language."""

from __future__ import annotations

from bot.i18n import t
from engine.core import RuleError
from engine.nomic.gladiators import fight
from engine.nomic.models import NomicState
from engine.nomic.preview import Consequence, Preview
from engine.nomic.views import NomicView, ProposalView, RuleView

PAGE = 15
MARK = {"for": "✓", "against": "✗", "abstain": "–"}


def proposal_line(p: ProposalView, language: str) -> str:
    target = f" ({p.rule})" if p.rule else ""
    guard = t("nomic.ui.protected", language, gladiator=p.protector) if p.protector else ""
    late = t("nomic.ui.late", language) if p.second_half else ""
    veto = t("nomic.ui.vetoed_mark", language) if p.vetoed else ""
    ballots = " ".join(f"{b.player} {MARK.get(b.choice, '?')}" for b in p.ballots)
    return t("nomic.ui.proposal_line", language, id=p.id, letter=p.letter, kind=t(f"nomic.ui.kind.{p.kind}", language),
             title=p.title, target=target, author=p.author, extra=guard + late + veto, ballots=ballots)


def proposal_block(p: ProposalView, language: str) -> str:
    """A proposal as it is voted on: its line, then what it says (an amendment as a diff of the rule
    it changes) and each part of its structured change."""
    lines = [proposal_line(p, language)]
    if p.kind == "amend":
        lines.append(p.diff or p.text)
    elif p.kind == "enact":
        lines.append(p.text)
    lines += [t(f"nomic.text.{what}", language, name=name, value="" if value is None else value)
              for what, name, value in p.change]
    return "\n".join(x for x in lines if x)


def preview_lines(pv: Preview, language: str) -> list[str]:
    """What a proposal would do if it took effect (engine.nomic.preview): in the game (knobs,
    mechanics, a lower rule that prevails), then to the other pending proposals."""
    if not pv.game and not pv.votes:
        return [t("nomic.ui.nothing_changes", language, id=pv.proposal)]
    out = []
    if pv.game:
        out.append(t("nomic.ui.would_change", language, id=pv.proposal))
        out += ["• " + t(e.key, language, **e.params) for e in pv.game]
    return out + consequence_lines(pv.votes, pv.proposal, language)


def consequence_lines(found: list[Consequence], pid: int, language: str) -> list[str]:
    """What a proposal would do to the other pending proposals (engine.nomic.preview)."""
    if not found:
        return [t("nomic.ui.no_consequence", language, id=pid)]
    out = []
    for c in found:
        # the pending proposals are tallied under the rules now: the law changes how such votes would
        # count from the next Giornata on, which is what the preview says (never that #n itself flips)
        case = "counts" if c.passed_then == c.passed_now else "passes" if c.passed_then else "fails"
        out.append(t(f"nomic.ui.consequence_{case}", language, id=pid, letter=c.letter, proposal=c.proposal,
                     for_then=c.for_then, against_then=c.against_then, for_now=c.for_now,
                     against_now=c.against_now))
    return out


def rules_pages(view: NomicView, search: str | None) -> int:
    return max(1, (len(_matching(view, search)) + PAGE - 1) // PAGE)


def _matching(view: NomicView, search: str | None) -> list[RuleView]:
    needle = (search or "").casefold()
    return [r for r in view.rules if needle in f"{r.title} {r.text} {r.title_en or ''} {r.text_en or ''}".casefold()]


def rules_page(view: NomicView, language: str, search: str | None, page: int) -> str:
    found = _matching(view, search)
    pages = max(1, (len(found) + PAGE - 1) // PAGE)
    page = min(page, pages)
    lines = [t("nomic.ui.rules_header", language, page=page, pages=pages, count=len(found))]
    for r in found[(page - 1) * PAGE:page * PAGE]:
        title = r.title_en if language == "en" and r.title_en else r.title
        owner = t("nomic.ui.owner", language, owner=r.owner) if r.owner else ""
        governs = t("nomic.ui.governs", language, mechanics=r.mechanics) if r.mechanics else \
            t("nomic.ui.text_only_mark", language)
        lines.append(f"**{r.number}.** {title}{owner} — {governs}")
    decrees = [d for d in view.decrees if d.active]
    if decrees and page == 1:
        lines.append(t("nomic.ui.decrees", language))
        lines += [f"{d.id}. {d.text}" for d in decrees]
    return "\n".join(lines)


def one_rule(view: NomicView, language: str, number: int) -> str:
    r = next((x for x in view.rules if x.number == number), None)
    if r is None:
        now = next((x.number for x in view.rules if number in x.former), None)
        if now is not None:  # amended or renumbered: the reader is pointed to the number it has now
            raise RuleError("nomic.rule_renumbered", number=number, now=now)
        raise RuleError("nomic.no_rule", number=number)
    english = language == "en" and r.text_en
    lines = [f"**{r.number}. {r.title_en if english else r.title}**", (r.text_en if english else r.text) or ""]
    if r.owner:
        lines.append(t("nomic.ui.owner", language, owner=r.owner).strip())
    if r.mechanics:
        lines.append(t("nomic.ui.governs_long", language, mechanics=r.mechanics))
        lines += [t("nomic.ui.knob_line", language, name=k, value=v) for k, v in r.knobs.items()]
    else:
        reason = (r.text_only[1] if language == "en" else r.text_only[0]) if r.text_only else ""
        lines.append(t("nomic.ui.text_only", language, reason=reason or t("nomic.ui.text_only_law", language)))
    lines += [f"[{h}]" for h in r.history]
    return "\n".join(lines)


def treasury(view: NomicView, language: str) -> str:
    lines = [t("nomic.ui.treasury_header", language, giornata=view.giornata, king=view.king, scribe=view.scribe,
               crown=view.crown, bank=view.bank, end=view.end)]
    for p in view.players:
        flags = t("nomic.ui.quarantined_mark", language) if p.quarantined else ""
        lines.append(t("nomic.ui.treasury_line", language, player=p.name, treasure=p.treasure, pending=p.pending,
                       power=p.power, deposit=p.deposit) + flags)
    lines += gladiator_lines(view, language)
    if view.me is not None:
        lines.append(t("nomic.ui.my_available", language, available=view.me.available))
    return "\n".join(lines)


def gladiator_lines(view: NomicView, language: str) -> list[str]:
    return [t("nomic.ui.gladiator_line", language, gladiator=g.name, magic=g.magic, owner=g.owner,
              giornata=g.available_from) for g in view.gladiators]


def duel(state: NomicState, first: str, second: str, language: str) -> str:
    """A bout between two gladiators (by name) or magic numbers, digit by digit (rule 1400)."""
    fighters = []
    for who in (first, second):
        g = next((x for x in state.gladiators if x.name.casefold() == who.strip().casefold()), None)
        magic = g.magic if g else who.strip()
        if len(magic) != 5 or not set(magic) <= set("12345"):
            raise RuleError("nomic.no_gladiator", name=who)
        fighters.append((g.name if g else magic, magic))
    b = fight(state, fighters[0][1], fighters[1][1])
    lines = [f"**{fighters[0][0]}** ({b.a}) vs **{fighters[1][0]}** ({b.b})"]
    for i, r in enumerate(b.rounds, 1):
        who = fighters[0][0] if r.scorer == "a" else fighters[1][0] if r.scorer == "b" else "—"
        lines.append(t("nomic.ui.bout_round", language, n=i, a=r.a, b=r.b, who=who, points=r.points))
    winner = fighters[0][0] if b.winner == "a" else fighters[1][0]
    lines.append(t("nomic.ui.bout_result", language, a=b.score_a, b=b.score_b, winner=winner))
    return "\n".join(lines)

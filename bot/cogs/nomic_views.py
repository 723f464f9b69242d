"""DecameroNomic's panels, modals, buttons and texts: the vote panel (buttons and a rating select
per proposal), the proposal and Scribe modals, the private panel built from legal_actions, the
admission and crown buttons. No rules here: every click becomes an engine action."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.cogs.nomic_text import proposal_line, rules_page, rules_pages
from bot.errors import report
from bot.i18n import has, t
from bot.service import ActResult
from bot.storage.models import GameRow
from bot.ui import lang, render_events, send, service_of
from engine.core import RuleError, get_game
from engine.nomic.models import NomicState
from engine.nomic.views import NomicView, ProposalView

KIND = "nomic"
CHOICES = ("for", "against", "abstain")
STYLE = {"for": discord.ButtonStyle.success, "against": discord.ButtonStyle.danger,
         "abstain": discord.ButtonStyle.secondary}


def nomic_state(state: Any) -> NomicState:
    if not isinstance(state, NomicState):
        raise RuleError("core.wrong_game", game="DecameroNomic")
    return state


def public_view(state: NomicState) -> NomicView:
    view = get_game(KIND).view(state, None)
    assert isinstance(view, NomicView)
    return view


def my_view(state: NomicState, user: str) -> NomicView:
    view = get_game(KIND).view(state, user)
    assert isinstance(view, NomicView)
    return view


async def load(interaction: discord.Interaction, game_id: int) -> tuple[GameRow, NomicState]:
    row, state = await service_of(interaction).state(game_id)
    return row, nomic_state(state)


async def play(interaction: discord.Interaction, game_id: int, action: dict[str, Any], *,
               actor: str | None = None) -> ActResult:
    """Apply an action and answer: public events in the channel, the actor's own privately."""
    language = lang(interaction)
    who = actor or str(interaction.user.id)
    result = await service_of(interaction).act(game_id, who, action, interaction_id=str(interaction.id))
    public, private = render_events(result.events, language, viewer=who)
    await send(interaction, public or t("core.done", language))
    if private:
        await send(interaction, private, ephemeral=True)
    return result


# ---- the vote panel ----------------------------------------------------------------------------
class VotePanel(discord.ui.View):
    """One letter answered at once: a choice and an optional rating for each proposal, then Send."""

    def __init__(self, game_id: int, letter: int, proposals: list[ProposalView], language: str,
                 current: dict[int, str], champion: str | None, crown_pays: bool, polls: bool) -> None:
        super().__init__(timeout=1800)
        self.game_id, self.letter, self.language = game_id, letter, language
        self.ids = [p.id for p in proposals]
        self.titles = {p.id: p.title for p in proposals}
        self.protected = {p.id for p in proposals if p.protector}
        self.choices: dict[int, str | None] = {pid: current.get(pid) for pid in self.ids}
        self.ratings: dict[int, int | None] = dict.fromkeys(self.ids)
        self.champion, self.crown_pays = champion, crown_pays
        buttons = len(self.ids) <= 2
        for row, pid in enumerate(self.ids[:4]):
            if buttons:
                for choice in CHOICES:
                    self.add_item(ChoiceButton(pid, choice, t(f"nomic.ui.choice.{choice}", language, id=pid), row))
            else:
                self.add_item(ChoiceSelect(pid, language, row))
        if buttons and polls:
            for i, pid in enumerate(self.ids):
                self.add_item(RatingSelect(pid, language, 2 + i))
        send_button: discord.ui.Button[VotePanel] = discord.ui.Button(
            label=t("nomic.ui.send_vote", language), style=discord.ButtonStyle.primary, row=4)
        send_button.callback = self.submit  # type: ignore[method-assign]
        self.add_item(send_button)

    def summary(self) -> str:
        lines = [t("nomic.ui.vote_header", self.language, letter=self.letter)]
        for pid in self.ids:
            choice = self.choices[pid]
            mark = t(f"nomic.ui.choice.{choice}", self.language, id=pid) if choice else t(
                "nomic.ui.no_choice", self.language, id=pid)
            rating = f" ★{self.ratings[pid]}" if self.ratings[pid] else ""
            lines.append(f"{mark} — {self.titles[pid]}{rating}")
        return "\n".join(lines)

    async def refresh(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=self.summary(), view=self)

    async def submit(self, interaction: discord.Interaction) -> None:
        try:
            if any(c is None for c in self.choices.values()):
                raise RuleError("nomic.whole_letter", proposals=self.ids)
            items = []
            for pid in self.ids:
                item: dict[str, Any] = {"proposal": pid, "choice": self.choices[pid]}
                if self.ratings[pid]:
                    item["rating"] = self.ratings[pid]
                if self.choices[pid] == "against" and pid in self.protected:
                    if self.champion:
                        item["champion"] = self.champion
                    if self.crown_pays:
                        item["crown_pays"] = True
                items.append(item)
            await play(interaction, self.game_id, {"type": "vote", "letter": self.letter, "items": items})
            self.stop()
        except Exception as exc:
            await report(interaction, exc)


class ChoiceButton(discord.ui.Button[VotePanel]):
    def __init__(self, pid: int, choice: str, label: str, row: int) -> None:
        super().__init__(label=label, style=STYLE[choice], row=row)
        self.pid, self.choice = pid, choice

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        self.view.choices[self.pid] = self.choice
        await self.view.refresh(interaction)


class ChoiceSelect(discord.ui.Select[VotePanel]):
    def __init__(self, pid: int, language: str, row: int) -> None:
        options = [discord.SelectOption(label=t(f"nomic.ui.choice.{c}", language, id=pid), value=c) for c in CHOICES]
        super().__init__(placeholder=f"#{pid}", options=options, row=row)
        self.pid = pid

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        self.view.choices[self.pid] = self.values[0]
        await self.view.refresh(interaction)


class RatingSelect(discord.ui.Select[VotePanel]):
    def __init__(self, pid: int, language: str, row: int) -> None:
        options = [discord.SelectOption(label=str(n), value=str(n)) for n in range(1, 11)]
        super().__init__(placeholder=t("nomic.ui.rating", language, id=pid), options=options, row=row)
        self.pid = pid

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        self.view.ratings[self.pid] = int(self.values[0])
        await self.view.refresh(interaction)


async def open_vote(interaction: discord.Interaction, game_id: int, letter: int, champion: str | None = None,
                    crown_pays: bool = False) -> None:
    language = lang(interaction)
    user = str(interaction.user.id)
    _, state = await load(interaction, game_id)
    view = my_view(state, user)
    props = [p for p in view.proposals if p.letter == letter and p.outcome == "pending"]
    if not props:
        raise RuleError("nomic.no_letter", letter=letter)
    current = view.me.my_ballots if view.me else {}
    panel = VotePanel(game_id, letter, props, language, current, champion, crown_pays, "polls" in view.mechanics)
    details = "\n".join(proposal_line(p, language) for p in props)
    await send(interaction, details + "\n\n" + panel.summary(), ephemeral=True, view=panel)


# ---- modals ------------------------------------------------------------------------------------
class ProposeModal(discord.ui.Modal):
    """Title and text of a proposal (and, for a new law, an optional second one in the same letter)."""

    def __init__(self, game_id: int, kind: str, rule: int | None, protector: str | None, language: str) -> None:
        super().__init__(title=t(f"nomic.ui.modal.{kind}", language)[:45], timeout=1800,
                         custom_id=f"araldo:nomic:propose:{game_id}")
        self.game_id, self.kind, self.rule, self.protector = game_id, kind, rule, protector
        self.title_in: discord.ui.TextInput[ProposeModal] = discord.ui.TextInput(
            label=t("nomic.ui.field.title", language)[:45], custom_id="title", max_length=32,
            required=kind == "enact")
        self.text_in: discord.ui.TextInput[ProposeModal] = discord.ui.TextInput(
            label=t("nomic.ui.field.text", language)[:45], custom_id="text", style=discord.TextStyle.paragraph,
            max_length=4000)
        self.add_item(self.title_in)
        self.add_item(self.text_in)
        self.title2: discord.ui.TextInput[ProposeModal] | None = None
        self.text2: discord.ui.TextInput[ProposeModal] | None = None
        if kind == "enact":
            self.title2 = discord.ui.TextInput(label=t("nomic.ui.field.title2", language)[:45], custom_id="title2",
                                               max_length=32, required=False)
            self.text2 = discord.ui.TextInput(label=t("nomic.ui.field.text2", language)[:45], custom_id="text2",
                                              style=discord.TextStyle.paragraph, max_length=4000, required=False)
            self.add_item(self.title2)
            self.add_item(self.text2)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        try:
            first: dict[str, Any] = {"kind": self.kind, "title": self.title_in.value, "text": self.text_in.value}
            if self.rule is not None:
                first["rule"] = self.rule
            if self.protector:
                first["protector"] = self.protector
            specs = [first]
            if self.title2 is not None and self.text2 is not None and self.text2.value.strip():
                specs.append({"kind": "enact", "title": self.title2.value, "text": self.text2.value})
            await play(interaction, self.game_id, {"type": "propose", "proposals": specs})
        except Exception as exc:
            await report(interaction, exc)


class RuleTextModal(discord.ui.Modal):
    def __init__(self, game_id: int, rule: int, language: str, current: str) -> None:
        super().__init__(title=t("nomic.ui.modal.rule_text", language, number=rule)[:45], timeout=1800,
                         custom_id=f"araldo:nomic:ruletext:{game_id}")
        self.game_id, self.rule = game_id, rule
        self.text: discord.ui.TextInput[RuleTextModal] = discord.ui.TextInput(
            label=t("nomic.ui.field.text", language)[:45], custom_id="text", style=discord.TextStyle.paragraph,
            max_length=4000, default=current[:4000])
        self.add_item(self.text)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        try:
            await play(interaction, self.game_id, {"type": "scribe_text", "rule": self.rule, "text": self.text.value})
        except Exception as exc:
            await report(interaction, exc)


# "1400. I Gladiatori": a number, a dot, a short title. List items inside a rule ("1) si confrontano
# ...", "2b) se differiscono ...") use a parenthesis or run long, so they stay text.
HEADER = re.compile(r"^\s*(\d{1,6})\.\s+(\S.{0,79}?)\s*$")


def parse_ruleset(text: str) -> list[dict[str, Any]]:
    """Pasted or uploaded pages: a line "1400. I Gladiatori" opens a rule, the lines after it are its text."""
    rules: list[dict[str, Any]] = []
    for line in text.splitlines():
        match = HEADER.match(line)
        if match:
            rules.append({"number": int(match[1]), "title": match[2][:200], "lines": []})
        elif rules:
            rules[-1]["lines"].append(line)
    out = [{"number": r["number"], "title": r["title"], "text": "\n".join(r["lines"]).strip()[:16000]}
           for r in rules]
    return [r for r in out if r["text"]]


class ImportModal(discord.ui.Modal):
    def __init__(self, game_id: int, language: str) -> None:
        super().__init__(title=t("nomic.ui.modal.import", language)[:45], timeout=1800,
                         custom_id=f"araldo:nomic:import:{game_id}")
        self.game_id = game_id
        self.text: discord.ui.TextInput[ImportModal] = discord.ui.TextInput(
            label=t("nomic.ui.field.pages", language)[:45], custom_id="pages", style=discord.TextStyle.paragraph,
            max_length=4000)
        self.add_item(self.text)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        try:
            await import_text(interaction, self.game_id, self.text.value)
        except Exception as exc:
            await report(interaction, exc)


async def import_text(interaction: discord.Interaction, game_id: int, text: str) -> None:
    rules = parse_ruleset(text)
    if not rules:
        raise RuleError("nomic.ui.import_empty")
    await play(interaction, game_id, {"type": "scribe_import", "rules": rules})


# ---- persistent buttons: admission, crown, quarantine offers ------------------------------------
class AdmitButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=r"araldo:nomic:admit:(?P<game>\d+):(?P<user>\d+):(?P<name>.{1,40})"):
    """Under a newcomer's request: the Scribe admits him (rule 4)."""

    def __init__(self, game_id: int, user: str, name: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or "✓", style=discord.ButtonStyle.success,
                                           custom_id=f"araldo:nomic:admit:{game_id}:{user}:{name[:40]}"))
        self.game_id, self.user, self.name = game_id, user, name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> AdmitButton:
        return cls(int(match["game"]), match["user"], match["name"], str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await play(interaction, self.game_id, {"type": "scribe_admit", "user": self.user, "name": self.name})
        except Exception as exc:
            await report(interaction, exc)


class ActButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                template=r"araldo:nomic:do:(?P<game>\d+):(?P<what>accept|refuse|surrender|buy)(?::(?P<arg>\d+))?"):
    """One-click actions of the private panel: accept or refuse the crown, give up the gladiators,
    buy a gladiator offered in quarantine."""

    def __init__(self, game_id: int, what: str, arg: int | None = None, label: str = "") -> None:
        suffix = f":{arg}" if arg is not None else ""
        style = discord.ButtonStyle.danger if what in ("refuse", "surrender") else discord.ButtonStyle.success
        super().__init__(discord.ui.Button(label=label or what, style=style,
                                           custom_id=f"araldo:nomic:do:{game_id}:{what}{suffix}"))
        self.game_id, self.what, self.arg = game_id, what, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActButton:
        arg = int(match["arg"]) if match["arg"] else None
        return cls(int(match["game"]), match["what"], arg, str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            actions: dict[str, dict[str, Any]] = {
                "accept": {"type": "king_answer", "accept": True}, "refuse": {"type": "king_answer", "accept": False},
                "surrender": {"type": "surrender"}, "buy": {"type": "quarantine_buy", "offer": self.arg},
            }
            action = actions[self.what]
            await play(interaction, self.game_id, action)
        except Exception as exc:
            await report(interaction, exc)


class LetterButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"araldo:nomic:letter:(?P<game>\d+):(?P<letter>\d+)"):
    """Open the vote panel of a letter."""

    def __init__(self, game_id: int, letter: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or f"#{letter}", style=discord.ButtonStyle.primary,
                                           custom_id=f"araldo:nomic:letter:{game_id}:{letter}"))
        self.game_id, self.letter = game_id, letter

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LetterButton:
        return cls(int(match["game"]), int(match["letter"]), str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await open_vote(interaction, self.game_id, self.letter)
        except Exception as exc:
            await report(interaction, exc)


class RulesPage(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                template=r"araldo:nomic:rules:(?P<game>\d+):(?P<page>\d+):(?P<search>.{0,60})"):
    """Previous / next page of the ruleset (the search travels in the button)."""

    def __init__(self, game_id: int, page: int, search: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or str(page), style=discord.ButtonStyle.secondary,
                                           custom_id=f"araldo:nomic:rules:{game_id}:{page}:{search[:60]}"))
        self.game_id, self.page, self.search = game_id, page, search

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RulesPage:
        return cls(int(match["game"]), int(match["page"]), match["search"], str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            _, state = await load(interaction, self.game_id)
            text, view = rules_answer(self.game_id, state, lang(interaction), self.search, self.page)
            await interaction.response.edit_message(content=text, view=view)
        except Exception as exc:
            await report(interaction, exc)


def rules_answer(game_id: int, state: NomicState, language: str, search: str | None,
                 page: int) -> tuple[str, discord.ui.View | None]:
    """A page of the ruleset with ◀ / ▶ buttons when there are more."""
    public = public_view(state)
    pages = rules_pages(public, search)
    page = max(1, min(page, pages))
    view = discord.ui.View(timeout=None)
    if page > 1:
        view.add_item(RulesPage(game_id, page - 1, search or "", "◀"))
    if page < pages:
        view.add_item(RulesPage(game_id, page + 1, search or "", "▶"))
    return rules_page(public, language, search, page), view if view.children else None


def private_panel(game_id: int, state: NomicState, user: str, language: str) -> tuple[str, discord.ui.View | None]:
    """What the player may do now, from legal_actions: buttons for one-click moves and letters to
    vote, the command for everything else."""
    options = get_game(KIND).legal_actions(state, user)
    types = sorted({o.type for o in options})  # type: ignore[attr-defined]
    view = discord.ui.View(timeout=None)
    me = my_view(state, user).me
    for letter in (me.to_vote if me else [])[:5]:
        view.add_item(LetterButton(game_id, letter, t("nomic.ui.vote_letter", language, letter=letter)))
    for o in options:
        kind = o.type  # type: ignore[attr-defined]
        if kind == "king_answer":
            what = "accept" if o.accept else "refuse"  # type: ignore[attr-defined]
            view.add_item(ActButton(game_id, what, None, t(f"nomic.ui.king_{what}", language)))
        elif kind == "surrender":
            view.add_item(ActButton(game_id, "surrender", None, t("nomic.ui.surrender", language)))
        elif kind == "quarantine_buy":
            offer = o.offer  # type: ignore[attr-defined]
            view.add_item(ActButton(game_id, "buy", offer, t("nomic.ui.buy_offer", language, offer=offer)))
    lines = [t("nomic.ui.panel_header", language, available=me.available if me else 0)]
    lines += [t(f"nomic.ui.hint.{kind}", language) for kind in types if has(f"nomic.ui.hint.{kind}", language)]
    if not types:
        lines.append(t("nomic.ui.nothing_now", language))
    children = view.children[:25]
    return "\n".join(lines), view if children else None

"""DecameroNomic's modals, buttons and panels: the proposal and Scribe modals, the private panel built
from legal_actions, the admission and crown buttons, the ruleset's pages (the vote panel is in
nomic_vote.py). No rules here: every click becomes an engine action."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.cogs.nomic.lawform import NewLawButton
from bot.cogs.nomic.play import KIND, load, my_view, play, public_view
from bot.cogs.nomic.text import rules_page, rules_pages
from bot.cogs.nomic.vote import LetterButton
from bot.errors import report
from bot.i18n import has, t
from bot.ui import lang
from engine.core import RuleError, get_game
from engine.nomic.models import NomicState

# ---- modals ------------------------------------------------------------------------------------
# Each modal's custom_id carries its whole context and its submit is played by the cog's listener
# (bot.ui.answer_modal): nothing is kept in memory, so a form opened before a restart still plays,
# and two players filling the same form at once each get their own.
PROTECTOR_MAX = 40  # a gladiator's name is at most 32 characters; a custom_id at most 100
PROPOSE = re.compile(r"araldo:nomic:propose:(?P<game>\d+):(?P<kind>[a-z]+):(?P<rule>\d*):"
                     rf"(?P<protector>.{{0,{PROTECTOR_MAX}}})")
RULE_TEXT = re.compile(r"araldo:nomic:ruletext:(?P<game>\d+):(?P<rule>\d+)")
IMPORT = re.compile(r"araldo:nomic:import:(?P<game>\d+)")


class ProposeModal(discord.ui.Modal):
    """Title and text of a proposal (and, for a new law, an optional second one in the same letter)."""

    def __init__(self, game_id: int, kind: str, rule: int | None, protector: str | None, language: str) -> None:
        if protector and len(protector) > PROTECTOR_MAX:
            raise RuleError("nomic.no_gladiator", name=protector[:PROTECTOR_MAX])
        super().__init__(title=t(f"nomic.ui.modal.{kind}", language)[:45],
                         custom_id=f"araldo:nomic:propose:{game_id}:{kind}:{'' if rule is None else rule}:"
                                   f"{protector or ''}")
        self.add_item(discord.ui.TextInput(label=t("nomic.ui.field.title", language)[:45], custom_id="title",
                                           max_length=32, required=kind == "enact"))
        self.add_item(discord.ui.TextInput(label=t("nomic.ui.field.text", language)[:45], custom_id="text",
                                           style=discord.TextStyle.paragraph, max_length=4000))
        if kind == "enact":
            self.add_item(discord.ui.TextInput(label=t("nomic.ui.field.title2", language)[:45], custom_id="title2",
                                               max_length=32, required=False))
            self.add_item(discord.ui.TextInput(label=t("nomic.ui.field.text2", language)[:45], custom_id="text2",
                                               style=discord.TextStyle.paragraph, max_length=4000, required=False))


async def proposed(interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]) -> None:
    first: dict[str, Any] = {"kind": match["kind"], "title": values.get("title", ""), "text": values.get("text", "")}
    if match["rule"]:
        first["rule"] = int(match["rule"])
    if match["protector"]:
        first["protector"] = match["protector"]
    specs = [first]
    if match["kind"] == "enact" and values.get("text2", "").strip():
        specs.append({"kind": "enact", "title": values.get("title2", ""), "text": values["text2"]})
    await play(interaction, int(match["game"]), {"type": "propose", "proposals": specs})


class RuleTextModal(discord.ui.Modal):
    def __init__(self, game_id: int, rule: int, language: str, current: str) -> None:
        super().__init__(title=t("nomic.ui.modal.rule_text", language, number=rule)[:45],
                         custom_id=f"araldo:nomic:ruletext:{game_id}:{rule}")
        self.add_item(discord.ui.TextInput(label=t("nomic.ui.field.text", language)[:45], custom_id="text",
                                           style=discord.TextStyle.paragraph, max_length=4000,
                                           default=current[:4000]))


async def rule_text_given(interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]) -> None:
    await play(interaction, int(match["game"]),
               {"type": "scribe_text", "rule": int(match["rule"]), "text": values.get("text", "")})


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
        super().__init__(title=t("nomic.ui.modal.import", language)[:45], custom_id=f"araldo:nomic:import:{game_id}")
        self.add_item(discord.ui.TextInput(label=t("nomic.ui.field.pages", language)[:45], custom_id="pages",
                                           style=discord.TextStyle.paragraph, max_length=4000))


async def pages_given(interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]) -> None:
    await import_text(interaction, int(match["game"]), values.get("pages", ""))


async def import_text(interaction: discord.Interaction, game_id: int, text: str) -> None:
    rules = parse_ruleset(text)
    if not rules:
        raise RuleError("nomic.ui.import_empty")
    await play(interaction, game_id, {"type": "scribe_import", "rules": rules})


MODALS = ((PROPOSE, proposed), (RULE_TEXT, rule_text_given), (IMPORT, pages_given))


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
            await play(interaction, self.game_id, {"type": "scribe_admit", "user": self.user, "name": self.name},
                       choice=self.item.label or self.name)
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
            await play(interaction, self.game_id, actions[self.what], choice=self.item.label or self.what)
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
    if "propose" in types:
        view.add_item(NewLawButton(game_id, t("nomic.ui.new_law", language)))
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

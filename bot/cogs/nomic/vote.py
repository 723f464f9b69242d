"""DecameroNomic's vote panel: a letter answered at once, a choice (and a rating, when polls run) for
each proposal, then Send. Opened by `/nomic vote` or a letter's button on the private panel."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.cogs.nomic.play import load, my_view, play
from bot.cogs.nomic.text import preview_lines, proposal_block
from bot.errors import report
from bot.i18n import t
from bot.ui import lang, send
from engine.core import RuleError
from engine.core.names import find_by_name
from engine.nomic.preview import preview
from engine.nomic.views import NomicView, ProposalView

MESSAGE_LIMIT = 2000  # Discord's, for the one message a vote panel is

CHOICES = ("for", "against", "abstain")
STYLE = {"for": discord.ButtonStyle.success, "against": discord.ButtonStyle.danger,
         "abstain": discord.ButtonStyle.secondary}


# ---- the vote panel ----------------------------------------------------------------------------
# The panel keeps nothing in memory: every custom_id carries the whole selection so far, so a panel
# opened before a restart still works (its items are DynamicItems registered by the cog).
#   araldo:nomic:v:<game>:<letter>:<marks>:<crown 0|1>:<what>:<champion>
# <marks> has two characters per proposal of the letter, in order: the choice (f, a, x, or - while
# unchosen) and the rating (1-9, t for 10, 0 for none). <what> is the item: c<i><choice> a choice
# button, k<i> a choice select, r<i> a rating select, s the Send button; <champion> the id of the
# gladiator named against a protector, if any. Well under 100 characters.
VOTE = r"araldo:nomic:v:(?P<game>\d+):(?P<letter>\d+):(?P<marks>(?:[-fax][0-9t]){1,10}):(?P<crown>[01]):"
CODE = {"for": "f", "against": "a", "abstain": "x"}
RATINGS = "0123456789t"


@dataclass
class Selection:
    """What a player has picked on a vote panel so far."""

    game_id: int
    letter: int
    choices: list[str | None]
    ratings: list[int | None]
    champion: str = ""  # a gladiator's id
    crown_pays: bool = False

    @classmethod
    def parse(cls, match: re.Match[str]) -> Selection:
        marks = match["marks"]
        choices = [next((c for c, k in CODE.items() if k == m), None) for m in marks[::2]]
        ratings = [RATINGS.index(r) or None for r in marks[1::2]]
        return cls(int(match["game"]), int(match["letter"]), choices, ratings, match["champion"],
                   match["crown"] == "1")

    def custom_id(self, what: str) -> str:
        marks = "".join(f"{CODE[c] if c else '-'}{RATINGS[r or 0]}" for c, r in zip(self.choices, self.ratings, strict=True))
        return f"araldo:nomic:v:{self.game_id}:{self.letter}:{marks}:{int(self.crown_pays)}:{what}:{self.champion}"


def vote_panel(sel: Selection, props: list[ProposalView], language: str, polls: bool) -> discord.ui.View:
    """Buttons (or a select, for longer letters) per proposal, ratings when polls run, and Send."""
    view = discord.ui.View(timeout=None)
    buttons = len(props) <= 2
    for i, p in enumerate(props[:4]):
        if buttons:
            for choice in CHOICES:
                view.add_item(VoteButton(sel.custom_id(f"c{i}{CODE[choice]}"),
                                         t(f"nomic.ui.choice.{choice}", language, id=p.id), STYLE[choice], i))
        else:
            options = [discord.SelectOption(label=t(f"nomic.ui.choice.{c}", language, id=p.id), value=c)
                       for c in CHOICES]
            view.add_item(VoteSelect(sel.custom_id(f"k{i}"), options, f"#{p.id}", i))
    if buttons and polls:
        for i, p in enumerate(props):
            options = [discord.SelectOption(label=str(n), value=str(n)) for n in range(1, 11)]
            view.add_item(VoteSelect(sel.custom_id(f"r{i}"), options, t("nomic.ui.rating", language, id=p.id), 2 + i))
    view.add_item(VoteButton(sel.custom_id("s"), t("nomic.ui.send_vote", language), discord.ButtonStyle.primary, 4))
    return view


def vote_summary(sel: Selection, props: list[ProposalView], language: str) -> str:
    lines = [t("nomic.ui.vote_header", language, letter=sel.letter)]
    for p, choice, rating in zip(props, sel.choices, sel.ratings, strict=True):
        mark = t(f"nomic.ui.choice.{choice}", language, id=p.id) if choice else t("nomic.ui.no_choice", language,
                                                                                  id=p.id)
        lines.append(f"{mark} — {p.title}" + (f" ★{rating}" if rating else ""))
    return "\n".join(lines)


async def letter_props(interaction: discord.Interaction, game_id: int, letter: int) -> tuple[list[ProposalView],
                                                                                               NomicView]:
    _, state = await load(interaction, game_id)
    view = my_view(state, str(interaction.user.id))
    props = [p for p in view.proposals if p.letter == letter and p.outcome == "pending"]
    if not props:
        raise RuleError("nomic.no_letter", letter=letter)
    return props, view


async def open_vote(interaction: discord.Interaction, game_id: int, letter: int, champion: str | None = None,
                    crown_pays: bool = False) -> None:
    language = lang(interaction)
    props, view = await letter_props(interaction, game_id, letter)
    current = view.me.my_ballots if view.me else {}
    champion_id = ""
    if champion and champion.strip():
        champion_id = find_by_name(champion, {g.id: g.name for g in view.gladiators}) or ""
        if not champion_id:
            raise RuleError("nomic.no_gladiator", name=champion)
    sel = Selection(game_id, letter, [current.get(p.id) for p in props], [None] * len(props), champion_id,
                    crown_pays)
    _, state = await load(interaction, game_id)
    await send(interaction, panel_text(letter_details(state, props, language), vote_summary(sel, props, language)),
               ephemeral=True, view=vote_panel(sel, props, language, "polls" in view.mechanics))


def letter_details(state: Any, props: list[ProposalView], language: str) -> str:
    """The letter's proposals in full and what each would do in force, a repeal too (tried by the engine
    on a copy of the state): the panel keeps them above the choices on every click."""
    details = "\n".join(proposal_block(p, language) for p in props)
    for p in props:
        details += "\n" + "\n".join(preview_lines(preview(state, p.id), language))
    return details


def panel_text(details: str, summary: str) -> str:
    """Details and choices in one message (a click edits it, which cannot add a second): the choices
    always whole, the details cut to fit."""
    room = MESSAGE_LIMIT - len(summary) - 3
    if len(details) > room:
        details = details[:max(0, room - 1)] + "…"
    return details + "\n\n" + summary


async def vote_click(interaction: discord.Interaction, custom_id: str, template: re.Pattern[str],
                     value: str | None) -> None:
    """A click on a vote panel: change the selection and redraw it, or send the whole letter."""
    match = template.fullmatch(custom_id)
    assert match is not None
    sel, what = Selection.parse(match), match["what"]
    language = lang(interaction)
    props, view = await letter_props(interaction, sel.game_id, sel.letter)
    if len(props) != len(sel.choices):  # a letter's proposals never change: a forged custom_id
        raise RuleError("nomic.no_letter", letter=sel.letter)
    if what == "s":
        await send_vote(interaction, sel, props, view)
        return
    i = int(what[1])
    if what[0] == "c":
        sel.choices[i] = next(c for c, k in CODE.items() if k == what[2])
    elif what[0] == "k" and value in CODE:
        sel.choices[i] = value
    elif what[0] == "r" and value and value.isdigit():
        sel.ratings[i] = int(value)
    _, state = await load(interaction, sel.game_id)
    # the click redraws the choices under the same proposals and previews, never the choices alone
    content = panel_text(letter_details(state, props, language), vote_summary(sel, props, language))
    await interaction.response.edit_message(content=content,
                                            view=vote_panel(sel, props, language, "polls" in view.mechanics))


async def send_vote(interaction: discord.Interaction, sel: Selection, props: list[ProposalView],
                    view: NomicView) -> None:
    if any(c is None for c in sel.choices):
        raise RuleError("nomic.whole_letter", proposals=[p.id for p in props])
    champion = next((g.name for g in view.gladiators if g.id == sel.champion), None) if sel.champion else None
    items = []
    for p, choice, rating in zip(props, sel.choices, sel.ratings, strict=True):
        item: dict[str, Any] = {"proposal": p.id, "choice": choice}
        if rating:
            item["rating"] = rating
        if choice == "against" and p.protector:
            if champion:
                item["champion"] = champion
            if sel.crown_pays:
                item["crown_pays"] = True
        items.append(item)
    await play(interaction, sel.game_id, {"type": "vote", "letter": sel.letter, "items": items})


class VoteButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                 template=VOTE + r"(?P<what>c\d[fax]|s):(?P<champion>(?:g\d{1,9})?)"):
    def __init__(self, custom_id: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label[:80] or None, style=style, row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> VoteButton:
        return cls(str(getattr(item, "custom_id", "")), str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await vote_click(interaction, self.item.custom_id or "", self.__discord_ui_compiled_template__, None)
        except Exception as exc:
            await report(interaction, exc)


class VoteSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                 template=VOTE + r"(?P<what>[kr]\d):(?P<champion>(?:g\d{1,9})?)"):
    def __init__(self, custom_id: str, options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id, options=options or [discord.SelectOption(label="-")],
                                           placeholder=placeholder[:150] or None, row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> VoteSelect:
        return cls(str(getattr(item, "custom_id", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            data: dict[str, Any] = dict(interaction.data or {})
            chosen = list(self.item.values) or [str(x) for x in data.get("values", [])]
            await vote_click(interaction, self.item.custom_id or "", self.__discord_ui_compiled_template__,
                             chosen[0] if chosen else None)
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

"""The law form: what a proposal changes in the game, picked from selects (the knobs and mechanics of
the rule being amended; for a new law, any part of the game), then its text in a modal, an
amendment's prefilled with the rule's current text. Every step carries its whole context in its
custom_id, so a form opened before a restart still works, and nobody types a knob's id."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.cogs.nomic.play import load, my_view, play, public_view
from bot.errors import report
from bot.i18n import t
from bot.ui import lang, send, send_modal
from engine.core import RuleError
from engine.core.names import find_by_name
from engine.nomic.ruleset import knobs, knobs_of, mechanics
from engine.nomic.views import NomicView, RuleView

#   araldo:nomic:pick:<game>:<kind>:<rule>:<gladiator id>:<add 0|1>          the change select
#   araldo:nomic:law:<game>:<kind>:<rule>:<gladiator id>:<add 0|1>:<change>  the text modal
# <change>: "" (text only), v.<knob>.<option>, n.<knob> (a number asked in the modal), on.<mechanic>,
# off.<mechanic>. Well under Discord's 100 characters.
CONTEXT = r"(?P<game>\d+):(?P<kind>enact|amend):(?P<rule>\d*):(?P<glad>(?:g\d{1,9})?):(?P<add>[01])"
LAW = re.compile(r"araldo:nomic:law:" + CONTEXT + r":(?P<change>[a-z0-9_.]{0,40})")


def context_id(prefix: str, game_id: int, kind: str, rule: int | None, glad: str, add: bool) -> str:
    return f"araldo:nomic:{prefix}:{game_id}:{kind}:{'' if rule is None else rule}:{glad}:{int(add)}"


def _rule(view: NomicView, number: int | None) -> RuleView | None:
    return next((r for r in view.rules if r.number == number), None) if number is not None else None


def options_for(view: NomicView, kind: str, rule: RuleView | None, language: str,
                mechanic: str | None = None) -> list[discord.SelectOption]:
    """What the proposal may change: an amendment, what its rule governs; a new law, first a part of
    the game (a mechanic), then that mechanic's knobs and switch."""
    out = [discord.SelectOption(label=t("nomic.ui.pick.text_only", language)[:100], value="t")]
    if kind == "enact" and mechanic is None:
        out += [discord.SelectOption(label=t(f"nomic.mechanic.{m}", language)[:100], value=f"m.{m}")
                for m in mechanics()]
        return out[:25]
    declared = {m for r in view.rules for m in r.mechanics}
    names = [mechanic] if mechanic else (rule.mechanics if rule else [])
    for m in names:
        for k in knobs_of(m):
            now = view.params.get(k.name, k.default)
            knob = t(f"nomic.knob.{k.name}", language)
            if k.options:
                out += [discord.SelectOption(label=f"{knob}: {t(f'nomic.variant.{o}', language)}"[:100],
                                             value=f"v.{k.name}.{o}") for o in k.options if o != now]
            else:
                out.append(discord.SelectOption(
                    label=t("nomic.ui.pick.number", language, knob=knob, now=now, low=k.min, high=k.max)[:100],
                    value=f"n.{k.name}"))
        switch = "off" if m in declared else "on"
        out.append(discord.SelectOption(label=t(f"nomic.ui.pick.{switch}", language,
                                                mechanic=t(f"nomic.mechanic.{m}", language))[:100],
                                        value=f"{switch}.{m}"))
    return out[:25]


class ChangePick(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                 template=r"araldo:nomic:pick:" + CONTEXT):
    """Step one of the law form: what the law changes in the game."""

    def __init__(self, custom_id: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id, options=options or [discord.SelectOption(label="-")],
                                           placeholder=placeholder[:150] or None))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChangePick:
        return cls(str(getattr(item, "custom_id", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            match = self.__discord_ui_compiled_template__.fullmatch(self.item.custom_id or "")
            assert match is not None
            data: dict[str, Any] = dict(interaction.data or {})
            chosen = (list(self.item.values) or [str(x) for x in data.get("values", [])] or ["t"])[0]
            await picked(interaction, match, chosen)
        except Exception as exc:
            await report(interaction, exc)


async def open_form(interaction: discord.Interaction, game_id: int, kind: str, rule: int | None,
                    protector: str | None, add: bool) -> None:
    """/nomic propose for a new law or an amendment: the change picker, or straight to the text when
    the amended rule governs nothing Araldo runs."""
    language = lang(interaction)
    _, state = await load(interaction, game_id)
    view = public_view(state)
    glad = ""
    if protector and protector.strip():
        glad = find_by_name(protector, {g.id: g.name for g in view.gladiators}) or ""
        if not glad:
            raise RuleError("nomic.no_gladiator", name=protector)
    target = _rule(view, rule)
    if kind == "amend" and target is None:
        raise RuleError("nomic.no_rule", number=rule or 0) if rule is not None else RuleError("nomic.rule_needed")
    if kind == "amend" and target is not None and not target.mechanics:
        await send_modal(interaction, LawModal(game_id, kind, target, glad, add, "", language))
        return
    pick = ChangePick(context_id("pick", game_id, kind, rule, glad, add), options_for(view, kind, target, language),
                      t("nomic.ui.pick.placeholder", language))
    panel = discord.ui.View(timeout=None)
    panel.add_item(pick)
    await send(interaction, t(f"nomic.ui.pick.header_{kind}", language, number=rule or 0), ephemeral=True, view=panel)


async def picked(interaction: discord.Interaction, match: re.Match[str], chosen: str) -> None:
    language = lang(interaction)
    game_id, kind, glad, add = int(match["game"]), match["kind"], match["glad"], match["add"] == "1"
    rule = int(match["rule"]) if match["rule"] else None
    _, state = await load(interaction, game_id)
    view = public_view(state)
    if chosen.startswith("m."):  # a new law: the knobs and switch of one part of the game
        pick = ChangePick(match.string, options_for(view, kind, None, language, chosen[2:]),
                          t("nomic.ui.pick.placeholder", language))
        panel = discord.ui.View(timeout=None)
        panel.add_item(pick)
        await interaction.response.edit_message(view=panel)
        return
    await send_modal(interaction, LawModal(game_id, kind, _rule(view, rule), glad, add,
                                           "" if chosen == "t" else chosen, language))


class LawModal(discord.ui.Modal):
    """Step two: the title and text (an amendment's prefilled), and the number a knob takes."""

    def __init__(self, game_id: int, kind: str, rule: RuleView | None, glad: str, add: bool, change: str,
                 language: str) -> None:
        number = rule.number if rule else None
        super().__init__(title=t(f"nomic.ui.modal.{kind}", language)[:45],
                         custom_id=f"{context_id('law', game_id, kind, number, glad, add)}:{change}")
        amend = kind == "amend" and rule is not None
        # the rule as its reader reads it: its English text for an English reader, when it has one
        english = language == "en" and rule is not None and bool(rule.text_en)
        title = (rule.title_en or rule.title) if english and rule else rule.title if rule else ""
        text = (rule.text_en or rule.text) if english and rule else rule.text if rule else ""
        self.add_item(discord.ui.TextInput(label=t("nomic.ui.field.title", language)[:45], custom_id="title",
                                           max_length=32, required=kind == "enact",
                                           default=title[:32] if amend else None))
        self.add_item(discord.ui.TextInput(label=t("nomic.ui.field.text", language)[:45], custom_id="text",
                                           style=discord.TextStyle.paragraph, max_length=4000,
                                           default=text[:4000] if amend else None))
        if change.startswith("n."):
            knob = knobs()[change[2:]]
            self.add_item(discord.ui.TextInput(
                label=t("nomic.ui.field.value", language, low=knob.min, high=knob.max)[:45], custom_id="value",
                max_length=8))


class NewLawButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"araldo:nomic:newlaw:(?P<game>\d+)"):
    """On the private panel: write a new law (the law form's first step)."""

    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label[:80] or "+", style=discord.ButtonStyle.primary,
                                           custom_id=f"araldo:nomic:newlaw:{game_id}", emoji="📜"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> NewLawButton:
        return cls(int(match["game"]), str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await open_form(interaction, self.game_id, "enact", None, None, False)
        except Exception as exc:
            await report(interaction, exc)


def change_of(code: str, values: dict[str, str]) -> dict[str, Any] | None:
    if not code:
        return None
    what, _, rest = code.partition(".")
    if what == "v":
        name, _, option = rest.partition(".")
        return {"set": {name: option}}
    if what == "n":
        raw = values.get("value", "").strip()
        if not raw.lstrip("-").isdigit():
            raise RuleError("nomic.ui.value_number")
        return {"set": {rest: int(raw)}}
    return {what: [rest]}


async def law_given(interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]) -> None:
    game_id = int(match["game"])
    _, state = await load(interaction, game_id)
    spec: dict[str, Any] = {"kind": match["kind"], "title": values.get("title", ""), "text": values.get("text", "")}
    if match["rule"]:
        spec["rule"] = int(match["rule"])
    if match["glad"]:
        spec["protector"] = next((g.name for g in state.gladiators if g.id == match["glad"]), match["glad"])
    change = change_of(match["change"], values)
    if change:
        spec["change"] = change
    action: dict[str, Any] = {"type": "propose", "proposals": [spec]}
    if match["add"] == "1":
        action["letter"] = own_letter(state, str(interaction.user.id))
    await play(interaction, game_id, action)


def own_letter(state: Any, user: str) -> int:
    """The player's latest letter of this Giornata (a proposal joins it)."""
    me = my_view(state, user)
    mine = [p.letter for p in me.proposals if p.author_id == user and p.giornata == me.giornata]
    if not mine:
        raise RuleError("nomic.ui.no_own_letter")
    return max(mine)

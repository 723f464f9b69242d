"""`/nomic scribe`: the Humble Scribe's desk (rule text, imports, numbering, knobs, corrections, rule
2100). A server moderator may act from it too: his act is filed as the Scribe's, with its reason."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.nomic import views as v
from bot.cogs.nomic.play import act_here, here, play, player_named, public_view
from bot.i18n import t
from bot.translator import L
from bot.ui import is_moderator, lang, send_modal
from engine.core import RuleError
from engine.nomic.ruleset import knobs


async def at_desk(interaction: discord.Interaction, action: dict[str, Any]) -> None:
    """A correction at the Scribe's desk: the Scribe's, or a server moderator's filed as the Scribe's
    act (its reason is public in the audit log either way)."""
    game_id, state = await here(interaction)
    actor = None
    if str(interaction.user.id) != state.scribe and await is_moderator(interaction):
        actor = state.scribe
    await play(interaction, game_id, action, actor=actor)


async def knob_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The knobs in the reader's words (the id travels as the value: nobody types it)."""
    language = lang(interaction)
    names = [(t(f"nomic.knob.{k}", language), k) for k in knobs()]
    return [app_commands.Choice(name=label[:100], value=k) for label, k in names
            if current.casefold() in label.casefold() or current.casefold() in k][:25]


async def knob_values(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """A variant's options in the reader's words, once the knob is chosen."""
    chosen = str(getattr(interaction.namespace, "name", "") or "")
    knob = knobs().get(chosen)
    if knob is None or not knob.options:
        return []
    language = lang(interaction)
    return [app_commands.Choice(name=t(f"nomic.variant.{o}", language)[:100], value=o) for o in knob.options]


def scribe_desk(scribe: app_commands.Group) -> type[commands.Cog]:
    """The Scribe's commands under `scribe` (the cog module builds its groups afresh at every load, so
    a reloaded extension registers each command once); the /nomic cog is built on this class."""

    class ScribeDesk(commands.Cog):

        # ---- the Scribe's desk -------------------------------------------------------------------------------
        @scribe.command(name=L("text", "cmd.nomic.scribe.text"), description=L("Write a rule's text",
                                                                               "cmd.nomic.scribe.text.desc"))
        @app_commands.rename(number=L("number", "opt.nomic.number"))
        @app_commands.describe(number=L("The rule's number", "opt.nomic.number.desc"))
        async def scribe_text(self, interaction: discord.Interaction, number: int) -> None:
            game_id, state = await here(interaction)
            if str(interaction.user.id) != state.scribe:
                raise RuleError("nomic.not_scribe", scribe=state.name_of(state.scribe))
            rule = next((r for r in public_view(state).rules if r.number == number), None)
            if rule is None:
                raise RuleError("nomic.no_rule", number=number)
            await send_modal(interaction, v.RuleTextModal(game_id, number, lang(interaction), rule.text))

        @scribe.command(name=L("import", "cmd.nomic.scribe.import"),
                        description=L("Import the group's ruleset (a file, or pasted pages)",
                                      "cmd.nomic.scribe.import.desc"))
        @app_commands.rename(file=L("file", "opt.nomic.file"))
        @app_commands.describe(file=L("A text file: '1400. Title' lines open each rule", "opt.nomic.file.desc"))
        async def scribe_import(self, interaction: discord.Interaction, file: discord.Attachment | None = None) -> None:
            game_id, _ = await here(interaction)
            if file is None:
                await send_modal(interaction, v.ImportModal(game_id, lang(interaction)))
                return
            if file.size > 400_000:
                raise RuleError("nomic.ui.import_empty")
            data = await file.read()
            await v.import_text(interaction, game_id, data.decode("utf-8", errors="replace"))

        @scribe.command(name=L("reorder", "cmd.nomic.scribe.reorder"),
                        description=L("Order the numbers of laws approved together", "cmd.nomic.scribe.reorder.desc"))
        @app_commands.rename(numbers=L("numbers", "opt.nomic.numbers"))
        @app_commands.describe(numbers=L("Their numbers in the order wanted, comma-separated", "opt.nomic.numbers.desc"))
        async def scribe_reorder(self, interaction: discord.Interaction, numbers: str) -> None:
            try:
                parsed = [int(x) for x in numbers.replace(";", ",").split(",") if x.strip()]
            except ValueError:
                raise RuleError("core.bad_action", detail="numbers") from None
            await act_here(interaction, {"type": "scribe_reorder", "numbers": parsed})

        @scribe.command(name=L("param", "cmd.nomic.scribe.param"), description=L("Set a number after an amendment",
                                                                                 "cmd.nomic.scribe.param.desc"))
        @app_commands.rename(name=L("name", "opt.nomic.param"), value=L("value", "opt.nomic.value"),
                             rule=L("rule", "opt.nomic.rule"))
        @app_commands.describe(name=L("The parameter", "opt.nomic.param.desc"), value=L("Its new value",
                                                                                          "opt.nomic.value.desc"),
                               rule=L("The amended or enacted rule that allows it", "opt.nomic.param_rule.desc"))
        @app_commands.autocomplete(name=knob_names, value=knob_values)
        async def scribe_param(self, interaction: discord.Interaction, name: str, value: str, rule: int) -> None:
            number = value.strip()
            await act_here(interaction, {"type": "scribe_param", "name": name, "rule": rule,
                                         "value": int(number) if number.lstrip("-").isdigit() else number})

        @scribe.command(name=L("adjust", "cmd.nomic.scribe.adjust"), description=L("Correct a treasure, with a reason",
                                                                                   "cmd.nomic.scribe.adjust.desc"))
        @app_commands.rename(player=L("player", "opt.nomic.player"), amount=L("amount", "opt.nomic.amount"),
                             reason=L("reason", "opt.nomic.reason"))
        @app_commands.describe(player=L("Whose treasure", "opt.nomic.whose.desc"),
                               amount=L("Nomica, negative to take", "opt.nomic.signed.desc"),
                               reason=L("Why", "opt.nomic.reason.desc"))
        async def scribe_adjust(self, interaction: discord.Interaction, player: str, amount: int, reason: str) -> None:
            await at_desk(interaction, {"type": "scribe_adjust", "player": player, "amount": amount, "reason": reason})

        @scribe.command(name=L("strike", "cmd.nomic.scribe.strike"), description=L(
            "Strike a law enacted by mistake, with a reason", "cmd.nomic.scribe.strike.desc"))
        @app_commands.rename(number=L("number", "opt.nomic.number"), reason=L("reason", "opt.nomic.reason"))
        @app_commands.describe(number=L("The rule's number", "opt.nomic.number.desc"),
                               reason=L("Why", "opt.nomic.reason.desc"))
        async def scribe_strike(self, interaction: discord.Interaction, number: int, reason: str) -> None:
            await at_desk(interaction, {"type": "scribe_strike", "rule": number, "reason": reason})

        @scribe.command(name=L("override", "cmd.nomic.scribe.override"), description=L(
            "Correct a result of the Giornata just closed, with a reason", "cmd.nomic.scribe.override.desc"))
        @app_commands.rename(proposal=L("proposal", "opt.nomic.proposal"), passed=L("passed", "opt.nomic.passed"),
                             reason=L("reason", "opt.nomic.reason"))
        @app_commands.describe(proposal=L("The proposal's number", "opt.nomic.proposal.desc"),
                               passed=L("Passed (yes) or rejected (no)", "opt.nomic.passed.desc"),
                               reason=L("Why", "opt.nomic.reason.desc"))
        async def scribe_override(self, interaction: discord.Interaction, proposal: int, passed: bool, reason: str) -> None:
            await at_desk(interaction, {"type": "scribe_override", "proposal": proposal, "passed": passed, "reason": reason})

        @scribe.command(name=L("release", "cmd.nomic.scribe.release"), description=L(
            "Rule 2100: let a held law take effect, or void it", "cmd.nomic.scribe.release.desc"))
        @app_commands.rename(proposal=L("proposal", "opt.nomic.proposal"), apply=L("apply", "opt.nomic.apply"),
                             reason=L("reason", "opt.nomic.reason"))
        @app_commands.describe(proposal=L("The proposal's number", "opt.nomic.proposal.desc"),
                               apply=L("Takes effect (yes) or void (no)", "opt.nomic.apply.desc"),
                               reason=L("Why", "opt.nomic.reason.desc"))
        async def scribe_release(self, interaction: discord.Interaction, proposal: int, apply: bool, reason: str) -> None:
            await at_desk(interaction, {"type": "scribe_release", "proposal": proposal, "apply": apply, "reason": reason})

        @scribe.command(name=L("hand", "cmd.nomic.scribe.hand"), description=L("Hand the Scribe's office on",
                                                                               "cmd.nomic.scribe.hand.desc"))
        @app_commands.rename(player=L("player", "opt.nomic.player"))
        @app_commands.describe(player=L("The new Scribe", "opt.nomic.new_scribe.desc"))
        async def scribe_hand(self, interaction: discord.Interaction, player: str) -> None:
            game_id, state = await here(interaction)
            actor = None
            if str(interaction.user.id) != state.scribe and await is_moderator(interaction):
                actor = state.scribe  # a server moderator reassigns the office: the hand-over is the Scribe's act
            await play(interaction, game_id, {"type": "scribe_hand", "to": player}, actor=actor)

        @scribe.command(name=L("retire", "cmd.nomic.scribe.retire"), description=L("Retire a decree a rule settled",
                                                                                   "cmd.nomic.scribe.retire.desc"))
        @app_commands.rename(decree=L("decree", "opt.nomic.decree"), rule=L("rule", "opt.nomic.rule"))
        @app_commands.describe(decree=L("The decree's number", "opt.nomic.decree.desc"),
                               rule=L("The rule that settled it", "opt.nomic.settling_rule.desc"))
        async def scribe_retire(self, interaction: discord.Interaction, decree: int, rule: int) -> None:
            await act_here(interaction, {"type": "scribe_retire_decree", "decree": decree, "rule": rule})

        @scribe.command(name=L("impossible", "cmd.nomic.scribe.impossible"),
                        description=L("Rule 2100: a player made the game impossible", "cmd.nomic.scribe.impossible.desc"))
        @app_commands.rename(player=L("player", "opt.nomic.player"), reason=L("reason", "opt.nomic.reason"))
        @app_commands.describe(player=L("Who did it (and wins)", "opt.nomic.culprit.desc"),
                               reason=L("Why", "opt.nomic.reason.desc"))
        async def scribe_impossible(self, interaction: discord.Interaction, player: str, reason: str) -> None:
            game_id, state = await here(interaction)
            player_named(state, player)
            await play(interaction, game_id, {"type": "scribe_impossible", "player": player, "reason": reason})

    return ScribeDesk

"""`/help` and the start's first steps, read by an Italian player and by Erin (en-US): the games and
commands come from the commands the bot registered, in the reader's language, with each game's
how-to; the first message of a game tells every player what to do first."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import catalog
from engine.core import all_games
from tests.e2e.transcript import problems

pytestmark = pytest.mark.e2e


async def test_help_lists_every_game_and_command_in_the_readers_language(emulator: Any, araldo: Any) -> None:
    alice, erin = emulator.user("alice"), emulator.add_user("erin", locale="en-US")
    overall = await emulator.slash(alice, "help")
    text = "\n".join(m.content for m in overall.messages)
    assert overall.ephemeral and "**Giochi**" in text and "**Per tutti i giochi**" in text
    for game in all_games().values():
        if game.meta.kind != "corsa":
            assert f"**{game.meta.name}**" in text
    # every command players type, by its Italian name, with its Italian description
    assert "`/game crea` — " in text and "`/mod annulla` — " in text and "`/aiuto` — " in text
    assert "`/spqr`" in text and "/game create" not in text
    english = "\n".join(m.content for m in (await emulator.slash(erin, "help")).messages)
    assert "**Games**" in english and "`/game create` — Create a game" in english and "`/help` — " in english
    assert "Giochi" not in english

    for kind in ("spqrisiko", "highfrontier"):
        for user, language in ((alice, "it"), (erin, "en")):
            shown = await emulator.slash(user, "help", game=kind)
            said = "\n".join(m.content for m in shown.messages)
            assert catalog(language)["core.help.howto"] in said and f"help.{kind}" not in said
    spqr = "\n".join(m.content for m in (await emulator.slash(alice, "help", game="spqrisiko")).messages)
    assert "/spqr rinforza" in spqr and "/spqr reinforce" not in spqr  # the how-to names commands as shown
    hf = "\n".join(m.content for m in (await emulator.slash(erin, "help", game="highfrontier")).messages)
    assert "`/hf report ledger` — " in hf and "/hf report turn-end" in hf  # subgroups' commands too
    assert "`/hf trade buy` — " in hf and "`/hf company board` — " in hf and "`/hf deal offer` — " in hf
    assert "`/hf money repay` — " in hf and "`/hf me` — " in hf
    hf_it = "\n".join(m.content for m in (await emulator.slash(alice, "help", game="highfrontier")).messages)
    assert "/hf borsa flotta" in hf_it and "/hf aziende consiglio" in hf_it and "/hf trade" not in hf_it
    assert problems(m for m in emulator.messages_seen(erin) if m.ephemeral) == []


async def test_the_start_tells_every_player_what_to_do_first(emulator: Any, araldo: Any) -> None:
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    created = await emulator.slash(alice, "game create", game="spqrisiko", settings="setup=random")
    for p in (bob, carol):
        await emulator.click(p, created, label="Partecipa")
    started = await emulator.slash(alice, "game start")
    row = await araldo.service.in_channel(str(emulator.general.id))
    state = araldo.service.load_state(row)
    first, *others = state.order
    assert f"<@{first}>, tocca a te: " in started.content and "Scadenza <t:" in started.content
    for pid in others:
        assert f"<@{pid}>, per ora tocca ad altri" in started.content
    assert "Come si gioca e tutti i comandi: /aiuto." in started.content
    assert "Il mio pannello" in started.message.button_labels


async def test_every_command_a_sentence_names_is_one_the_readers_client_shows(emulator: Any, araldo: Any) -> None:
    """Every catalog sentence (a panel's hint, a call, /help), in each language, names commands by the
    path its reader's client lists, read from the synced command tree: a sub-group whose catalog has
    an Italian name is registered with it ("/nomic gladiatore compra" exists for an Italian client, as
    the panel says), and no sentence names a group followed by a word that is none of its commands."""
    import re

    from bot.i18n import commands_in
    from tests.season.checks import DISCORD_LOCALE, command_paths

    mention = re.compile(r"(?<![\w/<:.&=?#-])/([a-zà-ÿ][\w-]*(?: [a-zà-ÿ][\w-]*){0,2})")
    wrong = []
    for lang in ("it", "en"):
        paths = command_paths(emulator.global_commands, DISCORD_LOCALE[lang])
        groups = {p for p in paths if any(q.startswith(p + " ") for q in paths)}
        tops = {p.split()[0] for p in paths}
        for key, template in catalog(lang).items():
            said = commands_in(template, lang)  # the names as t() gives them
            for found in mention.finditer(said):
                words = found.group(1).split()
                if words[0] not in tops:
                    continue
                known = next(n for n in range(len(words), 0, -1) if " ".join(words[:n]) in paths)
                if " ".join(words[:known]) in groups and known < len(words):
                    wrong.append(f"{lang} {key}: /{found.group(1)} (the client shows /{' '.join(words[:known])} "
                                 f"with none of its commands named {words[known]!r})")
    assert wrong == [], "\n".join(wrong)

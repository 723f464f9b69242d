"""Every sentence exists in Italian and English, with the same placeholders, and every key the
bot's code uses is in the catalogs."""

from __future__ import annotations

import re
import string
from pathlib import Path

from bot.i18n import GAME_LOCALES_DIRS, LOCALES_DIR, catalog, normalize, t

ROOT = Path(__file__).resolve().parents[2]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    it, en = catalog("it"), catalog("en")
    assert sorted(set(it) - set(en)) == []
    assert sorted(set(en) - set(it)) == []
    mismatched = [k for k in it if fields(it[k]) != fields(en[k])]
    assert mismatched == []


def test_every_catalog_file_exists_in_both_languages() -> None:
    for base in (LOCALES_DIR, *GAME_LOCALES_DIRS):
        it_files = {p.name for p in (base / "it").glob("*.po")}
        en_files = {p.name for p in (base / "en").glob("*.po")}
        assert it_files == en_files and it_files, base
    assert "core.po" in {p.name for p in (LOCALES_DIR / "it").glob("*.po")}


def test_every_game_cog_package_brings_its_own_catalogs() -> None:
    from engine.core.registry import BUILTIN_GAMES

    assert {d.parent.name for d in GAME_LOCALES_DIRS} == {m.rsplit(".", 1)[-1] for m in BUILTIN_GAMES}


def test_keys_used_by_the_bot_exist() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "bot").rglob("*.py"))
    used = set(re.findall(r'\bt\(\s*"([a-z_]+\.[a-z_.]+)"', source))
    used |= set(re.findall(r'L\(\s*"[^"]*",\s*"([^"]+)"\)', source))
    used |= set(re.findall(r'RuleError\(\s*"([a-z_]+\.[a-z_.]+)"', source))
    engine_core = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "core").rglob("*.py"))
    used |= set(re.findall(r'"(core\.[a-z_.]+)"', engine_core))
    it, en = catalog("it"), catalog("en")
    assert sorted(k for k in used if k not in it or k not in en) == []


def test_italian_command_names_are_valid_discord_names() -> None:
    it = catalog("it")
    names = {k: v for k, v in it.items() if k.startswith(("cmd.", "opt.")) and not k.endswith(".desc")}
    bad = {k: v for k, v in names.items() if not re.fullmatch(r"[-_\w]{1,32}", v) or v != v.lower()}
    assert bad == {}


def test_formatting_specs() -> None:
    assert t("core.mod.extended", "it", minutes=5, until="2026-11-21T08:00:00+00:00").endswith("<t:1795248000:F>.")
    assert normalize("en-US") == "en" and normalize("pt-BR") == "en" and normalize(None) == "it"
    assert t("no.such.key", "it") == "no.such.key"


def test_plural_messages_exist_in_both_languages_with_the_same_fields() -> None:
    from bot.i18n import plurals

    it, en = plurals("it"), plurals("en")
    assert sorted(it) == sorted(en) and it
    # a noun ("{n} legionari") has only its number; a whole sentence has the same fields in every form
    nouns = [k for k in it if ".n." in k]
    assert all(fields(f) == {"n"} for k in nouns for f in (*it[k].values(), *en[k].values()))
    assert all(len({frozenset(fields(f)) for f in (*it[k].values(), *en[k].values())}) == 1 for k in it)
    # every {x:#key} in a sentence names a plural entry
    used = {spec[1:] for cat in (catalog("it"), catalog("en")) for text in cat.values()
            for _, _, spec, _ in string.Formatter().parse(text) if spec and spec.startswith("#")}
    assert used and sorted(used - set(it)) == []


def test_plurals_follow_each_languages_rule() -> None:
    assert t("spqrisiko.victory", "it", player="Ada", points=1) == "Ada vince con 1 punto! Ave!"
    assert t("spqrisiko.victory", "it", player="Ada", points=12) == "Ada vince con 12 punti! Ave!"
    assert t("spqrisiko.victory", "en", player="Ada", points=1) == "Ada wins with 1 point! Ave!"
    assert "in 1 game" not in t("core.away_cleared", "en", games=1).replace("(1 game)", "")
    assert "(1 game)" in t("core.away_cleared", "en", games=1)
    assert "(2 partite)" in t("core.away_cleared", "it", games=2)
    assert "0 legionari " in t("spqrisiko.fortified", "it", player="A", count=0, **{"from": "X", "to": "Y"})


def test_money_in_each_locales_form() -> None:
    from bot.i18n import money

    assert money(1250, "it") == "12,50\xa0$" and money(1250, "en") == "$12.50"
    assert money(123456789, "it") == "1.234.567,89\xa0$" and money(-5, "en") == "-$0.05"
    assert t("impero.ui.chart", "it", turn=1, turns=8).startswith("Contanti")


def test_italian_a_before_a_name_takes_its_euphonic_d() -> None:
    """"Tocca ad Alice", "a Bob": a name (or a catalog word, `a@prefix`) after Italian "a"."""
    assert t("hf.turn", "it", player="Alice") == "Tocca ad Alice."
    assert t("hf.turn", "it", player="Bob") == "Tocca a Bob."
    assert t("hf.turn", "en", player="Alice") == "It is Alice's turn."
    assert "ad Asia" in t("log.spqrisiko.fortify", "it", count=3, from_province="Roma", to_province="Asia")


def test_the_verb_agrees_with_how_many_won() -> None:
    """A shared win reads "Vincono: Bob, Carol" / "Winners: Bob, Carol", never "Vince: Bob, Carol"."""
    assert t("core.ended", "it", winners=["Bob"]) == "Partita finita. Vince: Bob."
    assert t("core.ended", "it", winners=["Bob", "Carol"]) == "Partita finita. Vincono: Bob, Carol."
    assert t("core.ended", "it", winners=[]) == "Partita finita. Vince: nessuno."
    assert t("core.ended", "en", winners=["Bob", "Carol"]) == "Game over. Winners: Bob, Carol."
    assert t("core.ended", "en", winners=["Bob"]) == "Game over. Winner: Bob."
    assert "vincono Bob e Carol con" in t("impero.game_over", "it", winners=["Bob", "Carol"], turns=3, cash=100)
    assert "Bob and Carol win with" in t("impero.game_over", "en", winners=["Bob", "Carol"], turns=3, cash=100)
    assert t("impero.headline.finished", "it", winners=["Bob", "Carol"]) == "Impero è finita: vincono Bob e Carol."


PERSON = r"player|who|owner|author|winner|king|scribe|seller|buyer|attacker|defender|actor|by|president|receiver|sender"


def test_italian_sentences_about_a_player_do_not_guess_their_gender() -> None:
    """Araldo does not know whether Carol or Bob is playing: "Carol si è dichiarato assente" reads
    wrong for half the table. A sentence whose subject is a player uses no gendered participle."""
    gendered = re.compile(rf"(?<!di )\{{(?:{PERSON})(?::(?!a[}}@])[^}}]*)?\}}( non)?( si)? è (stat[oa] )?\w+(at|it|ut|s|t)[oa]\b")
    found = [f"{key}: {text}" for key, text in catalog("it").items() if gendered.search(text)]
    assert found == [], "\n".join(found)


def test_a_clock_time_in_a_help_text_names_its_zone() -> None:
    """Erin (en-US) read "A turn lasts until 09:00 or 21:00" with no zone: a fixed time of day a game's
    help gives says whose clock it is (a game's moments are otherwise Discord timestamps, shown in the
    reader's own zone)."""
    clock = re.compile(r"(?<![\w:=,])\d{1,2}:\d{2}(?![\w:])")
    for lang, zone in (("it", "ora di Roma"), ("en", "Rome time")):
        for key, text in catalog(lang).items():
            if key.startswith("help.") and clock.search(text):
                assert zone in text and "timezone" in text, (lang, key, text[:120])

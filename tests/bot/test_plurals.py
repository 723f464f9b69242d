"""Every plural entry of every catalog, the games' included, has a form for each plural category the
installed Babel (CLDR) gives its language, and reads as words for any count: whatever Babel a machine
resolved, no Italian or English plural goes missing."""

from __future__ import annotations

import logging
import string
from pathlib import Path

import pytest
from babel import Locale

from bot import i18n
from bot.i18n import LANGUAGES, catalog_problems, check_catalogs, plural_category, plural_form, plurals, t

COUNTS = (0, 1, 2, 5, 1_000_000)


def said(key: str, lang: str, n: int) -> str:
    """A count's noun as sentences use it (`{x:#key}`): the entry's form for n, filled with n."""
    return t(key, lang, n=n, count=n)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_entry_has_every_category_babel_gives_the_language(lang: str) -> None:
    categories = set(Locale.parse(lang).plural_form.tags) | {"other"}
    entries = plurals(lang)
    assert len(entries) >= 39
    lacking = {key: sorted(categories - set(forms)) for key, forms in entries.items() if categories - set(forms)}
    assert lacking == {}
    assert catalog_problems(lang) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_entry_reads_as_words_for_any_count(lang: str) -> None:
    for key, forms in plurals(lang).items():
        if any("{n:list}" in f or "{n:and}" in f for f in forms.values()):
            continue  # chosen by how many names it says (test_i18n.py, the verb agrees with how many won)
        names = set().union(*(_fields(f) for f in forms.values()))
        for n in COUNTS:
            params = {name: "Ada" for name in names} | {"n": n, "count": n}
            text = t(key, lang, **params)
            number = str(n) if str(n) in text else f"{n:,}".replace(",", "." if lang == "it" else ",")
            assert number in text, (key, n, text)
            words = text.replace(number, "").replace("Ada", "").strip()
            assert words and key not in text and any(c.isalpha() for c in words), (key, n, text)
            assert plural_form(key, lang, n) in forms.values()


def test_italian_counts_pick_their_cldr_form() -> None:
    # one for 1, other for 0, 2, 5; a million reads "di" where the installed Babel has Italian's "many"
    assert said("core.n.games", "it", 1) == "1 partita"
    assert said("core.n.games", "it", 0) == "0 partite" and said("core.n.games", "it", 5) == "5 partite"
    has_many = "many" in Locale.parse("it").plural_form.tags
    assert plural_category("it", 1_000_000) == ("many" if has_many else "other")
    assert said("core.n.games", "it", 1_000_000) == ("1000000 di partite" if has_many else "1000000 partite")
    assert said("core.n.games", "en", 1) == "1 game" and said("core.n.games", "en", 1_000_000) == "1000000 games"
    assert said("spqr.n.legionaries", "it", 3) == "3 legionari"


def test_a_catalog_short_of_forms_is_an_error_at_startup_and_reads_other(tmp_path: Path,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    for lang, header in (("it", "nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);"),
                         ("en", "nplurals=2; plural=(n != 1);")):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "short.po").write_text(
            f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: {lang}\\n"\n'
            f'"Plural-Forms: {header}\\n"\n\n'
            'msgid "test.n.apples"\nmsgid_plural "test.n.apples"\nmsgstr[0] "{n} mela"\nmsgstr[1] "{n} mele"\n',
            encoding="utf-8")
    i18n.add_locale_dir(tmp_path)
    try:
        with caplog.at_level(logging.ERROR, logger="bot.i18n"):
            assert check_catalogs() >= 1
        if "many" in Locale.parse("it").plural_form.tags:
            assert any("test.n.apples" in r.getMessage() and "it/" in r.getMessage() for r in caplog.records)
        # the entry is not dropped: every count still reads as a word, the short form standing in for `other`
        assert "test.n.apples" in plurals("it")
        assert said("test.n.apples", "it", 1) == "1 mela"
        assert said("test.n.apples", "it", 7) == "7 mele"
        assert said("test.n.apples", "it", 1_000_000) == "1000000 mele"
    finally:
        i18n._EXTRA_DIRS.remove(tmp_path)
        i18n.forget_catalogs()


def test_the_shipped_catalogs_start_without_an_error(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="bot.i18n"):
        assert check_catalogs() == 0
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []

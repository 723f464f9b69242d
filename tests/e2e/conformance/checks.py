"""What the conformance suite reads in every message: its language, and words where players read
words (no catalog key, id, Python repr, wrong plural or article; never a bare "Done.")."""

from __future__ import annotations

import re
from functools import lru_cache

from bot.i18n import catalog, plurals
from tests.e2e.transcript import CODE, readable, text_problems


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# words that only one of the two languages uses: a message's language is the side with more of them
ITALIAN = _words("""il lo la gli le di del dello della dei degli delle che è e ed un una uno per con non sono
tocca ha hai tuo tua tuoi tue suo sua turno partita scadenza giocatore giocatori fatto nel nella nei
dal dalla alla allo ai agli sul sulla questo questa quando anche ancora oppure ogni niente nessuno
tra fra già più come dove perché adesso pannello azione azioni regole registro pagina""")
ENGLISH = _words("""the of and to is you your with for not are turn game has have by at it its an from
on this that these those when also still or every nothing nobody none which who what where now
player players deadline done rules log page panel action actions must can will be been was were""")
WORD = re.compile(r"[a-zà-öø-ÿ']+")


def language_of(text: str) -> str | None:
    """"it", "en", or None when a text says too little to tell (a name, a number, an emoji)."""
    words = WORD.findall(readable(CODE.sub(" ", text)).lower())
    it = sum(w in ITALIAN for w in words)
    en = sum(w in ENGLISH for w in words)
    if it >= 2 and it > en:
        return "it"
    if en >= 2 and en > it:
        return "en"
    return None


def bare_done(text: str) -> bool:
    """A move answered with the platform's fallback alone ("Fatto." / "Done."), not in words."""
    return text.strip() in {catalog("it")["core.done"], catalog("en")["core.done"]}


@lru_cache(maxsize=1)
def catalog_keys() -> frozenset[str]:
    return frozenset(catalog("it")) | frozenset(catalog("en"))


KEYLIKE = re.compile(r"(?<![\w/.-])[a-z][a-z0-9_]*(?:\.[a-z0-9_-]+)+(?![\w/-])")
KEY_PREFIXES = ("game.", "core.", "log.", "cmd.", "opt.", "help.")
FILES = (".md", ".png", ".json", ".txt", ".po")
REPR = re.compile(r"\{'|\[\{|'\}|'\]|=None\b|: None\b|\(None\b|\[None\b|=True\b|=False\b|<\w+ object at")
STUTTER = re.compile(r"(?i)\b(\w[\w' ]{3,}:)\s+\1")
ENGLISH_ARTICLE = re.compile(r"\b[Aa] (?:[AEIOaeio]\w+)")
ITALIAN_A = re.compile(r"\b[Aa] (?:[Aa]\w+)")  # "tocca a Alice", "a Asia": Italian writes "ad Alice"
NOT_PLURAL = _words("is was has its as us plus bonus this thus status focus yes class less pass boss gas bus "
                       "news series species means vs "
                       "ends begins starts closes opens reigns")
ENGLISH_ONE = re.compile(r"(?<![\d.,])\b1 ([a-z]+s)\b")


@lru_cache(maxsize=2)
def plural_nouns(lang: str) -> frozenset[str]:
    """The plural nouns of the language's plural catalog entries ("{n} legionaries" -> legionaries)."""
    out = set()
    for forms in plurals(lang).values():
        match = re.search(r"\{n\}\s+([^\s{}]+)", forms["other"])
        if match:
            out.add(match.group(1).lower())
    return frozenset(out)


def wording_problems(text: str, lang: str | None) -> list[str]:
    """Keys, ids, reprs, unfilled fields and wrong plurals in one text (`lang`: its reader's)."""
    out = list(text_problems(text))
    words = readable(text)
    for match in KEYLIKE.finditer(words):
        token = match.group(0)
        if token in catalog_keys() or (token.startswith(KEY_PREFIXES) and not token.endswith(FILES)):
            out.append(f"a catalog key {token!r} in {text[:120]!r}")
    for match in REPR.finditer(text):
        out.append(f"a Python repr {match.group(0)!r} in {text[:120]!r}")
    for match in STUTTER.finditer(words):  # a game's sentence inside the platform's, both opening alike
        out.append(f"a repeated {match.group(1)!r} in {text[:120]!r}")
    for language in ("it", "en") if lang is None else (lang,):
        for noun in plural_nouns(language):
            if re.search(rf"(?<![\d.,])\b1 {re.escape(noun)}\b", words) and noun not in _singulars(language):
                out.append(f"a wrong plural '1 {noun}' in {text[:120]!r}")
    if lang == "en":
        for match in ENGLISH_ONE.finditer(words):
            if match.group(1) not in NOT_PLURAL and not match.group(1).endswith("ss"):
                out.append(f"a wrong plural {match.group(0)!r} in {text[:120]!r}")
        for match in ENGLISH_ARTICLE.finditer(words):
            out.append(f"a wrong article {match.group(0)!r} in {text[:120]!r}")
    if lang == "it":
        for match in ITALIAN_A.finditer(words):
            out.append(f"a missing euphonic d {match.group(0)!r} in {text[:120]!r}")
    return sorted(set(out))


@lru_cache(maxsize=2)
def _singulars(lang: str) -> frozenset[str]:
    """Nouns whose singular and plural are the same word ("1 città", "3 città")."""
    out = set()
    for forms in plurals(lang).values():
        one = re.search(r"\{n\}\s+([^\s{}]+)", forms.get("one", forms["other"]))
        if one:
            out.add(one.group(1).lower())
    return frozenset(out)

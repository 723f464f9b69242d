"""What the season harness reads in every message and every `/game log`, as pure functions (the
harness in tests/season/harness.py feeds them; tests/season/test_catches.py shows each one failing):

- a command named in a text must be one the reader's Discord client shows (its localized name);
- a sentence for an Italian reader holds no English word, and one for an English reader no Italian;
- an amount paid or received is never a bare number, a line break is never written out as `\\n`;
- a picture's file name says which game, version and picture it is;
- `/game log`'s new lines: one per change of the game, each in words, each saying who or what acted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tests.e2e.transcript import CODE, LINK, MENTION

DISCORD_LOCALE = {"it": "it", "en": "en-US"}


# ---- command names ---------------------------------------------------------------------------------
def _shown(item: dict[str, Any], locale: str) -> str:
    """A command's or option's name as a client of `locale` shows it."""
    return str((item.get("name_localizations") or {}).get(locale) or item["name"])


def command_paths(commands: Iterable[dict[str, Any]], locale: str) -> frozenset[str]:
    """Every `/top sub leaf` path a client of `locale` can type, from the synced command tree (the
    same tree `/help` reads)."""
    out: set[str] = set()
    for cmd in commands:
        if cmd.get("type", 1) != 1:
            continue
        top = _shown(cmd, locale)
        out.add(top)
        for opt in cmd.get("options") or []:
            if opt.get("type") not in (1, 2):
                continue
            sub = f"{top} {_shown(opt, locale)}"
            out.add(sub)
            for leaf in opt.get("options") or []:
                if leaf.get("type") == 1:
                    out.add(f"{sub} {_shown(leaf, locale)}")
    return frozenset(out)


# "/hf report ledger", «/galactica direction», "(/game rules": a slash not inside a word, path or link
COMMAND_IN_TEXT = re.compile(r"(?<![\w/<:.&=?#-])/([a-zà-ÿ][\w-]*(?: [a-zà-ÿ][\w-]*){0,2})")


def command_problems(text: str, reader: str, trees: dict[str, frozenset[str]]) -> list[str]:
    """Commands named in `text` that a client in the reader's language does not show under that
    name (`trees`: language -> paths). A text naming a command of no language is left alone."""
    mine = trees[reader]
    every = frozenset().union(*trees.values())
    out = []
    for match in COMMAND_IN_TEXT.finditer(LINK.sub(" ", text)):
        words = match.group(1).split()
        for n in range(len(words), 0, -1):
            path = " ".join(words[:n])
            if path in every:
                if path not in mine:
                    out.append(f"the command /{path} is not what a client in {reader} shows: {text[:120]!r}")
                break
    return out


# ---- the wrong language ----------------------------------------------------------------------------
# words one language's sentences use and the other's never do: one is enough to tell a sentence (or a
# piece of one) was left in the wrong language
ONLY_ENGLISH = frozenset(["the", "and", "you", "your", "with", "is", "are", "has", "have", "must", "will", "this", "that", "which", "what", "who", "now", "deadline", "player", "players", "turn", "game", "orders", "phase", "move", "moves", "their", "there", "were", "been", "would", "should"])
ONLY_ITALIAN = frozenset(["il", "della", "delle", "degli", "dello", "che", "è", "tocca", "turno", "partita", "scadenza", "giocatore", "giocatori", "ordini", "mossa", "mosse", "fase", "sono", "hanno", "deve", "devono", "questo", "questa", "nessuno"])
WORD = re.compile(r"[A-Za-zÀ-ÿ']+")
COMMAND_OR_SETTING = re.compile(r"/[a-zà-ÿ][\w-]*(?: [a-zà-ÿ][\w-]*){0,2}|\b\w+=\S+|\*\*[^*]+\*\*")


def foreign_words(text: str, reader: str, names: Iterable[str] = ()) -> list[str]:
    """Words of the other language in a text meant for `reader` ("it" or "en"): names (players,
    companies, places, titles a player typed), code, links, mentions and bold names are set aside."""
    for pattern in (CODE, LINK, MENTION, COMMAND_OR_SETTING):
        text = pattern.sub(" ", text)
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    other = ONLY_ENGLISH if reader == "it" else ONLY_ITALIAN
    found = sorted({w for w in WORD.findall(text) if w.lower() in other and w[:1].islower()})
    return [f"{', '.join(found)} in a text for a reader of {reader}"] if found else []


# ---- numbers ---------------------------------------------------------------------------------------
# an amount paid, received or spent said as a bare number: "paga 300." / "receives 5,"
BARE_AMOUNT = re.compile(r"(?i)\b(?:paga|pagano|riceve|ricevono|incassa|incassano|spende|spendono|versa|pays|pay|"
                         r"receives|receive|earns|spends|gets)\s+\d[\d.,\u202f\xa0]*(?=\s*(?:[.;,)\n]|$))")


def number_problems(text: str) -> list[str]:
    plain = MENTION.sub(" ", CODE.sub(" ", text))
    return [f"a number without its noun {m.group(0)!r} in {text[:120]!r}" for m in BARE_AMOUNT.finditer(plain)]


# a line break written out instead of made: "…prima di:\n`#20`"
STRAY_BREAK = re.compile(r"\\(?:n|\n|$)")


def stray_problems(text: str) -> list[str]:
    plain = CODE.sub(" ", text)
    return [f"a literal line break {m.group(0)!r} in {text[:120]!r}" for m in STRAY_BREAK.finditer(plain)]


# "ha annullato 1 voce; la partita riprende da prima di:" then two `#` lines: the count is what is listed
UNDO_COUNT = re.compile(r"(?:ha annullato |undid |Da annullare \(|To be undone \()(\d+) ")


def undo_count_problems(text: str) -> list[str]:
    """An undo's notice (or preview) says as many entries as it lists."""
    said = UNDO_COUNT.search(text)
    if said is None:
        return []
    listed = sum(1 for line in text.split("\n") if line.startswith("`#"))
    if listed and int(said.group(1)) != listed:
        return [f"the undo says {said.group(1)} entries and lists {listed}: {text[:200]!r}"]
    return []


# ---- pictures --------------------------------------------------------------------------------------
PICTURE_NAME = re.compile(r"^(?P<kind>[a-z]+)-(?P<game>\d+)-v(?P<version>\d+)-(?P<what>[\w-]+)\.png$")


@dataclass(frozen=True)
class Claim:
    """What a picture's file name says it shows."""

    kind: str
    game: int
    version: int
    what: str


def picture_claim(filename: str) -> Claim | None:
    found = PICTURE_NAME.match(filename)
    if found is None:
        return None
    return Claim(found["kind"], int(found["game"]), int(found["version"]), found["what"])


# ---- /game log -------------------------------------------------------------------------------------
ENTRY = re.compile(r"^`#(\d+)`")
RAW = re.compile(r"— `[a-z_]+`")


def log_entries(text: str) -> list[str]:
    """The entries of a `/game log` answer (its title left out): the lines that open with `#n`."""
    return [line for line in text.split("\n") if ENTRY.match(line)]


def log_problems(before: list[str], after: list[str], changes: int, private: str, actors: Iterable[str],
                 page: int = 10) -> list[str]:
    """`/game log` (page 1) after `changes` changes of the game since `before` was read: a new line for
    each (up to a page), newest first, in words, each naming who or what acted (`actors`: the words that
    may name one: players' bold names, mentions, the catalog's words for the deadline, the autopilot,
    orders, a moderator); a moderator's entry (an undo and its notes) is never only "private move"
    (`private`): everyone saw the moves it took back."""
    out = []
    seqs = [int(m.group(1)) for line in after if (m := ENTRY.match(line))]
    if seqs != sorted(seqs, reverse=True):
        out.append(f"/game log is not newest first: {seqs}")
    new = [line for line in after if line not in before]
    if len(new) < min(changes, page):
        out.append(f"{changes} change(s) of the game and {len(new)} new line(s) in /game log: {new[:3]}")
    names = [a for a in actors if a]
    for line in new:
        if RAW.search(line):
            out.append(f"a /game log line not in words: {line[:120]!r}")
        if not any(a in line for a in names):
            out.append(f"a /game log line that says nobody acted: {line[:120]!r}")
        if "🛡️" in line and private in line:
            out.append(f"a moderator's entry reads only {private!r} in /game log: {line[:120]!r}")
    return out

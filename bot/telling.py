"""A game's moves in words: what `/game log`, `/mod undo`'s preview and the panels say a move was.
Each game's cog registers the names its ids stand for, so no log shows a snake_case id."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from bot.i18n import has, t
from bot.storage.models import ActionRow, GameRow
from engine.core import GameState, get_game
from engine.core.draw import DRAW_REASON
from engine.core.moderation import CALL_KEYS, DEADLINE_ACTOR

# kind -> the words a game's own ids stand for (provinces, seas, companies...) in a language: each
# game's cog registers its own, so /game log reads "Gallia Cisalpina", never "gallia_cisalpina"
GameNames = Callable[[GameState, str], dict[str, str]]
LOG_NAMES: dict[str, GameNames] = {}


def where_it_stands(kind: str, state: GameState, lang: str) -> str:
    """The game's headline in words; once it is over, how it ended, with who won, said once (a game's
    own "the game is over" headline followed by "Game over. Winner: ..." said the end twice)."""
    game = get_game(kind)
    headline = game.headline(state)
    if state.status == "finished":
        if state.end_reason == DRAW_REASON:  # those who shared it, as the channel was told
            return t("core.ended_draw", lang, players=[state.name_of(p) for p in game.in_play(state)])
        if headline.key == "core.headline.finished":  # a game whose own ending says no more than "over"
            return t("core.ended", lang, winners=[state.name_of(w) for w in state.winners])
    return t(headline.key, lang, **headline.params)


def register_log_names(kind: str, names: GameNames) -> None:
    LOG_NAMES[kind] = names


def _named(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_named(v, names) for v in value]
    if isinstance(value, dict):  # {player or thing: amount} -> "Anna 2, Bob 1", empty entries left out
        return ", ".join(f"{names.get(str(k), k)} {v}" for k, v in value.items() if v not in (None, 0, False, ""))
    return value


def describe_action(kind: str, action: dict[str, Any], names: dict[str, str], language: str) -> str:
    """A log entry in words: `log.<game>.<type>` (or `log.core.<type>`) if the catalogs have it,
    else the raw action. Player ids among the values become names."""
    # "seen": sentences an engine wrote (what an undone move had shown), said as they are
    params = {k: v if k == "seen" else _named(v, names) for k, v in action.items() if k != "type"}
    params = {k: "-" if v is None or v == "" else v for k, v in params.items()}  # never "None" in a sentence
    kind_of = action.get("type", "?")
    for key in (f"log.{kind}.{kind_of}", f"log.core.{kind_of}"):
        if has(key, language):
            return t(key, language, **params)
    args = " ".join(f"{k}={v}" for k, v in params.items() if v is not None)
    return f"`{kind_of}` {args}".strip()


def readable(kind: str, rows: list[ActionRow], viewer: str | None, finished: bool = False) -> list[ActionRow]:
    """The log rows that are a line for `viewer`: an undo's note of what another player saw is theirs
    alone (not a move of anyone's), so it is no line, and no entry counted, for the others (until the
    game is finished and tells everything, as `described_moves` does)."""
    game = get_game(kind)
    out = []
    for r in rows:
        action = json.loads(r.action_json)
        if action.get("type") == "mod_revealed" and viewer is not None \
                and not game.log_visible(action, r.actor, viewer, finished):
            continue
        out.append(r)
    return out


TABLE_KEY = "web"  # a move from the web page: its idempotency key starts so (Discord's ids are digits)


def table_key(game_id: int, version: int, player: str, form: str) -> str:
    """The idempotency key of a player's move from their page drawn at `version`: the same form with
    the same inputs (`form`) sent twice (a double click, a retry) applies once; another form of that
    page is another move (refused, the game having moved on). Fits the log's 32 letters."""
    digest = hashlib.sha256(f"{game_id}:{version}:{player}:{form}".encode()).hexdigest()
    return TABLE_KEY + digest[:32 - len(TABLE_KEY)]


def is_from_table(interaction_id: str | None) -> bool:
    return bool(interaction_id) and str(interaction_id).startswith(TABLE_KEY)


TOLD_CHARS = 900  # one deadline's line at most (a season's big deadline tells a lot)


def told_words(action: dict[str, Any], language: str) -> str:
    """A deadline's log line, the same for every reader: what it told the whole table, on one line, as the
    channel read it. Its private notices (a reminder, "your turn timed out", an offer's end told to its two
    parties) were DMs: their reader has them there, the others may not read them, so no line says them;
    nor the calls to act (who must move next, addressed to them, not what changed), which rows written
    before calls were left out still hold. A deadline that told nobody publicly says only that it acted:
    that it reminded the players it awaits (its DMs were all reminders), or told the players concerned."""
    events = [e for e in action.get("events") or [] if e.get("key") not in CALL_KEYS]
    public = [e for e in events if e.get("to") is None]
    if not events:
        return t("log.core.mod_told", language)
    if not public:
        reminded = all(e.get("notify") == "reminder" for e in events)
        return t("log.core.mod_told_reminded" if reminded else "log.core.mod_told_private", language)
    line = " · ".join(" ".join(t(e["key"], language, **(e.get("params") or {})).split()) for e in public)
    return line if len(line) <= TOLD_CHARS else line[:TOLD_CHARS - 1] + "…"


async def described_rows(svc: Any, row: GameRow, rows: list[ActionRow], language: str,
                         viewer: str | None = None, stamped: bool = False) -> list[str | None]:
    """Log rows in words: "`#12` **Bob** — reinforces Gallia with 3 legionaries" (a move the viewer may
    not see, such as an Impero transfer, says only that it is private), one entry per row: None where the
    row is no line for the viewer (`readable`), so a caller can keep lines and log rows aligned."""
    seats = {s.user_id: s.display_name for s in await svc.seats(row.id)}
    names = dict(seats)
    if row.kind in LOG_NAMES and row.snapshot_json is not None:
        names = {**LOG_NAMES[row.kind](svc.load_state(row), language), **seats}
    game = get_game(row.kind)
    finished = row.status == "finished"  # its secret moves are told, its standing orders still not
    out: list[str | None] = []
    for r in rows:
        action = json.loads(r.action_json)
        visible = viewer is None or game.log_visible(action, r.actor, viewer, finished)
        if action.get("type") == "mod_revealed" and not visible:
            out.append(None)  # an undo's note of what someone else had seen: theirs, not a move of anyone's
            continue
        if r.actor == DEADLINE_ACTOR:  # what a deadline did, in the words the table was told
            who, mod, what = t("core.log_deadline", language), "", told_words(action, language)
        else:
            who = f"**{seats[r.actor]}**" if r.actor in seats else f"<@{r.actor}>"  # a moderator off the table
            mod = " 🛡️" if r.moderator else ""
            if is_from_table(r.interaction_id):  # how the move came: the player's web page
                mod += f" {t('core.log_from_table', language)}"
            what = describe_action(row.kind, action, names, language) if visible else t("core.log_private", language)
        when = f" <t:{int(r.at.timestamp())}:f>" if stamped else ""
        out.append(f"`#{r.seq}`{when} {who}{mod} — {what}")
    return out


async def described_moves(svc: Any, row: GameRow, rows: list[ActionRow], language: str,
                          viewer: str | None = None, stamped: bool = False) -> list[str]:
    """The lines of `described_rows`, without the rows that are none for the viewer."""
    return [line for line in await described_rows(svc, row, rows, language, viewer, stamped) if line is not None]

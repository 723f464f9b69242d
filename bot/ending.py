"""The summary a game's channel gets when the game ends, however it ended (its rules, a draw, the
last concession, a moderator): the standing, the game's own score, how many days and moves, who
missed the most deadlines and whose dice were luckiest (from the players' record), the final board,
the link to the game's whole history on the web. A thread-based game's thread is archived after it.

The row is planned beside the game's first finished record (bot/record/rebuild.py), in that record's
transaction: the numbers the summary reads are there when it is written, and an ending recorded at
the next start (the bot stopped first) is told then. It goes out through the outbox (bot/notifier.py)
like every announcement, so a restart never loses it."""

from __future__ import annotations

import asyncio
import math
from datetime import UTC, datetime
from typing import Any

from babel.numbers import format_decimal
from sqlalchemy import Connection, func, select

from bot.gamestore import insert_outbox
from bot.i18n import game_name, t
from bot.letters import COMPOSER, Letter, state_or_none
from bot.pictures import board_png, chunks
from bot.record.store import G, R
from bot.storage.models import ActionRow, GameRow, OutboxRow, loaded
from engine.core import GameState, get_game

ENDING = "ending"  # the outbox row's kind
_GAME = GameRow.__table__  # type: ignore[attr-defined]
_LOG = ActionRow.__table__  # type: ignore[attr-defined]
NUMBERS = {"it": "it_IT", "en": "en_US"}  # how each language writes a decimal (1,3 / 1.3)
HOW = ("draw", "concession", "moderator")  # end reasons the summary names (a game's own are told by its rules)


def plan_ending(conn: Connection, game_id: int) -> None:
    """The ending's outbox row, written in the transaction of the game's first finished record."""
    now = datetime.now(UTC)  # delivery runs on real time, whatever clock the games run on
    game = conn.execute(select(_GAME.c.guild_id, _GAME.c.channel_id).where(_GAME.c.id == game_id)).first()
    if game is None:
        return
    insert_outbox(conn, [loaded(OutboxRow, {
        "id": None, "game_id": game_id, "guild_id": game.guild_id, "channel_id": game.channel_id, "what": ENDING,
        "recipient": None, "payload_json": "{}", "created_at": now, "next_at": now, "attempts": 0,
        "sent_at": None, "error": None})])


def ending_facts(conn: Connection, game_id: int) -> dict[str, Any]:
    """What the summary reads from the record and the log: the game's span, and each player's moves,
    missed deadlines and dice luck in it."""
    span = conn.execute(select(G.c.started_at, G.c.finished_at).where(G.c.game_id == game_id,
                                                                        G.c.running.is_(False))).first()
    players = [dict(r._mapping) for r in conn.execute(
        select(R.c.user_id, R.c.name, R.c.moves, R.c.missed, R.c.luck_rolls, R.c.luck_expected, R.c.luck_actual)
        .where(R.c.game_id == game_id, R.c.running.is_(False)).order_by(R.c.user_id))]
    moves = conn.execute(select(func.count()).select_from(_LOG).where(_LOG.c.game_id == game_id,
                                                                        _LOG.c.moderator.is_(False))).scalar()
    seconds = (span.finished_at - span.started_at).total_seconds() if span is not None else 0.0
    return {"days": max(1, math.ceil(seconds / 86400)), "moves": int(moves or 0), "players": players}


def ending_letter(game: GameRow, state: GameState, facts: dict[str, Any], link: str | None, lang: str) -> Letter:
    """The summary's text and the final board (in the sender's worker thread: drawing is slow)."""
    spec = get_game(game.kind)
    lines = [t("core.summary.title", lang, game=game_name(game.kind, lang), id=game.id, days=facts["days"],
               moves=facts["moves"])]
    if state.end_reason in HOW:
        lines.append(t(f"core.summary.how.{state.end_reason}", lang))
    lines.append(t("core.summary.standing", lang))
    scores = spec.final_scores(state) if spec.score_format else {}
    place = 1
    for group in spec.ranking(state):
        names = [state.name_of(p) + (" " + t("core.summary.conceded", lang) if p in state.conceded else "")
                 for p in group]
        shown = {scores[p] for p in group if p in scores}
        if len(shown) == 1:
            score = t(f"core.summary.score.{spec.score_format}", lang, score=shown.pop())
            lines.append(t("core.summary.place_score", lang, place=place, players=names, score=score))
        else:
            lines.append(t("core.summary.place", lang, place=place, players=names))
        place += len(group)
    lines += conduct_lines(facts["players"], lang)
    if link:
        lines.append(t("core.summary.history", lang, url=link))
    file = board_png(game, state, None, lang=lang)
    letter = Letter()
    for chunk in chunks("\n".join(lines)):
        letter.posts.append((chunk, None))
    letter.posts[-1] = (letter.posts[-1][0], file)
    return letter


def conduct_lines(players: list[dict[str, Any]], lang: str) -> list[str]:
    """Who missed the most deadlines (ties: the first by id), whose dice beat their odds the most."""
    lines = []
    missed = max(players, key=lambda p: p["missed"], default=None)
    if missed is not None and missed["missed"]:
        lines.append(t("core.summary.missed", lang, player=missed["name"], missed=missed["missed"]))
    elif players:
        lines.append(t("core.summary.none_missed", lang))
    rolled = [p for p in players if p["luck_rolls"]]
    lucky = max(rolled, key=lambda p: p["luck_actual"] - p["luck_expected"], default=None)
    if lucky is not None:
        lines.append(t("core.summary.luckiest", lang, player=lucky["name"], actual=round(lucky["luck_actual"]),
                       expected=format_decimal(round(lucky["luck_expected"], 1), locale=NUMBERS.get(lang, "en_US")),
                       rolls=lucky["luck_rolls"]))
    return lines


async def send_ending(notifier: Any, game: GameRow, r: OutboxRow, lang: str) -> None:
    """Deliver an ending row (the outbox's sender calls it): the summary, then the thread archived."""
    assert game.id is not None
    gid = game.id
    facts = await notifier.service.db.run(lambda c: ending_facts(c, gid), write=False)
    link = notifier.public_link(gid) if notifier.public_link is not None else None

    def write() -> Letter | None:
        state = state_or_none(game)
        return ending_letter(game, state, facts, link, lang) if state is not None else None
    letter = await asyncio.get_running_loop().run_in_executor(COMPOSER, write)
    for i, (text, file) in enumerate(letter.posts if letter is not None else []):
        await notifier.messenger.post(r.channel_id, text, file, nonce=f"a{r.id}.{i}")
    if game.is_thread:
        await notifier.messenger.archive_thread(r.channel_id)

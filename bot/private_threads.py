"""Each player's private thread of a game (the `private_threads` setting) and the panel message in it,
kept at the game's current version by the outbox's "panels" rows: the sender (bot/notifier.py) calls
in with itself and its pass, as it does for an ending (bot/ending.py)."""

from __future__ import annotations

from typing import Any

from sqlmodel import select

from bot.i18n import dm_language, t
from bot.letters import PANEL_KINDS, private_text, state_or_none
from bot.storage.models import GameRow, OutboxRow, PrivateThread
from engine.core import get_game


async def keep_private_panels(notifier: Any, game: GameRow, r: OutboxRow, ctx: Any) -> None:
    """Each player's private thread and its panel message, brought to the game's current version.
    Threads are opened on the first row (the game's start); a refused thread (no permission to
    create private threads) is said once in the channel and never asked again."""
    state = state_or_none(game)
    if state is None or game.id is None:
        return
    async with notifier.service.db.sessions() as s:
        known = {p.user_id: p for p in (await s.execute(
            select(PrivateThread).where(PrivateThread.game_id == game.id))).scalars()}
    if known and all(p.thread_id is None for p in known.values()):
        return  # refused at the start: the game goes on without them
    languages = await notifier.service.user_languages({p.id for p in state.players})
    server = ctx.configs[r.guild_id].locale
    name = get_game(game.kind).meta.name
    for i, player in enumerate(state.players):
        chosen, seen = languages.get(player.id, (None, None))
        lang = dm_language(chosen, seen, server, notifier.service.default_locale)
        mine = known.get(player.id) or PrivateThread(game_id=game.id, user_id=player.id)
        if mine.thread_id is None:
            thread = await notifier.messenger.open_private_thread(r.channel_id, player.id, f"{name} — {player.name}")
            if thread is None:
                channel = await notifier.language(r.guild_id, None, ctx)
                await notifier.messenger.post(r.channel_id, t("core.private_threads_refused", channel),
                                          nonce=f"a{r.id}.t")
                await _save_threads(notifier, [PrivateThread(game_id=game.id, user_id=p.id) for p in state.players])
                return
            mine.thread_id = thread
            await _save_threads(notifier, [mine])  # saved at once: a retry must not open a second thread
        text = private_text(game.kind, state, player.id, lang)
        if notifier.private_link is not None:
            line = t("web.links.thread", lang, url=f"<{await notifier.private_link(game.id, player.id)}>")
            text = f"{text}\n{line}" if len(text) + len(line) < 1990 else text
        message = await notifier.messenger.keep_panel(
            mine.thread_id, text, mine.message_id,
            game.id if game.kind in PANEL_KINDS else None, t("core.button.panel", lang), nonce=f"a{r.id}.p{i}")
        if message != mine.message_id:
            mine.message_id = message
            await _save_threads(notifier, [mine])

async def _save_threads(notifier: Any, rows: list[PrivateThread]) -> None:
    async with notifier.service.db.transaction() as s:
        for row in rows:
            await s.merge(row)

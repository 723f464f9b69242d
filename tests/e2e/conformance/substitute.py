"""The substitute promise in the conformance suite (docs/substitutes.md): in mid-game, a seat offered
by a moderator passes to a volunteer with everything it holds. Carol (not at the table) asks for
Bob's seat by the ad's button and a moderator gives it to her: she now sees what Bob saw (his view,
with her name and id in his place), the game awaits her where it awaited him, and Bob holds nothing.
The channel welcomes her before it calls her to play."""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import t
from engine.core import get_game


def as_held_by(data: Any, old: tuple[str, str], new: tuple[str, str]) -> Any:
    """A dumped view with one seat's id and name changed to another's."""
    text = json.dumps(data, sort_keys=True, default=str)
    return json.loads(text.replace(old[0], new[0]).replace(json.dumps(old[1])[1:-1], json.dumps(new[1])[1:-1]))


async def check_substitute(table: Any) -> None:
    found = table.problems["substitute"]
    emu, svc = table.emu, table.bot.service
    game = get_game(table.kind)
    before = await table.state()
    if before.status != "active":
        found.append("the demo ends the game: no seat left to pass in mid-game")
        return
    leaver = next((u for u in (table.users["bob"], table.users["alice"]) if (s := before.player(u.id)) and not s.left),
                  None)
    if leaver is None:
        found.append("nobody left seated to replace")
        return
    carol = emu.user("carol")
    seat_name = before.name_of(leaver.id)
    view_before = game.view(before, leaver.id).model_dump(mode="json")
    awaited_before = game.awaiting(before)
    offered = await emu.slash(emu.owner, "substitute offer", player=leaver)
    ads = [m for m in emu.messages_seen(carol) if any(":sub:ask:" in str(b.get("custom_id")) for b in m.buttons)]
    if offered.ephemeral or not ads:
        found.append(f"a moderator's offer posts no ad: {offered.content[:120]!r}")
        return
    ask = next(str(b["custom_id"]) for b in ads[-1].buttons if ":sub:ask:" in str(b.get("custom_id")))
    asked = await emu.click(carol, ads[-1], custom_id=ask)
    requests = [m for m in emu.messages_seen(emu.owner) if any(":sub:give:" in str(b.get("custom_id")) for b in m.buttons)]
    if not asked.ephemeral or not requests:
        found.append(f"Carol's request is not posted for the moderators: {asked.content[:120]!r}")
        return
    give = next(str(b["custom_id"]) for b in requests[-1].buttons if ":sub:give:" in str(b.get("custom_id")))
    given = await emu.click(emu.owner, requests[-1], custom_id=give)
    welcome = t("core.sub.welcome", "it", volunteer=f"<@{carol.id}>", player=seat_name)
    told = [m.content for m in given.created if not m.ephemeral and f"<@{carol.id}>" in m.content]
    if not told or welcome not in told[0]:
        found.append(f"Carol is not welcomed to the table before anything else calls her: {told[:2]!r}")
    after = await table.state()
    seat = after.player(carol.id)
    if seat is None or after.player(leaver.id) is not None:
        found.append("the seat did not pass to Carol")
        return
    mine = game.view(after, carol.id).model_dump(mode="json")
    expected = as_held_by(view_before, (leaver.id, seat_name), (carol.id, seat.name))
    if json.loads(json.dumps(mine, sort_keys=True, default=str)) != expected:
        found.append(f"Carol's view is not Bob's seat as it stood (the view of {seat_name} renamed)")
    awaited = {carol.id if p == leaver.id else p for p in awaited_before}
    if set(game.awaiting(after)) != awaited:
        found.append(f"the game awaits {sorted(game.awaiting(after))}, not {sorted(awaited)}")
    if leaver.id in json.dumps(game.dump_state(after)):
        found.append(f"{seat_name}'s id is still in the game's state")
    if not any(s.user_id == carol.id for s in await svc.seats(table.game_id)):
        found.append("Carol has no seat row (reminders, /away, /games go by seats)")

"""Short games of the test game "Corsa" played through the service, for the record's tests."""

from __future__ import annotations

from bot.service import GameService

GUILD = "500"


async def corsa(service: GameService, clock, players: list[str], *, channel: str = "600", target: int = 6,
                steps: list[str] | None = None, guild: str = GUILD, finish: bool = True) -> int:
    """Play one game: each step is "add" (the player on turn adds 3), "late" (their deadline passes),
    "kick:<id>" (a moderator removes that player), "concede:<id>" (that player concedes), "draw" (the
    first player still seated proposes a draw, the others agree) or "end" (a moderator ends the game); then players
    add 3 until someone reaches the target (unless `finish` is false: the game then stays running)."""
    await service.create(kind="corsa", guild_id=guild, channel_id=channel, creator_id=players[0],
                         creator_name="P" + players[0], settings={"target": target, "turn_hours": 2})
    for pid in players[1:]:
        await service.join(channel, pid, "P" + pid)
    res = await service.start(channel, players[0])
    gid = res.game.id
    assert gid is not None
    state = res.state
    for step in [*(steps or []), *(["add"] * 100 if finish else [])]:
        clock.advance(minutes=30)
        ticked = await service.tick(gid)  # what the alarm would have fired by now (a deadline come due)
        state = ticked.state if ticked is not None else state
        if state.status != "active":
            break
        seat = state.players[state.turn]  # type: ignore[attr-defined]
        if step == "add" and seat.left:  # a removed player's turn passes at its deadline
            step = "late"
        if step == "add":
            state = (await service.act(gid, seat.id, {"type": "add", "amount": 3})).state
        elif step == "late":
            clock.advance(hours=2)
            ticked = await service.tick(gid)
            assert ticked is not None
            state = ticked.state
        elif step.startswith("concede:"):
            state = (await service.act(gid, step.split(":", 1)[1], {"type": "core_concede"})).state
        elif step == "draw":
            first, *others = state.active_player_ids()
            state = (await service.act(gid, first, {"type": "core_draw", "answer": "propose"})).state
            for pid in others:
                state = (await service.act(gid, pid, {"type": "core_draw", "answer": "agree"})).state
        elif step.startswith("kick:"):
            kick = {"type": "mod_kick", "player": step.split(":", 1)[1]}
            state = (await service.act(gid, "999", kick, moderator=True)).state
        else:
            state = (await service.act(gid, "999", {"type": "mod_end", "reason": "test"}, moderator=True)).state
        if state.status != "active":
            break
    clock.advance(minutes=5)
    return gid

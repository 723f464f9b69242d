"""SPQRisiko: three turns of reinforcing and passing, a look at the hand, one attack."""

from __future__ import annotations

from typing import Any

from engine.spqrisiko.board import board


async def play(table: Any) -> None:
    await table.open("spqrisiko", "setup=random")
    b = board()
    for turn in range(4):
        state = await table.state()
        pid = state.order[state.current]
        user = table.user_of(pid)
        mine = sorted(p for p, o in state.owner.items() if o == pid)
        await table.slash(user, "spqr reinforce", province=b.name(mine[0]), count=state.turn.reinforcements)
        if turn == 1:
            await table.slash(user, "spqr hand")
            state = await table.state()
            src = max(mine, key=lambda p: state.legions[p])
            dst = next((n for n in b.provinces[src].land if state.owner[n] != pid), None)
            if dst is not None and state.legions[src] > 1:
                await table.slash(user, "spqr attack", from_province=b.name(src), to_province=b.name(dst),
                                  rolls="once")
        await table.slash(user, "spqr end-turn")

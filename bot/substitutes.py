"""Substitutes (docs/substitutes.md): a seat offered to whoever will take it. A moderator offers it at
once; a player asks the table, and the other seated players vote (a strict majority of them, within
VOTE_HOURS). Volunteers ask for the offered seat; a moderator gives it to one, through `/mod replace`'s
own move (`mod_replace`: the seat passes with everything it holds, logged as any moderator's move).
The game service inherits these reads and writes; the cog bot/cogs/substitute.py talks to Discord."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import update
from sqlmodel import col, select

from bot.storage.db import Database
from bot.storage.models import GameRow, SubstituteAd
from engine.core import GameState, RuleError

VOTE_HOURS = 48  # how long the table has to agree
LIVE_ADS = ("voting", "open", "filling")  # "filling": a moderator's confirmation is being played
_AD = SubstituteAd.__table__  # type: ignore[attr-defined]


def voters(ad: SubstituteAd) -> list[str]:
    return list(json.loads(ad.voters_json))


def votes(ad: SubstituteAd) -> dict[str, str]:
    return dict(json.loads(ad.votes_json))


def volunteers(ad: SubstituteAd) -> dict[str, str]:
    return dict(json.loads(ad.volunteers_json))


def posts(ad: SubstituteAd) -> list[tuple[str, str]]:
    return [(str(c), str(m)) for c, m in json.loads(ad.posts_json)]


def needed(ad: SubstituteAd) -> int:
    """Yes votes that carry the motion: more than half of the voters."""
    return len(voters(ad)) // 2 + 1


def outcome(ad: SubstituteAd) -> str | None:
    """'open' once a strict majority said yes, 'closed' once it no longer can, None while undecided."""
    cast = votes(ad)
    yes = sum(1 for v in cast.values() if v == "yes")
    no = sum(1 for v in cast.values() if v == "no")
    if yes >= needed(ad):
        return "open"
    if len(voters(ad)) - no < needed(ad):
        return "closed"
    return None


@dataclass
class Vote:
    """A ballot's effect: the ad as it is now, and the motion's result if this ballot decided it."""

    ad: SubstituteAd
    decided: str | None


class Substitutes:
    db: Database
    clock: Any
    load_state: Callable[[GameRow], GameState]
    get: Callable[[int], Awaitable[GameRow]]
    act: Callable[..., Awaitable[Any]]

    async def ad(self, ad_id: int, guild_id: str | None = None) -> SubstituteAd:
        """An ad by its number (of this server, when given)."""
        async with self.db.sessions() as s:
            ad = await s.get(SubstituteAd, ad_id)
        if ad is None or (guild_id is not None and ad.guild_id != guild_id):
            raise RuleError("core.sub.no_ad", ad=ad_id)
        return ad

    async def game_ads(self, game_id: int) -> list[SubstituteAd]:
        """The ads of a game still voting or open, oldest first."""
        async with self.db.sessions() as s:
            q = (select(SubstituteAd).where(SubstituteAd.game_id == game_id, col(SubstituteAd.status).in_(LIVE_ADS))
                 .order_by(col(SubstituteAd.id)))
            return list((await s.execute(q)).scalars())

    async def _live_state(self, game_id: int) -> tuple[GameRow, GameState]:
        row = await self.get(game_id)
        if row.status != "active" or row.snapshot_json is None:
            raise RuleError("core.game_over" if row.status == "finished" else "core.not_started")
        return row, self.load_state(row)

    async def offer_seat(self, game_id: int, player_id: str, opener: str, *, moderator: bool) -> Vote:
        """A moderator's offer (open at once) or a player's motion to the table (a vote first)."""
        row, state = await self._live_state(game_id)
        seat = state.player(player_id)
        if seat is None:
            raise RuleError("core.sub.not_seated", player=f"<@{player_id}>")
        now = self.clock()
        if moderator:
            status, electorate, cast, deadline = "open", [], {}, None
        else:
            asker = state.player(opener)
            if asker is None or asker.left:
                raise RuleError("core.not_a_player")
            electorate = [p.id for p in state.players if not p.left and p.id != player_id and p.id.isdigit()]
            if not electorate:
                raise RuleError("core.sub.no_voters")
            cast = {opener: "yes"} if opener in electorate else {}
            status, deadline = "voting", now + timedelta(hours=VOTE_HOURS)
        async with self.db.transaction() as s:
            taken = await s.execute(select(SubstituteAd.id).where(
                SubstituteAd.game_id == game_id, SubstituteAd.player_id == player_id,
                col(SubstituteAd.status).in_(LIVE_ADS)))
            if taken.first() is not None:
                raise RuleError("core.sub.already_offered", player=seat.name)
            ad = SubstituteAd(game_id=game_id, guild_id=row.guild_id, player_id=player_id, player_name=seat.name[:64],
                              opened_by=opener, status=status, voters_json=json.dumps(electorate),
                              votes_json=json.dumps(cast), vote_deadline=deadline, created_at=now)
            decided = outcome(ad) if status == "voting" else None
            if decided is not None:  # the asker's own yes was the majority (a table of two)
                ad.status = decided
            s.add(ad)
            await s.flush()
            made = SubstituteAd(**ad.model_dump())
        return Vote(made, decided)

    async def vote(self, ad_id: int, voter: str, choice: str) -> Vote:
        """Cast or change a ballot while the table votes."""
        async with self.db.transaction() as s:
            ad = await s.get(SubstituteAd, ad_id)
            if ad is None:
                raise RuleError("core.sub.no_ad", ad=ad_id)
            if ad.status != "voting":
                raise RuleError("core.sub.vote_closed")
            if ad.vote_deadline is not None and ad.vote_deadline <= self.clock():
                raise RuleError("core.sub.vote_closed")
            if voter not in voters(ad):
                raise RuleError("core.sub.not_a_voter")
            cast = votes(ad)
            cast[voter] = choice
            ad.votes_json = json.dumps(cast)
            decided = outcome(ad)
            if decided is not None:
                ad.status = decided
                if decided == "closed":
                    ad.closed_at = self.clock()
            return Vote(SubstituteAd(**ad.model_dump()), decided)

    async def volunteer(self, ad_id: int, user_id: str, name: str, guild_id: str | None = None) -> SubstituteAd:
        """A volunteer asks for the offered seat (a moderator then confirms one)."""
        ad = await self.ad(ad_id, guild_id)
        if ad.status == "voting":
            raise RuleError("core.sub.not_open")
        if ad.status != "open":
            raise RuleError("core.sub.ad_closed")
        state = await self._still_offered(ad)
        if state.player(user_id) is not None:
            raise RuleError("core.sub.already_seated")
        async with self.db.transaction() as s:
            fresh = await s.get(SubstituteAd, ad_id)
            if fresh is None or fresh.status != "open":
                raise RuleError("core.sub.ad_closed")
            asked = volunteers(fresh)
            if user_id in asked:
                raise RuleError("core.sub.already_asked")
            asked[user_id] = name[:64]
            fresh.volunteers_json = json.dumps(asked)
            return SubstituteAd(**fresh.model_dump())

    async def confirm(self, ad_id: int, volunteer: str, moderator: str, interaction_id: str | None = None) -> Any:
        """A moderator gives the seat to a volunteer: `/mod replace`'s move, played once (the ad is
        claimed first, so two confirmations cannot both play it; a refused move gives it back)."""
        ad = await self.ad(ad_id)
        if ad.status != "open":
            raise RuleError("core.sub.not_open" if ad.status == "voting" else "core.sub.ad_closed")
        name = volunteers(ad).get(volunteer)
        if name is None:
            raise RuleError("core.sub.not_a_volunteer")
        await self._still_offered(ad)
        if not await self._swap_status(ad_id, "open", "filling"):
            raise RuleError("core.sub.ad_closed")
        try:
            result = await self.act(ad.game_id, moderator, {"type": "mod_replace", "player": ad.player_id,
                                                            "new_id": volunteer, "new_name": name},
                                    interaction_id=interaction_id, moderator=True)
        except BaseException:
            await self._swap_status(ad_id, "filling", "open")
            raise
        await self._swap_status(ad_id, "filling", "filled", taken_by=volunteer, closed_at=self.clock())
        return result

    async def _still_offered(self, ad: SubstituteAd) -> GameState:
        """The game's state while the ad's seat can still pass; an ad the game outran (the game ended,
        the seat changed hands by `/mod replace`) is closed and the request refused."""
        row = await self.get(ad.game_id)
        state = self.load_state(row) if row.status == "active" and row.snapshot_json is not None else None
        if state is None or state.player(ad.player_id) is None:
            assert ad.id is not None
            await self._swap_status(ad.id, ad.status, "closed", closed_at=self.clock())
            raise RuleError("core.sub.ad_closed")
        return state

    async def refuse(self, ad_id: int, volunteer: str) -> SubstituteAd:
        """A moderator turns a volunteer down: their request is struck, the ad stays open."""
        async with self.db.transaction() as s:
            ad = await s.get(SubstituteAd, ad_id)
            if ad is None or ad.status != "open":
                raise RuleError("core.sub.ad_closed")
            asked = volunteers(ad)
            if asked.pop(volunteer, None) is None:
                raise RuleError("core.sub.not_a_volunteer")
            ad.volunteers_json = json.dumps(asked)
            return SubstituteAd(**ad.model_dump())

    async def close_ad(self, ad_id: int, guild_id: str | None = None) -> SubstituteAd:
        """A moderator withdraws an ad (or stops a table's vote)."""
        await self.ad(ad_id, guild_id)
        for status in ("voting", "open"):
            if await self._swap_status(ad_id, status, "closed", closed_at=self.clock()):
                return await self.ad(ad_id)
        raise RuleError("core.sub.ad_closed")

    async def expired_votes(self, now: datetime, owns: Callable[[str], bool]) -> list[SubstituteAd]:
        """The table's votes whose time ran out without a majority, closed now (each by one process)."""
        async with self.db.sessions() as s:
            q = select(SubstituteAd).where(SubstituteAd.status == "voting", col(SubstituteAd.vote_deadline) <= now)
            due = [ad for ad in (await s.execute(q)).scalars() if owns(ad.guild_id)]
        closed = []
        for ad in due:
            assert ad.id is not None
            if await self._swap_status(ad.id, "voting", "closed", closed_at=now):
                closed.append(await self.ad(ad.id))
        return closed

    async def add_post(self, ad_id: int, channel_id: str, message_id: str) -> None:
        """Remember a post carrying the ad's buttons, to edit it when the ad is spent."""
        async with self.db.transaction() as s:
            ad = await s.get(SubstituteAd, ad_id)
            if ad is not None:
                ad.posts_json = json.dumps([*posts(ad), (channel_id, message_id)])

    async def _swap_status(self, ad_id: int, old: str, new: str, **values: Any) -> bool:
        """Move an ad from `old` to `new` only if it still is `old` (one writer wins)."""
        stmt = update(_AD).where(_AD.c.id == ad_id, _AD.c.status == old).values(status=new, **values)
        done: int = await self.db.run(lambda conn: conn.execute(stmt).rowcount, write=True)
        return done == 1

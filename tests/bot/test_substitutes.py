"""Substitutes in the service (bot/substitutes.py, docs/substitutes.md), on SQLite and PostgreSQL: the
table's vote (a strict majority of the other seated players, within its deadline), the ad and its
volunteers, a moderator's confirmation played once through `mod_replace`, and every refusal leaving
the ad and the game as they were."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameService
from bot.substitutes import VOTE_HOURS, voters
from engine.core import RuleError

CHANNEL, GUILD = "700", "500"


async def table(service: GameService, players: list[str]) -> int:
    await service.create(kind="corsa", guild_id=GUILD, channel_id=CHANNEL, creator_id=players[0],
                         creator_name="P" + players[0], settings={"target": 60})
    for pid in players[1:]:
        await service.join(CHANNEL, pid, "P" + pid)
    res = await service.start(CHANNEL, players[0])
    assert res.game.id is not None
    return res.game.id


async def refused(code: str, work: Any) -> None:
    with pytest.raises(RuleError) as caught:
        await work
    assert caught.value.code == code


async def test_the_table_votes_by_strict_majority_of_the_other_seated_players(service: GameService, clock: Any) -> None:
    gid = await table(service, ["1", "2", "3", "4", "5"])
    motion = await service.offer_seat(gid, "5", "1", moderator=False)
    ad = motion.ad
    assert ad.id is not None and ad.status == "voting" and motion.decided is None
    assert sorted(voters(ad)) == ["1", "2", "3", "4"]  # never the player concerned
    await refused("core.sub.not_a_voter", service.vote(ad.id, "5", "yes"))
    await refused("core.sub.already_offered", service.offer_seat(gid, "5", "2", moderator=False))
    await refused("core.sub.not_open", service.volunteer(ad.id, "9", "Nine"))
    assert (await service.vote(ad.id, "2", "yes")).decided is None  # two of four is no majority
    assert (await service.vote(ad.id, "2", "no")).decided is None  # a ballot may change
    assert (await service.vote(ad.id, "3", "yes")).decided is None
    passed = await service.vote(ad.id, "2", "yes")  # three of four
    assert passed.decided == "open" and passed.ad.status == "open"
    await refused("core.sub.vote_closed", service.vote(ad.id, "4", "no"))

    # a majority out of reach closes the motion at once
    other = await service.offer_seat(gid, "4", "1", moderator=False)
    assert other.ad.id is not None
    await service.vote(other.ad.id, "2", "no")
    failed = await service.vote(other.ad.id, "3", "no")  # two no of four voters: three yes are out of reach
    assert failed.decided == "closed" and failed.ad.closed_at is not None


async def test_a_vote_runs_out_at_its_deadline(service: GameService, clock: Any) -> None:
    gid = await table(service, ["1", "2", "3"])
    motion = await service.offer_seat(gid, "3", "1", moderator=False)
    assert motion.ad.id is not None
    clock.advance(hours=VOTE_HOURS - 1)
    assert await service.expired_votes(clock(), lambda _g: True) == []
    clock.advance(hours=1)
    await refused("core.sub.vote_closed", service.vote(motion.ad.id, "2", "yes"))
    [closed] = await service.expired_votes(clock(), lambda _g: True)
    assert closed.status == "closed" and await service.expired_votes(clock(), lambda _g: True) == []
    # a process that does not own the server leaves it to its owner
    again = await service.offer_seat(gid, "3", "1", moderator=False)
    clock.advance(hours=VOTE_HOURS, minutes=1)
    assert await service.expired_votes(clock(), lambda _g: False) == []
    assert (await service.ad(again.ad.id or 0)).status == "voting"


async def test_a_moderator_gives_the_seat_once_and_bad_requests_change_nothing(service: GameService,
                                                                              clock: Any) -> None:
    gid = await table(service, ["1", "2", "3"])
    offer = await service.offer_seat(gid, "2", "99", moderator=True)
    ad_id = offer.ad.id
    assert ad_id is not None and offer.ad.status == "open"
    await refused("core.sub.not_seated", service.offer_seat(gid, "7", "99", moderator=True))
    await refused("core.sub.already_seated", service.volunteer(ad_id, "3", "P3"))
    await refused("core.sub.not_a_volunteer", service.confirm(ad_id, "8", "99"))
    await service.volunteer(ad_id, "8", "Otto")
    await service.volunteer(ad_id, "9", "Nove")
    await refused("core.sub.already_asked", service.volunteer(ad_id, "8", "Otto"))
    await refused("core.sub.no_ad", service.volunteer(ad_id, "8", "Otto", guild_id="other"))
    version = (await service.get(gid)).version
    await service.refuse(ad_id, "9")
    await refused("core.sub.not_a_volunteer", service.confirm(ad_id, "9", "99"))
    assert (await service.get(gid)).version == version  # nothing played

    result = await service.confirm(ad_id, "8", "99")
    state = result.state
    assert state.player("2") is None and state.player("8") is not None and state.name_of("8") == "Otto"
    ad = await service.ad(ad_id)
    assert ad.status == "filled" and ad.taken_by == "8" and ad.closed_at is not None
    seats = {s.user_id for s in await service.seats(gid)}
    assert seats == {"1", "3", "8"}  # the seat row follows, as /mod replace's does
    version = (await service.get(gid)).version
    await refused("core.sub.ad_closed", service.confirm(ad_id, "8", "99"))
    await refused("core.sub.ad_closed", service.volunteer(ad_id, "9", "Nove"))
    await refused("core.sub.ad_closed", service.close_ad(ad_id))
    assert (await service.get(gid)).version == version


async def test_a_refused_hand_over_gives_the_ad_back(service: GameService, clock: Any) -> None:
    """The engine refuses the move (the volunteer took a seat meanwhile by another ad): the ad is open
    again for another volunteer, the game unchanged."""
    gid = await table(service, ["1", "2", "3"])
    first = (await service.offer_seat(gid, "2", "99", moderator=True)).ad.id
    second = (await service.offer_seat(gid, "3", "99", moderator=True)).ad.id
    assert first is not None and second is not None
    await service.volunteer(first, "8", "Otto")
    await service.volunteer(second, "8", "Otto")
    await service.confirm(first, "8", "99")
    version = (await service.get(gid)).version
    await refused("core.already_playing", service.confirm(second, "8", "99"))
    assert (await service.ad(second)).status == "open" and (await service.get(gid)).version == version
    closed = await service.close_ad(second)
    assert closed.status == "closed"


async def test_no_seat_is_offered_in_a_game_that_is_over(service: GameService, clock: Any) -> None:
    gid = await table(service, ["1", "2"])
    ad = (await service.offer_seat(gid, "2", "99", moderator=True)).ad
    await service.act(gid, "99", {"type": "mod_end", "reason": ""}, moderator=True)
    await refused("core.game_over", service.offer_seat(gid, "1", "99", moderator=True))
    await refused("core.sub.ad_closed", service.volunteer(ad.id or 0, "8", "Otto"))
    assert (await service.ad(ad.id or 0)).status == "closed"  # the game outran its ad


async def test_a_seat_replaced_by_hand_closes_its_ad(service: GameService, clock: Any) -> None:
    gid = await table(service, ["1", "2", "3"])
    ad = (await service.offer_seat(gid, "2", "99", moderator=True)).ad
    assert ad.id is not None
    await service.volunteer(ad.id, "8", "Otto")
    await service.act(gid, "99", {"type": "mod_replace", "player": "2", "new_id": "9", "new_name": "Nove"},
                      moderator=True)
    version = (await service.get(gid)).version
    await refused("core.sub.ad_closed", service.confirm(ad.id, "8", "99"))
    assert (await service.ad(ad.id)).status == "closed" and (await service.get(gid)).version == version


def test_an_ad_names_the_game_in_its_readers_language() -> None:
    """The ad, the motion and the volunteer's answer say a game's name as their reader does (High
    Frontier's module is "Module 5" in English, "Modulo 5" in Italian)."""
    import bot.cogs.highfrontier  # noqa: F401  (registers the game and its catalogs)
    from bot.cogs.substitute import where
    from bot.storage.models import GameRow

    row = GameRow(id=7, kind="highfrontier", guild_id=GUILD, channel_id=CHANNEL, creator_id="1")
    assert "Module 5" in where(row, "en")["game"] and "Modulo 5" in where(row, "it")["game"]

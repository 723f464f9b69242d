"""Private links: bound to a game and a reader, expiring, revoked by regenerating, the key kept in
the database when WEB_SECRET is unset."""

from __future__ import annotations

import time

from itsdangerous import TimestampSigner, URLSafeTimedSerializer

from bot.web.links import SALT, Links, Reader, link_key


class _LongAgo(TimestampSigner):
    def get_timestamp(self) -> int:
        return int(time.time()) - 31 * 86400


async def test_a_link_opens_its_game_for_its_reader_only(db) -> None:
    links = Links(db, await link_key(db, ""), max_age_days=30)
    token = await links.token(7, "1001")
    assert await links.reader(7, token) == Reader(7, player="1001")
    assert await links.reader(8, token) is None  # another game
    head, signature = token.rsplit(".", 1)
    forged = f"{head}.{'B' if signature[0] != 'B' else 'C'}{signature[1:]}"  # the first character: whole bits
    assert await links.reader(7, forged) is None
    other = Links(db, "another key", max_age_days=30)
    assert await other.reader(7, token) is None
    moderator = await links.token(7, "mod:42")
    assert await links.reader(7, moderator) == Reader(7, moderator="42")
    for junk in ("", "x", "." * 3, "a" * 600, "e30.AAAA.BBBB"):
        assert await links.reader(7, junk) is None


async def test_expired_and_regenerated_links_are_refused(db) -> None:
    key = await link_key(db, "")
    links = Links(db, key, max_age_days=30)
    old = URLSafeTimedSerializer(key, salt=SALT, signer=_LongAgo).dumps({"g": 7, "r": "1001", "n": 0})
    assert await links.reader(7, old) is None
    first = await links.token(7, "1001")
    second = await links.token(7, "1001", regenerate=True)
    assert await links.reader(7, first) is None and await links.reader(7, second) is not None
    elsewhere = Links(db, key, max_age_days=30)  # another process over the same database
    assert await elsewhere.reader(7, first) is None and await elsewhere.reader(7, second) is not None
    assert await links.reader(7, await links.token(7, "1002")) == Reader(7, player="1002")  # others unaffected


async def test_the_key_survives_a_restart(db) -> None:
    first = await link_key(db, "")
    assert first and await link_key(db, "") == first
    assert await link_key(db, "configured") == "configured"

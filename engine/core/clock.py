"""Wall-clock arithmetic in a game's time zone; time always comes in as an argument."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo


def as_utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError("naive datetime")
    return moment.astimezone(UTC)


def next_wall_time(after: datetime, times: Iterable[time], tz: str) -> datetime:
    """The first moment strictly after `after` at which the local clock in `tz` shows one of `times`.

    Local times are resolved with zoneinfo, so 09:00 Europe/Rome is 08:00 UTC in winter and
    07:00 UTC in summer. A local time skipped by a DST jump resolves to the instant after the
    jump (fold=0 semantics), and a repeated one to its first occurrence.
    """
    zone = ZoneInfo(tz)
    local = as_utc(after).astimezone(zone)
    wanted = sorted(times)
    day = local.date()
    for offset in range(0, 3):
        d = day + timedelta(days=offset)
        for t in wanted:
            candidate = datetime.combine(d, t, tzinfo=zone)
            # normalise nonexistent local times by a round trip through UTC
            candidate_utc = candidate.astimezone(UTC)
            if candidate_utc > as_utc(after):
                return candidate_utc
    raise AssertionError("no wall time found within three days")


def first_wall_time_after_gap(start: datetime, times: Iterable[time], tz: str, gap: timedelta) -> datetime:
    """The first of `times` that is at least `gap` after `start` (Impero's first turn end)."""
    return next_wall_time(as_utc(start) + gap - timedelta(microseconds=1), times, tz)

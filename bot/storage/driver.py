"""A move's save straight through the database driver (sqlite3, asyncpg), past SQLAlchemy's
execution machinery.

On SQLite a move's save runs three small statements in the writer thread. Through SQLAlchemy each
paid for an execution context, events, a result object and the autobegin hook, all holding the
interpreter lock (sqlite3 itself lets go of it while SQLite works): in a GIL-sampled profile that
Python was nine tenths of the writer's share of a move, about a tenth of the whole move. On
PostgreSQL the save is one statement run on the event loop, where the same machinery (and the
greenlet that bridges it to asyncpg) cost half of the save's CPU.

A `Prepared` statement is a Core statement compiled once for one driver; only its SQL, its
parameters' order and its columns' own conversions (UTCDateTime, booleans) are used per call, so
what is written is what SQLAlchemy would write, and the tables keep one definition
(bot/storage/models.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

from sqlalchemy.dialects import sqlite
from sqlalchemy.dialects.postgresql import asyncpg
from sqlalchemy.engine import Dialect
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

SQLITE: Dialect = sqlite.dialect()  # the standard driver's (pysqlite): parameters are ?
# asyncpg's: parameters are $1, $2... each named once, numbered in positiontup's order
POSTGRES: Dialect = asyncpg.dialect()  # type: ignore[no-untyped-call]


class Prepared:
    """A Core statement's SQL for one driver, and its arguments from a dict of named values."""

    __slots__ = ("_order", "sql")

    def __init__(self, statement: ClauseElement, column_keys: list[str] | None = None,
                 dialect: Dialect = SQLITE) -> None:
        compiled = cast(SQLCompiler, statement.compile(dialect=dialect, column_keys=column_keys))
        self.sql = str(compiled)
        fixed = compiled.params  # values the statement carries itself (a literal such as coalesce's 0)
        processors: Mapping[str, Any] = compiled._bind_processors  # one function a plain parameter
        assert compiled.positiontup is not None
        self._order = [(name, compiled.binds[name].required, fixed.get(name), processors.get(name))
                       for name in compiled.positiontup]

    def args(self, values: Mapping[str, Any]) -> list[Any]:
        out = []
        for name, required, fixed, process in self._order:
            if name in values:
                value = values[name]
            elif required:
                raise KeyError(f"no value for {name!r}")  # as SQLAlchemy would refuse it
            else:
                value = fixed
            out.append(value if process is None else process(value))
        return out

    def many(self, rows: Iterable[Mapping[str, Any]]) -> list[list[Any]]:
        return [self.args(r) for r in rows]

"""Alembic environment: always handed a live connection by bot.storage.migrate."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import bot.storage.models  # noqa: F401  (registers the tables)

connection = context.config.attributes.get("connection")
if connection is None:
    raise SystemExit("run migrations through bot.storage.migrate (python -m bot migrates at startup)")

context.configure(connection=connection, target_metadata=SQLModel.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()

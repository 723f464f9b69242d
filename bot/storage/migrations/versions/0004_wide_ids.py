"""wide ids: engine seeds (63-bit) and the action log's id as 64-bit integers

Revision ID: 0004w
Revises: 0003
"""

from alembic import op
import sqlalchemy as sa


revision = '0004w'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # SQLite's INTEGER already holds 64 bits (and its rowid column must stay exactly INTEGER)
    if op.get_bind().dialect.name == "sqlite":
        return
    op.alter_column('game', 'seed', existing_type=sa.Integer(), type_=sa.BigInteger(), existing_nullable=False)
    op.alter_column('action_log', 'id', existing_type=sa.Integer(), type_=sa.BigInteger(), existing_nullable=False)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    op.alter_column('action_log', 'id', existing_type=sa.BigInteger(), type_=sa.Integer(), existing_nullable=False)
    op.alter_column('game', 'seed', existing_type=sa.BigInteger(), type_=sa.Integer(), existing_nullable=False)

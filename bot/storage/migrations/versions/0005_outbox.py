"""outbox: what the bot must still say, written with the move that caused it

Revision ID: 0005o
Revises: 0004w
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel
import bot.storage.types


revision = '0005o'
down_revision = '0004w'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'outbox',
        sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=True),
        sa.Column('guild_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column('channel_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column('what', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column('recipient', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True),
        sa.Column('payload_json', sa.Text(), nullable=False),
        sa.Column('created_at', bot.storage.types.UTCDateTime(), nullable=False),
        sa.Column('next_at', bot.storage.types.UTCDateTime(), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('sent_at', bot.storage.types.UTCDateTime(), nullable=True),
        sa.Column('error', sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_outbox_due', 'outbox', ['sent_at', 'next_at'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_outbox_due', table_name='outbox')
    op.drop_table('outbox')

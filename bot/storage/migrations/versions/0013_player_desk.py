"""a player's desk: their own rhythm (time zone, quiet hours, reminder interval) and a notepad per game

Revision ID: 0013d
Revises: 0012m
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel  # noqa: F401

from bot.storage.types import UTCDateTime


revision = '0013d'
down_revision = '0012m'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('player_rhythm',
                    sa.Column('user_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
                    sa.Column('timezone', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
                    sa.Column('quiet_from', sa.Integer(), nullable=True),
                    sa.Column('quiet_to', sa.Integer(), nullable=True),
                    sa.Column('reminder_minutes', sa.Integer(), nullable=True),
                    sa.PrimaryKeyConstraint('user_id'))
    op.create_table('game_note',
                    sa.Column('game_id', sa.Integer(), nullable=False),
                    sa.Column('user_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
                    sa.Column('text', sa.Text(), nullable=False),
                    sa.Column('updated_at', UTCDateTime(), nullable=False),
                    sa.PrimaryKeyConstraint('game_id', 'user_id'))


def downgrade() -> None:
    op.drop_table('game_note')
    op.drop_table('player_rhythm')

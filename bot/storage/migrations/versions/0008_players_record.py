"""the players' record: derived tables (games, results, waits, ratings, server members), privacy, meta

Revision ID: 0008r
Revises: 0007p
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel  # noqa: F401

from bot.storage.types import UTCDateTime


revision = '0008r'
down_revision = '0007p'
branch_labels = None
depends_on = None

S = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.create_table('record_game',
                    sa.Column('game_id', sa.Integer(), nullable=False),
                    sa.Column('guild_id', S(length=32), nullable=False),
                    sa.Column('kind', S(length=32), nullable=False),
                    sa.Column('started_at', UTCDateTime(), nullable=False),
                    sa.Column('finished_at', UTCDateTime(), nullable=False),
                    sa.Column('end_reason', S(length=32), nullable=False),
                    sa.Column('rated', sa.Boolean(), nullable=False),
                    sa.Column('humans', sa.Integer(), nullable=False),
                    sa.Column('replayed', sa.Boolean(), nullable=False),
                    sa.PrimaryKeyConstraint('game_id'))
    op.create_index('ix_record_game_guild', 'record_game', ['guild_id', 'finished_at'])
    op.create_index('ix_record_game_kind', 'record_game', ['kind', 'finished_at'])
    op.create_table('record_result',
                    sa.Column('game_id', sa.Integer(), nullable=False),
                    sa.Column('user_id', S(length=32), nullable=False),
                    sa.Column('guild_id', S(length=32), nullable=False),
                    sa.Column('kind', S(length=32), nullable=False),
                    sa.Column('name', S(length=64), nullable=False),
                    sa.Column('finished_at', UTCDateTime(), nullable=False),
                    sa.Column('place', sa.Integer(), nullable=True),
                    sa.Column('won', sa.Boolean(), nullable=False),
                    sa.Column('rated', sa.Boolean(), nullable=False),
                    sa.Column('mu', sa.Float(), nullable=True),
                    sa.Column('sigma', sa.Float(), nullable=True),
                    sa.Column('moves', sa.Integer(), nullable=False),
                    sa.Column('calls', sa.Integer(), nullable=False),
                    sa.Column('met', sa.Integer(), nullable=False),
                    sa.Column('missed', sa.Integer(), nullable=False),
                    sa.Column('autopilot', sa.Integer(), nullable=False),
                    sa.Column('away_seconds', sa.Integer(), nullable=False),
                    sa.Column('left', sa.Boolean(), nullable=False),
                    sa.Column('replaced', sa.Boolean(), nullable=False),
                    sa.Column('luck_rolls', sa.Integer(), nullable=False),
                    sa.Column('luck_expected', sa.Float(), nullable=False),
                    sa.Column('luck_actual', sa.Float(), nullable=False),
                    sa.PrimaryKeyConstraint('game_id', 'user_id'))
    op.create_index('ix_record_result_user', 'record_result', ['user_id', 'kind', 'finished_at'])
    op.create_index('ix_record_result_guild', 'record_result', ['guild_id', 'user_id'])
    op.create_table('record_wait',
                    sa.Column('game_id', sa.Integer(), nullable=False),
                    sa.Column('user_id', S(length=32), nullable=False),
                    sa.Column('n', sa.Integer(), nullable=False),
                    sa.Column('guild_id', S(length=32), nullable=False),
                    sa.Column('kind', S(length=32), nullable=False),
                    sa.Column('seconds', sa.Integer(), nullable=False),
                    sa.PrimaryKeyConstraint('game_id', 'user_id', 'n'))
    op.create_index('ix_record_wait_user', 'record_wait', ['user_id', 'seconds'])
    op.create_index('ix_record_wait_user_kind', 'record_wait', ['user_id', 'kind', 'seconds'])
    op.create_index('ix_record_wait_guild', 'record_wait', ['guild_id', 'kind', 'seconds'])
    op.create_table('record_rating',
                    sa.Column('user_id', S(length=32), nullable=False),
                    sa.Column('kind', S(length=32), nullable=False),
                    sa.Column('name', S(length=64), nullable=False),
                    sa.Column('mu', sa.Float(), nullable=False),
                    sa.Column('sigma', sa.Float(), nullable=False),
                    sa.Column('display', sa.Float(), nullable=False),
                    sa.Column('games', sa.Integer(), nullable=False),
                    sa.Column('wins', sa.Integer(), nullable=False),
                    sa.Column('last_at', UTCDateTime(), nullable=False),
                    sa.PrimaryKeyConstraint('user_id', 'kind'))
    op.create_index('ix_record_rating_board', 'record_rating', ['kind', 'display'])
    op.create_table('record_member',
                    sa.Column('guild_id', S(length=32), nullable=False),
                    sa.Column('kind', S(length=32), nullable=False),
                    sa.Column('user_id', S(length=32), nullable=False),
                    sa.PrimaryKeyConstraint('guild_id', 'kind', 'user_id'))
    op.create_table('record_privacy',
                    sa.Column('user_id', S(length=32), nullable=False),
                    sa.Column('hidden', sa.Boolean(), nullable=False),
                    sa.PrimaryKeyConstraint('user_id'))
    op.create_table('record_meta',
                    sa.Column('key', S(length=32), nullable=False),
                    sa.Column('value', S(length=64), nullable=False),
                    sa.PrimaryKeyConstraint('key'))


def downgrade() -> None:
    for table in ('record_meta', 'record_privacy', 'record_member', 'record_rating', 'record_wait', 'record_result',
                  'record_game'):
        op.drop_table(table)

"""substitutes: a seat offered to a substitute (its table vote, its ad, its volunteers) and the
server's lobby channel where ads go too

Revision ID: 0014a
Revises: 0013d
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel  # noqa: F401

from bot.storage.types import UTCDateTime


revision = '0014a'
down_revision = '0013d'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('guild_config', sa.Column('lobby_channel_id', sqlmodel.sql.sqltypes.AutoString(length=32),
                                            nullable=True))
    op.create_table('substitute_ad',
                    sa.Column('id', sa.Integer(), nullable=False),
                    sa.Column('game_id', sa.Integer(), nullable=False),
                    sa.Column('guild_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
                    sa.Column('player_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
                    sa.Column('player_name', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
                    sa.Column('opened_by', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
                    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
                    sa.Column('voters_json', sa.Text(), nullable=False),
                    sa.Column('votes_json', sa.Text(), nullable=False),
                    sa.Column('vote_deadline', UTCDateTime(), nullable=True),
                    sa.Column('volunteers_json', sa.Text(), nullable=False),
                    sa.Column('taken_by', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True),
                    sa.Column('posts_json', sa.Text(), nullable=False),
                    sa.Column('created_at', UTCDateTime(), nullable=False),
                    sa.Column('closed_at', UTCDateTime(), nullable=True),
                    sa.PrimaryKeyConstraint('id'))
    op.create_index('ix_substitute_ad_game', 'substitute_ad', ['game_id', 'status'])
    op.create_index('ix_substitute_ad_status_deadline', 'substitute_ad', ['status', 'vote_deadline'])


def downgrade() -> None:
    op.drop_index('ix_substitute_ad_status_deadline', table_name='substitute_ad')
    op.drop_index('ix_substitute_ad_game', table_name='substitute_ad')
    op.drop_table('substitute_ad')
    op.drop_column('guild_config', 'lobby_channel_id')

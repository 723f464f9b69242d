"""private threads: each player's thread of a game and the panel message kept current there

Revision ID: 0007p
Revises: 0006l
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel  # noqa: F401


revision = '0007p'
down_revision = '0006l'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('private_thread',
                    sa.Column('game_id', sa.Integer(), nullable=False),
                    sa.Column('user_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
                    sa.Column('thread_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True),
                    sa.Column('message_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True),
                    sa.PrimaryKeyConstraint('game_id', 'user_id'))


def downgrade() -> None:
    op.drop_table('private_thread')

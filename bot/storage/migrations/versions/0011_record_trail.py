"""the players' record keeps where its replay of each game got to, so it goes on from there

Revision ID: 0011t
Revises: 0010w
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel  # noqa: F401


revision = '0011t'
down_revision = '0010w'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('record_trail',
                    sa.Column('game_id', sa.Integer(), nullable=False),
                    sa.Column('derivation', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
                    sa.Column('seq', sa.Integer(), nullable=False),
                    sa.Column('entries', sa.Integer(), nullable=False),
                    sa.Column('observer', sa.Text(), nullable=False),
                    sa.Column('state', sa.Text(), nullable=True),
                    sa.PrimaryKeyConstraint('game_id'))


def downgrade() -> None:
    op.drop_table('record_trail')

"""the table in the browser: each reader's private link generation, and the key links are signed with

Revision ID: 0010w
Revises: 0009g
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel  # noqa: F401


revision = '0010w'
down_revision = '0009g'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('web_link',
                    sa.Column('game_id', sa.Integer(), nullable=False),
                    sa.Column('user_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
                    sa.Column('generation', sa.Integer(), nullable=False),
                    sa.PrimaryKeyConstraint('game_id', 'user_id'))
    op.create_table('web_setting',
                    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
                    sa.Column('value', sa.Text(), nullable=False),
                    sa.PrimaryKeyConstraint('name'))


def downgrade() -> None:
    op.drop_table('web_setting')
    op.drop_table('web_link')

"""reader language: each player's DM language (their choice, or the Discord locale last seen)

Revision ID: 0006l
Revises: 0005o
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel  # noqa: F401


revision = '0006l'
down_revision = '0005o'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('user_language',
                    sa.Column('user_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
                    sa.Column('chosen', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=True),
                    sa.Column('seen', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True),
                    sa.PrimaryKeyConstraint('user_id'))


def downgrade() -> None:
    op.drop_table('user_language')

"""a server's leaderboard counts the rated games played on that server: record_member keeps them

Revision ID: 0012m
Revises: 0011t
"""

from alembic import op
import sqlalchemy as sa


revision = '0012m'
down_revision = '0011t'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # derived: the rebuild that follows the new derivation fills them
    with op.batch_alter_table('record_member') as batch:
        batch.add_column(sa.Column('games', sa.Integer(), nullable=False, server_default='0'))
        batch.add_column(sa.Column('wins', sa.Integer(), nullable=False, server_default='0'))


def downgrade() -> None:
    with op.batch_alter_table('record_member') as batch:
        batch.drop_column('wins')
        batch.drop_column('games')

"""the players' record keeps running games too: their calls and deadlines count before they end

Revision ID: 0009g
Revises: 0008r
"""

from alembic import op
import sqlalchemy as sa


revision = '0009g'
down_revision = '0008r'
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ('record_game', 'record_result'):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column('running', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    for table in ('record_game', 'record_result'):
        with op.batch_alter_table(table) as batch:
            batch.drop_column('running')

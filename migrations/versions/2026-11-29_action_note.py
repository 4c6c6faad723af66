"""The room's own note on an action (e.g. the bot stood in for a seat), so replays tell it too.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29 23:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("action") as batch_op:
        batch_op.add_column(sa.Column("note", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("action") as batch_op:
        batch_op.drop_column("note")

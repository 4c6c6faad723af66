"""Turn clock: when each seat started waiting (snapshot.clock), and seats played by a bot
while their player is away (seat.away).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 21:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seat") as batch_op:
        batch_op.add_column(sa.Column("away", sa.Boolean(), server_default=sa.false(), nullable=False))
    with op.batch_alter_table("snapshot") as batch_op:
        batch_op.add_column(sa.Column("clock", sa.JSON(), server_default="{}", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("snapshot") as batch_op:
        batch_op.drop_column("clock")
    with op.batch_alter_table("seat") as batch_op:
        batch_op.drop_column("away")

"""Crew nights derived again: `crew_night` is a cache of what each finished crew room counts
for, and its rows now say which seats were bots (a night counts only with two people at the
table) and leave out members removed before the room finished. Its rows are dropped here;
the next read of each crew derives them again from the rooms (app/crews/ledger.py).

Revision ID: 0005_crew_nights
Revises: 0004
Create Date: 2026-12-07 15:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0005_crew_nights"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("DELETE FROM crew_night")


def downgrade() -> None:
    op.execute("DELETE FROM crew_night")  # the older code derives them again too

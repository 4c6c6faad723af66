"""Crews (PROTOCOL.md 1.1): crew, crew_member, crew_season, the derived crew_night cache, and
room.crew_id / seat.member_id.

The two new columns on room and seat are added and dropped in place (ALTER TABLE, SQLite 3.35+
for the drop): rebuilding `room` on SQLite would cascade-delete its seats and actions.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 18:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "crew",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_crew")),
        sa.UniqueConstraint("code", name=op.f("uq_crew_code")),
    )
    op.create_table(
        "crew_member",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("crew_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=24), nullable=False),
        sa.Column("name_key", sa.String(length=96), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("removed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["crew_id"], ["crew.id"], name=op.f("fk_crew_member_crew_id_crew"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_crew_member")),
        sa.UniqueConstraint("crew_id", "number", name=op.f("uq_crew_member_crew_id_number")),
        sa.UniqueConstraint("crew_id", "name_key", name=op.f("uq_crew_member_crew_id_name_key")),
    )
    op.create_index(op.f("ix_crew_member_crew_id"), "crew_member", ["crew_id"])
    op.create_index(op.f("ix_crew_member_token_hash"), "crew_member", ["token_hash"])
    op.create_table(
        "crew_season",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("crew_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["crew_id"], ["crew.id"], name=op.f("fk_crew_season_crew_id_crew"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_crew_season")),
        sa.UniqueConstraint("crew_id", "number", name=op.f("uq_crew_season_crew_id_number")),
    )
    op.create_index(op.f("ix_crew_season_crew_id"), "crew_season", ["crew_id"])
    op.create_table(
        "crew_night",
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("crew_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=6), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("mode", sa.String(length=32), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("score", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["room_id"], ["room.id"], name=op.f("fk_crew_night_room_id_room"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["crew_id"], ["crew.id"], name=op.f("fk_crew_night_crew_id_crew"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("room_id", name=op.f("pk_crew_night")),
    )
    op.create_index(op.f("ix_crew_night_crew_id"), "crew_night", ["crew_id"])
    with op.batch_alter_table("room", recreate="never") as batch_op:
        batch_op.add_column(sa.Column("crew_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_room_crew_id"), ["crew_id"])
    with op.batch_alter_table("seat", recreate="never") as batch_op:
        batch_op.add_column(sa.Column("member_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seat", recreate="never") as batch_op:
        batch_op.drop_column("member_id")
    with op.batch_alter_table("room", recreate="never") as batch_op:
        batch_op.drop_index(batch_op.f("ix_room_crew_id"))
        batch_op.drop_column("crew_id")
    op.drop_index(op.f("ix_crew_night_crew_id"), table_name="crew_night")
    op.drop_table("crew_night")
    op.drop_index(op.f("ix_crew_season_crew_id"), table_name="crew_season")
    op.drop_table("crew_season")
    op.drop_index(op.f("ix_crew_member_token_hash"), table_name="crew_member")
    op.drop_index(op.f("ix_crew_member_crew_id"), table_name="crew_member")
    op.drop_table("crew_member")
    op.drop_table("crew")

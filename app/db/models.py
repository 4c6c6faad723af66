"""Tables: room, seat, action (append-only) and snapshot (a cache the action log reproduces)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}  # noqa: RUF012


class Room(Base):
    __tablename__ = "room"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code: Mapped[str] = mapped_column(String(6), unique=True)
    game: Mapped[str] = mapped_column(String(32))
    mode: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]]
    status: Mapped[str] = mapped_column(String(16), default="lobby", index=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    seed_hash: Mapped[str] = mapped_column(String(64))
    seq: Mapped[int] = mapped_column(Integer, default=0)
    rematch_code: Mapped[str | None] = mapped_column(String(6), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # The crew the room belongs to (app/db/crews.py), if any.
    crew_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)


class Seat(Base):
    __tablename__ = "seat"

    room_id: Mapped[int] = mapped_column(
        ForeignKey("room.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(24))
    bot: Mapped[bool] = mapped_column(Boolean, default=False)
    # A seat whose player left (clock ran out while disconnected, or the host said so): the
    # game's bot plays it until the player comes back with their token.
    away: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # The crew member seated here (crew_member.id), if any.
    member_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Action(Base):
    """Append-only: the truth of every match. Never updated, never deleted."""

    __tablename__ = "action"
    __table_args__ = (
        UniqueConstraint("room_id", "seq"),
        UniqueConstraint("room_id", "seat", "cid"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("room.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    cid: Mapped[str] = mapped_column(String(64))
    action: Mapped[dict[str, Any]]
    # The room's own event for this action, if any (a bot standing in for the seat).
    note: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Snapshot(Base):
    """The engine state after the room's latest action, and the recent public log."""

    __tablename__ = "snapshot"

    room_id: Mapped[int] = mapped_column(
        ForeignKey("room.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict[str, Any]]
    log: Mapped[list[Any]]
    # Turn clock: since when each seat in to_act has been waiting ({"since": {seat: epoch s}}).
    clock: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default="{}")
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

"""Crew tables (PROTOCOL.md "Crews (1.1)") and the SQL the crew service needs, as plain
functions over one session (one transaction), like app/db/store.py.

`crew_night` is a cache: one row per finished crew room, derived from that room's final state
(`app/crews/nights.py`); dropping a crew's rows and deriving them again gives the same rows.
`room.crew_id` and `seat.member_id` (app/db/models.py) tie rooms and seats to crews.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    delete,
    select,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, Session, mapped_column

from app.db.models import Base, Room, Seat, utcnow


class Crew(Base):
    __tablename__ = "crew"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CrewMember(Base):
    """A member: its number in the crew (0 = the creator, the admin), its name, and its crew
    token, stored only as a hash. A removed member keeps its row: past nights still count."""

    __tablename__ = "crew_member"
    __table_args__ = (
        UniqueConstraint("crew_id", "number"),
        UniqueConstraint("crew_id", "name_key"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    crew_id: Mapped[int] = mapped_column(ForeignKey("crew.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(24))
    name_key: Mapped[str] = mapped_column(String(96))  # casefolded: names are unique that way
    token_hash: Mapped[str] = mapped_column(String(64), index=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    removed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class CrewSeason(Base):
    """Standings count from the newest season's start; season 1 starts with the crew."""

    __tablename__ = "crew_season"
    __table_args__ = (UniqueConstraint("crew_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    crew_id: Mapped[int] = mapped_column(ForeignKey("crew.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CrewNight(Base):
    """What a finished crew room counts for: its seats (with members and start/end money),
    result and score. Derived, never the truth: the room's action log is."""

    __tablename__ = "crew_night"

    room_id: Mapped[int] = mapped_column(
        ForeignKey("room.id", ondelete="CASCADE"), primary_key=True
    )
    crew_id: Mapped[int] = mapped_column(ForeignKey("crew.id", ondelete="CASCADE"), index=True)
    code: Mapped[str] = mapped_column(String(6))
    game: Mapped[str] = mapped_column(String(32))
    mode: Mapped[str] = mapped_column(String(32))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # [{"seat", "name", "member" (number or null), "start", "end" (money or null)}]
    seats: Mapped[list[Any]] = mapped_column(JSON)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    score: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)


OPEN_ROOMS_FOR = timedelta(hours=24)  # a lobby left open longer is no longer "open"
OPEN_ROOMS_MAX = 20


def crew_by_code(session: Session, code: str, *, lock: bool = False) -> Crew | None:
    query = select(Crew).where(Crew.code == code)
    if lock:
        query = query.with_for_update()
    return session.execute(query).scalar_one_or_none()


def crew_by_id(session: Session, crew_id: int) -> Crew | None:
    return session.get(Crew, crew_id)


def crew_code_taken(session: Session, code: str) -> bool:
    return crew_by_code(session, code) is not None


def members_of(session: Session, crew_id: int) -> list[CrewMember]:
    """Every member ever, removed ones included, by number."""
    query = select(CrewMember).where(CrewMember.crew_id == crew_id).order_by(CrewMember.number)
    return list(session.execute(query).scalars())


def seasons_of(session: Session, crew_id: int) -> list[CrewSeason]:
    query = select(CrewSeason).where(CrewSeason.crew_id == crew_id).order_by(CrewSeason.number)
    return list(session.execute(query).scalars())


def room_crew(session: Session, room_code: str) -> tuple[Room, Crew | None] | None:
    """The room with its crew (None for a room outside any crew); None for no such room."""
    room = session.execute(select(Room).where(Room.code == room_code)).scalar_one_or_none()
    if room is None:
        return None
    return room, (crew_by_id(session, room.crew_id) if room.crew_id is not None else None)


def rooms_without_night(session: Session, crew_id: int) -> list[Room]:
    """The crew's finished rooms whose night is not derived yet."""
    known = select(CrewNight.room_id).where(CrewNight.crew_id == crew_id)
    query = (
        select(Room)
        .where(Room.crew_id == crew_id, Room.status == "finished", Room.id.not_in(known))
        .order_by(Room.id)
    )
    return list(session.execute(query).scalars())


def nights_of(session: Session, crew_id: int) -> list[Any]:
    """Every derived night of the crew, oldest first: rows of the `crew_night` columns (read
    as plain rows, not ORM objects: a crew may have thousands)."""
    columns = [c for c in CrewNight.__table__.columns if c.name not in ("room_id", "crew_id")]
    query = (
        select(*columns)
        .where(CrewNight.crew_id == crew_id)
        .order_by(CrewNight.finished_at, CrewNight.room_id)
    )
    return list(session.execute(query).all())


def add_nights(session: Session, rows: list[dict[str, Any]]) -> None:
    """Insert derived nights; a night another instance derived first stays as it is (the
    same row: it is derived from the same log)."""
    if not rows:
        return
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    statement = dialect.insert(CrewNight).on_conflict_do_nothing(index_elements=["room_id"])
    session.execute(statement, rows)


def drop_nights(session: Session, crew_id: int) -> None:
    session.execute(delete(CrewNight).where(CrewNight.crew_id == crew_id))


def open_rooms(session: Session, crew_id: int) -> list[tuple[Room, list[Seat]]]:
    """The crew's rooms in the lobby or playing, opened in the last day, newest first."""
    query = (
        select(Room)
        .where(
            Room.crew_id == crew_id,
            Room.status.in_(("lobby", "playing")),
            Room.created_at >= utcnow() - OPEN_ROOMS_FOR,
        )
        .order_by(Room.created_at.desc(), Room.id.desc())
        .limit(OPEN_ROOMS_MAX)
    )
    rooms = list(session.execute(query).scalars())
    return [
        (
            room,
            list(
                session.execute(
                    select(Seat).where(Seat.room_id == room.id).order_by(Seat.seat)
                ).scalars()
            ),
        )
        for room in rooms
    ]

"""Crew tables (docs/PROTOCOL.md "Crews (1.1)") and every query the crews need: `CrewTx`, the
room layer's `Tx` (app/db/rooms.py) with the crew's reads and writes, answering in records
(frozen dataclasses), so that app/crews imports no SQLAlchemy and builds no rows.

`crew_night` is a cache: one row per finished crew room, derived from that room's final state
(`app/crews/nights.py`); dropping a crew's rows and deriving them again gives the same rows.
`room.crew_id` and `seat.member_id` (app/db/models.py) tie rooms and seats to crews.
"""

from __future__ import annotations

from dataclasses import dataclass
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
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from app.db.models import Base, Room, Seat, utcnow
from app.db.rooms import RoomRow, SeatRow, Tx, _room_row


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
    # How the name looks (its confusables skeleton, app/rooms/commands/checks.py `name_key`; rows from
    # before 2026-12-07 hold the casefolded name): names are unique that way.
    name_key: Mapped[str] = mapped_column(String(96))
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


@dataclass(frozen=True, slots=True)
class CrewRow:
    id: int
    code: str
    name: str


@dataclass(frozen=True, slots=True)
class MemberRow:
    id: int
    number: int
    name: str
    name_key: str
    token_hash: str
    removed_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class SeasonRow:
    number: int
    started_at: datetime


@dataclass(frozen=True, slots=True)
class NightRow:
    """A `crew_night` row but its keys (app/crews/nights.py reads it back as a night)."""

    code: str
    game: str
    mode: str
    finished_at: datetime
    seats: list[Any]
    result: dict[str, Any] | None
    score: list[Any] | None


class NameTaken(Exception):
    """Another member took the name (or the number) at the same moment, at another instance."""


def _crew_row(crew: Crew) -> CrewRow:
    return CrewRow(crew.id, crew.code, crew.name)


def _member_row(m: CrewMember) -> MemberRow:
    return MemberRow(m.id, m.number, m.name, m.name_key, m.token_hash, m.removed_at)


NIGHT_COLUMNS = [c for c in CrewNight.__table__.columns if c.name not in ("room_id", "crew_id")]


class CrewTx(Tx):
    """One transaction's crew reads and writes, over the room layer's `Tx`."""

    def crew(self, code: str, *, lock: bool = False) -> CrewRow | None:
        """With `lock`, the crew's row is held until commit (its members' changes queue)."""
        query = select(Crew).where(Crew.code == code)
        if lock:
            query = query.with_for_update()
        crew = self.session.execute(query).scalar_one_or_none()
        return None if crew is None else _crew_row(crew)

    def crew_code_taken(self, code: str) -> bool:
        return self.crew(code) is not None

    def members(self, crew_id: int) -> list[MemberRow]:
        """Every member ever, removed ones included, by number."""
        query = select(CrewMember).where(CrewMember.crew_id == crew_id)
        rows = self.session.execute(query.order_by(CrewMember.number)).scalars()
        return [_member_row(m) for m in rows]

    def seasons(self, crew_id: int) -> list[SeasonRow]:
        query = select(CrewSeason).where(CrewSeason.crew_id == crew_id)
        rows = self.session.execute(query.order_by(CrewSeason.number)).scalars()
        return [SeasonRow(s.number, s.started_at) for s in rows]

    def room_crew(self, room_code: str) -> tuple[RoomRow, CrewRow | None] | None:
        """The room with its crew (None for a room outside any crew); None for no such room."""
        query = select(Room).where(Room.code == room_code)
        room = self.session.execute(query).scalar_one_or_none()
        if room is None:
            return None
        crew = self.session.get(Crew, room.crew_id) if room.crew_id is not None else None
        return _room_row(room), (None if crew is None else _crew_row(crew))

    def rooms_without_night(self, crew_id: int) -> list[tuple[RoomRow, datetime]]:
        """The crew's finished rooms whose night is not derived yet, with when each finished
        (its creation for a room finished without the time)."""
        known = select(CrewNight.room_id).where(CrewNight.crew_id == crew_id)
        query = select(Room).where(
            Room.crew_id == crew_id, Room.status == "finished", Room.id.not_in(known)
        )
        rooms = self.session.execute(query.order_by(Room.id)).scalars()
        return [(_room_row(r), r.finished_at or r.created_at) for r in rooms]

    def nights(self, crew_id: int) -> list[NightRow]:
        """Every derived night of the crew, oldest first (read as plain rows, not ORM
        objects: a crew may have thousands)."""
        query = (
            select(*NIGHT_COLUMNS)
            .where(CrewNight.crew_id == crew_id)
            .order_by(CrewNight.finished_at, CrewNight.room_id)
        )
        return [NightRow(**row._mapping) for row in self.session.execute(query).all()]

    def open_rooms(self, crew_id: int) -> list[tuple[RoomRow, list[SeatRow]]]:
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
        rooms = list(self.session.execute(query).scalars())
        return [(_room_row(room), self.seats(room.id)) for room in rooms]

    # --- writes -------------------------------------------------------------------------

    def add_crew(
        self, code: str, name: str, admin: int, player: str, name_key: str, token_hash: str
    ) -> None:
        """A new crew, its first season (from the crew's creation) and its admin member."""
        crew = Crew(code=code, name=name)
        self.session.add(crew)
        self.session.flush()
        self.session.add(CrewSeason(crew_id=crew.id, number=1, started_at=crew.created_at))
        self.add_member(crew.id, admin, player, name_key, token_hash)

    def add_member(
        self, crew_id: int, number: int, name: str, name_key: str, token_hash: str
    ) -> None:
        """Raises `NameTaken` when the name or number was taken meanwhile (the unique keys)."""
        member = CrewMember(
            crew_id=crew_id,
            number=number,
            name=name,
            name_key=name_key,
            token_hash=token_hash,
        )
        self.session.add(member)
        try:
            self.session.flush()
        except IntegrityError as exc:
            raise NameTaken(name) from exc

    def set_crew_name(self, crew_id: int, name: str) -> None:
        self.session.execute(update(Crew).where(Crew.id == crew_id).values(name=name))

    def remove_member(self, member_id: int) -> None:
        query = update(CrewMember).where(CrewMember.id == member_id)
        self.session.execute(query.values(removed_at=utcnow()))

    def revoke_seats(self, member_id: int) -> list[tuple[str, int, bool]]:
        """The member's seat tokens stop working in every room (the seats stay, held by
        nobody); returns (room code, seat, whether the room is finished) of each."""
        query = (
            select(Room.code, Room.status, Seat.seat)
            .join(Room, Room.id == Seat.room_id)
            .where(Seat.member_id == member_id)
        )
        held = self.session.execute(query).all()
        self.session.execute(
            update(Seat).where(Seat.member_id == member_id).values(token_hash=None)
        )
        return [(code, seat, status == "finished") for code, status, seat in held]

    def add_season(self, crew_id: int, number: int) -> SeasonRow:
        """A season starting now."""
        season = CrewSeason(crew_id=crew_id, number=number, started_at=utcnow())
        self.session.add(season)
        return SeasonRow(season.number, season.started_at)

    def add_nights(self, rows: list[dict[str, Any]]) -> None:
        """Insert derived nights; a night another instance derived first stays as it is (the
        same row: it is derived from the same log)."""
        if not rows:
            return
        name = self.session.get_bind().dialect.name
        dialect = postgresql if name == "postgresql" else sqlite
        statement = dialect.insert(CrewNight).on_conflict_do_nothing(index_elements=["room_id"])
        self.session.execute(statement, rows)

    def drop_nights(self, crew_id: int) -> None:
        self.session.execute(delete(CrewNight).where(CrewNight.crew_id == crew_id))

"""The room layer's records of rows: frozen dataclasses, what `Tx` (rooms.py) answers in.
Their fields are the columns' names (app/db/models.py), which app/fast/sqlite.py's SQL relies on."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class RoomRow:
    id: int
    code: str
    game: str
    mode: str
    options: dict[str, Any]
    status: str
    seed: int
    seed_hash: str
    seq: int
    rematch_code: str | None
    finished_at: datetime | None
    crew_id: int | None = None  # a crew room's crew (app/db/crews.py)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    name: str
    bot: bool = False
    away: bool = False
    token_hash: str | None = None
    member_id: int | None = None  # the crew member seated here


@dataclass(frozen=True, slots=True)
class ActionRow:
    seq: int
    seat: int
    action: dict[str, Any]
    note: dict[str, Any] | None
    at: float  # epoch seconds it was stored


@dataclass(frozen=True, slots=True)
class SnapshotRow:
    seq: int
    state: dict[str, Any]
    log: list[Any]
    clock: dict[str, Any]


def room_row(room: Any) -> RoomRow:
    """The record of a room's row (a Core row, or a `Room` of the crews' ORM queries)."""
    return RoomRow(
        id=room.id,
        code=room.code,
        game=room.game,
        mode=room.mode,
        options=dict(room.options),
        status=room.status,
        seed=room.seed,
        seed_hash=room.seed_hash,
        seq=room.seq,
        rematch_code=room.rematch_code,
        finished_at=room.finished_at,
        crew_id=room.crew_id,
    )


def seat_row(seat: Any) -> SeatRow:
    """The record of a seat's row (a Core row)."""
    return SeatRow(
        seat.seat, seat.name, bool(seat.bot), bool(seat.away), seat.token_hash, seat.member_id
    )

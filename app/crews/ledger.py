"""A crew's record in the database: the crew, its members, its seasons and its nights.
Nights are derived lazily from the crew's finished rooms the first time they are needed (the
stored snapshot rolled forward over the actions after it) and cached in `crew_night`, which
any instance may fill again (app/db/crews.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from app.crews import nights as night_rules
from app.crews.members import crew_of
from app.crews.standings import Night
from app.db import crews as db
from app.db import store
from app.db.crews import Crew, CrewMember, CrewSeason
from app.db.models import Room
from app.rooms.checks import game_of, game_options
from app.rooms.errors import RoomError


@dataclass(frozen=True, slots=True)
class Record:
    """What one read gives: `stored` nights (oldest first) and the `fresh` ones derived in
    it from rooms finished since, as (room id, night), still to be stored."""

    crew: Crew
    members: list[CrewMember]
    seasons: list[CrewSeason]
    stored: list[Night]
    fresh: list[tuple[int, Night]]

    def nights(self) -> list[Night]:
        """Every night, oldest first."""
        every = self.stored + [night for _room_id, night in self.fresh]
        return sorted(every, key=lambda n: (n.finished_at, n.code))

    def rows(self) -> list[dict[str, Any]]:
        """The `crew_night` rows of the fresh nights."""
        return [night_rules.to_row(n, room_id, self.crew.id) for room_id, n in self.fresh]


def _final_state(session: Session, room: Room) -> Any:
    game = game_of(room.game)
    snap = store.snapshot_of(session, room.id)
    if snap is None:  # pragma: no cover - written when the room started
        raise RoomError("corrupt", f"room {room.code} has no state", 500)
    state = game.load(snap.state)
    for action in store.actions_of(session, room.id, after=snap.seq):
        state, _events = game.apply(state, action.seat, action.action)
    return state


def derive(session: Session, room: Room, numbers: dict[int, int]) -> Night:
    """The night of one finished room; `numbers` maps member ids to member numbers."""
    seats = [
        (s.seat, s.name, numbers.get(s.member_id) if s.member_id is not None else None)
        for s in store.seats_of(session, room.id)
    ]
    return night_rules.derive(
        game_of(room.game),
        code=room.code,
        mode=room.mode,
        options=game_options(room.options),
        seed=room.seed,
        seats=seats,
        final=_final_state(session, room),
        finished_at=room.finished_at or room.created_at,
    )


def read(session: Session, crew_code: str) -> Record:
    """The crew's record, deriving the nights of rooms finished since last asked."""
    crew = crew_of(session, crew_code)
    members = db.members_of(session, crew.id)
    numbers = {m.id: m.number for m in members}
    fresh = [(r.id, derive(session, r, numbers)) for r in db.rooms_without_night(session, crew.id)]
    stored = [night_rules.from_row(row) for row in db.nights_of(session, crew.id)]
    return Record(crew, members, db.seasons_of(session, crew.id), stored, fresh)


def drop(session: Session, crew_code: str) -> None:
    """Forget the crew's derived nights; the next read derives them again."""
    db.drop_nights(session, crew_of(session, crew_code).id)

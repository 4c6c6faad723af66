"""A crew's record in the database: the crew, its members, its seasons and its nights.
Nights are derived lazily from the crew's finished rooms the first time they are needed (the
stored snapshot rolled forward over the actions after it) and cached in `crew_night`, which
any instance may fill again. The SQL is in app/db/crews.py (`CrewTx`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.crews import nights as night_rules
from app.crews.identity import aware
from app.crews.members import crew_of
from app.crews.standings import Night
from app.db.crews import CrewRow, CrewTx, MemberRow, SeasonRow
from app.db.rooms import RoomRow
from app.errors import RoomError
from app.rooms.commands.checks import game_of, game_options


@dataclass(frozen=True, slots=True)
class Record:
    """What one read gives: `stored` nights (oldest first) and the `fresh` ones derived in
    it from rooms finished since, as (room id, night), still to be stored."""

    crew: CrewRow
    members: list[MemberRow]
    seasons: list[SeasonRow]
    stored: list[Night]
    fresh: list[tuple[int, Night]]

    def nights(self) -> list[Night]:
        """Every night, oldest first."""
        every = self.stored + [night for _room_id, night in self.fresh]
        return sorted(every, key=lambda n: (n.finished_at, n.code))

    def rows(self) -> list[dict[str, Any]]:
        """The `crew_night` rows of the fresh nights."""
        return [night_rules.to_row(n, room_id, self.crew.id) for room_id, n in self.fresh]


def _final_state(tx: CrewTx, room: RoomRow) -> Any:
    game = game_of(room.game)
    snap = tx.snapshot(room.id)
    if snap is None:  # pragma: no cover - written when the room started
        raise RoomError("corrupt", f"room {room.code} has no state", 500)
    state = game.load(snap.state)
    for action in tx.actions(room.id, after=snap.seq):
        state, _events = game.apply(state, action.seat, action.action)
    return state


def counted(members: list[MemberRow], finished_at: datetime) -> dict[int, int]:
    """Member ids to member numbers, for a room finished at `finished_at`: a member removed
    before then counts for nothing there (their earlier nights stay theirs)."""
    at = aware(finished_at)
    return {m.id: m.number for m in members if m.removed_at is None or aware(m.removed_at) > at}


def derive(tx: CrewTx, room: RoomRow, finished_at: datetime, members: list[MemberRow]) -> Night:
    """The night of one room that finished at `finished_at`, whose seats count for the
    `members` who were members then."""
    numbers = counted(members, finished_at)
    seats = [
        (s.seat, s.name, numbers.get(s.member_id) if s.member_id is not None else None, s.bot)
        for s in tx.seats(room.id)
    ]
    return night_rules.derive(
        game_of(room.game),
        code=room.code,
        mode=room.mode,
        options=game_options(room.options),
        seed=room.seed,
        seats=seats,
        final=_final_state(tx, room),
        finished_at=finished_at,
    )


def read(tx: CrewTx, crew_code: str) -> Record:
    """The crew's record, deriving the nights of rooms finished since last asked."""
    crew = crew_of(tx, crew_code)
    members = tx.members(crew.id)
    finished = tx.rooms_without_night(crew.id)
    fresh = [(r.id, derive(tx, r, at, members)) for r, at in finished]
    stored = [night_rules.from_row(row) for row in tx.nights(crew.id)]
    return Record(crew, members, tx.seasons(crew.id), stored, fresh)


def store(tx: CrewTx, rows: list[dict[str, Any]]) -> None:
    """Store nights derived in a read (their `Record.rows()`)."""
    tx.add_nights(rows)


def drop(tx: CrewTx, crew_code: str) -> None:
    """Forget the crew's derived nights; the next read derives them again."""
    tx.drop_nights(crew_of(tx, crew_code).id)

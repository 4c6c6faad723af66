"""Crew rooms: the member a crew token seats, the crew a room belongs to, and the crew's open
rooms as `GET /api/crews/{code}` lists them. Each function is the body of one read
transaction (`fn(tx, ...)` over a `CrewTx`, run by CrewService)."""

from __future__ import annotations

from app.crews.identity import holder
from app.crews.members import crew_of
from app.db.crews import CrewTx
from app.db.rooms import RoomRow, SeatRow
from app.games.base import JsonDict
from app.rooms.commands.codes import token_matches


def creator(tx: CrewTx, crew_code: str, token: str | None) -> tuple[int, int, str]:
    """(crew id, member id, member name) of the member who opens a crew room."""
    crew = crew_of(tx, crew_code)
    member = holder(tx.members(crew.id), token)
    return crew.id, member.id, member.name


def joiner(tx: CrewTx, room_code: str, token: str) -> tuple[int, str] | None:
    """(member id, name) the token seats in a crew room (a member of the room's crew, else
    `bad_token`); None for a room outside any crew, or no such room."""
    found = tx.room_crew(room_code)
    if found is None or found[1] is None:
        return None
    member = holder(tx.members(found[1].id), token)
    return member.id, member.name


def crew_code_of(tx: CrewTx, room_code: str) -> tuple[bool, str | None]:
    """(whether the room exists, the code of its crew or None)."""
    found = tx.room_crew(room_code)
    if found is None:
        return False, None
    return True, found[1].code if found[1] is not None else None


def crew_name_for(tx: CrewTx, room_code: str, token: str) -> str | None:
    """The crew's name when `token` is the seat token of one of its current members in the
    room; else None."""
    found = tx.room_crew(room_code)
    room, crew = found if found is not None else (None, None)
    if room is None or crew is None:
        return None
    current = {m.id for m in tx.members(crew.id) if m.removed_at is None}
    for seat in tx.seats(room.id):
        if seat.member_id in current and token_matches(token, seat.token_hash):
            return crew.name
    return None


def _seat(seat: SeatRow, numbers: dict[int, int]) -> JsonDict:
    member = numbers.get(seat.member_id) if seat.member_id is not None else None
    return {"seat": seat.seat, "name": seat.name, "member": member}


def _room(room: RoomRow, seats: list[SeatRow], numbers: dict[int, int]) -> JsonDict:
    return {
        "code": room.code,
        "url": f"/r/{room.code}",
        "game": room.game,
        "mode": room.mode,
        "status": room.status,
        "seats": [_seat(s, numbers) for s in seats],
    }


def open_rooms(tx: CrewTx, crew_id: int, numbers: dict[int, int]) -> list[JsonDict]:
    """The crew's rooms in the lobby or playing; `numbers` maps member ids to numbers."""
    return [_room(room, seats, numbers) for room, seats in tx.open_rooms(crew_id)]

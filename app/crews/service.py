"""Crew commands (docs/PROTOCOL.md "Crews (1.1)"): create, join, the crew with its standings and
nights, crew rooms, and the admin's rename, remove and new season.

CrewService runs each command's transactions through the room layer's database (`read` /
`write`: one writer on SQLite, database trouble as `unavailable`) and opens crew rooms through
the room layer's lobby. What the transactions do lives beside it:

- identity.py   crew codes and names, tokens (hashed at rest, compared in constant time)
- members.py    the crew and its members: create, join, rename, remove, new season
- seating.py    crew rooms: the member a token seats, a room's crew, the open rooms
- ledger.py     the crew's record: members, seasons, nights derived from finished rooms
- nights.py     one finished room as a night; standings.py the table over nights
- report.py     `GET /api/crews/{code}` from the record (no database)

Every query is in app/db/crews.py: a transaction is `fn(tx, ...)` over its `CrewTx`, which
answers in records; no module here imports SQLAlchemy (tests/test_layers.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from app.crews import ledger, members, seating
from app.crews.identity import clean_crew_name
from app.crews.report import Query, answer
from app.db.crews import CrewTx
from app.db.rooms import Tx
from app.errors import RoomError
from app.games.base import JsonDict
from app.rooms.commands.checks import clean_name
from app.rooms.commands.codes import new_token
from app.rooms.wiring import Rooms

__all__ = ["CrewService", "Query", "of_app"]

ROOMS_REMEMBERED = 10_000  # rooms whose crew this instance keeps in mind

T = TypeVar("T")


def _as_crew_tx(tx: Tx, fn: Callable[..., T], *args: Any) -> T:
    return fn(CrewTx(tx.session), *args)


class CrewService:
    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self._crew_of_room: dict[str, str | None] = {}  # a room's crew never changes

    async def _read(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(tx, *args)` over a `CrewTx`, in a read transaction of the room layer's
        database."""
        return await self.rooms.db.read(_as_crew_tx, fn, *args)

    async def _write(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(tx, *args)` in a write transaction (on SQLite, the one writer's)."""
        return await self.rooms.db.write(_as_crew_tx, fn, *args)

    # --- crews and members ------------------------------------------------------------------

    async def create(self, name: object, member_name: object) -> tuple[str, str]:
        """A new crew with its creator as member 0 (the admin). Returns (code, token)."""
        crew_name, player, token = clean_crew_name(name), clean_name(member_name), new_token()
        return await self._write(members.insert_crew, crew_name, player, token), token

    async def join(self, code: str, name: object) -> tuple[int, str]:
        """A new member. Returns (member number, token)."""
        player, token = clean_name(name), new_token()
        return await self._write(members.add_member, code, player, token), token

    async def rename(self, code: str, token: str | None, name: object) -> str:
        crew_name = clean_crew_name(name)
        await self._write(members.rename, code, token, crew_name)
        return crew_name

    async def remove(self, code: str, token: str | None, number: int) -> None:
        """The admin removes a member; their seat tokens are revoked. This instance reads
        every room of theirs again; every instance closes their sockets in the rooms not
        finished (and reads those again: a finished room's copy elsewhere may show its
        rematch's code to the old token until it is read again)."""
        revoked = await self._write(members.remove, code, token, number)
        for room_code, seat, finished in revoked:
            self.rooms.cache.forget(room_code)
            if not finished:
                await self.rooms.publish("seats", room_code, 0, {"from_seat": seat})

    async def new_season(self, code: str, token: str | None) -> JsonDict:
        return await self._write(members.add_season, code, token)

    # --- crew rooms -------------------------------------------------------------------------

    async def create_room(
        self, crew_code: str, token: str | None, game: str, mode: str, options: JsonDict | None
    ) -> tuple[str, str]:
        """A crew room whose seat 0 belongs to the token's member. Returns (code, token)."""
        crew_id, member_id, name = await self._read(seating.creator, crew_code, token)
        code, seat_token = await self.rooms.lobby.create(
            game, mode, name, options, crew_id=crew_id, member_id=member_id
        )
        self._remember(code, crew_code)
        return code, seat_token

    async def join_room(self, room_code: str, token: str, name: object) -> tuple[int, str]:
        """Join a room with a crew token: in a crew room the seat belongs to the token's member
        (it must be a member of the room's crew); any other room ignores the token."""
        held = await self._read(seating.joiner, room_code, token)
        if held is not None:
            member_id, member_name = held
            return await self.rooms.lobby.join(room_code, member_name, member_id=member_id)
        if name is None:
            raise RoomError("invalid", "name: Field required", 422)
        return await self.rooms.lobby.join(room_code, name)

    async def crew_of_room(self, room_code: str) -> str | None:
        """The code of the room's crew, None for a room outside any crew."""
        if room_code in self._crew_of_room:
            return self._crew_of_room[room_code]
        exists, crew_code = await self._read(seating.crew_code_of, room_code)
        if exists:
            self._remember(room_code, crew_code)
        return crew_code

    async def crew_name_for(self, room_code: str, token: str | None) -> str | None:
        """The name of the room's crew, for one of its current members' seat tokens in it;
        None for anyone else (a room's crew is its members' business)."""
        if token is None or await self.crew_of_room(room_code) is None:
            return None
        return await self._read(seating.crew_name_for, room_code, token)

    def _remember(self, room_code: str, crew_code: str | None) -> None:
        if len(self._crew_of_room) >= ROOMS_REMEMBERED:
            self._crew_of_room.clear()  # a bounded memory: read again when asked
        self._crew_of_room[room_code] = crew_code

    # --- nights and standings ---------------------------------------------------------------

    async def record(self, crew_code: str) -> ledger.Record:
        """The crew's record, storing the nights derived in reading it."""
        found = await self._read(ledger.read, crew_code)
        if found.fresh:
            await self._write(ledger.store, found.rows())
        return found

    async def rebuild(self, crew_code: str) -> None:
        """Drop the crew's derived nights; the next read derives them again from the rooms."""
        await self._write(ledger.drop, crew_code)

    async def get(self, crew_code: str, query: Query | None = None) -> JsonDict:
        """`GET /api/crews/{code}`: the crew, its members, standings, nights and open rooms."""
        found = await self.record(crew_code)
        body = answer(found, query or Query())
        numbers = {m.id: m.number for m in found.members}
        body["rooms"] = await self._read(seating.open_rooms, found.crew.id, numbers)
        return body


def of_app(state: Any) -> CrewService:
    """The app's crew service (made on first use, over the app's rooms)."""
    crews: CrewService | None = getattr(state, "crews", None)
    if crews is None or crews.rooms is not state.rooms:
        crews = state.crews = CrewService(state.rooms)
    return crews

"""Crew commands (PROTOCOL.md "Crews (1.1)"): create, join, the crew with its standings and
nights, crew rooms, and the admin's rename, remove and new season.

Transactions go through the room service's `_read` / `_write` (one writer on SQLite, database
trouble as `unavailable`). A member's identity is its crew token, stored only as a hash and
compared in constant time. Nights are derived lazily from finished crew rooms the first time
they are needed and cached in `crew_night` (idempotent across instances).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.crews import nights as night_rules
from app.crews.standings import Night, moves, with_last
from app.db import crews as db
from app.db import store
from app.db.crews import Crew, CrewMember, CrewSeason
from app.db.models import Room, utcnow
from app.db.rooms import Tx
from app.games.base import JsonDict
from app.rooms.checks import clean_name, game_of, game_options
from app.rooms.codes import ALPHABET, hash_token, new_token, token_matches
from app.rooms.errors import RoomError
from app.rooms.service import RoomService

CREW_CODE_LENGTH = 8
CREW_NAME_MAX = 40
NIGHTS_MAX = 50
ROOMS_REMEMBERED = 10_000  # rooms whose crew this instance keeps in mind


def new_crew_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CREW_CODE_LENGTH))


def is_crew_code(text: str) -> bool:
    return len(text) == CREW_CODE_LENGTH and all(c in ALPHABET for c in text)


def clean_crew_name(raw: object) -> str:
    """1–40 printable characters after trimming (PROTOCOL.md)."""
    if not isinstance(raw, str):
        raise RoomError("bad_name", "the crew's name must be text")
    name = raw.strip()
    if not 1 <= len(name) <= CREW_NAME_MAX or not name.isprintable():
        raise RoomError(
            "bad_name", f"the crew's name must be 1–{CREW_NAME_MAX} printable characters"
        )
    return name


def no_crew(code: str) -> RoomError:
    return RoomError("not_found", f"no crew {code!r}", 404)


def bad_token() -> RoomError:
    return RoomError("bad_token", "this is no member's crew token for this crew", 401)


def _aware(at: datetime) -> datetime:
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def _holder(members: list[CrewMember], token: str | None) -> CrewMember:
    """The current member whose token this is (constant-time comparisons, every member)."""
    if not token:
        raise RoomError("bad_token", "a crew token is required", 401)
    found = None
    for member in members:
        if token_matches(token, member.token_hash) and member.removed_at is None:
            found = member
    if found is None:
        raise bad_token()
    return found


T = TypeVar("T")


def _on_session(tx: Tx, fn: Callable[..., T], *args: Any) -> T:
    return fn(tx.session, *args)


_Read = tuple[Crew, list[CrewMember], list[CrewSeason], list[Night], list[tuple[int, Night]]]


@dataclass(frozen=True, slots=True)
class Query:
    """What `GET /api/crews/{code}` restricts: a game (and mode), a season, nights before a
    time, or the table as it stood after one room's night."""

    game: str | None = None
    mode: str | None = None
    season: int | None = None
    before: datetime | None = None
    room: str | None = None


class CrewService:
    def __init__(self, rooms: RoomService) -> None:
        self.rooms = rooms
        self._crew_of_room: dict[str, str | None] = {}  # a room's crew never changes

    # --- helpers ----------------------------------------------------------------------------

    async def _read(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(session, *args)` in a read transaction of the room layer's database."""
        return await self.rooms.db.read(_on_session, fn, *args)

    async def _write(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(session, *args)` in a write transaction (on SQLite, the one writer's)."""
        return await self.rooms.db.write(_on_session, fn, *args)

    @staticmethod
    def _crew(session: Session, code: str, *, lock: bool = False) -> Crew:
        if not is_crew_code(code):
            raise no_crew(code)
        crew = db.crew_by_code(session, code, lock=lock)
        if crew is None:
            raise no_crew(code)
        return crew

    def _admin(self, session: Session, crew: Crew, token: str | None) -> CrewMember:
        member = _holder(db.members_of(session, crew.id), token)
        if member.number != 0:
            raise RoomError("not_admin", "only the crew's admin (member 0) may do this", 403)
        return member

    # --- crews and members ------------------------------------------------------------------

    async def create(self, name: object, member_name: object) -> tuple[str, str]:
        """A new crew with its creator as member 0 (the admin). Returns (code, token)."""
        crew_name = clean_crew_name(name)
        player = clean_name(member_name)
        token = new_token()

        def insert(session: Session) -> str:
            code = new_crew_code()
            while db.crew_code_taken(session, code):
                code = new_crew_code()
            crew = Crew(code=code, name=crew_name)
            session.add(crew)
            session.flush()
            session.add(CrewSeason(crew_id=crew.id, number=1, started_at=crew.created_at))
            session.add(
                CrewMember(
                    crew_id=crew.id,
                    number=0,
                    name=player,
                    name_key=player.casefold(),
                    token_hash=hash_token(token),
                )
            )
            return code

        return await self._write(insert), token

    async def join(self, code: str, name: object) -> tuple[int, str]:
        player = clean_name(name)
        token = new_token()

        def insert(session: Session) -> int:
            crew = self._crew(session, code, lock=True)
            members = db.members_of(session, crew.id)
            if any(m.name_key == player.casefold() for m in members):
                raise RoomError("name_taken", f"a member is already called {player!r}", 409)
            number = 1 + max(m.number for m in members)
            session.add(
                CrewMember(
                    crew_id=crew.id,
                    number=number,
                    name=player,
                    name_key=player.casefold(),
                    token_hash=hash_token(token),
                )
            )
            session.flush()
            return number

        try:
            return await self._write(insert), token
        except IntegrityError as exc:  # the same name at the same moment, at another instance
            raise RoomError("name_taken", f"a member is already called {player!r}", 409) from exc

    async def rename(self, code: str, token: str | None, name: object) -> str:
        crew_name = clean_crew_name(name)

        def change(session: Session) -> None:
            crew = self._crew(session, code, lock=True)
            self._admin(session, crew, token)
            crew.name = crew_name

        await self._write(change)
        return crew_name

    async def remove(self, code: str, token: str | None, number: int) -> None:
        """The admin removes a member: their token stops working; their nights still count."""

        def change(session: Session) -> None:
            crew = self._crew(session, code, lock=True)
            self._admin(session, crew, token)
            if number == 0:
                raise RoomError("bad_member", "the admin cannot be removed", 400)
            member = next((m for m in db.members_of(session, crew.id) if m.number == number), None)
            if member is None or member.removed_at is not None:
                raise RoomError("not_found", f"no member {number}", 404)
            member.removed_at = utcnow()

        await self._write(change)

    async def new_season(self, code: str, token: str | None) -> JsonDict:
        def insert(session: Session) -> JsonDict:
            crew = self._crew(session, code, lock=True)
            self._admin(session, crew, token)
            seasons = db.seasons_of(session, crew.id)
            season = CrewSeason(crew_id=crew.id, number=seasons[-1].number + 1, started_at=utcnow())
            session.add(season)
            return {"season": season.number, "started_at": _aware(season.started_at).isoformat()}

        return await self._write(insert)

    # --- crew rooms -------------------------------------------------------------------------

    async def create_room(
        self, crew_code: str, token: str | None, game: str, mode: str, options: JsonDict | None
    ) -> tuple[str, str]:
        """A crew room whose seat 0 belongs to the token's member. Returns (code, token)."""

        def member(session: Session) -> tuple[int, int, str]:
            crew = self._crew(session, crew_code)
            holder = _holder(db.members_of(session, crew.id), token)
            return crew.id, holder.id, holder.name

        crew_id, member_id, name = await self._read(member)
        code, seat_token = await self.rooms.create(
            game, mode, name, options, crew_id=crew_id, member_id=member_id
        )
        self._crew_of_room[code] = crew_code
        return code, seat_token

    async def join_room(self, room_code: str, token: str, name: object) -> tuple[int, str]:
        """Join a room with a crew token: in a crew room the seat belongs to the token's member
        (it must be a member of the room's crew); any other room ignores the token."""

        def member(session: Session) -> tuple[int, str] | None:
            found = db.room_crew(session, room_code)
            if found is None or found[1] is None:
                return None
            holder = _holder(db.members_of(session, found[1].id), token)
            return holder.id, holder.name

        held = await self._read(member)
        if held is None:
            if name is None:
                raise RoomError("invalid", "name: Field required", 422)
            return await self.rooms.join(room_code, name)
        member_id, member_name = held
        return await self.rooms.join(room_code, member_name, member_id=member_id)

    async def crew_of_room(self, room_code: str) -> str | None:
        """The code of the room's crew, None for a room outside any crew."""
        if room_code in self._crew_of_room:
            return self._crew_of_room[room_code]

        def read(session: Session) -> tuple[bool, str | None]:
            found = db.room_crew(session, room_code)
            if found is None:
                return False, None
            return True, found[1].code if found[1] is not None else None

        exists, crew_code = await self._read(read)
        if exists:
            if len(self._crew_of_room) >= ROOMS_REMEMBERED:
                self._crew_of_room.clear()  # a bounded memory: read again when asked
            self._crew_of_room[room_code] = crew_code
        return crew_code

    # --- nights and standings ---------------------------------------------------------------

    def _derive(self, session: Session, room: Room, numbers: dict[int, int]) -> Night:
        """The night of one finished room, from its final state (the stored snapshot rolled
        forward over any actions after it)."""
        game = game_of(room.game)
        seats = store.seats_of(session, room.id)
        snap = store.snapshot_of(session, room.id)
        if snap is None:  # pragma: no cover - written when the room started
            raise RoomError("corrupt", f"room {room.code} has no state", 500)
        state = game.load(snap.state)
        for action in store.actions_of(session, room.id, after=snap.seq):
            state, _events = game.apply(state, action.seat, action.action)
        return night_rules.derive(
            game,
            code=room.code,
            mode=room.mode,
            options=game_options(room.options),
            seed=room.seed,
            seats=[
                (s.seat, s.name, numbers.get(s.member_id) if s.member_id is not None else None)
                for s in seats
            ],
            final=state,
            finished_at=room.finished_at or room.created_at,
        )

    async def _nights(
        self, crew_code: str
    ) -> tuple[Crew, list[CrewMember], list[CrewSeason], list[Night]]:
        """The crew, every member, its seasons and every night, oldest first, deriving (and
        caching) the nights of rooms finished since last asked."""

        def read(session: Session) -> _Read:
            crew = self._crew(session, crew_code)
            members = db.members_of(session, crew.id)
            numbers = {m.id: m.number for m in members}
            fresh = [
                (room.id, self._derive(session, room, numbers))
                for room in db.rooms_without_night(session, crew.id)
            ]
            stored = [night_rules.from_row(row) for row in db.nights_of(session, crew.id)]
            return crew, members, db.seasons_of(session, crew.id), stored, fresh

        crew, members, seasons, stored, fresh = await self._read(read)
        if fresh:
            rows = [night_rules.to_row(night, room_id, crew.id) for room_id, night in fresh]
            await self._write(db.add_nights, rows)
        derived = stored + [night for _room_id, night in fresh]
        derived.sort(key=lambda n: (n.finished_at, n.code))
        return crew, members, seasons, derived

    async def rebuild(self, crew_code: str) -> None:
        """Drop the crew's derived nights; the next read derives them again from the rooms."""

        def drop(session: Session) -> None:
            db.drop_nights(session, self._crew(session, crew_code).id)

        await self._write(drop)

    async def get(self, crew_code: str, query: Query | None = None) -> JsonDict:
        """`GET /api/crews/{code}`: the crew, its members, standings and nights."""
        query = query or Query()
        crew, members, seasons, every = await self._nights(crew_code)
        number = query.season or seasons[-1].number
        season = next((s for s in seasons if s.number == number), None)
        if season is None:
            raise RoomError("not_found", f"no season {number}", 404)
        later = next((s for s in seasons if s.number == number + 1), None)
        since = _aware(season.started_at)
        until = _aware(later.started_at) if later is not None else None
        chosen = [
            n
            for n in every
            if n.finished_at >= since
            and (until is None or n.finished_at < until)
            and (query.game is None or n.game == query.game)
            and (query.mode is None or n.mode == query.mode)
        ]
        if query.room is not None:
            upto = next((i for i, n in enumerate(chosen) if n.code == query.room), None)
            if upto is not None:
                chosen = chosen[: upto + 1]
        names = {m.number: m.name for m in members}
        current = [m.number for m in members if m.removed_at is None]
        before, table = with_last(chosen, names, current)
        listed = [n for n in chosen if query.before is None or n.finished_at < query.before]
        rooms = await self._read(self._open_rooms, crew.id, {m.id: m.number for m in members})
        return {
            "code": crew.code,
            "name": crew.name,
            "members": [
                {"member": m.number, "name": m.name} for m in members if m.removed_at is None
            ],
            "standings": [row.as_json() for row in table],
            "nights": [night_rules.as_json(n) for n in reversed(listed[-NIGHTS_MAX:])],
            "moved": {str(m): d for m, d in moves(before, table).items()},
            "season": number,
            "seasons": [
                {"season": s.number, "started_at": _aware(s.started_at).isoformat()}
                for s in seasons
            ],
            "rooms": rooms,
        }

    @staticmethod
    def _open_rooms(session: Session, crew_id: int, numbers: dict[int, int]) -> list[JsonDict]:
        return [
            {
                "code": room.code,
                "url": f"/r/{room.code}",
                "game": room.game,
                "mode": room.mode,
                "status": room.status,
                "seats": [
                    {
                        "seat": s.seat,
                        "name": s.name,
                        "member": numbers.get(s.member_id) if s.member_id is not None else None,
                    }
                    for s in seats
                ],
            }
            for room, seats in db.open_rooms(session, crew_id)
        ]


def of_app(state: Any) -> CrewService:
    """The app's crew service (made on first use, over the app's room service)."""
    crews: CrewService | None = getattr(state, "crews", None)
    if crews is None or crews.rooms is not state.service:
        crews = state.crews = CrewService(state.service)
    return crews

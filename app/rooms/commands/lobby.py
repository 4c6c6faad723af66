"""Before the match: a room is created, players join, bots sit down, options change, the
host starts it. Each is one transaction under the room's lock, then one message to every
instance (`lobby`, or `state` at the start)."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from app.db.rooms import RoomRow, SeatRow, Tx
from app.errors import RoomError
from app.games.base import Game, GameError, JsonDict
from app.rooms.commands import checks
from app.rooms.commands.cache import RoomCache
from app.rooms.commands.codes import hash_token, new_code, new_seed, new_token, seed_hash
from app.rooms.push.broker import Publisher
from app.rooms.push.views import RoomSnapshot, SeatInfo


def since_now(to_act: frozenset[int]) -> JsonDict:
    """The clock of a fresh match: everyone asked to act started waiting now."""
    now = time.time()
    return {"since": {str(seat): now for seat in to_act}}


def free_code(tx: Tx) -> str:
    code = new_code()
    while tx.code_taken(code):
        code = new_code()
    return code


class Lobby:
    def __init__(self, rooms: RoomCache, publish: Publisher) -> None:
        self.rooms = rooms
        self.db = rooms.db
        self.publish = publish

    async def create(
        self,
        game_id: str,
        mode: str,
        name: object,
        options: JsonDict | None,
        *,
        crew_id: int | None = None,
        member_id: int | None = None,
    ) -> tuple[str, str]:
        """A new room with its creator in seat 0 (the host). Returns (code, token). A crew
        room has its crew, and seat 0 the crew member (app/crews/service.py)."""
        full_options = _room_options(game_id, mode, options)
        player, token, seed = checks.clean_name(name), new_token(), new_seed()

        def insert(tx: Tx) -> str:
            row = RoomRow(
                id=0,
                code=new_code(),
                game=game_id,
                mode=mode,
                options=full_options,
                status="lobby",
                seed=seed,
                seed_hash=seed_hash(seed),
                seq=0,
                rematch_code=None,
                finished_at=None,
                crew_id=crew_id,
            )
            while (room_id := tx.add_room_unless_taken(row)) is None:
                row = replace(row, code=new_code())  # taken: another code
            seat = SeatRow(0, player, token_hash=hash_token(token), member_id=member_id)
            tx.add_seat(room_id, seat)
            return row.code

        return await self.db.write(insert), token

    async def join(
        self, code: str, name: object, *, member_id: int | None = None
    ) -> tuple[int, str]:
        player = checks.clean_name(name)
        token = new_token()
        seat = await self._add_seat(code, player, bot=False, token=token, member_id=member_id)
        return seat, token

    async def add_bot(self, code: str, token: str | None) -> int:
        def game_of_host(tx: Tx) -> str:
            room = checks.room_of(tx, code)
            checks.host(tx.seats(room.id), token)
            return room.game

        game = checks.game_of(await self.db.read(game_of_host))
        if not checks.has_bot(game):
            raise RoomError("no_bot", f"{game.id} has no bot yet", 409)
        seats = (await self.rooms.snapshot(code)).seats
        return await self._add_seat(code, _bot_name(seats), bot=True, token=token)

    async def _add_seat(
        self, code: str, name: str, *, bot: bool, token: str | None, member_id: int | None = None
    ) -> int:
        def insert(tx: Tx) -> int:
            room = checks.room_of(tx, code, lock=True)
            seats = tx.seats(room.id)
            if bot:
                checks.host(seats, token)
            if member_id is not None and any(s.member_id == member_id for s in seats):
                raise RoomError("already_seated", "this crew member already has a seat", 409)
            seat = _free_seat(room, seats)
            seated = name if bot else _unlike(tx, room, seats, name, member_id)
            token_hash = None if bot else hash_token(token or "")
            tx.add_seat(
                room.id, SeatRow(seat, seated, bot, token_hash=token_hash, member_id=member_id)
            )
            return seat

        async with self.rooms.lock(code):
            seat = await self.db.write(insert)
        await self.publish("lobby", code, 0)
        return seat

    async def set_options(self, code: str, token: str | None, changes: JsonDict) -> None:
        """Change game options in the lobby: the host any of them, another player only those
        its seat owns (`OptionSpec.seat`). The room-level `turn_seconds` is fixed at creation.
        All or nothing: one bad value and nothing changes."""

        def change(tx: Tx) -> None:
            room = checks.room_of(tx, code, lock=True)
            seat = checks.seat_of(tx.seats(room.id), token)
            _still_in_lobby(room)
            tx.set_options(room.id, room.options | _changed_options(room, seat, changes))

        async with self.rooms.lock(code):
            await self.db.write(change)
        await self.publish("lobby", code, 0)

    async def remove_seat(self, code: str, seat: int, token: str | None) -> None:
        """In the lobby, the host removes a seat (not its own): its token stops working and
        the seats after it move down one. Every instance closes the sockets of the seats that
        moved (they reconnect and authenticate again; the removed token gets `bad_token`):
        the broker's `seats` message says from which seat."""

        def remove(tx: Tx) -> None:
            room = checks.room_of(tx, code, lock=True)
            seats = tx.seats(room.id)
            checks.host(seats, token)
            _still_in_lobby(room)
            if seat == 0:
                raise RoomError("not_host", "the host cannot remove its own seat", 403)
            if seat not in {s.seat for s in seats}:
                raise RoomError("not_found", f"nobody sits in seat {seat}", 404)
            tx.remove_seat(room.id, seat)

        async with self.rooms.lock(code):
            await self.db.write(remove)
        self.rooms.forget(code)
        self.rooms.seats_changed(code)
        await self.publish("seats", code, 0, {"from_seat": seat})

    async def start(self, code: str, token: str | None) -> None:
        def begin(tx: Tx) -> RoomSnapshot:
            room = checks.room_of(tx, code, lock=True)
            seats = tx.seats(room.id)
            checks.host(seats, token)
            _ready(room, len(seats))
            game = checks.game_of(room.game)
            state = _new_state(game, room, len(seats))
            clock = since_now(game.to_act(state))
            tx.add_snapshot(room.id, game.dump(state), clock)
            tx.start(room.id)
            # What every phone is about to ask for, kept from here rather than read back.
            snap = self.rooms.stateless(room, seats)
            snap.status, snap.state = "playing", state
            snap.since = {int(k): float(v) for k, v in clock["since"].items()}
            return snap

        async with self.rooms.lock(code):
            snap = await self.db.write(begin)
        self.rooms.remember(snap)
        await self.publish("state", code, 0)


def _unlike(tx: Tx, room: RoomRow, seats: list[SeatRow], name: str, member_id: int | None) -> str:
    """`name` if it looks like no seat's name and, for a guest in a crew room, like no
    member's of the crew; else `name_taken`."""
    taken = [s.name for s in seats]
    if member_id is None and room.crew_id is not None:
        taken += tx.member_names(room.crew_id)
    if checks.looks_like(name, taken):
        raise RoomError("name_taken", f"someone here is already called {name!r}", 409)
    return name


def _bot_name(seats: list[SeatInfo]) -> str:
    """ "Bot N" for the first N that looks like nobody's name at the table."""
    number = 1 + sum(s.bot for s in seats)
    while checks.looks_like(f"Bot {number}", [s.name for s in seats]):
        number += 1
    return f"Bot {number}"


def _room_options(game_id: str, mode: str, options: JsonDict | None) -> JsonDict:
    """The options a new room is created with: the game's, checked, and the clock."""
    game = checks.game_of(game_id)
    spec = game.modes.get(mode)
    if spec is None:
        raise RoomError("unknown_mode", f"{game_id} has no mode {mode!r}")
    raw = dict(options or {})
    seconds = checks.turn_seconds(raw, game_id, mode)
    try:
        return spec.check_options(raw) | {"turn_seconds": seconds}
    except GameError as exc:
        raise RoomError("bad_options", str(exc)) from exc


def _new_state(game: Game[Any], room: RoomRow, seats: int) -> Any:
    """The match's first state; options that this seat count refuses (a start player or a
    scorer past the last seat) are the host's to change: 400 `bad_options`, nothing started."""
    try:
        return game.new(room.mode, checks.game_options(room.options), seats, room.seed)
    except GameError as exc:
        raise RoomError("bad_options", str(exc)) from exc


def _still_in_lobby(room: RoomRow) -> None:
    if room.status != "lobby":
        raise RoomError("already_started", "the match has already started", 409)


def _free_seat(room: RoomRow, seats: list[SeatRow]) -> int:
    """The lowest free seat of a room in its lobby."""
    _still_in_lobby(room)
    spec = checks.game_of(room.game).modes[room.mode]
    if len(seats) >= spec.max_players:
        raise RoomError("room_full", f"all {spec.max_players} seats are taken", 409)
    return min(set(range(spec.max_players)) - {s.seat for s in seats})


def _changed_options(room: RoomRow, seat: int, changes: JsonDict) -> dict[str, Any]:
    """The checked values of `changes`, if `seat` may make them all."""
    spec = checks.game_of(room.game).modes[room.mode]
    unknown = sorted(set(changes) - set(spec.options))
    if not changes or unknown:
        what = f"unknown option(s): {', '.join(unknown)}" if unknown else "no options"
        raise RoomError("bad_options", f"{what}; the lobby changes only game options")
    owners = spec.owners()
    if seat != 0 and any(owners.get(name) != seat for name in changes):
        raise RoomError("not_host", "only the host, or the seat that owns it", 403)
    try:
        checked = spec.check_options(checks.game_options(room.options) | changes)
    except GameError as exc:
        raise RoomError("bad_options", str(exc)) from exc
    return {name: checked[name] for name in changes}


def _ready(room: RoomRow, seated: int) -> None:
    """The room may start: still in its lobby, with enough players and not too many."""
    _still_in_lobby(room)
    spec = checks.game_of(room.game).modes[room.mode]
    if not spec.min_players <= seated <= spec.max_players:
        raise RoomError(
            "player_count",
            f"needs {spec.min_players}–{spec.max_players} players, {seated} seated",
            409,
        )

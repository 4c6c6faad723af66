"""A rematch: the same game, mode, options and seats in a new room that starts at once;
every seated player's token holds the same seat there. Asked twice, it is the same room."""

from __future__ import annotations

from dataclasses import replace

from app.db.rooms import RoomRow, Tx
from app.errors import RoomError
from app.rooms.commands import checks
from app.rooms.commands.cache import RoomCache
from app.rooms.commands.codes import new_seed, seed_hash
from app.rooms.commands.lobby import free_code, since_now
from app.rooms.push.broker import Publisher


class Rematches:
    def __init__(self, rooms: RoomCache, publish: Publisher) -> None:
        self.rooms = rooms
        self.publish = publish

    async def rematch(self, code: str, token: str | None) -> str:
        """The rematch's code; the host asks, once the match is over."""
        async with self.rooms.lock(code):
            new_room_code, new = await self.rooms.db.write(_insert, code, token)
        if new:
            await self.publish("rematch", code, 0)
            await self.publish("state", new_room_code, 0)
        return new_room_code


def _insert(tx: Tx, code: str, token: str | None) -> tuple[str, bool]:
    """(the rematch's code, whether it is new)"""
    room = checks.room_of(tx, code, lock=True)
    seats = tx.seats(room.id)
    checks.host(seats, token)
    if room.status != "finished":
        raise RoomError("not_finished", "the match is not over yet", 409)
    if room.rematch_code is not None:
        return room.rematch_code, False
    game = checks.game_of(room.game)
    seed = new_seed()
    new = _new_room(room, free_code(tx), seed)
    new_id = tx.add_room(new, started=True)
    for s in seats:
        tx.add_seat(new_id, s)
    state = game.new(room.mode, checks.game_options(room.options), len(seats), seed)
    tx.add_snapshot(new_id, game.dump(state), since_now(game.to_act(state)))
    tx.set_rematch(room.id, new.code)
    return new.code, True


def _new_room(room: RoomRow, code: str, seed: int) -> RoomRow:
    return replace(
        room,
        code=code,
        options=dict(room.options),
        status="playing",
        seed=seed,
        seed_hash=seed_hash(seed),
        seq=0,
        rematch_code=None,
        finished_at=None,
    )

"""After the match: the latest finished matches, a match's seed and action log, and its view
at any step with every card face up, rebuilt from the seed and the log (the action log is
the truth; the snapshot only a cache)."""

from __future__ import annotations

from app.db.rooms import ActionRow, RoomRow, SeatRow, Tx
from app.games import registry
from app.games.base import JsonDict
from app.rooms import checks
from app.rooms.cache import RoomCache
from app.rooms.errors import RoomError
from app.rooms.views import RoomSnapshot, revealed_view


class Replays:
    def __init__(self, rooms: RoomCache) -> None:
        self.rooms = rooms
        self.db = rooms.db

    async def recent(self, limit: int = 20) -> list[JsonDict]:
        """The latest finished matches, newest first: who played and how it ended."""
        rows = await self.db.read(lambda tx: tx.recent_finished(limit))
        matches = []
        for room, snap, seats in rows:
            game = registry.get(room.game)
            if game is None:
                continue
            result = game.result(game.load(snap.state))
            matches.append(_summary(room, seats) | {"result": result})
        return matches

    async def replay(self, code: str) -> JsonDict:
        def read(tx: Tx) -> tuple[RoomRow, list[ActionRow], RoomSnapshot]:
            room = _finished(tx, code)
            return room, tx.actions(room.id), self.rooms.load(tx, room)

        room, actions, snap = await self.db.read(read)
        return {
            "seed": str(room.seed),
            "seed_hash": room.seed_hash,
            "actions": [{"seq": a.seq, "seat": a.seat, "action": a.action} for a in actions],
            "result": snap.game.result(snap.state),
        }

    async def replay_view(self, code: str, seq: int) -> JsonDict:
        """The view at `seq` with every card revealed, rebuilt from the action log."""

        def read(tx: Tx) -> tuple[RoomRow, list[ActionRow], list[SeatRow]]:
            room = _finished(tx, code)
            if not 0 <= seq <= room.seq:
                raise RoomError("not_found", f"no step {seq}; the last is {room.seq}", 404)
            return room, tx.actions(room.id, upto=seq), tx.seats(room.id)

        room, actions, seats = await self.db.read(read)
        game = checks.game_of(room.game)
        state = game.new(room.mode, checks.game_options(room.options), len(seats), room.seed)
        events: list[JsonDict] = []
        for a in actions:
            state, new_events = game.apply(state, a.seat, a.action)
            notes = [a.note] if a.note else []
            events.extend({"seq": a.seq, **e} for e in (*notes, *new_events))
        status = "finished" if seq == room.seq else "playing"
        return {"seq": seq, "view": revealed_view(game, room.mode, state, status, events)}


def _finished(tx: Tx, code: str) -> RoomRow:
    room = checks.room_of(tx, code)
    if room.status != "finished":
        raise RoomError("not_finished", "the replay opens when the match is over", 409)
    return room


def _summary(room: RoomRow, seats: list[SeatRow]) -> JsonDict:
    return {
        "code": room.code,
        "game": room.game,
        "mode": room.mode,
        "finished_at": room.finished_at.isoformat() if room.finished_at else None,
        "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in seats],
    }

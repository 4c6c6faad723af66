"""The game's commands, `act` and `set_away`: the one way a game command goes.

`act` holds the room's lock, takes the room as this instance last saw it (its copy; the
database when it has none), lets the engine check and apply the action (`RoomSnapshot.step`),
and hands the action to the journal, which appends it in the next group commit together with
other rooms' actions. Only once committed is the copy moved on and `(room, seq)` published to
the broker, with the move; the broker hands it to `Fanout` (app/rooms/fanout.py) here (and at every other
instance), which pushes the views to the hub's sockets and then runs what follows a change:
the clock, the odds, the bots. Another instance that moved the room on first makes the
append conflict on the unique `(room, seq)`: the command reloads the room and looks again,
so every command is applied exactly once, in one order, whichever instance it reaches.
Checks follow boardgame.io's order: well-formed, authenticated, game over, your turn, legal.

The snapshot row is a cache of the action log: written at start, every `SNAPSHOT_EVERY`
actions and at the end; a reader rolls it forward with the actions after it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from app import metrics
from app.db.journal import Append, Conflict
from app.db.rooms import Database, Tx
from app.errors import RoomError, unavailable
from app.games import registry
from app.games.base import GameError, JsonDict, NotYourTurn
from app.rooms.commands import checks
from app.rooms.commands.cache import RoomCache
from app.rooms.push.broker import Publisher
from app.rooms.push.views import RoomSnapshot, Step

SNAPSHOT_EVERY = 16  # actions between two stored snapshots (and the last one of a match)
CONFLICTS_MAX = 5  # reloads of a room another instance keeps moving on before giving up


@dataclass(frozen=True, slots=True)
class Command:
    """One `act`: `seat` of room `code` plays `action`, known to it as `cid`."""

    code: str
    seat: int
    cid: str
    action: JsonDict
    note: JsonDict | None  # the room's own event logged before the game's (a stand-in)

    def append(self, snap: RoomSnapshot, step: Step, at: float) -> Append:
        """The journal's row for `step` decided at `at`, with a snapshot every
        `SNAPSHOT_EVERY` and at the end of the match."""
        finished = step.status == "finished"
        stored = None
        if step.seq % SNAPSHOT_EVERY == 0 or finished:
            stored = (snap.game.dump(step.state), step.log, step.clock())
        return Append(
            snap.room_id,
            step.seq,
            self.seat,
            self.cid,
            self.action,
            self.note,
            finished,
            stored,
            at,
        )

    def move(self, at: float) -> JsonDict:
        """The move as published, for an instance one step behind to follow (`follow`)."""
        return {"seat": self.seat, "action": self.action, "note": self.note, "at": at}


class RoomService:
    """The game's commands of this instance: `act` and `set_away`. Built from the database,
    this instance's copies of rooms and the broker's `publish` (wiring.py builds the rest)."""

    def __init__(self, db: Database, rooms: RoomCache, publish: Publisher) -> None:
        self.db = db
        self.rooms = rooms
        self.publish = publish
        self.closing = False  # SIGTERM (`Rooms.aclose`): nothing new starts
        # The games are imported here, once: a write in the journal's thread looks its game
        # up, and must never be the first to (another thread would see half the registry).
        registry.all_games()

    async def act(
        self, code: str, seat: int, cid: str, action: JsonDict, note: JsonDict | None = None
    ) -> int:
        """Apply `action` for `seat`; returns the seq it got (the same seq for a repeated cid).
        `note` is a room-level event logged before the game's own (e.g. a bot standing in)."""
        checks.command(cid, action)
        if self.closing:
            raise unavailable()
        started = time.perf_counter()
        async with self.rooms.lock(code):
            seq = await self._act_locked(Command(code, seat, cid, action, note))
        metrics.COMMAND_LATENCY.observe(time.perf_counter() - started)
        return seq

    async def _act_locked(self, cmd: Command) -> int:
        snap = self.rooms.latest(cmd.code)
        if snap is None or snap.state is None:
            snap = await self.rooms.snapshot(cmd.code)
        for _ in range(CONFLICTS_MAX):
            # The move's time, decided once: to the microsecond, as the action row keeps it,
            # so every instance's clock (read or followed) gives the same deadlines.
            now = round(time.time(), 6)
            step = await self._check(snap, cmd, now)
            if isinstance(step, int):
                return step  # this cid was applied before: its seq
            if isinstance(step, RoomSnapshot):
                snap = step  # it had moved on at another instance: look again
                continue
            # The log holds the legal element itself (made directly: `replace` costs twice that).
            cmd = Command(cmd.code, cmd.seat, cmd.cid, step.action, cmd.note)
            try:
                await self.db.append(cmd.append(snap, step, now))
            except Conflict:
                # This cid went in before (a re-send, perhaps at another instance), or another
                # instance moved the room on first: answer that seq, or look again.
                done = await self._seq_of_cid(snap.room_id, cmd)
                if done is not None:
                    return done
                snap = await self.rooms.snapshot(cmd.code)
                continue
            await self._committed(snap, step, cmd.move(now))
            return step.seq
        raise unavailable()

    async def _check(
        self, snap: RoomSnapshot, cmd: Command, now: float
    ) -> Step | RoomSnapshot | int:
        """The engine's step, if it takes the action; else the seq this cid got before, or
        the room as it stands now if it had moved on; else the engine's refusal."""
        if snap.state is None:
            raise RoomError("not_your_turn", "the match has not started", 409)
        try:
            if snap.status == "finished":
                raise GameError("the match is over")
            return snap.step(cmd.seat, cmd.action, cmd.note, now)
        except GameError as exc:
            # Refused now, but perhaps applied before (a re-sent cid): answer that seq.
            done = await self._seq_of_cid(snap.room_id, cmd)
            if done is not None:
                return done
            fresh = await self.rooms.snapshot(cmd.code)
            if (fresh.seq, fresh.status) != (snap.seq, snap.status):
                return fresh
            code = "not_your_turn" if isinstance(exc, NotYourTurn) else "illegal_action"
            raise RoomError(code, str(exc), 409) from exc

    async def _committed(self, snap: RoomSnapshot, step: Step, move: JsonDict) -> None:
        """The action is in the log: the copy moves on, and every instance hears of it with
        the move itself, so that one a step behind follows it without a read (`follow`)."""
        metrics.ACTIONS.inc()
        snap.take(step)
        self.rooms.remember(snap)
        await self.publish("state", snap.code, step.seq, move)

    async def _seq_of_cid(self, room_id: int, cmd: Command) -> int | None:
        return await self.db.read(Tx.seq_of_cid, room_id, cmd.seat, cmd.cid)

    async def set_away(self, code: str, seat: int, away: bool, token: str | None = None) -> None:
        """Mark a seat away (its bot plays) or back. With `token`, only the host may do it."""

        def mark(tx: Tx) -> int:
            room = checks.room_of(tx, code, lock=True)
            if token is not None:
                checks.host(tx.seats(room.id), token)
            if room.status != "playing":
                raise RoomError("not_playing", "seats are away only during a match", 409)
            if not tx.set_away(room.id, seat, away):
                raise RoomError("not_found", f"no human in seat {seat}", 404)
            return room.seq

        async with self.rooms.lock(code):
            seq = await self.db.write(mark)
        cached = self.rooms.latest(code)
        if cached is not None:
            cached.seats = [replace(s, away=away) if s.seat == seat else s for s in cached.seats]
            cached.forget_views()
        self.rooms.seats_changed(code)
        await self.publish("seats", code, seq)

"""This instance's rooms: its copy of each room it has seen (`RoomSnapshot`), how a copy is
read from the database (the stored snapshot rolled forward with the actions after it) or
rolled forward over a move another instance committed (`follow`), and one lock per room.

A copy never moves back: a read that began before a newer commit here keeps the newer copy.
"""

from __future__ import annotations

import asyncio
import weakref

from app.db.rooms import Database, RoomRow, SeatRow, Tx
from app.errors import RoomError
from app.games.base import GameError, JsonDict
from app.rooms.commands.checks import game_of, room_of, seat_holding
from app.rooms.push.views import RoomSnapshot, SeatInfo

CACHE_MAX = 5000  # rooms held; past it the oldest thousand are forgotten


class RoomCache:
    def __init__(self, db: Database, *, clock_scale: float = 1.0) -> None:
        self.db = db
        self.clock_scale = clock_scale
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._held: dict[str, RoomSnapshot] = {}  # latest snapshot this instance saw
        # Bumped when a room's seats change (away or back): a read that began before must not
        # put the old seats back in the cache.
        self._seats_changed: dict[str, int] = {}
        self._finding: dict[str, asyncio.Future[RoomSnapshot]] = {}  # must_exist's reads

    def lock(self, code: str) -> asyncio.Lock:
        """One command at a time per room, on this instance."""
        lock = self._locks.get(code)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[code] = lock
        return lock

    # --- reading ----------------------------------------------------------------------------

    async def snapshot(self, code: str) -> RoomSnapshot:
        """The room as it stands now (from this instance's copy when it is current)."""
        seats_seen = self._seats_changed.get(code, 0)
        snap = await self.db.read(lambda tx: self.load(tx, room_of(tx, code)))
        current = self._held.get(code)
        if current is not None and current.room_id == snap.room_id and current.seq > snap.seq:
            return current  # this instance committed more while the database was being read
        if self._seats_changed.get(code, 0) != seats_seen:
            return await self.snapshot(code)  # a seat changed while we read: read it again
        if snap.state is not None:
            self.remember(snap)
        return snap

    def load(self, tx: Tx, room: RoomRow) -> RoomSnapshot:
        """The room at `room.seq`: the copy when it is there, else rolled forward from the
        copy or the stored snapshot with the actions after it."""
        cached = self._held.get(room.code)
        if cached is not None and (cached.seq, cached.status) == (room.seq, room.status):
            cached.rematch_code = room.rematch_code  # seats never change once a match started
            return cached
        snap = self.stateless(room, tx.seats(room.id))
        if room.status == "lobby":
            return snap
        if cached is not None and cached.state is not None and cached.seq <= room.seq:
            snap.state, snap.seq, snap.log = cached.state, cached.seq, cached.log
            snap.since, snap.event_at = cached.since, cached.event_at
        else:
            _restore(tx, snap)
        # Roll forward over every action after the base, not only up to `room.seq`: without a
        # read transaction around them, the room row may have been read just before a commit
        # that the snapshot row or the action rows already show.
        snap.status = "finished" if snap.game.result(snap.state) is not None else "playing"
        for a in tx.actions(room.id, after=snap.seq):
            snap.take(snap.step(a.seat, a.action, a.note, a.at))
        if snap.seq < room.seq:  # pragma: no cover - the action log lost rows
            raise RoomError("corrupt", f"room {room.code}: log ends at {snap.seq}", 500)
        return snap

    def stateless(self, room: RoomRow, seats: list[SeatRow]) -> RoomSnapshot:
        """The room as its rows say, without the game's state."""
        return RoomSnapshot(
            code=room.code,
            room_id=room.id,
            game=game_of(room.game),
            mode=room.mode,
            options=dict(room.options),
            status=room.status,
            seats=[SeatInfo(s.seat, s.name, s.bot, s.away, s.token_hash) for s in seats],
            seq=room.seq,
            seed_hash=room.seed_hash,
            state=None,
            rematch_code=room.rematch_code,
            clock_scale=self.clock_scale,
        )

    async def must_exist(self, code: str) -> None:
        """Raise `not_found` unless the room exists. Rooms are never deleted, so one this
        instance holds needs no read, and sockets asking at once share one: after a restart
        every phone of a room opens its socket at the same moment, and the read leaves a
        started room held for their hellos."""
        if code in self._held:
            return
        reading = self._finding.get(code)
        if reading is None:
            reading = self._finding[code] = asyncio.ensure_future(self.snapshot(code))
            reading.add_done_callback(lambda done: self._found(code, done))
        await asyncio.shield(reading)

    def _found(self, code: str, reading: asyncio.Future[RoomSnapshot]) -> None:
        del self._finding[code]
        if not reading.cancelled():
            reading.exception()  # retrieved here too: every socket that asked may have gone

    async def authenticate(self, code: str, token: str | None) -> int:
        """The seat `token` holds. Seats are fixed once the match has started, so this
        instance's copy of a started room answers without a read (a phone opening its
        socket is part of every room's start)."""
        known = self._held.get(code)
        seats = known.seats if known is not None else (await self.snapshot(code)).seats
        return seat_holding([(s.seat, s.token_hash) for s in seats], token)

    async def room_counts(self) -> dict[str, int]:
        """How many rooms are in each status (`/metrics`; `/healthz` asks it of the database)."""
        return await self.db.read(Tx.room_counts)

    # --- this instance's copies -------------------------------------------------------------

    def latest(self, code: str) -> RoomSnapshot | None:
        """The newest state of the room this instance has seen, if any."""
        return self._held.get(code)

    def cached(self, code: str, seq: int) -> RoomSnapshot | None:
        """This instance's copy of the room at `seq`, if it has exactly that one."""
        snap = self._held.get(code)
        return snap if snap is not None and snap.seq == seq and snap.state is not None else None

    def remember(self, snap: RoomSnapshot) -> None:
        held = self._held.get(snap.code)
        if held is not None and held.room_id == snap.room_id and held.seq > snap.seq:
            # A newer state arrived meanwhile: another instance moved the room on while this
            # one's commit was completing, and a read (or a followed move) took it in. The
            # copy never moves back.
            return
        self._held[snap.code] = snap
        if len(self._held) > CACHE_MAX:  # a bounded cache: forget the oldest entries
            for code in list(self._held)[:1000]:
                del self._held[code]

    def follow(self, code: str, seq: int, move: JsonDict | None) -> RoomSnapshot | None:
        """This instance's copy of a room, rolled forward over the move another instance has
        just committed as `seq` (`move` as `RoomService.act` publishes it), when the copy is
        exactly one step behind. The engine is pure, so the same move on the same state makes
        what a read of the database would, without the read. None when it cannot (no copy,
        a gap, a move that does not apply here): the caller reads the room instead."""
        snap = self._held.get(code)
        if move is None or snap is None or snap.state is None or snap.status != "playing":
            return None
        if snap.seq != seq - 1:
            return None
        try:
            seat, at = int(move["seat"]), float(move["at"])
            step = snap.step(seat, move["action"], move.get("note"), at)
        except (GameError, KeyError, TypeError, ValueError):
            return None
        snap.take(step)
        return snap

    def seats_changed(self, code: str) -> None:
        """A seat changed (away or back): reads under way must not put the old seats back."""
        self._seats_changed[code] = self._seats_changed.get(code, 0) + 1

    def forget(self, code: str) -> None:
        """Drop this instance's copy of a room that changed elsewhere in a way its seq does
        not show (a seat marked away at another instance)."""
        self._held.pop(code, None)
        self.seats_changed(code)

    def forget_all(self) -> list[str]:
        """Drop every copy (news may have been missed: read them again when next asked);
        returns the codes of the rooms that were held."""
        held = list(self._held)
        for code in held:
            self.forget(code)
        return held


def _restore(tx: Tx, snap: RoomSnapshot) -> None:
    """`snap` from the stored snapshot row: state, seq, log and clock."""
    stored = tx.snapshot(snap.room_id)
    if stored is None:  # pragma: no cover - written in the same transaction as start
        raise RoomError("corrupt", "room has no state", 500)
    clock = stored.clock
    snap.state, snap.seq, snap.log = snap.game.load(stored.state), stored.seq, stored.log
    snap.since = {int(k): float(v) for k, v in clock.get("since", {}).items()}
    snap.event_at = {str(k): float(v) for k, v in clock.get("event_at", {}).items()}

"""Room commands: what app/api calls, and the one way a game command goes.

`act` holds the room's lock, takes the room as this instance last saw it (its copy; the
database when it has none), lets the engine check and apply the action (`RoomSnapshot.step`),
and hands the action to the journal, which appends it in the next group commit together with
other rooms' actions. Only once committed is the copy moved on and `(room, seq)` published to
the broker, with the move; the broker hands it to `Fanout` here (and at every other
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
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, replace

from app import metrics
from app.db.journal import Append, Conflict
from app.db.rooms import Database, Tx
from app.errors import RoomError, unavailable
from app.games import registry
from app.games.base import GameError, JsonDict, NotYourTurn
from app.rooms import checks
from app.rooms.bots import Bots
from app.rooms.broker import Message, Publisher
from app.rooms.cache import RoomCache
from app.rooms.checks import clock_default, game_options
from app.rooms.clock import Clock
from app.rooms.connection import Connection, Socket, Wire
from app.rooms.fanout import Fanout, Followups
from app.rooms.hub import Hub
from app.rooms.lobby import Lobby
from app.rooms.odds import OddsJobs, OddsWorker
from app.rooms.rematch import Rematches
from app.rooms.replays import Replays
from app.rooms.views import RoomSnapshot, Step

__all__ = ["Publisher", "RoomService", "RoomSnapshot", "clock_default", "game_options"]

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
    """Every room command of this instance. Built from the database, the broker's `publish`
    and this instance's hub; hand `on_message` to the broker (`Broker.start`)."""

    def __init__(
        self,
        db: Database,
        publish: Publisher,
        *,
        hub: Hub | None = None,
        alone: bool = False,
        bot_delay: float = 0.7,
        clock_scale: float = 1.0,
        odds: OddsWorker | None = None,
        odds_sims: int = 2000,
    ) -> None:
        self.db = db
        self.publish = publish
        self.hub = hub or Hub()
        self.rooms = RoomCache(db, clock_scale=clock_scale)
        snapshot, connected = self.rooms.snapshot, self.hub.is_connected
        self.bots = Bots(self.act, snapshot, connected, bot_delay)
        self.clock = Clock(self.act, snapshot, connected, self.bots, self.set_away)
        worker = odds or OddsWorker(0)
        self.odds = OddsJobs(worker, odds_sims, snapshot, self.rooms.latest, publish)
        followups = Followups(self.clock, self.odds, self.bots, lambda: self.closing)
        self.fanout = Fanout(self.rooms, self.hub, followups, self.set_away, alone=alone)
        self.lobby = Lobby(self.rooms, publish)
        self.replays = Replays(self.rooms)
        self.rematches = Rematches(self.rooms, publish)
        self.closing = False
        # The games are imported here, once: a write in the journal's thread looks its game
        # up, and must never be the first to (another thread would see half the registry).
        registry.all_games()

    # --- what the broker and the sockets hand in --------------------------------------------

    async def on_message(self, message: Message) -> None:
        """A room changed (here or at another instance): see `Fanout`."""
        await self.fanout.on_message(message)

    def connect(
        self,
        ws: Socket,
        code: str,
        seat: int | None,
        *,
        delta: bool = False,
        wire: Wire | None = None,
    ) -> AbstractAsyncContextManager[Connection]:
        """A phone's socket in its room for as long as the block runs (`Fanout.connect`);
        `delta`: it asked for views in the delta form; `wire`: its frames may be written
        directly (hub.py)."""
        return self.fanout.connect(ws, code, seat, delta=delta, wire=wire)

    # --- reading ----------------------------------------------------------------------------

    async def snapshot(self, code: str) -> RoomSnapshot:
        """The room as it stands now (from this instance's copy when it is current)."""
        return await self.rooms.snapshot(code)

    def latest(self, code: str) -> RoomSnapshot | None:
        """The newest state of the room this instance has seen, if any."""
        return self.rooms.latest(code)

    def follow(self, code: str, seq: int, move: JsonDict | None) -> RoomSnapshot | None:
        """This instance's copy rolled forward over another's move (`RoomCache.follow`)."""
        return self.rooms.follow(code, seq, move)

    def forget(self, code: str) -> None:
        """Drop this instance's copy of the room (`RoomCache.forget`)."""
        self.rooms.forget(code)

    async def must_exist(self, code: str) -> None:
        """Raise `not_found` unless the room exists (`RoomCache.must_exist`)."""
        await self.rooms.must_exist(code)

    async def authenticate(self, code: str, token: str | None) -> int:
        """The seat `token` holds. Seats are fixed once the match has started, so this
        instance's copy of a started room answers without a read (a phone opening its
        socket is part of every room's start)."""
        known = self.rooms.latest(code)
        seats = known.seats if known is not None else (await self.snapshot(code)).seats
        return checks.seat_holding([(s.seat, s.token_hash) for s in seats], token)

    async def room_counts(self) -> dict[str, int]:
        return await self.db.read(Tx.room_counts)

    # --- lobby (lobby.py) and after the match (replays.py, rematch.py) -----------------------

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
        """A new room with its creator in seat 0 (the host). Returns (code, token)."""
        return await self.lobby.create(
            game_id, mode, name, options, crew_id=crew_id, member_id=member_id
        )

    async def join(
        self, code: str, name: object, *, member_id: int | None = None
    ) -> tuple[int, str]:
        return await self.lobby.join(code, name, member_id=member_id)

    async def add_bot(self, code: str, token: str | None) -> int:
        return await self.lobby.add_bot(code, token)

    async def remove_seat(self, code: str, seat: int, token: str | None) -> None:
        await self.lobby.remove_seat(code, seat, token)

    async def set_options(self, code: str, token: str | None, changes: JsonDict) -> None:
        await self.lobby.set_options(code, token, changes)

    async def start(self, code: str, token: str | None) -> None:
        await self.lobby.start(code, token)

    async def rematch(self, code: str, token: str | None) -> str:
        return await self.rematches.rematch(code, token)

    async def recent(self, limit: int = 20) -> list[JsonDict]:
        return await self.replays.recent(limit)

    async def replay(self, code: str) -> JsonDict:
        return await self.replays.replay(code)

    async def replay_view(self, code: str, seq: int) -> JsonDict:
        return await self.replays.replay_view(code, seq)

    # --- the match --------------------------------------------------------------------------

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
            snap = await self.snapshot(cmd.code)
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
                snap = await self.snapshot(cmd.code)
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
            fresh = await self.snapshot(cmd.code)
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

    async def aclose(self) -> None:
        """SIGTERM: nothing new starts; the commit in flight finishes."""
        self.closing = self.db.closing = True
        await self.bots.aclose()
        await self.clock.aclose()
        await self.odds.aclose()
        await self.db.aclose()

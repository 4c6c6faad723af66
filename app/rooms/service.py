"""Room commands: create, join, bots, start, act, rematch, replay.

A game command holds the room's asyncio lock, takes the room as this instance last saw it
(its cache; the database when it has none), lets the engine check and apply the action, and
hands the action to the journal, which appends it in the next group commit together with
other rooms' actions. Only once committed is the cache moved on and `(room, seq)` published
to the broker, with the move: an instance whose copy of the room is one step behind applies
it to that copy (`follow`) rather than reading the room back. Another instance that moved
the room on first makes the append conflict on the unique `(room, seq)`: the command reloads
the room and looks again, so every command is applied exactly once, in one order, whichever
instance it reaches. Checks follow boardgame.io's order: well-formed, authenticated, game
over, your turn, legal.

The snapshot row is a cache of the action log: written at start, every `SNAPSHOT_EVERY`
actions and at the end; a reader rolls it forward with the actions after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

import orjson
from sqlalchemy import delete, update
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import Session

from app import metrics
from app.db import store
from app.db.models import Action, Room, Seat, Snapshot, utcnow
from app.db.session import make_sessionmaker, sqlite_writer
from app.games import registry
from app.games.base import (
    REVEAL,
    Game,
    GameError,
    JsonDict,
    NotYourTurn,
    View,
    Viewer,
    legal_element,
)
from app.rooms.codes import (
    hash_token,
    is_code,
    new_code,
    new_seed,
    new_token,
    seed_hash,
    token_matches,
)
from app.rooms.errors import RoomError, not_found, unavailable
from app.rooms.journal import Append, Conflict, Journal
from app.rooms.odds import Odds, OddsWorker, has_odds, job_seed
from app.rooms.wire import Utf8Text

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

ODDS_SPACING = 1.0  # seconds between two pricings of one room
LOG_KEEP = 40  # public events kept in the snapshot and sent with every view
SNAPSHOT_EVERY = 16  # actions between two stored snapshots (and the last one of a match)
CONFLICTS_MAX = 5  # reloads of a room another instance keeps moving on before giving up
NAME_MAX = 24
CID_MAX = 64
# The cids of the server's own moves (the clock's and the bots'): a client's cid may not begin
# so (app/api/ws.py refuses it), so no player can take one first and stall the clock.
SERVER_CID = "server:"
VIEWS_FRESH_FOR = 1.0  # seconds a clock room's cached views stay current (see view_message)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    name: str
    bot: bool
    away: bool = False
    token_hash: str | None = field(default=None, repr=False)  # checks a hello; never shown


# Room options every game has, handled here and never passed to the engine.
CLOCK_CHOICES = (0, 30, 60, 120)  # turn_seconds; 0 = no clock
CLOCK_DEFAULTS = {("focifogadas", "bukmeker"): 60}  # issue 8: a betting night cannot stall


def clock_default(game_id: str, mode: str) -> int:
    return CLOCK_DEFAULTS.get((game_id, mode), 0)


def game_options(options: JsonDict) -> JsonDict:
    """The room's options as the engine knows them (without the room-level ones)."""
    return {k: v for k, v in options.items() if k != "turn_seconds"}


@dataclass(frozen=True, slots=True)
class Step:
    """What one action makes of a room: its state, seq, recent log, clock and status."""

    state: Any
    seq: int
    log: list[JsonDict]
    since: dict[int, float]
    event_at: dict[str, float]
    status: str

    def clock(self) -> JsonDict:
        return {"since": {str(k): v for k, v in self.since.items()}, "event_at": self.event_at}


@dataclass(frozen=True, slots=True)
class Table:
    """What every viewer's view of a room shares at one seq, worked out once for all."""

    view: View  # the spectator's: phase and `public`
    to_act: frozenset[int]
    result: JsonDict | None


@dataclass(slots=True)
class RoomSnapshot:
    """Everything needed to build any viewer's view of a room at one `seq`."""

    code: str
    room_id: int
    game: Game[Any]
    mode: str
    options: JsonDict
    status: str
    seats: list[SeatInfo]
    seq: int
    seed_hash: str
    state: Any | None  # the engine's state object; None in the lobby
    log: list[JsonDict] = field(default_factory=list)
    rematch_code: str | None = None
    since: dict[int, float] = field(default_factory=dict)  # seat -> waiting since (epoch s)
    event_at: dict[str, float] = field(default_factory=dict)  # event -> last logged (epoch s)
    odds: Odds | None = None  # the game's live odds at this seq, once computed
    clock_scale: float = 1.0  # < 1 only in tests: every clock runs that much faster
    # Each viewer's view message, encoded once per seq: one str per viewer rather than a tree
    # of dicts, which the garbage collector would have to walk for every room. The parts
    # every viewer shares (`public`, `log`: most of the bytes) are encoded once for all.
    _views: dict[Viewer, str] = field(default_factory=dict)
    _shared: dict[str, Utf8Text] = field(default_factory=dict)
    _table: Table | None = None  # what every viewer's view shares at this seq
    _built_at: float = 0.0  # monotonic time the cached views were first built

    @property
    def bot_seats(self) -> frozenset[int]:
        """Seats that are bots (always "connected")."""
        return frozenset(s.seat for s in self.seats if s.bot)

    @property
    def robot_seats(self) -> frozenset[int]:
        """Seats the game's bot plays now: bots, and seats whose player is away."""
        return frozenset(s.seat for s in self.seats if s.bot or s.away)

    @property
    def turn_seconds(self) -> int:
        return int(self.options.get("turn_seconds", 0))

    def deadlines(self) -> dict[int, float]:
        """When each waited-for human seat's clock runs out (epoch s); {} without a clock."""
        if self.turn_seconds <= 0:
            return {}
        waiting = self.to_act() - self.robot_seats
        length = self.turn_seconds * self.clock_scale
        return {s: self.since.get(s, 0.0) + length for s in waiting}

    def to_act(self) -> frozenset[int]:
        if self.state is None or self.status != "playing":
            return frozenset()
        return self.game.to_act(self.state)

    def step(self, seat: int, action: JsonDict, note: JsonDict | None, now: float) -> Step:
        """What `action` by `seat` at time `now` makes of the room; raises `GameError` if the
        engine refuses it. Changes nothing here (see `take`)."""
        state, events = self.game.apply(self.state, seat, action)
        if note is not None:
            events = [note, *events]
        seq = self.seq + 1
        waited = self.to_act()
        return Step(
            state=state,
            seq=seq,
            log=(self.log + [{"seq": seq, **event} for event in events])[-LOG_KEEP:],
            since={
                s: self.since.get(s, now) if s in waited else now for s in self.game.to_act(state)
            },
            event_at=self.event_at | {str(e.get("event")): now for e in events},
            status="finished" if self.game.result(state) is not None else "playing",
        )

    def take(self, step: Step) -> None:
        """Move on to `step` (once it is committed)."""
        self.state, self.seq, self.log, self.status = step.state, step.seq, step.log, step.status
        self.since, self.event_at, self.odds = step.since, step.event_at, None
        self.forget_views()

    def forget_views(self) -> None:
        """Build the views again when next asked (the room changed without a new seq, or
        nobody watches it now)."""
        self._views, self._shared, self._table = {}, {}, None

    def view_message(self, seat: int | None) -> str:
        """The PROTOCOL.md view message for a seat (None = spectator), built once per seq.

        With a turn clock, views older than `VIEWS_FRESH_FOR` are built again: `clock.now`
        is what a phone counts down from, so a phone reconnecting in the middle of a turn
        must not get the `now` of the turn's start."""
        clocked = bool(self._views) and self.turn_seconds > 0
        if clocked and time.monotonic() - self._built_at > VIEWS_FRESH_FOR:
            self.forget_views()
        cached = self._views.get(seat)
        if cached is None:
            if not self._views:
                self._built_at = time.monotonic()
            view = self.view(seat)
            public = self._share("public", view.pop("public"))
            log = self._share("log", view.pop("log"))
            # The message is the seat's own part, encoded here, closed by the shared parts:
            # {"type":"view","seq":…,"view":{…,"public":…,"log":…}}. Joined as they are, in
            # bytes and in text, rather than encoding ~8 KB again and decoding it for each seat.
            head = orjson.dumps({"type": "view", "seq": self.seq, "view": view})[:-2]
            cached = self._views[seat] = Utf8Text(
                b"".join((head, b',"public":', public.utf8, b',"log":', log.utf8, b"}}")),
                "".join((head.decode(), ',"public":', public, ',"log":', log, "}}")),
            )
        return cached

    def _share(self, part: str, value: Any) -> Utf8Text:
        """`value` encoded once per seq for every viewer: PROTOCOL.md has `public` (and the
        log of public events) identical for all of them."""
        shared = self._shared.get(part)
        if shared is None:
            shared = self._shared[part] = Utf8Text(orjson.dumps(value))
        return shared

    def view(self, seat: int | None) -> JsonDict:
        """The PROTOCOL.md view for a seat (None = spectator)."""
        return self._build_view(seat)

    def _clock_view(self) -> JsonDict:
        """`public.clock`: the clock, each waited-for seat's deadline (epoch ms) and who is
        away; the client counts down against `now`, the server's time when this was built."""
        return {
            "turn_seconds": self.turn_seconds,
            "deadlines": {str(seat): round(at * 1000) for seat, at in self.deadlines().items()},
            "away": sorted(s.seat for s in self.seats if s.away),
            "now": round(time.time() * 1000),
        }

    def _build_view(self, seat: int | None) -> JsonDict:
        base: JsonDict = {"game": self.game.id, "mode": self.mode, "status": self.status}
        if self.state is None:
            lobby_seats = [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in self.seats]
            spec = self.game.modes[self.mode]
            public = {
                "seats": lobby_seats,
                "options": self.options,
                "min_players": spec.min_players,
                "max_players": spec.max_players,
            }
            return base | {
                "phase": "lobby",
                "you": seat,
                "to_act": [],
                "legal": [],
                "public": public,
                "private": None,
                "log": [],
                "result": None,
            }
        # `public` is the same for every viewer (PROTOCOL.md): built once per seq, from the
        # spectator's view; each seat adds only its secrets.
        if self._table is None:
            state = self.state
            view = self.game.view(state, None)
            self._table = Table(view, self.to_act(), self.game.result(state))
        table = self._table
        to_act = table.to_act
        legal = (
            self.game.legal_actions(self.state, seat) if seat is not None and seat in to_act else []
        )
        public = table.view.public
        private = self.game.private_view(self.state, seat) if seat is not None else None
        if self.turn_seconds > 0 and self.status == "playing":
            public = public | {"clock": self._clock_view()}
        if self.odds:
            if self.odds.get("public") is not None:
                public = public | {"odds": self.odds["public"]}
            mine = self.odds.get(str(seat)) if seat is not None else None
            if mine is not None:
                private = (private or {}) | {"odds": mine}
        return base | {
            "phase": table.view.phase,
            "you": seat,
            "to_act": sorted(to_act),
            "legal": legal,
            "public": public,
            "private": private,
            "log": self.log,
            "result": table.result,
        }


class Publisher(Protocol):
    """Tells every instance (this one included) that a room changed: `Broker.publish`."""

    async def __call__(
        self, kind: str, room: str, seq: int, data: JsonDict | None = None
    ) -> None: ...


def clean_name(raw: object) -> str:
    """1–24 printable characters after trimming (PROTOCOL.md)."""
    if not isinstance(raw, str):
        raise RoomError("bad_name", "name must be text")
    name = raw.strip()
    if not 1 <= len(name) <= NAME_MAX or not name.isprintable():
        raise RoomError("bad_name", f"name must be 1–{NAME_MAX} printable characters")
    return name


def _seat_holding(seats: list[tuple[int, str | None]], token: str | None) -> int:
    """The seat whose stored hash `token` matches (compared in constant time)."""
    if not token:
        raise RoomError("bad_token", "a seat token is required", 401)
    for seat, token_hash in seats:
        if token_matches(token, token_hash):
            return seat
    raise RoomError("bad_token", "this token holds no seat in this room", 401)


class RoomService:
    def __init__(
        self,
        engine: AsyncEngine,
        publish: Publisher,
        *,
        bot_delay: float = 0.7,
        single_writer: bool = False,
        clock_scale: float = 1.0,
        odds: OddsWorker | None = None,
        odds_sims: int = 2000,
    ) -> None:
        self.sessions = make_sessionmaker(engine)
        self.publish = publish
        self.bot_delay = bot_delay
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._cache: dict[str, RoomSnapshot] = {}  # latest snapshot this instance saw
        # Bumped when a room's seats change (away or back): a read that began before must not
        # put the old seats back in the cache.
        self._seats_changed: dict[str, int] = {}
        self._finding: dict[str, asyncio.Future[RoomSnapshot]] = {}  # must_exist's reads
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._clock_tasks: dict[str, asyncio.Task[None]] = {}
        self.clock_scale = clock_scale
        self.odds = odds or OddsWorker(0)
        self.odds_sims = odds_sims
        self._odds_jobs: dict[str, asyncio.Task[None]] = {}
        self._odds_slots = asyncio.Semaphore(max(1, self.odds.workers))
        self._odds_again: set[str] = set()
        # Is a seat's player connected? The hub answers (set by the app); used to tell a slow
        # player (the bot stands in once) from one who left (the bot plays on until they return).
        self.is_connected: Callable[[str, int], bool] = lambda _code, _seat: True
        self.closing = False
        self._sqlite_writes: asyncio.Lock | None = asyncio.Lock() if single_writer else None
        self.journal = Journal(engine, self._sqlite_writes, sqlite_writer(engine))
        # The games are imported here, once: a write in the journal's thread looks its game
        # up, and must never be the first to (another thread would see half the registry).
        registry.all_games()

    # --- plumbing ---------------------------------------------------------------------------

    def _lock(self, code: str) -> asyncio.Lock:
        lock = self._locks.get(code)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[code] = lock
        return lock

    # Every transaction is a plain function over one ORM session, `fn(session, *args)`, run
    # by `_read` or `_write`; database trouble becomes `unavailable` with nothing changed.

    async def _read(
        self, fn: Callable[Concatenate[Session, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        async with _database(), self.sessions.begin() as session:
            return await session.run_sync(fn, *args, **kwargs)

    async def _write(
        self, fn: Callable[Concatenate[Session, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """SQLite has a single writer. On a file, every write goes in one hop to the journal's
        writer thread, in order (through aiosqlite each statement would hop threads: 67 hops
        to create, join and start a room). Otherwise writes queue here, in order, rather than
        in SQLite's busy handler, which sleeps and retries. Once the service is closing, the
        writer thread is going: nothing more is written, the caller hears `unavailable`."""
        if self.closing:
            raise unavailable()
        async with _database():
            if self.journal.has_writer:
                return await self.journal.in_writer(fn, *args, **kwargs)
            writer = self._sqlite_writes or contextlib.nullcontext()
            async with writer, self.sessions.begin() as session:
                return await session.run_sync(fn, *args, **kwargs)

    def _room(self, session: Session, code: str, *, lock: bool = False) -> Room:
        if not is_code(code):
            raise not_found(code)
        room = store.room_by_code(session, code, lock=lock)
        if room is None:
            raise not_found(code)
        return room

    @staticmethod
    def _game(game_id: str) -> Game[Any]:
        game = registry.get(game_id)
        if game is None:
            raise RoomError("unknown_game", f"no game {game_id!r}")
        return game

    def _seat_of_token(self, session: Session, room: Room, token: str | None) -> int:
        seats = store.seats_of(session, room.id)
        return _seat_holding([(s.seat, s.token_hash) for s in seats], token)

    def _host(
        self, session: Session, room: Room, token: str | None, seats: list[Seat] | None = None
    ) -> None:
        seats = seats if seats is not None else store.seats_of(session, room.id)
        if _seat_holding([(s.seat, s.token_hash) for s in seats], token) != 0:
            raise RoomError("not_host", "only the host (seat 0) may do this", 403)

    def _stateless_snapshot(self, room: Room, seats: list[Seat]) -> RoomSnapshot:
        """The room as its rows say, without the game's state."""
        return RoomSnapshot(
            code=room.code,
            room_id=room.id,
            game=self._game(room.game),
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

    def _snapshot(self, session: Session, room: Room) -> RoomSnapshot:
        """The room at `room.seq`: the cache when it is there, else rolled forward from the
        cache or the stored snapshot with the actions after it."""
        cached = self._cache.get(room.code)
        if cached is not None and (cached.seq, cached.status) == (room.seq, room.status):
            cached.rematch_code = room.rematch_code  # seats never change once a match started
            return cached
        snap = self._stateless_snapshot(room, store.seats_of(session, room.id))
        if room.status == "lobby":
            return snap
        if cached is not None and cached.state is not None and cached.seq <= room.seq:
            snap.state, snap.seq, snap.log = cached.state, cached.seq, cached.log
            snap.since, snap.event_at = cached.since, cached.event_at
        else:
            stored = store.snapshot_of(session, room.id)
            if stored is None:  # pragma: no cover - written in the same transaction as start
                raise RoomError("corrupt", "room has no state", 500)
            clock = stored.clock or {}
            snap.state, snap.seq, snap.log = snap.game.load(stored.state), stored.seq, stored.log
            snap.since = {int(k): float(v) for k, v in clock.get("since", {}).items()}
            snap.event_at = {str(k): float(v) for k, v in clock.get("event_at", {}).items()}
        # Roll forward over every action after the base, not only up to `room.seq`: without a
        # read transaction around them, the room row may have been read just before a commit
        # that the snapshot row or the action rows already show.
        snap.status = "finished" if snap.game.result(snap.state) is not None else "playing"
        for a in store.actions_of(session, room.id, after=snap.seq):
            snap.take(snap.step(a.seat, a.action, a.note, _epoch(a.created_at)))
        if snap.seq < room.seq:  # pragma: no cover - the action log lost rows
            raise RoomError("corrupt", f"room {room.code}: log ends at {snap.seq}", 500)
        return snap

    def _remember(self, snap: RoomSnapshot) -> None:
        held = self._cache.get(snap.code)
        if held is not None and held.room_id == snap.room_id and held.seq > snap.seq:
            # A newer state arrived meanwhile: another instance moved the room on while this
            # one's commit was completing, and a read (or a followed move) took it in. The
            # copy never moves back.
            return
        self._cache[snap.code] = snap
        if len(self._cache) > 5000:  # a bounded cache: forget the oldest entries
            for code in list(self._cache)[:1000]:
                del self._cache[code]

    # --- reading ----------------------------------------------------------------------------

    async def snapshot(self, code: str) -> RoomSnapshot:
        """The room as it stands now (from this instance's cache when it is current)."""
        seats_seen = self._seats_changed.get(code, 0)
        snap = await self._read(lambda session: self._snapshot(session, self._room(session, code)))
        current = self._cache.get(code)
        if current is not None and current.room_id == snap.room_id and current.seq > snap.seq:
            return current  # this instance committed more while the database was being read
        if self._seats_changed.get(code, 0) != seats_seen:
            return await self.snapshot(code)  # a seat changed while we read: read it again
        if snap.state is not None:
            self._remember(snap)
        return snap

    def cached(self, code: str, seq: int) -> RoomSnapshot | None:
        """This instance's snapshot of the room at `seq`, if it has exactly that one."""
        snap = self._cache.get(code)
        return snap if snap is not None and snap.seq == seq and snap.state is not None else None

    def follow(self, code: str, seq: int, move: JsonDict | None) -> RoomSnapshot | None:
        """This instance's copy of a room, rolled forward over the move another instance has
        just committed as `seq` (`move` as `_act_locked` publishes it), when the copy is
        exactly one step behind. The engine is pure, so the same move on the same state makes
        what a read of the database would, without the read. None when it cannot (no copy,
        a gap, a move that does not apply here): the caller reads the room instead."""
        snap = self._cache.get(code)
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

    def latest(self, code: str) -> RoomSnapshot | None:
        """The newest state of the room this instance has seen, if any."""
        return self._cache.get(code)

    def forget(self, code: str) -> None:
        """Drop this instance's copy of a room that changed elsewhere in a way its seq does
        not show (a seat marked away at another instance)."""
        self._cache.pop(code, None)
        self._seats_changed[code] = self._seats_changed.get(code, 0) + 1

    async def must_exist(self, code: str) -> None:
        """Raise `not_found` unless the room exists. Rooms are never deleted, so one this
        instance holds needs no read, and sockets asking at once share one: after a restart
        every phone of a room opens its socket at the same moment, and the read leaves a
        started room in the cache for their hellos."""
        if code in self._cache:
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
        known = self._cache.get(code)
        seats = known.seats if known is not None else (await self.snapshot(code)).seats
        return _seat_holding([(s.seat, s.token_hash) for s in seats], token)

    async def room_counts(self) -> dict[str, int]:
        return await self._read(store.rooms_by_status)

    # --- lobby ------------------------------------------------------------------------------

    async def create(
        self, game_id: str, mode: str, name: object, options: JsonDict | None
    ) -> tuple[str, str]:
        """A new room with its creator in seat 0 (the host). Returns (code, token)."""
        game = self._game(game_id)
        spec = game.modes.get(mode)
        if spec is None:
            raise RoomError("unknown_mode", f"{game_id} has no mode {mode!r}")
        raw = dict(options or {})
        turn_seconds = raw.pop("turn_seconds", clock_default(game_id, mode))
        if type(turn_seconds) is not int or turn_seconds not in CLOCK_CHOICES:
            raise RoomError(
                "bad_options", f"option 'turn_seconds' must be one of {list(CLOCK_CHOICES)}"
            )
        try:
            full_options = spec.check_options(raw) | {"turn_seconds": turn_seconds}
        except GameError as exc:
            raise RoomError("bad_options", str(exc)) from exc
        player = clean_name(name)
        token = new_token()
        seed = new_seed()

        def insert(session: Session) -> str:
            code = new_code()
            while store.code_taken(session, code):
                code = new_code()
            room = Room(
                code=code,
                game=game_id,
                mode=mode,
                options=full_options,
                status="lobby",
                seed=seed,
                seed_hash=seed_hash(seed),
                seq=0,
            )
            session.add(room)
            session.flush()
            session.add(Seat(room_id=room.id, seat=0, name=player, token_hash=hash_token(token)))
            return code

        return await self._write(insert), token

    async def _add_seat(self, code: str, name: str, *, bot: bool, token: str | None) -> int:
        def insert(session: Session) -> int:
            room = self._room(session, code, lock=True)
            if bot:
                self._host(session, room, token)
            if room.status != "lobby":
                raise RoomError("already_started", "the match has already started", 409)
            seats = store.seats_of(session, room.id)
            spec = self._game(room.game).modes[room.mode]
            if len(seats) >= spec.max_players:
                raise RoomError("room_full", f"all {spec.max_players} seats are taken", 409)
            taken = {s.seat for s in seats}
            seat = min(set(range(spec.max_players)) - taken)
            session.add(
                Seat(
                    room_id=room.id,
                    seat=seat,
                    name=name,
                    bot=bot,
                    token_hash=None if bot else hash_token(token or ""),
                )
            )
            return seat

        async with self._lock(code):
            seat = await self._write(insert)
        await self.publish("lobby", code, 0)
        return seat

    async def join(self, code: str, name: object) -> tuple[int, str]:
        player = clean_name(name)
        token = new_token()
        seat = await self._add_seat(code, player, bot=False, token=token)
        return seat, token

    async def add_bot(self, code: str, token: str | None) -> int:
        def game_of_host(session: Session) -> Game[Any]:
            room = self._room(session, code)
            self._host(session, room, token)
            return self._game(room.game)

        game = await self._read(game_of_host)
        if not _has_bot(game):
            raise RoomError("no_bot", f"{game.id} has no bot yet", 409)
        seats = (await self.snapshot(code)).seats
        number = 1 + sum(s.bot for s in seats)
        return await self._add_seat(code, f"Bot {number}", bot=True, token=token)

    async def set_options(self, code: str, token: str | None, changes: JsonDict) -> None:
        """Change game options in the lobby: the host any of them, another player only those
        its seat owns (`OptionSpec.seat`). The room-level `turn_seconds` is fixed at creation.
        All or nothing: one bad value and nothing changes."""

        def change(session: Session) -> None:
            room = self._room(session, code, lock=True)
            seat = self._seat_of_token(session, room, token)
            if room.status != "lobby":
                raise RoomError("already_started", "the match has already started", 409)
            spec = self._game(room.game).modes[room.mode]
            unknown = sorted(set(changes) - set(spec.options))
            if not changes or unknown:
                what = f"unknown option(s): {', '.join(unknown)}" if unknown else "no options"
                raise RoomError("bad_options", f"{what}; the lobby changes only game options")
            owners = spec.owners()
            if seat != 0 and any(owners.get(name) != seat for name in changes):
                raise RoomError("not_host", "only the host, or the seat that owns it", 403)
            try:
                checked = spec.check_options(game_options(room.options) | changes)
            except GameError as exc:
                raise RoomError("bad_options", str(exc)) from exc
            room.options = room.options | {name: checked[name] for name in changes}

        async with self._lock(code):
            await self._write(change)
        await self.publish("lobby", code, 0)

    async def start(self, code: str, token: str | None) -> None:
        def begin(session: Session) -> RoomSnapshot:
            room = self._room(session, code, lock=True)
            seats = store.seats_of(session, room.id)
            self._host(session, room, token, seats)
            if room.status != "lobby":
                raise RoomError("already_started", "the match has already started", 409)
            game = self._game(room.game)
            spec = game.modes[room.mode]
            if not spec.min_players <= len(seats) <= spec.max_players:
                raise RoomError(
                    "player_count",
                    f"needs {spec.min_players}–{spec.max_players} players, {len(seats)} seated",
                    409,
                )
            try:
                state = game.new(room.mode, game_options(room.options), len(seats), room.seed)
            except GameError as exc:  # e.g. a scorer seat that this table does not have
                raise RoomError("bad_options", str(exc), 409) from exc
            clock = _since(game.to_act(state))
            session.add(store.new_snapshot(room.id, game.dump(state), clock))
            room.status = "playing"
            room.started_at = utcnow()
            # What every phone is about to ask for, kept from here rather than read back.
            snap = self._stateless_snapshot(room, seats)
            snap.state = state
            snap.since = {int(k): float(v) for k, v in clock["since"].items()}
            return snap

        async with self._lock(code):
            snap = await self._write(begin)
        self._remember(snap)
        await self.publish("state", code, 0)

    # --- the match --------------------------------------------------------------------------

    async def act(
        self, code: str, seat: int, cid: str, action: JsonDict, note: JsonDict | None = None
    ) -> int:
        """Apply `action` for `seat`; returns the seq it got (the same seq for a repeated cid).
        `note` is a room-level event logged before the game's own (e.g. a bot standing in)."""
        if not isinstance(cid, str) or not 1 <= len(cid) <= CID_MAX:
            raise RoomError("bad_message", f"cid must be a string of 1–{CID_MAX} characters")
        if not isinstance(action, dict):
            raise RoomError("bad_message", "action must be an object")
        if self.closing:
            raise unavailable()
        started = time.perf_counter()
        async with self._lock(code):
            seq = await self._act_locked(code, seat, cid, action, note)
        metrics.COMMAND_LATENCY.observe(time.perf_counter() - started)
        return seq

    async def _act_locked(
        self, code: str, seat: int, cid: str, action: JsonDict, note: JsonDict | None
    ) -> int:
        snap = self._cache.get(code)
        if snap is None or snap.state is None:
            snap = await self.snapshot(code)
        for _ in range(CONFLICTS_MAX):
            if snap.state is None:
                raise RoomError("not_your_turn", "the match has not started", 409)
            try:
                if snap.status == "finished":
                    raise GameError("the match is over")
                now = time.time()
                step = snap.step(seat, action, note, now)
                # The log holds the legal element itself, not the client's spelling of it.
                action = legal_element(snap.game.legal_actions(snap.state, seat), action) or action
            except GameError as exc:
                # Refused now, but perhaps applied before (a re-sent cid): answer that seq.
                done = await self._seq_of_cid(snap.room_id, seat, cid)
                if done is not None:
                    return done
                fresh = await self.snapshot(code)
                if (fresh.seq, fresh.status) != (snap.seq, snap.status):
                    snap = fresh  # it had moved on at another instance: look again
                    continue
                code_ = "not_your_turn" if isinstance(exc, NotYourTurn) else "illegal_action"
                raise RoomError(code_, str(exc), 409) from exc
            stored = None
            if step.seq % SNAPSHOT_EVERY == 0 or step.status == "finished":
                stored = (snap.game.dump(step.state), step.log, step.clock())
            finished = step.status == "finished"
            append = Append(snap.room_id, step.seq, seat, cid, action, note, finished, stored)
            try:
                async with _database():
                    await self.journal.append(append)
            except Conflict:
                # This cid went in before (a re-send, perhaps at another instance), or another
                # instance moved the room on first: answer that seq, or look again.
                done = await self._seq_of_cid(snap.room_id, seat, cid)
                if done is not None:
                    return done
                snap = await self.snapshot(code)
                continue
            metrics.ACTIONS.inc()
            snap.take(step)
            self._remember(snap)
            # With the move itself, so that an instance one step behind follows it without a
            # read (`follow`).
            move = {"seat": seat, "action": action, "note": note, "at": now}
            await self.publish("state", code, step.seq, move)
            return step.seq
        raise unavailable()

    async def _seq_of_cid(self, room_id: int, seat: int, cid: str) -> int | None:
        done = await self._read(store.action_by_cid, room_id, seat, cid)
        return None if done is None else done.seq

    # --- bots -------------------------------------------------------------------------------

    def after_change(self, snap: RoomSnapshot) -> None:
        """What follows a change this instance committed (or found on connecting): bots and
        stand-ins move, the turn clock runs on, the odds are priced again."""
        if self.closing:
            return
        self._arm_clock(snap)
        self.price(snap)
        self.wake_bots(snap)

    def wake_bots(self, snap: RoomSnapshot) -> None:
        """If a bot (or a seat's stand-in) must decide now, let it, after a short pause so
        humans can follow."""
        if self.closing:
            return
        if not (snap.to_act() & snap.robot_seats):
            return
        task = self._bot_tasks.get(snap.code)
        if task is not None and not task.done():
            return
        self._bot_tasks[snap.code] = asyncio.create_task(self._drive_bots(snap.code))

    async def _drive_bots(self, code: str) -> None:
        stale = 0  # refusals in a row: someone acted between our look and our move
        try:
            while not self.closing and stale < 3:
                await asyncio.sleep(self.bot_delay)
                snap = await self.snapshot(code)
                waiting = sorted(snap.to_act() & snap.robot_seats)
                if not waiting:
                    return
                for seat in waiting:
                    action = self._bot_choice(snap, seat, hand_over=True)
                    if action is None:
                        return
                    note = None if seat in snap.bot_seats else _stand_in(seat, "away")
                    try:
                        await self.act(
                            code, seat, f"{SERVER_CID}bot-{snap.seq}-{seat}", action, note
                        )
                        stale = 0
                    except RoomError as exc:
                        if exc.code not in ("illegal_action", "not_your_turn"):
                            raise
                        stale += 1
                        break  # look again at the newer state
        except RoomError as exc:
            log.warning("bot in room %s stopped: %s", code, exc.message)
        except Exception:
            log.exception("bot in room %s failed", code)

    def _bot_choice(
        self, snap: RoomSnapshot, seat: int, *, hand_over: bool = False
    ) -> JsonDict | None:
        """The bot's move for `seat`. With `hand_over` (the seat is a bot's or its player
        left), a role no bot can fill goes to a person who is here, the host first; a player
        who is only slow keeps it."""
        rng = random.Random(f"{snap.seed_hash}:{snap.seq}:{seat}")
        action: JsonDict | None = snap.game.bot_action(snap.state, seat, rng)
        handover = getattr(snap.game, "handover", None)
        if action is not None or handover is None or not hand_over:
            return action
        people = [
            s.seat
            for s in snap.seats
            if s.seat != seat and not (s.bot or s.away) and self.is_connected(snap.code, s.seat)
        ]
        for person in people:
            action = handover(snap.state, seat, person)
            if action is not None:
                return action
        return None

    # --- the turn clock ---------------------------------------------------------------------

    def _arm_clock(self, snap: RoomSnapshot) -> None:
        """Wake up when the first waited-for seat's clock runs out (one timer per room)."""
        deadlines = snap.deadlines()
        if not deadlines or snap.code in self._clock_tasks:
            return
        when = min(deadlines.values())
        self._clock_tasks[snap.code] = asyncio.create_task(self._clock_runs_out(snap.code, when))

    async def _clock_runs_out(self, code: str, when: float) -> None:
        """The bot acts once for every seat whose time is up; a seat whose player is not even
        connected is marked away, so the bot plays it until they come back."""
        try:
            await asyncio.sleep(max(0.0, when - time.time()))
        finally:
            self._clock_tasks.pop(code, None)
        try:
            snap = await self.snapshot(code)
            now = time.time()
            for seat, deadline in sorted(snap.deadlines().items()):
                if deadline > now + 0.005:
                    continue
                gone = not self.is_connected(code, seat)
                action = self._bot_choice(snap, seat, hand_over=gone)
                if action is None:
                    continue
                if gone:
                    await self.set_away(code, seat, True)
                await self.act(
                    code,
                    seat,
                    f"{SERVER_CID}clock-{snap.seq}-{seat}",
                    action,
                    _stand_in(seat, "clock"),
                )
                return  # that commit re-arms the clock for whoever waits next
            self._arm_clock(snap)  # nobody's time was up yet (they acted meanwhile): re-arm
        except RoomError as exc:
            log.warning("clock in room %s: %s", code, exc.message)
        except Exception:
            log.exception("clock in room %s failed", code)

    # --- live odds -------------------------------------------------------------------------

    def price(self, snap: RoomSnapshot) -> None:
        """Price the room's odds again (soon, off the event loop), if its game has odds."""
        if self.odds_sims <= 0 or snap.status != "playing" or snap.state is None:
            return
        if not has_odds(snap.game):
            return
        task = self._odds_jobs.get(snap.code)
        if task is not None and not task.done():
            self._odds_again.add(snap.code)  # price the newest state when this job is done
            return
        self._odds_jobs[snap.code] = asyncio.create_task(self._odds_job(snap.code))

    async def _odds_job(self, code: str) -> None:
        """Price the room's newest state; again (at most once a second) while it changes.
        Jobs of all rooms share the workers: a room waits for a free one, then prices the
        state it has by then, so a busy night costs bounded CPU and no stale work."""
        try:
            while not self.closing:
                async with self._odds_slots:
                    self._odds_again.discard(code)
                    snap = await self.snapshot(code)
                    if snap.status != "playing":
                        return
                    context = {
                        "seed": job_seed(snap.seed_hash, snap.seq),
                        "sims": self.odds_sims,
                        "now": time.time(),
                        "event_at": dict(snap.event_at),
                    }
                    seats = [s.seat for s in snap.seats]
                    state = snap.game.dump(snap.state)
                    odds = await self.odds.run(snap.game.id, state, seats, context)
                current = self._cache.get(code)
                if current is not None and current.seq == snap.seq and code not in self._odds_again:
                    current.odds = odds
                    current.forget_views()
                    await self.publish("odds", code, snap.seq)
                if code not in self._odds_again:
                    return
                await asyncio.sleep(ODDS_SPACING)
        except RoomError as exc:
            log.warning("odds for room %s: %s", code, exc.message)
        except Exception:
            log.exception("odds for room %s failed", code)

    async def set_away(self, code: str, seat: int, away: bool, token: str | None = None) -> None:
        """Mark a seat away (its bot plays) or back. With `token`, only the host may do it."""

        def mark(session: Session) -> int:
            room = self._room(session, code, lock=True)
            if token is not None:
                self._host(session, room, token)
            if room.status != "playing":
                raise RoomError("not_playing", "seats are away only during a match", 409)
            if not store.set_away(session, room.id, seat, away):
                raise RoomError("not_found", f"no human in seat {seat}", 404)
            return room.seq

        async with self._lock(code):
            seq = await self._write(mark)
        cached = self._cache.get(code)
        if cached is not None:
            cached.seats = [replace(s, away=away) if s.seat == seat else s for s in cached.seats]
            cached.forget_views()
        self._seats_changed[code] = self._seats_changed.get(code, 0) + 1
        await self.publish("seats", code, seq)

    async def aclose(self) -> None:
        self.closing = True
        tasks = [*self._bot_tasks.values(), *self._clock_tasks.values(), *self._odds_jobs.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.journal.aclose()
        self.odds.close()

    # --- after the match --------------------------------------------------------------------

    async def rematch(self, code: str, token: str | None) -> str:
        """Same game, mode, options and seats in a new room that starts at once; every
        seated player's token holds the same seat there."""

        def insert(session: Session) -> tuple[str, bool]:
            """(the rematch's code, whether it is new)"""
            room = self._room(session, code, lock=True)
            self._host(session, room, token)
            if room.status != "finished":
                raise RoomError("not_finished", "the match is not over yet", 409)
            if room.rematch_code is not None:
                return room.rematch_code, False
            seats = store.seats_of(session, room.id)
            game = self._game(room.game)
            seed = new_seed()
            new_room_code = new_code()
            while store.code_taken(session, new_room_code):
                new_room_code = new_code()
            new = Room(
                code=new_room_code,
                game=room.game,
                mode=room.mode,
                options=dict(room.options),
                status="playing",
                seed=seed,
                seed_hash=seed_hash(seed),
                seq=0,
                started_at=utcnow(),
            )
            session.add(new)
            session.flush()
            for s in seats:
                session.add(
                    Seat(
                        room_id=new.id, seat=s.seat, name=s.name, bot=s.bot, token_hash=s.token_hash
                    )
                )
            state = game.new(room.mode, game_options(room.options), len(seats), seed)
            session.add(store.new_snapshot(new.id, game.dump(state), _since(game.to_act(state))))
            room.rematch_code = new_room_code
            return new_room_code, True

        async with self._lock(code):
            new_room_code, new = await self._write(insert)
        if new:
            await self.publish("rematch", code, 0)
            await self.publish("state", new_room_code, 0)
        return new_room_code

    async def recent(self, limit: int = 20) -> list[JsonDict]:
        """The latest finished matches, newest first: who played and how it ended."""

        def read(session: Session) -> tuple[list[tuple[Room, Snapshot]], dict[int, list[Seat]]]:
            rows = store.recent_finished(session, limit)
            return rows, {room.id: store.seats_of(session, room.id) for room, _snap in rows}

        rows, seats = await self._read(read)
        matches = []
        for room, snap in rows:
            game = registry.get(room.game)
            if game is None:
                continue
            matches.append(
                {
                    "code": room.code,
                    "game": room.game,
                    "mode": room.mode,
                    "finished_at": room.finished_at.isoformat() if room.finished_at else None,
                    "seats": [
                        {"seat": s.seat, "name": s.name, "bot": s.bot} for s in seats[room.id]
                    ],
                    "result": game.result(game.load(snap.state)),
                }
            )
        return matches

    async def replay(self, code: str) -> JsonDict:
        def read(session: Session) -> tuple[Room, list[Action], RoomSnapshot]:
            room = self._room(session, code)
            if room.status != "finished":
                raise RoomError("not_finished", "the replay opens when the match is over", 409)
            return room, store.actions_of(session, room.id), self._snapshot(session, room)

        room, actions, snap = await self._read(read)
        return {
            "seed": str(room.seed),
            "seed_hash": room.seed_hash,
            "actions": [{"seq": a.seq, "seat": a.seat, "action": a.action} for a in actions],
            "result": snap.game.result(snap.state),
        }

    async def replay_view(self, code: str, seq: int) -> JsonDict:
        """The view at `seq` with every card revealed, rebuilt from the action log."""

        def read(session: Session) -> tuple[Room, list[Action], list[Seat]]:
            room = self._room(session, code)
            if room.status != "finished":
                raise RoomError("not_finished", "the replay opens when the match is over", 409)
            if not 0 <= seq <= room.seq:
                raise RoomError("not_found", f"no step {seq}; the last is {room.seq}", 404)
            actions = store.actions_of(session, room.id, upto=seq)
            return room, actions, store.seats_of(session, room.id)

        room, actions, seats = await self._read(read)
        game = self._game(room.game)
        state = game.new(room.mode, game_options(room.options), len(seats), room.seed)
        events: list[JsonDict] = []
        for a in actions:
            state, new_events = game.apply(state, a.seat, a.action)
            notes = [a.note] if a.note else []
            events.extend({"seq": a.seq, **e} for e in (*notes, *new_events))
        parts = game.view(state, REVEAL)
        status = "finished" if seq == room.seq else "playing"
        return {
            "seq": seq,
            "view": {
                "game": game.id,
                "mode": room.mode,
                "status": status,
                "phase": parts.phase,
                "you": None,
                "to_act": sorted(game.to_act(state)),
                "legal": [],
                "public": parts.public,
                "private": parts.private,
                "log": events[-LOG_KEEP:],
                "result": game.result(state),
            },
        }

    async def remove_seat(self, code: str, seat: int, token: str | None) -> None:
        """In the lobby, the host removes a seat (not its own): its token stops working and
        the seats after it move down one, so the table stays 0..n-1. Every instance closes
        the sockets of the seats that moved (they reconnect and authenticate again; the
        removed token gets `bad_token`): the broker's `seats` message says from which seat."""

        def remove(session: Session) -> None:
            room = self._room(session, code, lock=True)
            seats = store.seats_of(session, room.id)
            self._host(session, room, token, seats)
            if room.status != "lobby":
                raise RoomError("already_started", "the match has already started", 409)
            if seat == 0:
                raise RoomError("not_host", "the host cannot remove its own seat", 403)
            if seat not in {s.seat for s in seats}:
                raise RoomError("not_found", f"nobody sits in seat {seat}", 404)
            session.execute(delete(Seat).where(Seat.room_id == room.id, Seat.seat == seat))
            for later in sorted(s.seat for s in seats if s.seat > seat):
                session.execute(
                    update(Seat)
                    .where(Seat.room_id == room.id, Seat.seat == later)
                    .values(seat=later - 1)
                )

        async with self._lock(code):
            await self._write(remove)
        self._cache.pop(code, None)
        self._seats_changed[code] = self._seats_changed.get(code, 0) + 1
        await self.publish("seats", code, 0, {"from_seat": seat})


@asynccontextmanager
async def _database() -> AsyncIterator[None]:
    """Database trouble becomes `unavailable`, with nothing changed (PROTOCOL.md)."""
    try:
        yield
    except (RoomError, IntegrityError):
        raise
    except (OperationalError, DBAPIError, OSError, TimeoutError) as exc:
        metrics.DB_ERRORS.inc()
        log.warning("database unavailable: %s", exc.__class__.__name__)
        raise unavailable() from exc


def _epoch(at: datetime) -> float:
    """Epoch seconds of a stored time (SQLite hands it back without its UTC zone)."""
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).timestamp()


def _stand_in(seat: int, reason: str) -> JsonDict:
    """The log line for a move the bot made for a human seat ("⚙ played for Bence")."""
    return {"event": "stand_in", "seat": seat, "reason": reason}


def _since(to_act: frozenset[int]) -> JsonDict:
    """The clock of a fresh match: everyone asked to act started waiting now."""
    now = time.time()
    return {"since": {str(seat): now for seat in to_act}}


def _has_bot(game: Game[Any]) -> bool:
    """A game ships a bot when its `bot_action` is more than the protocol's default."""
    return bool(getattr(game, "has_bot", True))

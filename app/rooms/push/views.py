"""A room as one instance holds it (`RoomSnapshot`), and every viewer's view of it, built
and encoded once per seq. Needs no database: the tests of tests/rooms/test_views.py build
rooms here from the engines alone.

The engine's views are asked for in three places only, at the top of this module
(`public_of`, `private_of`, `revealed_of`); `RoomSnapshot.step` applies a move.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import orjson

from app.games.base import Game, JsonDict, PublicView, Result, View, Viewer, legal_element

Odds = dict[str, JsonDict | None]  # "public" or the seat number as text -> the game's odds

LOG_KEEP = 40  # public events kept in the snapshot and sent with every view
VIEWS_FRESH_FOR = 1.0  # seconds a clock room's cached views stay current (see view_message)


def public_of(game: Game[Any], state: Any) -> PublicView:
    """What every viewer sees (phase and `public`)."""
    return game.public(state)


def private_of(game: Game[Any], state: Any, seat: int) -> JsonDict | None:
    """That seat's secrets only."""
    return game.private(state, seat)


def revealed_of(game: Game[Any], state: Any) -> View:
    """Everything face up (replays)."""
    return game.revealed(state)


class Utf8Text(str):
    """A `str` that keeps the UTF-8 bytes it was decoded from, and gives them back when it is
    encoded to UTF-8.

    A view message is encoded once (orjson gives bytes) and decoded to the `str` that ASGI
    wants for a text frame; the server then encodes that `str` back to bytes for every socket
    it goes to (uvicorn: `text.encode()`). Hungarian names (ő, ű) make a view's `str` two bytes
    per character, and encoding ~8 KB of it took ~11 µs per socket: ~4 % of the server at
    saturation (bench/README.md). The bytes it came from are the same answer at no cost.

    To parse one, parse `.encode()`: orjson takes only an exact `str`.
    """

    utf8: bytes

    def __new__(cls, utf8: bytes, text: str | None = None) -> Utf8Text:
        """`text`, when given, must be `utf8` decoded (the caller has it already)."""
        made = super().__new__(cls, utf8, "utf-8") if text is None else super().__new__(cls, text)
        made.utf8 = utf8
        return made

    def encode(self, encoding: str = "utf-8", errors: str = "strict") -> bytes:
        if encoding.lower().replace("_", "-") in ("utf-8", "utf8"):
            return self.utf8
        return str(self).encode(encoding, errors)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    name: str
    bot: bool
    away: bool = False
    token_hash: str | None = field(default=None, repr=False)  # checks a hello; never shown


@dataclass(frozen=True, slots=True)
class Step:
    """What one action makes of a room: its state, seq, recent log, clock and status."""

    state: Any
    seq: int
    log: list[JsonDict]
    since: dict[int, float]
    event_at: dict[str, float]
    status: str
    action: JsonDict  # the element of `legal` that was played, as the engine listed it
    to_act: frozenset[int]  # who the game waits for in `state`

    def clock(self) -> JsonDict:
        return {"since": {str(k): v for k, v in self.since.items()}, "event_at": self.event_at}


@dataclass(frozen=True, slots=True)
class Table:
    """What every viewer's view of a room shares at one seq, worked out once for all."""

    view: PublicView  # the spectator's: phase and `public`
    to_act: frozenset[int]
    result: Result | None
    to_act_list: list[int]  # `to_act` sorted, as every view lists it (nobody changes it)


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
    # A wire (app/fast/wire.py) writes the bytes; only ASGI's send wants a str, made from
    # them when first asked for (`view_message`).
    _views: dict[Viewer, bytes] = field(default_factory=dict)
    _texts: dict[Viewer, Utf8Text] = field(default_factory=dict)
    _shared: dict[str, bytes] = field(default_factory=dict)
    # Each seat's private part encoded, kept from seq to seq with the very object it encodes
    # (the engine hands the same object while the part is unchanged: encoded once for all).
    _privates: dict[Viewer, tuple[JsonDict | None, bytes]] = field(default_factory=dict)
    _table: Table | None = None  # what every viewer's view shares at this seq
    _legal: dict[int, list[JsonDict]] = field(default_factory=dict)  # seat -> its legal now
    _built_at: float = 0.0  # monotonic time the cached views were first built
    # (state, the game's `to_act` of it): asked ~5 times a move (the step, the views, the
    # clock, the bots), each a walk down the engine's modes; kept for the very state object
    _acting: tuple[Any, frozenset[int]] | None = None

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
        acting = self._acting
        if acting is None or acting[0] is not self.state:
            acting = self._acting = (self.state, self.game.to_act(self.state))
        return acting[1]

    def step(self, seat: int, action: JsonDict, note: JsonDict | None, now: float) -> Step:
        """What `action` by `seat` at time `now` makes of the room; raises `GameError` if the
        engine refuses it. Changes nothing here (see `take`)."""
        state, events = self.game.apply(self.state, seat, action)
        played = legal_element(self.legal(seat), action) or action
        if note is not None:
            events = [note, *events]
        seq = self.seq + 1
        waited, acting = self.to_act(), self.game.to_act(state)
        return Step(
            state=state,
            seq=seq,
            log=(self.log + [{"seq": seq, **event} for event in events])[-LOG_KEEP:],
            since={s: self.since.get(s, now) if s in waited else now for s in acting},
            event_at=self.event_at | {str(e.get("event")): now for e in events},
            status="finished" if self.game.result(state) is not None else "playing",
            action=played,
            to_act=acting,
        )

    def take(self, step: Step) -> None:
        """Move on to `step` (once it is committed)."""
        self.state, self.seq, self.log, self.status = step.state, step.seq, step.log, step.status
        self.since, self.event_at, self.odds = step.since, step.event_at, None
        self._acting = (step.state, step.to_act)
        self.forget_views()

    def forget_views(self) -> None:
        """Build the views again when next asked (the room changed without a new seq, or
        nobody watches it now)."""
        self._views, self._texts, self._shared, self._table, self._legal = {}, {}, {}, None, {}

    def pushed(self) -> None:
        """Its views have gone out: free what they were built from now, while it is fresh in
        the CPU's caches, rather than at the room's next move (the encoded messages and the
        legal actions stay; a later viewer's view builds its part again)."""
        self._table = None

    def legal(self, seat: int) -> list[JsonDict]:
        """What `seat` may play now (worked out once per seq: its view lists it too)."""
        if seat not in self._legal:
            self._legal[seat] = self.game.legal_actions(self.state, seat)
        return self._legal[seat]

    def view_message(self, seat: int | None) -> str:
        """The docs/PROTOCOL.md view message for a seat (None = spectator), built once per seq,
        as text: `view_bytes` decoded once, keeping its bytes (`Utf8Text`)."""
        utf8 = self.view_bytes(seat)
        text = self._texts.get(seat)
        if text is None or text.utf8 is not utf8:
            text = self._texts[seat] = Utf8Text(utf8)
        return text

    def view_bytes(self, seat: int | None) -> bytes:
        """The view message for a seat (None = spectator) in UTF-8, built once per seq.

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
            private = self._private_json(seat, view.pop("private"))
            result = orjson.dumps(view.pop("result"))
            # The message is the seat's own part, encoded here, closed by the shared parts:
            # {"type":"view","seq":…,"view":{…,"private":…,"result":…,"public":…,"log":…}}.
            # Joined as they are (orjson's output is compact: an object is its members'
            # encodings joined), rather than encoding ~8 KB again for each seat.
            head = orjson.dumps({"type": "view", "seq": self.seq, "view": view})[:-2]
            cached = self._views[seat] = b"".join(
                (
                    head,
                    b',"private":',
                    private,
                    b',"result":',
                    result,
                    b',"public":',
                    public,
                    b',"log":',
                    log,
                    b"}}",
                )
            )
        return cached

    def _private_json(self, seat: int | None, private: JsonDict | None) -> bytes:
        """A seat's private part encoded once while the engine hands the same object."""
        done = self._privates.get(seat)
        if done is None or done[0] is not private:
            done = self._privates[seat] = (private, orjson.dumps(private))
        return done[1]

    def _share(self, part: str, value: Any) -> bytes:
        """`value` encoded once per seq for every viewer: docs/PROTOCOL.md has `public` (and the
        log of public events) identical for all of them."""
        shared = self._shared.get(part)
        if shared is None:
            shared = self._shared[part] = orjson.dumps(value)
        return shared

    def view(self, seat: int | None) -> JsonDict:
        """The docs/PROTOCOL.md view for a seat (None = spectator)."""
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
        if self.state is None:
            base: JsonDict = {"game": self.game.id, "mode": self.mode, "status": self.status}
            return base | self._lobby_view(seat)
        table = self._shared_table()
        legal = []
        if seat is not None and seat in table.to_act:
            legal = self.legal(seat)
        public, private = self._with_odds(seat, *self._parts(table, seat))
        return {
            "game": self.game.id,
            "mode": self.mode,
            "status": self.status,
            "phase": table.view.phase,
            "you": seat,
            "to_act": table.to_act_list,
            "legal": legal,
            "public": public,
            "private": private,
            "log": self.log,
            "result": table.result,
        }

    def _lobby_view(self, seat: int | None) -> JsonDict:
        lobby_seats = [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in self.seats]
        spec = self.game.modes[self.mode]
        public = {
            "seats": lobby_seats,
            "options": self.options,
            "min_players": spec.min_players,
            "max_players": spec.max_players,
        }
        return {
            "phase": "lobby",
            "you": seat,
            "to_act": [],
            "legal": [],
            "public": public,
            "private": None,
            "log": [],
            "result": None,
        }

    def _shared_table(self) -> Table:
        """`public` is the same for every viewer (docs/PROTOCOL.md): built once per seq, from the
        spectator's view; each seat adds only its secrets."""
        if self._table is None:
            view = public_of(self.game, self.state)
            to_act = self.to_act()
            self._table = Table(view, to_act, self.game.result(self.state), sorted(to_act))
        return self._table

    def _parts(self, table: Table, seat: int | None) -> tuple[JsonDict, JsonDict | None]:
        """(public with the clock, the seat's private part) before the odds."""
        public = table.view.public
        private = private_of(self.game, self.state, seat) if seat is not None else None
        if self.turn_seconds > 0 and self.status == "playing":
            public = public | {"clock": self._clock_view()}
        return public, private

    def _with_odds(
        self, seat: int | None, public: JsonDict, private: JsonDict | None
    ) -> tuple[JsonDict, JsonDict | None]:
        if not self.odds:
            return public, private
        if self.odds.get("public") is not None:
            public = public | {"odds": self.odds["public"]}
        mine = self.odds.get(str(seat)) if seat is not None else None
        if mine is not None:
            private = (private or {}) | {"odds": mine}
        return public, private


def revealed_view(
    game: Game[Any], mode: str, state: Any, status: str, log: list[JsonDict]
) -> JsonDict:
    """A replay's view of `state`: every card face up, as nobody's seat."""
    parts = revealed_of(game, state)
    return {
        "game": game.id,
        "mode": mode,
        "status": status,
        "phase": parts.phase,
        "you": None,
        "to_act": sorted(game.to_act(state)),
        "legal": [],
        "public": parts.public,
        "private": parts.private,
        "log": log[-LOG_KEEP:],
        "result": game.result(state),
    }

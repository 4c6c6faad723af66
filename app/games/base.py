"""The contract every game engine implements, and the tools they share.

An engine is a pure, deterministic state machine: no I/O, no clock, no global randomness.
`app/games/` imports nothing from the web, the database or the clock (a test checks it).

On the wire, actions, events, views and results are plain JSON objects (`JsonDict`). Engines
may keep their state in any typed shape they like (frozen dataclasses, tuples), as long as
`dump(state)` gives JSON and `load(dump(state)) == state`; the room layer only ever stores the
dumped form. `new(seed)` followed by the action log replays to the same dump, byte for byte.

Legality: `legal_actions(state, seat)` is the complete list of actions `seat` may send now;
the client sends one element verbatim. `apply` raises `IllegalAction` for anything else
(`NotYourTurn` when the seat is not in `to_act`), and never mutates its input.

Visibility: `public(state)` is what everyone sees (built once per step), `private(state, seat)`
that seat's secrets, `revealed(state)` everything face up; `view` composes them for a viewer.
Optional capabilities are Protocols a game satisfies by having the method: `HandsOver`
(`isinstance(game, HandsOver)`) and `Priced`.

Bots: `bot_action(view, rng)` is handed a seat's view (`SeatView`: phase, public, that seat's
private part, its legal actions), never the state, so a bot knows what its seat knows and no
more; `seat_view` builds one from an engine alone, the room layer from the view it sends the
phone (app/rooms/follow/bots.py).

Each game is a package of the same files: cards.py (the catalogue as data), actions.py and
events.py (its actions and events as TypedDict unions: mypy checks the rules against them, the
wire carries the same JSON), state.py (the frozen state, `dump`, `load`), rules.py (`new`, `to_act`, `legal_actions`, `apply`, `result`,
with the steps in modules named for what they hold), views.py (`public`, `private`,
`revealed`: the only place deciding visibility), bot.py (`choose`, on a `SeatView`) and
game.py (`GAME`: its metadata and those functions as one `adapter.Engine`), named in
registry.py's `GAMES`. tests/test_engine_shape.py checks the shape; every game passes the
random play of tests/engines/test_random_play.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NotRequired, Protocol, TypedDict, TypeVar, runtime_checkable

JsonValue = Any
JsonDict = dict[str, Any]
# {"type": "...", ...}: imperative, one element of legal_actions, as JSON. Each game types its
# own (a union of TypedDicts tagged by `type`, in its actions.py): the same objects on the wire.
Action = JsonDict
# {"event": "...", ...}: past tense, public, reads like the table, as JSON. Each game types
# its own (a union of TypedDicts tagged by `event`, in its events.py): the same objects.
Event = JsonDict

T = TypeVar("T")
S = TypeVar("S")
A = TypeVar("A", bound=Mapping[str, Any])  # a game's action type (a TypedDict union)


class GameError(Exception):
    """Base class of every error an engine raises on purpose."""


class IllegalAction(GameError, ValueError):
    """The action is not in `legal_actions(state, seat)`; nothing changed."""


class NotYourTurn(IllegalAction):
    """The seat is not one the game waits for."""


class BadOptions(GameError, ValueError):
    """Room options that the mode does not accept."""


@dataclass(frozen=True, slots=True)
class Reveal:
    """The viewer who sees everything face up (replays, tests)."""


REVEAL: Final = Reveal()
Viewer = int | None | Reveal  # a seat, None for a spectator, REVEAL for everything


class Result(TypedDict):
    """The outcome of a finished match: the winning seats ([] for a draw, several for a shared
    win). Each game subclasses it with its own totals (score, money); on the wire it is the
    same JSON object.

    `stats`, where a game counts them: the match's stats for the full-time screen, {name:
    [seat 0, seat 1]}, in the order shown, each labelled by the client's `<game>.stats.<name>`.
    """

    winners: list[int]
    stats: NotRequired[dict[str, list[int]]]


def shot_stats(goals: Sequence[int], shots: Sequence[int]) -> dict[str, list[int]]:
    """The first rows of a football game's `Result.stats`, per seat: goals, shots and saves,
    a save being a shot of the other seat that did not score."""
    return {
        "goals": list(goals),
        "shots": list(shots),
        "saves": [shots[1] - goals[1], shots[0] - goals[0]],
    }


TEXT_OPTION_MAX: Final = 24  # text options (team names) follow docs/PROTOCOL.md's `name` rule


_ATOMS: Final = frozenset({str, int, float, bool, type(None)})


def json_equal(a: JsonValue, b: JsonValue) -> bool:
    """Equality as JSON sees it: Python's `==` says `1 == 1.0 == True`, JSON does not.
    (Text, numbers and null inside are compared in the loops: every move's check runs this.
    The two loops stay written out: one loop over a zip of either made each call 1.7x
    slower, 1.9 → 3.3 µs for an action of five members, `timeit`.)"""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        if a.keys() != b.keys():
            return False
        for k, x in a.items():
            y = b[k]
            if type(x) in _ATOMS:
                if type(y) is not type(x) or x != y:
                    return False
            elif not json_equal(x, y):
                return False
        return True
    if isinstance(a, list | tuple):
        if len(a) != len(b):
            return False
        for x, y in zip(a, b, strict=True):
            if type(x) in _ATOMS:
                if type(y) is not type(x) or x != y:
                    return False
            elif not json_equal(x, y):
                return False
        return True
    return bool(a == b)


def legal_element(legal: Sequence[A], action: Mapping[str, Any]) -> A | None:
    """The element of `legal` that `action` is, as JSON (types included), or None."""
    for x in legal:
        if x == action and json_equal(x, action):
            return x
    return None


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A room option: its default and, when it is a closed set, the allowed values.

    `seat`: the seat that owns the option (a manager's own team, say). Its player may change
    it in the lobby as well as the host; options without an owner are the host's alone."""

    default: JsonValue
    choices: tuple[JsonValue, ...] | None = None
    seat: int | None = None

    def check(self, name: str, value: JsonValue) -> JsonValue:
        """`value` if the option accepts it, compared as JSON: `3.0` is not `3`, nor `true`
        `1`. Text options follow the protocol's `name` rule and come back trimmed."""
        if self.choices is not None:
            if not any(json_equal(value, choice) for choice in self.choices):
                raise BadOptions(f"option {name!r} must be one of {list(self.choices)}")
            return value
        expected = type(self.default)
        if type(value) is not expected:
            kind = "a whole number" if expected is int else f"of type {expected.__name__}"
            raise BadOptions(f"option {name!r} must be {kind}")
        if isinstance(value, str):
            value = value.strip()
            if not 1 <= len(value) <= TEXT_OPTION_MAX or not value.isprintable():
                raise BadOptions(
                    f"option {name!r} must be 1–{TEXT_OPTION_MAX} printable characters"
                )
        return value


@dataclass(frozen=True, slots=True)
class ModeSpec:
    min_players: int
    max_players: int
    options: Mapping[str, OptionSpec] = field(default_factory=dict)

    def defaults(self) -> JsonDict:
        return {name: spec.default for name, spec in self.options.items()}

    def owners(self) -> dict[str, int]:
        """Options owned by a seat: {option name: seat}."""
        return {name: spec.seat for name, spec in self.options.items() if spec.seat is not None}

    def check_options(self, raw: Mapping[str, JsonValue] | None) -> JsonDict:
        """The full option set for a room: defaults overlaid with `raw`, each checked."""
        raw = raw or {}
        unknown = sorted(set(raw) - set(self.options))
        if unknown:
            raise BadOptions(f"unknown option(s): {', '.join(unknown)}")
        options = self.defaults()
        for name, value in raw.items():
            options[name] = self.options[name].check(name, value)
        return options


@dataclass(frozen=True, slots=True)
class PublicView:
    """What every viewer sees at one step: the same for each seat and for spectators, so the
    room layer builds it once per step."""

    phase: str
    public: JsonDict


@dataclass(frozen=True, slots=True)
class View:
    """What one viewer may see. The room layer adds seq, you, to_act, legal, log, result."""

    phase: str
    public: JsonDict
    private: JsonDict | None


class SeatView(TypedDict):
    """What one seat sees now, as its phone does: the parts of docs/PROTOCOL.md's view a bot
    reads (the room's view of a seat has these and more). A bot is handed this, never the
    state: `seat_view` builds it from an engine alone, the room layer from its own view."""

    phase: str
    you: int
    to_act: list[int]
    legal: list[Action]
    public: JsonDict
    private: JsonDict | None


def seat_view(game: Game[S], state: S, seat: int) -> SeatView:
    """Seat `seat`'s view of `state` from the engine alone (tests, tools, the golden replays);
    the room layer's view of the same seat has the same parts."""
    shown = game.public(state)
    to_act = game.to_act(state)
    legal = game.legal_actions(state, seat) if seat in to_act else []
    return {
        "phase": shown.phase,
        "you": seat,
        "to_act": sorted(to_act),
        "legal": legal,
        "public": shown.public,
        "private": game.private(state, seat),
    }


def as_seat_view(view: Mapping[str, Any]) -> SeatView:
    """The bot's parts of a room's view of a seat (docs/PROTOCOL.md's view message)."""
    return {
        "phase": view["phase"],
        "you": view["you"],
        "to_act": view["to_act"],
        "legal": view["legal"],
        "public": view["public"],
        "private": view["private"],
    }


def bot_move(game: Game[S], state: S, seat: int, rng: random.Random) -> Action | None:
    """The game's bot for `seat`, handed that seat's view of `state` (tests and tools)."""
    return game.bot_action(seat_view(game, state, seat), rng)


@runtime_checkable
class Game(Protocol[S]):
    """One game: an `app.games.adapter.Engine`, listed in `app.games.registry.GAMES` (tests
    `register` small games of their own).

    Visibility is split the way the room layer uses it: `public(state)` once per step for
    everyone, `private(state, seat)` for each seat's own secrets, `revealed(state)` for a
    replay with every card face up. The module-level `view` composes them for one viewer.
    """

    id: str
    name: Mapping[str, str]  # {"en", "hu", "da"}
    modes: Mapping[str, ModeSpec]
    has_bot: bool  # False when `bot_action` always gives None (no bot fills a seat)

    def new(self, mode: str, options: JsonDict, seats: int, seed: int) -> S:
        """The state before the first decision. `options` are already checked and complete."""
        ...

    def to_act(self, state: S) -> frozenset[int]:
        """The seats whose decision the game waits for; empty once the match is over."""
        ...

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action `seat` may send now ([] when it has nothing to decide)."""
        ...

    def apply(self, state: S, seat: int, action: Action) -> tuple[S, list[Event]]:
        """The state after `seat` plays `action`, and the public events that happened."""
        ...

    def public(self, state: S) -> PublicView:
        """What every viewer sees, identical for all of them. Whitelist fields."""
        ...

    def private(self, state: S, seat: int) -> JsonDict | None:
        """That seat's own secrets only (its hand, its hidden choice); None when it has none
        or is not a seat of this game."""
        ...

    def revealed(self, state: S) -> View:
        """Everything face up, for replays after the match and for tests."""
        ...

    def result(self, state: S) -> Result | None:
        """None while playing; then {"winners": [...], ...game-specific totals}."""
        ...

    def dump(self, state: S) -> JsonDict:
        """The state as JSON-ready data."""
        ...

    def load(self, data: JsonDict) -> S:
        """The inverse of `dump`."""
        ...

    def bot_action(self, view: SeatView, rng: random.Random) -> Action | None:
        """A sensible element of `view["legal"]` for a bot in seat `view["you"]`, decided from
        that seat's view alone (the state is not handed over: the bot cannot see what the seat
        does not); None when the game has no bot or the bot declines."""
        ...


@runtime_checkable
class HandsOver(Protocol):
    """A game with a decision no bot can make (live mode's scorer, who enters what happens on
    TV). The room uses it when `bot_action` gives None for a seat the bot plays, so a room
    never stalls on a role only a person can fill."""

    def handover(self, state: Any, seat: int, to: int) -> Action | None:
        """The legal action by which `seat` passes its role to the human seat `to`."""
        ...


@runtime_checkable
class Priced(Protocol):
    """A game that prices its markets (Focifogadás odds), computed off the command path."""

    def odds(self, state: Any, viewer: int | None, context: JsonDict) -> JsonDict | None:
        """The odds `viewer` sees (None = the public part), from the room's `context`."""
        ...


def view(game: Game[S], state: S, viewer: Viewer) -> View:
    """What `viewer` sees: a seat gets `public` plus its `private`, a spectator (None) only
    `public`, REVEAL everything face up. For tests and tools; the room layer builds `public`
    once per step and asks each seat only for `private`."""
    if isinstance(viewer, Reveal):
        return game.revealed(state)
    shown = game.public(state)
    private = None if viewer is None else game.private(state, viewer)
    return View(shown.phase, shown.public, private)


# --- Randomness -------------------------------------------------------------------------------

_MASK64 = (1 << 64) - 1
_UNIT = 1.0 / (1 << 53)  # 53 random bits to a float in [0, 1)


def _splitmix64(z: int) -> int:
    z = (z + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


@dataclass(frozen=True, slots=True)
class Rng:
    """A seeded random stream kept inside the state: `seed` plus how many draws were made.

    Every draw returns the value and the advanced Rng, so `apply` stays pure. The n-th draw is
    SplitMix64 of (seed, n): our own arithmetic, so it repeats on every Python version and
    platform (`random.random()` is the usual choice; seeding a Mersenne Twister per draw costs
    10 us, too slow for the Monte Carlo odds, while this costs about 1 us).
    """

    seed: int
    counter: int = 0

    def _next_float(self) -> tuple[float, Rng]:
        bits = _splitmix64((self.seed * 0x9E3779B97F4A7C15 + self.counter) & _MASK64)
        return (bits >> 11) * _UNIT, Rng(self.seed, self.counter + 1)

    def randint(self, lo: int, hi: int) -> tuple[int, Rng]:
        """A whole number in [lo, hi], both ends included."""
        if hi < lo:
            raise ValueError("empty range")
        x, rng = self._next_float()
        return lo + int(x * (hi - lo + 1)), rng

    def die(self, sides: int) -> tuple[int, Rng]:
        """A roll of a fair die with faces 1..sides."""
        return self.randint(1, sides)

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A Fisher-Yates shuffle of `items` (one draw per swap: `randint(0, i)`'s, worked
        out in place, without an Rng per draw)."""
        out = list(items)
        start = self.seed * 0x9E3779B97F4A7C15
        counter = self.counter
        for i in range(len(out) - 1, 0, -1):
            x = (_splitmix64((start + counter) & _MASK64) >> 11) * _UNIT
            counter += 1
            j = int(x * (i + 1))
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(self.seed, counter)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, rng = self.randint(0, len(items) - 1)
        return items[index], rng

    def to_json(self) -> list[int]:
        return [self.seed, self.counter]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        return cls(int(data[0]), int(data[1]))


def check_legal(
    legal: Sequence[Mapping[str, Any]], seat: int, to_act: frozenset[int], action: Mapping[str, Any]
) -> None:
    """The common legality gate: raise `NotYourTurn` or `IllegalAction`, or return."""
    if seat not in to_act:
        raise NotYourTurn(f"seat {seat} has nothing to decide now")
    if legal_element(legal, action) is None:
        raise IllegalAction(f"not a legal action now: {action!r}")

"""The frozen state of a game, `FociState(mode, inner)`, with `dump` and `load`; `inner` is
the mode's own frozen state (docs/rules/focifogadas.md §9–§11), defined here with its JSON.

A dump writes an option's field only when the option differs from its default, so a game with
the default options dumps exactly as before the options existed (the golden replays).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeAlias

from app.games.base import JsonDict, Rng
from app.games.focifogadas import board, book
from app.games.focifogadas.board import TIME_STEPS, MatchState
from app.games.focifogadas.book import Book

# Drukker's phases (§9)
CHOOSE: Final = "choose"
MATCH: Final = "match"
HALF_TIME: Final = "half_time"
OVER: Final = "over"


@dataclass(frozen=True, slots=True)
class Buyer:
    """The half-time purchase in progress (§9.3 steps 1–4)."""

    seat: int
    count: int = -1  # k; -1 until chosen
    replaced: tuple[str, ...] | None = None  # set aside face down (hidden for ever)
    drawn: tuple[str, ...] = ()  # valid (undecided) cards drawn so far, private until kept

    @property
    def step(self) -> str:
        if self.count < 0:
            return "buy"
        if self.replaced is None:
            return "replace"
        return "draw" if len(self.drawn) < 2 * self.count else "keep"


@dataclass(frozen=True, slots=True)
class DrukkerState:
    n: int
    rng: Rng
    phase: str
    money: tuple[int, ...]
    dealt: tuple[tuple[str, ...], ...]  # the 8 cards each seat was dealt
    hands: tuple[tuple[str, ...] | None, ...]  # the 4 kept; None until chosen
    bought: tuple[tuple[str, ...], ...]  # the face-up cards in each hand
    light: tuple[str, ...]  # betting draw decks, top first
    dark: tuple[str, ...]
    shown: tuple[str, ...]  # set aside or discarded face up at half time
    start_player: int = -1
    buyer: Buyer | None = None
    buyers_done: int = 0
    match: MatchState | None = None
    payouts: tuple[int, ...] | None = None
    start_choice: int | None = None  # the host's start player; None: chance (§7.1 step 3)
    time_steps: int = TIME_STEPS  # §12.1 time_advances_per_half

    def to_json(self) -> JsonDict:
        # The options are written only when they differ from the defaults: default dumps (and the
        # golden replays' digests) stay as they were.
        chosen: JsonDict = {} if self.start_choice is None else {"start_choice": self.start_choice}
        if self.time_steps != TIME_STEPS:
            chosen["time_steps"] = self.time_steps
        return chosen | {
            "n": self.n,
            "rng": self.rng.to_json(),
            "phase": self.phase,
            "money": list(self.money),
            "dealt": [list(d) for d in self.dealt],
            "hands": [None if h is None else list(h) for h in self.hands],
            "bought": [list(b) for b in self.bought],
            "light": list(self.light),
            "dark": list(self.dark),
            "shown": list(self.shown),
            "start_player": self.start_player,
            "buyer": _dump_buyer(self.buyer),
            "buyers_done": self.buyers_done,
            "match": None if self.match is None else board.dump(self.match),
            "payouts": None if self.payouts is None else list(self.payouts),
        }

    @classmethod
    def from_json(cls, d: JsonDict) -> DrukkerState:
        return cls(
            n=int(d["n"]),
            rng=Rng.from_json(d["rng"]),
            phase=str(d["phase"]),
            money=tuple(d["money"]),
            dealt=tuple(tuple(x) for x in d["dealt"]),
            hands=tuple(None if h is None else tuple(h) for h in d["hands"]),
            bought=tuple(tuple(b) for b in d["bought"]),
            light=tuple(d["light"]),
            dark=tuple(d["dark"]),
            shown=tuple(d["shown"]),
            start_player=int(d["start_player"]),
            buyer=_load_buyer(d["buyer"]),
            buyers_done=int(d["buyers_done"]),
            match=None if d["match"] is None else board.load(d["match"]),
            payouts=None if d["payouts"] is None else tuple(d["payouts"]),
            start_choice=d.get("start_choice"),
            time_steps=int(d.get("time_steps", TIME_STEPS)),
        )


def _dump_buyer(b: Buyer | None) -> JsonDict | None:
    if b is None:
        return None
    replaced = None if b.replaced is None else list(b.replaced)
    return {"seat": b.seat, "count": b.count, "replaced": replaced, "drawn": list(b.drawn)}


def _load_buyer(d: JsonDict | None) -> Buyer | None:
    if d is None:
        return None
    replaced = None if d["replaced"] is None else tuple(d["replaced"])
    return Buyer(int(d["seat"]), int(d["count"]), replaced, tuple(d["drawn"]))


@dataclass(frozen=True, slots=True)
class BukState:
    n: int
    rng: Rng
    book: Book
    kickoff: int
    aside: tuple[tuple[int, ...], ...]  # the five set-aside piles (private to their peekers)
    piles: tuple[tuple[int, ...], ...]  # the 12-card decks the match starts with
    peeks: tuple[tuple[int, ...] | None, ...]  # which piles each seat looked at (public)
    match: MatchState | None = None
    host_start: bool = False  # the host chose the start player (logged at kick-off)
    time_steps: int = TIME_STEPS  # §12.1 time_advances_per_half

    def to_json(self) -> JsonDict:
        chosen: JsonDict = {"host_start": True} if self.host_start else {}  # defaults: not written
        if self.time_steps != TIME_STEPS:
            chosen["time_steps"] = self.time_steps
        return chosen | {
            "n": self.n,
            "rng": self.rng.to_json(),
            "book": book.dump(self.book),
            "kickoff": self.kickoff,
            "aside": [list(p) for p in self.aside],
            "piles": [list(p) for p in self.piles],
            "peeks": [None if p is None else list(p) for p in self.peeks],
            "match": None if self.match is None else board.dump(self.match),
        }

    @classmethod
    def from_json(cls, d: JsonDict) -> BukState:
        return cls(
            n=d["n"],
            rng=Rng.from_json(d["rng"]),
            book=book.load(d["book"]),
            kickoff=d["kickoff"],
            aside=tuple(tuple(p) for p in d["aside"]),
            piles=tuple(tuple(p) for p in d["piles"]),
            peeks=tuple(None if p is None else tuple(p) for p in d["peeks"]),
            match=None if d["match"] is None else board.load(d["match"]),
            host_start=bool(d.get("host_start", False)),
            time_steps=int(d.get("time_steps", TIME_STEPS)),
        )


@dataclass(frozen=True, slots=True)
class LiveState:
    n: int
    rng: Rng
    book: Book
    scorer: int
    home_name: str
    away_name: str
    entries: tuple[str, ...] = ()
    # The seat that made each entry of `entries` (UNDO is the scorer's own, live.can_undo).
    # None: made before authors were kept; no scorer may undo it (load of an older dump).
    authors: tuple[int | None, ...] = ()
    confirming: bool = False  # full time entered, waiting for the scorer's confirmation
    host_start: bool = False  # the host chose the start player (logged at kick-off)

    def to_json(self) -> JsonDict:
        chosen: JsonDict = {"host_start": True} if self.host_start else {}  # defaults: not written
        return chosen | {
            "n": self.n,
            "rng": self.rng.to_json(),
            "book": book.dump(self.book),
            "scorer": self.scorer,
            "home_name": self.home_name,
            "away_name": self.away_name,
            "entries": list(self.entries),
            "authors": list(self.authors),
            "confirming": self.confirming,
        }

    @classmethod
    def from_json(cls, d: JsonDict) -> LiveState:
        return cls(
            n=d["n"],
            rng=Rng.from_json(d["rng"]),
            book=book.load(d["book"]),
            scorer=d["scorer"],
            home_name=d["home_name"],
            away_name=d["away_name"],
            entries=tuple(d["entries"]),
            authors=_authors(d),
            confirming=d["confirming"],
            host_start=bool(d.get("host_start", False)),
        )


def _authors(d: JsonDict) -> tuple[int | None, ...]:
    """The entries' authors; a dump from before they were kept (a room live across the
    upgrade) has none: each such entry is by an unknown seat, which no scorer may undo."""
    if "authors" not in d:
        return (None,) * len(d["entries"])
    return tuple(None if a is None else int(a) for a in d["authors"])


ModeState: TypeAlias = DrukkerState | BukState | LiveState
_CLASSES: Final[dict[str, type[DrukkerState] | type[BukState] | type[LiveState]]] = {
    "drukker": DrukkerState,
    "bukmeker": BukState,
    "live": LiveState,
}


@dataclass(frozen=True, slots=True)
class FociState:
    """A game of one mode: `inner` is that mode's state."""

    mode: str
    inner: ModeState


def dump(state: FociState) -> JsonDict:
    return {"mode": state.mode, "state": state.inner.to_json()}


def load(data: JsonDict) -> FociState:
    mode = str(data["mode"])
    return FociState(mode, _CLASSES[mode].from_json(data["state"]))

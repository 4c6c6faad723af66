"""The state of a match (docs/rules/focifogadas.md §5, §7) and the board a turn is played on.

`MatchState` is the frozen state the modes keep; `Board` is its mutable working copy for
the duration of one or more turns, so that the event-writing path (`match.play`) and the
fast Monte-Carlo path (`match.simulate`) share every rule (effects.py). Inside, a card is an
int (its index in `cards.CARDS`); the top of a draw pile is index 0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from app.games.base import JsonDict, Rng
from app.games.focifogadas.events import FociEvent

TIME_STEPS: Final = 6  # §4.2 / §12.1 time_advances_per_half default: start + 5 green fields
PLAYING: Final = "playing"
HALF_TIME: Final = "half_time"
OVER: Final = "over"


@dataclass(frozen=True, slots=True)
class MatchState:
    n_players: int
    half_time_break: bool  # Drukker: stop at half time for the purchases (§7.4 step 2)
    kickoff: int  # the team that kicked off the 1st half
    half: int
    time_pos: int  # 0..time_steps; time_steps = the half is over
    section: int
    poss: int
    h1: int
    a1: int
    h2: int
    a2: int
    fg: int  # -1 = no goal yet
    corners: int
    yellows: int
    reds: int
    draw: tuple[tuple[int, ...], ...]
    discard: tuple[tuple[int, ...], ...]  # played card last (face up), the other under it
    current: int
    pair: tuple[int, int] | None  # the current player's drawn pair (private to them)
    last_player: int  # who played the last card of the 1st half (-1 before)
    status: str
    turn: int  # turns played so far
    time_steps: int = TIME_STEPS  # §12.1 time_advances_per_half (6, or 5 for a short half)


_SCALARS: Final = (
    *("n_players", "half_time_break", "kickoff", "half", "time_pos", "section", "poss"),
    *("h1", "a1", "h2", "a2", "fg", "corners", "yellows", "reds"),
    *("current", "last_player", "status", "turn"),
)


class Board:
    """A mutable working copy of a `MatchState` for the duration of one or more turns."""

    __slots__ = (*_SCALARS, "discard", "draw", "events", "pair", "roll", "shuffle", "time_steps")

    n_players: int
    half_time_break: bool
    kickoff: int
    half: int
    time_pos: int
    section: int
    poss: int
    h1: int
    a1: int
    h2: int
    a2: int
    fg: int
    corners: int
    yellows: int
    reds: int
    current: int
    last_player: int
    status: str
    turn: int
    time_steps: int
    # The piles as the state holds them (tuples, shared with it until a pile changes: a
    # move changes one or two of the ten, and copying all ten was most of making a Board)
    draw: list[tuple[int, ...]]
    discard: list[tuple[int, ...]]
    pair: tuple[int, int] | None
    events: list[FociEvent] | None  # None on the fast path
    roll: Callable[[], int]  # a d12
    shuffle: Callable[[list[int]], None]  # in place

    def __init__(self, m: MatchState, roll: Callable[[], int], shuffle: Callable[..., None]):
        for name in _SCALARS:
            setattr(self, name, getattr(m, name))
        self.draw = list(m.draw)
        self.discard = list(m.discard)
        self.pair = m.pair
        self.time_steps = m.time_steps
        self.events = None
        self.roll = roll
        self.shuffle = shuffle

    def freeze(self) -> MatchState:
        return MatchState(  # every field by name (no dict of them made and unpacked each turn)
            n_players=self.n_players,
            half_time_break=self.half_time_break,
            kickoff=self.kickoff,
            half=self.half,
            time_pos=self.time_pos,
            section=self.section,
            poss=self.poss,
            h1=self.h1,
            a1=self.a1,
            h2=self.h2,
            a2=self.a2,
            fg=self.fg,
            corners=self.corners,
            yellows=self.yellows,
            reds=self.reds,
            draw=tuple(self.draw),
            discard=tuple(self.discard),
            current=self.current,
            pair=self.pair,
            last_player=self.last_player,
            status=self.status,
            turn=self.turn,
            time_steps=self.time_steps,
        )

    def emit(self, event: FociEvent) -> None:
        if self.events is not None:
            self.events.append(event)


class RngSource:
    """Dice and shuffles from the state's `Rng`, for the deterministic path."""

    __slots__ = ("rng",)

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def roll(self) -> int:
        value, self.rng = self.rng.die(12)
        return value

    def shuffle(self, pile: list[int]) -> None:
        order, self.rng = self.rng.shuffle(pile)
        pile[:] = order


# --- JSON -------------------------------------------------------------------------------------


def dump(m: MatchState) -> JsonDict:
    data: JsonDict = {name: getattr(m, name) for name in _SCALARS}
    data["draw"] = [list(p) for p in m.draw]
    data["discard"] = [list(p) for p in m.discard]
    data["pair"] = None if m.pair is None else list(m.pair)
    if m.time_steps != TIME_STEPS:  # only a non-default half length: default dumps unchanged
        data["time_steps"] = m.time_steps
    return data


def load(data: JsonDict) -> MatchState:
    pair = data["pair"]
    return MatchState(
        draw=tuple(tuple(int(c) for c in p) for p in data["draw"]),
        discard=tuple(tuple(int(c) for c in p) for p in data["discard"]),
        pair=None if pair is None else (int(pair[0]), int(pair[1])),
        time_steps=int(data.get("time_steps", TIME_STEPS)),
        **{name: data[name] for name in _SCALARS},
    )

"""The Hat Trick match state: frozen dataclasses of tuples that round-trip through JSON.

Nothing here changes in place: the rules build each new state with `dataclasses.replace` and
the small tuple edits below. Pairs are indexed by team (Blue 0, Red 1); a draw pile's top card
is its last one; `grid[line - 1][column - 1]` in the global frame (§3.1).

There is no mutable board anywhere: the bot decides from views and simulates nothing. Frozen
costs about 13 us of CPU per `apply` (28 → 41 us in random play over 100 matches, against the
old mutable clone), and about 5 % of a bot-vs-bot match, where building views dominates
(bench/hattrick_bench.py prints the same match figures as before).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, TypeVar

from app.games.base import JsonDict, Rng
from app.games.hattrick.events import HatTrickEvent

T = TypeVar("T")
Pair = tuple[T, T]
Cards = tuple[str, ...]
Grid = tuple[tuple[str | None, ...], ...]
Events = list[HatTrickEvent]  # the public events of one `apply`, collected in order


@dataclass(frozen=True, slots=True)
class Options:
    """The room options of §14 (see `game.MODES`)."""

    knockout: bool
    team_blue: str
    team_red: str
    move_required: bool
    half_end_zone: str
    shootout_hand: bool


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot (§8): its action card face up, then the chosen cards and the save draw."""

    team: int
    player: str | None  # None in the shoot-out
    card: str
    colour: str
    line: int  # the shooter's field in his own frame
    col: int
    penalty: bool
    shooting: str | None = None
    keeper: str | None = None
    base: int | None = None
    overlay: int | None = None
    allowance: int | None = None
    power: int | None = None
    drawn: Cards = ()
    total: int = 0
    outcome: str | None = None
    resolved: bool = False


@dataclass(frozen=True, slots=True)
class Shootout:
    """The penalty shoot-out so far (§4.6)."""

    first: int
    kicker: int
    goals: Pair[int] = (0, 0)
    taken: Pair[int] = (0, 0)
    pairs: int = 0  # sudden-death pairs taken, for the F12 valve
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class Counts:
    """The full-time stats counted as they happen, per team (Blue, Red); what the state already
    holds (goals, saves, send-offs) is derived in `rules.stats`. The shoot-out (half 4) is not
    counted: its goals are `Shootout.goals`."""

    shots: Pair[int] = (0, 0)  # shots taken (§8), penalties of the match included
    chances: Pair[int] = (0, 0)  # Scoring Opportunities started (§7.1)
    fouls: Pair[int] = (0, 0)  # fouls committed, each booked (§6.2)


@dataclass(frozen=True, slots=True)
class Match:
    options: Options
    rng: Rng
    stars: Pair[tuple[int, ...]]  # star shirt numbers per team (1 = star keeper set), §2.6
    phase: str = "play"
    half: int = 1  # 1, 2, 3 = extra time, 4 = shoot-out
    first_kickoff: int = 0
    grid: Grid = ()
    off: Cards = ()  # sent-off players
    carrier: str | None = None
    score: Pair[int] = (0, 0)
    yellow: Pair[bool] = (False, False)
    hands: Pair[Cards] = ((), ())
    piles: Pair[Cards] = ((), ())  # top = last
    discards: Pair[Cards] = ((), ())
    exhausted: Pair[bool] = (False, False)
    valve: int = 0  # §4.4 safety-valve count
    attacker: int = 0  # the team with the ball (the kicking team at a goal kick)
    so: bool = False  # inside a Scoring Opportunity
    so_round: int = 0
    pending: Pair[str | None] = (None, None)  # hidden choices
    played: Pair[str | None] = (None, None)  # revealed, in play
    moved: str | None = None  # the player moved in the previous move step
    shot: Shot | None = None
    shootout: Shootout | None = None
    winner: int | None = None  # set when the match is over (None = a draw)
    counts: Counts = Counts()


# --- Small edits of frozen parts ----------------------------------------------------------------


def put(pair: Pair[T], team: int, value: T) -> Pair[T]:
    """`pair` with the team's element replaced."""
    return (value, pair[1]) if team == 0 else (pair[0], value)


def count(pair: Pair[int], team: int) -> Pair[int]:
    """`pair` with one more for the team."""
    return put(pair, team, pair[team] + 1)


def without(cards: Cards, card: str) -> Cards:
    """`cards` without the first copy of `card`."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def set_cell(grid: Grid, line: int, col: int, player: str | None) -> Grid:
    """`grid` with the field at (line, col), both 1-based, holding `player`."""
    row = grid[line - 1]
    return (*grid[: line - 1], (*row[: col - 1], player, *row[col:]), *grid[line:])


# --- JSON ---------------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    if isinstance(value, Rng):
        return value.to_json()
    if isinstance(value, Shootout):  # `winner` is in the JSON only once there is one
        out = {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
        return out if value.winner is not None else {k: v for k, v in out.items() if k != "winner"}
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def dump(m: Match) -> JsonDict:
    data: JsonDict = _plain(m)
    return data


def _pair(data: Any) -> Any:
    return (tuple(data[0]), tuple(data[1]))


def _shot(data: JsonDict) -> Shot:
    return Shot(**{**data, "drawn": tuple(data["drawn"])})


def _shootout(data: JsonDict) -> Shootout:
    return Shootout(
        first=data["first"],
        kicker=data["kicker"],
        goals=(data["goals"][0], data["goals"][1]),
        taken=(data["taken"][0], data["taken"][1]),
        pairs=data["pairs"],
        winner=data.get("winner"),
    )


def _counts(data: JsonDict | None, score: Pair[int]) -> Counts:
    """A state dumped before the stats were counted (a room mid-match across a rolling
    restart) has none: they start again from 0, except that every goal so far was a shot."""
    if data is None:
        return Counts(shots=score)
    return Counts(**{name: (data[name][0], data[name][1]) for name in Counts.__dataclass_fields__})


def load(data: JsonDict) -> Match:
    score = (data["score"][0], data["score"][1])
    return Match(
        options=Options(**data["options"]),
        rng=Rng.from_json(data["rng"]),
        stars=_pair(data["stars"]),
        phase=data["phase"],
        half=data["half"],
        first_kickoff=data["first_kickoff"],
        grid=tuple(tuple(row) for row in data["grid"]),
        off=tuple(data["off"]),
        carrier=data["carrier"],
        score=score,
        yellow=(data["yellow"][0], data["yellow"][1]),
        hands=_pair(data["hands"]),
        piles=_pair(data["piles"]),
        discards=_pair(data["discards"]),
        exhausted=(data["exhausted"][0], data["exhausted"][1]),
        valve=data["valve"],
        attacker=data["attacker"],
        so=data["so"],
        so_round=data["so_round"],
        pending=(data["pending"][0], data["pending"][1]),
        played=(data["played"][0], data["played"][1]),
        moved=data["moved"],
        shot=None if data["shot"] is None else _shot(data["shot"]),
        shootout=None if data["shootout"] is None else _shootout(data["shootout"]),
        winner=data["winner"],
        counts=_counts(data.get("counts"), score),
    )

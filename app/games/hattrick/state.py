"""The Hat Trick match state: plain data that round-trips through JSON.

`Match` is a dataclass of lists and dicts. The engine never mutates a state it was given:
`apply` works on `clone(state)` and returns the copy (see rules.py).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields

from app.games.base import JsonDict, Rng

Grid = list[list[str | None]]  # grid[line - 1][column - 1], global frame (§3.1)


@dataclass(slots=True)
class Match:
    options: JsonDict
    rng: Rng
    stars: list[list[int]]  # star shirt numbers per team (1 = star keeper set), §2.6
    phase: str = "play"
    half: int = 1  # 1, 2, 3 = extra time, 4 = shoot-out
    first_kickoff: int = 0
    grid: Grid = field(default_factory=list)
    off: list[str] = field(default_factory=list)  # sent-off players
    carrier: str | None = None
    score: list[int] = field(default_factory=lambda: [0, 0])
    yellow: list[bool] = field(default_factory=lambda: [False, False])
    hands: list[list[str]] = field(default_factory=lambda: [[], []])
    piles: list[list[str]] = field(default_factory=lambda: [[], []])  # top = last
    discards: list[list[str]] = field(default_factory=lambda: [[], []])
    exhausted: list[bool] = field(default_factory=lambda: [False, False])
    valve: int = 0  # §4.4 safety-valve count
    attacker: int = 0  # the team with the ball (the kicking team at a goal kick)
    so: bool = False  # inside a Scoring Opportunity
    so_round: int = 0
    pending: list[str | None] = field(default_factory=lambda: [None, None])  # hidden choices
    played: list[str | None] = field(default_factory=lambda: [None, None])  # revealed, in play
    moved: str | None = None  # the player moved in the previous move step
    shot: JsonDict | None = None
    shootout: JsonDict | None = None
    winner: int | None = None  # set when the match is over (None = a draw)


def dump(m: Match) -> JsonDict:
    out: JsonDict = {}
    for f in fields(Match):
        value = getattr(m, f.name)
        out[f.name] = value.to_json() if isinstance(value, Rng) else copy.deepcopy(value)
    return out


def load(data: JsonDict) -> Match:
    kwargs = {f.name: copy.deepcopy(data[f.name]) for f in fields(Match)}
    kwargs["rng"] = Rng.from_json(data["rng"])
    return Match(**kwargs)


def clone(m: Match) -> Match:
    """A deep copy, faster than `copy.deepcopy` of the whole dataclass."""
    return Match(
        options=m.options,  # never changed after `new`
        rng=m.rng,
        stars=m.stars,
        phase=m.phase,
        half=m.half,
        first_kickoff=m.first_kickoff,
        grid=[list(row) for row in m.grid],
        off=list(m.off),
        carrier=m.carrier,
        score=list(m.score),
        yellow=list(m.yellow),
        hands=[list(h) for h in m.hands],
        piles=[list(p) for p in m.piles],
        discards=[list(d) for d in m.discards],
        exhausted=list(m.exhausted),
        valve=m.valve,
        attacker=m.attacker,
        so=m.so,
        so_round=m.so_round,
        pending=list(m.pending),
        played=list(m.played),
        moved=m.moved,
        shot=copy.deepcopy(m.shot) if m.shot is not None else None,
        shootout=copy.deepcopy(m.shootout) if m.shootout is not None else None,
        winner=m.winner,
    )

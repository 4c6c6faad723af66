"""Football Duel's events: what one `apply` tells the table (public, past tense), a union
tagged by `event`. On the wire each is the same plain JSON object (docs/PROTOCOL.md's log);
mypy checks every event the rules write against these shapes."""

from __future__ import annotations

from typing import Any, Literal, TypeAlias, TypedDict, final

Face: TypeAlias = dict[str, Any]  # a card as views show it (cards.face)

# `for` is a keyword: this one is declared in the functional form.
CoinToss = TypedDict(
    "CoinToss", {"event": Literal["coin_toss"], "seat": int, "for": str, "text": str}
)


@final
class HalfStarted(TypedDict):
    event: Literal["half_started"]
    half: int
    extra_time: bool
    seat: int
    text: str


@final
class Duel(TypedDict):
    event: Literal["duel"]
    attacker: int
    attack_card: Face
    defence_card: Face
    slot: int
    outcome: str
    text: str


@final
class ThrowIn(TypedDict):
    event: Literal["throw_in"]
    seat: int
    reason: str
    text: str


@final
class Said(TypedDict):
    """A seat's step that needs no more words: a shot earned, a goalkeeper picked, ready."""

    event: Literal[
        "shot_earned", "goalkeeper_picked", "arranged", "shootout_ready", "turn_switched"
    ]
    seat: int
    text: str


@final
class Shot(TypedDict):
    event: Literal["shot"]
    attacker: int
    attack_card: Face
    keeper_card: Face | None
    outcome: str
    text: str


@final
class Goal(TypedDict):
    event: Literal["goal"]
    seat: int
    score: list[int]
    text: str


@final
class Refilled(TypedDict):
    event: Literal["refilled"]
    seat: int
    drawn: int
    pile: int


@final
class HalfEnded(TypedDict):
    event: Literal["half_ended"]
    half: int
    score: list[int]
    text: str


@final
class ShootoutStarted(TypedDict):
    event: Literal["shootout_started"]
    text: str


@final
class Penalty(TypedDict):
    event: Literal["penalty"]
    seat: int
    kick: int
    sudden_death: bool
    taker: Face
    keeper: Face
    outcome: str
    text: str


@final
class FullTime(TypedDict):
    event: Literal["full_time"]
    score: list[int]
    winners: list[int]
    text: str


DuelEvent: TypeAlias = (
    CoinToss
    | HalfStarted
    | Duel
    | ThrowIn
    | Said
    | Shot
    | Goal
    | Refilled
    | HalfEnded
    | ShootoutStarted
    | Penalty
    | FullTime
)

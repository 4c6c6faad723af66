"""Hat Trick's events: what one `apply` tells the table (public, past tense), a union tagged
by `event`. On the wire each is the same plain JSON object (docs/PROTOCOL.md's log); mypy
checks every event the rules write against these shapes. Teams are 0 (Blue) and 1 (Red);
players and cards are named by their ids; fields are [line, column]."""

from __future__ import annotations

from typing import Any, Literal, TypeAlias, TypedDict, final

# `from` is a keyword: these are declared in the functional form.
PlayerMoved = TypedDict(
    "PlayerMoved",
    {
        "event": Literal["player_moved"],
        "player": str,
        "dir": str,
        "from": list[int],
        "to": list[int],
        "swapped_with": str | None,
    },
)
BallPassed = TypedDict(
    "BallPassed",
    {"event": Literal["ball_passed"], "how": str, "from": str | None, "to": str},
)


@final
class TeamOnly(TypedDict):
    """A team's step that needs no more words."""

    event: Literal["deck_exhausted", "card_laid", "shot_held", "goal_kick"]
    team: int


@final
class CoinToss(TypedDict):
    event: Literal["coin_toss"]
    purpose: str
    team: int


@final
class Counted(TypedDict):
    """Cards moved between a team's piles: a shuffle, a temporary deck, a draw."""

    event: Literal["deck_shuffled", "temporary_deck"]
    team: int
    cards: int


@final
class CardsDrawn(TypedDict):
    event: Literal["cards_drawn"]
    team: int
    count: int


@final
class HalfStarted(TypedDict):
    event: Literal["half_started"]
    half: int
    kickoff: int
    carrier: str | None


@final
class HalfEnded(TypedDict):
    event: Literal["half_ended"]
    half: int
    score: list[int]


@final
class MatchEnded(TypedDict):
    event: Literal["match_ended"]
    score: list[int]
    winner: int | None


@final
class ShootoutStarted(TypedDict):
    event: Literal["shootout_started"]
    first: int


@final
class ShootoutKick(TypedDict):
    event: Literal["shootout_kick"]
    team: int
    scored: bool
    goals: list[int]


@final
class WithCarrier(TypedDict):
    """A Scoring Opportunity or a kick-off: the team and the player with the ball."""

    event: Literal["scoring_opportunity", "kickoff"]
    team: int
    carrier: str | None


@final
class SoAction(TypedDict):
    event: Literal["so_action"]
    kind: str
    performed: bool


@final
class BallTo(TypedDict):
    """The ball to a player after a Scoring Opportunity."""

    event: Literal["scoring_opportunity_ended"]
    team: int
    ball_to: str


@final
class Shot(TypedDict):
    event: Literal["shot"]
    team: int
    player: str | None
    card: str
    penalty: bool


@final
class ShotCardsRevealed(TypedDict):
    event: Literal["shot_cards_revealed"]
    shooting: str | None
    keeper: str | None
    power: int | None
    base: int
    overlay: int
    penalty: int
    allowance: int | None


@final
class SaveCard(TypedDict):
    event: Literal["save_card"]
    team: int
    card: str | None
    total: int


@final
class ShotResult(TypedDict):
    event: Literal["shot_result"]
    team: int
    outcome: str
    save: int
    power: int


@final
class Goal(TypedDict):
    event: Literal["goal"]
    team: int
    player: str | None
    score: list[int]


@final
class Parried(TypedDict):
    event: Literal["parried"]
    ball_to: str


@final
class GoalKickTaken(TypedDict):
    event: Literal["goal_kick_taken"]
    team: int
    card: str
    ball_to: str


@final
class PenaltyKick(TypedDict):
    event: Literal["penalty_kick"]
    team: int
    card: str


@final
class CardsRevealed(TypedDict):
    event: Literal["cards_revealed"]
    cards: list[str | None]
    attacker: int


@final
class Contest(TypedDict):
    event: Literal["contest"]
    kind: str
    line: int
    attack: dict[str, Any]
    defence: dict[str, Any]
    tie_break: bool
    outcome: str


@final
class Dribbled(TypedDict):
    event: Literal["dribbled"]
    player: str
    result: Literal["empty", "past"]
    to: list[int]


@final
class DribbledNowhere(TypedDict):
    event: Literal["dribbled"]
    player: str
    result: Literal["no_field"]


@final
class Awarded(TypedDict):
    event: Literal["penalty_awarded", "free_kick_awarded"]
    team: int
    fouler: str


@final
class Booking(TypedDict):
    event: Literal["yellow_card", "second_yellow_kept_on"]
    team: int
    player: str


@final
class SentOff(TypedDict):
    event: Literal["sent_off"]
    team: int
    player: str
    field: list[int]


@final
class FreeKickTaken(TypedDict):
    event: Literal["free_kick_taken"]
    team: int
    choice: str


HatTrickEvent: TypeAlias = (
    PlayerMoved
    | BallPassed
    | TeamOnly
    | CoinToss
    | Counted
    | CardsDrawn
    | HalfStarted
    | HalfEnded
    | MatchEnded
    | ShootoutStarted
    | ShootoutKick
    | WithCarrier
    | SoAction
    | BallTo
    | Shot
    | ShotCardsRevealed
    | SaveCard
    | ShotResult
    | Goal
    | Parried
    | GoalKickTaken
    | PenaltyKick
    | CardsRevealed
    | Contest
    | Dribbled
    | DribbledNowhere
    | Awarded
    | Booking
    | SentOff
    | FreeKickTaken
)

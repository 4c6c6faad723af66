"""Hat Trick's actions: what a seat may send (one element of `legal_actions`), a union tagged
by `type`. On the wire each is the same plain JSON object; mypy checks the rules against these
shapes (docs/PROTOCOL.md, docs/rules/hattrick.md §11)."""

from __future__ import annotations

from typing import Literal, TypeAlias, TypedDict, final


@final
class Play(TypedDict):
    """An action card from the hand (a turn's card, or a goal kick's)."""

    type: Literal["play"]
    card: str


@final
class Move(TypedDict):
    """§5.2: one of the seat's players one field forward or back."""

    type: Literal["move"]
    player: str
    dir: Literal["forward", "back"]


@final
class NoMove(TypedDict):
    type: Literal["no_move"]


@final
class PassTo(TypedDict):
    type: Literal["pass_to"]
    player: str


@final
class Destination(TypedDict):
    """A long ball's line."""

    type: Literal["destination"]
    line: int


@final
class ScoringOpportunity(TypedDict):
    type: Literal["scoring_opportunity"]


@final
class PlayOn(TypedDict):
    type: Literal["play_on"]


@final
class Decline(TypedDict):
    type: Literal["decline"]


@final
class Shoot(TypedDict):
    type: Literal["shoot"]


@final
class Hold(TypedDict):
    type: Literal["hold"]


@final
class ShootingCard(TypedDict):
    type: Literal["shooting_card"]
    card: str


@final
class KeeperCard(TypedDict):
    type: Literal["keeper_card"]
    card: str


@final
class SaveDraw(TypedDict):
    type: Literal["save_draw"]


@final
class Stop(TypedDict):
    type: Literal["stop"]


@final
class Kick(TypedDict):
    """A penalty kick's card."""

    type: Literal["kick"]
    card: str


Stepping: TypeAlias = Move | NoMove
ShotCard: TypeAlias = ShootingCard | KeeperCard
HatTrickAction: TypeAlias = (
    Play
    | Stepping
    | PassTo
    | Destination
    | ScoringOpportunity
    | PlayOn
    | Decline
    | Shoot
    | Hold
    | ShotCard
    | SaveDraw
    | Stop
    | Kick
)

"""Football Duel's actions: what a seat may send (one element of `legal_actions`), a union
tagged by `type`. On the wire each is the same plain JSON object; mypy checks the rules
against these shapes (docs/PROTOCOL.md, docs/rules/duel.md "Decisions")."""

from __future__ import annotations

from typing import Literal, TypeAlias, TypedDict, final


@final
class Challenge(TypedDict):
    """Attack: play `card` against the defender's chain card in `slot` (1-6)."""

    type: Literal["challenge"]
    card: str
    slot: int


@final
class Shoot(TypedDict):
    type: Literal["shoot"]
    card: str


@final
class Goalkeeper(TypedDict):
    type: Literal["goalkeeper"]
    card: str


@final
class SwapCard(TypedDict):
    """Turn switch: the hand card `card` into chain `slot`, that chain card to the hand."""

    type: Literal["swap"]
    card: str
    slot: int


@final
class SwapSlots(TypedDict):
    """Turn switch: two chain slots change places."""

    type: Literal["swap"]
    slots: list[int]


@final
class Done(TypedDict):
    type: Literal["done"]


@final
class OrderKeeper(TypedDict):
    type: Literal["order_keeper"]
    card: str


@final
class DropTaker(TypedDict):
    type: Literal["drop_taker"]
    card: str


@final
class Penalty(TypedDict):
    type: Literal["penalty"]
    card: str


Arranging: TypeAlias = SwapCard | SwapSlots | Done
SettingUp: TypeAlias = OrderKeeper | DropTaker
DuelAction: TypeAlias = Challenge | Shoot | Goalkeeper | Arranging | SettingUp | Penalty

"""Focifogadás's actions: what a seat may send (one element of `legal_actions`), a union per
mode tagged by `type`. On the wire each is the same plain JSON object; mypy checks the rules
against these shapes (docs/PROTOCOL.md, docs/rules/focifogadas.md §12). Imports nothing of
the package: every module may use it."""

from __future__ import annotations

from typing import Literal, TypeAlias, TypedDict, TypeGuard, final


@final
class Play(TypedDict):
    """PLAY_CARD: one card of the drawn pair (the match of Drukker and Bukméker, §7)."""

    type: Literal["play"]
    card: str


# --- Drukker (§9) -----------------------------------------------------------------------------


@final
class ChooseBets(TypedDict):
    type: Literal["choose_bets"]
    cards: list[str]


@final
class Buy(TypedDict):
    type: Literal["buy"]
    count: int


@final
class Replace(TypedDict):
    type: Literal["replace"]
    cards: list[str]


@final
class Draw(TypedDict):
    type: Literal["draw"]
    deck: Literal["light", "dark"]


@final
class KeepDrawn(TypedDict):
    type: Literal["keep_drawn"]
    cards: list[str]


# --- The bookmakers' table (Bukméker and live, §10) -------------------------------------------


@final
class Pick(TypedDict):
    type: Literal["pick"]
    card: str


@final
class Disc(TypedDict):
    type: Literal["disc"]
    value: int


@final
class Stake(TypedDict):
    type: Literal["stake"]
    card: str
    n: int


@final
class Peek(TypedDict):
    """Bukméker §10.2: three of the set-aside piles."""

    type: Literal["peek"]
    piles: list[str]


# --- Live mode's scorer (§11) -----------------------------------------------------------------


@final
class Goal(TypedDict):
    type: Literal["goal"]
    team: Literal["home", "away"]


@final
class Entry(TypedDict):
    """An entry with nothing more to say: the kick-off, a corner, a booking, a half's end."""

    type: Literal["kick_off", "corner", "yellow", "red", "half_time", "full_time"]


@final
class Undo(TypedDict):
    type: Literal["undo"]


@final
class SetScorer(TypedDict):
    type: Literal["set_scorer"]
    seat: int


@final
class FullTimeAnswer(TypedDict):
    type: Literal["confirm_full_time", "cancel_full_time"]


BookAction: TypeAlias = Pick | Disc | Stake
DrukkerAction: TypeAlias = ChooseBets | Play | Buy | Replace | Draw | KeepDrawn
BukmekerAction: TypeAlias = Peek | BookAction | Play
LiveAction: TypeAlias = BookAction | Goal | Entry | Undo | SetScorer | FullTimeAnswer
FociAction: TypeAlias = DrukkerAction | BukmekerAction | LiveAction

BOOK_TYPES = frozenset({"pick", "disc", "stake"})


def is_book(action: FociAction) -> TypeGuard[BookAction]:
    """A move at the bookmakers' table (draft, discs, stakes)."""
    return action["type"] in BOOK_TYPES

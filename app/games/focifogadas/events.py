"""Focifogadás's events: what one `apply` tells the table (public, past tense), a union tagged
by `event`. On the wire each is the same plain JSON object (docs/PROTOCOL.md's log; the
bookmakers' modes add an English `text` to theirs, book.narrate); mypy checks every event the
rules write against these shapes. Imports nothing of the package: every module may use it."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, final

Face: TypeAlias = dict[str, Any]  # a card as views show it
Team: TypeAlias = Literal["home", "away"]

# --- The match (§7) ---------------------------------------------------------------------------


@final
class DieRolled(TypedDict):
    event: Literal["die_rolled"]
    seat: int
    value: int
    roll_for: str


@final
class Goal(TypedDict):
    event: Literal["goal"]
    team: Team
    half: int
    score: list[int]
    first: bool


@final
class TeamOnly(TypedDict):
    """A save, or the coin toss for the kick-off."""

    event: Literal["saved", "coin_tossed"]
    team: Team


@final
class YellowCard(TypedDict):
    event: Literal["yellow_card"]
    yellows: int


@final
class RedCard(TypedDict):
    event: Literal["red_card"]
    reds: int


@final
class CornerTaken(TypedDict):
    event: Literal["corner_taken"]
    corners: int


@final
class TimeAdvanced(TypedDict):
    event: Literal["time_advanced"]
    half: int
    time: int
    cause: str


@final
class DeckShuffled(TypedDict):
    event: Literal["deck_shuffled"]
    section: str
    cards: int


@final
class CardsDrawn(TypedDict):
    event: Literal["cards_drawn"]
    seat: int
    section: str
    count: int


@final
class CardPlayed(TypedDict):
    event: Literal["card_played"]
    seat: int
    card: Face
    discarded: Face
    identical: bool


@final
class BallMoved(TypedDict):
    event: Literal["ball_moved"]
    section: str
    poss: Team


@final
class SeatOnly(TypedDict):
    """A seat's step that needs no more words (an extra turn, the table's turn to act, ...)."""

    event: Literal[
        "extra_turn",
        "purchases_opened",
        "stakes_opened",
        "scorer_named",
        "full_time_requested",
        "full_time_cancelled",
    ]
    seat: int


@final
class HalfEnded(TypedDict):
    event: Literal["half_ended"]
    half: int
    score: list[int]


@final
class MatchEnded(TypedDict):
    event: Literal["match_ended"]
    score: list[int]


@final
class SecondHalfStarted(TypedDict):
    event: Literal["second_half_started"]
    kickoff: Team
    seat: int


@final
class KickedOff(TypedDict):
    event: Literal["kicked_off"]
    team: Team
    seat: int
    half: int


@final
class StartPlayerChosen(TypedDict):
    event: Literal["start_player_chosen"]
    seat: int
    by: NotRequired[str]
    text: NotRequired[str]


# --- Drukker (§9) -----------------------------------------------------------------------------


@final
class Said(TypedDict):
    """A step of the whole table: bets chosen, purchases closed, stakes closed."""

    event: Literal["bets_chosen", "purchases_closed", "stakes_closed"]


@final
class BetsCounted(TypedDict):
    event: Literal["bets_kept", "bets_set_aside"]
    seat: int
    count: int


@final
class BetsBought(TypedDict):
    event: Literal["bets_bought"]
    seat: int
    count: int
    paid: int


@final
class BetDrawnDecided(TypedDict):
    event: Literal["bet_drawn_decided"]
    seat: int
    deck: str
    card: Face
    status: Literal["won", "lost"]


@final
class BetDrawn(TypedDict):
    event: Literal["bet_drawn"]
    seat: int
    deck: str


@final
class BetsTaken(TypedDict):
    event: Literal["bets_taken"]
    seat: int
    kept: list[Face]
    discarded: list[Face]


@final
class BetsPaid(TypedDict):
    event: Literal["bets_paid"]
    payouts: list[int]
    money: list[int]


# --- The bookmakers' table (§10) --------------------------------------------------------------


@final
class BettingCardsDealt(TypedDict):
    event: Literal["betting_cards_dealt"]
    light: int
    dark: int
    money: int


@final
class DraftRoundStarted(TypedDict):
    event: Literal["draft_round_started"]
    round: int


@final
class CardPicked(TypedDict):
    event: Literal["card_picked"]
    seat: int
    round: int


@final
class CardOffered(TypedDict):
    event: Literal["card_offered"]
    seat: int
    card: Face
    disc: int


@final
class HandsPassed(TypedDict):
    event: Literal["hands_passed"]
    direction: str


@final
class StakePlaced(TypedDict):
    event: Literal["stake_placed"]
    seat: int
    card: str
    n: int
    bookmaker: int
    paid: int


@final
class PilesPeeked(TypedDict):
    event: Literal["piles_peeked"]
    seat: int
    piles: list[str]


@final
class BetsSettled(TypedDict):
    event: Literal["bets_settled"]
    disc: int
    cards: list[str]
    transfers: list[dict[str, Any]]


@final
class GameOver(TypedDict):
    event: Literal["game_over"]
    money: list[int]
    winners: list[int]


# --- Live mode's scorer (§11) -----------------------------------------------------------------


@final
class ScorerHandedOver(TypedDict):
    event: Literal["scorer_handed_over"]
    seat: int
    to: int


@final
class Entry(TypedDict):
    """An entry made or taken back; a goal's names its team."""

    event: Literal["entry_made", "entry_undone"]
    entry: str
    seat: int
    score: list[int]
    text: str
    team: NotRequired[Team]
    team_name: NotRequired[str]


@final
class LiveHalfStarted(TypedDict):
    event: Literal["half_started"]
    half: int
    text: str


FociEvent: TypeAlias = (
    DieRolled
    | Goal
    | TeamOnly
    | YellowCard
    | RedCard
    | CornerTaken
    | TimeAdvanced
    | DeckShuffled
    | CardsDrawn
    | CardPlayed
    | BallMoved
    | SeatOnly
    | HalfEnded
    | MatchEnded
    | SecondHalfStarted
    | KickedOff
    | StartPlayerChosen
    | Said
    | BetsCounted
    | BetsBought
    | BetDrawnDecided
    | BetDrawn
    | BetsTaken
    | BetsPaid
    | BettingCardsDealt
    | DraftRoundStarted
    | CardPicked
    | CardOffered
    | HandsPassed
    | StakePlaced
    | PilesPeeked
    | BetsSettled
    | GameOver
    | ScorerHandedOver
    | Entry
    | LiveHalfStarted
)
Events: TypeAlias = list[FociEvent]

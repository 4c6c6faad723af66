"""The Football Duel state: immutable dataclasses that round-trip through JSON, and the small
edits that build a new tuple from an old one.

Piles are tuples with the top card first. Chain slots are 0-based here (slots 1-6 on the wire).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from app.games.base import JsonDict, Rng
from app.games.duel.cards import Card
from app.games.duel.events import DuelEvent

CHAIN_SLOTS: Final = 6
HAND_SIZE: Final = 5
FULL_SQUAD: Final = CHAIN_SLOTS + HAND_SIZE  # hand + chain after a full refill
SHOTS_TO_EARN: Final = 2  # the second won duel of a possession earns a shot
SHOOTOUT_KEEPERS: Final = 5
SHOOTOUT_TAKERS: Final = 7
SHOOTOUT_DROPPED: Final = 2

Slots = tuple[Card | None, ...]
Events = list[DuelEvent]  # the public events of one `apply`, collected in order


class Phase:
    CHALLENGE: Final = "challenge"
    GOALKEEPER: Final = "goalkeeper"
    SHOT: Final = "shot"
    ARRANGE: Final = "arrange"
    SHOOTOUT_SETUP: Final = "shootout_setup"
    PENALTY: Final = "penalty"
    OVER: Final = "over"


@dataclass(frozen=True, slots=True)
class Options:
    copies: int = 3
    halves: int = 2
    extra_time: bool = False
    shootout: bool = False


@dataclass(frozen=True, slots=True)
class Side:
    """One team during a half: pile (top first), hand, chain slots, set-aside cards."""

    pile: tuple[Card, ...] = ()
    hand: tuple[Card, ...] = ()
    chain: Slots = (None,) * CHAIN_SLOTS
    set_aside: tuple[Card, ...] = ()

    @property
    def chain_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.chain if c is not None)

    @property
    def held(self) -> int:
        return len(self.hand) + len(self.chain_cards)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A seat's pending substitutions after a turn switch (hidden from the other seat)."""

    hand: tuple[Card, ...]
    chain: Slots
    done: bool = False


@dataclass(frozen=True, slots=True)
class Duel:
    """The last duel of the current possession, as the table saw it."""

    attacker: int
    attack_card: Card
    defence_card: Card | None  # None for a shot at an empty goal
    slot: int | None  # None for a shot against the goalkeeper
    outcome: str


@dataclass(frozen=True, slots=True)
class Kicker:
    """One team in the penalty shoot-out."""

    pile: tuple[Card, ...] = ()
    pool: tuple[Card, ...] = ()  # goalkeepers drawn, not yet put in order
    keepers: tuple[Card, ...] = ()  # goalkeepers in order, next first
    takers: tuple[Card, ...] = ()
    dropped: tuple[Card, ...] = ()
    used: tuple[Card, ...] = ()
    kicks: tuple[bool, ...] = ()  # True = scored

    @property
    def is_ready(self) -> bool:
        return not self.pool and len(self.dropped) == SHOOTOUT_DROPPED


@dataclass(frozen=True, slots=True)
class Counts:
    """The full-time stats counted as they happen, per seat (seat 0, seat 1); what the state
    already holds (goals, saves) is derived in `outcome.stats`. The shoot-out is not counted
    here: its kicks are in `Kicker.kicks`."""

    attacks: tuple[int, int] = (0, 0)  # possessions started ("An attack")
    duels: tuple[int, int] = (0, 0)  # duels won: by the attacker, or by the defending chain
    shots: tuple[int, int] = (0, 0)  # shots taken, at a goalkeeper or an empty goal


def plus_one(pair: tuple[int, int], seat: int) -> tuple[int, int]:
    return (pair[0] + 1, pair[1]) if seat == 0 else (pair[0], pair[1] + 1)


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    rng: Rng
    phase: str
    sides: tuple[Side, Side]
    half: int = 1
    kick_off: int = 0  # the seat that had the ball first in the first half
    ball: int = 0
    arranging: tuple[Arrangement, Arrangement] | None = None
    wins: int = 0  # won duels in the current possession
    last_slot: int | None = None
    keeper: Card | None = None  # a goalkeeper the defender picked (pile empty)
    last_duel: Duel | None = None
    score: tuple[int, int] = (0, 0)
    possessions: int = 0
    shootout: tuple[Kicker, Kicker] | None = None
    shooter: int = 0
    first_shooter: int = 0
    coin_winner: int | None = None  # shoot-out decided by a coin toss (piles exhausted)
    counts: Counts = Counts()


# --- Small edits of frozen parts ---------------------------------------------------------------


def player(seat: int) -> str:
    """The English fallback name of a seat in event texts."""
    return f"P{seat + 1}"


def pair(sides: tuple[Side, Side], seat: int, side: Side) -> tuple[Side, Side]:
    return (side, sides[1]) if seat == 0 else (sides[0], side)


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def set_slot(chain: Slots, slot: int, card: Card | None) -> Slots:
    return (*chain[:slot], card, *chain[slot + 1 :])


# --- JSON --------------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    if isinstance(value, Rng):
        return value.to_json()
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def dump(state: State) -> JsonDict:
    data: JsonDict = _plain(state)
    return data


def _tup(data: Any) -> tuple[Any, ...]:
    return tuple(data)


def _side(data: JsonDict) -> Side:
    return Side(
        pile=_tup(data["pile"]),
        hand=_tup(data["hand"]),
        chain=_tup(data["chain"]),
        set_aside=_tup(data["set_aside"]),
    )


def _arrangement(data: JsonDict) -> Arrangement:
    return Arrangement(hand=_tup(data["hand"]), chain=_tup(data["chain"]), done=data["done"])


def _kicker(data: JsonDict) -> Kicker:
    return Kicker(**{name: _tup(data[name]) for name in Kicker.__dataclass_fields__})


def _pair(data: Any) -> tuple[int, int]:
    return (data[0], data[1])


def _counts(data: JsonDict | None, score: tuple[int, int]) -> Counts:
    """A state dumped before the stats were counted (a room mid-match across a rolling
    restart) has none: they start again from 0, except that every goal so far was a shot."""
    if data is None:
        return Counts(shots=score)
    return Counts(**{name: _pair(data[name]) for name in Counts.__dataclass_fields__})


def load(data: JsonDict) -> State:
    arranging = data["arranging"]
    score = _pair(data["score"])
    shootout = data["shootout"]
    return State(
        options=Options(**data["options"]),
        rng=Rng.from_json(data["rng"]),
        phase=data["phase"],
        sides=(_side(data["sides"][0]), _side(data["sides"][1])),
        half=data["half"],
        kick_off=data["kick_off"],
        ball=data["ball"],
        arranging=None
        if arranging is None
        else (_arrangement(arranging[0]), _arrangement(arranging[1])),
        wins=data["wins"],
        last_slot=data["last_slot"],
        keeper=data["keeper"],
        last_duel=None if data["last_duel"] is None else Duel(**data["last_duel"]),
        score=score,
        possessions=data["possessions"],
        shootout=None if shootout is None else (_kicker(shootout[0]), _kicker(shootout[1])),
        shooter=data["shooter"],
        first_shooter=data["first_shooter"],
        coin_winner=data["coin_winner"],
        counts=_counts(data.get("counts"), score),
    )

"""The room options of the three modes (docs/rules/focifogadas.md §7.1, §12, §12.1).

Validation is strict: JSON `1`, `1.0` and `true` are different values, so a choice matches
only a value of its own type (`True` is not the seat 1, `5.0` is not five time advances).
The seat-count bound of `start_player` is only known at `new` (`start_seat`).

Option names and values, as the rules file names them:

    start_player                   "random" | a seat 0..n-1          all modes (§7.1, §12)
    time_advances_per_half         6 | 5                             Drukker, Bukméker
    disc_pool                      "standard" | "sevens"             Bukméker, live (§10.4)
    stake_limit_after_all_covered  None | 3                          Bukméker, live (§10.5, A10)
    insolvency_split               "proportional" | "equal"          Bukméker, live (§10.7, A11)
    live_stake_tokens              5 | 6                             live (§11, A16)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from app.games.base import BadOptions, JsonDict, JsonValue, OptionSpec
from app.games.focifogadas.events import StartPlayerChosen

RANDOM: Final = "random"


def _same(a: JsonValue, b: JsonValue) -> bool:
    """Equal as JSON values: same type (bool, int, float, str, null) and same value."""
    return type(a) is type(b) and a == b


@dataclass(frozen=True, slots=True)
class Choice(OptionSpec):
    """An option with a closed set of values, matched with their JSON type."""

    def check(self, name: str, value: JsonValue) -> JsonValue:
        assert self.choices is not None
        if not any(_same(value, c) for c in self.choices):
            raise BadOptions(f"option {name!r} must be one of {list(self.choices)}")
        return value


@dataclass(frozen=True, slots=True)
class SeatOrRandom(OptionSpec):
    """`"random"` or a seat number (a whole number, not a bool) below the mode's most
    players; the table's own seat count is checked by `start_seat` when the match is set up."""

    seats: int = 6

    def check(self, name: str, value: JsonValue) -> JsonValue:
        if _same(value, RANDOM) or (type(value) is int and 0 <= value < self.seats):
            return value
        raise BadOptions(f"option {name!r} must be {RANDOM!r} or a seat 0–{self.seats - 1}")


START_PLAYER: Final = SeatOrRandom(RANDOM)  # all three modes seat at most 6
TIME_ADVANCES: Final = Choice(6, (6, 5))
DISC_POOL: Final = Choice("standard", ("standard", "sevens"))
STAKE_LIMIT: Final = Choice(None, (None, 3))
INSOLVENCY_SPLIT: Final = Choice("proportional", ("proportional", "equal"))
LIVE_STAKE_TOKENS: Final = Choice(5, (5, 6))

# §10.4 (D) and its §12.1 alternative: disc values and copies of each.
DISC_POOLS: Final[dict[str, tuple[tuple[int, ...], int]]] = {
    "standard": ((2, 3, 4, 5, 6, 8, 10, 12), 3),
    "sevens": ((2, 3, 4, 5, 6, 7), 4),
}


def start_seat(options: JsonDict, seats: int) -> int | None:
    """The host's start player (None: chance decides, §7.1 step 3), checked against the
    table's seat count."""
    value = options.get("start_player", RANDOM)
    if _same(value, RANDOM):
        return None
    if type(value) is not int or not 0 <= value < seats:
        raise BadOptions(f"option 'start_player' must be {RANDOM!r} or a seat 0–{seats - 1}")
    return value


def start_event(seat: int) -> StartPlayerChosen:
    """The kick-off's log line for a start player the host chose."""
    return {
        "event": "start_player_chosen",
        "seat": seat,
        "by": "host",
        "text": f"Seat {seat + 1} starts (the host's choice)",
    }

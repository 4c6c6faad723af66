"""The standings rules of docs/PROTOCOL.md "Crews (1.1)", on finished nights; no database.

A night counts only with at least `PEOPLE_MIN` people at the table (bots may fill the other
seats; a night stored before seats said who was a bot, `bot` None, counts as before). It
counts for every seat that belongs to a member: `nights` +1; a member in
`result.winners` gets `wins` +1 and 3 points; a finished two-player match with no winner is a
draw for both (`draws` +1, 1 point). `money` sums end minus start over betting rooms (a seat
with money at both ends); `goals_for` / `goals_against` sum `score` from the member's side in
Duel and Hat Trick (seat 0 is the first team). Seats of bots and guests (member None) count
for nobody. Rows are ordered with the members who played above those who have not, then by
points, money, wins and name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

GOAL_GAMES = frozenset({"duel", "hattrick"})  # games whose score is two sides' goals
WIN_POINTS = 3
DRAW_POINTS = 1
PEOPLE_MIN = 2  # people (not bots) at a table whose night counts: no piling up against bots


@dataclass(frozen=True, slots=True)
class NightSeat:
    seat: int
    name: str
    member: int | None  # the member's number in the crew; None for a bot or a guest
    start: int | None = None  # money at the start (betting rooms)
    end: int | None = None  # money at the end
    bot: bool | None = False  # None: not known (a night stored before it was recorded)


@dataclass(frozen=True, slots=True)
class Night:
    code: str
    game: str
    mode: str
    finished_at: datetime
    seats: tuple[NightSeat, ...]
    result: Mapping[str, Any] | None
    score: Sequence[int] | None


@dataclass(slots=True)
class Row:
    member: int
    name: str
    nights: int = 0
    wins: int = 0
    draws: int = 0
    points: int = 0
    money: int = 0
    goals_for: int = 0
    goals_against: int = 0
    _key: tuple[Any, ...] = field(default=(), repr=False)

    def as_json(self) -> dict[str, Any]:
        return {
            "member": self.member,
            "name": self.name,
            "nights": self.nights,
            "wins": self.wins,
            "draws": self.draws,
            "points": self.points,
            "money": self.money,
            "goals_for": self.goals_for,
            "goals_against": self.goals_against,
        }


def tally(
    nights: Iterable[Night], names: Mapping[int, str], shown: Iterable[int] = ()
) -> dict[int, Row]:
    """Each member's row over `nights` (unordered): a row for every member who played one of
    them, and for every member in `shown` (the current members, who appear with zeros before
    their first night). `names` gives each member's name (removed members included)."""
    rows: dict[int, Row] = {m: Row(m, names.get(m, "?")) for m in shown}
    for night in nights:
        count(rows, night, names)
    return rows


def counts(night: Night) -> bool:
    """Whether the night counts: enough people at the table."""
    return sum(seat.bot is not True for seat in night.seats) >= PEOPLE_MIN


def count(rows: dict[int, Row], night: Night, names: Mapping[int, str]) -> None:
    """Add one night to the rows (nothing for a night that does not count)."""
    if not counts(night):
        return
    winners = set((night.result or {}).get("winners") or ())
    draw = not winners and len(night.seats) == 2
    goals = night.score if night.game in GOAL_GAMES and night.score else None
    for seat in night.seats:
        if seat.member is None:
            continue
        row = rows.get(seat.member)
        if row is None:
            row = rows[seat.member] = Row(seat.member, names.get(seat.member, seat.name))
        row.nights += 1
        if seat.seat in winners:
            row.wins += 1
            row.points += WIN_POINTS
        elif draw:
            row.draws += 1
            row.points += DRAW_POINTS
        if seat.start is not None and seat.end is not None:
            row.money += seat.end - seat.start
        if goals is not None and seat.seat in (0, 1):
            row.goals_for += int(goals[seat.seat])
            row.goals_against += int(goals[1 - seat.seat])


def ordered(rows: Iterable[Row]) -> list[Row]:
    """Members who played a night above those who have not, then by points, money, wins and
    name (a member whose nights lost money is still above one with no night)."""
    return sorted(
        rows,
        key=lambda r: (
            r.nights == 0,
            -r.points,
            -r.money,
            -r.wins,
            r.name.casefold(),
            r.name,
            r.member,
        ),
    )


def standings(
    nights: Iterable[Night], names: Mapping[int, str], shown: Iterable[int] = ()
) -> list[Row]:
    """The table over `nights` (see `tally`), ordered."""
    return ordered(tally(nights, names, shown).values())


def with_last(
    nights: Sequence[Night], names: Mapping[int, str], shown: Iterable[int] = ()
) -> tuple[list[Row], list[Row]]:
    """The table before the last of `nights` and after it, in one pass."""
    rows = tally(nights[:-1], names, shown)
    before = ordered(replace(row) for row in rows.values())
    if nights:
        count(rows, nights[-1], names)
    return before, ordered(rows.values())


def moves(before: Sequence[Row], after: Sequence[Row]) -> dict[int, int]:
    """Places each member gained (+) or lost (−) from `before` to `after`; a member new to
    the table is absent."""
    was = {row.member: place for place, row in enumerate(before)}
    return {
        row.member: was[row.member] - place
        for place, row in enumerate(after)
        if row.member in was and was[row.member] != place
    }

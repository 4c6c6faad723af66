"""`GET /api/crews/{code}` as docs/PROTOCOL.md shows it, from a crew's record: which nights a
query picks (a season, a game and mode, up to one room's night), the standings over them with
who moved in the last one, and the nights listed. No database."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from app.crews import nights as night_rules
from app.crews.identity import aware
from app.crews.standings import Night, moves, with_last
from app.errors import RoomError
from app.games.base import JsonDict

if TYPE_CHECKING:
    from app.crews.ledger import Record
    from app.db.crews import SeasonRow

NIGHTS_MAX = 50  # nights listed in one answer, newest first


@dataclass(frozen=True, slots=True)
class Query:
    """What `GET /api/crews/{code}` restricts: a game (and mode), a season, nights before a
    time, or the table as it stood after one room's night."""

    game: str | None = None
    mode: str | None = None
    season: int | None = None
    before: datetime | None = None
    room: str | None = None


def season_number(seasons: Sequence[SeasonRow], query: Query) -> int:
    """The season asked for (the newest by default); an unknown one is `not_found`."""
    number = seasons[-1].number if query.season is None else query.season
    if not any(s.number == number for s in seasons):
        raise RoomError("not_found", f"no season {number}", 404)
    return number


def _span(seasons: Sequence[SeasonRow], number: int) -> tuple[datetime, datetime | None]:
    """From the season's start to the next season's (None for the newest)."""
    start = next(s for s in seasons if s.number == number)
    later = next((s for s in seasons if s.number == number + 1), None)
    return aware(start.started_at), aware(later.started_at) if later is not None else None


def _kept(night: Night, query: Query, since: datetime, until: datetime | None) -> bool:
    return (
        night.finished_at >= since
        and (until is None or night.finished_at < until)
        and (query.game is None or night.game == query.game)
        and (query.mode is None or night.mode == query.mode)
    )


def chosen(nights: Sequence[Night], seasons: Sequence[SeasonRow], query: Query) -> list[Night]:
    """The nights the standings count: the query's season, game and mode, and with `room`,
    only up to that room's night (all of them for a room not among them)."""
    since, until = _span(seasons, season_number(seasons, query))
    picked = [n for n in nights if _kept(n, query, since, until)]
    upto = next((i for i, n in enumerate(picked) if n.code == query.room), None)
    return picked if upto is None else picked[: upto + 1]


def _table(record: Record, nights: Sequence[Night]) -> JsonDict:
    """`standings` and `moved` (places gained or lost with the last night)."""
    names = {m.number: m.name for m in record.members}
    current = [m.number for m in record.members if m.removed_at is None]
    before, table = with_last(nights, names, current)
    return {
        "standings": [row.as_json() for row in table],
        "moved": {str(m): d for m, d in moves(before, table).items()},
    }


def _listed(nights: Sequence[Night], query: Query) -> list[JsonDict]:
    shown = [n for n in nights if query.before is None or n.finished_at < query.before]
    return [night_rules.as_json(n) for n in reversed(shown[-NIGHTS_MAX:])]


def answer(record: Record, query: Query) -> JsonDict:
    """The answer but its `rooms` (the crew's open rooms, app/crews/seating.py)."""
    nights = chosen(record.nights(), record.seasons, query)
    table = _table(record, nights)
    return {
        "code": record.crew.code,
        "name": record.crew.name,
        "members": [
            {"member": m.number, "name": m.name} for m in record.members if m.removed_at is None
        ],
        "standings": table["standings"],
        "nights": _listed(nights, query),
        "moved": table["moved"],
        "season": season_number(record.seasons, query),
        "seasons": [
            {"season": s.number, "started_at": aware(s.started_at).isoformat()}
            for s in record.seasons
        ],
    }

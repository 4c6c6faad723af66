"""`GET /api/crews/{code}` built from a crew's record without a database (app/crews/report.py):
which nights a season, a game or a room picks, the `before` pages, removed members."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from app.crews.ledger import Record
from app.crews.report import NIGHTS_MAX, Query, answer
from app.crews.standings import Night, NightSeat
from app.db.crews import CrewRow, MemberRow, SeasonRow
from app.errors import RoomError

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def member(number: int, name: str, removed: bool = False) -> MemberRow:
    return MemberRow(
        id=100 + number,
        number=number,
        name=name,
        name_key=name.casefold(),
        token_hash="x",
        removed_at=T0 if removed else None,
    )


def duel(code: str, hours: float, winner: int, game: str = "duel") -> Night:
    seats = (NightSeat(0, "Anna", 0), NightSeat(1, "Bence", 1))
    at = T0 + timedelta(hours=hours)
    return Night(code, game, "match", at, seats, {"winners": [winner]}, [1, 0])


def record(
    nights: list[Night], seasons: tuple[float, ...] = (-1.0,), removed: bool = False
) -> Record:
    crew = CrewRow(id=1, code="ABCDEFGH", name="Fridays")
    starts = [
        SeasonRow(number=i + 1, started_at=T0 + timedelta(hours=h)) for i, h in enumerate(seasons)
    ]
    members = [member(0, "Anna"), member(1, "Bence", removed=removed)]
    return Record(crew, members, starts, stored=nights, fresh=[])


def points(body: dict[str, object]) -> dict[str, int]:
    rows = body["standings"]
    assert isinstance(rows, list)
    return {row["name"]: row["points"] for row in rows}


def test_a_season_counts_the_nights_from_its_start_to_the_next_one() -> None:
    crew = record([duel("AAAAAA", 0, 0), duel("BBBBBB", 2, 1)], seasons=(-1.0, 1.0))
    assert points(answer(crew, Query())) == {"Bence": 3, "Anna": 0}
    old = answer(crew, Query(season=1))
    assert points(old) == {"Anna": 3, "Bence": 0}
    assert [n["code"] for n in old["nights"]] == ["AAAAAA"]
    assert old["season"] == 1 and [s["season"] for s in old["seasons"]] == [1, 2]


def test_an_unknown_season_is_not_found() -> None:
    with pytest.raises(RoomError) as caught:
        answer(record([]), Query(season=3))
    assert (caught.value.code, caught.value.status) == ("not_found", 404)


def test_room_gives_the_table_after_that_night_and_who_moved_with_it() -> None:
    crew = record([duel("AAAAAA", 0, 0), duel("BBBBBB", 1, 1), duel("CCCCCC", 2, 1)])
    after_second = answer(crew, Query(room="BBBBBB"))
    assert points(after_second) == {"Anna": 3, "Bence": 3}
    assert after_second["moved"] == {}
    after_third = answer(crew, Query(room="CCCCCC"))
    assert points(after_third) == {"Bence": 6, "Anna": 3}
    assert after_third["moved"] == {"1": 1, "0": -1}
    assert points(answer(crew, Query(room="ZZZZZZ"))) == {"Bence": 6, "Anna": 3}


def test_a_game_filter_counts_only_its_nights() -> None:
    crew = record([duel("AAAAAA", 0, 0, game="hattrick"), duel("BBBBBB", 1, 1)])
    body = answer(crew, Query(game="hattrick"))
    assert points(body) == {"Anna": 3, "Bence": 0}
    assert [n["code"] for n in body["nights"]] == ["AAAAAA"]


def test_nights_are_listed_newest_first_and_before_pages_them_not_the_table() -> None:
    nights = [duel(f"N{i:05d}", i, i % 2) for i in range(NIGHTS_MAX + 5)]
    body = answer(record(nights), Query())
    assert len(body["nights"]) == NIGHTS_MAX
    assert body["nights"][0]["code"] == f"N{NIGHTS_MAX + 4:05d}"
    paged = answer(record(nights), Query(before=T0 + timedelta(hours=3)))
    assert [n["code"] for n in paged["nights"]] == ["N00002", "N00001", "N00000"]
    assert paged["standings"] == body["standings"]


def test_a_removed_member_leaves_the_members_but_keeps_a_row() -> None:
    body = answer(record([duel("AAAAAA", 0, 1)], removed=True), Query())
    assert body["members"] == [{"member": 0, "name": "Anna"}]
    assert points(body) == {"Bence": 3, "Anna": 0}

"""The standings rules of docs/PROTOCOL.md "Crews (1.1)" on hand-built finished nights."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from app.crews.standings import Night, NightSeat, moves, standings

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
NAMES = {0: "Anna", 1: "Bence", 2: "Csaba", 3: "Dóra"}


def night(
    game: str,
    seats: list[NightSeat],
    winners: list[int],
    score: list[int] | None = None,
    at: int = 0,
    code: str = "AAAAAA",
) -> Night:
    return Night(
        code, game, "match", T0 + timedelta(hours=at), tuple(seats), {"winners": winners}, score
    )


def table(*nights: Night, shown: tuple[int, ...] = ()) -> dict[int, dict[str, object]]:
    return {row.member: row.as_json() for row in standings(nights, NAMES, shown)}


def test_a_win_is_three_points_and_a_night_for_every_member_seated() -> None:
    rows = table(night("tiny", [NightSeat(0, "Anna", 0), NightSeat(1, "Bence", 1)], [1]))
    assert rows[1] == {
        "member": 1,
        "name": "Bence",
        "nights": 1,
        "wins": 1,
        "draws": 0,
        "points": 3,
        "money": 0,
        "goals_for": 0,
        "goals_against": 0,
    }
    assert (rows[0]["nights"], rows[0]["wins"], rows[0]["points"]) == (1, 0, 0)


def test_a_two_player_match_without_winner_is_a_draw_for_both() -> None:
    rows = table(night("duel", [NightSeat(0, "Anna", 0), NightSeat(1, "Bence", 1)], [], [2, 2]))
    assert [(rows[m]["draws"], rows[m]["points"]) for m in (0, 1)] == [(1, 1), (1, 1)]


def test_three_players_without_a_winner_is_no_draw() -> None:
    seats = [NightSeat(0, "Anna", 0), NightSeat(1, "Bence", 1), NightSeat(2, "Csaba", 2)]
    rows = table(night("focifogadas", seats, []))
    assert all((r["draws"], r["points"], r["nights"]) == (0, 0, 1) for r in rows.values())


def test_money_sums_end_minus_start_over_betting_rooms() -> None:
    first = night(
        "focifogadas",
        [NightSeat(0, "Anna", 0, 3000, 4200), NightSeat(1, "Bence", 1, 3000, 1800)],
        [0],
    )
    second = night(
        "focifogadas",
        [NightSeat(0, "Anna", 0, 3000, 2500), NightSeat(1, "Bence", 1, 3000, 3500)],
        [1],
        at=1,
    )
    duel = night("duel", [NightSeat(0, "Anna", 0), NightSeat(1, "Bence", 1)], [0], [3, 1], at=2)
    rows = table(first, second, duel)
    assert (rows[0]["money"], rows[1]["money"]) == (1200 - 500, -1200 + 500)


def test_goals_count_from_the_members_side_in_duel_and_hat_trick_only() -> None:
    duel = night("duel", [NightSeat(0, "Anna", 0), NightSeat(1, "Bence", 1)], [0], [3, 1])
    hattrick = night(
        "hattrick", [NightSeat(0, "Bence", 1), NightSeat(1, "Anna", 0)], [1], [0, 2], at=1
    )
    betting = night(
        "focifogadas", [NightSeat(0, "Anna", 0), NightSeat(1, "Bence", 1)], [0], [5, 0], at=2
    )
    rows = table(duel, hattrick, betting)
    assert (rows[0]["goals_for"], rows[0]["goals_against"]) == (3 + 2, 1 + 0)
    assert (rows[1]["goals_for"], rows[1]["goals_against"]) == (1 + 0, 3 + 2)


def test_bots_and_guests_count_for_nobody() -> None:
    seats = [NightSeat(0, "Anna", 0), NightSeat(1, "Bot 1", None), NightSeat(2, "Guest", None)]
    rows = table(night("tiny", seats, [1]), night("tiny", seats, [2], at=1))
    assert list(rows) == [0]
    assert (rows[0]["nights"], rows[0]["wins"], rows[0]["points"]) == (2, 0, 0)


def test_a_rematch_is_another_night_for_the_same_members() -> None:
    seats = [NightSeat(0, "Anna", 0), NightSeat(1, "Bence", 1)]
    rows = table(
        night("duel", seats, [0], [2, 1], code="FIRST1"),
        night("duel", seats, [0], [1, 0], at=1, code="REMAT1"),
    )
    assert (rows[0]["nights"], rows[0]["wins"], rows[0]["points"], rows[0]["goals_for"]) == (
        2,
        2,
        6,
        3,
    )


def test_rows_order_by_points_then_money_then_wins_then_name() -> None:
    seats = [
        NightSeat(0, "Anna", 0, 100, 100),
        NightSeat(1, "Bence", 1, 100, 150),
        NightSeat(2, "Csaba", 2, 100, 100),
        NightSeat(3, "Dóra", 3, 100, 100),
    ]
    # Anna and Csaba win once (3 points), Bence wins once and has more money, Dóra has
    # three points from draws: fewer wins than Anna and Csaba, who are then ordered by name.
    wins = night("focifogadas", seats, [0, 1, 2])
    draws = [
        night("duel", [NightSeat(0, "Dóra", 3), NightSeat(1, "Bot", None)], [], [0, 0], at=i)
        for i in (1, 2, 3)
    ]
    order = [row.name for row in standings([wins, *draws], NAMES)]
    assert order == ["Bence", "Anna", "Csaba", "Dóra"]


def test_members_without_nights_are_shown_with_zeros_last() -> None:
    rows = standings(
        [night("tiny", [NightSeat(0, "Anna", 0), NightSeat(1, "Bot", None)], [0])],
        NAMES,
        shown=(0, 1),
    )
    assert [(r.name, r.nights, r.points) for r in rows] == [("Anna", 1, 3), ("Bence", 0, 0)]


def test_moves_tell_who_went_up_and_down_since_the_last_night() -> None:
    seats = [NightSeat(0, "Anna", 0), NightSeat(1, "Bence", 1)]
    first = night("duel", seats, [0], [1, 0])
    second = night("duel", seats, [1], [0, 1], at=1)
    third = night("duel", seats, [1], [0, 2], at=2)
    before = standings([first, second], NAMES)
    after = standings([first, second, third], NAMES)
    assert [r.name for r in before] == ["Anna", "Bence"]  # 3 points each, Anna by name
    assert moves(before, after) == {1: 1, 0: -1}


seat_lists = st.lists(
    st.tuples(st.sampled_from([None, 0, 1, 2, 3]), st.integers(-500, 500)), min_size=2, max_size=6
)


@st.composite
def nights(draw: st.DrawFn) -> Night:
    seats = draw(seat_lists)
    members: set[int] = set()
    night_seats = []
    for i, (member, delta) in enumerate(seats):
        if member in members:
            member = None  # a member sits once a night
        if member is not None:
            members.add(member)
        night_seats.append(NightSeat(i, NAMES.get(member or 0, "Bot"), member, 3000, 3000 + delta))
    winners = draw(st.lists(st.integers(0, len(seats) - 1), max_size=2, unique=True))
    game = draw(st.sampled_from(["duel", "focifogadas", "tiny"]))
    score = [draw(st.integers(0, 5)), draw(st.integers(0, 5))]
    return Night("AAAAAA", game, "m", T0, tuple(night_seats), {"winners": winners}, score)


@given(st.lists(nights(), max_size=12), st.randoms())
def test_the_table_does_not_depend_on_the_order_of_nights(
    played: list[Night], rng: random.Random
) -> None:
    shuffled = played[:]
    rng.shuffle(shuffled)
    table = [row.as_json() for row in standings(played, NAMES)]
    assert table == [row.as_json() for row in standings(shuffled, NAMES)]
    for row in table:
        assert row["points"] == 3 * row["wins"] + row["draws"]
        assert row["wins"] + row["draws"] <= row["nights"]
    keys = [(-r["points"], -r["money"], -r["wins"], str(r["name"]).casefold()) for r in table]
    assert keys == sorted(keys)
    # The members' money is every seat's net but that of bots and guests.
    everyone = sum(s.end - s.start for n in played for s in n.seats if s.start is not None)
    guests = sum(
        s.end - s.start for n in played for s in n.seats if s.member is None and s.start is not None
    )
    assert sum(r["money"] for r in table) == everyone - guests

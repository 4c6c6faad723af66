"""Crew standings: a member who has played a night ranks above every member who has not, even
with no points and money lost (issue 36: members with 0 nights ranked above the one who
played)."""

from __future__ import annotations

from datetime import UTC, datetime

from app.crews.standings import Night, NightSeat, standings

NAMES = {0: "Anna", 1: "Bence", 2: "Csaba"}


def test_a_member_who_played_and_lost_ranks_above_members_without_a_night() -> None:
    seats = (NightSeat(0, "Anna", 0, 4000, 3100), NightSeat(1, "Bot", None, 4000, 4900))
    lost = Night(
        "AAAAAA",
        "focifogadas",
        "bukmeker",
        datetime(2026, 12, 1, tzinfo=UTC),
        seats,
        {"winners": [1]},
        None,
    )
    rows = standings([lost], NAMES, shown=(0, 1, 2))
    assert [(r.name, r.nights, r.points, r.money) for r in rows] == [
        ("Anna", 1, 0, -900),
        ("Bence", 0, 0, 0),
        ("Csaba", 0, 0, 0),
    ]

"""MatchRecord (docs/rules/focifogadas.md §5): goals per half, first goal, capped tracks."""

from app.games.focifogadas.record import (
    CORNER_CAP,
    EMPTY_RECORD,
    RED_CAP,
    YELLOW_CAP,
    MatchRecord,
    opp,
)


def test_goals_per_half_add_up_and_first_goal_sticks() -> None:
    r = EMPTY_RECORD.with_goal("away", 1).with_goal("home", 1).with_goal("home", 2)
    assert (r.h1, r.a1, r.h2, r.a2) == (1, 1, 1, 0)
    assert r.score == (2, 1)
    assert r.fg == "away"
    assert r.goals("home") == 2 and r.goals("away") == 1
    assert r.half_score(1) == (1, 1) and r.half_score(2) == (1, 0)


def test_tracks_saturate_at_their_caps() -> None:
    r = EMPTY_RECORD
    for _ in range(30):
        r = r.with_corner().with_yellow().with_red()
    assert (r.corners, r.yellows, r.reds) == (CORNER_CAP, YELLOW_CAP, RED_CAP) == (20, 10, 5)


def test_json_round_trip_and_immutability() -> None:
    r = MatchRecord(h1=2, a1=0, h2=1, a2=3, fg="home", corners=4, yellows=2, reds=1)
    assert MatchRecord.from_json(r.to_json()) == r
    assert EMPTY_RECORD.with_goal("home", 1) != EMPTY_RECORD
    assert EMPTY_RECORD.fg is None
    assert opp("home") == "away" and opp("away") == "home"

"""A room as one instance holds it, made from the tiny test game without a database."""

from __future__ import annotations

from app.rooms.push.views import RoomSnapshot, SeatInfo
from tests.support.tiny import TINY


def room(
    players: int = 2, turn_seconds: int = 0, *, away: frozenset[int] = frozenset(), target: int = 10
) -> RoomSnapshot:
    """A started tiny race as a room holds it, seat 1 a bot when there are three seats."""
    seats = [
        SeatInfo(s, f"P{s}", bot=players == 3 and s == 1, away=s in away, token_hash=f"hash{s}")
        for s in range(players)
    ]
    options = {"target": target, "turn_seconds": turn_seconds}
    snap = RoomSnapshot("ROOM22", 1, TINY, "race", options, "playing", seats, 0, "h", None)
    snap.state = TINY.new("race", {"target": target}, players, 7)
    snap.since = dict.fromkeys(TINY.to_act(snap.state), 1000.0)
    return snap

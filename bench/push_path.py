"""A push of a move's views and the move itself, in one process, over whole Drukker matches.

Plays `--matches` random 4-seat Drukker matches through `RoomSnapshot`, keeps every seq's
room, then times (warm, best of `--repeat`, µs per step) what `Hub.push` does for four
phones (each seat's view message) and what `RoomService.act` asks of the room for a move (`RoomSnapshot.step`: the legal
check and the engine's apply). Each seq's cached views are dropped before each round.

    .venv/bin/python bench/push_path.py
    PYTHONPATH=/path/to/other/checkout .venv/bin/python bench/push_path.py   # another commit

No sockets, no database: the figures of bench/README.md's "What changed, each measured".
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from app.games import registry
from app.rooms.push.views import RoomSnapshot, SeatInfo

SEATS = 4


def matches(count: int) -> list[RoomSnapshot]:
    """Every seq of `count` random matches, each as a room of its own at that seq."""
    game = registry.get("focifogadas")
    assert game is not None
    seats = [SeatInfo(i, f"Ödön {i}", False) for i in range(SEATS)]
    rooms: list[RoomSnapshot] = []
    for m in range(count):
        state = game.new("drukker", {}, SEATS, m)
        snap = RoomSnapshot("ABCDEF", 1, game, "drukker", {}, "playing", seats, 0, "h", state)
        rng = random.Random(m)
        while snap.status != "finished":
            at = RoomSnapshot(
                "ABCDEF",
                1,
                game,
                "drukker",
                {},
                snap.status,
                seats,
                snap.seq,
                "h",
                snap.state,
                log=snap.log,
            )
            rooms.append(at)
            seat = min(snap.to_act())
            snap.take(snap.step(seat, rng.choice(game.legal_actions(snap.state, seat)), None, 0))
    return rooms


def best(rooms: list[RoomSnapshot], run: Callable[[], object], repeat: int) -> float:
    fastest = float("inf")
    for _ in range(repeat):
        for room in rooms:
            room.forget_views()
        start = time.perf_counter()
        run()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest / len(rooms) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rooms = matches(args.matches)

    def step() -> None:
        for room in rooms:
            if room.status == "playing" and room.to_act():
                seat = min(room.to_act())
                room.step(seat, room.legal(seat)[0], None, 0.0)

    print(f"{len(rooms)} steps of {args.matches} matches, µs per step (best of {args.repeat}):")
    figures = {
        "views of 4 seats": best(
            rooms, lambda: [r.view(s) for r in rooms for s in range(SEATS)], args.repeat
        ),
        "their messages": best(
            rooms, lambda: [r.view_message(s) for r in rooms for s in range(SEATS)], args.repeat
        ),
        "a step (legal check, apply)": best(rooms, step, args.repeat),
    }
    for name, value in figures.items():
        print(f"  {name:40s} {value:7.1f}")


if __name__ == "__main__":
    main()

"""A push of a move's views and the move itself, in one process, over whole Drukker matches.

Plays `--matches` random 4-seat Drukker matches through `RoomSnapshot`, keeps every seq's
room, then times (warm, best of `--repeat`, µs per step) what `Hub.push` does for four
phones in the delta form (each seat's view, its parts, its delta against the view it held)
and what `RoomService.act` asks of the room for a move (`RoomSnapshot.step`: the legal
check and the engine's apply). Each seq's cached views are dropped before each round.

    .venv/bin/python bench/push_path.py
    PYTHONPATH=/path/to/other/checkout .venv/bin/python bench/push_path.py   # another commit

No sockets, no database: the figures of bench/README.md's "What changed, each measured".
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Callable

from app.games import registry
from app.rooms.deltas import DeltaPush, ViewParts
from app.rooms.views import RoomSnapshot, SeatInfo

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
    views = [[room.view(s) for s in range(SEATS)] for room in rooms]
    held: list[list[tuple[DeltaPush, ViewParts]]] = []

    def parts() -> None:
        held.clear()
        bases: dict[int, ViewParts] = {}
        for room, seen in zip(rooms, views, strict=True):
            push = DeltaPush(room.seq)
            row = []
            for s in range(SEATS):
                bases[s] = push.parts(seen[s], bases.get(s))
                row.append((push, bases[s]))
            held.append(row)

    def deltas() -> None:
        for before, now in itertools.pairwise(held):
            for (_, base), (push, made) in zip(before, now, strict=True):
                if base.seq < made.seq:
                    push.delta(made, base)

    def push() -> None:
        bases: dict[int, ViewParts] = {}
        for room in rooms:
            out = DeltaPush(room.seq)
            for s in range(SEATS):
                base = bases.get(s)
                made = out.parts_of(room, s, base)
                out.whole(made) if base is None or base.seq >= made.seq else out.delta(made, base)
                bases[s] = made

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
        "their parts": best(rooms, parts, args.repeat),
        "their deltas": best(rooms, deltas, args.repeat),
        "the whole push (views, parts, deltas)": best(rooms, push, args.repeat),
        "a step (legal check, apply)": best(rooms, step, args.repeat),
    }
    for name, value in figures.items():
        print(f"  {name:40s} {value:7.1f}")


if __name__ == "__main__":
    main()

"""Every view of a match as the server makes it, checked against the same view made from
scratch.

The server keeps each room's copy moving step by step and saves work by identity (issue 20,
bench/README.md): a state's `to_act` kept for that very state object, a Drukker seat's private
part cached on its record, and the parts an engine hands again to the steps that leave them
be. Each is right only while a part that is the same object has the same value. Here a random
match is played on one `RoomSnapshot` (the live path, pushed as the hub pushes it), and at
every seq each viewer's v1 message is compared with the view of a second
`RoomSnapshot` whose state went through its JSON and back (`dump`, `load`): one that shares no
object with the live one. Rooms here have no turn clock and no live odds (a view's clock holds
the moment it was made, and prices come from another process), and each match is played from
its start.

Used by tests/rooms/test_fresh_views.py (200 steps of a match of every mode) and
bench/view_check.py (thousands of whole matches); `over_every_mode` parametrises the tests
that go over every mode (tests/rooms/test_shared_public.py too).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from app.games import registry
from app.games.base import Game
from app.rooms.push.views import RoomSnapshot, SeatInfo


@dataclass
class Checked:
    """What `check_match` compared, added up over the matches it is given."""

    matches: int = 0
    steps: int = 0
    views: int = 0  # v1 messages equal to the fresh view


class Mismatch(AssertionError):
    """A view of the live path differs from the one made from scratch."""


def check_match(
    game: Game[Any],
    mode: str,
    players: int,
    seed: int,
    checked: Checked | None = None,
    steps: int | None = None,
) -> Checked:
    """Play a random match of `game`'s `mode` (seeded by `seed`; its first `steps` moves
    only, if given) and compare every viewer's views at every seq; raise `Mismatch`, saying
    where, at the first that differs."""
    checked = checked or Checked()
    played = 0
    options = game.modes[mode].check_options({})
    seats = [SeatInfo(i, f"Ödön {i}", False) for i in range(players)]
    state = game.new(mode, options, players, seed)
    live = RoomSnapshot("ABCDEF", 1, game, mode, options, "playing", seats, 0, "h", state)
    rng = random.Random(seed)
    viewers: list[int | None] = [None, *range(players)]
    while True:
        again = game.load(json.loads(json.dumps(game.dump(live.state))))
        fresh = RoomSnapshot(
            "ABCDEF", 1, game, mode, options, live.status, seats, live.seq, "h", again
        )
        fresh.log = list(live.log)
        for viewer in viewers:
            want = json.loads(fresh.view_message(viewer))
            where = f"{game.id} {mode} ×{players}, seed {seed}, seq {live.seq}, viewer {viewer}"
            if json.loads(live.view_message(viewer)) != want:
                raise Mismatch(f"v1 view: {where}")
            checked.views += 1
        live.pushed()
        movers = sorted(live.to_act())
        if live.status == "finished" or not movers or played == steps:
            break
        seat = rng.choice(movers)
        live.take(live.step(seat, rng.choice(live.legal(seat)), None, 0.0))
        played += 1
    checked.steps += played
    checked.matches += 1
    return checked


def every_mode(games: list[Game[Any]]) -> list[tuple[Game[Any], str, int]]:
    """Each mode of each game, at its fewest and its most players."""
    return [
        (game, mode, players)
        for game in games
        for mode, spec in game.modes.items()
        for players in sorted({spec.min_players, spec.max_players})
    ]


def _mode_id(value: object) -> str:
    game_id = getattr(value, "id", None)
    return game_id if isinstance(game_id, str) else str(value)


# A test over every mode: its arguments are `game`, `mode` and `players` (ids "duel-match-2").
over_every_mode = pytest.mark.parametrize(
    ("game", "mode", "players"), every_mode(registry.all_games()), ids=_mode_id
)

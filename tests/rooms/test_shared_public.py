"""The room builds `public` once per step and asks each seat only for its `private`, and it
caches both (PROTOCOL.md: `public` is identical for every seat and spectator at one seq). That
is right only if asking is pure: at every step of random matches of every mode, `public` and
each seat's `private` are the same when asked twice, and asking changes nothing in the state.
"""

from __future__ import annotations

import json
import random

import pytest

from app.games import registry
from app.games.base import Game

STEPS = 150  # per match: enough to pass every phase of the short matches and many of the long


def modes() -> list[tuple[str, str, int]]:
    return [
        (game.id, mode, players)
        for game in registry.all_games()
        for mode, spec in game.modes.items()
        for players in sorted({spec.min_players, spec.max_players})
    ]


@pytest.mark.parametrize(("game_id", "mode", "players"), modes())
def test_public_and_private_are_pure_at_every_step(game_id: str, mode: str, players: int) -> None:
    game: Game[object] = registry.get(game_id)  # type: ignore[assignment]
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new(mode, game.modes[mode].check_options({}), players, seed)
        for _ in range(STEPS):
            before = json.dumps(game.dump(state), sort_keys=True)
            assert game.public(state) == game.public(state), seed
            for seat in range(players):
                assert game.private(state, seat) == game.private(state, seat), (seat, seed)
            assert json.dumps(game.dump(state), sort_keys=True) == before, seed
            movers = sorted(game.to_act(state))
            if not movers:
                break
            seat = rng.choice(movers)
            state, _events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))

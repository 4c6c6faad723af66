"""The room builds `public` once per step and asks each seat only for its `private`, and it
caches both (docs/PROTOCOL.md: `public` is identical for every seat and spectator at one seq). That
is right only if asking is pure: at every step of random matches of every mode, `public` and
each seat's `private` are the same when asked twice, and asking changes nothing in the state.
"""

from __future__ import annotations

import json
import random
from typing import Any

from app.games.base import Game
from tests.support.fresh_views import over_every_mode

STEPS = 150  # per match: enough to pass every phase of the short matches and many of the long


@over_every_mode
def test_public_and_private_are_pure_at_every_step(
    game: Game[Any], mode: str, players: int
) -> None:
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

"""`public` is identical for every seat and spectator at the same step (PROTOCOL.md).

The room layer relies on it: it encodes `public` once per step and sends those bytes to every
viewer. A game whose `public` differed by viewer would show one seat's view to all.
"""

from __future__ import annotations

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
def test_public_is_the_same_for_every_viewer_at_every_step(
    game_id: str, mode: str, players: int
) -> None:
    game: Game[object] = registry.get(game_id)  # type: ignore[assignment]
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new(mode, game.modes[mode].check_options({}), players, seed)
        for _ in range(STEPS):
            spectator = game.view(state, None).public
            for seat in range(players):
                assert game.view(state, seat).public == spectator, (seat, seed)
            movers = sorted(game.to_act(state))
            if not movers:
                break
            seat = rng.choice(movers)
            state, _events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))

"""`public` is identical for every seat and spectator at the same step (PROTOCOL.md), and
`private_view` is exactly the private part of the seat's view.

The room layer relies on both: it builds and encodes `public` once per step, from the
spectator's view, and asks each seat's engine only for its secrets. A game whose `public`
differed by viewer would show one seat's view to all.
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
def test_views_split_into_one_public_and_each_seats_private_at_every_step(
    game_id: str, mode: str, players: int
) -> None:
    game: Game[object] = registry.get(game_id)  # type: ignore[assignment]
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new(mode, game.modes[mode].check_options({}), players, seed)
        for _ in range(STEPS):
            spectator = game.view(state, None).public
            for seat in range(players):
                view = game.view(state, seat)
                assert view.public == spectator, (seat, seed)
                assert game.private_view(state, seat) == view.private, (seat, seed)
            movers = sorted(game.to_act(state))
            if not movers:
                break
            seat = rng.choice(movers)
            state, _events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))

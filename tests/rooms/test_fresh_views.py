"""What the server saves by identity never shows: at every step of a match of every mode,
each viewer's view, made on the live path with every cache the server
keeps, equal the view made from the state's JSON in a room of its own (tests/support/
fresh_views.py; bench/view_check.py runs thousands of matches)."""

from __future__ import annotations

from typing import Any

from app.games.base import Game
from tests.support.fresh_views import check_match, over_every_mode

STEPS = 200  # per match: past the opening phases of the long ones (a random duel ~2 000)


@over_every_mode
def test_every_view_equals_the_one_made_from_scratch(
    game: Game[Any], mode: str, players: int
) -> None:
    checked = check_match(game, mode, players, seed=3, steps=STEPS)
    assert checked.steps > 10 and checked.views == (checked.steps + 1) * (players + 1)

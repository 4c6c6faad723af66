"""The result's ▲/▼ needs what each player started with: every mode's public view names it
(`players[i].start_money`), equal to the money dealt at the start (rules §9.1, §10.1), and it
stays what was dealt later in the match."""

from __future__ import annotations

import random

import pytest

from app.games.focifogadas.game import GAME


@pytest.mark.parametrize(("mode", "seats"), [("drukker", 2), ("bukmeker", 3), ("live", 4)])
def test_every_player_is_shown_the_money_they_started_with(mode: str, seats: int) -> None:
    state = GAME.new(mode, GAME.modes[mode].defaults(), seats, 5)
    dealt = [p["money"] for p in GAME.public(state).public["players"]]
    rng = random.Random(5)
    for _ in range(400):
        movers = sorted(GAME.to_act(state))
        if not movers:
            break
        seat = rng.choice(movers)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    players = GAME.public(state).public["players"]
    assert [p["start_money"] for p in players] == dealt
    assert dealt == [400] * seats if mode == "drukker" else dealt == [1000 * seats] * seats


@pytest.mark.parametrize("mode", ["bukmeker", "live"])
def test_the_book_modes_say_what_a_stake_marker_stands_for(mode: str) -> None:
    """§10.5: a marker stands for 100 P; the stake slip's "pay → win" reads it from the view."""
    state = GAME.new(mode, GAME.modes[mode].defaults(), 3, 5)
    assert GAME.public(state).public["marker_value"] == 100

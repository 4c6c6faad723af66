"""The match's stats on the full-time screen (issue 17 item 3): one scripted sequence per stat,
the result carrying them, and rooms whose state predates the counting. Random play's stats
against the score: `test_properties.check_stats`."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from app.games.duel import GAME
from app.games.duel.outcome import stats
from app.games.duel.rules import apply
from app.games.duel.state import Counts, Options, Phase
from tests.engines.duel.helpers import make, side
from tests.engines.duel.test_rules import FULL_PILE, challenge


@pytest.mark.parametrize(
    ("attack", "keeper", "goals", "saves"),
    [
        (10, [9], [1, 0], [0, 0]),  # beats the keeper: a goal
        (9, [9], [0, 0], [0, 1]),  # ties with him: a save of the other seat
        (8, [9], [0, 0], [0, 1]),  # loses to him: a save
        (2, [], [1, 0], [0, 0]),  # an empty goal (the defender holds no card): a goal
    ],
)
def test_every_shot_counts_as_a_shot_and_a_goal_or_a_save(
    attack: int, keeper: list[int], goals: list[int], saves: list[int]
) -> None:
    pile = [*keeper, *FULL_PILE] if keeper else []
    state = make(side(0, hand=[attack], pile=FULL_PILE), side(1, pile=pile), phase=Phase.SHOT)
    state, _ = apply(state, 0, {"type": "shoot", "card": state.sides[0].hand[0]})
    assert stats(state)["shots"] == [1, 0]
    assert stats(state)["goals"] == goals
    assert stats(state)["saves"] == saves


def test_a_duel_is_won_by_the_attacker_or_by_the_defending_chain_and_a_tie_by_nobody() -> None:
    state = make(side(0, hand=[9, 6, 3, 4]), side(1, chain=[5, 6, 8, 2, 2, 2], pile=FULL_PILE))
    state, _ = challenge(state, 9, 1)  # 9 beats 5
    assert stats(state)["duels"] == [1, 0]
    state, _ = challenge(state, 6, 2)  # 6 ties with 6
    assert stats(state)["duels"] == [1, 0]
    state, _ = challenge(state, 3, 3)  # 8 stops 3
    assert stats(state)["duels"] == [1, 1]


def test_an_attack_counts_for_the_seat_whose_possession_starts() -> None:
    state = make(
        side(0, hand=[3], pile=FULL_PILE), side(1, chain=[8, 2, 2, 2, 2, 2], pile=FULL_PILE)
    )
    state, _ = challenge(state, 3, 1)  # the defence wins: the ball goes to seat 1
    assert state.phase == Phase.ARRANGE and stats(state)["attacks"] == [0, 0]
    state, _ = apply(state, 0, {"type": "done"})
    state, _ = apply(state, 1, {"type": "done"})
    assert state.ball == 1 and stats(state)["attacks"] == [0, 1]


def test_the_result_carries_the_stats_and_the_shootout_stays_apart() -> None:
    state = make(side(0, hand=[3]), side(1, chain=[8, None, None, None, None, None]))
    state = replace(
        state, options=Options(halves=1, shootout=True), score=(1, 1), counts=Counts(shots=(2, 1))
    )
    state, _ = challenge(state, 3, 1)
    while state.phase != Phase.OVER:  # the shoot-out, first legal choice each time
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    result = GAME.result(state)
    assert result is not None and result["shootout"] is not None and sum(result["shootout"]) > 0
    assert result["stats"] == {
        "goals": [1, 1],
        "shots": [2, 1],
        "saves": [0, 1],
        "duels": [0, 1],
        "attacks": [0, 0],
    }


def test_a_state_dumped_before_the_stats_still_loads_and_plays_on() -> None:
    """A room mid-match across a rolling restart: its snapshot has no `counts`."""
    state = GAME.new("match", {}, 2, seed=4)
    for _ in range(40):
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    old = json.loads(json.dumps(GAME.dump(state)))
    del old["counts"]
    loaded = GAME.load(old)
    assert loaded == replace(state, counts=Counts(shots=state.score))
    assert stats(loaded)["saves"] == [0, 0]  # every goal so far was a shot, none saved
    seat = min(GAME.to_act(loaded))
    GAME.apply(loaded, seat, GAME.legal_actions(loaded, seat)[0])

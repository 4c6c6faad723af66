"""The match's stats on the full-time screen (issue 17 item 3): one scripted sequence per stat,
the result carrying them, and rooms whose state predates the counting."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from app.games.base import bot_move
from app.games.hattrick import GAME
from app.games.hattrick.rules import stats
from app.games.hattrick.state import Counts, Shootout
from tests.engines.hattrick.helpers import START, make, play
from tests.engines.hattrick.test_bot import so_save_state
from tests.engines.hattrick.test_rules import (
    BLUE_HAND,
    RED_HAND,
    foul_state,
    kick_state,
    red_kick,
    short_turn,
)


def test_a_penalty_goal_counts_a_foul_a_shot_and_a_goal() -> None:
    m = make(START, "B8", hands=(["B-DR2L-a", *BLUE_HAND[:2]], RED_HAND))
    m, _ = short_turn(m, "B-DR2L-a", "R-SP2L-a")  # §6.2.3: Red fouls, a penalty
    assert stats(m)["fouls"] == [0, 1] and stats(m)["shots"] == [1, 0]
    m, _ = play(
        m,
        (0, {"type": "shooting_card", "card": "SH-DR-L"}),
        (1, {"type": "keeper_card", "card": "R-GK-R"}),
    )  # allowance 0: a goal
    assert stats(m)["goals"] == [1, 0]
    assert stats(m)["saves"] == [0, 0]
    assert stats(m)["chances"] == [0, 0]  # a penalty is no Scoring Opportunity


def test_a_saved_shot_is_a_shot_and_a_save_for_the_keepers_team() -> None:
    m, _ = play(  # §7.3's seed example: a shot of power 7 that 4 + 4 save
        so_save_state(),
        (1, {"type": "save_draw"}),
        (1, {"type": "save_draw"}),
        (1, {"type": "stop"}),
    )
    assert m.phase == "goal_kick_kicker"
    assert stats(m)["shots"] == [1, 0]
    assert stats(m)["saves"] == [0, 1]
    assert stats(m)["goals"] == [0, 0]


def test_an_action_ending_in_the_final_line_counts_a_scoring_opportunity() -> None:
    rows = ("B10 R5  R4  .", START[1], ".   R7  R6  B9", START[3], START[4], START[5])
    m, _ = short_turn(make(rows, "B8", hands=(BLUE_HAND, RED_HAND)))
    assert m.so and stats(m)["chances"] == [1, 0]


def test_a_foul_counts_for_the_fouling_team_and_a_second_yellow_as_a_send_off() -> None:
    m, _ = short_turn(foul_state(), "B-SP2L-a", "R-SP2L-a")
    assert stats(m)["fouls"] == [0, 1] and stats(m)["sent_off"] == [0, 0]
    m, _ = short_turn(foul_state(yellow=[False, True]), "B-SP2L-a", "R-SP2L-a")
    assert stats(m)["fouls"] == [0, 1] and stats(m)["sent_off"] == [0, 1]


def test_a_second_yellow_under_the_seven_player_floor_is_no_send_off() -> None:
    rows = (".   .   .   .", "R2  B8  B11 .", START[2], START[3], START[4], START[5])
    m, _ = short_turn(foul_state(rows=rows, yellow=[False, True]), "B-SP2L-a", "R-SP2L-a")
    assert stats(m)["fouls"] == [0, 1] and stats(m)["sent_off"] == [0, 0]


def test_shootout_kicks_are_no_shots_of_the_match() -> None:
    so = Shootout(first=0, kicker=1, goals=(5, 5), taken=(6, 5))
    m, _ = red_kick(kick_state(so, ["R-SP1L-a", "R-SP2L-a"]), "SH-SP-R", "B-GK-L")
    result = GAME.result(m)
    assert result is not None and result["shootout"] == [5, 6]
    assert result["stats"]["shots"] == [0, 0] and result["stats"]["goals"] == [0, 0]


def test_a_state_dumped_before_the_stats_still_loads_and_plays_on() -> None:
    """A room mid-match across a rolling restart: its snapshot has no `counts`."""
    state, rng = GAME.new("match", {}, 2, seed=1), random.Random(1)
    while sum(state.score) < 2:  # two bots, to the second goal of the match
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, rng))
    assert GAME.to_act(state) and state.counts != Counts(shots=state.score)
    old = json.loads(json.dumps(GAME.dump(state)))
    del old["counts"]
    loaded = GAME.load(old)
    assert loaded == replace(state, counts=Counts(shots=state.score))
    assert stats(loaded)["saves"] == [0, 0]  # every goal so far was a shot, none saved
    seat = min(GAME.to_act(loaded))
    GAME.apply(loaded, seat, GAME.legal_actions(loaded, seat)[0])

"""The bot is legal and sensible: it saves wisely, shoots from good fields, plays strong cards
where a contest decides a lot, and beats random play."""

from __future__ import annotations

import random

from app.games.base import bot_move
from app.games.hattrick import GAME
from tests.engines.hattrick.helpers import NO_MOVE, START, card, make, move, play
from tests.engines.hattrick.regen import steps
from tests.engines.hattrick.test_rules import RED_HAND, so_example

RNG = random.Random(0)


def so_save_state():
    m, _ = play(
        so_example(),
        (0, card("B-LB3L-a")),
        (1, card("R-SP2L-a")),
        (0, move("B8", "forward")),
        (1, move("R4", "back")),
        (0, {"type": "pass_to", "player": "B-08"}),
        (0, {"type": "shoot"}),
        (0, {"type": "shooting_card", "card": "SH-LB-C"}),
        (1, {"type": "keeper_card", "card": "R-GK-L"}),
    )
    return m


def test_keeper_draws_while_the_shot_would_score_and_stops_once_saved():
    m = so_save_state()  # power 7, allowance 3
    assert bot_move(GAME, m, 1, RNG) == {"type": "save_draw"}
    m, _ = play(m, (1, {"type": "save_draw"}))  # 4
    assert bot_move(GAME, m, 1, RNG) == {"type": "save_draw"}
    m, _ = play(m, (1, {"type": "save_draw"}))  # 8 > 7
    assert bot_move(GAME, m, 1, RNG) == {"type": "stop"}


def test_shoots_from_the_central_final_line():
    rows = (".   B8  R4  .", "R2  R5  B11 R3", *START[2:])
    m = make(rows, "B8", so=True, so_round=1, hands=(["B-DR2L-a", "B-SP1L-a"], RED_HAND))
    m, _ = play(m, (0, card("B-DR2L-a")), (1, card("R-SP1L-a")))
    while m.phase in ("attacker_move", "defender_move"):
        m, _ = play(m, (min(GAME.to_act(m)), NO_MOVE))
    assert m.phase == "so_shot" and m.carrier == "B-08"
    assert bot_move(GAME, m, 0, RNG) == {"type": "shoot"}


def test_in_an_so_passes_to_enable_a_shot_rather_than_declining():
    m, _ = play(
        so_example(), (0, card("B-LB3L-a")), (1, card("R-SP2L-a")), (0, NO_MOVE), (1, NO_MOVE)
    )
    assert m.phase == "so_action"
    assert bot_move(GAME, m, 0, RNG)["type"] == "pass_to"


def test_defender_plays_its_strongest_card_near_its_own_goal_and_saves_it_in_midfield():
    hand = ["R-SP1L-a", "R-SP4L-a", "R-DR2L-a"]
    near = make(START, "B8", hands=(["B-SP1L-a", "B-SP2L-a", "B-SP3L-a"], hand))
    assert bot_move(GAME, near, 1, RNG) == card("R-SP4L-a")
    far = make(START, "B4", hands=(["B-SP1L-a", "B-SP2L-a", "B-SP3L-a"], hand))
    assert bot_move(GAME, far, 1, RNG) == card("R-SP1L-a")


def test_bot_beats_random_play():
    wins = losses = 0
    for seed in range(16):
        seat = seed % 2
        players = ("bot", "random") if seat == 0 else ("random", "bot")
        *_, (_, _, _, state) = steps(seed, {}, players)
        winners = GAME.result(state)["winners"]
        wins += winners == [seat]
        losses += winners == [1 - seat]
    assert wins >= 2 * losses + 4

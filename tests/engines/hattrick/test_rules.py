"""One test per numbered rule of docs/rules/hattrick.md: a literal state in, state and events out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.games.base import REVEAL, BadOptions, IllegalAction, NotYourTurn, view
from app.games.hattrick import GAME, pitch, rules
from app.games.hattrick.cards import DECKS, KEEPER_BASE, PLAYERS, SHOOTING, keeper_cards
from app.games.hattrick.cards import overlay as overlay_of
from app.games.hattrick.halves import start_turn
from app.games.hattrick.shot import start_shot
from app.games.hattrick.state import Counts, Shootout
from tests.engines.hattrick.helpers import (
    NO_MOVE,
    START,
    card,
    grid,
    kinds,
    make,
    move,
    pid,
    play,
    where,
)

BLUE_HAND = ["B-SP4L-a", "B-SP1L-a", "B-DR1L-a"]
RED_HAND = ["R-SP1L-a", "R-SP2L-a", "R-DR1L-a"]


def short_turn(m, blue="B-SP4L-a", red="R-SP1L-a"):
    """Both play, nobody moves: the common short-pass turn of these tests."""
    m, ev = play(m, (0, card(blue)), (1, card(red)))
    for _ in range(2):
        if m.phase in ("attacker_move", "defender_move"):
            m, more = play(m, (min(GAME.to_act(m)), NO_MOVE))
            ev += more
    return m, ev


# --- §2 Components ------------------------------------------------------------------------------


def test_2_1_component_counts():
    for team in (0, 1):
        deck = DECKS[team]
        assert len(deck) == len(set(deck)) == 32
        kinds_ = [c[2:4] for c in deck]
        assert (kinds_.count("SP"), kinds_.count("LB"), kinds_.count("DR")) == (16, 8, 8)
        assert sorted({int(c[4]) for c in deck}) == [1, 2, 3, 4]
        assert sum(c[5] == "L" for c in deck) == 16
        assert len(keeper_cards(team, False) + keeper_cards(team, True)) == 6
    assert len(SHOOTING) == 9
    assert len(PLAYERS) == 10


def test_2_2_player_cards_star_side_is_plus_one_and_totals_25():
    assert sum(p.regular[0] for p in PLAYERS.values()) == 25
    assert sum(p.regular[1] for p in PLAYERS.values()) == 25
    for p in PLAYERS.values():
        assert p.star == (min(5, p.regular[0] + 1), min(5, p.regular[1] + 1))
        assert p.side == ("L" if p.start[1] <= 2 else "R")


def test_2_4_shooting_cards_are_a_latin_square():
    for colour in ("short_pass", "long_ball", "dribbling"):
        cards = [s for s in SHOOTING.values() if s.colour == colour]
        assert sorted(s.modifier for s in cards) == [2, 3, 4]
        assert sorted(s.target for s in cards) == ["C", "L", "R"]
    for target in "LCR":
        assert sorted(s.modifier for s in SHOOTING.values() if s.target == target) == [2, 3, 4]
    assert SHOOTING["SH-LB-R"].modifier == 2 and SHOOTING["SH-SP-R"].modifier == 4


def test_2_5_keeper_base_best_position_is_two():
    assert KEEPER_BASE[(False, 6)] == (3, 2, 2, 3)
    assert KEEPER_BASE[(True, 6)] == (3, 3, 3, 3)
    assert KEEPER_BASE[(False, 5)] == KEEPER_BASE[(True, 5)] == (4, 3, 3, 4)


def test_2_6_national_team_flips_star_sides():
    state = GAME.new("match", {"team_blue": "BRA", "team_red": "GER"}, 2, 3)
    public = view(GAME, state, None).public
    stars = sorted(
        (p["team"], p["number"]) for row in public["pitch"] for p in row if p and p["star"]
    )
    assert stars == [(0, n) for n in (2, 3, 5, 6, 8, 10)] + [(1, n) for n in (5, 6, 7, 8, 10)]
    assert public["keeper_star"] == [False, True]
    assert [k["id"] for k in public["keepers"][1]] == ["R-GK*-L", "R-GK*-C", "R-GK*-R"]
    b8 = next(p for row in public["pitch"] for p in row if p and p["id"] == "B-08")
    assert (b8["attack"], b8["defence"]) == (5, 2)


# --- §3 The pitch / §4 Match structure ------------------------------------------------------------


def test_3_2_starting_grid():
    state = GAME.new("match", {}, 2, 11)
    assert state.grid == grid(START)
    assert [state.grid[0][0], state.grid[0][3], state.grid[5][3], state.grid[5][0]] == [None] * 4


def test_4_2_set_up_three_cards_each_and_ball_on_kickoff_no_6():
    state, events = rules.new(GAME.modes["match"].defaults(), 5)
    toss = kinds(events, "coin_toss")[0]
    assert toss["purpose"] == "first_half_kickoff"
    assert state.carrier == pid(f"{'BR'[toss['team']]}6")
    assert [len(h) for h in state.hands] == [3, 3]
    assert [len(p) for p in state.piles] == [29, 29]
    assert [e["team"] for e in kinds(events, "deck_shuffled")] == [0, 1]
    assert state.phase == "play" and GAME.to_act(state) == {0, 1}


def test_4_3_empty_pile_makes_a_temporary_deck_from_the_discards():
    rest = [c for c in DECKS[0] if c not in BLUE_HAND]
    m = make(hands=(BLUE_HAND, RED_HAND), piles=([], None), discards=(rest, []))
    m, ev = play(m, (0, card("B-SP4L-a")), (1, card("R-SP1L-a")))
    assert kinds(ev, "temporary_deck") == [{"event": "temporary_deck", "team": 0, "cards": 29}]
    assert len(m.hands[0]) == 3 and len(m.piles[0]) == 28 and m.discards[0] == ()


def test_4_4_deck_exhausted_when_its_last_card_is_drawn():
    m = make(hands=(BLUE_HAND, RED_HAND), piles=(["B-LB1L-a"], None))
    m, ev = play(m, (0, card("B-SP4L-a")), (1, card("R-SP1L-a")))
    assert m.exhausted == (True, False)
    assert kinds(ev, "deck_exhausted") == [{"event": "deck_exhausted", "team": 0}]


def test_4_4_half_ends_at_the_turn_boundary_once_both_decks_are_exhausted():
    m = make(hands=(BLUE_HAND, RED_HAND), exhausted=[True, True], first_kickoff=0)
    m, ev = short_turn(m)
    assert kinds(ev, "half_ended")[0]["half"] == 1
    assert m.half == 2 and m.carrier == "R-06" and m.exhausted == (False, False)


def test_4_4_half_goes_on_while_the_ball_is_in_the_attacking_final_two_lines():
    m = make(carrier="B10", hands=(BLUE_HAND, RED_HAND), exhausted=[True, True])
    m, ev = short_turn(m)
    assert not kinds(ev, "half_ended")
    assert m.carrier == "B-08" and m.half == 1 and m.valve == 1


def test_4_4_valve_ends_the_half_after_twenty_counted_turns_wherever_the_ball_is():
    m = make(carrier="B10", hands=(BLUE_HAND, RED_HAND), exhausted=[True, True], valve=20)
    m, ev = short_turn(m)
    assert kinds(ev, "half_ended") and m.half == 2


NO_LINE_3 = (START[0], START[1], START[2], "R9 . . R10", START[4], START[5])


@pytest.mark.parametrize(("zone", "ends"), [("attacking", True), ("either_end", False)])
def test_4_4_half_end_zone_option(zone, ends):
    m = make(
        NO_LINE_3,
        "B3",
        hands=(BLUE_HAND, RED_HAND),
        exhausted=[True, True],
        options={"half_end_zone": zone},
    )
    m, ev = short_turn(m)
    assert bool(kinds(ev, "half_ended")) is ends


def test_4_5_second_half_keeps_score_cards_and_send_offs():
    rows = (
        ".   R5  R4  .",
        "R2  B8  B11 R3",
        "B10 R7  R6  B9",
        "R9  B6  B7  R10",
        "B3  .   R8  B2",
        ".   B4  B5  .",
    )
    m = make(
        rows,
        hands=(BLUE_HAND, RED_HAND),
        exhausted=[True, True],
        score=[1, 2],
        yellow=[False, True],
        off=["R-11"],
        first_kickoff=1,
    )
    m, _ = short_turn(m)
    assert m.half == 2 and m.score == (1, 2) and m.yellow == (False, True)
    assert m.carrier == "B-06"  # Red kicked off the first half
    assert pitch.at(m, 2, 2) is None and "R-11" not in {p for r in m.grid for p in r}
    assert [len(h) for h in m.hands] == [3, 3]


def test_4_1_level_match_without_knockout_is_a_draw():
    m = make(
        hands=(BLUE_HAND, RED_HAND),
        exhausted=[True, True],
        half=2,
        score=[1, 1],
        counts=Counts(shots=(1, 1)),
    )
    m, _ev = short_turn(m)
    assert m.phase == "over"
    assert GAME.result(m) == {
        "winners": [],
        "score": [1, 1],
        "draw": True,
        "stats": {
            "goals": [1, 1],
            "shots": [1, 1],
            "saves": [0, 0],
            "chances": [0, 0],
            "fouls": [0, 0],
            "sent_off": [0, 0],
        },
    }


def test_4_6_knockout_level_after_two_halves_plays_extra_time():
    m = make(
        hands=(BLUE_HAND, RED_HAND), exhausted=[True, True], half=2, options={"knockout": True}
    )
    m, ev = short_turn(m)
    assert [e["purpose"] for e in kinds(ev, "coin_toss")] == ["extra_time_kickoff"]
    assert m.half == 3 and m.phase == "play"


def test_4_6_level_after_extra_time_goes_to_a_shootout_with_five_card_hands():
    m = make(
        hands=(BLUE_HAND, RED_HAND), exhausted=[True, True], half=3, options={"knockout": True}
    )
    m, _ev = short_turn(m)
    assert m.half == 4 and m.phase == "kick" and m.carrier is None
    assert [len(h) for h in m.hands] == [5, 5]
    kicker = m.shootout.first
    assert GAME.to_act(m) == {kicker}
    assert len(GAME.legal_actions(m, kicker)) == 5


def test_4_6_shootout_without_hands_kicks_the_top_card():
    m = make(
        hands=(BLUE_HAND, RED_HAND),
        exhausted=[True, True],
        half=3,
        options={"knockout": True, "shootout_hand": False},
    )
    m, ev = short_turn(m)
    assert m.hands == ((), ()) and m.phase == "shot_cards"
    assert kinds(ev, "penalty_kick")[0]["team"] == m.shootout.first


# --- §5 The regular turn ----------------------------------------------------------------------------


def test_5_1_cards_are_laid_face_down_then_both_draw_and_reveal():
    m = make(hands=(BLUE_HAND, RED_HAND))
    m1, ev = GAME.apply(m, 0, card("B-SP4L-a"))
    assert GAME.to_act(m1) == {1} and kinds(ev, "card_laid") == [{"event": "card_laid", "team": 0}]
    assert view(GAME, m1, 1).public["table"][0] == {"id": None, "back": "blue"}
    assert "B-SP4L-a" not in repr(view(GAME, m1, 1)) and "B-SP4L-a" not in repr(ev)
    assert view(GAME, m1, 0).private["chosen"]["id"] == "B-SP4L-a"
    with pytest.raises(NotYourTurn):
        GAME.apply(m1, 0, card("B-SP1L-a"))
    m2, ev = GAME.apply(m1, 1, card("R-SP1L-a"))
    assert [len(h) for h in m2.hands] == [3, 3]
    assert [e["team"] for e in kinds(ev, "cards_drawn")] == [0, 1]
    assert kinds(ev, "cards_revealed")[0]["cards"] == ["B-SP4L-a", "R-SP1L-a"]
    assert m2.phase == "attacker_move" and GAME.to_act(m2) == {0}


def test_5_2_walkthrough_side_rule_unmovable_carrier_and_sideways_pass():
    """Appendix B / S3: red kicks off on no. 6, moves no. 5 forward, passes to no. 7."""
    m = make(
        carrier="R6", hands=(["B-SP1L-a", "B-SP2L-a", "B-SP3L-a"], ["R-SP1R-a", *RED_HAND[1:]])
    )
    m, _ = play(m, (1, card("R-SP1R-a")), (0, card("B-SP1L-a")))
    legal = GAME.legal_actions(m, 1)
    movers = {a["player"] for a in legal if a["type"] == "move"}
    assert movers and all(PLAYERS[int(p[2:])].side == "R" for p in movers)
    assert "R-06" not in movers
    m, ev = play(m, (1, move("R5", "forward")))
    assert where(m, "R5") == (5, 2) and where(m, "B8") == (6, 2)
    assert kinds(ev, "ball_passed")[0] == {
        "event": "ball_passed",
        "how": "sideways",
        "from": "R-06",
        "to": "R-07",
    }
    legal = GAME.legal_actions(m, 0)
    assert move("B6", "forward") not in legal  # into the unmovable carrier's field
    assert move("B6", "back") in legal and move("B8", "back") in legal  # may undo red's move
    m, ev = play(m, (0, move("B6", "back")))
    assert where(m, "B6") == (2, 2) and where(m, "R11") == (3, 2)
    assert m.carrier == "R-09"  # red won 7 v 5 in line 4; lowest red in line 3


TIE_ROWS = (START[0], START[1], ".   R7  R6  B9", "R9  B6  B7  B10", START[4], START[5])


def test_5_2_equally_near_team_mates_let_the_attacker_choose():
    m = make(TIE_ROWS, "B7", hands=(BLUE_HAND, RED_HAND))
    m, _ = play(m, (0, card("B-SP4L-a")), (1, card("R-SP1L-a")), (0, NO_MOVE))
    assert m.phase == "sideways"
    assert GAME.legal_actions(m, 0) == [
        {"type": "pass_to", "player": "B-06"},
        {"type": "pass_to", "player": "B-10"},
    ]
    m, _ = play(m, (0, {"type": "pass_to", "player": "B-10"}))
    assert m.carrier == "B-10" and m.phase == "defender_move"


def test_5_2_no_team_mate_in_the_line_keeps_the_ball():
    m = make((*NO_LINE_3[:3], ".   B6  .   R10", *NO_LINE_3[4:]), "B6", hands=(BLUE_HAND, RED_HAND))
    m, ev = play(m, (0, card("B-SP4L-a")), (1, card("R-SP1L-a")), (0, NO_MOVE))
    assert not [e for e in ev if e.get("how") == "sideways"] and m.carrier == "B-06"


def test_5_3a_short_pass_worked_example_9_v_5():
    m = make(hands=(["B-SP2L-a", *BLUE_HAND[1:]], RED_HAND), stars=([6, 7], []))
    m, ev = short_turn(m, blue="B-SP2L-a", red="R-SP1L-a")
    c = kinds(ev, "contest")[0]
    assert (c["kind"], c["line"], c["outcome"]) == ("short_pass", 3, "attack")
    assert c["attack"]["players"] == [{"id": "B-06", "value": 3}, {"id": "B-07", "value": 4}]
    assert (c["attack"]["card_value"], c["attack"]["total"]) == (2, 9)
    assert c["defence"]["total"] == 5 and c["defence"]["card"] == "R-SP1L-a"
    assert m.carrier == "B-09"  # one line forward, lowest number


def test_5_3a_interception_goes_to_the_lowest_defender_in_the_line():
    m, ev = short_turn(make(hands=(BLUE_HAND, ["R-SP4L-a", *RED_HAND[1:]])), "B-SP1L-a", "R-SP4L-a")
    assert kinds(ev, "contest")[0]["outcome"] == "defence" and m.carrier == "R-09"


def test_5_3_equal_totals_go_to_the_stronger_card():
    m, ev = short_turn(make(hands=(BLUE_HAND, RED_HAND)), "B-SP1L-a", "R-SP2L-a")  # 6 v 6
    c = kinds(ev, "contest")[0]
    assert c["tie_break"] and c["outcome"] == "defence" and m.carrier == "R-09"


LONG_ROWS = (
    ".   R5  R4  .",
    "R2  B8  B7  R3",
    "B10 R7  R6  B9",
    "R9  B6  .   R10",
    START[4],
    START[5],
)


def test_5_3b_long_ball_worked_example_11_v_7():
    m = make(LONG_ROWS, "B6", hands=(["B-LB4L-a", *BLUE_HAND[1:]], RED_HAND))
    m, ev = short_turn(m, "B-LB4L-a", "R-SP1L-a")  # only line 5 holds blue: no D5 asked
    c = kinds(ev, "contest")[0]
    assert (c["kind"], c["line"], c["attack"]["total"], c["defence"]["total"]) == (
        "long_ball",
        5,
        11,
        7,
    )
    assert m.carrier == "B-07"


def test_5_3b_attacker_chooses_between_two_manned_destination_lines():
    rows = (
        "B11 R5  .   .",
        "R2  B8  .   R3",
        "B10 R7  R6  B9",
        "R9  B6  .   R10",
        START[4],
        START[5],
    )
    m = make(rows, "B6", hands=(["B-LB4L-a", *BLUE_HAND[1:]], RED_HAND))
    m, _ = short_turn(m, "B-LB4L-a", "R-SP1L-a")
    assert GAME.legal_actions(m, 0) == [
        {"type": "destination", "line": 5},
        {"type": "destination", "line": 6},
    ]
    m, _ev = play(m, (0, {"type": "destination", "line": 6}))
    assert m.carrier == "B-11" and m.so  # a carrier in his final line starts an SO


def test_5_3c_dribbling_loss_worked_example():
    rows = (START[0], START[1], START[2], "R9  B6  .   R10", START[4], START[5])
    m = make(
        rows,
        "B6",
        hands=(["B-DR1L-a", *BLUE_HAND[:2]], ["R-SP4L-a", *RED_HAND[1:]]),
        stars=([], [7]),
    )
    m, ev = short_turn(m, "B-DR1L-a", "R-SP4L-a")
    c = kinds(ev, "contest")[0]
    assert (c["attack"]["total"], c["defence"]["total"], c["outcome"]) == (3, 7, "defence")
    assert m.carrier == "R-07" and where(m, "B6") == (3, 2) and where(m, "R7") == (4, 2)


def test_5_3c_dribbling_win_swaps_the_two_players():
    rows = (START[0], START[1], START[2], "R9  B6  .   R10", START[4], START[5])
    m = make(rows, "B6", hands=(["B-DR4L-a", *BLUE_HAND[:2]], RED_HAND))
    m, _ev = short_turn(m, "B-DR4L-a", "R-SP1L-a")
    assert m.carrier == "B-06" and where(m, "B6") == (4, 2) and where(m, "R7") == (3, 2)


def test_5_3c_dribbling_to_a_team_mate_or_into_an_empty_field():
    rows = (START[0], START[1], ".   B8  R6  B9", "R9  B6  .   R10", START[4], START[5])
    m, ev = short_turn(
        make(rows, "B6", hands=(["B-DR1L-a", *BLUE_HAND[:2]], RED_HAND)), "B-DR1L-a", "R-SP1L-a"
    )
    assert m.carrier == "B-08" and not kinds(ev, "contest")
    rows = (START[0], START[1], ".   .   R6  B9", "R9  B6  .   R10", START[4], START[5])
    m, ev = short_turn(
        make(rows, "B6", hands=(["B-DR1L-a", *BLUE_HAND[:2]], RED_HAND)), "B-DR1L-a", "R-SP1L-a"
    )
    assert m.carrier == "B-06" and where(m, "B6") == (4, 2) and pitch.at(m, 3, 2) is None


# --- §6 Fouls ------------------------------------------------------------------------------------


def foul_state(**kw):
    """Short pass 5 + 2 v 5 + 2 in line 3 (red no. 9 on his star side): a foul."""
    return make(hands=(["B-SP2L-a", *BLUE_HAND[1:]], RED_HAND), stars=([], [9]), **kw)


def test_6_1_6_2_tie_on_equal_cards_is_a_foul_yellow_card_and_free_kick():
    m, ev = short_turn(foul_state(), "B-SP2L-a", "R-SP2L-a")
    assert kinds(ev, "contest")[0]["outcome"] == "foul"
    assert kinds(ev, "yellow_card") == [{"event": "yellow_card", "team": 1, "player": "R-09"}]
    assert m.carrier == "B-09"  # completed as if the attacker had won
    assert m.yellow == (False, True) and m.phase == "free_kick_defender"
    assert GAME.to_act(m) == {1}


def test_6_2_second_yellow_sends_the_fouler_off():
    m, ev = short_turn(foul_state(yellow=[False, True]), "B-SP2L-a", "R-SP2L-a")
    assert kinds(ev, "sent_off") == [
        {"event": "sent_off", "team": 1, "player": "R-09", "field": [3, 1]}
    ]
    assert m.off == ("R-09",) and pitch.at(m, 3, 1) is None and m.yellow == (False, False)


def test_6_2_seven_player_floor_keeps_the_fouler_on():
    rows = (".   .   .   .", "R2  B8  B11 .", START[2], START[3], START[4], START[5])
    m, ev = short_turn(foul_state(rows=rows, yellow=[False, True]), "B-SP2L-a", "R-SP2L-a")
    assert kinds(ev, "second_yellow_kept_on") and not m.off and where(m, "R9") == (3, 1)
    assert m.yellow == (False, False)


def test_6_2_foul_into_a_central_final_line_field_is_a_penalty_and_8_3_allowance():
    m = make(START, "B8", hands=(["B-DR2L-a", *BLUE_HAND[:2]], RED_HAND))
    m, ev = short_turn(m, "B-DR2L-a", "R-SP2L-a")  # B11 4+2 v R4 4+2, equal cards
    assert kinds(ev, "penalty_awarded") == [
        {"event": "penalty_awarded", "team": 0, "fouler": "R-04"}
    ]
    assert where(m, "B11") == (6, 3) and where(m, "R4") == (5, 3)
    assert m.phase == "shot_cards" and m.shot.penalty and m.shot.card == "B-DR2L-a"
    assert "R-SP2L-a" in m.discards[1]
    m, ev = play(
        m,
        (0, {"type": "shooting_card", "card": "SH-DR-L"}),
        (1, {"type": "keeper_card", "card": "R-GK-R"}),
    )
    shot = kinds(ev, "shot_cards_revealed")[0]
    assert (shot["power"], shot["base"], shot["overlay"], shot["penalty"], shot["allowance"]) == (
        6,
        2,
        -1,
        1,
        0,
    )
    assert kinds(ev, "goal")[0]["score"] == [1, 0]
    assert m.carrier == "R-06" and m.grid == grid(START)  # §9.2 restart
    assert [len(h) for h in m.hands] == [3, 3] and "B-DR2L-a" in m.discards[0]


@pytest.mark.parametrize(("star_keeper", "base"), [(False, 2), (True, 3)])
def test_2_5_keeper_base_is_public_from_the_shots_start(star_keeper, base):
    """§2.5/§8.3: both managers see the keeper card's base for the shooter's field (B11 in
    own line 6, column 3) while they choose their cards, not only after the reveal."""
    hands = (["B-DR2L-a", *BLUE_HAND[:2]], RED_HAND)
    stars = ((), (1,) if star_keeper else ())
    m = make(START, "B8", hands=hands, stars=stars)
    m, _ = short_turn(m, "B-DR2L-a", "R-SP2L-a")  # the penalty of the test below
    assert m.phase == "shot_cards" and m.shot.base is None
    for viewer in (0, 1, None):
        shot = view(GAME, m, viewer).public["shot"]
        assert (shot["line"], shot["col"], shot["base"]) == (6, 3, base)
        assert shot["power"] is None and shot["keeper"] is None
    keeper = "R-GK*-C" if star_keeper else "R-GK-C"
    m, ev = play(
        m,
        (0, {"type": "shooting_card", "card": "SH-DR-L"}),
        (1, {"type": "keeper_card", "card": keeper}),
    )
    assert kinds(ev, "shot_cards_revealed")[0]["base"] == base


def test_6_3_free_kick_moves_then_scoring_opportunity_or_play_on():
    m, _ = short_turn(foul_state(), "B-SP2L-a", "R-SP2L-a")
    legal = GAME.legal_actions(m, 1)
    assert NO_MOVE in legal and move("R6", "forward") in legal  # any side
    m, _ = play(m, (1, move("R7", "back")))  # swaps with B8
    assert move("B8", "forward") not in GAME.legal_actions(m, 0)  # the player just moved
    m, _ = play(m, (0, NO_MOVE))
    assert GAME.legal_actions(m, 0) == [{"type": "scoring_opportunity"}, {"type": "play_on"}]
    m, _ev = play(m, (0, {"type": "play_on"}))
    assert m.phase == "play" and not m.so and m.carrier == "B-09"


def test_6_3_free_kick_with_the_carrier_in_his_final_line_forces_the_so():
    rows = (
        "B9  R5  R4  .",
        "R2  B8  B11 R3",
        "B10 R7  R6  .",
        "R9  B6  B7  R10",
        START[4],
        START[5],
    )
    m = make(rows, "B8", phase="free_kick_attacker", hands=(BLUE_HAND, RED_HAND))
    m = replace(m, carrier="B-09")
    m, ev = play(m, (0, NO_MOVE))
    assert kinds(ev, "free_kick_taken")[0]["choice"] == "scoring_opportunity"
    assert m.so and m.phase == "play"


# --- §7 Scoring Opportunity ------------------------------------------------------------------------


def red_pile(*top):
    """Red's draw pile with `top` turned over first (the last one listed is the top card)."""
    return [c for c in DECKS[1] if c not in {*top, *RED_HAND}] + list(reversed(top))


def test_7_1_an_action_ending_in_the_final_line_starts_an_so():
    rows = ("B10 R5  R4  .", START[1], ".   R7  R6  B9", START[3], START[4], START[5])
    m = make(rows, "B8", hands=(BLUE_HAND, RED_HAND))
    m, ev = short_turn(m)  # 4+4+4 v 3+3+1 in line 5; B10 is the only blue in line 6
    assert kinds(ev, "scoring_opportunity") == [
        {"event": "scoring_opportunity", "team": 0, "carrier": "B-10"}
    ]
    assert m.so and m.phase == "play" and m.so_round == 1


SO_ROWS = (
    ".   B10 B11 .",
    "R2  R7  R4  R3",
    ".   B8  R6  B9",
    "R9  B6  B7  R10",
    "B3  R11 R8  B2",
    ".   B4  B5  .",
)


def so_example(**fields):
    """§7.3: Blue's SO in round 1 with a long ball and a short pass; Red's top cards 4, 4."""
    return make(
        SO_ROWS,
        "B10",
        so=True,
        so_round=1,
        hands=(["B-LB3L-a", "B-SP1R-a"], ["R-SP2L-a", "R-SP3R-a"]),
        piles=(None, red_pile("R-SP4R-a", "R-LB4L-a")),
        **fields,
    )


def test_7_3_seed_example_defender_pushes_carrier_back_long_ball_and_shot_8_4_save():
    m = so_example()
    m, ev = play(m, (0, card("B-LB3L-a")), (1, card("R-SP2L-a")))
    assert not kinds(ev, "cards_drawn") and [len(h) for h in m.hands] == [1, 1]  # §7.1 no draws
    m, ev = play(m, (0, move("B8", "forward")))
    assert where(m, "B8") == (5, 2) and m.carrier == "B-11"
    assert move("R4", "back") in GAME.legal_actions(m, 1)  # §7.2.3 into the carrier's field
    m, ev = play(m, (1, move("R4", "back")))
    assert where(m, "B11") == (5, 3) and where(m, "R4") == (6, 3) and m.carrier == "B-11"
    assert GAME.legal_actions(m, 0) == [
        {"type": "decline"},
        {"type": "pass_to", "player": "B-08"},
        {"type": "pass_to", "player": "B-10"},
    ]
    m, ev = play(m, (0, {"type": "pass_to", "player": "B-08"}))
    assert m.phase == "so_shot" and GAME.legal_actions(m, 0) == [
        {"type": "shoot"},
        {"type": "hold"},
    ]
    m, ev = play(m, (0, {"type": "shoot"}))
    assert "R-SP2L-a" in m.discards[1] and m.shot.card == "B-LB3L-a"
    assert [a["card"] for a in GAME.legal_actions(m, 0)] == ["SH-LB-L", "SH-LB-C", "SH-LB-R"]
    m, ev = play(
        m,
        (0, {"type": "shooting_card", "card": "SH-LB-C"}),
        (1, {"type": "keeper_card", "card": "R-GK-L"}),
    )
    assert (m.shot.power, m.shot.base, m.shot.overlay, m.shot.allowance) == (7, 3, 0, 3)
    m, ev = play(m, (1, {"type": "save_draw"}), (1, {"type": "save_draw"}))
    assert m.shot.total == 8 and m.phase == "save_draw"
    m, ev = play(m, (1, {"type": "stop"}))
    assert kinds(ev, "shot_result")[0]["outcome"] == "save"
    assert m.phase == "goal_kick_kicker" and m.attacker == 1 and m.carrier is None
    assert [len(h) for h in m.hands] == [3, 3]
    assert {"R-SP4R-a", "R-LB4L-a"} <= set(m.discards[1]) and "B-LB3L-a" in m.discards[0]


def test_7_2_declining_the_action_allows_no_shot_and_the_next_round_begins():
    m = make(
        START, "B8", so=True, so_round=1, hands=(["B-SP1L-a", "B-SP2L-a"], ["R-SP1L-a", "R-SP2L-a"])
    )
    m, ev = play(m, (0, card("B-SP1L-a")), (1, card("R-SP1L-a")), (0, NO_MOVE), (1, NO_MOVE))
    assert m.carrier == "B-11" and GAME.legal_actions(m, 0) == [
        {"type": "decline"},
        {"type": "pass_to", "player": "B-08"},
        {"type": "pass_to", "player": "B-09"},
    ]
    m, ev = play(m, (0, {"type": "decline"}))
    assert kinds(ev, "so_action") == [
        {"event": "so_action", "kind": "short_pass", "performed": False}
    ]
    assert m.so_round == 2 and "B-SP1L-a" in m.discards[0] and "R-SP1L-a" in m.discards[1]


def test_7_5_so_ends_without_cards_ball_to_lowest_number_defender_on_equal_numbers():
    rows = (START[0], "R2  B8  B2  R3", START[2], START[3], "B3  R11 R8  .", START[5])
    m = make(rows, "B8", so=True, so_round=1, hands=(["B-DR1L-a"], ["R-SP1L-a", "R-SP2R-a"]))
    m, ev = play(m, (1, card("R-SP1L-a")), (0, NO_MOVE), (1, NO_MOVE))
    assert m.carrier == "B-02" and m.phase == "so_shot"  # dribbling allows a shot at once
    m, ev = play(m, (0, {"type": "hold"}))
    assert kinds(ev, "scoring_opportunity_ended")[0]["ball_to"] == "R-02"
    assert m.carrier == "R-02" and not m.so and m.phase == "play" and m.attacker == 1
    assert [len(h) for h in m.hands] == [3, 3]


# --- §8 Shooting / §9 Restarts -----------------------------------------------------------------------


def shot_state(rows, carrier, shot_card, *top):
    m = make(rows, carrier, so=True, hands=(["B-SP1L-a"], RED_HAND), piles=(None, red_pile(*top)))
    return start_shot(m, shot_card, penalty=False, ev=[])


def parry(rows, carrier="B8"):
    m = shot_state(rows, carrier, "B-LB2L-a", "R-SP2L-b", "R-SP3L-a")
    return play(
        m,
        (0, {"type": "shooting_card", "card": "SH-LB-L"}),
        (1, {"type": "keeper_card", "card": "R-GK-C"}),
        (1, {"type": "save_draw"}),
        (1, {"type": "save_draw"}),
    )


def test_8_5_parry_ball_to_nearest_number_defender_first():
    m, ev = parry(
        ("B4  B8  R6  .", "R2  .   B11 R3", "B10 R7  .   B9", *START[3:5], ".   .   B5  .")
    )
    assert kinds(ev, "shot_result")[0] == {
        "event": "shot_result",
        "team": 0,
        "outcome": "parry",
        "save": 5,
        "power": 5,
    }
    assert m.carrier == "R-06" and m.phase == "play" and not m.so
    assert [len(h) for h in m.hands] == [3, 3]


def test_8_5_parry_to_an_attacker_starts_a_new_so():
    m, ev = parry(("B5  B8  R4  .", "R2  .   B11 R3", *START[2:5], ".   B4  .   ."))
    assert m.carrier == "B-05" and m.so and kinds(ev, "scoring_opportunity")


def test_f8_parry_with_an_empty_final_line_is_a_save():
    rows = (".   .   .   .", "R2  B8  B11 R3", *START[2:])
    m = shot_state(rows, "B8", "B-LB2L-a", "R-SP2L-b", "R-SP3L-a")
    m, ev = play(
        m,
        (0, {"type": "shooting_card", "card": "SH-LB-L"}),
        (1, {"type": "keeper_card", "card": "R-GK-C"}),
        (1, {"type": "save_draw"}),
        (1, {"type": "save_draw"}),
        (1, {"type": "stop"}),
    )
    assert kinds(ev, "shot_result")[0]["outcome"] == "parry"
    assert m.phase == "goal_kick_kicker" and m.attacker == 1


GK_HAND = ["R-LB1L-a", "R-SP1L-a", "R-DR1L-a"]


@pytest.mark.parametrize(
    ("rows", "kick", "receiver"),
    [
        (START, "R-LB1L-a", "R-06"),
        (START, "R-SP1L-a", "R-02"),
        (START, "R-DR1L-a", "R-04"),
        ((".   B4  R4  .", *START[1:]), "R-DR1L-a", "B-04"),  # equal numbers: non-kicking team
        ((".   .   .   .", *START[1:]), "R-DR1L-a", "R-02"),  # F6: next line
    ],
)
def test_9_1_goal_kick_destination_line_and_lowest_number(rows, kick, receiver):
    m = make(rows, "", phase="goal_kick_kicker", attacker=1, hands=(BLUE_HAND, GK_HAND))
    m, ev = play(m, (1, NO_MOVE), (0, NO_MOVE), (1, card(kick)))
    assert kinds(ev, "goal_kick_taken")[0]["ball_to"] == receiver == m.carrier
    assert len(m.hands[1]) == 3 and kick in m.discards[1] and m.phase == "play"


def test_9_1_second_mover_may_not_swap_with_the_player_just_moved():
    m = make(START, "", phase="goal_kick_kicker", attacker=1, hands=(BLUE_HAND, GK_HAND))
    m, _ = play(m, (1, move("R7", "forward")))
    assert where(m, "R7") == (3, 2) and where(m, "B6") == (4, 2)
    legal = GAME.legal_actions(m, 0)
    assert move("B6", "back") not in legal and move("B6", "forward") in legal


# --- §10 Fallbacks ------------------------------------------------------------------------------------


def test_f1_interception_with_no_defender_in_the_line_goes_to_the_nearest_line():
    rows = (*START[:3], ".   B6  .   .", *START[4:])
    m, _ev = short_turn(
        make(rows, "B6", hands=(BLUE_HAND, ["R-SP4L-a", *RED_HAND[1:]])), "B-SP1L-a", "R-SP4L-a"
    )
    assert m.carrier == "R-06"  # lines 2 and 4 equally near: line 4 is nearer red's goal


F2_ROWS = (".   R5  R4  .", ".   .   .   .", "B10 R7  R6  B9", ".   B6  .   .", *START[4:])
LB_HAND = ["B-LB4L-a", "B-LB1L-a", "B-LB2L-a"]
SP_HAND = ["R-SP1L-a", "R-SP4L-a", "R-SP2L-a"]


@pytest.mark.parametrize(
    ("blue", "red", "carrier", "fouled"),
    [
        ("B-LB4L-a", "R-SP1L-a", "B-06", False),  # F3
        ("B-LB1L-a", "R-SP4L-a", "R-04", False),  # F2
        ("B-LB2L-a", "R-SP2L-a", "B-06", True),  # F5 + F3
    ],
)
def test_f2_f3_f5_long_ball_into_an_empty_line(blue, red, carrier, fouled):
    m, _ = short_turn(make(F2_ROWS, "B6", hands=(LB_HAND, SP_HAND)), blue, red)
    assert GAME.legal_actions(m, 0) == [
        {"type": "destination", "line": 5},
        {"type": "destination", "line": 6},
    ]
    m, ev = play(m, (0, {"type": "destination", "line": 5}))
    assert m.carrier == carrier
    assert kinds(ev, "yellow_card") == (
        [{"event": "yellow_card", "team": 1, "player": "R-04"}] if fouled else []
    )


def test_f4_dribbling_from_the_final_line_wins_without_moving():
    rows = ("B10 R5  R4  .", START[1], ".   R7  R6  B9", *START[3:])
    m = make(rows, "B10", hands=(["B-DR1L-a", *BLUE_HAND[:2]], RED_HAND))
    m, ev = short_turn(m, "B-DR1L-a", "R-SP1L-a")
    assert kinds(ev, "dribbled")[0]["result"] == "no_field" and where(m, "B10") == (6, 1)
    assert m.so


def test_f7_long_ball_past_the_final_line_is_clamped_and_not_asked():
    m = make(START, "B10", hands=(["B-LB4L-a", *BLUE_HAND[:2]], RED_HAND))
    m, ev = short_turn(m, "B-LB4L-a", "R-SP1L-a")
    assert kinds(ev, "contest")[0]["line"] == 6 and m.carrier == "R-04"


def test_f9_kickoff_without_no_6():
    m = make(rows=(*START[:2], "B10 R7  .   B9", *START[3:]), off=["R-06"])
    assert pitch.kickoff_player(m, 1) == "R-07"
    m = make(rows=(*START[:2], "B10 .   .   B9", *START[3:]), off=["R-06", "R-07"])
    assert pitch.kickoff_player(m, 1) == "R-02"


def test_f10_an_empty_hand_draws_before_step_1():
    m = make(hands=([], RED_HAND))
    ev = []
    m = start_turn(m, ev)
    assert len(m.hands[0]) == 3 and kinds(ev, "cards_drawn")[0]["team"] == 0


def kick_state(shootout, hand):
    blue_pile = [c for c in DECKS[0] if c not in ("B-SP4L-a", "B-SP4R-a")] + [
        "B-SP4R-a",
        "B-SP4L-a",
    ]
    return make(
        START,
        "",
        phase="kick",
        half=4,
        attacker=1,
        hands=([], hand),
        piles=(blue_pile, None),
        shootout=shootout,
    )


def red_kick(m, shooting, keeper, *draws):
    m, ev = play(
        m,
        (1, {"type": "kick", "card": m.hands[1][0]}),
        (1, {"type": "shooting_card", "card": shooting}),
        (0, {"type": "keeper_card", "card": keeper}),
        *draws,
    )
    return m, ev


def test_f12_shootout_valve_coin_toss_after_100_level_sudden_death_pairs():
    so = Shootout(first=0, kicker=1, goals=(60, 60), taken=(105, 104), pairs=99)
    m, ev = red_kick(
        kick_state(so, ["R-SP1L-a"]),
        "SH-SP-L",
        "B-GK-L",
        (0, {"type": "save_draw"}),
        (0, {"type": "stop"}),
    )
    assert kinds(ev, "shot_result")[0]["outcome"] == "save"
    assert [e["purpose"] for e in kinds(ev, "coin_toss")] == ["shootout_valve"]
    assert m.phase == "over" and GAME.result(m)["shootout"] == [60, 60]


def test_4_6_shootout_stops_once_one_side_cannot_catch_up():
    so = Shootout(first=0, kicker=1, goals=(3, 0), taken=(3, 2))
    m, _ = red_kick(
        kick_state(so, ["R-SP1L-a", "R-SP2L-a"]),
        "SH-SP-L",
        "B-GK-L",
        (0, {"type": "save_draw"}),
        (0, {"type": "stop"}),
    )
    assert GAME.result(m) == {
        "winners": [0],
        "score": [0, 0],
        "draw": False,
        "shootout": [3, 0],  # apart from the stats: the shoot-out's kicks are no shots there
        "stats": {
            name: [0, 0] for name in ("goals", "shots", "saves", "chances", "fouls", "sent_off")
        },
    }


def test_4_6_sudden_death_pair_decides():
    so = Shootout(first=0, kicker=1, goals=(5, 5), taken=(6, 5))
    m, ev = red_kick(kick_state(so, ["R-SP1L-a", "R-SP2L-a"]), "SH-SP-R", "B-GK-L")
    assert kinds(ev, "shot_cards_revealed")[0]["allowance"] == 0
    assert GAME.result(m)["winners"] == [1] and GAME.result(m)["shootout"] == [5, 6]


def test_f13_valve_ends_the_half_where_an_so_would_start():
    rows = ("B10 R5  R4  .", START[1], ".   R7  R6  B9", *START[3:])
    m = make(rows, "B8", hands=(BLUE_HAND, RED_HAND), exhausted=[True, True], valve=20)
    m, ev = short_turn(m)
    assert not kinds(ev, "scoring_opportunity") and m.half == 2


# --- §11 Decisions, §12 Chance, §13 Views, §14 Options -------------------------------------------------


def test_11_illegal_actions_change_nothing():
    m = make(hands=(BLUE_HAND, RED_HAND))
    before = GAME.dump(m)
    with pytest.raises(IllegalAction):
        GAME.apply(m, 0, card("B-SP3L-a"))
    with pytest.raises(IllegalAction):
        GAME.apply(m, 0, {"type": "shoot"})
    assert GAME.dump(m) == before
    m, _ = GAME.apply(m, 0, card("B-SP4L-a"))
    assert GAME.legal_actions(m, 0) == []


def test_12_chance_events_are_logged_without_secret_cards():
    state, events = rules.new(GAME.modes["match"].defaults(), 9)
    names = [e["event"] for e in events]
    assert names[:2] == ["coin_toss", "deck_shuffled"] and names.count("cards_drawn") == 2
    hands = {*state.hands[0], *state.hands[1]}
    assert not any(c in repr(events) for c in hands)


def test_13_views_hide_hands_and_piles():
    state = GAME.new("match", {}, 2, 4)
    spectator = view(GAME, state, None)
    assert spectator.private is None
    for seat in (0, 1):
        v = view(GAME, state, seat)
        assert v.public == spectator.public
        assert [c["id"] for c in v.private["hand"]] == list(state.hands[seat])
        other = {*state.hands[1 - seat], *state.piles[1 - seat]}
        assert not any(c in repr(v) for c in other)
    assert view(GAME, state, REVEAL).private["hands"][1][0]["id"] == state.hands[1][0]
    assert spectator.public["score"] == [0, 0] and spectator.public["hand_sizes"] == [3, 3]


def test_14_options():
    with pytest.raises(BadOptions):
        GAME.new("match", {"team_blue": "XXX"}, 2, 1)
    with pytest.raises(BadOptions):
        GAME.new("match", {"teams": "BRA"}, 2, 1)
    m = make(hands=(BLUE_HAND, RED_HAND), options={"move_required": True})
    m, _ = play(m, (0, card("B-SP4L-a")), (1, card("R-SP1L-a")))
    legal = GAME.legal_actions(m, 0)
    assert NO_MOVE not in legal and legal


def test_3_1_team_frames():
    assert [pitch.own_line(1, line) for line in (1, 6)] == [6, 1]
    assert [pitch.own_col(1, col) for col in (1, 4)] == [4, 1]
    assert pitch.forward(0) == 1 and pitch.forward(1) == -1


def test_7_4_no_shot_outside_the_final_two_lines():
    m = make(START, "B9", so=True, so_round=1, hands=(["B-DR1R-a", "B-SP1L-a"], RED_HAND[:2]))
    m, ev = play(m, (0, card("B-DR1R-a")), (1, card("R-SP1L-a")), (0, NO_MOVE), (1, NO_MOVE))
    assert kinds(ev, "so_action")[0]["performed"] and m.carrier == "B-10"
    assert m.so_round == 2 and m.phase != "so_shot"


@pytest.mark.parametrize(
    ("target", "covers", "overlay"),
    [("L", "L", 1), ("L", "C", 0), ("L", "R", -1), ("C", "C", 1), ("C", "R", 0), ("R", "L", -1)],
)
def test_8_3_keeper_overlay(target, covers, overlay):
    assert overlay_of(target, covers) == overlay

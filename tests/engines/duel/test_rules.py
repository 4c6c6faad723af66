"""One test per rule of docs/rules/duel.md: a literal state in, the state and events out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.games.base import IllegalAction, NotYourTurn, view
from app.games.duel import GAME
from app.games.duel.arrange import refill
from app.games.duel.cards import compare, deck, value_of
from app.games.duel.rules import apply, legal_actions, to_act
from app.games.duel.state import Counts, Kicker, Options, Phase, Side, State
from tests.engines.duel.helpers import Team, make, side, values

FULL_PILE = [5] * 3 + [6] * 3 + [7] * 3  # enough for any refill in these tests


def challenge(state: State, card_value: int, slot: int) -> tuple[State, list[dict]]:
    seat = state.ball
    card = next(c for c in state.sides[seat].hand if value_of(c) == card_value)
    return apply(state, seat, {"type": "challenge", "card": card, "slot": slot})


def kinds(events: list[dict]) -> list[str]:
    return [e["event"] for e in events]


# --- Components and the duel -------------------------------------------------------------------


@pytest.mark.parametrize("copies", [2, 3, 4])
def test_deck_holds_copies_of_each_value_with_unique_ids(copies: int) -> None:
    cards = deck(0, copies)
    assert len(cards) == len(set(cards)) == 11 * copies
    assert sorted({value_of(c) for c in cards}) == list(range(1, 12))
    assert "A-07b" in cards and "B-07b" in deck(1, copies)


def test_higher_value_wins_and_equal_values_tie() -> None:
    assert compare(9, 7) == 1
    assert compare(7, 9) == -1
    assert compare(6, 6) == 0


@pytest.mark.parametrize(
    ("attack", "defence", "outcome"), [(1, 11, "attack_wins"), (11, 1, "defence_wins")]
)
def test_one_beats_eleven_whichever_side_holds_it(attack: int, defence: int, outcome: str) -> None:
    state = make(side(0, hand=[attack, 4]), side(1, chain=[defence, 3, 3, 3, 3, 3], pile=FULL_PILE))
    _, events = challenge(state, attack, 1)
    assert events[0]["outcome"] == outcome


# --- Set-up ------------------------------------------------------------------------------------


def test_setup_deals_six_face_down_in_the_chain_and_five_in_hand() -> None:
    state = GAME.new("match", {}, 2, seed=3)
    for s in state.sides:
        assert len(s.chain_cards) == 6 and len(s.hand) == 5 and len(s.pile) == 22
    public = view(GAME, state, 0).public
    assert public["players"][1]["chain"] == [{"id": None, "back": "B"}] * 6
    assert len(view(GAME, state, 0).private["hand"]) == 5


def test_a_coin_toss_decides_who_has_the_ball_first() -> None:
    starters = {GAME.new("match", {}, 2, seed).kick_off for seed in range(12)}
    assert starters == {0, 1}
    state = GAME.new("match", {}, 2, seed=5)
    assert (
        state.ball == state.kick_off and view(GAME, state, None).public["possession"] == state.ball
    )


def test_second_half_reshuffles_everything_and_the_other_team_kicks_off() -> None:
    # half 1 ends: after this shot both sides hold fewer than 11 and the piles are empty
    state = make(side(0, hand=[9]), side(1, hand=[2], pile=[3]), phase=Phase.SHOT, kick_off=0)
    state, events = apply(state, 0, {"type": "shoot", "card": state.sides[0].hand[0]})
    assert kinds(events)[-2:] == ["half_ended", "half_started"]
    assert state.half == 2 and state.ball == 1 and state.phase == Phase.CHALLENGE
    assert all(
        len(s.hand) == 5 and len(s.chain_cards) == 6 and len(s.pile) == 22 for s in state.sides
    )
    assert state.score == (1, 0)  # goals add up over the halves


# --- An attack ---------------------------------------------------------------------------------


def test_a_challenge_may_pick_any_occupied_slot_of_the_opponent_chain() -> None:
    state = make(side(0, hand=[9, 4]), side(1, chain=[5, None, 6, None, 7, 8]))
    slots = {a["slot"] for a in legal_actions(state, 0)}
    assert slots == {1, 3, 5, 6}
    assert legal_actions(state, 1) == []


def test_duel_reveals_both_cards_sets_them_aside_and_empties_the_slot() -> None:
    state = make(side(0, hand=[9, 4, 4]), side(1, chain=[5, 6, 7, 8, 2, 3], pile=FULL_PILE))
    state, events = challenge(state, 9, 3)
    assert events[0] == {
        "event": "duel",
        "attacker": 0,
        "attack_card": {"id": "A-09a", "value": 9},
        "defence_card": {"id": "B-07a", "value": 7},
        "slot": 3,
        "outcome": "attack_wins",
        "text": "P1's 9 beats P2's 7 in slot 3",
    }
    assert state.sides[1].chain[2] is None
    assert state.sides[0].set_aside == ("A-09a",) and state.sides[1].set_aside == ("B-07a",)


def test_after_a_won_duel_the_attack_must_challenge_the_nearest_occupied_slot() -> None:
    state = make(
        side(0, hand=[9, 4, 4]), side(1, chain=[5, None, 7, None, None, 8], pile=FULL_PILE)
    )
    state, _ = challenge(state, 9, 3)
    assert state.wins == 1 and state.phase == Phase.CHALLENGE
    assert {a["slot"] for a in legal_actions(state, 0)} == {1}  # slot 1 at 2, slot 6 at 3


def test_the_attacker_chooses_between_two_equally_near_slots() -> None:
    state = make(side(0, hand=[9, 4]), side(1, chain=[5, None, 7, None, 8, 8], pile=FULL_PILE))
    state, _ = challenge(state, 9, 3)
    assert {a["slot"] for a in legal_actions(state, 0)} == {1, 5}


def test_the_second_won_duel_earns_a_shot() -> None:
    state = make(side(0, hand=[9, 8, 4]), side(1, chain=[5, 6, 7, 2, 2, 2], pile=FULL_PILE))
    state, _ = challenge(state, 9, 1)
    state, events = challenge(state, 8, 2)
    assert state.wins == 2 and state.phase == Phase.SHOT
    assert kinds(events) == ["duel", "shot_earned"]
    assert legal_actions(state, 0) == [{"type": "shoot", "card": "A-04a"}]


def test_a_tie_between_the_two_wins_does_not_reset_the_count() -> None:
    state = make(side(0, hand=[9, 6, 8, 4]), side(1, chain=[5, 6, 7, 2, 2, 2], pile=FULL_PILE))
    state, _ = challenge(state, 9, 1)
    state, events = challenge(state, 6, 2)
    assert events[0]["outcome"] == "tie" and state.wins == 1
    assert {a["slot"] for a in legal_actions(state, 0)} == {3}  # nearest to the tied slot 2
    state, _ = challenge(state, 8, 3)
    assert state.phase == Phase.SHOT


def test_a_tie_continues_against_the_nearest_slot_to_the_tied_one() -> None:
    state = make(side(0, hand=[6, 4]), side(1, chain=[2, None, None, 6, None, 3], pile=FULL_PILE))
    state, events = challenge(state, 6, 4)
    assert events[0]["text"] == "P1's 6 ties with P2's 6 in slot 4"
    assert state.ball == 0 and state.wins == 0
    assert {a["slot"] for a in legal_actions(state, 0)} == {6}


def test_a_defence_win_ends_the_possession_and_the_ball_changes_team() -> None:
    state = make(
        side(0, hand=[3, 9], pile=FULL_PILE), side(1, chain=[8, 2, 2, 2, 2, 2], pile=FULL_PILE)
    )
    state, events = challenge(state, 3, 1)
    assert events[0]["text"] == "P2's 8 stops P1's 3 in slot 1"
    assert kinds(events) == ["duel", "refilled", "refilled", "turn_switched"]
    assert state.ball == 1 and state.phase == Phase.ARRANGE


def test_an_attack_with_an_empty_hand_ends_in_a_throw_in() -> None:
    state = make(
        side(0, hand=[6], pile=FULL_PILE), side(1, chain=[6, 2, 2, 2, 2, 2], pile=FULL_PILE)
    )
    state, events = challenge(state, 6, 1)
    assert kinds(events)[:2] == ["duel", "throw_in"]
    assert events[1]["seat"] == 1 and events[1]["reason"] == "no_attacker"
    assert state.ball == 1


def test_an_attack_against_an_empty_chain_earns_a_shot() -> None:
    state = make(
        side(0, hand=[9, 4]), side(1, chain=[5, None, None, None, None, None], pile=FULL_PILE)
    )
    state, events = challenge(state, 9, 1)
    assert state.wins == 1 and state.phase == Phase.SHOT
    assert kinds(events) == ["duel", "shot_earned"]


def test_all_challenges_tied_and_the_chain_used_up_is_a_throw_in() -> None:
    # "An attack" 4 (seed): every challenge of the possession tied, nothing left to challenge
    state = make(
        side(0, hand=[6, 4, 9], pile=FULL_PILE * 2),
        side(1, chain=[6, 4, None, None, None, None], pile=FULL_PILE * 2),
    )
    state, _ = challenge(state, 6, 1)
    state, events = challenge(state, 4, 2)
    assert events[0]["outcome"] == "tie" and "shot_earned" not in kinds(events)
    assert events[1] == {
        "event": "throw_in",
        "seat": 1,
        "reason": "all_tied",
        "text": "Throw-in: the ball goes to P2",
    }
    assert state.ball == 1 and state.phase == Phase.ARRANGE and state.score == (0, 0)


def test_a_won_duel_then_a_tie_that_uses_up_the_chain_earns_a_shot() -> None:
    # "An attack" 4 (designed): one won challenge is enough once the chain is empty
    state = make(side(0, hand=[9, 4, 8]), side(1, chain=[5, 4, None, None, None, None], pile=[9]))
    state, _ = challenge(state, 9, 1)
    state, events = challenge(state, 4, 2)
    assert events[0]["outcome"] == "tie" and state.wins == 1
    assert kinds(events) == ["duel", "shot_earned"] and state.phase == Phase.SHOT


def _after_arranging(attacker: Side, defender: Side) -> tuple[State, list[dict]]:
    """Both say done after a turn switch: the possession of seat 0 starts."""
    state = make(attacker, defender, phase=Phase.ARRANGE)
    state, _ = apply(state, 1, {"type": "done"})
    return apply(state, 0, {"type": "done"})


def test_a_possession_that_starts_with_an_empty_hand_is_a_throw_in() -> None:
    # a short squad (6 cards or fewer) sits all in the chain: nothing to attack with
    state, events = _after_arranging(
        side(0, chain=[7, 7, 7, 7, 7, 7]),
        side(1, hand=[5] * 5, chain=[5] * 6, pile=FULL_PILE),
    )
    assert kinds(events)[1:3] == ["throw_in", "refilled"]
    assert events[1]["seat"] == 1 and events[1]["reason"] == "no_attacker"
    assert state.ball == 1 and state.phase == Phase.ARRANGE and state.possessions == 2


def test_a_possession_that_starts_against_an_empty_chain_earns_a_shot_at_an_empty_goal() -> None:
    # the defender holds no card at all: the attack shoots at once, and any attacker scores
    state, events = _after_arranging(side(0, hand=[2] * 5, chain=[5] * 6, pile=FULL_PILE), side(1))
    assert kinds(events)[1:] == ["shot_earned"]
    assert state.phase == Phase.SHOT and to_act(state) == frozenset({0})
    state, events = apply(state, 0, {"type": "shoot", "card": "A-02a"})
    assert events[0]["keeper_card"] is None and state.score == (1, 0)


# --- Shots ---------------------------------------------------------------------------------------


def test_a_shot_beating_the_goalkeeper_from_the_top_of_the_pile_is_a_goal() -> None:
    defender = side(1, hand=[2] * 5, chain=[2] * 6, pile=[9, *FULL_PILE])
    state = make(side(0, hand=[10], pile=FULL_PILE), defender, phase=Phase.SHOT)
    state, events = apply(state, 0, {"type": "shoot", "card": "A-10a"})
    assert events[0]["keeper_card"] == {"id": "B-09a", "value": 9}
    assert events[1] == {"event": "goal", "seat": 0, "score": [1, 0], "text": "Goal!"}
    assert state.score == (1, 0) and state.ball == 1
    assert "B-09a" in state.sides[1].set_aside


@pytest.mark.parametrize("keeper", [9, 10])
def test_a_tied_or_lost_shot_is_a_save(keeper: int) -> None:
    state = make(
        side(0, hand=[9], pile=FULL_PILE), side(1, pile=[keeper, *FULL_PILE]), phase=Phase.SHOT
    )
    state, events = apply(state, 0, {"type": "shoot", "card": "A-09a"})
    assert events[0]["outcome"] == "saved" and "goal" not in kinds(events)
    assert state.score == (0, 0) and state.ball == 1


def test_with_an_empty_pile_the_defender_picks_a_chain_card_as_goalkeeper() -> None:
    state = make(side(0, hand=[9, 8, 4]), side(1, chain=[5, 6, 10, None, None, None]))
    state, _ = challenge(state, 9, 1)
    state, events = challenge(state, 8, 2)
    assert state.phase == Phase.GOALKEEPER and to_act(state) == frozenset({1})
    assert legal_actions(state, 1) == [{"type": "goalkeeper", "card": "B-10a"}]
    state, events = apply(state, 1, {"type": "goalkeeper", "card": "B-10a"})
    assert events[0]["event"] == "goalkeeper_picked" and "value" not in str(events)
    assert view(GAME, state, 0).private["goalkeeper"] is None
    assert view(GAME, state, 1).private["goalkeeper"] == {"id": "B-10a", "value": 10}
    state, events = apply(state, 0, {"type": "shoot", "card": "A-04a"})
    assert events[0]["keeper_card"]["value"] == 10 and events[0]["outcome"] == "saved"


def test_a_shot_without_a_card_left_in_hand_is_lost_as_a_throw_in() -> None:
    state = make(side(0, hand=[9, 8]), side(1, chain=[5, 6, 2, 2, 2, 2], pile=FULL_PILE))
    state, _ = challenge(state, 9, 1)
    state, events = challenge(state, 8, 2)
    assert events[1]["event"] == "throw_in" and events[1]["reason"] == "no_shooter"
    assert state.ball == 1


# --- Turn switch, refill and arrangement -------------------------------------------------------


def test_refill_draws_until_eleven_are_held_or_the_pile_is_empty() -> None:
    full, drawn = refill(
        side(0, hand=[1, 2], chain=[3, None, 4, None, None, 5], pile=[6, 7, 8, 9, 10, 11, 2])
    )
    assert drawn == 6 and full.held == 11 and len(full.pile) == 1
    assert values(full.chain) == [3, 6, 4, 7, 8, 5]  # drawn cards fill the empty slots first
    short, drawn = refill(side(0, hand=[1], chain=[3, None, None, None, None, None], pile=[6]))
    assert drawn == 1 and short.held == 3 and short.pile == ()


def test_the_chain_holds_min_six_cards_held_and_the_hand_the_rest() -> None:
    refilled, _ = refill(side(0, hand=[1, 2, 9, 10], chain=[3, None, None, None, None, None]))
    assert len(refilled.chain_cards) == 5 and len(refilled.hand) == 0
    refilled, _ = refill(side(0, hand=[1, 2, 9, 10, 11], chain=[3, None, None, None, None, None]))
    assert len(refilled.chain_cards) == 6 and len(refilled.hand) == 0


def test_both_arrange_at_the_same_time_and_neither_sees_the_other() -> None:
    state = make(
        side(0, hand=[1, 2, 3, 4, 5], chain=[6, 7, 8, 9, 10, None]),
        side(1, hand=[1, 2, 3, 4, 5], chain=[6, 7, 8, 9, 10, 11]),
        phase=Phase.ARRANGE,
    )
    assert to_act(state) == frozenset({0, 1})
    before = view(GAME, state, 1).public
    state, events = apply(state, 0, {"type": "swap", "slots": [5, 6]})  # moves the 10 to slot 6
    state, events2 = apply(state, 0, {"type": "swap", "card": "A-01a", "slot": 1})
    assert events == events2 == []
    assert view(GAME, state, 1).public == before  # slot occupancy stays as it was
    mine = view(GAME, state, 0).private
    assert [c and c["value"] for c in mine["chain"]] == [1, 7, 8, 9, None, 10]
    assert [c["value"] for c in mine["hand"]] == [6, 2, 3, 4, 5]


def test_each_swap_is_legal_until_done_and_the_possession_starts_after_both_are_done() -> None:
    state = make(
        side(0, hand=[1, 2], chain=[6, 7, None, None, None, None]),
        side(1, hand=[1, 2, 3, 4, 5], chain=[6, 7, 8, 9, 10, 11]),
        phase=Phase.ARRANGE,
        ball=1,
    )
    legal = legal_actions(state, 0)
    assert len(legal) == 2 * 2 + (15 - 6) + 1  # hand×occupied, slot pairs not both empty, done
    state, events = apply(state, 0, {"type": "done"})
    assert events == [{"event": "arranged", "seat": 0, "text": "P1 is ready"}]
    assert to_act(state) == frozenset({1}) and legal_actions(state, 0) == []
    state, _ = apply(state, 1, {"type": "done"})
    assert state.phase == Phase.CHALLENGE and to_act(state) == frozenset({1})


# --- End of a half, of the match ---------------------------------------------------------------


def test_a_half_ends_when_neither_player_can_hold_five_attackers() -> None:
    state = make(
        side(0, hand=[3, 9], chain=[2, 2, 2, 2, 2, 2], pile=[4, 4]),
        side(1, hand=[5, 5, 5, 5, 5], chain=[8, 2, 2, 2, 2, 2]),
        options=Options(halves=1),
    )
    state, events = challenge(state, 3, 1)
    assert kinds(events)[-2:] == ["half_ended", "full_time"]
    assert state.phase == Phase.OVER and GAME.result(state)["draw"] is True


def test_play_goes_on_when_only_one_player_is_short() -> None:
    state = make(
        side(0, hand=[3, 9], chain=[2, 2, 2, 2, 2, 2]),
        side(1, hand=[5, 5, 5, 5, 5], chain=[8, 2, 2, 2, 2, 2], pile=FULL_PILE),
        options=Options(halves=1),
    )
    state, _ = challenge(state, 3, 1)
    assert state.phase == Phase.ARRANGE and state.sides[0].held == 7


def _end_of_regulation(score: tuple[int, int], options: Options) -> tuple[State, list[dict]]:
    state = make(
        side(0, hand=[3]), side(1, chain=[8, None, None, None, None, None]), options=options
    )
    state = replace(state, half=options.halves, score=score, counts=Counts(shots=score))
    return challenge(state, 3, 1)


def test_a_level_match_is_a_draw_by_default() -> None:
    state, _ = _end_of_regulation((1, 1), Options())
    assert GAME.result(state) == {
        "winners": [],
        "draw": True,
        "score": [1, 1],
        "shootout": None,
        "possessions": 1,
        "stats": {
            "goals": [1, 1],
            "shots": [1, 1],
            "saves": [0, 0],
            "duels": [0, 1],  # the defence's 8 stopped the 3
            "attacks": [0, 0],
        },
    }


def test_the_team_with_more_goals_wins() -> None:
    state, events = _end_of_regulation((2, 1), Options(extra_time=True, shootout=True))
    assert GAME.result(state)["winners"] == [0]
    assert events[-1]["event"] == "full_time" and events[-1]["winners"] == [0]


def test_a_level_match_goes_to_extra_time_with_a_coin_toss_for_the_ball() -> None:
    state, events = _end_of_regulation((1, 1), Options(extra_time=True))
    assert kinds(events)[-3:] == ["half_ended", "coin_toss", "half_started"]
    assert state.half == 3 and events[-1]["extra_time"] is True
    assert state.ball == events[-2]["seat"] and view(GAME, state, None).public["extra_time"]


def test_extra_time_still_level_goes_to_the_shootout() -> None:
    state = make(side(0, hand=[3]), side(1, chain=[8, None, None, None, None, None]))
    state = replace(state, options=Options(extra_time=True, shootout=True), half=3)
    state, events = challenge(state, 3, 1)
    assert state.phase == Phase.SHOOTOUT_SETUP and kinds(events)[-1] == "shootout_started"


def test_a_level_match_goes_to_the_shootout_when_chosen() -> None:
    state, _ = _end_of_regulation((0, 0), Options(shootout=True))
    assert state.phase == Phase.SHOOTOUT_SETUP and state.shootout is not None
    for kicker in state.shootout:
        assert len(kicker.pool) == 5 and len(kicker.takers) == 7 and len(kicker.pile) == 33 - 12


# --- Penalty shoot-out ---------------------------------------------------------------------------


def test_shootout_setup_orders_five_keepers_and_drops_two_of_seven_takers() -> None:
    state, _ = _end_of_regulation((0, 0), Options(shootout=True))
    assert state.shootout is not None
    pool = state.shootout[0].pool
    for card in pool[:4]:
        state, events = apply(state, 0, {"type": "order_keeper", "card": card})
    assert state.shootout[0].keepers == pool  # the last one takes the last place
    takers = state.shootout[0].takers
    state, _ = apply(state, 0, {"type": "drop_taker", "card": takers[0]})
    state, events = apply(state, 0, {"type": "drop_taker", "card": takers[1]})
    assert events == [{"event": "shootout_ready", "seat": 0, "text": "P1 is ready"}]
    assert state.shootout[0].takers == takers[2:] and to_act(state) == frozenset({1})
    assert (
        view(GAME, state, 1).public["shootout"]["players"][0]["keepers"]
        == [{"id": None, "back": "A"}] * 5
    )


def _penalties(shooter: int = 0, pile: tuple[list[int], list[int]] = ([], [])) -> State:
    a, b = Team(0), Team(1)
    kickers = (
        Kicker(keepers=a.cards([6] * 5), takers=a.cards([7] * 3 + [4] * 2), pile=a.cards(pile[0])),
        Kicker(keepers=b.cards([6] * 5), takers=b.cards([4] * 5), pile=b.cards(pile[1])),
    )
    state = make(side(0), side(1), phase=Phase.PENALTY)
    return replace(
        state, shootout=kickers, shooter=shooter, first_shooter=shooter, sides=(side(0), side(1))
    )


def test_a_penalty_duels_the_next_goalkeeper_in_the_opponents_order() -> None:
    state = _penalties()
    assert to_act(state) == frozenset({0})
    state, events = apply(state, 0, {"type": "penalty", "card": "A-07a"})
    assert events[0]["keeper"] == {"id": "B-06a", "value": 6} and events[0]["outcome"] == "goal"
    assert state.shooter == 1 and state.shootout is not None
    assert view(GAME, state, None).public["shootout"]["goals"] == [1, 0]
    state, events = apply(state, 1, {"type": "penalty", "card": "B-04a"})
    assert events[0]["keeper"]["id"] == "A-06a" and events[0]["outcome"] == "saved"


def _shoot_all(state: State) -> tuple[State, list[dict]]:
    events: list[dict] = []
    while state.phase == Phase.PENALTY:
        seat = state.shooter
        state, new = apply(state, seat, legal_actions(state, seat)[0])
        events += new
    return state, events


def test_after_five_kicks_each_the_most_goals_wins_the_shootout() -> None:
    state, events = _shoot_all(_penalties())
    assert [e["event"] for e in events].count("penalty") == 10
    assert GAME.result(state) == {
        "winners": [0],
        "draw": False,
        "score": [0, 0],
        "shootout": [3, 0],
        "possessions": 1,
        "stats": {name: [0, 0] for name in ("goals", "shots", "saves", "duels", "attacks")},
    }


def test_still_level_after_five_sudden_death_draws_top_cards_until_one_scores_alone() -> None:
    state = _penalties(pile=([9, 2, 9, 8], [9, 3, 9, 2]))  # keeper first, then taker
    assert state.shootout is not None
    even = replace(state.shootout[0], takers=Team(0).cards([4] * 5))
    state = replace(state, shootout=(even, state.shootout[1]))
    state, events = _shoot_all(state)
    sudden = [e for e in events if e.get("sudden_death")]
    # round 1: A's 2 vs keeper 9 saved, B's 3 vs keeper 9 saved; round 2: A's 8 vs 9 saved,
    # B's 2 vs 9 saved; piles empty → coin toss
    assert [e["outcome"] for e in sudden] == ["saved"] * 4
    assert kinds(events)[-2:] == ["coin_toss", "full_time"]
    assert GAME.result(state)["winners"] == [events[-2]["seat"]]


def test_sudden_death_ends_when_one_scores_and_the_other_does_not() -> None:
    state = _penalties(shooter=1, pile=([9, 10], [5, 2]))
    assert state.shootout is not None
    even = replace(state.shootout[0], takers=Team(0).cards([4] * 5))
    state = replace(state, shootout=(even, state.shootout[1]))
    state, events = _shoot_all(state)
    sudden = [e for e in events if e.get("sudden_death")]
    assert [(e["seat"], e["outcome"]) for e in sudden] == [(1, "saved"), (0, "goal")]
    assert GAME.result(state)["winners"] == [0]


# --- Errors ------------------------------------------------------------------------------------


def test_bad_actions_raise_and_change_nothing() -> None:
    state = make(side(0, hand=[9, 4]), side(1, chain=[5, 6, 7, 8, 2, 3], pile=FULL_PILE))
    dumped = GAME.dump(state)
    with pytest.raises(NotYourTurn):
        apply(state, 1, {"type": "challenge", "card": "B-05a", "slot": 1})
    for bad in (
        {"type": "challenge", "card": "A-09a", "slot": 7},
        {"type": "challenge", "card": "A-11a", "slot": 1},
        {"type": "shoot", "card": "A-09a"},
        {"type": "challenge"},
    ):
        with pytest.raises(IllegalAction):
            apply(state, 0, bad)
    arranging = make(
        side(0, hand=[1], chain=[6, None, None, None, None, None]), side(1), phase=Phase.ARRANGE
    )
    for bad in (
        {"type": "swap", "slots": [2, 3]},
        {"type": "swap", "slots": [3, 1]},
        {"type": "swap", "card": "A-01a", "slot": 2},
        {"type": "swap", "card": "A-01a", "slot": True},
        {"type": "swap", "card": "A-06a", "slot": 1},
        {"slots": [1, 2]},
    ):
        with pytest.raises(IllegalAction):
            apply(arranging, 0, bad)
    assert GAME.dump(state) == dumped

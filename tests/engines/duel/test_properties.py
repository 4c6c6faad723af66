"""Random legal play: never raises, conserves the cards, never leaks, always ends, and its
full-time stats agree with the score."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.base import IllegalAction, view
from app.games.duel import GAME
from app.games.duel.cards import Card, deck
from app.games.duel.state import Phase, State
from tests.engines.duel.play import Match, hasty

options = st.fixed_dictionaries(
    {
        "copies": st.sampled_from([2, 3, 4]),
        "halves": st.sampled_from([1, 2]),
        "extra_time": st.booleans(),
        "shootout": st.booleans(),
    }
)


def places(state: State, seat: int) -> list[Card]:
    """Every card of one team, from every place it can be (pending arrangements excluded)."""
    side = state.sides[seat]
    cards = [*side.pile, *side.hand, *side.chain_cards, *side.set_aside]
    if state.keeper is not None and seat != state.ball:
        cards.append(state.keeper)
    if state.shootout is not None:
        k = state.shootout[seat]
        cards += [*k.pile, *k.pool, *k.keepers, *k.takers, *k.dropped, *k.used]
    return cards


def own_secrets(state: State, seat: int) -> set[Card]:
    """The hidden cards that `seat` itself may see."""
    side = state.sides[seat]
    mine = {*side.hand, *side.chain_cards}
    if state.arranging is not None:
        mine |= {*state.arranging[seat].hand, *(c for c in state.arranging[seat].chain if c)}
    if state.keeper is not None and seat != state.ball:
        mine.add(state.keeper)
    if state.shootout is not None:
        k = state.shootout[seat]
        mine |= {*k.pool, *k.keepers, *k.takers, *k.dropped}
    return mine


def revealed(state: State) -> set[Card]:
    cards = {c for side in state.sides for c in side.set_aside}
    if state.shootout is not None:
        cards |= {c for k in state.shootout for c in k.used}
    return cards


def ids_in(data: Any) -> set[str]:
    """Every card id anywhere in a JSON value; a card without an id must show no face."""
    found: set[str] = set()
    if isinstance(data, dict):
        if "id" in data:
            if data["id"] is None:
                assert set(data) == {"id", "back"}, data
            else:
                found.add(data["id"])
        for value in data.values():
            found |= ids_in(value)
    elif isinstance(data, list):
        for value in data:
            found |= ids_in(value)
    return found


def check_conservation(state: State) -> None:
    for seat in (0, 1):
        cards = places(state, seat)
        assert Counter(cards) == Counter(deck(seat, state.options.copies)), seat
        if state.arranging is not None:
            pending = state.arranging[seat]
            held = Counter([*pending.hand, *(c for c in pending.chain if c)])
            assert held == Counter([*state.sides[seat].hand, *state.sides[seat].chain_cards])


def check_views(state: State) -> None:
    public = view(GAME, state, None).public
    assert view(GAME, state, None).private is None
    for seat in (0, 1):
        committed = [c is not None for c in state.sides[seat].chain]
        assert [c is not None for c in public["players"][seat]["chain"]] == committed
    for viewer in (0, 1, None):
        seen = view(GAME, state, viewer)
        assert seen.public == public
        allowed = revealed(state) | (own_secrets(state, viewer) if viewer is not None else set())
        shown = ids_in(seen.public) | ids_in(seen.private)
        assert shown <= allowed, (viewer, shown - allowed)


def check_stats(state: State, log: list[dict[str, Any]]) -> None:
    """The full-time stats agree with the match's log: duels won (a tie by nobody), shots,
    goals and saves as its duel and shot events tell them (the shoot-out's penalties are
    other events), goals with the score, and the attacks add up to the possessions."""
    result = GAME.result(state)
    assert result is not None
    counted = {name: [0, 0] for name in ("goals", "shots", "saves", "duels")}
    for event in log:
        if event["event"] == "duel" and event["outcome"] != "tie":
            won = event["outcome"] == "attack_wins"
            counted["duels"][event["attacker"] if won else 1 - event["attacker"]] += 1
        elif event["event"] == "shot":
            shooter = event["attacker"]
            counted["shots"][shooter] += 1
            if event["outcome"] == "goal":
                counted["goals"][shooter] += 1
            else:
                counted["saves"][1 - shooter] += 1
    assert {name: result["stats"][name] for name in counted} == counted
    assert counted["goals"] == result["score"]
    assert sum(result["stats"]["attacks"]) == result["possessions"]


@settings(max_examples=15)
@given(seed=st.integers(0, 2**63), options=options)
def test_random_play_conserves_cards_never_leaks_and_ends(
    seed: int, options: dict[str, Any]
) -> None:
    match = Match(seed, options, (hasty, hasty))
    goals = [0, 0]
    log: list[dict[str, Any]] = []
    state = GAME.new("match", options, 2, seed)
    check_views(state)
    for step in match.steps(limit=20_000):
        log += step.events
        assert not (GAME.to_act(step.state) and GAME.result(step.state))
        check_conservation(step.state)
        check_views(step.state)
        data = GAME.dump(step.state)
        assert GAME.load(json.loads(json.dumps(data))) == step.state
        assert all(now >= before for now, before in zip(step.state.score, goals, strict=True))
        goals = list(step.state.score)
        state = step.state
    assert state.phase == Phase.OVER and GAME.result(state) is not None
    check_stats(state, log)


@settings(max_examples=10)
@given(seed=st.integers(0, 2**63))
def test_apply_never_changes_its_input_and_rejects_actions_of_other_seats(seed: int) -> None:
    for step in Match(seed, {"halves": 1}, (hasty, hasty)).steps():
        state = step.state
        before = GAME.dump(state)
        for seat in (0, 1):
            for action in GAME.legal_actions(state, seat)[:3]:
                GAME.apply(state, seat, action)
            if seat not in GAME.to_act(state):
                assert GAME.legal_actions(state, seat) == []
        for action in [a for a in GAME.legal_actions(state, 1) if "B-" in a.get("card", "")][:1]:
            with pytest.raises(IllegalAction):
                GAME.apply(state, 0, action)  # seat 0 may not play seat 1's cards
        assert GAME.dump(state) == before

"""The bot plays only legal actions, decides from its own view, and beats random play."""

from __future__ import annotations

import random
from dataclasses import replace

from app.games.base import bot_move, view
from app.games.duel import GAME
from app.games.duel.state import Phase, State
from tests.engines.duel.play import Match, bot, uniform


def test_bot_only_returns_legal_actions_through_whole_matches_and_shootouts() -> None:
    phases: set[str] = set()
    for seed in range(6):
        options = {"copies": 2, "halves": 1, "extra_time": True, "shootout": True}
        state = GAME.new("match", options, 2, seed)
        rng = random.Random(seed)
        while GAME.to_act(state):
            for seat in GAME.to_act(state):
                action = bot_move(GAME, state, seat, rng)
                assert action in GAME.legal_actions(state, seat)
            seat = min(GAME.to_act(state))
            action = bot_move(GAME, state, seat, rng)
            assert action is not None
            phases.add(state.phase)
            state, _ = GAME.apply(state, seat, action)
        assert bot_move(GAME, state, 0, rng) is None
    assert {Phase.CHALLENGE, Phase.SHOT, Phase.ARRANGE} <= phases


def _shuffle_hidden(state: State, seat: int) -> State:
    """The same state seen from `seat`: the other team's hidden cards in another order."""
    other = state.sides[1 - seat]
    hidden = [*other.pile, *other.hand, *other.chain_cards]
    hidden.reverse()
    chain = list(other.chain)
    for i, card in enumerate(chain):
        if card is not None:
            chain[i] = hidden.pop()
    hand = tuple(hidden.pop() for _ in other.hand)
    moved = replace(other, chain=tuple(chain), hand=hand, pile=tuple(hidden))
    sides = (state.sides[0], moved) if seat == 0 else (moved, state.sides[1])
    return replace(state, sides=sides)


def test_bot_decides_only_from_what_its_seat_can_see() -> None:
    checked = 0
    for step in Match(4, {}, (bot, uniform)).steps():
        state = step.state
        if 0 not in GAME.to_act(state) or state.arranging is not None:
            continue
        twin = _shuffle_hidden(state, 0)
        assert view(GAME, twin, 0) == view(GAME, state, 0)
        assert bot_move(GAME, twin, 0, random.Random(1)) == bot_move(
            GAME, state, 0, random.Random(1)
        )
        checked += 1
    assert checked > 20


def test_bot_beats_random_play_most_of_the_time() -> None:
    wins = losses = 0
    for seed in range(30):
        seat = seed % 2
        policies = (bot, uniform) if seat == 0 else (uniform, bot)
        winners = GAME.result(Match(seed, {}, policies).final())["winners"]  # type: ignore[index]
        wins += winners == [seat]
        losses += winners == [1 - seat]
    assert wins >= 18 and losses <= 6, (wins, losses)

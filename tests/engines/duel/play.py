"""Whole Football Duel matches for the property, bot and replay tests and the bench."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from app.games.base import Action, Event, bot_move
from app.games.duel import GAME
from app.games.duel.state import Phase, State

Policy = Callable[[State, int, random.Random], Action]


def uniform(state: State, seat: int, rng: random.Random) -> Action:
    """Random legal play: every legal action equally likely."""
    return rng.choice(GAME.legal_actions(state, seat))


def hasty(state: State, seat: int, rng: random.Random) -> Action:
    """Random legal play that says done half of the time it arranges (short matches)."""
    legal = GAME.legal_actions(state, seat)
    if state.phase == Phase.ARRANGE and rng.random() < 0.5:
        return legal[-1]
    return rng.choice(legal)


def bot(state: State, seat: int, rng: random.Random) -> Action:
    action = bot_move(GAME, state, seat, rng)
    assert action is not None
    return action


@dataclass
class Step:
    seat: int
    action: Action
    events: list[Event]
    state: State


@dataclass
class Match:
    seed: int
    options: dict[str, object] = field(default_factory=dict)
    policies: tuple[Policy, Policy] = (uniform, uniform)

    def steps(self, limit: int = 100_000) -> Iterator[Step]:
        """Plays to the end; the lowest seat that is asked acts first."""
        state = GAME.new("match", self.options, 2, self.seed)
        rng = random.Random(self.seed)
        for _ in range(limit):
            acting = GAME.to_act(state)
            if not acting:
                return
            seat = min(acting)
            action = self.policies[seat](state, seat, rng)
            state, events = GAME.apply(state, seat, action)
            yield Step(seat, action, events, state)
        raise AssertionError(f"no end after {limit} actions")

    def final(self) -> State:
        state = GAME.new("match", self.options, 2, self.seed)
        for step in self.steps():
            state = step.state
        return state

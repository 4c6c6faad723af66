"""Literal Football Duel states for the rule tests: cards are given by value."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from app.games.base import Rng
from app.games.duel.cards import TEAMS, Card
from app.games.duel.state import Arrangement, Options, Phase, Side, State


class Team:
    """Hands out unique card ids of one team by value (copy a, b, c, ... in turn; a literal
    state may hold more copies than a real deck)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.used: Counter[int] = Counter()

    def card(self, value: int) -> Card:
        copy = self.used[value]
        self.used[value] += 1
        return f"{TEAMS[self.seat]}-{value:02d}{'abcdefghijklmnop'[copy]}"

    def cards(self, values: Sequence[int]) -> tuple[Card, ...]:
        return tuple(self.card(v) for v in values)

    def chain(self, values: Sequence[int | None]) -> tuple[Card | None, ...]:
        return tuple(None if v is None else self.card(v) for v in values)


def side(
    seat: int,
    hand: Sequence[int] = (),
    chain: Sequence[int | None] = (None,) * 6,
    pile: Sequence[int] = (),
) -> Side:
    team = Team(seat)
    return Side(hand=team.cards(hand), chain=team.chain(chain), pile=team.cards(pile))


def make(
    a: Side,
    b: Side,
    phase: str = Phase.CHALLENGE,
    ball: int = 0,
    options: Options | None = None,
    **fields: Any,
) -> State:
    state = State(
        options=options or Options(),
        rng=Rng(7),
        phase=phase,
        sides=(a, b),
        ball=ball,
        possessions=1,
    )
    if phase == Phase.ARRANGE:
        state = replace(
            state, arranging=(Arrangement(a.hand, a.chain), Arrangement(b.hand, b.chain))
        )
    return replace(state, **fields)


def values(cards: Sequence[Card | None]) -> list[int | None]:
    return [None if c is None else int(c[2:4]) for c in cards]

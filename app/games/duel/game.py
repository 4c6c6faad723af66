"""The Football Duel `Game`, the contract of `app.games.base.Game`: metadata as data, the rest
delegated to rules (set-up, whose turn, legal actions, apply), outcome, views and bot."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final

from app.games.base import (
    Action,
    BadOptions,
    Event,
    JsonDict,
    ModeSpec,
    OptionSpec,
    PublicView,
    View,
    view,
)
from app.games.duel import bot, rules, views
from app.games.duel import state as duel_state
from app.games.duel.outcome import DuelResult
from app.games.duel.state import Options, State

MODES: Final[Mapping[str, ModeSpec]] = {
    "match": ModeSpec(
        min_players=2,
        max_players=2,
        options={
            "copies": OptionSpec(3, (2, 3, 4)),
            "halves": OptionSpec(2, (1, 2)),
            "extra_time": OptionSpec(False),
            "shootout": OptionSpec(False),
        },
    )
}


class DuelGame:
    id: str = "duel"
    name: Mapping[str, str] = {"en": "Football Duel", "hu": "Foci-párbaj", "da": "Fodbold-duel"}
    modes: Mapping[str, ModeSpec] = MODES
    has_bot: bool = True

    def new(self, mode: str, options: JsonDict, seats: int, seed: int) -> State:
        if mode not in self.modes:
            raise BadOptions(f"unknown mode {mode!r}")
        if seats != 2:
            raise BadOptions("Football Duel is played by exactly 2 players")
        checked = self.modes[mode].check_options(options)
        return rules.new(Options(**checked), seed)[0]

    def to_act(self, state: State) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, action)

    def public(self, state: State) -> PublicView:
        return views.public(state)

    def private(self, state: State, seat: int) -> JsonDict | None:
        return views.private(state, seat)

    def revealed(self, state: State) -> View:
        return views.revealed(state)

    def result(self, state: State) -> DuelResult | None:
        return rules.result(state)

    def dump(self, state: State) -> JsonDict:
        return duel_state.dump(state)

    def load(self, data: JsonDict) -> State:
        return duel_state.load(data)

    def bot_action(self, state: State, seat: int, rng: random.Random) -> Action | None:
        legal = rules.legal_actions(state, seat)
        if not legal:
            return None
        return bot.choose(view(self, state, seat), seat, legal, rng)


GAME: Final = DuelGame()

"""The Football Duel `Game`: metadata as data, the rest delegated to rules, views and bot."""

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
    Result,
    View,
    Viewer,
)
from app.games.duel import bot, rules, views
from app.games.duel import state as duel_state
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

    def new(self, mode: str, options: JsonDict, seats: int, seed: int) -> State:
        if mode not in self.modes:
            raise BadOptions(f"unknown mode {mode!r}")
        if seats != 2:
            raise BadOptions("Football Duel is played by exactly 2 players")
        checked = self.modes[mode].check_options(options)
        return rules.new_state(Options(**checked), seed)

    def to_act(self, state: State) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, action)

    def view(self, state: State, viewer: Viewer) -> View:
        return views.view(state, viewer)

    def private_view(self, state: State, seat: int) -> JsonDict | None:
        return views.private_view(state, seat) if seat in (0, 1) else None

    def result(self, state: State) -> Result | None:
        return rules.result(state)

    def dump(self, state: State) -> JsonDict:
        return duel_state.dump(state)

    def load(self, data: JsonDict) -> State:
        return duel_state.load(data)

    def bot_action(self, state: State, seat: int, rng: random.Random) -> Action | None:
        legal = rules.legal_actions(state, seat)
        if not legal:
            return None
        return bot.choose(views.view(state, seat), seat, legal, rng)


GAME: Final = DuelGame()

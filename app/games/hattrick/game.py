"""The Hat Trick `Game`, the contract of `app.games.base.Game`: metadata as data, the rest
delegated to rules (set-up, whose turn, legal actions, apply, outcome), views and bot."""

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
from app.games.hattrick import bot, rules, views
from app.games.hattrick import state as hattrick_state
from app.games.hattrick.cards import REGULARS, TEAM_CHOICES
from app.games.hattrick.rules import HatTrickResult
from app.games.hattrick.state import Match

# §14 room options; `teams` is expressed as one closed-set option per side, each owned by its
# manager (Blue is seat 0, Red seat 1), who may choose it in the lobby (§2.6: "each side is
# chosen on its own").
MODES: Final[Mapping[str, ModeSpec]] = {
    "match": ModeSpec(
        min_players=2,
        max_players=2,
        options={
            "knockout": OptionSpec(False),
            "team_blue": OptionSpec(REGULARS, TEAM_CHOICES, seat=0),
            "team_red": OptionSpec(REGULARS, TEAM_CHOICES, seat=1),
            "move_required": OptionSpec(False),
            "half_end_zone": OptionSpec("attacking", ("attacking", "either_end")),
            "shootout_hand": OptionSpec(True),
        },
    )
}


class HatTrick:
    id: str = "hattrick"
    name: Mapping[str, str] = {"en": "Hat Trick", "hu": "Mesterhármas", "da": "Hattrick"}
    modes: Mapping[str, ModeSpec] = MODES
    has_bot: bool = True

    def new(self, mode: str, options: JsonDict, seats: int, seed: int) -> Match:
        if mode not in self.modes:
            raise BadOptions(f"unknown mode {mode!r}")
        full = self.modes[mode].check_options(options)
        return rules.new(full, seed)[0]

    def to_act(self, state: Match) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: Match, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: Match, seat: int, action: Action) -> tuple[Match, list[Event]]:
        return rules.apply(state, seat, action)

    def public(self, state: Match) -> PublicView:
        return views.public(state)

    def private(self, state: Match, seat: int) -> JsonDict | None:
        return views.private(state, seat)

    def revealed(self, state: Match) -> View:
        return views.revealed(state)

    def result(self, state: Match) -> HatTrickResult | None:
        return rules.result(state)

    def dump(self, state: Match) -> JsonDict:
        return hattrick_state.dump(state)

    def load(self, data: JsonDict) -> Match:
        return hattrick_state.load(data)

    def bot_action(self, state: Match, seat: int, rng: random.Random) -> Action | None:
        legal = rules.legal_actions(state, seat)
        if not legal:
            return None
        return bot.choose(view(self, state, seat), seat, legal, rng)


GAME: Final = HatTrick()

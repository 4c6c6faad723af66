"""Hat Trick (rules/hattrick.md): two managers, card-driven football on a 6×4 grid."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final

from app.games.base import Action, Event, JsonDict, ModeSpec, OptionSpec, Result, View, Viewer
from app.games.hattrick import bot, rules, state, views
from app.games.hattrick.cards import REGULARS, TEAM_CHOICES
from app.games.hattrick.state import Match
from app.games.registry import register

# §14 room options; `teams` is expressed as one closed-set option per side, each owned by its
# manager (Blue is seat 0, Red seat 1), who may choose it in the lobby (§2.6: "each side is
# chosen on its own").
MODES: Final = {
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
    id = "hattrick"
    name: Mapping[str, str] = {"en": "Hat Trick", "hu": "Mesterhármas", "da": "Hattrick"}
    modes: Mapping[str, ModeSpec] = MODES

    def new(self, mode: str, options: JsonDict, seats: int, seed: int) -> Match:
        full = MODES[mode].check_options(options)
        return rules.new_match(full, seed)[0]

    def to_act(self, state: Match) -> frozenset[int]:
        return frozenset(rules.deciders(state))

    def legal_actions(self, state: Match, seat: int) -> list[Action]:
        return rules.options(state, seat)

    def apply(self, state: Match, seat: int, action: Action) -> tuple[Match, list[Event]]:
        return rules.apply(state, seat, action)

    def view(self, state: Match, viewer: Viewer) -> View:
        return views.view(state, viewer)

    def private_view(self, state: Match, seat: int) -> JsonDict | None:
        return views.private_view(state, seat)

    def result(self, state: Match) -> Result | None:
        return rules.result(state)

    def dump(self, state: Match) -> JsonDict:
        return state_module.dump(state)

    def load(self, data: JsonDict) -> Match:
        return state_module.load(data)

    def bot_action(self, state: Match, seat: int, rng: random.Random) -> Action | None:
        legal = rules.options(state, seat)
        if not legal:
            return None
        return bot.choose(views.view(state, seat), legal, rng)


state_module = state
GAME: Final = HatTrick()
register(GAME)

"""The Hat Trick `Game` (app.games.base): its metadata and room options as data, and the
functions of rules (set-up, whose turn, legal actions, apply, outcome), views, state and bot,
made one `Engine` by app.games.adapter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from app.games.adapter import Engine
from app.games.base import JsonDict, ModeSpec, OptionSpec
from app.games.hattrick import bot, rules, views
from app.games.hattrick import state as hattrick_state
from app.games.hattrick.cards import REGULARS, TEAM_CHOICES
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


def new(mode: str, options: JsonDict, seats: int, seed: int) -> Match:
    return rules.new(options, seed)[0]


GAME: Final = Engine[Match](
    id="hattrick",
    name={"en": "Hat Trick", "hu": "Mesterhármas", "da": "Hattrick"},
    modes=MODES,
    new=new,
    to_act=rules.to_act,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    result=rules.result,
    public=views.public,
    private=views.private,
    revealed=views.revealed,
    dump=hattrick_state.dump,
    load=hattrick_state.load,
    bot=bot.act,
)

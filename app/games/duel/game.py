"""The Football Duel `Game` (app.games.base): its metadata and room options as data, and the
functions of rules (set-up, whose turn, legal actions, apply), outcome, views, state and bot,
made one `Engine` by app.games.adapter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from app.games.adapter import Engine
from app.games.base import BadOptions, JsonDict, ModeSpec, OptionSpec
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


def new(mode: str, options: JsonDict, seats: int, seed: int) -> State:
    if seats != 2:
        raise BadOptions("Football Duel is played by exactly 2 players")
    return rules.new(Options(**options), seed)[0]


GAME: Final = Engine[State](
    id="duel",
    name={"en": "Football Duel", "hu": "Foci-párbaj", "da": "Fodbold-duel"},
    modes=MODES,
    new=new,
    to_act=rules.to_act,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    result=rules.result,
    public=views.public,
    private=views.private,
    revealed=views.revealed,
    dump=duel_state.dump,
    load=duel_state.load,
    bot=bot.act,
)

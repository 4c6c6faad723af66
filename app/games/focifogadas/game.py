"""The Focifogadás `Game` (app.games.base, with `HandsOver` for live mode's scorer and
`Priced` for the odds): one game whose state is `FociState(mode, inner)`, made one `Engine`
by app.games.adapter from the functions of rules (set-up, whose turn, legal actions, apply,
result, hand-over, odds), state, views and bot.

The package, from the bottom up; a module imports only those above it:

    actions.py, events.py                      what a seat sends and what the table is told
    cards.py, bets.py, record.py, options.py   the action cards, betting cards, match record,
                                               room options (rules §6, §8, §5, §12.1)
    board.py, effects.py, match.py             the shared match of Drukker and Bukméker (§7):
                                               its state, what each card does, the turns
    book.py, settlement.py                     the shared bookmakers' table and its payout (§10)
    odds.py                                    Monte Carlo and live-model chances of the cards
    state.py                                   FociState and the modes' frozen states, JSON
    drukker.py, bukmeker.py, live.py           one module per mode: its rules and its `price`
    rules.py                                   the mode's rules for a FociState
    views.py                                   what each viewer sees, every mode (§7.6)
    seen.py                                    a seat's view read back as the states a bot
                                               simulates (hidden cards dealt by the bot)
    bot.py                                     the bots of every mode, on the seat's view
    game.py                                    this contract

The modes import the shared match and table, never each other; `dump` writes
`{"mode": ..., "state": ...}`.
"""

from __future__ import annotations

from typing import Final

from app.games.adapter import Engine
from app.games.focifogadas import bot, rules, views
from app.games.focifogadas import state as state_module
from app.games.focifogadas.state import FociState as FociState

GAME: Final = Engine[FociState](
    id="focifogadas",
    name={"en": "Football Betting", "hu": "Focifogadás", "da": "Fodboldvæddemål"},
    modes=rules.SPECS,
    new=rules.new,
    to_act=rules.to_act,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    result=rules.result,
    public=views.public,
    private=views.private,
    revealed=views.revealed,
    dump=state_module.dump,
    load=state_module.load,
    bot=bot.choose,
    handover=rules.handover,  # HandsOver: live mode's scorer role to a person (§11.1)
    odds=rules.price,  # Priced: the odds of the betting cards a viewer sees (odds.py)
)

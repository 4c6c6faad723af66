"""The Focifogadás `Game`, the contract of `app.games.base.Game` (with `HandsOver` for live
mode's scorer and `Priced` for the odds): one game whose state is `FociState(mode, inner)`,
delegated to rules (set-up, whose turn, legal actions, apply, result), state, views and bot.

The package, from the bottom up; a module imports only those above it:

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
    bot.py                                     the bots of every mode
    game.py                                    this contract

The modes import the shared match and table, never each other; `dump` writes
`{"mode": ..., "state": ...}`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final

from app.games.base import Action, Event, JsonDict, ModeSpec, PublicView, View
from app.games.focifogadas import bot, rules, views
from app.games.focifogadas import state as state_module
from app.games.focifogadas.rules import FociResult
from app.games.focifogadas.state import FociState as FociState


class Focifogadas:
    id: str = "focifogadas"
    name: Mapping[str, str] = {
        "en": "Football Betting",
        "hu": "Focifogadás",
        "da": "Fodboldvæddemål",
    }
    modes: Mapping[str, ModeSpec] = rules.SPECS
    has_bot: bool = True

    def new(self, mode: str, options: JsonDict, seats: int, seed: int) -> FociState:
        return rules.new(mode, options, seats, seed)

    def to_act(self, state: FociState) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: FociState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: FociState, seat: int, action: Action) -> tuple[FociState, list[Event]]:
        return rules.apply(state, seat, action)

    def public(self, state: FociState) -> PublicView:
        return views.public(state)

    def private(self, state: FociState, seat: int) -> JsonDict | None:
        return views.private(state, seat)

    def revealed(self, state: FociState) -> View:
        return views.revealed(state)

    def result(self, state: FociState) -> FociResult | None:
        return rules.result(state)

    def dump(self, state: FociState) -> JsonDict:
        return state_module.dump(state)

    def load(self, data: JsonDict) -> FociState:
        return state_module.load(data)

    def bot_action(
        self, state: FociState, seat: int, rng: random.Random, clock: JsonDict | None = None
    ) -> Action | None:
        """The bot of any mode; `clock` ({"now", "event_at"}, as `odds` gets it) lets a live
        bookmaker asked after the kick-off price the minutes left (bot.live_action)."""
        return bot.choose(state, seat, rng, clock)

    def handover(self, state: FociState, seat: int, to: int) -> Action | None:
        """`HandsOver`: live mode's scorer role to the person in seat `to` (§11.1)."""
        return rules.handover(state, seat, to)

    def odds(self, state: FociState, viewer: int | None, context: JsonDict) -> JsonDict | None:
        """`Priced`: the odds of the betting cards for `viewer` (None: the public odds).

        `context` = {"seed", "sims", "now" (epoch s), "event_at": {event: epoch s}}; see
        each mode's `price` and odds.py. Pure: the same state and context give the same answer.
        """
        return rules.price(state, viewer, context)


GAME: Final = Focifogadas()

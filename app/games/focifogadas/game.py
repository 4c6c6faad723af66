"""The Focifogadás `Game`, the contract of `app.games.base.Game` (with `HandsOver` for live
mode's scorer and `Priced` for the odds): one game whose state is `FociState(mode, inner)`,
dispatched to the mode's parts.

The package, from the bottom up; a module imports only those above it:

    cards.py, bets.py, record.py, options.py   the action cards, betting cards, match record,
                                               room options (rules §6, §8, §5, §12.1)
    match.py                                   the shared match of Drukker and Bukméker (§7)
    book.py, settlement.py                     the shared bookmakers' table and its payout (§10)
    odds.py                                    Monte Carlo and live-model chances of the cards
    drukker.py, bukmeker.py, live.py           one module per mode: state, rules, JSON, price
    views.py                                   what each viewer sees, every mode (§7.6)
    bot.py                                     the bots of every mode
    game.py                                    this contract

The modes import the shared match and table, never each other; `dump` writes
`{"mode": ..., "state": ...}`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeAlias, TypeVar

from app.games.base import (
    Action,
    BadOptions,
    Event,
    JsonDict,
    ModeSpec,
    PublicView,
    View,
    ViewAliases,
)
from app.games.focifogadas import bot, bukmeker, drukker, live, views
from app.games.focifogadas.drukker import DrukkerResult
from app.games.focifogadas.settlement import BookResult

S = TypeVar("S")
FociResult: TypeAlias = DrukkerResult | BookResult


@dataclass(frozen=True, slots=True)
class Mode(Generic[S]):
    """One mode's parts, over its own frozen state `S`."""

    spec: ModeSpec
    new: Callable[[JsonDict, int, int], S]
    to_act: Callable[[S], frozenset[int]]
    legal_actions: Callable[[S, int], list[Action]]
    apply: Callable[[S, int, Action], tuple[S, list[Event]]]
    public: Callable[[S], PublicView]
    private: Callable[[S, int], JsonDict | None]
    revealed: Callable[[S], View]
    result: Callable[[S], FociResult | None]
    bot_action: Callable[[S, int, random.Random], Action | None]
    price: Callable[[S, int | None, JsonDict], JsonDict | None]
    dump: Callable[[S], JsonDict]
    load: Callable[[JsonDict], S]


MODES: Final[dict[str, Mode[Any]]] = {
    "drukker": Mode(
        drukker.SPEC,
        drukker.new,
        drukker.to_act,
        drukker.legal_actions,
        drukker.apply,
        views.drukker_public_view,
        views.drukker_private_view,
        views.drukker_revealed,
        drukker.result,
        bot.drukker_action,
        drukker.price,
        drukker.dump,
        drukker.load,
    ),
    "bukmeker": Mode(
        bukmeker.SPEC,
        bukmeker.new,
        bukmeker.to_act,
        bukmeker.legal_actions,
        bukmeker.apply,
        views.bukmeker_public_view,
        views.bukmeker_private_view,
        views.bukmeker_revealed,
        bukmeker.result,
        bot.bukmeker_action,
        bukmeker.price,
        bukmeker.dump,
        bukmeker.load,
    ),
    "live": Mode(
        live.SPEC,
        live.new,
        live.to_act,
        live.legal_actions,
        live.apply,
        views.live_public_view,
        views.live_private_view,
        views.live_revealed,
        live.result,
        bot.live_action,
        live.price,
        live.dump,
        live.load,
    ),
}


@dataclass(frozen=True, slots=True)
class FociState:
    mode: str
    inner: Any  # the mode's own state


class Focifogadas(ViewAliases[FociState]):
    id: str = "focifogadas"
    name: Mapping[str, str] = {
        "en": "Football Betting",
        "hu": "Focifogadás",
        "da": "Fodboldvæddemål",
    }
    modes: Mapping[str, ModeSpec] = {name: mode.spec for name, mode in MODES.items()}
    has_bot: bool = True

    def new(self, mode: str, options: JsonDict, seats: int, seed: int) -> FociState:
        if mode not in MODES:
            raise BadOptions(f"unknown mode {mode!r}")
        return FociState(mode, MODES[mode].new(options, seats, seed))

    def to_act(self, state: FociState) -> frozenset[int]:
        return MODES[state.mode].to_act(state.inner)

    def legal_actions(self, state: FociState, seat: int) -> list[Action]:
        return MODES[state.mode].legal_actions(state.inner, seat)

    def apply(self, state: FociState, seat: int, action: Action) -> tuple[FociState, list[Event]]:
        inner, events = MODES[state.mode].apply(state.inner, seat, action)
        return FociState(state.mode, inner), events

    def public(self, state: FociState) -> PublicView:
        return MODES[state.mode].public(state.inner)

    def private(self, state: FociState, seat: int) -> JsonDict | None:
        return MODES[state.mode].private(state.inner, seat)

    def revealed(self, state: FociState) -> View:
        return MODES[state.mode].revealed(state.inner)

    def result(self, state: FociState) -> FociResult | None:
        return MODES[state.mode].result(state.inner)

    def dump(self, state: FociState) -> JsonDict:
        return {"mode": state.mode, "state": MODES[state.mode].dump(state.inner)}

    def load(self, data: JsonDict) -> FociState:
        mode = str(data["mode"])
        return FociState(mode, MODES[mode].load(data["state"]))

    def bot_action(self, state: FociState, seat: int, rng: random.Random) -> Action | None:
        return MODES[state.mode].bot_action(state.inner, seat, rng)

    def handover(self, state: FociState, seat: int, to: int) -> Action | None:
        """`HandsOver`: live mode's scorer role to the person in seat `to` (§11.1)."""
        return live.handover(state.inner, seat, to) if state.mode == "live" else None

    def odds(self, state: FociState, viewer: int | None, context: JsonDict) -> JsonDict | None:
        """`Priced`: the odds of the betting cards for `viewer` (None: the public odds).

        `context` = {"seed", "sims", "now" (epoch s), "event_at": {event: epoch s}}; see
        each mode's `price` and odds.py. Pure: the same state and context give the same answer.
        """
        return MODES[state.mode].price(state.inner, viewer, context)


GAME: Final = Focifogadas()

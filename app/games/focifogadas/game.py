"""The Focifogadás game object: one `Game` that dispatches to a module per mode.

Mode interface (every mode module provides these, over its own frozen state dataclass):

    SPEC: ModeSpec                                     # players and options of the mode
    new(options, seats, seed) -> State
    to_act(state) -> frozenset[int]
    legal_actions(state, seat) -> list[Action]
    apply(state, seat, action) -> (State, list[Event])  # check_legal first; never mutates
    view(state, viewer) -> View                        # viewer: seat, None or REVEAL
    private_view(state, seat) -> JsonDict | None       # view(state, seat).private, alone
    result(state) -> Result | None
    bot_action(state, seat, rng: random.Random) -> Action | None
    dump(state) -> JsonDict;  load(JsonDict) -> State

To add a mode, import its module and add one entry to `MODES` (e.g. `"bukmeker": bukmeker`).
The game state is `FociState(mode, inner)`; `dump` writes `{"mode": ..., "state": ...}`.
A mode that plays a match uses `match.py` (see its docstring) and `views.match_public`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol

from app.games.base import (
    Action,
    BadOptions,
    Event,
    JsonDict,
    ModeSpec,
    Result,
    View,
    Viewer,
)
from app.games.focifogadas import bukmeker, drukker, live


class ModeRules(Protocol):
    """What a mode module provides (see the module docstring)."""

    SPEC: ModeSpec

    def new(self, options: JsonDict, seats: int, seed: int) -> Any: ...
    def to_act(self, s: Any) -> frozenset[int]: ...
    def legal_actions(self, s: Any, seat: int) -> list[Action]: ...
    def apply(self, s: Any, seat: int, action: Action) -> tuple[Any, list[Event]]: ...
    def view(self, s: Any, viewer: Viewer) -> View: ...
    def private_view(self, s: Any, seat: int) -> JsonDict | None: ...
    def result(self, s: Any) -> Result | None: ...
    def bot_action(self, s: Any, seat: int, rng: random.Random) -> Action | None: ...
    def dump(self, s: Any) -> JsonDict: ...
    def load(self, d: JsonDict) -> Any: ...
    def price(self, s: Any, viewer: int | None, context: JsonDict) -> JsonDict | None: ...


MODES: Final[dict[str, ModeRules]] = {
    "drukker": drukker,
    "bukmeker": bukmeker,
    "live": live,
}


@dataclass(frozen=True, slots=True)
class FociState:
    mode: str
    inner: Any  # the mode's own state


class Focifogadas:
    id = "focifogadas"
    name: Mapping[str, str] = {
        "en": "Football Betting",
        "hu": "Focifogadás",
        "da": "Fodboldvæddemål",
    }

    def __init__(self) -> None:
        self.modes: Mapping[str, ModeSpec] = {name: rules.SPEC for name, rules in MODES.items()}

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

    def view(self, state: FociState, viewer: Viewer) -> View:
        return MODES[state.mode].view(state.inner, viewer)

    def private_view(self, state: FociState, seat: int) -> JsonDict | None:
        return MODES[state.mode].private_view(state.inner, seat)

    def result(self, state: FociState) -> Result | None:
        return MODES[state.mode].result(state.inner)

    def dump(self, state: FociState) -> JsonDict:
        return {"mode": state.mode, "state": MODES[state.mode].dump(state.inner)}

    def load(self, data: JsonDict) -> FociState:
        mode = str(data["mode"])
        return FociState(mode, MODES[mode].load(data["state"]))

    def bot_action(self, state: FociState, seat: int, rng: random.Random) -> Action | None:
        return MODES[state.mode].bot_action(state.inner, seat, rng)

    def handover(self, state: FociState, seat: int, to: int) -> Action | None:
        """Live mode: the scorer's role to the person in seat `to` (see `base.Game`)."""
        return live.handover(state.inner, seat, to) if state.mode == "live" else None

    def odds(self, state: FociState, viewer: int | None, context: JsonDict) -> JsonDict | None:
        """Live odds of the betting cards for `viewer` (None: the public odds), or None.

        `context` = {"seed", "sims", "now" (epoch s), "event_at": {event: epoch s}}; see
        each mode's `price` and odds.py. Pure: the same state and context give the same answer.
        """
        return MODES[state.mode].price(state.inner, viewer, context)


GAME: Final = Focifogadas()

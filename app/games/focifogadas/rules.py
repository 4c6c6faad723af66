"""The rules of a game, whatever its mode: set-up, whose turn, legal actions, apply, result
(docs/rules/focifogadas.md §9–§12). Each mode's rules live in its own module (drukker.py,
bukmeker.py, live.py, over the shared match and table); this module picks the mode's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol, TypeAlias, cast

from app.games.base import Action, BadOptions, Event, JsonDict, ModeSpec
from app.games.focifogadas import bukmeker, drukker, live
from app.games.focifogadas.actions import FociAction
from app.games.focifogadas.drukker import DrukkerResult
from app.games.focifogadas.settlement import BookResult
from app.games.focifogadas.state import FociState

FociResult: TypeAlias = DrukkerResult | BookResult


class ModeRules(Protocol):
    """What a mode module provides, over its own frozen state."""

    SPEC: ModeSpec

    def new(self, options: JsonDict, seats: int, seed: int) -> Any: ...
    def to_act(self, s: Any) -> frozenset[int]: ...
    def legal_actions(self, s: Any, seat: int) -> Sequence[FociAction]: ...
    def apply(self, s: Any, seat: int, action: Any) -> tuple[Any, Sequence[Mapping[str, Any]]]: ...
    def result(self, s: Any) -> FociResult | None: ...
    def price(self, s: Any, viewer: int | None, context: JsonDict) -> JsonDict | None: ...


MODES: Final[dict[str, ModeRules]] = {"drukker": drukker, "bukmeker": bukmeker, "live": live}
SPECS: Final[dict[str, ModeSpec]] = {name: rules.SPEC for name, rules in MODES.items()}


def new(mode: str, options: JsonDict, seats: int, seed: int) -> FociState:
    if mode not in MODES:
        raise BadOptions(f"unknown mode {mode!r}")
    return FociState(mode, MODES[mode].new(options, seats, seed))


def to_act(state: FociState) -> frozenset[int]:
    return MODES[state.mode].to_act(state.inner)


def legal_actions(state: FociState, seat: int) -> list[FociAction]:
    return cast("list[FociAction]", MODES[state.mode].legal_actions(state.inner, seat))


def apply(state: FociState, seat: int, action: FociAction) -> tuple[FociState, list[Event]]:
    inner, events = MODES[state.mode].apply(state.inner, seat, action)
    return FociState(state.mode, inner), cast("list[Event]", events)  # JSON objects, typed


def result(state: FociState) -> FociResult | None:
    return MODES[state.mode].result(state.inner)


def price(state: FociState, viewer: int | None, context: JsonDict) -> JsonDict | None:
    """`Game.odds`: each mode prices the cards `viewer` can see (odds.py)."""
    return MODES[state.mode].price(state.inner, viewer, context)


def handover(state: FociState, seat: int, to: int) -> Action | None:
    """Live mode's scorer role to the person in seat `to` (§11.1); no other mode has one."""
    return live.handover(state.inner, seat, to) if isinstance(state.inner, live.LiveState) else None

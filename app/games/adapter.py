"""One `Game` made from a game's own functions: every engine is an `Engine`, declared in its
package's game.py with its metadata and the module-level functions of its rules, views, state
and bot (no pass-through class per game).

`Engine` checks the mode and the options before the game's `new` sees them (the contract's
"`options` are already checked and complete"); the rest is handed on as it is. The optional
capabilities (`HandsOver`, `Priced`) are attributes only an engine given them has, so
`isinstance(game, HandsOver)` keeps telling them apart.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from app.games.base import (
    Action,
    BadOptions,
    Event,
    JsonDict,
    ModeSpec,
    PublicView,
    Result,
    SeatView,
    View,
)

S = TypeVar("S")

Bot = Callable[[SeatView, random.Random], Action | None]


class Engine(Generic[S]):
    """A `Game[S]` (app.games.base) from functions: `new(mode, options, seats, seed)` gets the
    checked options; `bot(view, rng)` the seat's view (None: the game has no bot)."""

    def __init__(
        self,
        *,
        id: str,
        name: Mapping[str, str],
        modes: Mapping[str, ModeSpec],
        new: Callable[[str, JsonDict, int, int], S],
        to_act: Callable[[S], frozenset[int]],
        legal_actions: Callable[[S, int], list[Any]],
        apply: Callable[[S, int, Any], tuple[S, list[Any]]],
        result: Callable[[S], Result | None],
        public: Callable[[S], PublicView],
        private: Callable[[S, int], JsonDict | None],
        revealed: Callable[[S], View],
        dump: Callable[[S], JsonDict],
        load: Callable[[JsonDict], S],
        bot: Bot | None = None,
        handover: Callable[[S, int, int], Action | None] | None = None,
        odds: Callable[[S, int | None, JsonDict], JsonDict | None] | None = None,
    ) -> None:
        self.id = id
        self.name = name
        self.modes = modes
        self.has_bot = bot is not None
        self._new = new
        self.to_act = to_act
        self.legal_actions: Callable[[S, int], list[Action]] = legal_actions
        self.apply: Callable[[S, int, Action], tuple[S, list[Event]]] = apply
        self.result = result
        self.public = public
        self.private = private
        self.revealed = revealed
        self.dump = dump
        self.load = load
        self.bot = bot  # the game's own bot function (None: no bot)
        if handover is not None:  # HandsOver
            self.handover = handover
        if odds is not None:  # Priced
            self.odds = odds

    def new(self, mode: str, options: JsonDict, seats: int, seed: int) -> S:
        """The state before the first decision, once `mode` and `options` are checked."""
        if mode not in self.modes:
            raise BadOptions(f"unknown mode {mode!r}")
        return self._new(mode, self.modes[mode].check_options(options), seats, seed)

    def bot_action(self, view: SeatView, rng: random.Random) -> Action | None:
        """The game's bot on the seat's view; None without a bot or with nothing to decide."""
        if self.bot is None or not view["legal"]:
            return None
        return self.bot(view, rng)

    def __repr__(self) -> str:
        return f"Engine({self.id!r})"

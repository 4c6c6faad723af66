"""A tiny game for testing the room platform without any real game.

`tiny`, mode `race` (2–4 players): first every seat secretly picks a number 1–3 (simultaneous,
private until the end); then seats take turns adding 1 or 2 to a shared total; whoever brings
it to `target` (option, default 10) or beyond wins. Enough to exercise to_act, hidden
information, simultaneous choices, events, results and bots.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from app.games.base import (
    Action,
    Event,
    JsonDict,
    ModeSpec,
    OptionSpec,
    PublicView,
    Result,
    Rng,
    SeatView,
    View,
    check_legal,
)


@dataclass(frozen=True, slots=True)
class TinyState:
    seats: int
    target: int
    secrets: tuple[int | None, ...]
    total: int
    turn: int
    winner: int | None
    rng: Rng

    @property
    def phase(self) -> str:
        if self.winner is not None:
            return "over"
        return "secret" if None in self.secrets else "count"


class TinyResult(Result):
    total: int


class Tiny:
    id = "tiny"
    name: Mapping[str, str] = MappingProxyType(
        {"en": "Tiny race", "hu": "Kis verseny", "da": "Lille løb"}
    )
    modes: Mapping[str, ModeSpec] = MappingProxyType(
        {"race": ModeSpec(2, 4, {"target": OptionSpec(10, (5, 10, 20, 40))})}
    )
    has_bot = True

    def new(self, mode: str, options: JsonDict, seats: int, seed: int) -> TinyState:
        first, rng = Rng(seed).randint(0, seats - 1)
        return TinyState(seats, options["target"], (None,) * seats, 0, first, None, rng)

    def to_act(self, state: TinyState) -> frozenset[int]:
        if state.phase == "secret":
            return frozenset(i for i, s in enumerate(state.secrets) if s is None)
        if state.phase == "count":
            return frozenset({state.turn})
        return frozenset()

    def legal_actions(self, state: TinyState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "secret":
            return [{"type": "pick", "number": n} for n in (1, 2, 3)]
        return [{"type": "add", "amount": n} for n in (1, 2)]

    def apply(self, state: TinyState, seat: int, action: Action) -> tuple[TinyState, list[Event]]:
        check_legal(self.legal_actions(state, seat), seat, self.to_act(state), action)
        if action["type"] == "pick":
            secrets = list(state.secrets)
            secrets[seat] = action["number"]
            return replace(state, secrets=tuple(secrets)), [{"event": "picked", "seat": seat}]
        total = state.total + action["amount"]
        events: list[Event] = [{"event": "added", "seat": seat, "amount": action["amount"]}]
        if total >= state.target:
            events.append({"event": "won", "seat": seat})
            return replace(state, total=total, winner=seat), events
        return replace(state, total=total, turn=(state.turn + 1) % state.seats), events

    def public(self, state: TinyState) -> PublicView:
        public: JsonDict = {
            "total": state.total,
            "target": state.target,
            "turn": state.turn,
            "chosen": [s is not None for s in state.secrets],
            "score": [0, 0],
        }
        if state.winner is not None:
            public["secrets"] = list(state.secrets)
        return PublicView(state.phase, public)

    def private(self, state: TinyState, seat: int) -> JsonDict | None:
        if not 0 <= seat < state.seats:
            return None
        return {"secret": state.secrets[seat]}

    def revealed(self, state: TinyState) -> View:
        shown = self.public(state)
        return View(shown.phase, shown.public | {"secrets": list(state.secrets)}, None)

    def result(self, state: TinyState) -> TinyResult | None:
        if state.winner is None:
            return None
        return {"winners": [state.winner], "total": state.total}

    def dump(self, state: TinyState) -> JsonDict:
        return {
            "seats": state.seats,
            "target": state.target,
            "secrets": list(state.secrets),
            "total": state.total,
            "turn": state.turn,
            "winner": state.winner,
            "rng": state.rng.to_json(),
        }

    def load(self, data: JsonDict) -> TinyState:
        return TinyState(
            data["seats"],
            data["target"],
            tuple(data["secrets"]),
            data["total"],
            data["turn"],
            data["winner"],
            Rng.from_json(data["rng"]),
        )

    def bot_action(self, view: SeatView, rng: random.Random) -> Action | None:
        legal = view["legal"]
        return rng.choice(legal) if legal else None

    def odds(self, state: TinyState, viewer: int | None, context: JsonDict) -> JsonDict | None:
        """Chances that each seat wins, from the total so far (a stand-in for real odds); a
        seat also learns how far its own secret is from the target."""
        left = max(0, state.target - state.total)
        public = {
            "cards": {f"win{s}": {"p": round(1 / state.seats, 4)} for s in range(state.seats)}
        }
        if viewer is None:
            return public | {"left": left, "sims": context["sims"]}
        secret = state.secrets[viewer]
        return None if secret is None else {"secret_vs_left": left - secret}


class TinyNoBot(Tiny):
    id = "tinynobot"
    has_bot = False

    def bot_action(self, view: SeatView, rng: random.Random) -> Any:
        return None


TINY = Tiny()
TINY_NO_BOT = TinyNoBot()

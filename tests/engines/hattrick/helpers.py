"""Literal Hat Trick states for the rule tests, and a bot-driven match runner."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from app.games.base import Event, Rng, bot_move
from app.games.hattrick import GAME, pitch
from app.games.hattrick.cards import DECKS, team_of
from app.games.hattrick.state import Grid, Match, Options

OPTIONS = GAME.modes["match"].defaults()


def pid(token: str) -> str:
    """'B8' → 'B-08'."""
    return f"{token[0]}-{int(token[1:]):02d}"


def grid(rows: Sequence[str]) -> Grid:
    """Rows as drawn in the rules (line 6 first), tokens like 'B8', '.' for an empty field."""
    out: list[tuple[str | None, ...]] = []
    for text in reversed(rows):
        cells = tuple(None if tok == "." else pid(tok) for tok in text.split())
        assert len(cells) == 4, text
        out.append(cells)
    assert len(out) == 6
    return tuple(out)


START = (
    ".   R5  R4  .",
    "R2  B8  B11 R3",
    "B10 R7  R6  B9",
    "R9  B6  B7  R10",
    "B3  R11 R8  B2",
    ".   B4  B5  .",
)


def make(
    rows: Sequence[str] = START,
    carrier: str = "B6",
    *,
    hands: Sequence[Sequence[str]] = ((), ()),
    phase: str = "play",
    played: Sequence[str | None] = (None, None),
    options: dict[str, Any] | None = None,
    stars: Sequence[Sequence[int]] = ((), ()),
    piles: Sequence[Sequence[str] | None] = (None, None),
    discards: Sequence[Sequence[str]] = ((), ()),
    **fields: Any,
) -> Match:
    """A literal state. A draw pile left None is the rest of that deck, top card = last listed;
    other `fields` as given (lists become tuples)."""
    used = {*hands[0], *hands[1], *played, *discards[0], *discards[1]} - {None}
    full = [
        tuple(c for c in DECKS[t] if c not in used) if p is None else tuple(p)
        for t, p in enumerate(piles)
    ]
    holder = pid(carrier) if carrier else None
    return Match(
        options=Options(**{**OPTIONS, **(options or {})}),
        rng=Rng(7),
        stars=(tuple(sorted(stars[0])), tuple(sorted(stars[1]))),
        phase=phase,
        grid=grid(rows),
        carrier=holder,
        hands=(tuple(hands[0]), tuple(hands[1])),
        piles=(full[0], full[1]),
        discards=(tuple(discards[0]), tuple(discards[1])),
        played=(played[0], played[1]),
        **{
            "attacker": team_of(holder) if holder else 0,
            **{k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()},
        },
    )


def where(m: Match, token: str) -> tuple[int, int]:
    return pitch.where(m, pid(token))


def play(m: Match, *steps: tuple[int, dict[str, Any]]) -> tuple[Match, list[Event]]:
    """Apply actions in order; return the final state and all events."""
    events: list[Event] = []
    for seat, action in steps:
        m, ev = GAME.apply(m, seat, action)
        events.extend(ev)
    return m, events


def card(c: str) -> dict[str, Any]:
    return {"type": "play", "card": c}


def move(token: str, direction: str) -> dict[str, Any]:
    return {"type": "move", "player": pid(token), "dir": direction}


NO_MOVE = {"type": "no_move"}


def kinds(events: list[Event], name: str) -> list[Event]:
    return [e for e in events if e["event"] == name]


def bot_match(
    seed: int, options: dict[str, Any] | None = None, limit: int = 20000
) -> Iterator[tuple[Match, int, dict[str, Any], list[Event]]]:
    """Yield (state before, seat, action, events) for a whole bot-vs-bot match."""
    state = GAME.new("match", options or {}, 2, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if GAME.result(state) is not None:
            return
        seat = min(GAME.to_act(state))
        action = bot_move(GAME, state, seat, rng)
        assert action is not None
        new, events = GAME.apply(state, seat, action)
        yield state, seat, action, events
        state = new
    raise AssertionError("match did not end")

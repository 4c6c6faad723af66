"""Bukméker (bookmaker) mode, 3–6 players (docs/rules/focifogadas.md §10).

Phases: `peek` (each seat in turn looks at 3 of the 5 set-aside piles, §10.2) → the draft,
discs and stakes of `book.py` (6 markers each) → `match` (§7 with 12-card decks and no
half-time break, §10.6) → `over` (settlement §10.7 runs at once).
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Final, cast

from app.games.base import (
    BadOptions,
    Event,
    JsonDict,
    ModeSpec,
    Rng,
    check_legal,
)
from app.games.focifogadas import book, match, odds, settlement
from app.games.focifogadas.actions import BukmekerAction, is_book
from app.games.focifogadas.cards import CATALOGUE, SECTIONS
from app.games.focifogadas.events import Events
from app.games.focifogadas.options import START_PLAYER, TIME_ADVANCES, start_event, start_seat
from app.games.focifogadas.record import TEAMS, MatchRecord
from app.games.focifogadas.settlement import BookResult
from app.games.focifogadas.state import BukState as BukState

SPEC: Final = ModeSpec(
    min_players=3,
    max_players=6,
    options={
        "start_player": START_PLAYER,
        "time_advances_per_half": TIME_ADVANCES,
        **book.TABLE_OPTIONS,
    },
)
MARKERS: Final = 6  # §10.1
SET_ASIDE: Final = 4  # §10.1: the top 4 of each deck, out of the match for both halves
BOXES: Final = (0, 4)  # H16, A16: at most one of them may be peeked (§10.2)
# §10.2: the 7 legal pile triples, {HH, MID, AH} first.
PEEK_OPTIONS: Final = tuple(
    t for t in itertools.combinations(range(5), 3) if sum(s in BOXES for s in t) <= 1
)


def new(options: JsonDict, seats: int, seed: int) -> BukState:
    if not SPEC.min_players <= seats <= SPEC.max_players:
        raise BadOptions(f"Bukméker is for {SPEC.min_players}–{SPEC.max_players} players")
    opts = SPEC.check_options(options)
    chosen = start_seat(opts, seats)
    rng = Rng(seed)
    if chosen is None:
        start, rng = rng.randint(0, seats - 1)  # §7.1 step 3 (chance)
    else:
        start = chosen
    kickoff, rng = rng.randint(0, 1)  # §7.1 step 4: coin toss
    shuffled, rng, _ = match.shuffle_decks(rng)
    b, rng, _ = book.deal(seats, start, MARKERS, rng, book.table_rules(opts))
    return BukState(
        n=seats,
        rng=rng,
        book=b,
        kickoff=kickoff,
        aside=tuple(p[:SET_ASIDE] for p in shuffled),
        piles=tuple(p[SET_ASIDE:] for p in shuffled),
        peeks=(None,) * seats,
        host_start=chosen is not None,
        time_steps=int(opts["time_advances_per_half"]),
    )


# --- Phases and turns -----------------------------------------------------------------------


def phase(s: BukState) -> str:
    if any(p is None for p in s.peeks):
        return "peek"
    if s.match is None:
        return s.book.phase
    return "over" if match.is_over(s.match) else "match"


def peeker(s: BukState) -> int:
    done = sum(p is not None for p in s.peeks)
    return book.seat_order(s.book)[done]


def to_act(s: BukState) -> frozenset[int]:
    p = phase(s)
    if p == "peek":
        return frozenset({peeker(s)})
    if s.match is None:
        return book.to_act(s.book)
    seat = match.to_act(s.match)
    return frozenset() if seat is None else frozenset({seat})


def legal_actions(s: BukState, seat: int) -> list[BukmekerAction]:
    if seat not in to_act(s):
        return []
    if phase(s) == "peek":
        return [{"type": "peek", "piles": [SECTIONS[i] for i in t]} for t in PEEK_OPTIONS]
    if s.match is None:
        return [*book.legal(s.book, seat)]
    return cast("list[BukmekerAction]", match.legal(s.match))  # shared: never changed


def apply(s: BukState, seat: int, action: BukmekerAction) -> tuple[BukState, list[Event]]:
    check_legal(legal_actions(s, seat), seat, to_act(s), action)
    after, events = _apply(s, seat, action)
    return after, book.narrate(events)


def _apply(s: BukState, seat: int, action: BukmekerAction) -> tuple[BukState, Events]:
    if action["type"] == "peek":
        piles = tuple(SECTIONS.index(name) for name in action["piles"])
        peeks = tuple(piles if i == seat else p for i, p in enumerate(s.peeks))
        return replace(s, peeks=peeks), [
            {"event": "piles_peeked", "seat": seat, "piles": list(action["piles"])}
        ]
    if is_book(action):
        b, events = book.apply(s.book, seat, action)
        s = replace(s, book=b)
        if b.phase == book.DONE:
            s, started = _start_match(s)
            events += started
        return s, events
    assert s.match is not None and action["type"] == "play"
    m, rng, events = match.play(s.match, action["card"], s.rng)
    s = replace(s, match=m, rng=rng)
    if match.is_over(m):
        money, groups = settlement.settle_book(s.book, match.record(m))
        events += settlement.settlement_events(groups, money)
    return s, events


def _start_match(s: BukState) -> tuple[BukState, Events]:
    """§10.6: the start player kicks off the match with the 12-card decks."""
    events: Events = [start_event(s.book.start)] if s.host_start else []
    events.append({"event": "coin_tossed", "team": TEAMS[s.kickoff]})
    m, rng, started = match.start_match(
        s.piles,
        s.book.start,
        s.kickoff,
        s.n,
        s.rng,
        half_time_break=False,
        time_steps=s.time_steps,
    )
    return replace(s, match=m, rng=rng), events + started


# --- Outcome and views ----------------------------------------------------------------------


def record(s: BukState) -> MatchRecord:
    return MatchRecord() if s.match is None else match.record(s.match)


def live_half(s: BukState) -> int | None:
    if s.match is None:
        return 1
    return None if match.is_over(s.match) else s.match.half


def result(s: BukState) -> BookResult | None:
    if phase(s) != "over":
        return None
    return settlement.final_result(s.book, record(s))


def price(s: BukState, viewer: int | None, context: JsonDict) -> JsonDict | None:
    """`Game.odds`: Monte Carlo odds of the cards `viewer` can see, from what it knows: the
    public log, its own pair and the set-aside piles it peeked at (odds.match_odds)."""
    seat = odds.viewer_seat(s.n, viewer)
    ids = odds.book_cards(s.book, seat)
    if not ids:
        return None
    m = s.match
    k = odds.PUBLIC
    if seat is not None:
        looked = s.peeks[seat] or ()
        out = tuple(tuple(s.aside[i]) if i in looked else () for i in range(5))
        k = odds.Knowledge(out, m is not None and match.to_act(m) == seat)
    decks = tuple(deck[SET_ASIDE:] for deck in CATALOGUE.decks)  # sizes only: dealt afresh
    template = odds.kickoff_template(decks, s.n, s.book.start, False, s.time_steps)
    return odds.match_odds(m, template, k, ids, context)


def dump(s: BukState) -> JsonDict:
    return s.to_json()


def load(d: JsonDict) -> BukState:
    return BukState.from_json(d)

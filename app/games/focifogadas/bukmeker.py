"""Bukméker (bookmaker) mode, 3–6 players (rules/focifogadas.md §10).

Phases: `peek` (each seat in turn looks at 3 of the 5 set-aside piles, §10.2) → the draft,
discs and stakes of `book.py` (6 markers each) → `match` (§7 with 12-card decks and no
half-time break, §10.6) → `over` (settlement §10.7 runs at once).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace
from typing import Final

from app.games.base import (
    REVEAL,
    Action,
    BadOptions,
    Event,
    JsonDict,
    ModeSpec,
    Result,
    Rng,
    View,
    Viewer,
    check_legal,
)
from app.games.focifogadas import book, match, odds
from app.games.focifogadas.book import Book
from app.games.focifogadas.cards import CARDS, CATALOGUE, SECTIONS
from app.games.focifogadas.match import TIME_STEPS, MatchState
from app.games.focifogadas.options import START_PLAYER, TIME_ADVANCES, start_event, start_seat
from app.games.focifogadas.record import TEAMS, MatchRecord
from app.games.focifogadas.views import empty_match_public, match_public, pair_faces

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
ROLLOUTS: Final = 6  # bot: simulated endings per card it may play


@dataclass(frozen=True, slots=True)
class BukState:
    n: int
    rng: Rng
    book: Book
    kickoff: int
    aside: tuple[tuple[int, ...], ...]  # the five set-aside piles (private to their peekers)
    piles: tuple[tuple[int, ...], ...]  # the 12-card decks the match starts with
    peeks: tuple[tuple[int, ...] | None, ...]  # which piles each seat looked at (public)
    match: MatchState | None = None
    host_start: bool = False  # the host chose the start player (logged at kick-off)
    time_steps: int = TIME_STEPS  # §12.1 time_advances_per_half


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


def _peeker(s: BukState) -> int:
    done = sum(p is not None for p in s.peeks)
    return book.seat_order(s.book)[done]


def to_act(s: BukState) -> frozenset[int]:
    p = phase(s)
    if p == "peek":
        return frozenset({_peeker(s)})
    if s.match is None:
        return book.to_act(s.book)
    seat = match.to_act(s.match)
    return frozenset() if seat is None else frozenset({seat})


def legal_actions(s: BukState, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    if phase(s) == "peek":
        return [{"type": "peek", "piles": [SECTIONS[i] for i in t]} for t in PEEK_OPTIONS]
    if s.match is None:
        return book.legal(s.book, seat)
    return match.legal(s.match)


def apply(s: BukState, seat: int, action: Action) -> tuple[BukState, list[Event]]:
    check_legal(legal_actions(s, seat), seat, to_act(s), action)
    after, events = _apply(s, seat, action)
    return after, book.narrate(events)


def _apply(s: BukState, seat: int, action: Action) -> tuple[BukState, list[Event]]:
    if phase(s) == "peek":
        piles = tuple(SECTIONS.index(name) for name in action["piles"])
        peeks = tuple(piles if i == seat else p for i, p in enumerate(s.peeks))
        return replace(s, peeks=peeks), [
            {"event": "piles_peeked", "seat": seat, "piles": list(action["piles"])}
        ]
    if s.match is None:
        b, events = book.apply(s.book, seat, action)
        s = replace(s, book=b)
        if b.phase == book.DONE:
            s, started = _start_match(s)
            events += started
        return s, events
    m, rng, events = match.play(s.match, str(action["card"]), s.rng)
    s = replace(s, match=m, rng=rng)
    if match.is_over(m):
        money, groups = book.settle_book(s.book, match.record(m))
        events += book.settlement_events(groups, money)
    return s, events


def _start_match(s: BukState) -> tuple[BukState, list[Event]]:
    """§10.6: the start player kicks off the match with the 12-card decks."""
    events: list[Event] = [start_event(s.book.start)] if s.host_start else []
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


def result(s: BukState) -> Result | None:
    if phase(s) != "over":
        return None
    return book.final_result(s.book, record(s))


def _private(s: BukState, seat: int) -> JsonDict:
    private = book.private(s.book, seat)
    looked = s.peeks[seat] or ()
    private["peeked"] = [
        {"pile": SECTIONS[i], "cards": [CARDS[c].to_json() for c in s.aside[i]]} for i in looked
    ]
    private["pair"] = None
    if s.match is not None and match.to_act(s.match) == seat:
        private["pair"] = pair_faces(s.match)
    return private


def view(s: BukState, viewer: Viewer) -> View:
    p = phase(s)
    public = book.public(s.book, record(s), live_half(s))
    if p == "over":
        money, _ = book.settle_book(s.book, record(s))
        for i, player in enumerate(public["players"]):
            player["money"] = money[i]
    public.update(
        {
            "mode": "bukmeker",
            "score": list(record(s).score),
            "match": empty_match_public() if s.match is None else match_public(s.match),
            "peeks": [None if t is None else [SECTIONS[i] for i in t] for t in s.peeks],
            "peeker": _peeker(s) if p == "peek" else None,
        }
    )
    if viewer is REVEAL:
        private: JsonDict | None = {"seats": [_private(s, i) for i in range(s.n)]}
    elif isinstance(viewer, int) and 0 <= viewer < s.n:
        private = _private(s, viewer)
    else:
        private = None
    return View(phase=p, public=public, private=private)


def private_view(s: BukState, seat: int) -> JsonDict | None:
    return _private(s, seat) if 0 <= seat < s.n else None


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


# --- Bot ------------------------------------------------------------------------------------


def bot_action(s: BukState, seat: int, rng: random.Random) -> Action | None:
    """Peeks, bookmaking (odds.py) and match cards played toward its own money."""
    legal = legal_actions(s, seat)
    if not legal:
        return None
    if phase(s) == "peek":
        return rng.choice(legal)
    if s.match is None:
        return odds.book_action(view(s, seat), legal, rng)
    if len(legal) == 1:
        return legal[0]
    return max(legal, key=lambda a: (_rollout_money(s, seat, str(a["card"]), rng), rng.random()))


def _rollout_money(s: BukState, seat: int, card: str, rnd: random.Random) -> float:
    """The seat's average money after settlement over simulated endings after `card`.

    The unseen cards are dealt afresh for each rollout (`_resample`): the bot uses only what
    it can see, its own pair and the piles it peeked at included.
    """
    assert s.match is not None
    total = 0
    for _ in range(ROLLOUTS):
        m = _resample(s, seat, rnd)
        m, _, _ = match.play(m, card, Rng(rnd.getrandbits(63)))
        final = match.record(m) if match.is_over(m) else match.simulate(m, rnd)
        money, _ = book.settle_book(s.book, final)
        total += money[seat]
    return total / ROLLOUTS


def _resample(s: BukState, seat: int, rnd: random.Random) -> MatchState:
    """The match with its piles dealt from what `seat` cannot rule out, sizes kept.

    Per section the candidates are the full 16-card deck (the helper sheet is public) minus
    the seat's drawn pair and minus the set-aside cards it peeked at: which 4 cards left the
    match is hidden from a seat that did not look (§10.2).
    """
    m = s.match
    assert m is not None
    known = set(m.pair or ()) | {c for i in s.peeks[seat] or () for c in s.aside[i]}
    draw: list[tuple[int, ...]] = []
    discard: list[tuple[int, ...]] = []
    for section, deck in enumerate(CATALOGUE.decks):
        pool = [c for c in deck if c not in known]
        rnd.shuffle(pool)
        n_draw, n_discard = len(m.draw[section]), len(m.discard[section])
        draw.append(tuple(pool[:n_draw]))
        discard.append(tuple(pool[n_draw : n_draw + n_discard]))
    return replace(m, draw=tuple(draw), discard=tuple(discard))


# --- JSON -----------------------------------------------------------------------------------


def dump(s: BukState) -> JsonDict:
    chosen: JsonDict = {"host_start": True} if s.host_start else {}  # defaults: not written
    if s.time_steps != TIME_STEPS:
        chosen["time_steps"] = s.time_steps
    return chosen | {
        "n": s.n,
        "rng": s.rng.to_json(),
        "book": book.dump(s.book),
        "kickoff": s.kickoff,
        "aside": [list(p) for p in s.aside],
        "piles": [list(p) for p in s.piles],
        "peeks": [None if p is None else list(p) for p in s.peeks],
        "match": None if s.match is None else match.dump(s.match),
    }


def load(d: JsonDict) -> BukState:
    return BukState(
        n=d["n"],
        rng=Rng.from_json(d["rng"]),
        book=book.load(d["book"]),
        kickoff=d["kickoff"],
        aside=tuple(tuple(p) for p in d["aside"]),
        piles=tuple(tuple(p) for p in d["piles"]),
        peeks=tuple(None if p is None else tuple(p) for p in d["peeks"]),
        match=None if d["match"] is None else match.load(d["match"]),
        host_start=bool(d.get("host_start", False)),
        time_steps=int(d.get("time_steps", TIME_STEPS)),
    )

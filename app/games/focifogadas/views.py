"""What each viewer sees, in every mode (docs/rules/focifogadas.md §7.6): the contract's
`public(state)` (the same for everyone), `private(state, seat)` (that seat's secrets) and
`revealed(state)` (everything face up, for replays), per mode.

This module alone decides visibility, by whitelisting fields. Hidden things: draw-pile order,
the drawn pair (the current player only), hidden discards, betting hands (their owner only,
until the end), half-time replaced cards and unchosen cards (never), drawn-not-yet-kept cards
(the buyer only), draft hands and picks until their reveal, the Bukméker piles a seat peeked
at (that seat only). REVEAL sees every seat's private part.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

from app.games.base import JsonDict, PublicView, Reveal, View, Viewer
from app.games.focifogadas import bets, book, bukmeker, live, match, settlement
from app.games.focifogadas.betlines import bet_line, seat_private
from app.games.focifogadas.book import Book, Offer
from app.games.focifogadas.cards import CARDS, SECTIONS
from app.games.focifogadas.drukker import START_MONEY, judged
from app.games.focifogadas.match import MatchState
from app.games.focifogadas.nextevent import book_next
from app.games.focifogadas.record import TEAMS, MatchRecord
from app.games.focifogadas.state import BukState, DrukkerState, FociState, LiveState

S = TypeVar("S", DrukkerState, BukState, LiveState)

BET_BACK = {"id": None, "back": "bet"}
PRICES = {"card": 200, "dark": 1000, "light": 400}  # Drukker's, as its public part shows them


# --- The match --------------------------------------------------------------------------------


def match_public(m: MatchState) -> JsonDict:
    """What everyone sees of the match: ball, tracks, time, pile sizes, face-up top cards."""
    return {
        "status": m.status,
        "half": m.half,
        "time": m.time_pos,
        "time_steps": m.time_steps,
        "ball": {"section": SECTIONS[m.section], "poss": TEAMS[m.poss]},
        "score": match.score(m),
        "half_time_score": [m.h1, m.a1] if m.half == 2 or m.status != match.PLAYING else None,
        "first_goal": None if m.fg < 0 else TEAMS[m.fg],
        "corners": m.corners,
        "yellows": m.yellows,
        "reds": m.reds,
        "kickoff": TEAMS[m.kickoff],
        "current": match.to_act(m),
        "turn": m.turn,
        "decks": [
            {
                "section": SECTIONS[s],
                "draw": len(m.draw[s]),
                "discard": len(m.discard[s]),
                "top": CARDS[m.discard[s][-1]].to_json() if m.discard[s] else None,
            }
            for s in range(5)
        ],
    }


def pair_faces(m: MatchState) -> list[JsonDict] | None:
    """The drawn pair's faces: for the current player (and REVEAL) only."""
    return None if m.pair is None else [CARDS[c].to_json() for c in m.pair]


def empty_match_public(time_steps: int) -> JsonDict:
    """The match before its kick-off: the room's half length is already known (§12.1)."""
    return {"status": "not_started", "score": [0, 0], "time_steps": time_steps}


# --- Drukker ----------------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _players(
    over: bool,
    money: tuple[int, ...],
    hands: tuple[tuple[str, ...] | None, ...],
    bought: tuple[tuple[str, ...], ...],
    payouts: tuple[int, ...] | None,
    verdicts: bets.Verdicts | None,
) -> list[JsonDict]:
    """The players as everyone sees them. They change at a choice, a purchase and the end
    (a step in eight): the same list, one object, is shared by the steps between, which the
    delta form then neither builds nor encodes again (views are read, never changed).
    `verdicts`: once over only (a held bet's status is shown then)."""
    return [
        _public_player(over, money[i], hands[i], bought[i], payouts, verdicts, i)
        for i in range(len(money))
    ]


def _public_player(
    over: bool,
    money: int,
    hand: tuple[str, ...] | None,
    up: tuple[str, ...],
    payouts: tuple[int, ...] | None,
    verdicts: bets.Verdicts | None,
    seat: int,
) -> JsonDict:
    player: JsonDict = {
        "seat": seat,
        "money": money,
        "start_money": START_MONEY,  # what the ▲/▼ of the result is counted against
        "chosen": hand is not None,
    }
    if hand is None:
        player["bets"] = []
    elif over:
        assert verdicts is not None
        player["bets"] = [bet_line(c, True, verdicts) for c in hand]
        player["payout"] = None if payouts is None else payouts[seat]
    else:
        player["bets"] = [bets.card(c).to_json() if c in up else BET_BACK for c in hand]
    return player


@lru_cache(maxsize=256)
def _shown(shown: tuple[str, ...]) -> list[JsonDict]:
    """The bets set aside face up, as everyone sees them (one list while they stay)."""
    return [bets.card(c).to_json() for c in shown]


def _buyer_public(s: DrukkerState) -> JsonDict | None:
    b = s.buyer
    if b is None:
        return None
    return {"seat": b.seat, "step": b.step, "count": b.count, "drawn": len(b.drawn)}


def drukker_public(s: DrukkerState) -> JsonDict:
    m = s.match
    over = s.phase == "over"
    return {
        "mode": "drukker",
        "start_player": None if s.start_player < 0 else s.start_player,
        "players": _players(
            over, s.money, s.hands, s.bought, s.payouts, judged(s)[1] if over else None
        ),
        "score": [0, 0] if m is None else match.score(m),
        "match": empty_match_public(s.time_steps) if m is None else match_public(m),
        "bet_decks": {"light": len(s.light), "dark": len(s.dark)},
        "shown": _shown(s.shown),
        "buyer": _buyer_public(s),
        "prices": PRICES,
    }


def drukker_public_view(s: DrukkerState) -> PublicView:
    return PublicView(s.phase, drukker_public(s))


def drukker_private_view(s: DrukkerState, seat: int) -> JsonDict | None:
    return seat_private(s, seat) if 0 <= seat < s.n else None


def drukker_revealed(s: DrukkerState) -> View:
    seats = [seat_private(s, i) for i in range(s.n)]
    return View(s.phase, drukker_public(s), {"seats": seats})


def drukker_view(s: DrukkerState, viewer: Viewer) -> View:
    return compose(drukker_public_view, drukker_private_view, drukker_revealed, s, viewer)


# --- The bookmakers' table (Bukméker and live, §10) ------------------------------------------


def book_public(
    b: Book, record: MatchRecord, live_half: int | None, running: bool = False
) -> JsonDict:
    """What the whole table sees: money, markers, offers with stakes and status (§7.6);
    while the match is `running`, what the next event would change (`next`)."""
    revealing = None
    if b.phase == book.DISCS:
        seat = book.seat_order(b)[b.disc_turn]
        card = b.picks[seat]
        assert card is not None
        revealing = {"seat": seat, "card": bets.card(card).to_json()}
    after_money, _ = settlement.settle_book(b, record)
    # The §12.1 alternatives in play, only when they are not the defaults (views unchanged).
    rules: JsonDict = {} if b.rules == book.STANDARD else {"table_rules": b.rules.to_json()}
    return rules | {
        "book_phase": b.phase,
        "marker_value": book.MARKER_VALUE,  # §10.5: what one stake marker stands for
        "round": b.round,
        "start_player": b.start,
        "players": [
            {
                "seat": i,
                "money": b.money[i],
                "start_money": book.MONEY_PER_PLAYER * b.n,  # §10.1: 1000 × N each
                "markers": b.markers[i],
                "hand_size": len(b.hands[i]),
                "pick": None if b.picks[i] is None else {"id": None, "back": "bet"},
            }
            for i in range(b.n)
        ],
        "revealing": revealing,
        "discs_left": [
            {"value": v, "left": k} for v, k in zip(b.rules.disc_values, b.discs_left, strict=True)
        ],
        "offers": [_offer_view(b, o, record, live_half) for o in b.offers],
        "stake_seat": b.stake_seat if b.phase == book.STAKES else None,
        "if_ended_now": list(after_money),
        "next": book_next(b, record, live_half) if running and live_half is not None else None,
    }


def _offer_view(b: Book, o: Offer, record: MatchRecord, live_half: int | None) -> JsonDict:
    stakes = [0] * b.n
    for s in b.stakes:
        if s.card == o.card:
            stakes[s.seat] = s.n
    return {
        "bookmaker": o.bookmaker,
        "card": bets.card(o.card).to_json(),
        "multiplier": o.disc,
        "stakes": stakes,
        "status": bets.card(o.card).status_so_far(record, live_half),
    }


def book_private(b: Book, seat: int) -> JsonDict:
    """A seat's own draft hand and hidden pick, and why cards are closed to its stakes."""
    pick = b.picks[seat]
    return {
        "hand": [bets.card(c).to_json() for c in b.hands[seat]],
        "pick": None if pick is None else bets.card(pick).to_json(),
        "stake_blocks": book.stake_blocks(b, seat) if b.phase in (book.STAKES, book.DONE) else {},
    }


def _book_revealed(s: BukState | LiveState, public: JsonDict, phase: str) -> View:
    return View(phase, public, {"seats": [_book_seat(s, i) for i in range(s.n)]})


def _book_seat(s: BukState | LiveState, seat: int) -> JsonDict:
    return bukmeker_private(s, seat) if isinstance(s, BukState) else book_private(s.book, seat)


def _settled_money(public: JsonDict, b: Book, record: MatchRecord) -> None:
    """Once over, the players' money is the money after settlement (§10.7)."""
    money, _ = settlement.settle_book(b, record)
    for i, player in enumerate(public["players"]):
        player["money"] = money[i]


# --- Bukméker (§10) ---------------------------------------------------------------------------


def bukmeker_public(s: BukState) -> JsonDict:
    p = bukmeker.phase(s)
    record = bukmeker.record(s)
    running = s.match is not None and p == "match"
    public = book_public(s.book, record, bukmeker.live_half(s), running)
    if p == "over":
        _settled_money(public, s.book, record)
    public.update(
        {
            "mode": "bukmeker",
            "score": list(record.score),
            "match": (
                empty_match_public(s.time_steps) if s.match is None else match_public(s.match)
            ),
            "peeks": [None if t is None else [SECTIONS[i] for i in t] for t in s.peeks],
            "peeker": bukmeker.peeker(s) if p == "peek" else None,
        }
    )
    return public


def bukmeker_private(s: BukState, seat: int) -> JsonDict:
    """The seat's draft hand and pick, the piles it peeked at, and its drawn pair."""
    private = book_private(s.book, seat)
    looked = s.peeks[seat] or ()
    private["peeked"] = [
        {"pile": SECTIONS[i], "cards": [CARDS[c].to_json() for c in s.aside[i]]} for i in looked
    ]
    private["pair"] = None
    if s.match is not None and match.to_act(s.match) == seat:
        private["pair"] = pair_faces(s.match)
    return private


def bukmeker_public_view(s: BukState) -> PublicView:
    return PublicView(bukmeker.phase(s), bukmeker_public(s))


def bukmeker_private_view(s: BukState, seat: int) -> JsonDict | None:
    return bukmeker_private(s, seat) if 0 <= seat < s.n else None


def bukmeker_revealed(s: BukState) -> View:
    return _book_revealed(s, bukmeker_public(s), bukmeker.phase(s))


def bukmeker_view(s: BukState, viewer: Viewer) -> View:
    return compose(bukmeker_public_view, bukmeker_private_view, bukmeker_revealed, s, viewer)


# --- Live mode (§11) --------------------------------------------------------------------------


def live_public(s: LiveState) -> JsonDict:
    r = live.record_of(s.entries)
    running = live.phase(s) in ("first_half", "second_half")
    public = book_public(s.book, r, live.live_half(s), running)
    if live.phase(s) == "over":
        _settled_money(public, s.book, r)
    public.update(
        {
            "mode": "live",
            "score": list(r.score),
            "half_time_score": [r.h1, r.a1] if live.HALF_TIME in s.entries else None,
            "record": r.to_json(),
            "entries": list(s.entries),
            "scorer": s.scorer,
            "confirming_full_time": s.confirming,
            "teams": {"home": s.home_name, "away": s.away_name},
        }
    )
    return public


def live_public_view(s: LiveState) -> PublicView:
    return PublicView(live.phase(s), live_public(s))


def live_private_view(s: LiveState, seat: int) -> JsonDict | None:
    return book_private(s.book, seat) if 0 <= seat < s.n else None


def live_revealed(s: LiveState) -> View:
    return _book_revealed(s, live_public(s), live.phase(s))


def live_view(s: LiveState, viewer: Viewer) -> View:
    return compose(live_public_view, live_private_view, live_revealed, s, viewer)


# --- One viewer ---------------------------------------------------------------------------------


def compose(
    public: Callable[[S], PublicView],
    private: Callable[[S, int], JsonDict | None],
    revealed: Callable[[S], View],
    s: S,
    viewer: Viewer,
) -> View:
    """What one viewer sees (base.view for a mode's state): a seat its secrets on top of the
    public part, a spectator (None) the public part, REVEAL everything."""
    if isinstance(viewer, Reveal):
        return revealed(s)
    shown = public(s)
    return View(shown.phase, shown.public, None if viewer is None else private(s, viewer))


# --- Any mode (the contract's views) ----------------------------------------------------------


def public(state: FociState) -> PublicView:
    """What every viewer sees, the same for all of them."""
    s = state.inner
    if isinstance(s, DrukkerState):
        return drukker_public_view(s)
    if isinstance(s, BukState):
        return bukmeker_public_view(s)
    return live_public_view(s)


def private(state: FociState, seat: int) -> JsonDict | None:
    """That seat's own secrets; None for anyone who is not a seat."""
    s = state.inner
    if isinstance(s, DrukkerState):
        return drukker_private_view(s, seat)
    if isinstance(s, BukState):
        return bukmeker_private_view(s, seat)
    return live_private_view(s, seat)


def revealed(state: FociState) -> View:
    """Everything face up: every seat's private part (replays, tests)."""
    s = state.inner
    if isinstance(s, DrukkerState):
        return drukker_revealed(s)
    if isinstance(s, BukState):
        return bukmeker_revealed(s)
    return live_revealed(s)

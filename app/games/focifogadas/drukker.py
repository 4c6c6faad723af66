"""Drukker (supporter) mode, 2–6 players (docs/rules/focifogadas.md §9).

Phases: `choose` (everyone keeps 4 of 8 betting cards, simultaneously and secretly) →
`match` (§7) → `half_time` (purchases, one buyer at a time in seat order from the start
player, §9.3) → `match` → `over` (hands revealed, 1000 per exact result, 400 per other card).

A half-time buyer goes through the steps buy → replace → draw (2k times) → keep; `Buyer`
holds where they are. Money moves twice only: −200 per bought card, then the payout.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import replace
from typing import Final, TypeVar, cast

from app.games.base import (
    BadOptions,
    IllegalAction,
    JsonDict,
    ModeSpec,
    Result,
    Rng,
    check_legal,
)
from app.games.focifogadas import bets, match, odds
from app.games.focifogadas.actions import ChooseBets, DrukkerAction
from app.games.focifogadas.cards import CATALOGUE
from app.games.focifogadas.events import Events, FociEvent
from app.games.focifogadas.options import START_PLAYER, TIME_ADVANCES, start_event, start_seat
from app.games.focifogadas.record import TEAMS, MatchRecord
from app.games.focifogadas.state import CHOOSE, HALF_TIME, MATCH, OVER, Buyer
from app.games.focifogadas.state import DrukkerState as DrukkerState

SPEC: Final = ModeSpec(
    min_players=2,
    max_players=6,
    options={"start_player": START_PLAYER, "time_advances_per_half": TIME_ADVANCES},
)
START_MONEY: Final = 400  # §9.1
CARD_PRICE: Final = 200  # §9.3
PAY_DARK: Final = 1000  # §9.4 exact final result
PAY_LIGHT: Final = 400
DEALT_LIGHT: Final = 4  # §9.1: 4 light + 4 dark each
DEALT_DARK: Final = 4
KEEP: Final = 4  # §9.2
MAX_BUY: Final = 2  # §9.3

T = TypeVar("T")
DECKS: Final = ("light", "dark")
_ALONE: Final = tuple(frozenset({i}) for i in range(SPEC.max_players))  # to_act: ~5× a move


# --- Setup (§9.1) -----------------------------------------------------------------------------


def new(options: JsonDict, seats: int, seed: int) -> DrukkerState:
    if not SPEC.min_players <= seats <= SPEC.max_players:
        raise BadOptions(f"Drukker is for {SPEC.min_players}–{SPEC.max_players} players")
    opts = SPEC.check_options(options)
    start_choice = start_seat(opts, seats)
    rng = Rng(seed)
    light, rng = rng.shuffle(bets.LIGHT_IDS)
    dark, rng = rng.shuffle(bets.DARK_IDS)
    dealt = tuple(
        light[i * DEALT_LIGHT : (i + 1) * DEALT_LIGHT] + dark[i * DEALT_DARK : (i + 1) * DEALT_DARK]
        for i in range(seats)
    )
    return DrukkerState(
        n=seats,
        rng=rng,
        phase=CHOOSE,
        money=(START_MONEY,) * seats,
        dealt=dealt,
        hands=(None,) * seats,
        bought=((),) * seats,
        light=light[seats * DEALT_LIGHT :],
        dark=dark[seats * DEALT_DARK :],
        shown=(),
        start_choice=start_choice,
        time_steps=int(opts["time_advances_per_half"]),
    )


def _start_match(s: DrukkerState) -> tuple[DrukkerState, Events]:
    """§7.1: start player and coin toss (chance), action decks shuffled, first pair drawn."""
    rng = s.rng
    if s.start_choice is None:
        start, rng = rng.randint(0, s.n - 1)
        chosen: FociEvent = {"event": "start_player_chosen", "seat": start}
    else:
        start, chosen = s.start_choice, start_event(s.start_choice)
    kickoff, rng = rng.randint(0, 1)
    events: Events = [
        {"event": "bets_chosen"},
        chosen,
        {"event": "coin_tossed", "team": TEAMS[kickoff]},
    ]
    piles, rng, shuffled = match.shuffle_decks(rng)
    m, rng, started = match.start_match(
        piles, start, kickoff, s.n, rng, half_time_break=True, time_steps=s.time_steps
    )
    new_s = replace(s, rng=rng, phase=MATCH, start_player=start, match=m)
    return new_s, events + shuffled + started


# --- Whose turn, what is legal (§12) ----------------------------------------------------------


def to_act(s: DrukkerState) -> frozenset[int]:
    if s.phase == CHOOSE:
        return frozenset(i for i, hand in enumerate(s.hands) if hand is None)
    if s.phase == MATCH:
        assert s.match is not None
        seat = match.to_act(s.match)
        return frozenset() if seat is None else _ALONE[seat]
    if s.phase == HALF_TIME:
        assert s.buyer is not None
        return _ALONE[s.buyer.seat]
    return frozenset()


def _with(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _subsets(cards: tuple[str, ...], k: int) -> list[list[str]]:
    return [list(c) for c in itertools.combinations(cards, k)]


@functools.lru_cache(maxsize=256)  # the hands of the rooms choosing now
def _choices(dealt: tuple[str, ...]) -> list[ChooseBets]:
    """§9.2's ways to keep KEEP of the dealt bets (70 of them), made once per hand: asked for
    by the seat's view, its phone's first view and the check of its move. Shared: nobody
    may change the list or its actions."""
    return [{"type": "choose_bets", "cards": c} for c in _subsets(dealt, KEEP)]


def half_time_record(s: DrukkerState) -> MatchRecord:
    assert s.match is not None
    return match.record(s.match)


def _undecided_left(s: DrukkerState) -> int:
    """§9.3 step 1 (D, A13): undecided cards left in both betting decks."""
    return bets.undecided(s.light, s.dark, half_time_record(s))


def legal_actions(s: DrukkerState, seat: int) -> list[DrukkerAction]:
    if seat not in to_act(s):
        return []
    if s.phase == CHOOSE:
        return cast("list[DrukkerAction]", _choices(s.dealt[seat]))  # shared: never changed
    if s.phase == MATCH:
        assert s.match is not None
        return cast("list[DrukkerAction]", match.legal(s.match))  # shared: never changed
    assert s.buyer is not None
    return _buyer_actions(s, s.buyer)


def _buyer_actions(s: DrukkerState, buyer: Buyer) -> list[DrukkerAction]:
    step = buyer.step
    if step == "buy":
        left = _undecided_left(s)
        money = s.money[buyer.seat]
        counts = [k for k in range(MAX_BUY + 1) if CARD_PRICE * k <= money and 2 * k <= left]
        return [{"type": "buy", "count": k} for k in counts]
    if step == "replace":
        hand = s.hands[buyer.seat]
        assert hand is not None
        return [{"type": "replace", "cards": c} for c in _subsets(hand, buyer.count)]
    if step == "draw":
        return [{"type": "draw", "deck": d} for d in DECKS if getattr(s, d)]
    return [{"type": "keep_drawn", "cards": c} for c in _subsets(buyer.drawn, buyer.count)]


# --- Applying an action -----------------------------------------------------------------------


def apply(s: DrukkerState, seat: int, action: DrukkerAction) -> tuple[DrukkerState, Events]:
    check_legal(legal_actions(s, seat), seat, to_act(s), action)
    if action["type"] == "choose_bets":
        return _choose(s, seat, tuple(action["cards"]))
    if action["type"] == "play":
        return _play(s, action["card"])
    if action["type"] == "buy":
        return _buy(s, seat, action["count"])
    if action["type"] == "replace":
        return _replace(s, seat, tuple(action["cards"]))
    if action["type"] == "draw":
        return _draw(s, seat, action["deck"])
    if action["type"] == "keep_drawn":
        return _keep_drawn(s, seat, tuple(action["cards"]))
    raise IllegalAction(f"unknown action {action!r}")  # pragma: no cover (check_legal)


def _choose(s: DrukkerState, seat: int, cards: tuple[str, ...]) -> tuple[DrukkerState, Events]:
    """§9.2: the choice stays hidden; the match starts once the last seat has chosen."""
    hands = _with(s.hands, seat, cards)
    s = replace(s, hands=hands)
    events: Events = [{"event": "bets_kept", "seat": seat, "count": len(cards)}]
    if all(h is not None for h in hands):
        s, started = _start_match(s)
        events += started
    return s, events


def _play(s: DrukkerState, card_id: str) -> tuple[DrukkerState, Events]:
    assert s.match is not None
    m, rng, events = match.play(s.match, card_id, s.rng)
    s = replace(s, match=m, rng=rng)
    if m.status == match.HALF_TIME:
        s = replace(s, phase=HALF_TIME, buyer=Buyer(seat=s.start_player), buyers_done=0)
        events.append({"event": "purchases_opened", "seat": s.start_player})
    elif m.status == match.OVER:
        s, paid = _pay_out(s)
        events += paid
    return s, events


def _buy(s: DrukkerState, seat: int, count: int) -> tuple[DrukkerState, Events]:
    """§9.3 step 1: pay 200 per card to the bank."""
    money = list(s.money)
    money[seat] -= CARD_PRICE * count
    events: Events = [
        {"event": "bets_bought", "seat": seat, "count": count, "paid": CARD_PRICE * count}
    ]
    s = replace(s, money=tuple(money), buyer=Buyer(seat=seat, count=count))
    if count == 0:
        return _next_buyer(s, events)
    return s, events


def _replace(s: DrukkerState, seat: int, cards: tuple[str, ...]) -> tuple[DrukkerState, Events]:
    """§9.3 step 2: the replaced cards are set aside face down (never revealed)."""
    assert s.buyer is not None
    event: FociEvent = {"event": "bets_set_aside", "seat": seat, "count": len(cards)}
    return replace(s, buyer=replace(s.buyer, replaced=cards)), [event]


def _draw(s: DrukkerState, seat: int, deck: str) -> tuple[DrukkerState, Events]:
    """§9.3 step 3: a decided card is set aside face up and the player draws again."""
    buyer = s.buyer
    assert buyer is not None
    pile: tuple[str, ...] = getattr(s, deck)
    card = pile[0]
    s = replace(s, light=pile[1:]) if deck == "light" else replace(s, dark=pile[1:])
    outcome = bets.card(card).half_time_outcome(half_time_record(s))
    if outcome is not None:
        event: FociEvent = {
            "event": "bet_drawn_decided",
            "seat": seat,
            "deck": deck,
            "card": bets.card(card).to_json(),
            "status": "won" if outcome else "lost",
        }
        return replace(s, shown=(*s.shown, card)), [event]
    buyer = replace(buyer, drawn=(*buyer.drawn, card))
    return replace(s, buyer=buyer), [{"event": "bet_drawn", "seat": seat, "deck": deck}]


def _keep_drawn(s: DrukkerState, seat: int, kept: tuple[str, ...]) -> tuple[DrukkerState, Events]:
    """§9.3 step 4: the kept cards go face up into the hand, the others face up aside."""
    assert s.buyer is not None and s.buyer.replaced is not None
    hand = s.hands[seat]
    assert hand is not None
    new_hand = tuple(c for c in hand if c not in s.buyer.replaced) + kept
    dropped = tuple(c for c in s.buyer.drawn if c not in kept)
    s = replace(
        s,
        hands=_with(s.hands, seat, new_hand),
        bought=_with(s.bought, seat, s.bought[seat] + kept),
        shown=s.shown + dropped,
    )
    event: FociEvent = {
        "event": "bets_taken",
        "seat": seat,
        "kept": [bets.card(c).to_json() for c in kept],
        "discarded": [bets.card(c).to_json() for c in dropped],
    }
    return _next_buyer(s, [event])


def _next_buyer(s: DrukkerState, events: Events) -> tuple[DrukkerState, Events]:
    """The next seat in order from the start player buys; after the last, the 2nd half."""
    done = s.buyers_done + 1
    if done < s.n:
        seat = (s.start_player + done) % s.n
        return replace(s, buyer=Buyer(seat=seat), buyers_done=done), events
    assert s.match is not None
    m, rng, started = match.start_second_half(s.match, s.rng)
    return replace(s, phase=MATCH, buyer=None, buyers_done=done, match=m, rng=rng), [
        *events,
        {"event": "purchases_closed"},
        *started,
    ]


# --- End and payout (§9.4) --------------------------------------------------------------------


def pays(card_id: str) -> int:
    return PAY_DARK if bets.is_dark(card_id) else PAY_LIGHT


def _pay_out(s: DrukkerState) -> tuple[DrukkerState, Events]:
    assert s.match is not None
    rec = match.record(s.match)
    payouts = tuple(sum(pays(c) for c in hand or () if bets.card(c).holds(rec)) for hand in s.hands)
    money = tuple(m + p for m, p in zip(s.money, payouts, strict=True))
    event: FociEvent = {"event": "bets_paid", "payouts": list(payouts), "money": list(money)}
    return replace(s, phase=OVER, money=money, payouts=payouts), [event]


class DrukkerResult(Result):
    """The money each supporter ends with (the most wins), the payouts, score and record."""

    money: list[int]
    payouts: list[int]
    score: list[int]
    record: JsonDict


def result(s: DrukkerState) -> DrukkerResult | None:
    """§9.4: the most pééénz wins; ties share the victory (A19)."""
    if s.phase != OVER or s.payouts is None or s.match is None:
        return None
    best = max(s.money)
    return DrukkerResult(
        winners=[i for i, m in enumerate(s.money) if m == best],
        money=list(s.money),
        payouts=list(s.payouts),
        score=match.score(s.match),
        record=match.record(s.match).to_json(),
    )


def price(s: DrukkerState, viewer: int | None, context: JsonDict) -> JsonDict | None:
    """`Game.odds`: a supporter's own secret bets (the 8 dealt while choosing, then the kept
    hand and any card drawn at half time and not yet kept); nothing for a spectator."""
    seat = odds.viewer_seat(s.n, viewer)
    if seat is None:
        return None
    hand = s.hands[seat]
    ids = list(s.dealt[seat] if hand is None else hand)
    if s.buyer is not None and s.buyer.seat == seat:
        ids += s.buyer.drawn
    m = s.match
    k = odds.Knowledge(holds_pair=m is not None and match.to_act(m) == seat)
    template = odds.kickoff_template(CATALOGUE.decks, s.n, 0, True, s.time_steps)
    return odds.match_odds(m, template, k, ids, context)


# --- Views, bot, JSON -------------------------------------------------------------------------


def dump(s: DrukkerState) -> JsonDict:
    return s.to_json()


def load(d: JsonDict) -> DrukkerState:
    return DrukkerState.from_json(d)


# --- The record so far (the views' and the bot's) -----------------------------------------


def live_half(s: DrukkerState) -> int | None:
    """The half in progress for `bets.status_so_far`: 1 before kick-off, None once over."""
    if s.match is None:
        return 1
    if s.phase == "over":
        return None
    return 2 if s.phase == "half_time" else s.match.half


def current_record(s: DrukkerState) -> MatchRecord:
    return judged(s)[0]


_judged: tuple[DrukkerState, MatchRecord, bets.Verdicts] | None = None


def judged(s: DrukkerState) -> tuple[MatchRecord, bets.Verdicts]:
    """The match record of `s` and its bets' verdicts so far. A push asks for the public
    part and then every seat's private part of the same state, in a row: worked out once for
    all of them (the last state's are kept), each bet's status once however many hold it."""
    global _judged
    last = _judged
    if last is not None and last[0] is s:
        return last[1], last[2]
    m = s.match
    if m is None:
        record, verdicts = bets.judge(0, 0, 0, 0, None, 0, 0, 0, 1)
    else:
        fg = None if m.fg < 0 else TEAMS[m.fg]
        half = live_half(s)
        record, verdicts = bets.judge(
            m.h1, m.a1, m.h2, m.a2, fg, m.corners, m.yellows, m.reds, half
        )
    _judged = (s, record, verdicts)
    return record, verdicts

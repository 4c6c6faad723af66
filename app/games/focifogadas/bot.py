"""The bots of the three modes. Each is handed its seat's view (`SeatView`) and nothing
else: its own cards, its drawn pair, the piles it peeked at, the public board, tracks and
table. seen.py reads the view back as the frozen states the estimates below simulate.

Drukker (§9): it steers the match toward its own bets. Every estimate is a small Monte-Carlo
run of `match.simulate` on a board whose hidden cards were dealt afresh
(`match.resample_hidden`): it never sees the real order of a pile.

- Choosing 4 of 8: the subset with the best expected payout over simulated matches.
- Playing: the card whose continuations pay its hand best (common random numbers for both
  cards). Equal values favour Passzolgatás when its bets pay now (wasting time) and the
  other card otherwise; once no bet can change any more, it just wastes time.
- Half time: it buys one card per lost bet (at most 2), replaces the lost ones, draws dark
  for a lost dark card, and keeps the drawn cards most likely to pay.

Bookmakers (Bukméker and live, §10.3–§10.5): `book_action` offers the event it believes least
likely, sets a disc a little under the fair multiplier and stakes where it sees value. Its
beliefs follow the room's rules: in Bukméker the simulated game's p(BUK) for the room's
`time_advances_per_half` (`bukmeker_chance`: the rulebook's table, `odds.prior`, for 6, the
same simulation for another length); in live mode the live model on the entries so far and,
when the room gives it, the clock (`odds.live_chance`). In a Bukméker match it plays the card
whose simulated endings leave it the most money. In live mode it never scores (§11.1).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from types import MappingProxyType
from typing import Final

from app.games.base import Action, JsonDict, Rng, SeatView
from app.games.focifogadas import (
    bets,
    book,
    bukmeker,
    live,
    match,
    odds,
    seen,
    settlement,
)
from app.games.focifogadas.cards import CARDS, CATALOGUE
from app.games.focifogadas.drukker import current_record, live_half, pays
from app.games.focifogadas.match import TIME_STEPS, MatchState
from app.games.focifogadas.odds import Chance, live_chance, prior
from app.games.focifogadas.record import MatchRecord
from app.games.focifogadas.state import BukState, DrukkerState

CHOOSE_SAMPLES: Final = 120
PLAY_SAMPLES: Final = 16
KEEP_SAMPLES: Final = 60
ROLLOUTS: Final = 6  # Bukméker: simulated endings per card it may play
HIGH: Final = 8  # the discs priced for exact results (§10.4 rationale)
MARGIN: Final = 0.85  # the bookmaker's multiplier as a share of the fair one
BELIEF_SIMS: Final = 6000  # simulated matches behind a Bukméker belief off the rulebook's table
BELIEF_SEED: Final = 0


def drukker_action(view: SeatView, rng: random.Random) -> Action | None:
    """A Drukker seat's move (§9), from its view."""
    s, seat, legal = seen.drukker(view), view["you"], view["legal"]
    if len(legal) <= 1:
        return legal[0] if legal else None
    kind = legal[0]["type"]
    if kind == "choose_bets":
        return _choose(s, seat, legal, rng)
    if kind == "play":
        return _play(s, seat, legal, rng)
    if kind == "buy":
        lost = _lost(s, seat)
        return max((a for a in legal if a["count"] <= len(lost)), key=lambda a: a["count"])
    if kind == "replace":
        lost = _lost(s, seat)
        return next((a for a in legal if set(a["cards"]) <= set(lost)), legal[0])
    if kind == "draw":
        return _draw(s, seat, legal)
    return _keep(s, seat, legal, rng)


# --- Estimates ----------------------------------------------------------------------------------


def _fresh_match(n: int, time_steps: int, rnd: random.Random) -> match.MatchState:
    piles = []
    for deck in CATALOGUE.decks:
        pile = list(deck)
        rnd.shuffle(pile)
        piles.append(pile)
    kickoff = rnd.randint(0, 1)
    m, _, _ = match.start_match(
        piles, 0, kickoff, n, Rng(0), half_time_break=False, time_steps=time_steps
    )
    return m


def _samples(
    s: DrukkerState, seat: int, rnd: random.Random, n: int, first: int | None = None
) -> list[MatchRecord]:
    """Final records of `n` simulated continuations, hidden cards resampled each time."""
    out = []
    for _ in range(n):
        if s.match is None:
            out.append(match.simulate(_fresh_match(s.n, s.time_steps, rnd), rnd))
            continue
        known = match.to_act(s.match) == seat
        board = match.resample_hidden(s.match, rnd, known_pair=known)
        out.append(match.simulate(board, rnd, first=first))
    return out


def _value(cards: Sequence[str], records: Sequence[MatchRecord]) -> float:
    return sum(pays(c) for r in records for c in cards if bets.card(c).holds(r)) / len(records)


def _hand(s: DrukkerState, seat: int) -> tuple[str, ...]:
    return s.hands[seat] or ()


def _statuses(s: DrukkerState, seat: int) -> dict[str, str]:
    rec, half = current_record(s), live_half(s)
    return {c: bets.card(c).status_so_far(rec, half) for c in _hand(s, seat)}


def _lost(s: DrukkerState, seat: int) -> list[str]:
    return [c for c, status in _statuses(s, seat).items() if status == "lost"]


# --- Decisions ----------------------------------------------------------------------------------


def _choose(s: DrukkerState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    records = _samples(s, seat, rng, CHOOSE_SAMPLES)
    worth = {c: _value([c], records) for c in s.dealt[seat]}
    # Correlated bets pay together: score each subset on the same simulated matches.
    best = max(
        legal,
        key=lambda a: (_value(a["cards"], records), sum(worth[c] for c in a["cards"])),
    )
    return best


def _play(s: DrukkerState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    assert s.match is not None and s.match.pair is not None
    hand = _hand(s, seat)
    keep = next((a for a in legal if CARDS[CATALOGUE.by_id[a["card"]]].kind == "keep"), None)
    if all(status != "alive" for status in _statuses(s, seat).values()):
        return keep or legal[0]
    seeds = [rng.random() for _ in range(PLAY_SAMPLES)]
    scores = []
    for action in legal:
        card = CATALOGUE.by_id[action["card"]]
        records = [_samples(s, seat, random.Random(seed), 1, first=card)[0] for seed in seeds]
        scores.append(_value(hand, records))
    if abs(scores[0] - scores[1]) > 1e-9:
        return legal[0] if scores[0] > scores[1] else legal[1]
    now = _value(hand, [current_record(s)])
    if keep is not None and now >= scores[0]:
        return keep
    return next((a for a in legal if a is not keep), legal[0])


def _draw(s: DrukkerState, seat: int, legal: list[Action]) -> Action:
    assert s.buyer is not None and s.buyer.replaced is not None
    want = "dark" if any(bets.is_dark(c) for c in s.buyer.replaced) else "light"
    return next((a for a in legal if a["deck"] == want), legal[0])


def _keep(s: DrukkerState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    assert s.buyer is not None
    records = _samples(s, seat, rng, KEEP_SAMPLES)
    return max(legal, key=lambda a: _value(a["cards"], records))


# --- Bookmakers (Bukméker and live) -------------------------------------------------------------


def belief(card_id: str, status: str = "alive", chance: Chance = prior) -> float:
    """The chance the bot gives a card: certain once decided, `chance` while open."""
    if status == "won":
        return 1.0
    if status == "lost":
        return 0.0
    return chance(card_id)


def book_action(
    v: SeatView, legal: list[Action], rnd: random.Random, chance: Chance = prior
) -> Action:
    """Draft, disc and stake decisions for a bookmaker seat (§10.3–§10.5), priced by `chance`
    (Bukméker: the simulated game's `prior`; live mode: the live model, `live_chance`)."""
    kind = legal[0]["type"]
    if kind == "pick":
        return _pick(legal, rnd, chance)
    if kind == "disc":
        assert v["private"] is not None
        return _disc(v["private"]["pick"], legal, chance)
    if kind == "stake":
        return _stake(v["public"], legal, rnd, chance)
    return rnd.choice(legal)


def _pick(legal: list[Action], rnd: random.Random, chance: Chance) -> Action:
    """Offer the event it believes least likely (a bookmaker keeps what is not won)."""
    return min(legal, key=lambda a: (chance(a["card"]), rnd.random()))


def _disc(card: JsonDict, legal: list[Action], chance: Chance) -> Action:
    """A disc a little under the fair price 1/p; exact results get ×8 or more while any is left."""
    values = [a["value"] for a in legal]
    if card["kind"] == "dark" and any(v >= HIGH for v in values):
        values = [v for v in values if v >= HIGH]
    target = MARGIN / max(chance(card["id"]), 1e-9)
    return {"type": "disc", "value": min(values, key=lambda m: (abs(m - target), m))}


def _stake(public: JsonDict, legal: list[Action], rnd: random.Random, chance: Chance) -> Action:
    """Stake on the card with the best expected return, more markers when it is good."""
    offers = {o["card"]["id"]: o for o in public["offers"]}

    def value(card_id: str) -> float:
        o = offers[card_id]
        return belief(card_id, o["status"], chance) * float(o["multiplier"]) - 1.0

    cards = list(dict.fromkeys(a["card"] for a in legal))  # legal order: no hash order
    best = max(cards, key=lambda c: (value(c), rnd.random()))
    ev = value(best)
    want = 3 if ev > 0.5 else (2 if ev > 0.0 else 1)
    options = [a for a in legal if a["card"] == best]
    return min(options, key=lambda a: abs(a["n"] - want))


# --- Bukméker -----------------------------------------------------------------------------------


def bukmeker_chance(time_steps: int) -> Chance:
    """The Bukméker bot's belief in a room playing `time_steps` advances per half (§12.1).

    With the rulebook's 6 it is the rulebook's p(BUK) table (`odds.prior`, §8.2/§8.3). With
    another length it is the same experiment under the room's rules: whole matches of 12-card
    decks (§10.1) played at random from the kick-off, nothing seen but the public deck list,
    the kick-off tossed anew; simulated once per length with a fixed seed, so the bot stays
    deterministic.
    """
    if time_steps == TIME_STEPS:
        return prior
    return _simulated_prior(time_steps).__getitem__


@lru_cache(maxsize=4)
def _simulated_prior(time_steps: int) -> Mapping[str, float]:
    decks = tuple(deck[bukmeker.SET_ASIDE :] for deck in CATALOGUE.decks)  # sizes only
    template = odds.kickoff_template(decks, bukmeker.SPEC.min_players, 0, False, time_steps)
    ids = [*bets.LIGHT_IDS, *bets.DARK_IDS]
    chances = odds.monte_carlo(template, odds.PUBLIC, ids, BELIEF_SIMS, BELIEF_SEED, toss=True)
    return MappingProxyType(chances)


def bukmeker_action(view: SeatView, rng: random.Random) -> Action | None:
    """Peeks at random, bookmaking by p(BUK) of the room's match length, match cards played
    toward its own money."""
    legal = view["legal"]
    if not legal:
        return None
    if view["phase"] == "peek":
        return rng.choice(legal)
    s, seat = seen.bukmeker(view), view["you"]
    if s.match is None:
        return book_action(view, legal, rng, bukmeker_chance(s.time_steps))
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
        money, _ = settlement.settle_book(s.book, final)
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


# --- Live mode ---------------------------------------------------------------------------------


def live_action(view: SeatView, rng: random.Random, clock: JsonDict | None = None) -> Action | None:
    """A bot drafts, sets discs and stakes, priced by the live model on the entries so far
    and the room's `clock` ({"now", "event_at"}, as `Game.odds` gets it: the minutes gone
    since the kick-off count; §8.2 live-mode caveat: not the simulated game's odds); it never
    scores (§11.1: the table trusts a person)."""
    public, phase = view["public"], view["phase"]
    if public["book_phase"] == book.DONE or view["you"] not in view["to_act"]:
        return None
    half = None if phase == "over" else (2 if phase == "second_half" else 1)  # live.live_half
    started = phase in ("first_half", "second_half", "over")  # live.started
    chance = live_chance(live.record_of(tuple(public["entries"])), half, started, clock)
    return book_action(view, view["legal"], rng, chance)


# --- Any mode ---------------------------------------------------------------------------------


def choose(view: SeatView, rng: random.Random, clock: JsonDict | None = None) -> Action | None:
    """The bot's action for the seat whose view this is, in any mode (None: nothing to decide,
    or the live scorer); `clock` is the room's clock for live mode (`live_action`)."""
    mode = view["public"]["mode"]
    if mode == "drukker":
        return drukker_action(view, rng)
    if mode == "bukmeker":
        return bukmeker_action(view, rng)
    return live_action(view, rng, clock)

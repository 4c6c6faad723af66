"""The chances of the betting cards (docs/rules/focifogadas.md §8): what the players are shown
(`Game.odds`, through each mode's `price`) and what the bots believe.

- `PRIOR` / `prior`: the simulated Bukméker probabilities of §8.2/§8.3 (p(BUK), uniformly
  random play with 12-card decks), the Bukméker bookmaker bot's belief.
- `match_odds`: Monte Carlo of the rest of a simulated match (Drukker and Bukméker), dealing
  afresh every card the viewer cannot see.
- `live_odds` / `live_chance`: the live model, Poisson counts over the minutes left of a
  broadcast (live mode), shown to the players and believed by the live bot alike.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Final

from app.games.base import JsonDict, Rng
from app.games.focifogadas import bets, book, match
from app.games.focifogadas.book import Book
from app.games.focifogadas.cards import CARDS, CATALOGUE, HOME
from app.games.focifogadas.match import TIME_STEPS, MatchState
from app.games.focifogadas.record import TRACK_CAPS, MatchRecord, Team

# §8.2 p(BUK) of the light cards, L01..L29.
_LIGHT_P: Final = (
    *(0.48, 0.47, 0.31, 0.31, 0.39, 0.21, 0.18, 0.37, 0.37, 0.31),
    *(0.30, 0.21, 0.37, 0.36, 0.27, 0.16, 0.16, 0.18, 0.17, 0.69),
    *(0.37, 0.17, 0.43, 0.21, 0.41, 0.22, 0.30, 0.13, 0.46),
)
# §8.3 p(BUK) of the dark cards, rows by home goals 0..4, columns by away goals 0..4.
_DARK_P: Final = (
    (0.048, 0.076, 0.053, 0.021, 0.007),
    (0.075, 0.127, 0.093, 0.041, 0.012),
    (0.052, 0.094, 0.069, 0.034, 0.011),
    (0.023, 0.041, 0.035, 0.018, 0.006),
    (0.007, 0.014, 0.012, 0.006, 0.002),
)
PRIOR: Final[dict[str, float]] = {
    **{f"L{i + 1:02d}": p for i, p in enumerate(_LIGHT_P)},
    **{f"D{h}{a}": _DARK_P[h][a] for h in range(5) for a in range(5)},
}


Chance = Callable[[str], float]  # a bot's chance that an open card holds at full time


def prior(card_id: str) -> float:
    """Bukméker's belief: the simulated p(BUK) of §8.2/§8.3."""
    return PRIOR[card_id]


# --- Odds for the players (issue 8 §3–§4) -----------------------------------------------------
#
# Each mode's `price` is what `Game.odds` returns: {"cards": {id: {"p", "fair"}}, "method", ...}.
# Pure and deterministic: all sampling comes from `context["seed"]`; the clock only enters as
# `context["now"]` and `context["event_at"]` (live mode). A viewer's odds use only what that
# viewer can know: the public log, its own pair and the set-aside piles it peeked at.

DEFAULT_SIMS: Final = 2000
SET_ASIDE: Final = 4  # Bukméker §10.1: the top 4 of each 16-card deck stay out of the match

# Live mode (§11): a Poisson model of the rest of the broadcast. Rates per 90 minutes, rounded
# long-run averages of the big European top-flight leagues (about 2.7 goals a match with the
# home side scoring ~55 % of them, ~10 corners, ~4 yellow cards and ~0.2 red cards a match).
# They are a prior for an unknown match, not a model of the one on TV.
GOALS_HOME_90: Final = 1.5
GOALS_AWAY_90: Final = 1.2
CORNERS_90: Final = 10.0
YELLOWS_90: Final = 4.0
REDS_90: Final = 0.2
HALF_MINUTES: Final = 45.0  # stoppage time is not modelled: the clock stops at 45
# Laws of the Game, Law 7: the half-time interval is at most 15 minutes. The rules have no
# second kick-off entry (§11.1), so the 2nd half is taken to start this long after HALF_TIME.
BREAK_MINUTES: Final = 15.0
MAX_GOALS: Final = 15  # Poisson sums stop here: the mass beyond is below 1e-9
# Public events of live.py whose commit times (context["event_at"]) start and end the clock.
KICKED_OFF: Final = "half_started"
HALF_ENDED: Final = "half_ended"


def quote(p: float) -> JsonDict:
    """A card's chance (floored to 4 decimals, so disjoint cards never sum past 1) and its
    fair multiplier 1/p (None when p is 0)."""
    p = math.floor(min(max(p, 0.0), 1.0) * 10_000 + 1e-9) / 10_000
    return {"p": p, "fair": None if p == 0 else round(1 / p, 2)}


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a viewer knows of the action cards beyond the public log."""

    out: tuple[tuple[int, ...], ...] = ((),) * 5  # per section: cards seen set aside (peeked)
    holds_pair: bool = False  # the viewer is the current player and sees the drawn pair


PUBLIC: Final = Knowledge()


def dealer(m: MatchState, k: Knowledge) -> Callable[[random.Random, bool], MatchState]:
    """A function that returns `m` with every card the viewer cannot see dealt afresh from what it
    cannot rule out (and, when asked, the kick-off tossed anew). Per section the candidates are the
    public deck list (§6.4) minus the cards seen played since the last reshuffle (and the hidden
    discard of an identical pair, shown face up), minus the set-aside cards the viewer peeked at and
    its own pair. They fill the draw pile, the face-down discards and an unseen pair; the rest is
    the unseen set-aside. The pool is built in deck-list order, so nothing of the true hidden order
    leaks into the sample."""
    plan: list[tuple[list[int], int, list[int], list[int]]] = []
    for s, deck in enumerate(CATALOGUE.decks):
        pile = list(m.discard[s])
        seen = set(k.out[s])
        hidden: list[int] = []
        for i in range(0, len(pile), 2):  # (other, played) per turn
            other, played = pile[i], pile[i + 1]
            seen.add(played)
            if CARDS[other].sig == CARDS[played].sig:
                seen.add(other)
            else:
                hidden.append(i)
        if m.pair is not None and k.holds_pair:
            seen.update(m.pair)
        plan.append(([c for c in deck if c not in seen], len(m.draw[s]), pile, hidden))
    # An unseen pair was drawn from the ball's section.
    pair_section = m.section if m.pair is not None and not k.holds_pair else -1

    def deal(rnd: random.Random, toss: bool) -> MatchState:
        r = rnd.random
        draw: list[tuple[int, ...]] = []
        discard: list[tuple[int, ...]] = []
        pair = m.pair
        for s, (candidates, n, pile, hidden) in enumerate(plan):
            pool = candidates.copy()
            for i in range(len(pool) - 1, 0, -1):  # Fisher-Yates on random(), as match.py
                j = int(r() * (i + 1))
                pool[i], pool[j] = pool[j], pool[i]
            draw.append(tuple(pool[:n]))
            if hidden:
                pile = pile.copy()
                for at, i in enumerate(hidden, n):
                    pile[i] = pool[at]
            discard.append(tuple(pile))
            if s == pair_section:
                at = n + len(hidden)
                pair = (pool[at], pool[at + 1])
        if toss:
            team = int(r() * 2)
            return replace(
                m, draw=tuple(draw), discard=tuple(discard), pair=pair, kickoff=team, poss=team
            )
        return replace(m, draw=tuple(draw), discard=tuple(discard), pair=pair)

    return deal


def deal_unseen(m: MatchState, k: Knowledge, rnd: random.Random) -> MatchState:
    """One deal of `dealer(m, k)`."""
    return dealer(m, k)(rnd, False)


def monte_carlo(
    m: MatchState,
    k: Knowledge,
    card_ids: Sequence[str],
    sims: int,
    seed: int,
    *,
    toss: bool = False,
) -> dict[str, float]:
    """The share of `sims` simulated endings of `m` in which each card holds. Each simulation deals
    the unseen cards afresh (`dealer`) and plays the rest of the match at random (§15); `toss` also
    tosses the kick-off anew (before the match it is not known yet). One simulation settles every
    card at once."""
    rnd = random.Random(seed)
    predicates = [bets.card(c).predicate for c in card_ids]
    wins = [0] * len(card_ids)
    deal = dealer(m, k)
    for _ in range(sims):
        final = match.simulate(deal(rnd, toss), rnd)
        for i, holds in enumerate(predicates):
            if holds(final):
                wins[i] += 1
    return {c: wins[i] / sims for i, c in enumerate(card_ids)}


def kickoff_template(
    decks: Sequence[Sequence[int]], n: int, start: int, ht: bool, time_steps: int = TIME_STEPS
) -> MatchState:
    """A match at its kick-off with the piles in deck-list order (to be dealt afresh)."""
    m, _, _ = match.start_match(
        decks, start, HOME, n, Rng(0), half_time_break=ht, time_steps=time_steps
    )
    return m


def _priced(
    card_ids: Sequence[str],
    record: MatchRecord,
    live_half: int | None,
    estimate: Callable[[list[str]], dict[str, float]],
) -> tuple[dict[str, JsonDict], bool]:
    """Cards decided so far (§8.4) at exactly 1 / 0, the others by `estimate`; and whether
    anything was estimated."""
    ids = list(dict.fromkeys(card_ids))
    status = {c: bets.card(c).status_so_far(record, live_half) for c in ids}
    alive = [c for c in ids if status[c] == "alive"]
    chances = estimate(alive) if alive else {}
    cards = {
        c: quote(chances[c] if status[c] == "alive" else float(status[c] == "won")) for c in ids
    }
    return cards, bool(alive)


def state_seed(seed: int, m: MatchState) -> int:
    """The odds' sampling seed: the room's `seed` mixed with what everyone sees of the match
    (score, clock, ball, turn, the piles' sizes and face-up cards), never its hidden order: a
    step that moves no match (a stake, a pick, a disc) prices the same, a new moment anew."""
    hidden = ("draw", "discard", "pair")
    seen = {f.name: getattr(m, f.name) for f in fields(m) if f.name not in hidden}
    seen["draw"] = [len(p) for p in m.draw]
    seen["discard"] = [[len(p), p[-1] if p else None] for p in m.discard]
    text = json.dumps(seen, sort_keys=True)
    return int(hashlib.sha256(f"{seed}:{text}".encode()).hexdigest()[:15], 16)


def match_odds(
    m: MatchState | None,
    template: MatchState,
    k: Knowledge,
    card_ids: Sequence[str],
    context: JsonDict,
) -> JsonDict:
    """Monte Carlo odds of Drukker and Bukméker (`m` None: the match has not started, so
    whole matches from `template` with a fresh coin toss)."""
    sims = int(context.get("sims") or DEFAULT_SIMS)
    half: int | None = 1
    record = MatchRecord()
    if m is not None:
        record = match.record(m)
        half = None if match.is_over(m) else (2 if m.status == match.HALF_TIME else m.half)
    start = template if m is None else m
    seed = state_seed(int(context.get("seed", 0)), start)
    cards, estimated = _priced(
        card_ids,
        record,
        half,
        lambda alive: monte_carlo(start, k, alive, sims, seed, toss=m is None),
    )
    method = "monte_carlo" if estimated else "decided"
    return {"cards": cards, "method": method, "sims": sims if estimated else 0}


# --- Live mode: Poisson ---------------------------------------------------------------------


def _pmf(lam: float, n: int = MAX_GOALS) -> list[float]:
    """P(X = 0..n) of a Poisson(lam) count."""
    out = [math.exp(-lam)]
    for i in range(1, n + 1):
        out.append(out[-1] * lam / i)
    return out


def remaining_minutes(half: int, started: bool, context: JsonDict) -> tuple[float, float, float]:
    """(elapsed in the half in progress, minutes left in the 1st half, in the 2nd half).

    `half` 1 or 2 is the half in progress; before kick-off (`started` False) both halves are
    whole. The clock runs from the commit of the kick-off (1st half) or of HALF_TIME plus the
    break (2nd half), and stops at 45 minutes.
    """
    if not started:
        return 0.0, HALF_MINUTES, HALF_MINUTES
    event_at = context.get("event_at") or {}
    now = float(context.get("now", 0.0))
    name = KICKED_OFF if half == 1 else HALF_ENDED
    began = event_at.get(name)
    elapsed = 0.0
    if began is not None:
        elapsed = (now - float(began)) / 60.0 - (0.0 if half == 1 else BREAK_MINUTES)
        elapsed = min(max(elapsed, 0.0), HALF_MINUTES)
    left = HALF_MINUTES - elapsed
    return elapsed, (left if half == 1 else 0.0), (HALF_MINUTES if half == 1 else left)


def poisson_chance(card_id: str, r: MatchRecord, left1: float, left2: float) -> float:
    """P(the card holds at full time) given the record now and the minutes left per half.

    Goals: independent Poisson counts per team and half (GOALS_*_90); corners and cards:
    Poisson counts over the time left, saturating at their track caps.
    """
    bet = bets.card(card_id)
    home, away = GOALS_HOME_90 / 90.0, GOALS_AWAY_90 / 90.0
    left = left1 + left2
    if bet.uses == "fg":
        if r.fg is not None:
            return float(bet.predicate(r))
        scored = 1.0 - math.exp(-(home + away) * left)
        weights: tuple[tuple[Team | None, float], ...] = (
            (None, 1.0 - scored),
            ("home", scored * home / (home + away)),
            ("away", scored * away / (home + away)),
        )
        return sum(w for fg, w in weights if bet.predicate(replace(r, fg=fg)))
    if bet.uses in TRACK_CAPS:
        rate = {"corners": CORNERS_90, "yellows": YELLOWS_90, "reds": REDS_90}[bet.uses] / 90.0
        now, cap = getattr(r, bet.uses), TRACK_CAPS[bet.uses]
        pmf = _pmf(rate * left, cap - now)
        total = 0.0
        for extra, w in enumerate(pmf):
            if extra == cap - now:
                w = 1.0 - sum(pmf[:-1])  # every count past the cap shows as the cap
            if bet.predicate(replace(r, **{bet.uses: now + extra})):
                total += w
        return total
    # Goal cards: the two counters the card can see, each a Poisson count (bets._GROWING).
    counters = {
        "totals": (("h2", home * left), ("a2", away * left)),
        "first_half": (("h1", home * left1), ("a1", away * left1)),
        "second_half": (("h2", home * left2), ("a2", away * left2)),
        "halves": (("h1", (home + away) * left1), ("h2", (home + away) * left2)),
    }[bet.uses]
    (x_name, x_lam), (y_name, y_lam) = counters
    px, py = _pmf(x_lam), _pmf(y_lam)
    x0, y0 = getattr(r, x_name), getattr(r, y_name)
    total = 0.0
    for x, wx in enumerate(px):
        for y, wy in enumerate(py):
            future = replace(r, **{x_name: x0 + x, y_name: y0 + y})
            if bet.predicate(future):
                total += wx * wy
    return total


def live_odds(
    record: MatchRecord,
    half: int | None,
    started: bool,
    card_ids: Sequence[str],
    context: JsonDict,
) -> JsonDict:
    """Poisson odds of live mode; `half` is the half in progress (None once over)."""
    elapsed, left1, left2 = remaining_minutes(half or 2, started, context)
    cards, estimated = _priced(
        card_ids,
        record,
        half,
        lambda alive: {c: poisson_chance(c, record, left1, left2) for c in alive},
    )
    return {
        "cards": cards,
        "method": "poisson" if estimated else "decided",
        "sims": 0,
        "rates": {
            "per_minutes": 90,
            "goals_home": GOALS_HOME_90,
            "goals_away": GOALS_AWAY_90,
            "corners": CORNERS_90,
            "yellows": YELLOWS_90,
            "reds": REDS_90,
        },
        "elapsed": round(elapsed, 2),
        "left": {"first_half": round(left1, 2), "second_half": round(left2, 2)},
    }


def live_chance(
    record: MatchRecord, half: int | None, started: bool, clock: JsonDict | None = None
) -> Chance:
    """The live model's chance of each card given the entries so far, for a bot: the public
    odds `live_odds` shows under the room's `clock` ({"now", "event_at"}, the context of
    `Game.odds`). The engine has no clock: without one the half in progress is taken as just
    begun (the bots bet before the kick-off, when no minute has gone)."""
    _, left1, left2 = remaining_minutes(half or 2, started, clock or {})

    @lru_cache(maxsize=64)
    def chance(card_id: str) -> float:
        status = bets.card(card_id).status_so_far(record, half)
        if status != "alive":
            return float(status == "won")
        return float(quote(poisson_chance(card_id, record, left1, left2))["p"])

    return chance


# --- Which cards a viewer is priced on (the modes' `price` use these) ------------------------


def viewer_seat(n: int, viewer: int | None) -> int | None:
    """The viewer's seat, or None for a spectator (and anything that is not a seat)."""
    return viewer if isinstance(viewer, int) and 0 <= viewer < n else None


def book_cards(b: Book, seat: int | None) -> list[str]:
    """The offered cards and the pick being revealed for its disc (§10.4); for a seat also
    its own draft hand and hidden pick."""
    ids = [o.card for o in b.offers]
    if b.phase == book.DISCS:
        revealing = b.picks[book.seat_order(b)[b.disc_turn]]
        if revealing is not None:
            ids.append(revealing)
    if seat is not None:
        ids += b.hands[seat]
        pick = b.picks[seat]
        if pick is not None:
            ids.append(pick)
    return ids

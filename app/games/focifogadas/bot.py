"""The Drukker bot: it steers the match toward its own bets (rules/focifogadas.md §9).

It looks only at what its seat sees: its own dealt cards and hand, its drawn pair, the
public board and tracks. Every estimate is a small Monte-Carlo run of `match.simulate` on a
board whose hidden cards were dealt afresh (`match.resample_hidden`), so it never relies on
the real order of a pile.

- Choosing 4 of 8: the subset with the best expected payout over simulated matches.
- Playing: the card whose continuations pay its hand best (common random numbers for both
  cards). Equal values favour Passzolgatás when its bets pay now (wasting time) and the
  other card otherwise; once no bet can change any more, it just wastes time.
- Half time: it buys one card per lost bet (at most 2), replaces the lost ones, draws dark
  for a lost dark card, and keeps the drawn cards most likely to pay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from app.games.base import Action, Rng
from app.games.focifogadas import bets, match
from app.games.focifogadas.cards import CARDS, CATALOGUE
from app.games.focifogadas.drukker import DrukkerState, legal_actions, pays
from app.games.focifogadas.record import MatchRecord
from app.games.focifogadas.views import current_record, live_half

CHOOSE_SAMPLES: Final = 120
PLAY_SAMPLES: Final = 16
KEEP_SAMPLES: Final = 60


def drukker_action(s: DrukkerState, seat: int, rng: random.Random) -> Action | None:
    legal = legal_actions(s, seat)
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

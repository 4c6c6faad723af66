"""The match engine (docs/rules/focifogadas.md §6–§7), shared by Drukker and Bukméker.

Pure functions over a frozen `MatchState`:

    piles, rng, ev = shuffle_decks(rng)                      # §7.1 step 1 (16-card decks)
    m, rng, ev = start_match(piles, first_player, kickoff, n_players, rng,
                             half_time_break=True)           # draws the first pair
    to_act(m) -> seat | None;  legal(m) -> [{"type": "play", "card": id}, ...]
    m, rng, ev = play(m, card_id, rng)                       # one whole turn, next pair drawn
    m.status == HALF_TIME -> the mode does its purchases, then start_second_half(m, rng)
    is_over(m);  record(m) -> MatchRecord;  views.match_public(m) / views.pair_faces(m)
    simulate(m, random.Random) -> MatchRecord                # fast random play to the end
    play_out(m, random.Random) -> MatchState                 # the same, the final state

Deck size is whatever the piles hold (16 in Drukker; Bukméker passes 12-card piles after
setting aside the top 4, §10.1); every reshuffle only uses the cards in the match.
`half_time_break=False` (Bukméker) starts the 2nd half at once (no purchases, §10.6).

The state and its working board are in board.py, what each card does in effects.py; a turn
runs on a mutable `Board` so that the event-writing path (`play`) and the fast Monte-Carlo
path (`simulate`, used for the calibration and for odds) share every rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache

from app.games.base import IllegalAction, Rng
from app.games.focifogadas.actions import Play
from app.games.focifogadas.board import HALF_TIME as HALF_TIME
from app.games.focifogadas.board import OVER as OVER
from app.games.focifogadas.board import PLAYING as PLAYING
from app.games.focifogadas.board import TIME_STEPS as TIME_STEPS
from app.games.focifogadas.board import Board, RngSource
from app.games.focifogadas.board import MatchState as MatchState
from app.games.focifogadas.board import dump as dump
from app.games.focifogadas.board import load as load
from app.games.focifogadas.cards import CARDS, CATALOGUE, MID, SECTIONS
from app.games.focifogadas.effects import RESOLVER_OF, SECTION_OF, SIG_OF, time_advance
from app.games.focifogadas.events import Events
from app.games.focifogadas.record import TEAMS, MatchRecord

# --- A turn (§7.2–§7.4) -----------------------------------------------------------------------


def _reshuffle(b: Board, section: int, everything: bool) -> None:
    pile = list(b.discard[section])
    if everything:
        pile = list(b.draw[section]) + pile
    b.shuffle(pile)
    b.draw[section], b.discard[section] = tuple(pile), ()
    if b.events is not None:
        b.emit({"event": "deck_shuffled", "section": SECTIONS[section], "cards": len(pile)})


def _draw_pair(b: Board) -> None:
    """The player to act draws the top two cards of the ball's section (chance)."""
    s = b.section
    pile = b.draw[s]
    if len(pile) < 2:  # cannot happen with even decks (§7.2); reshuffle defensively
        _reshuffle(b, s, everything=True)
        pile = b.draw[s]
    b.pair = (pile[0], pile[1])
    b.draw[s] = pile[2:]
    if b.events is not None:
        b.emit({"event": "cards_drawn", "seat": b.current, "section": SECTIONS[s], "count": 2})


def _play(b: Board, played: int, other: int) -> None:
    """One whole turn after the choice: resolve, exhaustion, half end, next player's draw."""
    section = SECTION_OF[played]
    identical = SIG_OF[played] == SIG_OF[other]
    b.discard[section] = (*b.discard[section], other, played)
    b.turn += 1
    if b.events is not None:
        hidden = CARDS[other].to_json() if identical else {"id": None, "back": SECTIONS[section]}
        b.emit(
            {
                "event": "card_played",
                "seat": b.current,
                "card": CARDS[played].to_json(),
                "discarded": hidden,
                "identical": identical,
            }
        )
    RESOLVER_OF[played](b, played)
    if b.events is not None:
        b.emit({"event": "ball_moved", "section": SECTIONS[b.section], "poss": TEAMS[b.poss]})
    if b.time_pos < b.time_steps and not b.draw[section]:
        time_advance(b, "deck_exhausted")
        if b.time_pos < b.time_steps:
            _reshuffle(b, section, everything=False)
    if b.time_pos >= b.time_steps:
        _end_half(b)  # a pending extra turn is lost (A15)
        return
    if identical:
        b.emit({"event": "extra_turn", "seat": b.current})
    else:
        b.current = (b.current + 1) % b.n_players
    _draw_pair(b)


def _end_half(b: Board) -> None:
    b.last_player = b.current
    b.pair = None
    b.emit({"event": "half_ended", "half": b.half, "score": [b.h1 + b.h2, b.a1 + b.a2]})
    if b.half == 2:
        b.status = OVER
        b.emit({"event": "match_ended", "score": [b.h1 + b.h2, b.a1 + b.a2]})
    elif b.half_time_break:
        b.status = HALF_TIME
    else:
        _second_half(b)


def _second_half(b: Board) -> None:
    """§7.4 steps 3–6: reshuffle every deck, restart the time, the other team kicks off."""
    for s in range(5):
        _reshuffle(b, s, everything=True)
    b.half, b.time_pos, b.status = 2, 0, PLAYING
    b.section, b.poss = MID, 1 - b.kickoff
    b.current = (b.last_player + 1) % b.n_players
    b.emit({"event": "second_half_started", "kickoff": TEAMS[b.poss], "seat": b.current})
    _draw_pair(b)


# --- Public API -------------------------------------------------------------------------------


def shuffle_decks(
    rng: Rng, decks: Sequence[Sequence[int]] = CATALOGUE.decks
) -> tuple[tuple[tuple[int, ...], ...], Rng, Events]:
    """§7.1 step 1: each section's deck shuffled (chance); top of each pile first."""
    piles: list[tuple[int, ...]] = []
    events: Events = []
    for s, deck in enumerate(decks):
        pile, rng = rng.shuffle(deck)
        piles.append(pile)
        events.append({"event": "deck_shuffled", "section": SECTIONS[s], "cards": len(pile)})
    return tuple(piles), rng, events


def start_match(
    piles: Sequence[Sequence[int]],
    first_player: int,
    kickoff: int,
    n_players: int,
    rng: Rng,
    *,
    half_time_break: bool,
    time_steps: int = TIME_STEPS,
) -> tuple[MatchState, Rng, Events]:
    """§7.1 steps 2–6: ball to the kick-off team in midfield; the start player draws.
    `time_steps`: the time advances that end a half (§12.1 time_advances_per_half)."""
    m = MatchState(
        n_players=n_players,
        half_time_break=half_time_break,
        kickoff=kickoff,
        half=1,
        time_pos=0,
        section=MID,
        poss=kickoff,
        h1=0,
        a1=0,
        h2=0,
        a2=0,
        fg=-1,
        corners=0,
        yellows=0,
        reds=0,
        draw=tuple(tuple(p) for p in piles),
        discard=((),) * 5,
        current=first_player,
        pair=None,
        last_player=-1,
        status=PLAYING,
        turn=0,
        time_steps=time_steps,
    )
    events: Events = [
        {"event": "kicked_off", "team": TEAMS[kickoff], "seat": first_player, "half": 1}
    ]
    return _run(m, rng, _draw_pair, events)


def _run(
    m: MatchState, rng: Rng, step: Callable[[Board], None], events: Events
) -> tuple[MatchState, Rng, Events]:
    src = RngSource(rng)
    b = Board(m, src.roll, src.shuffle)
    b.events = events
    step(b)
    return b.freeze(), src.rng, events


def to_act(m: MatchState) -> int | None:
    return m.current if m.status == PLAYING else None


def legal(m: MatchState) -> list[Play]:
    """PLAY_CARD (§12): either drawn card, or only the first of an identical pair."""
    if m.status != PLAYING or m.pair is None:
        return []
    return _plays(m.pair)


@lru_cache(maxsize=4096)
def _plays(pair: tuple[int, int]) -> list[Play]:
    """A pair's plays, made once per pair: asked for by the player's view, the check of its
    move and the move itself. Shared: nobody may change the list or its actions."""
    c1, c2 = CARDS[pair[0]], CARDS[pair[1]]
    if c1.sig == c2.sig:
        return [{"type": "play", "card": c1.id}]
    return [{"type": "play", "card": c1.id}, {"type": "play", "card": c2.id}]


def play(m: MatchState, card_id: str, rng: Rng) -> tuple[MatchState, Rng, Events]:
    """The current player plays `card_id` from the drawn pair; the rest of the turn follows."""
    if {"type": "play", "card": card_id} not in legal(m):
        raise IllegalAction(f"card {card_id!r} cannot be played now")
    assert m.pair is not None
    c1, c2 = m.pair
    played, other = (c1, c2) if CARDS[c1].id == card_id else (c2, c1)
    return _run(m, rng, lambda b: _play(b, played, other), [])


def start_second_half(m: MatchState, rng: Rng) -> tuple[MatchState, Rng, Events]:
    """After the half-time purchases (Drukker): §7.4 steps 3–6."""
    if m.status != HALF_TIME:
        raise IllegalAction("the match is not at half time")
    return _run(m, rng, _second_half, [])


def is_over(m: MatchState) -> bool:
    return m.status == OVER


def record(m: MatchState | Board) -> MatchRecord:
    """The `MatchRecord` so far (final once the match is over)."""
    fg = None if m.fg < 0 else TEAMS[m.fg]
    return MatchRecord(m.h1, m.a1, m.h2, m.a2, fg, m.corners, m.yellows, m.reds)


def score(m: MatchState) -> list[int]:
    return [m.h1 + m.h2, m.a1 + m.a2]


Chooser = Callable[[int, int, int, int], int]


def simulate(
    m: MatchState,
    rnd: random.Random,
    choose: Chooser | None = None,
    first: int | None = None,
) -> MatchRecord:
    """The final `MatchRecord` of `play_out` (same arguments), without building the state."""
    return record(_play_out(m, rnd, choose, first))


def play_out(
    m: MatchState,
    rnd: random.Random,
    choose: Chooser | None = None,
    first: int | None = None,
) -> MatchState:
    """Play the match to its end with `rnd` as chance: no events, no copies per turn.

    `choose(c1, c2, section, poss)` picks the card to play (default: either with
    probability ½, as in the §15 calibration); `first` is the card the current player plays
    now. A match paused at half time carries on without purchases. The state's hidden order
    is used as it stands: callers that must not know it (bots, odds) deal the unseen cards
    afresh first (`resample_hidden`). Returns the final state.
    """
    return _play_out(m, rnd, choose, first).freeze()


def _play_out(
    m: MatchState, rnd: random.Random, choose: Chooser | None, first: int | None
) -> Board:
    r = rnd.random

    def roll() -> int:
        return int(r() * 12) + 1

    def shuffle(pile: list[int]) -> None:  # Fisher-Yates on random(): 3x random.shuffle
        for i in range(len(pile) - 1, 0, -1):
            j = int(r() * (i + 1))
            pile[i], pile[j] = pile[j], pile[i]

    b = Board(m, roll, shuffle)
    if first is not None:  # the current player's pending choice, made by the caller
        assert b.pair is not None and first in b.pair
        _play(b, first, b.pair[1] if b.pair[0] == first else b.pair[0])
    while b.status != OVER:
        if b.status == HALF_TIME:
            _second_half(b)
            continue
        c1, c2 = b.pair  # type: ignore[misc]
        if choose is None:
            if r() < 0.5:
                c1, c2 = c2, c1
        elif choose(c1, c2, b.section, b.poss) != c1:
            c1, c2 = c2, c1
        _play(b, c1, c2)
    return b


def resample_hidden(m: MatchState, rnd: random.Random, known_pair: bool) -> MatchState:
    """`m` with every card a seat cannot see dealt afresh, consistent with the public counts.

    Per section the unseen cards are the full deck minus the drawn pair (when the seat knows
    it); the draw pile keeps its size, the rest goes to the discard.
    """
    draw: list[tuple[int, ...]] = []
    discard: list[tuple[int, ...]] = []
    in_hand = set(m.pair or ()) if known_pair else set()
    for s in range(5):
        unseen = [c for c in m.draw[s] + m.discard[s] if c not in in_hand]
        if not known_pair and m.pair is not None and CARDS[m.pair[0]].section == s:
            unseen += m.pair
        rnd.shuffle(unseen)
        n = len(m.draw[s])
        draw.append(tuple(unseen[:n]))
        discard.append(tuple(unseen[n:]))
    pair = m.pair
    if not known_pair and m.pair is not None:
        s = CARDS[m.pair[0]].section
        pile = discard[s]
        pair = (pile[0], pile[1])
        discard[s] = pile[2:]
    return replace(m, draw=tuple(draw), discard=tuple(discard), pair=pair)

"""The match engine (rules/focifogadas.md §6–§7), shared by Drukker and Bukméker.

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

Inside, a card is an int (its index in `cards.CARDS`); the top of a draw pile is index 0.
A turn runs on a mutable `_Board` so that the event-writing path (`play`) and the fast
Monte-Carlo path (`simulate`, used for the calibration and for odds) share every rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from app.games.base import Event, IllegalAction, JsonDict, Rng
from app.games.focifogadas.cards import (
    A16,
    AH,
    CARDS,
    CATALOGUE,
    H16,
    HH,
    HOME,
    MID,
    OWNER,
    SECTIONS,
)
from app.games.focifogadas.record import CORNER_CAP, RED_CAP, TEAMS, YELLOW_CAP, MatchRecord

TIME_STEPS: Final = 6  # §4.2 / §12.1 time_advances_per_half default: start + 5 green fields
PLAYING: Final = "playing"
HALF_TIME: Final = "half_time"
OVER: Final = "over"


@dataclass(frozen=True, slots=True)
class MatchState:
    n_players: int
    half_time_break: bool  # Drukker: stop at half time for the purchases (§7.4 step 2)
    kickoff: int  # the team that kicked off the 1st half
    half: int
    time_pos: int  # 0..time_steps; time_steps = the half is over
    section: int
    poss: int
    h1: int
    a1: int
    h2: int
    a2: int
    fg: int  # -1 = no goal yet
    corners: int
    yellows: int
    reds: int
    draw: tuple[tuple[int, ...], ...]
    discard: tuple[tuple[int, ...], ...]  # played card last (face up), the other under it
    current: int
    pair: tuple[int, int] | None  # the current player's drawn pair (private to them)
    last_player: int  # who played the last card of the 1st half (-1 before)
    status: str
    turn: int  # turns played so far
    time_steps: int = TIME_STEPS  # §12.1 time_advances_per_half (6, or 5 for a short half)


_SCALARS: Final = (
    *("n_players", "half_time_break", "kickoff", "half", "time_pos", "section", "poss"),
    *("h1", "a1", "h2", "a2", "fg", "corners", "yellows", "reds"),
    *("current", "last_player", "status", "turn"),
)


class _Board:
    """A mutable working copy of a `MatchState` for the duration of one or more turns."""

    __slots__ = (*_SCALARS, "discard", "draw", "events", "pair", "roll", "shuffle", "time_steps")

    n_players: int
    half_time_break: bool
    kickoff: int
    half: int
    time_pos: int
    section: int
    poss: int
    h1: int
    a1: int
    h2: int
    a2: int
    fg: int
    corners: int
    yellows: int
    reds: int
    current: int
    last_player: int
    status: str
    turn: int
    time_steps: int
    draw: list[list[int]]
    discard: list[list[int]]
    pair: tuple[int, int] | None
    events: list[Event] | None  # None on the fast path
    roll: Callable[[], int]  # a d12
    shuffle: Callable[[list[int]], None]  # in place

    def __init__(self, m: MatchState, roll: Callable[[], int], shuffle: Callable[..., None]):
        for name in _SCALARS:
            setattr(self, name, getattr(m, name))
        self.draw = [list(p) for p in m.draw]
        self.discard = [list(p) for p in m.discard]
        self.pair = m.pair
        self.time_steps = m.time_steps
        self.events = None
        self.roll = roll
        self.shuffle = shuffle

    def freeze(self) -> MatchState:
        values = {name: getattr(self, name) for name in _SCALARS}
        return MatchState(
            draw=tuple(tuple(p) for p in self.draw),
            discard=tuple(tuple(p) for p in self.discard),
            pair=self.pair,
            time_steps=self.time_steps,
            **values,
        )

    def emit(self, event: str, **fields: Any) -> None:
        if self.events is not None:
            self.events.append({"event": event, **fields})


class _RngSource:
    """Dice and shuffles from the state's `Rng`, for the deterministic path."""

    __slots__ = ("rng",)

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def roll(self) -> int:
        value, self.rng = self.rng.die(12)
        return value

    def shuffle(self, pile: list[int]) -> None:
        order, self.rng = self.rng.shuffle(pile)
        pile[:] = order


# --- Geometry (§4.1, §6.2) --------------------------------------------------------------------


def _forward(section: int, team: int, k: int) -> int:
    """§6.2 forward(s, T, k), clamped to the pitch (D)."""
    s = section + k if team == HOME else section - k
    return 0 if s < 0 else 4 if s > 4 else s


def _half_of(team: int) -> int:
    return HH if team == HOME else AH


def _box_of(team: int) -> int:
    return H16 if team == HOME else A16


# --- Shared sub-procedures (§6.2) -------------------------------------------------------------


def _rolled(b: _Board, band: str) -> int:
    """A d12 rolled by the player who played the card (S p.4); `band` names what it is for."""
    value = b.roll()
    if b.events is not None:
        b.emit("die_rolled", seat=b.current, value=value, roll_for=band)
    return value


def _goal(b: _Board, team: int) -> None:
    """GOAL(T): count it in the current half, first goal, restart from midfield (S p.4)."""
    if b.half == 1:
        if team == HOME:
            b.h1 += 1
        else:
            b.a1 += 1
    elif team == HOME:
        b.h2 += 1
    else:
        b.a2 += 1
    first = b.fg < 0
    if first:
        b.fg = team
    b.section, b.poss = MID, 1 - team
    if b.events is not None:
        score = [b.h1 + b.h2, b.a1 + b.a2]
        b.emit("goal", team=TEAMS[team], half=b.half, score=score, first=first)


def _save(b: _Board, defender: int) -> None:
    """SAVE(D): the ball goes to the defenders' box, with them (S p.8/9)."""
    b.section, b.poss = _box_of(defender), defender
    b.emit("saved", team=TEAMS[defender])


def _penalty(b: _Board, attacker: int) -> None:
    """PENALTY(A, D): 1–10 goal, 11–12 saved (S p.9)."""
    if _rolled(b, "penalty") <= 10:
        _goal(b, attacker)
    else:
        _save(b, 1 - attacker)


def _cards(b: _Board, r: int) -> None:
    """CARDS(r): 7–10 a yellow card, 11–12 a red card; the tracks saturate (S p.9, §4.2)."""
    if 7 <= r <= 10:
        b.yellows = min(b.yellows + 1, YELLOW_CAP)
        b.emit("yellow_card", yellows=b.yellows)
    elif r >= 11:
        b.reds = min(b.reds + 1, RED_CAP)
        b.emit("red_card", reds=b.reds)


def _corner(b: _Board) -> None:
    b.corners = min(b.corners + 1, CORNER_CAP)
    b.emit("corner_taken", corners=b.corners)


def _kickout(b: _Board, card: int, defender: int, r: int, lo: int, hi: int) -> None:
    """KICKOUT(D, r, lo, hi): bands (S); possession by the card's circles (§6.2, D)."""
    c = CARDS[card]
    b.section = _half_of(defender) if r <= lo else MID if r <= hi else _half_of(1 - defender)
    b.poss = c.kick_even if r % 2 == 0 else c.kick_odd


def _time_advance(b: _Board, cause: str) -> None:
    b.time_pos += 1
    if b.events is not None:
        b.emit("time_advanced", half=b.half, time=b.time_pos, cause=cause)


# --- The card types (§6.3) --------------------------------------------------------------------


def _short_pass(b: _Board, card: int) -> None:
    team = CARDS[card].team
    if team >= 0:
        b.poss = team
    b.section = _forward(b.section, b.poss, 1)


def _long_pass(b: _Board, card: int) -> None:
    team = CARDS[card].team
    if team >= 0:
        b.poss = team
    b.section = _forward(b.section, b.poss, 2)


def _dribble(b: _Board, card: int) -> None:
    b.poss = CARDS[card].team


def _keep(b: _Board, card: int) -> None:
    _time_advance(b, "keep")


def _clearance(b: _Board, card: int) -> None:
    team = CARDS[card].team
    b.poss, b.section = team, _forward(b.section, team, 1)


def _throw_in(b: _Board, card: int) -> None:
    team = CARDS[card].team
    b.poss = team
    r = _rolled(b, "throw_in")
    if r == 1:
        b.poss = 1 - team  # Leszerelés
    elif r <= 3:
        b.section = _forward(b.section, team, -1)  # Hátra dobás
    elif r >= 7:
        b.section = _forward(b.section, team, 1)  # Előredobás; 4–6 Röviddobás stays


def _corner_card(b: _Board, card: int) -> None:
    attacker = CARDS[card].team
    defender = 1 - attacker
    _corner(b)
    while True:
        r = _rolled(b, "corner")
        if r <= 3:
            _corner(b)  # another corner, also when the track is full (A25)
        elif r <= 9:
            _kickout(b, card, defender, r, 7, 9)  # 4–7 D's half, 8–9 midfield
            return
        else:
            _goal(b, attacker)
            return


def _back_pass(b: _Board, card: int) -> None:
    defender = CARDS[card].team
    r = _rolled(b, "back_pass")
    if r == 1:
        _goal(b, 1 - defender)  # own goal
    else:
        _kickout(b, card, defender, r, 5, 9)


def _box_card(on_ball: Callable[[_Board, int], None]) -> Callable[[_Board, int], None]:
    """Gól/Kirúgás and 11-es/Kirúgás (§6.3 #9, #12): the attacker's action if it has the
    ball, else a goal kick by the defender (4 / 9 bands)."""

    def resolve(b: _Board, card: int) -> None:
        defender = OWNER[b.section]
        if b.poss != defender:
            on_ball(b, b.poss)
        else:
            _kickout(b, card, defender, _rolled(b, "goal_kick"), 4, 9)

    return resolve


_goal_kickout = _box_card(_goal)
_penalty_kickout = _box_card(_penalty)


def _goal_pass(b: _Board, card: int) -> None:
    defender = OWNER[b.section]
    if b.poss != defender:
        _goal(b, b.poss)
    else:
        b.section = _forward(b.section, defender, 1)


def _shot_pass(b: _Board, card: int) -> None:
    defender = OWNER[b.section]
    if b.poss == defender:
        b.section = MID
    elif _rolled(b, "shot") <= 9:
        _save(b, defender)
    else:
        _goal(b, b.poss)


def _foul_half(b: _Board, card: int) -> None:
    """Even → the half's owner, odd → the attacker; the section stays (§6.3 #13, A6)."""
    defender = OWNER[b.section]
    r = _rolled(b, "foul")
    _cards(b, r)
    b.poss = defender if r % 2 == 0 else 1 - defender


def _foul_box(b: _Board, card: int) -> None:
    """Even → the attacker takes a penalty, odd → the defender keeps it in the box (A7)."""
    defender = OWNER[b.section]
    r = _rolled(b, "foul")
    _cards(b, r)
    if r % 2 == 0:
        _penalty(b, 1 - defender)
    else:
        b.poss = defender


_RESOLVE: Final[dict[str, Callable[[_Board, int], None]]] = {
    "short_pass": _short_pass,
    "long_pass": _long_pass,
    "dribble": _dribble,
    "keep": _keep,
    "clearance": _clearance,
    "throw_in": _throw_in,
    "corner": _corner_card,
    "back_pass": _back_pass,
    "goal_kickout": _goal_kickout,
    "goal_pass": _goal_pass,
    "shot_pass": _shot_pass,
    "penalty_kickout": _penalty_kickout,
    "foul_half": _foul_half,
    "foul_box": _foul_box,
}
# Hot-path table: card index -> its resolver.
_RESOLVER_OF: Final = tuple(_RESOLVE[c.kind] for c in CARDS)
_SECTION_OF: Final = tuple(c.section for c in CARDS)
_SIG_OF: Final = tuple(c.sig for c in CARDS)


# --- A turn (§7.2–§7.4) -----------------------------------------------------------------------


def _reshuffle(b: _Board, section: int, everything: bool) -> None:
    pile = b.discard[section]
    if everything:
        pile = b.draw[section] + pile
    b.shuffle(pile)
    b.draw[section], b.discard[section] = pile, []
    if b.events is not None:
        b.emit("deck_shuffled", section=SECTIONS[section], cards=len(pile))


def _draw_pair(b: _Board) -> None:
    """The player to act draws the top two cards of the ball's section (chance)."""
    s = b.section
    pile = b.draw[s]
    if len(pile) < 2:  # cannot happen with even decks (§7.2); reshuffle defensively
        _reshuffle(b, s, everything=True)
        pile = b.draw[s]
    b.pair = (pile[0], pile[1])
    del pile[:2]
    if b.events is not None:
        b.emit("cards_drawn", seat=b.current, section=SECTIONS[s], count=2)


def _play(b: _Board, played: int, other: int) -> None:
    """One whole turn after the choice: resolve, exhaustion, half end, next player's draw."""
    section = _SECTION_OF[played]
    identical = _SIG_OF[played] == _SIG_OF[other]
    b.discard[section] += (other, played)
    b.turn += 1
    if b.events is not None:
        hidden = CARDS[other].to_json() if identical else {"id": None, "back": SECTIONS[section]}
        b.emit(
            "card_played",
            seat=b.current,
            card=CARDS[played].to_json(),
            discarded=hidden,
            identical=identical,
        )
    _RESOLVER_OF[played](b, played)
    if b.events is not None:
        b.emit("ball_moved", section=SECTIONS[b.section], poss=TEAMS[b.poss])
    if b.time_pos < b.time_steps and not b.draw[section]:
        _time_advance(b, "deck_exhausted")
        if b.time_pos < b.time_steps:
            _reshuffle(b, section, everything=False)
    if b.time_pos >= b.time_steps:
        _end_half(b)  # a pending extra turn is lost (A15)
        return
    if identical:
        b.emit("extra_turn", seat=b.current)
    else:
        b.current = (b.current + 1) % b.n_players
    _draw_pair(b)


def _end_half(b: _Board) -> None:
    b.last_player = b.current
    b.pair = None
    b.emit("half_ended", half=b.half, score=[b.h1 + b.h2, b.a1 + b.a2])
    if b.half == 2:
        b.status = OVER
        b.emit("match_ended", score=[b.h1 + b.h2, b.a1 + b.a2])
    elif b.half_time_break:
        b.status = HALF_TIME
    else:
        _second_half(b)


def _second_half(b: _Board) -> None:
    """§7.4 steps 3–6: reshuffle every deck, restart the time, the other team kicks off."""
    for s in range(5):
        _reshuffle(b, s, everything=True)
    b.half, b.time_pos, b.status = 2, 0, PLAYING
    b.section, b.poss = MID, 1 - b.kickoff
    b.current = (b.last_player + 1) % b.n_players
    b.emit("second_half_started", kickoff=TEAMS[b.poss], seat=b.current)
    _draw_pair(b)


# --- Public API -------------------------------------------------------------------------------


def shuffle_decks(
    rng: Rng, decks: Sequence[Sequence[int]] = CATALOGUE.decks
) -> tuple[tuple[tuple[int, ...], ...], Rng, list[Event]]:
    """§7.1 step 1: each section's deck shuffled (chance); top of each pile first."""
    piles: list[tuple[int, ...]] = []
    events: list[Event] = []
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
) -> tuple[MatchState, Rng, list[Event]]:
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
    events: list[Event] = [
        {"event": "kicked_off", "team": TEAMS[kickoff], "seat": first_player, "half": 1}
    ]
    return _run(m, rng, _draw_pair, events)


def _run(
    m: MatchState, rng: Rng, step: Callable[[_Board], None], events: list[Event]
) -> tuple[MatchState, Rng, list[Event]]:
    src = _RngSource(rng)
    b = _Board(m, src.roll, src.shuffle)
    b.events = events
    step(b)
    return b.freeze(), src.rng, events


def to_act(m: MatchState) -> int | None:
    return m.current if m.status == PLAYING else None


def legal(m: MatchState) -> list[JsonDict]:
    """PLAY_CARD (§12): either drawn card, or only the first of an identical pair."""
    if m.status != PLAYING or m.pair is None:
        return []
    c1, c2 = (CARDS[i] for i in m.pair)
    if c1.sig == c2.sig:
        return [{"type": "play", "card": c1.id}]
    return [{"type": "play", "card": c1.id}, {"type": "play", "card": c2.id}]


def play(m: MatchState, card_id: str, rng: Rng) -> tuple[MatchState, Rng, list[Event]]:
    """The current player plays `card_id` from the drawn pair; the rest of the turn follows."""
    if {"type": "play", "card": card_id} not in legal(m):
        raise IllegalAction(f"card {card_id!r} cannot be played now")
    assert m.pair is not None
    c1, c2 = m.pair
    played, other = (c1, c2) if CARDS[c1].id == card_id else (c2, c1)
    return _run(m, rng, lambda b: _play(b, played, other), [])


def start_second_half(m: MatchState, rng: Rng) -> tuple[MatchState, Rng, list[Event]]:
    """After the half-time purchases (Drukker): §7.4 steps 3–6."""
    if m.status != HALF_TIME:
        raise IllegalAction("the match is not at half time")
    return _run(m, rng, _second_half, [])


def is_over(m: MatchState) -> bool:
    return m.status == OVER


def record(m: MatchState | _Board) -> MatchRecord:
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
) -> _Board:
    r = rnd.random

    def roll() -> int:
        return int(r() * 12) + 1

    def shuffle(pile: list[int]) -> None:  # Fisher-Yates on random(): 3x random.shuffle
        for i in range(len(pile) - 1, 0, -1):
            j = int(r() * (i + 1))
            pile[i], pile[j] = pile[j], pile[i]

    b = _Board(m, roll, shuffle)
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


# --- JSON -------------------------------------------------------------------------------------


def dump(m: MatchState) -> JsonDict:
    data: JsonDict = {name: getattr(m, name) for name in _SCALARS}
    data["draw"] = [list(p) for p in m.draw]
    data["discard"] = [list(p) for p in m.discard]
    data["pair"] = None if m.pair is None else list(m.pair)
    if m.time_steps != TIME_STEPS:  # only a non-default half length: default dumps unchanged
        data["time_steps"] = m.time_steps
    return data


def load(data: JsonDict) -> MatchState:
    pair = data["pair"]
    return MatchState(
        draw=tuple(tuple(int(c) for c in p) for p in data["draw"]),
        discard=tuple(tuple(int(c) for c in p) for p in data["discard"]),
        pair=None if pair is None else (int(pair[0]), int(pair[1])),
        time_steps=int(data.get("time_steps", TIME_STEPS)),
        **{name: data[name] for name in _SCALARS},
    )

"""What each action card does (docs/rules/focifogadas.md §6.2 shared sub-procedures, §6.3 card
types), on the mutable `Board` of a turn. `RESOLVER_OF[card]` resolves a played card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from app.games.focifogadas.board import Board
from app.games.focifogadas.cards import A16, AH, CARDS, H16, HH, HOME, MID, OWNER
from app.games.focifogadas.record import CORNER_CAP, RED_CAP, TEAMS, YELLOW_CAP

# --- Geometry (§4.1, §6.2) --------------------------------------------------------------------


def forward(section: int, team: int, k: int) -> int:
    """§6.2 forward(s, T, k), clamped to the pitch (D)."""
    s = section + k if team == HOME else section - k
    return 0 if s < 0 else 4 if s > 4 else s


def _half_of(team: int) -> int:
    return HH if team == HOME else AH


def _box_of(team: int) -> int:
    return H16 if team == HOME else A16


# --- Shared sub-procedures (§6.2) -------------------------------------------------------------


def _rolled(b: Board, band: str) -> int:
    """A d12 rolled by the player who played the card (S p.4); `band` names what it is for."""
    value = b.roll()
    if b.events is not None:
        b.emit({"event": "die_rolled", "seat": b.current, "value": value, "roll_for": band})
    return value


def _goal(b: Board, team: int) -> None:
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
        b.emit(
            {"event": "goal", "team": TEAMS[team], "half": b.half, "score": score, "first": first}
        )


def _save(b: Board, defender: int) -> None:
    """SAVE(D): the ball goes to the defenders' box, with them (S p.8/9)."""
    b.section, b.poss = _box_of(defender), defender
    b.emit({"event": "saved", "team": TEAMS[defender]})


def _penalty(b: Board, attacker: int) -> None:
    """PENALTY(A, D): 1–10 goal, 11–12 saved (S p.9)."""
    if _rolled(b, "penalty") <= 10:
        _goal(b, attacker)
    else:
        _save(b, 1 - attacker)


def _cards(b: Board, r: int) -> None:
    """CARDS(r): 7–10 a yellow card, 11–12 a red card; the tracks saturate (S p.9, §4.2)."""
    if 7 <= r <= 10:
        b.yellows = min(b.yellows + 1, YELLOW_CAP)
        b.emit({"event": "yellow_card", "yellows": b.yellows})
    elif r >= 11:
        b.reds = min(b.reds + 1, RED_CAP)
        b.emit({"event": "red_card", "reds": b.reds})


def _corner(b: Board) -> None:
    b.corners = min(b.corners + 1, CORNER_CAP)
    b.emit({"event": "corner_taken", "corners": b.corners})


def _kickout(b: Board, card: int, defender: int, r: int, lo: int, hi: int) -> None:
    """KICKOUT(D, r, lo, hi): bands (S); possession by the card's circles (§6.2, D)."""
    c = CARDS[card]
    b.section = _half_of(defender) if r <= lo else MID if r <= hi else _half_of(1 - defender)
    b.poss = c.kick_even if r % 2 == 0 else c.kick_odd


def time_advance(b: Board, cause: str) -> None:
    b.time_pos += 1
    if b.events is not None:
        b.emit({"event": "time_advanced", "half": b.half, "time": b.time_pos, "cause": cause})


# --- The card types (§6.3) --------------------------------------------------------------------


def _short_pass(b: Board, card: int) -> None:
    team = CARDS[card].team
    if team >= 0:
        b.poss = team
    b.section = forward(b.section, b.poss, 1)


def _long_pass(b: Board, card: int) -> None:
    team = CARDS[card].team
    if team >= 0:
        b.poss = team
    b.section = forward(b.section, b.poss, 2)


def _dribble(b: Board, card: int) -> None:
    b.poss = CARDS[card].team


def _keep(b: Board, card: int) -> None:
    time_advance(b, "keep")


def _clearance(b: Board, card: int) -> None:
    team = CARDS[card].team
    b.poss, b.section = team, forward(b.section, team, 1)


def _throw_in(b: Board, card: int) -> None:
    team = CARDS[card].team
    b.poss = team
    r = _rolled(b, "throw_in")
    if r == 1:
        b.poss = 1 - team  # Leszerelés
    elif r <= 3:
        b.section = forward(b.section, team, -1)  # Hátra dobás
    elif r >= 7:
        b.section = forward(b.section, team, 1)  # Előredobás; 4–6 Röviddobás stays


def _corner_card(b: Board, card: int) -> None:
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


def _back_pass(b: Board, card: int) -> None:
    defender = CARDS[card].team
    r = _rolled(b, "back_pass")
    if r == 1:
        _goal(b, 1 - defender)  # own goal
    else:
        _kickout(b, card, defender, r, 5, 9)


def _box_card(on_ball: Callable[[Board, int], None]) -> Callable[[Board, int], None]:
    """Gól/Kirúgás and 11-es/Kirúgás (§6.3 #9, #12): the attacker's action if it has the
    ball, else a goal kick by the defender (4 / 9 bands)."""

    def resolve(b: Board, card: int) -> None:
        defender = OWNER[b.section]
        if b.poss != defender:
            on_ball(b, b.poss)
        else:
            _kickout(b, card, defender, _rolled(b, "goal_kick"), 4, 9)

    return resolve


_goal_kickout = _box_card(_goal)
_penalty_kickout = _box_card(_penalty)


def _goal_pass(b: Board, card: int) -> None:
    defender = OWNER[b.section]
    if b.poss != defender:
        _goal(b, b.poss)
    else:
        b.section = forward(b.section, defender, 1)


def _shot_pass(b: Board, card: int) -> None:
    defender = OWNER[b.section]
    if b.poss == defender:
        b.section = MID
    elif _rolled(b, "shot") <= 9:
        _save(b, defender)
    else:
        _goal(b, b.poss)


def _foul_half(b: Board, card: int) -> None:
    """Even → the half's owner, odd → the attacker; the section stays (§6.3 #13, A6)."""
    defender = OWNER[b.section]
    r = _rolled(b, "foul")
    _cards(b, r)
    b.poss = defender if r % 2 == 0 else 1 - defender


def _foul_box(b: Board, card: int) -> None:
    """Even → the attacker takes a penalty, odd → the defender keeps it in the box (A7)."""
    defender = OWNER[b.section]
    r = _rolled(b, "foul")
    _cards(b, r)
    if r % 2 == 0:
        _penalty(b, 1 - defender)
    else:
        b.poss = defender


_RESOLVE: Final[dict[str, Callable[[Board, int], None]]] = {
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
RESOLVER_OF: Final = tuple(_RESOLVE[c.kind] for c in CARDS)
SECTION_OF: Final = tuple(c.section for c in CARDS)
SIG_OF: Final = tuple(c.sig for c in CARDS)

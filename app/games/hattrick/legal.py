"""Whose decision it is and the legal options (docs/rules/hattrick.md §11): questions about a state.

The engine applies a decision with a single option itself (`rules.settle`, §11, A31).
"""

from __future__ import annotations

from typing import Literal

from app.games.hattrick.actions import (
    HatTrickAction,
    Move,
    NoMove,
    PassTo,
    ScoringOpportunity,
    ShotCard,
    Stepping,
)
from app.games.hattrick.cards import (
    PLAYERS,
    SHORT,
    card_side,
    card_type,
    keeper_cards,
    number_of,
    shooting_of,
    team_of,
)
from app.games.hattrick.pitch import at, carrier, forward, in_line, own_line, where
from app.games.hattrick.state import Match

NO_MOVE: NoMove = {"type": "no_move"}


def to_act(m: Match) -> frozenset[int]:
    """The seats the game waits for (before single options are applied automatically)."""
    phase = m.phase
    if phase == "over":
        return frozenset()
    if phase == "play":
        return frozenset(
            s for s in (0, 1) if m.pending[s] is None and m.played[s] is None and m.hands[s]
        )
    if phase == "shot_cards":
        return frozenset(s for s in (0, 1) if m.pending[s] is None)
    if phase in ("defender_move", "free_kick_defender"):
        return frozenset({1 - m.attacker})
    if phase == "goal_kick_other":
        return frozenset({1 - m.attacker})
    if phase == "save_draw":
        return frozenset({1 - shooter(m)})
    if phase == "kick":
        assert m.shootout is not None
        return frozenset({m.shootout.kicker})
    return frozenset({m.attacker})


def shooter(m: Match) -> int:
    assert m.shot is not None
    return m.shot.team


def legal_actions(m: Match, seat: int) -> list[HatTrickAction]:
    if seat not in to_act(m):
        return []
    phase = m.phase
    if phase == "play":
        return [{"type": "play", "card": c} for c in m.hands[seat]]
    if phase in ("attacker_move", "defender_move"):
        return [*move_step_options(m, seat)]
    if phase == "sideways":
        return [{"type": "pass_to", "player": p} for p in sideways_candidates(m)]
    if phase == "destination":
        return [{"type": "destination", "line": ln} for ln in long_ball_lines(m)]
    if phase == "free_kick_defender":
        return [NO_MOVE, *moves(m, seat, None, into_carrier=False, exclude=None)]
    if phase == "free_kick_attacker":
        return [NO_MOVE, *moves(m, seat, None, into_carrier=False, exclude=m.moved)]
    if phase == "free_kick_choice":
        so: ScoringOpportunity = {"type": "scoring_opportunity"}
        final = own_line(seat, where(m, carrier(m))[0]) == 6
        return [so] if final else [so, {"type": "play_on"}]
    if phase == "so_action":
        passes: list[PassTo] = [{"type": "pass_to", "player": p} for p in so_receivers(m)]
        return [{"type": "decline"}, *passes]
    if phase == "so_shot":
        return [{"type": "shoot"}, {"type": "hold"}]
    if phase == "shot_cards":
        return [*shot_card_options(m, seat)]
    if phase == "save_draw":
        return [{"type": "save_draw"}, {"type": "stop"}]
    if phase == "goal_kick_kicker":
        return [NO_MOVE, *moves(m, seat, None, into_carrier=True, exclude=None)]
    if phase == "goal_kick_other":
        return [NO_MOVE, *moves(m, seat, None, into_carrier=True, exclude=m.moved)]
    if phase == "goal_kick_card":
        return [{"type": "play", "card": c} for c in m.hands[seat]]
    if phase == "kick":
        hand = m.hands[seat]
        return [{"type": "kick", "card": c} for c in (hand or m.piles[seat][-1:])]
    raise AssertionError(phase)


def move_step_options(m: Match, seat: int) -> list[Stepping]:
    """D2/D4/D10: a player on the side of the played card; the carrier is unmovable, except
    that the SO defender may swap into the carrier's field (§7.2.3)."""
    card = m.played[seat]
    if card is None:
        return [NO_MOVE]
    defending = seat != m.attacker
    found = moves(m, seat, card_side(card), into_carrier=m.so and defending, exclude=None)
    if found and m.options.move_required:
        return [*found]
    return [NO_MOVE, *found]


def moves(
    m: Match, team: int, side: str | None, *, into_carrier: bool, exclude: str | None
) -> list[Move]:
    """§5.2: one field forward or back in the player's own column, swapping with any occupant."""
    out: list[Move] = []
    for line, row in enumerate(m.grid, start=1):
        for col, player in enumerate(row, start=1):
            if player is None or team_of(player) != team or player == m.carrier:
                continue
            if side is not None and PLAYERS[number_of(player)].side != side:
                continue
            steps: tuple[tuple[Literal["forward", "back"], int], ...] = (
                ("forward", forward(team)),
                ("back", -forward(team)),
            )
            for direction, step in steps:
                target_line = line + step
                if not 1 <= target_line <= 6:
                    continue
                occupant = at(m, target_line, col)
                if occupant is not None and occupant == m.carrier and not into_carrier:
                    continue
                if occupant is not None and occupant == exclude:
                    continue
                out.append({"type": "move", "player": player, "dir": direction})
    return out


def sideways_candidates(m: Match) -> list[str]:
    """§5.2.2: the carrier's nearest team-mates in his line (fewest columns away)."""
    holder = carrier(m)
    line, col = where(m, holder)
    mates = [p for p in in_line(m, line, team_of(holder)) if p != holder]
    if not mates:
        return []
    distance = {p: abs(where(m, p)[1] - col) for p in mates}
    best = min(distance.values())
    return [p for p in mates if distance[p] == best]


def long_ball_lines(m: Match) -> list[int]:
    """§5.3b, D5, F7: 2 or 3 lines forward, clamped to the final line, merged; lines holding
    one of the attacker's players first."""
    team = m.attacker
    line = own_line(team, where(m, carrier(m))[0])
    targets = sorted({own_line(team, min(6, line + 2)), own_line(team, min(6, line + 3))})
    manned = [ln for ln in targets if in_line(m, ln, team)]
    return manned or targets


def so_receivers(m: Match) -> list[str]:
    """§7.2.4: short pass → adjacent team-mates (diagonals too); long ball → any team-mate in
    own lines 5-6. Never the carrier himself."""
    holder = carrier(m)
    team = team_of(holder)
    line, col = where(m, holder)
    card = m.played[team]
    assert card is not None
    out: list[str] = []
    for li, row in enumerate(m.grid, start=1):
        for ci, p in enumerate(row, start=1):
            if p is None or p == holder or team_of(p) != team:
                continue
            near = max(abs(li - line), abs(ci - col)) == 1
            if near if card_type(card) == SHORT else own_line(team, li) >= 5:
                out.append(p)
    return sorted(out, key=number_of)


def shot_card_options(m: Match, seat: int) -> list[ShotCard]:
    """D13: the shooter's three cards of the shot's colour; the keeper's three cards."""
    assert m.shot is not None
    if seat == shooter(m):
        return [{"type": "shooting_card", "card": c} for c in shooting_of(m.shot.colour)]
    star = 1 in m.stars[seat]
    return [{"type": "keeper_card", "card": c} for c in keeper_cards(seat, star)]

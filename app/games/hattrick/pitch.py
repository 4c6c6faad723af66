"""The Hat Trick pitch (docs/rules/hattrick.md §3): frames, the grid, who stands where, player values
and who has the ball. Questions about a state, plus the one edit every part of the rules makes:
`pass_ball`.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.hattrick.cards import KEEPER_BASE, NUMBERS, PLAYERS, number_of, player_id, team_of
from app.games.hattrick.state import Events, Grid, Match

# --- Frames and the grid (§3.1) ----------------------------------------------------------------


def own_line(team: int, line: int) -> int:
    return line if team == 0 else 7 - line


def own_col(team: int, col: int) -> int:
    return col if team == 0 else 5 - col


def forward(team: int) -> int:
    return 1 if team == 0 else -1


def where(m: Match, player: str) -> tuple[int, int]:
    for li, row in enumerate(m.grid):
        for ci, occupant in enumerate(row):
            if occupant == player:
                return li + 1, ci + 1
    raise KeyError(player)


def at(m: Match, line: int, col: int) -> str | None:
    return m.grid[line - 1][col - 1]


def in_line(m: Match, line: int, team: int | None = None) -> list[str]:
    """The players in a line (of one team, or both), lowest number first."""
    players = [
        p for p in m.grid[line - 1] if p is not None and (team is None or team_of(p) == team)
    ]
    return sorted(players, key=lambda p: (number_of(p), team_of(p)))


def on_pitch(m: Match, team: int) -> list[str]:
    return [p for row in m.grid for p in row if p is not None and team_of(p) == team]


def starting_grid(off: tuple[str, ...]) -> Grid:
    """§3.2: the starting grid; sent-off players leave their field empty (§4.2.1)."""
    grid: list[list[str | None]] = [[None] * 4 for _ in range(6)]
    for team in (0, 1):
        for number in NUMBERS:
            player = player_id(team, number)
            if player in off:
                continue
            line, col = PLAYERS[number].start
            grid[own_line(team, line) - 1][own_col(team, col) - 1] = player
    return tuple(tuple(row) for row in grid)


# --- Players (§2.2, §2.6) ----------------------------------------------------------------------


def is_star(m: Match, player: str) -> bool:
    return number_of(player) in m.stars[team_of(player)]


def attack_of(m: Match, player: str) -> int:
    card = PLAYERS[number_of(player)]
    return (card.star if is_star(m, player) else card.regular)[0]


def defence_of(m: Match, player: str) -> int:
    card = PLAYERS[number_of(player)]
    return (card.star if is_star(m, player) else card.regular)[1]


def nearest_line_player(m: Match, team: int, line: int) -> str:
    """F1/F2: the team's lowest number in the nearest line holding one of its players; equally
    near lines → the one nearer that team's own goal."""
    lines = [ln for ln in range(1, 7) if in_line(m, ln, team)]
    best = min(lines, key=lambda ln: (abs(ln - line), own_line(team, ln)))
    return in_line(m, best, team)[0]


def kickoff_player(m: Match, team: int) -> str:
    """§4.2.2, F9: no. 6, else the lowest number in own line 3, else the lowest on the pitch."""
    six = player_id(team, 6)
    if six not in m.off:
        return six
    line3 = in_line(m, own_line(team, 3), team)
    if line3:
        return line3[0]
    return min(on_pitch(m, team), key=number_of)


# --- The ball ------------------------------------------------------------------------------------


def carrier(m: Match) -> str:
    assert m.carrier is not None
    return m.carrier


def pass_ball(m: Match, to: str, how: str, ev: Events) -> Match:
    ev.append({"event": "ball_passed", "how": how, "from": m.carrier, "to": to})
    return replace(m, carrier=to)


def in_zone(m: Match) -> bool:
    """§4.4, A6: is the ball in the possession team's final two lines (or either end)?"""
    holder = carrier(m)
    line = own_line(team_of(holder), where(m, holder)[0])
    if m.options.half_end_zone == "either_end":
        return line >= 5 or line <= 2
    return line >= 5


def is_penalty_spot(m: Match) -> bool:
    """§6.2.3: the carrier stands in one of the two central fields of his final line."""
    holder = carrier(m)
    team = team_of(holder)
    line, col = where(m, holder)
    return own_line(team, line) == 6 and own_col(team, col) in (2, 3)


def keeper_base(m: Match) -> int:
    """§2.5: the base number of save cards the defending keeper card prints for the shooter's
    field (own line 5 or 6, own column), on the keeper's regular or star set. It is fixed as
    soon as the shot starts, before either card is chosen (§8.3)."""
    shot = m.shot
    assert shot is not None
    star = 1 in m.stars[1 - shot.team]
    return KEEPER_BASE[(star, shot.line)][shot.col - 1]

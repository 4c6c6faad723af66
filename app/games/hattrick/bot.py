"""A sensible Hat Trick bot. It decides only from `view(state, seat)` and its legal actions:
the pitch, the revealed cards and its own hand — never the opponent's hand or piles.
"""

from __future__ import annotations

import random
from typing import Any

from app.games.base import Action, SeatView, View
from app.games.hattrick.cards import DRIBBLE, KEEPER_BASE, LONG, SHOOTING, SHORT
from app.games.hattrick.pitch import forward as fwd
from app.games.hattrick.pitch import own_col, own_line

Cell = dict[str, Any] | None
Grid = list[list[Cell]]


def find(grid: Grid, player: str) -> tuple[int, int]:
    for li, row in enumerate(grid, start=1):
        for ci, cell in enumerate(row, start=1):
            if cell is not None and cell["id"] == player:
                return li, ci
    raise KeyError(player)


def line_of(grid: Grid, line: int, team: int) -> list[dict[str, Any]]:
    if not 1 <= line <= 6:
        return []
    cells = [c for c in grid[line - 1] if c is not None and c["team"] == team]
    return sorted(cells, key=lambda c: int(c["number"]))


def shot_value(team: int, line: int, col: int) -> float:
    """How good a field is to shoot from (fewer save cards for the keeper is better)."""
    ol = own_line(team, line)
    if ol < 5:
        return -1.0
    return 5.0 - KEEPER_BASE[(False, ol)][own_col(team, col) - 1]


def moved(grid: Grid, action: Action) -> Grid:
    """The grid after a move action (a local sketch of §5.2)."""
    if action["type"] != "move":
        return grid
    new = [list(row) for row in grid]
    line, col = find(grid, action["player"])
    team = int(grid[line - 1][col - 1]["team"])  # type: ignore[index]
    target = line + (fwd(team) if action["dir"] == "forward" else -fwd(team))
    new[target - 1][col - 1], new[line - 1][col - 1] = (
        new[line - 1][col - 1],
        new[target - 1][col - 1],
    )
    return new


def after_sideways(grid: Grid, carrier: str) -> list[str]:
    line, col = find(grid, carrier)
    team = int(grid[line - 1][col - 1]["team"])  # type: ignore[index]
    mates = [c for c in line_of(grid, line, team) if c["id"] != carrier]
    if not mates:
        return [carrier]
    dist = {c["id"]: abs(find(grid, c["id"])[1] - col) for c in mates}
    best = min(dist.values())
    return [p for p, d in dist.items() if d == best]


def regular_threat(grid: Grid, carrier: str, att: int, kind: str) -> float:
    """How well the attacking team's action is set up (higher is better for the attacker)."""
    line, col = find(grid, carrier)
    if kind == SHORT:
        a = sum(int(c["attack"]) for c in line_of(grid, line, att))
        d = sum(int(c["defence"]) for c in line_of(grid, line, 1 - att))
        ahead = 1.5 if line_of(grid, line + fwd(att), att) else -1.0
        return a - d + ahead
    if kind == LONG:
        ol = own_line(att, line)
        best = -9.0
        for step in (2, 3):
            dest = own_line(att, min(6, ol + step))
            a = sum(int(c["attack"]) for c in line_of(grid, dest, att))
            d = sum(int(c["defence"]) for c in line_of(grid, dest, 1 - att))
            if a:
                best = max(best, a - d + 1.0)
        return best
    ahead = line + fwd(att)
    if not 1 <= ahead <= 6:
        return 2.0
    front = grid[ahead - 1][col - 1]
    if front is None or front["team"] == att:
        return 3.0
    me = grid[line - 1][col - 1]
    assert me is not None
    return float(me["attack"] - front["defence"])


def so_threat(grid: Grid, carrier: str, att: int, kind: str) -> float:
    """The best shooting field the attacker can reach with this round's card."""
    line, col = find(grid, carrier)
    if kind == DRIBBLE:
        return shot_value(att, line, col)
    best = -2.0
    for li, row in enumerate(grid, start=1):
        for ci, c in enumerate(row, start=1):
            if c is None or c["team"] != att or c["id"] == carrier:
                continue
            near = max(abs(li - line), abs(ci - col)) == 1
            if (kind == SHORT and near) or (kind == LONG and own_line(att, li) >= 5):
                best = max(best, shot_value(att, li, ci))
    return best


def threat(public: dict[str, Any], grid: Grid, kind: str, sideways: bool) -> float:
    att = int(public["attacker"])
    carriers = after_sideways(grid, public["carrier"]) if sideways else [public["carrier"]]
    score = so_threat if public["scoring_opportunity"] else regular_threat
    return max(score(grid, c, att, kind) for c in carriers)


def choose(view: View, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The bot's pick among `legal`, from what `seat` sees in `view`."""
    public = view.public
    private = view.private or {}
    me = seat
    kind = legal[0]["type"]
    if len(legal) == 1:
        return legal[0]
    if view.phase == "play":
        return play_card(public, private, legal, me)
    if kind in ("move", "no_move"):
        return choose_move(view.phase, public, legal, me, rng)
    if view.phase == "sideways":
        return best_of(legal, lambda a: threat_after_pass(public, a["player"]), rng)
    if kind == "destination":
        return best_of(legal, lambda a: destination_score(public, int(a["line"])), rng)
    if kind == "scoring_opportunity":
        line = find(public["pitch"], public["carrier"])[0]
        return legal[0] if own_line(me, line) >= 5 else legal[1]
    if view.phase == "so_action":
        return so_pass(public, legal, me)
    if kind == "shoot":
        return legal[0] if should_shoot(public, private, me) else legal[1]
    if kind == "shooting_card":
        return weighted(legal, [SHOOTING[a["card"]].modifier - 1 for a in legal], rng)
    if kind == "keeper_card":
        return guess_keeper(public, legal, rng)
    if kind == "save_draw":
        shot = public["shot"]
        return legal[1] if shot["total"] > shot["power"] else legal[0]
    if view.phase == "goal_kick_card":
        return goal_kick_card(public, legal, me)
    if kind == "kick":
        return max(legal, key=lambda a: (int(a["card"][4]), rng.random()))
    return rng.choice(legal)


def best_of(legal: list[Action], score: Any, rng: random.Random) -> Action:
    return max(legal, key=lambda a: (score(a), rng.random()))


def weighted(legal: list[Action], weights: list[int], rng: random.Random) -> Action:
    return rng.choices(legal, weights=weights)[0]


def table_kind(public: dict[str, Any]) -> str:
    card = public["table"][public["attacker"]]
    return str(card["type"]) if card and card.get("type") else SHORT


def threat_after_pass(public: dict[str, Any], receiver: str) -> float:
    return threat({**public, "carrier": receiver}, public["pitch"], table_kind(public), False)


def destination_score(public: dict[str, Any], dest: int) -> float:
    grid, att = public["pitch"], int(public["attacker"])
    a = sum(int(c["attack"]) for c in line_of(grid, dest, att))
    d = sum(int(c["defence"]) for c in line_of(grid, dest, 1 - att))
    return a - d + (2 if a else 0)


def play_card(
    public: dict[str, Any], private: dict[str, Any], legal: list[Action], me: int
) -> Action:
    hand = {c["id"]: c for c in private["hand"]}
    att = int(public["attacker"])
    grid = public["pitch"]
    stakes = own_line(att, find(grid, public["carrier"])[0])
    if public["scoring_opportunity"]:
        if me != att:
            return min(legal, key=lambda a: hand[a["card"]]["value"])

        def so_score(a: Action) -> float:
            card = hand[a["card"]]
            return threat(public, grid, card["type"], True) * 2 + int(card["value"])

        return max(legal, key=so_score)
    if me != att:
        danger = stakes >= 4
        return max(legal, key=lambda a: hand[a["card"]]["value"] * (1 if danger else -1))

    def score(a: Action) -> float:
        card = hand[a["card"]]
        margin = threat(public, grid, card["type"], True) + int(card["value"]) - 2.5
        progress = {SHORT: 1.0, LONG: 2.0, DRIBBLE: 1.0}[card["type"]]
        conserve = 0.4 * card["value"] if stakes <= 3 else 0.0
        return min(margin, 3.0) + progress - conserve

    return max(legal, key=score)


def choose_move(
    phase: str, public: dict[str, Any], legal: list[Action], me: int, rng: random.Random
) -> Action:
    att = int(public["attacker"])
    sign = 1 if me == att else -1
    grid = public["pitch"]
    if phase.startswith("goal_kick"):
        return best_of(legal, lambda a: sign * goal_kick_edge(moved(grid, a), att), rng)
    kind = table_kind(public) if phase in ("attacker_move", "defender_move") else SHORT
    sideways = phase == "attacker_move"
    return best_of(legal, lambda a: sign * threat(public, moved(grid, a), kind, sideways), rng)


def goal_kick_winner(grid: Grid, kicking: int, line_no: int) -> int | None:
    line = own_line(kicking, line_no)
    cells = [c for c in grid[line - 1] if c is not None]
    if not cells:
        return None
    low = min(int(c["number"]) for c in cells)
    teams = {int(c["team"]) for c in cells if int(c["number"]) == low}
    return 1 - kicking if 1 - kicking in teams else kicking


def goal_kick_edge(grid: Grid, kicking: int) -> float:
    return sum(goal_kick_winner(grid, kicking, n) == kicking for n in (1, 2, 3))


def goal_kick_card(public: dict[str, Any], legal: list[Action], me: int) -> Action:
    distance = {DRIBBLE: 1, SHORT: 2, LONG: 3}

    def score(a: Action) -> float:
        kind = {"SP": SHORT, "LB": LONG, "DR": DRIBBLE}[a["card"][2:4]]
        ours = goal_kick_winner(public["pitch"], me, distance[kind]) == me
        return (10 if ours else 0) + distance[kind] - int(a["card"][4]) * 0.1

    return max(legal, key=score)


def so_pass(public: dict[str, Any], legal: list[Action], me: int) -> Action:
    grid = public["pitch"]
    here = find(grid, public["carrier"])
    passes = [a for a in legal if a["type"] == "pass_to"]
    if not passes:
        return legal[0]

    def value(a: Action) -> tuple[float, int]:
        line, col = find(grid, a["player"])
        return shot_value(me, line, col), own_line(me, line)

    best = max(passes, key=value)
    if value(best)[0] < 0 and value(best)[1] <= own_line(me, here[0]):
        return legal[0]
    return best


def should_shoot(public: dict[str, Any], private: dict[str, Any], me: int) -> bool:
    line, col = find(public["pitch"], public["carrier"])
    star = public["keeper_star"][1 - me]
    base = KEEPER_BASE[(star, own_line(me, line))][own_col(me, col) - 1]
    card = public["table"][me]
    value = int(card["value"]) if card else 2
    if not private.get("hand"):
        return True
    return base <= 2 or (base == 3 and value >= 3)


def guess_keeper(public: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    colour = public["shot"]["colour"]
    strongest = max((s for s in SHOOTING.values() if s.colour == colour), key=lambda s: s.modifier)
    weights = [3 if a["card"].endswith(strongest.target) else 2 for a in legal]
    return weighted(legal, weights, rng)


def act(view: SeatView, rng: random.Random) -> Action:
    """The contract's bot (`Game.bot_action`): `choose` on the seat's view and legal actions."""
    seen = View(view["phase"], view["public"], view["private"])
    return choose(seen, view["you"], view["legal"], rng)

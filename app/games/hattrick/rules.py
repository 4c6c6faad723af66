"""Hat Trick rules, top-down: set-up → whose turn → legal actions → apply → outcome.

Every section cites rules/hattrick.md. The engine works on a private copy of the state (`Match`
is plain mutable data; `apply` clones it first), so callers never see their input change.
Decisions with exactly one legal option are applied by the engine itself (§11, A31).
"""

from __future__ import annotations

from typing import Required

from app.games.base import Action, Event, IllegalAction, JsonDict, NotYourTurn, Result, Rng
from app.games.hattrick.cards import (
    DECKS,
    DRIBBLE,
    HAND,
    KEEPER_BASE,
    LONG,
    MIN_PLAYERS,
    NUMBERS,
    PENALTY_HAND,
    PLAYERS,
    SHOOTING,
    SHOOTOUT_VALVE,
    SHORT,
    VALVE_TURNS,
    card_side,
    card_type,
    card_value,
    keeper_cards,
    keeper_covers,
    number_of,
    overlay,
    player_id,
    shooting_of,
    stars_of,
    team_of,
)
from app.games.hattrick.state import Match, clone

Events = list[Event]
NO_MOVE: Action = {"type": "no_move"}
SIMULTANEOUS = ("play", "shot_cards")


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


def is_star(m: Match, player: str) -> bool:
    return number_of(player) in m.stars[team_of(player)]


def attack_of(m: Match, player: str) -> int:
    card = PLAYERS[number_of(player)]
    return (card.star if is_star(m, player) else card.regular)[0]


def defence_of(m: Match, player: str) -> int:
    card = PLAYERS[number_of(player)]
    return (card.star if is_star(m, player) else card.regular)[1]


def carrier(m: Match) -> str:
    assert m.carrier is not None
    return m.carrier


def nearest_line_player(m: Match, team: int, line: int) -> str:
    """F1/F2: the team's lowest number in the nearest line holding one of its players; equally
    near lines → the one nearer that team's own goal."""
    lines = [ln for ln in range(1, 7) if in_line(m, ln, team)]
    best = min(lines, key=lambda ln: (abs(ln - line), own_line(team, ln)))
    return in_line(m, best, team)[0]


# --- Set-up (§3.2, §4.2) ------------------------------------------------------------------------


def new(options: JsonDict, seed: int) -> tuple[Match, Events]:
    stars = [sorted(stars_of(options["team_blue"])), sorted(stars_of(options["team_red"]))]
    m = Match(options=dict(options), rng=Rng(seed), stars=stars)
    ev: Events = []
    kickoff = coin_toss(m, "first_half_kickoff", ev)
    m.first_kickoff = kickoff
    setup_half(m, 1, kickoff, ev)
    settle(m, ev)
    return m, ev


def coin_toss(m: Match, purpose: str, ev: Events) -> int:
    """§12: a coin toss, logged; returns the team that won it."""
    team, m.rng = m.rng.randint(0, 1)
    ev.append({"event": "coin_toss", "purpose": purpose, "team": team})
    return team


def place_players(m: Match) -> None:
    """§3.2: the starting grid; sent-off players leave their field empty (§4.2.1)."""
    grid: list[list[str | None]] = [[None] * 4 for _ in range(6)]
    for team in (0, 1):
        for number in NUMBERS:
            player = player_id(team, number)
            if player in m.off:
                continue
            line, col = PLAYERS[number].start
            grid[own_line(team, line) - 1][own_col(team, col) - 1] = player
    m.grid = grid


def kickoff_player(m: Match, team: int) -> str:
    """§4.2.2, F9: no. 6, else the lowest number in own line 3, else the lowest on the pitch."""
    six = player_id(team, 6)
    if six not in m.off:
        return six
    line3 = in_line(m, own_line(team, 3), team)
    if line3:
        return line3[0]
    return min(on_pitch(m, team), key=number_of)


def setup_half(m: Match, half: int, kickoff: int, ev: Events) -> None:
    """§4.2: positions, fresh decks (Blue's shuffle and draws, then Red's), ball on no. 6."""
    m.half = half
    place_players(m)
    m.valve = 0
    m.exhausted = [False, False]
    m.so = False
    m.shot = None
    for team in (0, 1):
        fresh_deck(m, team, HAND, ev)
    m.carrier = kickoff_player(m, kickoff)
    ev.append({"event": "half_started", "half": half, "kickoff": kickoff, "carrier": m.carrier})
    start_turn(m, ev)


# --- Cards: drawing and discarding (§4.3) ---------------------------------------------------------


def fresh_deck(m: Match, team: int, hand: int, ev: Events) -> None:
    """§4.2.3 / §4.6.1: all 32 cards shuffled into a new draw pile, then the hand drawn."""
    deck, m.rng = m.rng.shuffle(DECKS[team])
    m.piles[team] = list(deck)
    m.hands[team] = []
    m.discards[team] = []
    ev.append({"event": "deck_shuffled", "team": team, "cards": len(deck)})
    draw_up_to(m, team, hand, ev)


def draw_one(m: Match, team: int, ev: Events) -> str | None:
    """The top card of the draw pile, making a temporary deck from the discards when empty."""
    if not m.piles[team]:
        if not m.discards[team]:
            return None
        deck, m.rng = m.rng.shuffle(m.discards[team])
        m.piles[team] = list(deck)
        m.discards[team] = []
        ev.append({"event": "temporary_deck", "team": team, "cards": len(deck)})
    card = m.piles[team].pop()
    if not m.piles[team] and not m.exhausted[team] and m.half <= 3:
        m.exhausted[team] = True  # §4.4: the original deck is exhausted
        ev.append({"event": "deck_exhausted", "team": team})
    return card


def draw_up_to(m: Match, team: int, size: int, ev: Events) -> None:
    count = 0
    while len(m.hands[team]) < size:
        card = draw_one(m, team, ev)
        if card is None:
            break
        m.hands[team].append(card)
        count += 1
    if count:
        ev.append({"event": "cards_drawn", "team": team, "count": count})


def both_draw(m: Match, ev: Events) -> None:
    for team in (0, 1):
        draw_up_to(m, team, HAND, ev)


def discard_played(m: Match) -> None:
    for team in (0, 1):
        card = m.played[team]
        if card is not None:
            m.discards[team].append(card)
        m.played[team] = None


# --- Turn boundary, half end, valve (§4.4–§4.6) -----------------------------------------------------


def in_zone(m: Match) -> bool:
    """§4.4, A6: is the ball in the possession team's final two lines (or either end)?"""
    holder = carrier(m)
    line = own_line(team_of(holder), where(m, holder)[0])
    if m.options["half_end_zone"] == "either_end":
        return line >= 5 or line <= 2
    return line >= 5


def turn_boundary(m: Match, ev: Events) -> None:
    """§4.4: the half ends here once both decks are exhausted (unless the ball is in the zone),
    or at the valve (F13)."""
    if all(m.exhausted):
        if m.valve >= VALVE_TURNS or not in_zone(m):
            end_half(m, ev)
            return
        m.valve += 1
    start_turn(m, ev)


def start_turn(m: Match, ev: Events) -> None:
    """§5.1: a regular turn begins with both managers choosing a card."""
    m.so = False
    m.attacker = team_of(carrier(m))
    m.phase = "play"
    m.pending = [None, None]
    m.played = [None, None]
    m.moved = None
    for team in (0, 1):
        if not m.hands[team]:  # F10
            draw_up_to(m, team, HAND, ev)


def end_half(m: Match, ev: Events) -> None:
    ev.append({"event": "half_ended", "half": m.half, "score": list(m.score)})
    level = m.score[0] == m.score[1]
    if m.half == 1:
        setup_half(m, 2, 1 - m.first_kickoff, ev)
    elif m.half == 2 and level and m.options["knockout"]:
        setup_half(m, 3, coin_toss(m, "extra_time_kickoff", ev), ev)
    elif m.half == 3 and level:
        start_shootout(m, ev)
    else:
        finish(m, None if level else (0 if m.score[0] > m.score[1] else 1), ev)


def finish(m: Match, winner: int | None, ev: Events) -> None:
    m.phase = "over"
    m.winner = winner
    m.carrier = None if m.half == 4 else m.carrier
    ev.append({"event": "match_ended", "score": list(m.score), "winner": winner})


# --- Whose decision, and the legal options (§11) -----------------------------------------------


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
        return frozenset({int(m.shootout["kicker"])})
    return frozenset({m.attacker})


def shooter(m: Match) -> int:
    assert m.shot is not None
    return int(m.shot["team"])


def legal_actions(m: Match, seat: int) -> list[Action]:
    if seat not in to_act(m):
        return []
    phase = m.phase
    if phase == "play":
        return [{"type": "play", "card": c} for c in m.hands[seat]]
    if phase in ("attacker_move", "defender_move"):
        return move_step_options(m, seat)
    if phase == "sideways":
        return [{"type": "pass_to", "player": p} for p in sideways_candidates(m)]
    if phase == "destination":
        return [{"type": "destination", "line": ln} for ln in long_ball_lines(m)]
    if phase == "free_kick_defender":
        return [NO_MOVE, *moves(m, seat, None, into_carrier=False, exclude=None)]
    if phase == "free_kick_attacker":
        return [NO_MOVE, *moves(m, seat, None, into_carrier=False, exclude=m.moved)]
    if phase == "free_kick_choice":
        so: Action = {"type": "scoring_opportunity"}
        final = own_line(seat, where(m, carrier(m))[0]) == 6
        return [so] if final else [so, {"type": "play_on"}]
    if phase == "so_action":
        return [{"type": "decline"}, *({"type": "pass_to", "player": p} for p in so_receivers(m))]
    if phase == "so_shot":
        return [{"type": "shoot"}, {"type": "hold"}]
    if phase == "shot_cards":
        return shot_card_options(m, seat)
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


def move_step_options(m: Match, seat: int) -> list[Action]:
    """D2/D4/D10: a player on the side of the played card; the carrier is unmovable, except
    that the SO defender may swap into the carrier's field (§7.2.3)."""
    card = m.played[seat]
    if card is None:
        return [NO_MOVE]
    defending = seat != m.attacker
    found = moves(m, seat, card_side(card), into_carrier=m.so and defending, exclude=None)
    if found and m.options["move_required"]:
        return found
    return [NO_MOVE, *found]


def moves(
    m: Match, team: int, side: str | None, *, into_carrier: bool, exclude: str | None
) -> list[Action]:
    """§5.2: one field forward or back in the player's own column, swapping with any occupant."""
    out: list[Action] = []
    for line, row in enumerate(m.grid, start=1):
        for col, player in enumerate(row, start=1):
            if player is None or team_of(player) != team or player == m.carrier:
                continue
            if side is not None and PLAYERS[number_of(player)].side != side:
                continue
            for direction, step in (("forward", forward(team)), ("back", -forward(team))):
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


def shot_card_options(m: Match, seat: int) -> list[Action]:
    """D13: the shooter's three cards of the shot's colour; the keeper's three cards."""
    assert m.shot is not None
    if seat == shooter(m):
        return [{"type": "shooting_card", "card": c} for c in shooting_of(m.shot["colour"])]
    star = 1 in m.stars[seat]
    return [{"type": "keeper_card", "card": c} for c in keeper_cards(seat, star)]


# --- Applying an action -----------------------------------------------------------------------


def apply(state: Match, seat: int, action: Action) -> tuple[Match, Events]:
    if seat not in to_act(state):
        raise NotYourTurn(f"seat {seat} has nothing to decide now")
    if action not in legal_actions(state, seat):
        raise IllegalAction(f"not a legal action now: {action!r}")
    m = clone(state)
    ev: Events = []
    act(m, seat, action, ev)
    settle(m, ev)
    return m, ev


def settle(m: Match, ev: Events) -> None:
    """Apply every decision that has exactly one legal option (§11, A31)."""
    while True:
        for seat in sorted(to_act(m)):
            only = legal_actions(m, seat)
            if len(only) == 1:
                act(m, seat, only[0], ev)
                break
        else:
            return


def act(m: Match, seat: int, action: Action, ev: Events) -> None:
    kind = action["type"]
    phase = m.phase
    if phase == "play":
        choose_card(m, seat, action["card"], ev)
    elif phase == "shot_cards":
        m.pending[seat] = action["card"]
        if m.pending[0] is not None and m.pending[1] is not None:
            reveal_shot(m, ev)
    elif kind in ("move", "no_move"):
        if kind == "move":
            move_player(m, action["player"], action["dir"], ev)
        else:
            m.moved = None
        after_move(m, ev)
    elif phase == "sideways":
        pass_ball(m, action["player"], "sideways", ev)
        m.phase = "defender_move"
    elif phase == "destination":
        resolve_long_ball(m, int(action["line"]), ev)
    elif phase == "free_kick_choice":
        free_kick_choice(m, kind, ev)
    elif phase == "so_action":
        so_action(m, action, ev)
    elif phase == "so_shot":
        so_shot(m, kind == "shoot", ev)
    elif phase == "save_draw":
        save_draw(m, kind == "save_draw", ev)
    elif phase == "goal_kick_card":
        goal_kick(m, action["card"], ev)
    elif phase == "kick":
        penalty_kick(m, action["card"], ev)
    else:
        raise AssertionError(phase)


def choose_card(m: Match, seat: int, card: str, ev: Events) -> None:
    """§5.1.1 / §7.2.2: the card is laid face down; revealed once every seat has chosen."""
    m.hands[seat].remove(card)
    m.pending[seat] = card
    ev.append({"event": "card_laid", "team": seat})
    if not to_act(m):
        reveal_cards(m, ev)


def reveal_cards(m: Match, ev: Events) -> None:
    """§5.1.2-3: both draw back up to 3 (not in an SO), then both cards are revealed."""
    m.played = list(m.pending)
    m.pending = [None, None]
    if not m.so:
        both_draw(m, ev)
    ev.append({"event": "cards_revealed", "cards": list(m.played), "attacker": m.attacker})
    m.phase = "attacker_move"


def move_player(m: Match, player: str, direction: str, ev: Events) -> None:
    """§5.2: one field forward or back; swap with any occupant."""
    team = team_of(player)
    line, col = where(m, player)
    target = line + (forward(team) if direction == "forward" else -forward(team))
    other = at(m, target, col)
    m.grid[target - 1][col - 1] = player
    m.grid[line - 1][col - 1] = other
    m.moved = player
    ev.append(
        {
            "event": "player_moved",
            "player": player,
            "dir": direction,
            "from": [line, col],
            "to": [target, col],
            "swapped_with": other,
        }
    )


def after_move(m: Match, ev: Events) -> None:
    phase = m.phase
    if phase == "attacker_move":
        sideways_pass(m, ev)
    elif phase == "defender_move":
        resolve_action(m, ev)
    elif phase == "free_kick_defender":
        m.phase = "free_kick_attacker"
    elif phase == "free_kick_attacker":
        m.phase = "free_kick_choice"
    elif phase == "goal_kick_kicker":
        m.phase = "goal_kick_other"
    elif phase == "goal_kick_other":
        m.phase = "goal_kick_card"
        if not m.hands[m.attacker]:  # F10
            draw_up_to(m, m.attacker, HAND, ev)
    else:
        raise AssertionError(phase)


def pass_ball(m: Match, to: str, how: str, ev: Events) -> None:
    ev.append({"event": "ball_passed", "how": how, "from": m.carrier, "to": to})
    m.carrier = to


def sideways_pass(m: Match, ev: Events) -> None:
    """§5.2.2: the mandatory pass to the nearest team-mate in the line (a tie → D3)."""
    candidates = sideways_candidates(m)
    if len(candidates) == 1:
        pass_ball(m, candidates[0], "sideways", ev)
    m.phase = "sideways" if len(candidates) > 1 else "defender_move"


# --- Step 3: the action (§5.3) ------------------------------------------------------------------


def resolve_action(m: Match, ev: Events) -> None:
    if m.so:
        start_so_action(m, ev)
        return
    card = m.played[m.attacker]
    assert card is not None
    kind = card_type(card)
    if kind == SHORT:
        resolve_short_pass(m, ev)
    elif kind == LONG:
        m.phase = "destination"
    else:
        resolve_dribble(m, ev)


def contest(
    m: Match, kind: str, line: int, attackers: list[str], defenders: list[str], ev: Events
) -> str:
    """Totals, the tie-break on card footballs, and the foul on equal cards (§5.3)."""
    att, dfd = m.attacker, 1 - m.attacker
    a_card, d_card = m.played[att], m.played[dfd]
    assert a_card is not None and d_card is not None
    a_vals = [attack_of(m, p) for p in attackers]
    d_vals = [defence_of(m, p) for p in defenders]
    a_total = sum(a_vals) + card_value(a_card)
    d_total = sum(d_vals) + card_value(d_card)
    tie_break = a_total == d_total
    if a_total != d_total:
        outcome = "attack" if a_total > d_total else "defence"
    elif card_value(a_card) != card_value(d_card):
        outcome = "attack" if card_value(a_card) > card_value(d_card) else "defence"
    else:
        outcome = "foul"
    ev.append(
        {
            "event": "contest",
            "kind": kind,
            "line": line,
            "attack": side_report(att, attackers, a_vals, a_card, a_total),
            "defence": side_report(dfd, defenders, d_vals, d_card, d_total),
            "tie_break": tie_break,
            "outcome": outcome,
        }
    )
    return outcome


def side_report(
    team: int, players: list[str], values: list[int], card: str, total: int
) -> JsonDict:
    return {
        "team": team,
        "players": [{"id": p, "value": v} for p, v in zip(players, values, strict=True)],
        "card": card,
        "card_value": card_value(card),
        "total": total,
    }


def resolve_short_pass(m: Match, ev: Events) -> None:
    """§5.3a: contest in the carrier's line."""
    att, dfd = m.attacker, 1 - m.attacker
    line = where(m, carrier(m))[0]
    outcome = contest(m, SHORT, line, in_line(m, line, att), in_line(m, line, dfd), ev)
    fouler = None
    if outcome == "foul":
        fouler = (in_line(m, line, dfd) or [nearest_line_player(m, dfd, line)])[0]  # §6.1, F5
    if outcome == "defence":
        winner = (in_line(m, line, dfd) or [nearest_line_player(m, dfd, line)])[0]  # F1
        pass_ball(m, winner, "intercepted", ev)
    else:
        ahead = line + forward(att)
        receivers = in_line(m, ahead, att) if 1 <= ahead <= 6 else []
        pass_ball(m, (receivers or in_line(m, line, att))[0], "short_pass", ev)
    end_of_turn(m, fouler, ev)


def resolve_long_ball(m: Match, dest: int, ev: Events) -> None:
    """§5.3b: contest in the destination line; F2/F3 when a team has nobody there."""
    att, dfd = m.attacker, 1 - m.attacker
    line = where(m, carrier(m))[0]
    outcome = contest(m, LONG, dest, in_line(m, dest, att), in_line(m, dest, dfd), ev)
    fouler = None
    if outcome == "foul":
        fouler = (in_line(m, dest, dfd) or [nearest_line_player(m, dfd, dest)])[0]
    if outcome == "defence":
        winner = (in_line(m, dest, dfd) or [nearest_line_player(m, dfd, dest)])[0]
        pass_ball(m, winner, "intercepted", ev)
    else:
        receiver = (in_line(m, dest, att) or in_line(m, line, att))[0]
        pass_ball(m, receiver, "long_ball", ev)
    end_of_turn(m, fouler, ev)


def resolve_dribble(m: Match, ev: Events) -> None:
    """§5.3c: team-mate in front → pass; empty → step forward; opponent → contest; F4."""
    holder = carrier(m)
    att = m.attacker
    line, col = where(m, holder)
    ahead = line + forward(att)
    fouler = None
    if not 1 <= ahead <= 6:
        ev.append({"event": "dribbled", "player": holder, "result": "no_field"})
    elif (front := at(m, ahead, col)) is None:
        m.grid[ahead - 1][col - 1], m.grid[line - 1][col - 1] = holder, None
        ev.append({"event": "dribbled", "player": holder, "result": "empty", "to": [ahead, col]})
    elif team_of(front) == att:
        pass_ball(m, front, "dribbling", ev)
    else:
        outcome = contest(m, DRIBBLE, line, [holder], [front], ev)
        if outcome == "defence":
            pass_ball(m, front, "tackled", ev)
        else:
            m.grid[ahead - 1][col - 1], m.grid[line - 1][col - 1] = holder, front
            ev.append({"event": "dribbled", "player": holder, "result": "past", "to": [ahead, col]})
            fouler = front if outcome == "foul" else None
    end_of_turn(m, fouler, ev)


def is_penalty_spot(m: Match) -> bool:
    """§6.2.3: the carrier stands in one of the two central fields of his final line."""
    holder = carrier(m)
    team = team_of(holder)
    line, col = where(m, holder)
    return own_line(team, line) == 6 and own_col(team, col) in (2, 3)


def end_of_turn(m: Match, fouler: str | None, ev: Events) -> None:
    """§5.3 end of the turn: discards, then a foul (§6), an SO (§7) or the turn boundary."""
    if fouler is not None:
        book(m, fouler, ev)
        if is_penalty_spot(m):
            card = m.played[m.attacker]
            assert card is not None
            m.played[m.attacker] = None
            discard_played(m)
            ev.append({"event": "penalty_awarded", "team": m.attacker, "fouler": fouler})
            start_shot(m, card, penalty=True, ev=ev)
            return
        discard_played(m)
        ev.append({"event": "free_kick_awarded", "team": m.attacker, "fouler": fouler})
        m.moved = None
        m.phase = "free_kick_defender"
        return
    discard_played(m)
    after_action(m, ev)


def after_action(m: Match, ev: Events) -> None:
    """A7: an SO whenever the carrier ends an action in his own final line."""
    holder = carrier(m)
    if own_line(team_of(holder), where(m, holder)[0]) == 6:
        start_so(m, ev)
    else:
        turn_boundary(m, ev)


def book(m: Match, fouler: str, ev: Events) -> None:
    """§6.2.2: a yellow card for the team; a second one sends the fouler off (F11 floor)."""
    team = team_of(fouler)
    if not m.yellow[team]:
        m.yellow[team] = True
        ev.append({"event": "yellow_card", "team": team, "player": fouler})
        return
    m.yellow[team] = False
    if len(on_pitch(m, team)) - 1 < MIN_PLAYERS:
        ev.append({"event": "second_yellow_kept_on", "team": team, "player": fouler})
        return
    line, col = where(m, fouler)
    m.grid[line - 1][col - 1] = None
    m.off.append(fouler)
    ev.append({"event": "sent_off", "team": team, "player": fouler, "field": [line, col]})


def free_kick_choice(m: Match, kind: str, ev: Events) -> None:
    """§6.3.3, D8: a Scoring Opportunity or play on."""
    ev.append({"event": "free_kick_taken", "team": m.attacker, "choice": kind})
    if kind == "scoring_opportunity":
        start_so(m, ev)
    else:
        turn_boundary(m, ev)


# --- Scoring Opportunity (§7) --------------------------------------------------------------------


def start_so(m: Match, ev: Events) -> None:
    """§7.1; the valve may end the half where an SO would start (§4.4, F13)."""
    if all(m.exhausted):
        if m.valve >= VALVE_TURNS:
            end_half(m, ev)
            return
        m.valve += 1
    m.so = True
    m.so_round = 0
    m.attacker = team_of(carrier(m))
    ev.append({"event": "scoring_opportunity", "team": m.attacker, "carrier": m.carrier})
    so_next_round(m, ev)


def so_next_round(m: Match, ev: Events) -> None:
    """§7.2.1: no card left for the attacker → the SO ends (§7.5)."""
    discard_played(m)
    if not m.hands[m.attacker]:
        so_end(m, ev)
        return
    m.so_round += 1
    m.phase = "play"
    m.pending = [None, None]
    m.played = [None, None]
    m.moved = None


def start_so_action(m: Match, ev: Events) -> None:
    """§7.2.4: dribbling is performed at once; a pass may be declined (D11)."""
    card = m.played[m.attacker]
    assert card is not None
    if card_type(card) == DRIBBLE:
        ev.append({"event": "so_action", "kind": DRIBBLE, "performed": True})
        so_shot_check(m, True, ev)
    else:
        m.phase = "so_action"


def so_action(m: Match, action: Action, ev: Events) -> None:
    card = m.played[m.attacker]
    assert card is not None
    performed = action["type"] == "pass_to"
    if performed:
        pass_ball(m, action["player"], card_type(card), ev)
    ev.append({"event": "so_action", "kind": card_type(card), "performed": performed})
    so_shot_check(m, performed, ev)


def so_shot_check(m: Match, performed: bool, ev: Events) -> None:
    """§7.2.5: a performed action with the carrier in his final two lines allows a shot."""
    holder = carrier(m)
    if performed and own_line(m.attacker, where(m, holder)[0]) >= 5:
        m.phase = "so_shot"
    else:
        so_next_round(m, ev)


def so_shot(m: Match, shoot: bool, ev: Events) -> None:
    if not shoot:
        ev.append({"event": "shot_held", "team": m.attacker})
        so_next_round(m, ev)
        return
    card = m.played[m.attacker]
    assert card is not None
    m.played[m.attacker] = None
    discard_played(m)  # §7.2.5: the defender's card goes at once
    start_shot(m, card, penalty=False, ev=ev)


def so_end(m: Match, ev: Events) -> None:
    """§7.5: the lowest number of either team in the carrier's line (equal → the defender)."""
    line = where(m, carrier(m))[0]
    players = in_line(m, line)
    low = number_of(players[0])
    same = [p for p in players if number_of(p) == low]
    winner = next((p for p in same if team_of(p) != m.attacker), same[0])
    ev.append({"event": "scoring_opportunity_ended", "team": m.attacker, "ball_to": winner})
    m.carrier = winner
    m.so = False
    both_draw(m, ev)
    turn_boundary(m, ev)


# --- Shooting (§8) -------------------------------------------------------------------------------


def start_shot(m: Match, card: str, *, penalty: bool, ev: Events) -> None:
    """§8.1: the shot's action card is face up; shooting and keeper cards are chosen (D13)."""
    if m.half == 4:
        team = m.attacker
        line, col = 6, 2  # §4.6.3: a central final-line field
        player = None
    else:
        player = carrier(m)
        team = team_of(player)
        g_line, g_col = where(m, player)
        line, col = own_line(team, g_line), own_col(team, g_col)
    m.shot = {
        "team": team,
        "player": player,
        "card": card,
        "colour": card_type(card),
        "line": line,
        "col": col,
        "penalty": penalty,
        "shooting": None,
        "keeper": None,
        "base": None,
        "overlay": None,
        "allowance": None,
        "power": None,
        "drawn": [],
        "total": 0,
        "outcome": None,
        "resolved": False,
    }
    m.phase = "shot_cards"
    m.pending = [None, None]
    ev.append({"event": "shot", "team": team, "player": player, "card": card, "penalty": penalty})


def keeper_base(m: Match) -> int:
    """§2.5: the base number of save cards the defending keeper card prints for the shooter's
    field (own line 5 or 6, own column), on the keeper's regular or star set. It is fixed as
    soon as the shot starts, before either card is chosen (§8.3)."""
    shot = m.shot
    assert shot is not None
    star = 1 in m.stars[1 - int(shot["team"])]
    return KEEPER_BASE[(star, int(shot["line"]))][int(shot["col"]) - 1]


def reveal_shot(m: Match, ev: Events) -> None:
    """§8.2-8.3: power and save allowance."""
    shot = m.shot
    assert shot is not None
    team = int(shot["team"])
    keeper_team = 1 - team
    shooting = m.pending[team]
    keeper = m.pending[keeper_team]
    assert shooting is not None and keeper is not None
    m.pending = [None, None]
    base = keeper_base(m)
    lay = overlay(SHOOTING[shooting].target, keeper_covers(keeper))
    minus = 1 if shot["penalty"] else 0
    shot.update(
        shooting=shooting,
        keeper=keeper,
        base=base,
        overlay=lay,
        power=card_value(shot["card"]) + SHOOTING[shooting].modifier,
        allowance=max(0, base + lay - minus),
    )
    ev.append(
        {
            "event": "shot_cards_revealed",
            "shooting": shooting,
            "keeper": keeper,
            "power": shot["power"],
            "base": base,
            "overlay": lay,
            "penalty": minus,
            "allowance": shot["allowance"],
        }
    )
    m.phase = "save_draw"
    if shot["allowance"] == 0:
        resolve_shot(m, ev)


def save_draw(m: Match, draw: bool, ev: Events) -> None:
    """§8.4: the keeper turns over one card at a time; he stops, or reaches his allowance."""
    shot = m.shot
    assert shot is not None
    keeper_team = 1 - int(shot["team"])
    card = draw_one(m, keeper_team, ev) if draw else None
    if card is not None:
        shot["drawn"].append(card)
        shot["total"] += card_value(card)
        ev.append({"event": "save_card", "team": keeper_team, "card": card, "total": shot["total"]})
    if card is None or len(shot["drawn"]) >= shot["allowance"]:
        resolve_shot(m, ev)


def resolve_shot(m: Match, ev: Events) -> None:
    shot = m.shot
    assert shot is not None
    team = int(shot["team"])
    total, power = int(shot["total"]), int(shot["power"])
    outcome = "save" if total > power else "parry" if total == power else "goal"
    shot.update(outcome=outcome, resolved=True)
    m.discards[team].append(shot["card"])
    m.discards[1 - team].extend(shot["drawn"])
    ev.append(
        {"event": "shot_result", "team": team, "outcome": outcome, "save": total, "power": power}
    )
    if m.half == 4:
        shootout_kick_done(m, outcome == "goal", ev)
    elif outcome == "goal":
        goal(m, team, ev)
    elif outcome == "parry":
        parry(m, ev)
    else:
        start_goal_kick(m, 1 - team, ev)


def goal(m: Match, team: int, ev: Events) -> None:
    """§9.2: the goal, the set-up again, both draw, the conceding team kicks off."""
    m.score[team] += 1
    ev.append({"event": "goal", "team": team, "player": m.carrier, "score": list(m.score)})
    place_players(m)
    m.so = False
    both_draw(m, ev)
    m.carrier = kickoff_player(m, 1 - team)
    ev.append({"event": "kickoff", "team": 1 - team, "carrier": m.carrier})
    turn_boundary(m, ev)


def parry(m: Match, ev: Events) -> None:
    """§8.5: both draw; the ball to the final-line player closest to the power (F8)."""
    shot = m.shot
    assert shot is not None
    team, power = int(shot["team"]), int(shot["power"])
    both_draw(m, ev)
    players = in_line(m, own_line(team, 6))
    if not players:
        start_goal_kick(m, 1 - team, ev, drawn=True)
        return
    m.so = False
    winner = min(
        players, key=lambda p: (abs(number_of(p) - power), team_of(p) == team, number_of(p))
    )
    ev.append({"event": "parried", "ball_to": winner})
    m.carrier = winner
    if team_of(winner) == team:
        start_so(m, ev)
    else:
        turn_boundary(m, ev)


# --- Goalkeeper's kick (§9.1) -------------------------------------------------------------------


def start_goal_kick(m: Match, kicking: int, ev: Events, *, drawn: bool = False) -> None:
    m.so = False
    m.attacker = kicking
    m.carrier = None
    m.moved = None
    m.played = [None, None]
    if not drawn:
        both_draw(m, ev)
    ev.append({"event": "goal_kick", "team": kicking})
    m.phase = "goal_kick_kicker"


def goal_kick(m: Match, card: str, ev: Events) -> None:
    """§9.1.3-5: the card face up, one draw, the ball to the lowest number in the line."""
    team = m.attacker
    m.hands[team].remove(card)
    draw_up_to(m, team, len(m.hands[team]) + 1, ev)
    distance = {DRIBBLE: 1, SHORT: 2, LONG: 3}[card_type(card)]
    line = distance
    while not in_line(m, own_line(team, line)):  # F6
        line += 1
    players = in_line(m, own_line(team, line))
    low = number_of(players[0])
    same = [p for p in players if number_of(p) == low]
    receiver = next((p for p in same if team_of(p) != team), same[0])
    m.discards[team].append(card)
    m.carrier = receiver
    ev.append({"event": "goal_kick_taken", "team": team, "card": card, "ball_to": receiver})
    turn_boundary(m, ev)


# --- Penalty shoot-out (§4.6) ----------------------------------------------------------------------


def start_shootout(m: Match, ev: Events) -> None:
    m.half = 4
    m.carrier = None
    m.so = False
    first = coin_toss(m, "shootout_order", ev)
    for team in (0, 1):
        fresh_deck(m, team, PENALTY_HAND if m.options["shootout_hand"] else 0, ev)
    m.shootout = {"first": first, "kicker": first, "goals": [0, 0], "taken": [0, 0], "pairs": 0}
    ev.append({"event": "shootout_started", "first": first})
    next_kick(m, ev)


def next_kick(m: Match, ev: Events) -> None:
    assert m.shootout is not None
    kicker = int(m.shootout["kicker"])
    m.attacker = kicker
    m.phase = "kick"
    if not m.hands[kicker] and not m.piles[kicker]:  # the top card comes from a temporary deck
        card = draw_one(m, kicker, ev)
        if card is not None:
            m.piles[kicker].append(card)


def penalty_kick(m: Match, card: str, ev: Events) -> None:
    """§4.6.3: the kick card face up at once, then D13 and D14."""
    team = m.attacker
    if card in m.hands[team]:
        m.hands[team].remove(card)
    else:
        m.piles[team].remove(card)
    ev.append({"event": "penalty_kick", "team": team, "card": card})
    start_shot(m, card, penalty=True, ev=ev)


def shootout_kick_done(m: Match, scored: bool, ev: Events) -> None:
    so = m.shootout
    assert so is not None
    kicker = int(so["kicker"])
    so["goals"][kicker] += int(scored)
    so["taken"][kicker] += 1
    ev.append(
        {"event": "shootout_kick", "team": kicker, "scored": scored, "goals": list(so["goals"])}
    )
    goals, taken = so["goals"], so["taken"]
    winner: int | None = None
    if max(taken) <= 5:
        for team in (0, 1):
            if goals[team] > goals[1 - team] + 5 - taken[1 - team]:
                winner = team
    elif taken[0] == taken[1] and goals[0] != goals[1]:
        winner = 0 if goals[0] > goals[1] else 1
    if winner is None and taken[0] == taken[1] >= 5 and goals[0] == goals[1]:
        if taken[0] > 5:
            so["pairs"] += 1
        if so["pairs"] >= SHOOTOUT_VALVE:  # F12
            winner = coin_toss(m, "shootout_valve", ev)
    if winner is not None:
        so["winner"] = winner
        finish(m, winner, ev)
        return
    so["kicker"] = 1 - kicker
    next_kick(m, ev)


# --- Outcome --------------------------------------------------------------------------------------


class HatTrickResult(Result, total=False):
    score: Required[list[int]]
    draw: Required[bool]
    shootout: list[int]  # the shoot-out goals, when there was one


def result(m: Match) -> HatTrickResult | None:
    """None while playing; then the winners, the final score and, after a shoot-out, its goals."""
    if m.phase != "over":
        return None
    out: HatTrickResult = {
        "winners": [] if m.winner is None else [m.winner],
        "score": list(m.score),
        "draw": m.winner is None,
    }
    if m.shootout is not None:
        out["shootout"] = list(m.shootout["goals"])
    return out

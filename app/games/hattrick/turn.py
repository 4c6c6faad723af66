"""A regular Hat Trick turn (docs/rules/hattrick.md §5–§6): both cards laid and revealed, the move
steps, the sideways pass, the action and its contest, and the end of the turn with fouls,
bookings and free kicks. Every function returns the new state."""

from __future__ import annotations

from dataclasses import replace

from app.games.base import JsonDict
from app.games.hattrick.cards import (
    DRIBBLE,
    HAND,
    LONG,
    MIN_PLAYERS,
    SHORT,
    card_type,
    card_value,
    team_of,
)
from app.games.hattrick.deck import both_draw, discard_played, draw_up_to
from app.games.hattrick.halves import turn_boundary
from app.games.hattrick.legal import sideways_candidates, to_act
from app.games.hattrick.pitch import (
    at,
    attack_of,
    carrier,
    defence_of,
    forward,
    in_line,
    is_penalty_spot,
    nearest_line_player,
    on_pitch,
    own_line,
    pass_ball,
    where,
)
from app.games.hattrick.shot import start_shot, start_so, start_so_action
from app.games.hattrick.state import Events, Match, count, put, set_cell, without

# --- Step 1: the cards (§5.1) -------------------------------------------------------------------


def choose_card(m: Match, seat: int, card: str, ev: Events) -> Match:
    """§5.1.1 / §7.2.2: the card is laid face down; revealed once every seat has chosen."""
    m = replace(
        m,
        hands=put(m.hands, seat, without(m.hands[seat], card)),
        pending=put(m.pending, seat, card),
    )
    ev.append({"event": "card_laid", "team": seat})
    return m if to_act(m) else reveal_cards(m, ev)


def reveal_cards(m: Match, ev: Events) -> Match:
    """§5.1.2-3: both draw back up to 3 (not in an SO), then both cards are revealed."""
    m = replace(m, played=m.pending, pending=(None, None))
    if not m.so:
        m = both_draw(m, ev)
    ev.append({"event": "cards_revealed", "cards": list(m.played), "attacker": m.attacker})
    return replace(m, phase="attacker_move")


# --- Step 2: the moves and the sideways pass (§5.2) ---------------------------------------------


def move_player(m: Match, player: str, direction: str, ev: Events) -> Match:
    """§5.2: one field forward or back; swap with any occupant."""
    team = team_of(player)
    line, col = where(m, player)
    target = line + (forward(team) if direction == "forward" else -forward(team))
    other = at(m, target, col)
    grid = set_cell(set_cell(m.grid, target, col, player), line, col, other)
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
    return replace(m, grid=grid, moved=player)


def after_move(m: Match, ev: Events) -> Match:
    phase = m.phase
    if phase == "attacker_move":
        return sideways_pass(m, ev)
    if phase == "defender_move":
        return resolve_action(m, ev)
    if phase == "free_kick_defender":
        return replace(m, phase="free_kick_attacker")
    if phase == "free_kick_attacker":
        return replace(m, phase="free_kick_choice")
    if phase == "goal_kick_kicker":
        return replace(m, phase="goal_kick_other")
    if phase == "goal_kick_other":
        m = replace(m, phase="goal_kick_card")
        if not m.hands[m.attacker]:  # F10
            m = draw_up_to(m, m.attacker, HAND, ev)
        return m
    raise AssertionError(phase)


def sideways_pass(m: Match, ev: Events) -> Match:
    """§5.2.2: the mandatory pass to the nearest team-mate in the line (a tie → D3)."""
    candidates = sideways_candidates(m)
    if len(candidates) == 1:
        m = pass_ball(m, candidates[0], "sideways", ev)
    return replace(m, phase="sideways" if len(candidates) > 1 else "defender_move")


# --- Step 3: the action (§5.3) ------------------------------------------------------------------


def resolve_action(m: Match, ev: Events) -> Match:
    if m.so:
        return start_so_action(m, ev)
    card = m.played[m.attacker]
    assert card is not None
    kind = card_type(card)
    if kind == SHORT:
        return resolve_short_pass(m, ev)
    if kind == LONG:
        return replace(m, phase="destination")
    return resolve_dribble(m, ev)


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


def resolve_short_pass(m: Match, ev: Events) -> Match:
    """§5.3a: contest in the carrier's line."""
    att, dfd = m.attacker, 1 - m.attacker
    line = where(m, carrier(m))[0]
    outcome = contest(m, SHORT, line, in_line(m, line, att), in_line(m, line, dfd), ev)
    fouler = None
    if outcome == "foul":
        fouler = (in_line(m, line, dfd) or [nearest_line_player(m, dfd, line)])[0]  # §6.1, F5
    if outcome == "defence":
        winner = (in_line(m, line, dfd) or [nearest_line_player(m, dfd, line)])[0]  # F1
        m = pass_ball(m, winner, "intercepted", ev)
    else:
        ahead = line + forward(att)
        receivers = in_line(m, ahead, att) if 1 <= ahead <= 6 else []
        m = pass_ball(m, (receivers or in_line(m, line, att))[0], "short_pass", ev)
    return end_of_turn(m, fouler, ev)


def resolve_long_ball(m: Match, dest: int, ev: Events) -> Match:
    """§5.3b: contest in the destination line; F2/F3 when a team has nobody there."""
    att, dfd = m.attacker, 1 - m.attacker
    line = where(m, carrier(m))[0]
    outcome = contest(m, LONG, dest, in_line(m, dest, att), in_line(m, dest, dfd), ev)
    fouler = None
    if outcome == "foul":
        fouler = (in_line(m, dest, dfd) or [nearest_line_player(m, dfd, dest)])[0]
    if outcome == "defence":
        winner = (in_line(m, dest, dfd) or [nearest_line_player(m, dfd, dest)])[0]
        m = pass_ball(m, winner, "intercepted", ev)
    else:
        receiver = (in_line(m, dest, att) or in_line(m, line, att))[0]
        m = pass_ball(m, receiver, "long_ball", ev)
    return end_of_turn(m, fouler, ev)


def resolve_dribble(m: Match, ev: Events) -> Match:
    """§5.3c: team-mate in front → pass; empty → step forward; opponent → contest; F4."""
    holder = carrier(m)
    att = m.attacker
    line, col = where(m, holder)
    ahead = line + forward(att)
    fouler = None
    if not 1 <= ahead <= 6:
        ev.append({"event": "dribbled", "player": holder, "result": "no_field"})
    elif (front := at(m, ahead, col)) is None:
        m = replace(m, grid=set_cell(set_cell(m.grid, ahead, col, holder), line, col, None))
        ev.append({"event": "dribbled", "player": holder, "result": "empty", "to": [ahead, col]})
    elif team_of(front) == att:
        m = pass_ball(m, front, "dribbling", ev)
    else:
        outcome = contest(m, DRIBBLE, line, [holder], [front], ev)
        if outcome == "defence":
            m = pass_ball(m, front, "tackled", ev)
        else:
            grid = set_cell(set_cell(m.grid, ahead, col, holder), line, col, front)
            m = replace(m, grid=grid)
            ev.append({"event": "dribbled", "player": holder, "result": "past", "to": [ahead, col]})
            fouler = front if outcome == "foul" else None
    return end_of_turn(m, fouler, ev)


# --- The end of the turn: fouls and free kicks (§6) --------------------------------------------


def end_of_turn(m: Match, fouler: str | None, ev: Events) -> Match:
    """§5.3 end of the turn: discards, then a foul (§6), an SO (§7) or the turn boundary."""
    if fouler is None:
        return after_action(discard_played(m), ev)
    m = book(m, fouler, ev)
    if is_penalty_spot(m):
        card = m.played[m.attacker]
        assert card is not None
        m = discard_played(replace(m, played=put(m.played, m.attacker, None)))
        ev.append({"event": "penalty_awarded", "team": m.attacker, "fouler": fouler})
        return start_shot(m, card, penalty=True, ev=ev)
    m = discard_played(m)
    ev.append({"event": "free_kick_awarded", "team": m.attacker, "fouler": fouler})
    return replace(m, moved=None, phase="free_kick_defender")


def after_action(m: Match, ev: Events) -> Match:
    """A7: an SO whenever the carrier ends an action in his own final line."""
    holder = carrier(m)
    if own_line(team_of(holder), where(m, holder)[0]) == 6:
        return start_so(m, ev)
    return turn_boundary(m, ev)


def book(m: Match, fouler: str, ev: Events) -> Match:
    """§6.2.2: a yellow card for the team; a second one sends the fouler off (F11 floor)."""
    team = team_of(fouler)
    m = replace(m, counts=replace(m.counts, fouls=count(m.counts.fouls, team)))
    if not m.yellow[team]:
        ev.append({"event": "yellow_card", "team": team, "player": fouler})
        return replace(m, yellow=put(m.yellow, team, True))
    m = replace(m, yellow=put(m.yellow, team, False))
    if len(on_pitch(m, team)) - 1 < MIN_PLAYERS:
        ev.append({"event": "second_yellow_kept_on", "team": team, "player": fouler})
        return m
    line, col = where(m, fouler)
    ev.append({"event": "sent_off", "team": team, "player": fouler, "field": [line, col]})
    return replace(m, grid=set_cell(m.grid, line, col, None), off=(*m.off, fouler))


def free_kick_choice(m: Match, kind: str, ev: Events) -> Match:
    """§6.3.3, D8: a Scoring Opportunity or play on."""
    ev.append({"event": "free_kick_taken", "team": m.attacker, "choice": kind})
    return start_so(m, ev) if kind == "scoring_opportunity" else turn_boundary(m, ev)

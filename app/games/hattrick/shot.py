"""Scoring Opportunities, shots and what follows them (docs/rules/hattrick.md §7–§9): the SO rounds,
the shooting and keeper cards, the save draw, goal, parry, the goalkeeper's kick and a
shoot-out penalty. Every function returns the new state."""

from __future__ import annotations

from dataclasses import replace

from app.games.hattrick.actions import Decline, PassTo
from app.games.hattrick.cards import (
    DRIBBLE,
    LONG,
    SHOOTING,
    SHORT,
    VALVE_TURNS,
    card_type,
    card_value,
    keeper_covers,
    number_of,
    overlay,
    team_of,
)
from app.games.hattrick.deck import both_draw, discard_played, draw_one, draw_up_to
from app.games.hattrick.halves import end_half, shootout_kick_done, turn_boundary
from app.games.hattrick.pitch import (
    carrier,
    in_line,
    keeper_base,
    kickoff_player,
    own_col,
    own_line,
    pass_ball,
    starting_grid,
    where,
)
from app.games.hattrick.state import Events, Match, Shot, count, put, without

# --- Scoring Opportunity (§7) --------------------------------------------------------------------


def start_so(m: Match, ev: Events) -> Match:
    """§7.1; the valve may end the half where an SO would start (§4.4, F13)."""
    if all(m.exhausted):
        if m.valve >= VALVE_TURNS:
            return end_half(m, ev)
        m = replace(m, valve=m.valve + 1)
    team = team_of(carrier(m))
    counts = replace(m.counts, chances=count(m.counts.chances, team))
    m = replace(m, so=True, so_round=0, attacker=team, counts=counts)
    ev.append({"event": "scoring_opportunity", "team": m.attacker, "carrier": m.carrier})
    return so_next_round(m, ev)


def so_next_round(m: Match, ev: Events) -> Match:
    """§7.2.1: no card left for the attacker → the SO ends (§7.5)."""
    m = discard_played(m)
    if not m.hands[m.attacker]:
        return so_end(m, ev)
    return replace(
        m,
        so_round=m.so_round + 1,
        phase="play",
        pending=(None, None),
        played=(None, None),
        moved=None,
    )


def attacking_card(m: Match) -> str:
    card = m.played[m.attacker]
    assert card is not None
    return card


def start_so_action(m: Match, ev: Events) -> Match:
    """§7.2.4: dribbling is performed at once; a pass may be declined (D11)."""
    if card_type(attacking_card(m)) == DRIBBLE:
        ev.append({"event": "so_action", "kind": DRIBBLE, "performed": True})
        return so_shot_check(m, True, ev)
    return replace(m, phase="so_action")


def so_action(m: Match, action: PassTo | Decline, ev: Events) -> Match:
    kind = card_type(attacking_card(m))
    performed = action["type"] == "pass_to"
    if action["type"] == "pass_to":
        m = pass_ball(m, action["player"], kind, ev)
    ev.append({"event": "so_action", "kind": kind, "performed": performed})
    return so_shot_check(m, performed, ev)


def so_shot_check(m: Match, performed: bool, ev: Events) -> Match:
    """§7.2.5: a performed action with the carrier in his final two lines allows a shot."""
    if performed and own_line(m.attacker, where(m, carrier(m))[0]) >= 5:
        return replace(m, phase="so_shot")
    return so_next_round(m, ev)


def so_shot(m: Match, shoot: bool, ev: Events) -> Match:
    if not shoot:
        ev.append({"event": "shot_held", "team": m.attacker})
        return so_next_round(m, ev)
    card = attacking_card(m)
    # §7.2.5: the defender's card goes at once; the attacker's is the shot's action card
    m = discard_played(replace(m, played=put(m.played, m.attacker, None)))
    return start_shot(m, card, penalty=False, ev=ev)


def so_end(m: Match, ev: Events) -> Match:
    """§7.5: the lowest number of either team in the carrier's line (equal → the defender)."""
    players = in_line(m, where(m, carrier(m))[0])
    low = number_of(players[0])
    same = [p for p in players if number_of(p) == low]
    winner = next((p for p in same if team_of(p) != m.attacker), same[0])
    ev.append({"event": "scoring_opportunity_ended", "team": m.attacker, "ball_to": winner})
    m = both_draw(replace(m, carrier=winner, so=False), ev)
    return turn_boundary(m, ev)


# --- Shooting (§8) -------------------------------------------------------------------------------


def start_shot(m: Match, card: str, *, penalty: bool, ev: Events) -> Match:
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
        m = replace(m, counts=replace(m.counts, shots=count(m.counts.shots, team)))
    shot = Shot(team, player, card, card_type(card), line, col, penalty)
    m = replace(m, shot=shot, phase="shot_cards", pending=(None, None))
    ev.append({"event": "shot", "team": team, "player": player, "card": card, "penalty": penalty})
    return m


def reveal_shot(m: Match, ev: Events) -> Match:
    """§8.2-8.3: power and save allowance."""
    shot = m.shot
    assert shot is not None
    shooting, keeper = m.pending[shot.team], m.pending[1 - shot.team]
    assert shooting is not None and keeper is not None
    base = keeper_base(m)
    lay = overlay(SHOOTING[shooting].target, keeper_covers(keeper))
    minus = 1 if shot.penalty else 0
    shot = replace(
        shot,
        shooting=shooting,
        keeper=keeper,
        base=base,
        overlay=lay,
        power=card_value(shot.card) + SHOOTING[shooting].modifier,
        allowance=max(0, base + lay - minus),
    )
    ev.append(
        {
            "event": "shot_cards_revealed",
            "shooting": shooting,
            "keeper": keeper,
            "power": shot.power,
            "base": base,
            "overlay": lay,
            "penalty": minus,
            "allowance": shot.allowance,
        }
    )
    m = replace(m, shot=shot, pending=(None, None), phase="save_draw")
    return resolve_shot(m, ev) if shot.allowance == 0 else m


def save_draw(m: Match, draw: bool, ev: Events) -> Match:
    """§8.4: the keeper turns over one card at a time; he stops, or reaches his allowance."""
    shot = m.shot
    assert shot is not None and shot.allowance is not None
    allowance, keeper_team = shot.allowance, 1 - shot.team
    card = None
    if draw:
        card, m = draw_one(m, keeper_team, ev)
    if card is not None:
        shot = replace(shot, drawn=(*shot.drawn, card), total=shot.total + card_value(card))
        m = replace(m, shot=shot)
        ev.append({"event": "save_card", "team": keeper_team, "card": card, "total": shot.total})
    if card is None or len(shot.drawn) >= allowance:
        return resolve_shot(m, ev)
    return m


def resolve_shot(m: Match, ev: Events) -> Match:
    shot = m.shot
    assert shot is not None and shot.power is not None
    team, total, power = shot.team, shot.total, shot.power
    outcome = "save" if total > power else "parry" if total == power else "goal"
    discards = put(m.discards, team, (*m.discards[team], shot.card))
    discards = put(discards, 1 - team, (*discards[1 - team], *shot.drawn))
    m = replace(m, shot=replace(shot, outcome=outcome, resolved=True), discards=discards)
    ev.append(
        {"event": "shot_result", "team": team, "outcome": outcome, "save": total, "power": power}
    )
    if m.half == 4:
        return shootout_kick_done(m, outcome == "goal", ev)
    if outcome == "goal":
        return goal(m, team, ev)
    if outcome == "parry":
        return parry(m, ev)
    return start_goal_kick(m, 1 - team, ev)


def goal(m: Match, team: int, ev: Events) -> Match:
    """§9.2: the goal, the set-up again, both draw, the conceding team kicks off."""
    m = replace(m, score=count(m.score, team))
    ev.append({"event": "goal", "team": team, "player": m.carrier, "score": list(m.score)})
    m = both_draw(replace(m, grid=starting_grid(m.off), so=False), ev)
    m = replace(m, carrier=kickoff_player(m, 1 - team))
    ev.append({"event": "kickoff", "team": 1 - team, "carrier": m.carrier})
    return turn_boundary(m, ev)


def parry(m: Match, ev: Events) -> Match:
    """§8.5: both draw; the ball to the final-line player closest to the power (F8)."""
    shot = m.shot
    assert shot is not None and shot.power is not None
    team, power = shot.team, shot.power
    m = both_draw(m, ev)
    players = in_line(m, own_line(team, 6))
    if not players:
        return start_goal_kick(m, 1 - team, ev, drawn=True)
    winner = min(
        players, key=lambda p: (abs(number_of(p) - power), team_of(p) == team, number_of(p))
    )
    ev.append({"event": "parried", "ball_to": winner})
    m = replace(m, so=False, carrier=winner)
    return start_so(m, ev) if team_of(winner) == team else turn_boundary(m, ev)


# --- Goalkeeper's kick (§9.1) -------------------------------------------------------------------


def start_goal_kick(m: Match, kicking: int, ev: Events, *, drawn: bool = False) -> Match:
    m = replace(m, so=False, attacker=kicking, carrier=None, moved=None, played=(None, None))
    if not drawn:
        m = both_draw(m, ev)
    ev.append({"event": "goal_kick", "team": kicking})
    return replace(m, phase="goal_kick_kicker")


def goal_kick(m: Match, card: str, ev: Events) -> Match:
    """§9.1.3-5: the card face up, one draw, the ball to the lowest number in the line."""
    team = m.attacker
    m = replace(m, hands=put(m.hands, team, without(m.hands[team], card)))
    m = draw_up_to(m, team, len(m.hands[team]) + 1, ev)
    line = {DRIBBLE: 1, SHORT: 2, LONG: 3}[card_type(card)]
    while not in_line(m, own_line(team, line)):  # F6
        line += 1
    players = in_line(m, own_line(team, line))
    low = number_of(players[0])
    same = [p for p in players if number_of(p) == low]
    receiver = next((p for p in same if team_of(p) != team), same[0])
    m = replace(m, discards=put(m.discards, team, (*m.discards[team], card)), carrier=receiver)
    ev.append({"event": "goal_kick_taken", "team": team, "card": card, "ball_to": receiver})
    return turn_boundary(m, ev)


# --- A shoot-out penalty (§4.6.3) -------------------------------------------------------------------


def penalty_kick(m: Match, card: str, ev: Events) -> Match:
    """§4.6.3: the kick card face up at once, then D13 and D14."""
    team = m.attacker
    if card in m.hands[team]:
        m = replace(m, hands=put(m.hands, team, without(m.hands[team], card)))
    else:
        m = replace(m, piles=put(m.piles, team, without(m.piles[team], card)))
    ev.append({"event": "penalty_kick", "team": team, "card": card})
    return start_shot(m, card, penalty=True, ev=ev)

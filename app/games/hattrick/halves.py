"""The frame of a Hat Trick match (docs/rules/hattrick.md §4): a half's set-up, the turn boundary and
its safety valve, the end of a half, extra time, the order of the penalty shoot-out and full
time. Every function returns the new state; none calls up into the turn or the shot."""

from __future__ import annotations

from dataclasses import replace

from app.games.hattrick.cards import HAND, PENALTY_HAND, SHOOTOUT_VALVE, VALVE_TURNS, team_of
from app.games.hattrick.deck import coin_toss, draw_one, draw_up_to, fresh_deck
from app.games.hattrick.pitch import carrier, in_zone, kickoff_player, starting_grid
from app.games.hattrick.state import Events, Match, Shootout, put

# --- A half (§4.2) -------------------------------------------------------------------------------


def setup_half(m: Match, half: int, kickoff: int, ev: Events) -> Match:
    """§4.2: positions, fresh decks (Blue's shuffle and draws, then Red's), ball on no. 6."""
    m = replace(
        m,
        half=half,
        grid=starting_grid(m.off),
        valve=0,
        exhausted=(False, False),
        so=False,
        shot=None,
    )
    for team in (0, 1):
        m = fresh_deck(m, team, HAND, ev)
    m = replace(m, carrier=kickoff_player(m, kickoff))
    ev.append({"event": "half_started", "half": half, "kickoff": kickoff, "carrier": m.carrier})
    return start_turn(m, ev)


def start_turn(m: Match, ev: Events) -> Match:
    """§5.1: a regular turn begins with both managers choosing a card."""
    m = replace(
        m,
        so=False,
        attacker=team_of(carrier(m)),
        phase="play",
        pending=(None, None),
        played=(None, None),
        moved=None,
    )
    for team in (0, 1):
        if not m.hands[team]:  # F10
            m = draw_up_to(m, team, HAND, ev)
    return m


# --- Turn boundary, half end, valve (§4.4–§4.6) -----------------------------------------------


def turn_boundary(m: Match, ev: Events) -> Match:
    """§4.4: the half ends here once both decks are exhausted (unless the ball is in the zone),
    or at the valve (F13)."""
    if all(m.exhausted):
        if m.valve >= VALVE_TURNS or not in_zone(m):
            return end_half(m, ev)
        m = replace(m, valve=m.valve + 1)
    return start_turn(m, ev)


def end_half(m: Match, ev: Events) -> Match:
    ev.append({"event": "half_ended", "half": m.half, "score": list(m.score)})
    level = m.score[0] == m.score[1]
    if m.half == 1:
        return setup_half(m, 2, 1 - m.first_kickoff, ev)
    if m.half == 2 and level and m.options.knockout:
        kickoff, m = coin_toss(m, "extra_time_kickoff", ev)
        return setup_half(m, 3, kickoff, ev)
    if m.half == 3 and level:
        return start_shootout(m, ev)
    return finish(m, None if level else (0 if m.score[0] > m.score[1] else 1), ev)


def finish(m: Match, winner: int | None, ev: Events) -> Match:
    m = replace(m, phase="over", winner=winner, carrier=None if m.half == 4 else m.carrier)
    ev.append({"event": "match_ended", "score": list(m.score), "winner": winner})
    return m


# --- Penalty shoot-out (§4.6) ----------------------------------------------------------------------


def start_shootout(m: Match, ev: Events) -> Match:
    m = replace(m, half=4, carrier=None, so=False)
    first, m = coin_toss(m, "shootout_order", ev)
    for team in (0, 1):
        m = fresh_deck(m, team, PENALTY_HAND if m.options.shootout_hand else 0, ev)
    m = replace(m, shootout=Shootout(first=first, kicker=first))
    ev.append({"event": "shootout_started", "first": first})
    return next_kick(m, ev)


def next_kick(m: Match, ev: Events) -> Match:
    assert m.shootout is not None
    kicker = m.shootout.kicker
    m = replace(m, attacker=kicker, phase="kick")
    if not m.hands[kicker] and not m.piles[kicker]:  # the top card comes from a temporary deck
        card, m = draw_one(m, kicker, ev)
        if card is not None:
            m = replace(m, piles=put(m.piles, kicker, (*m.piles[kicker], card)))
    return m


def shootout_kick_done(m: Match, scored: bool, ev: Events) -> Match:
    so = m.shootout
    assert so is not None
    kicker = so.kicker
    goals = put(so.goals, kicker, so.goals[kicker] + int(scored))
    taken = put(so.taken, kicker, so.taken[kicker] + 1)
    so = replace(so, goals=goals, taken=taken)
    ev.append({"event": "shootout_kick", "team": kicker, "scored": scored, "goals": list(goals)})
    winner: int | None = None
    if max(taken) <= 5:
        for team in (0, 1):
            if goals[team] > goals[1 - team] + 5 - taken[1 - team]:
                winner = team
    elif taken[0] == taken[1] and goals[0] != goals[1]:
        winner = 0 if goals[0] > goals[1] else 1
    if winner is None and taken[0] == taken[1] >= 5 and goals[0] == goals[1]:
        if taken[0] > 5:
            so = replace(so, pairs=so.pairs + 1)
        if so.pairs >= SHOOTOUT_VALVE:  # F12
            winner, m = coin_toss(m, "shootout_valve", ev)
    if winner is not None:
        return finish(replace(m, shootout=replace(so, winner=winner)), winner, ev)
    return next_kick(replace(m, shootout=replace(so, kicker=1 - kicker)), ev)

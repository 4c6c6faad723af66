"""Hat Trick rules, top-down: set-up → whose turn → legal actions → apply → outcome.

Every section cites docs/rules/hattrick.md. `apply` is pure: each step builds a new frozen `Match`
and collects the public events of what happened in a local list. Decisions with exactly one
legal option are applied by the engine itself (§11, A31). The steps live in modules named for
what they hold, each importing only those below it:

    rules   set-up, apply and the dispatch of an action, the outcome
    turn    a regular turn (§5-§6)        shot    SOs, shots, goal kicks (§7-§9)
    halves  turn boundary, halves, the shoot-out's order, full time (§4)
    legal   whose decision, the legal options (§11)
    deck    coin tosses, shuffles, draws  pitch   frames, the grid, players, the ball (§3)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Required

from app.games.base import JsonDict, Result, Rng, check_legal, shot_stats
from app.games.hattrick.actions import HatTrickAction
from app.games.hattrick.cards import stars_of, team_of
from app.games.hattrick.deck import coin_toss
from app.games.hattrick.halves import setup_half
from app.games.hattrick.legal import legal_actions, to_act
from app.games.hattrick.pitch import pass_ball
from app.games.hattrick.shot import (
    goal_kick,
    penalty_kick,
    reveal_shot,
    save_draw,
    so_action,
    so_shot,
)
from app.games.hattrick.state import Events, Match, Options, put
from app.games.hattrick.turn import (
    after_move,
    choose_card,
    free_kick_choice,
    move_player,
    resolve_long_ball,
)

__all__ = ["apply", "legal_actions", "new", "result", "to_act"]


# --- Set-up (§3.2, §4.2) ------------------------------------------------------------------------


def new(options: JsonDict, seed: int) -> tuple[Match, Events]:
    """The coin toss for the first half's kick-off, then the first half's set-up."""
    stars = (
        tuple(sorted(stars_of(options["team_blue"]))),
        tuple(sorted(stars_of(options["team_red"]))),
    )
    m = Match(options=Options(**options), rng=Rng(seed), stars=stars)
    ev: Events = []
    kickoff, m = coin_toss(m, "first_half_kickoff", ev)
    m = setup_half(replace(m, first_kickoff=kickoff), 1, kickoff, ev)
    return settle(m, ev), ev


# --- Applying an action -----------------------------------------------------------------------


def apply(state: Match, seat: int, action: HatTrickAction) -> tuple[Match, Events]:
    check_legal(legal_actions(state, seat), seat, to_act(state), action)
    ev: Events = []
    return settle(act(state, seat, action, ev), ev), ev


def settle(m: Match, ev: Events) -> Match:
    """Apply every decision that has exactly one legal option (§11, A31)."""
    while True:
        for seat in sorted(to_act(m)):
            only = legal_actions(m, seat)
            if len(only) == 1:
                m = act(m, seat, only[0], ev)
                break
        else:
            return m


def act(m: Match, seat: int, action: HatTrickAction, ev: Events) -> Match:
    """One legal action (its type tells the step; a card played is a turn's or a goal kick's,
    a pass a sideways pass or a Scoring Opportunity's, by the phase)."""
    phase = m.phase
    if action["type"] == "play":
        if phase == "goal_kick_card":
            return goal_kick(m, action["card"], ev)
        return choose_card(m, seat, action["card"], ev)
    if action["type"] == "shooting_card" or action["type"] == "keeper_card":
        m = replace(m, pending=put(m.pending, seat, action["card"]))
        both = m.pending[0] is not None and m.pending[1] is not None
        return reveal_shot(m, ev) if both else m
    if action["type"] == "move":
        return after_move(move_player(m, action["player"], action["dir"], ev), ev)
    if action["type"] == "no_move":
        return after_move(replace(m, moved=None), ev)
    if action["type"] == "pass_to" and phase == "sideways":
        return replace(pass_ball(m, action["player"], "sideways", ev), phase="defender_move")
    if action["type"] == "pass_to" or action["type"] == "decline":
        return so_action(m, action, ev)
    if action["type"] == "destination":
        return resolve_long_ball(m, action["line"], ev)
    if action["type"] == "scoring_opportunity" or action["type"] == "play_on":
        return free_kick_choice(m, action["type"], ev)
    if action["type"] == "shoot" or action["type"] == "hold":
        return so_shot(m, action["type"] == "shoot", ev)
    if action["type"] == "save_draw" or action["type"] == "stop":
        return save_draw(m, action["type"] == "save_draw", ev)
    assert action["type"] == "kick", phase
    return penalty_kick(m, action["card"], ev)


# --- Outcome --------------------------------------------------------------------------------------


class HatTrickResult(Result, total=False):
    score: Required[list[int]]
    draw: Required[bool]
    shootout: list[int]  # the shoot-out goals, when there was one


def result(m: Match) -> HatTrickResult | None:
    """None while playing; then the winners, the final score, the match's stats and, after a
    shoot-out, its goals."""
    if m.phase != "over":
        return None
    out: HatTrickResult = {
        "winners": [] if m.winner is None else [m.winner],
        "score": list(m.score),
        "draw": m.winner is None,
        "stats": stats(m),
    }
    if m.shootout is not None:
        out["shootout"] = list(m.shootout.goals)
    return out


def stats(m: Match) -> dict[str, list[int]]:
    """The match's stats, {name: [Blue, Red]}, as the full-time screen lists them. Goals are the
    score's (the shoot-out's are the result's `shootout`); a save is a shot of the other team
    that did not score (§8.4: saved or parried); a send-off is a second yellow card (§6.2)."""
    counts = m.counts
    return {
        **shot_stats(m.score, counts.shots),
        "chances": list(counts.chances),
        "fouls": list(counts.fouls),
        "sent_off": [sum(team_of(p) == team for p in m.off) for team in (0, 1)],
    }

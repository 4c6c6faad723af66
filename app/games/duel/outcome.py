"""How a Football Duel match ends: coin tosses, full time and the result.

docs/rules/duel.md "End of a half, of the match"; the shoot-out's goals count in the result.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.base import Result, shot_stats
from app.games.duel.state import Events, Phase, State, player


class DuelResult(Result):
    draw: bool
    score: list[int]
    shootout: list[int] | None
    possessions: int


def coin_toss(state: State, purpose: str, events: Events) -> tuple[int, State]:
    seat, rng = state.rng.randint(0, 1)
    events.append(
        {
            "event": "coin_toss",
            "seat": seat,
            "for": purpose,
            "text": f"Coin toss for the {purpose.replace('_', ' ')}: {player(seat)}",
        }
    )
    return seat, replace(state, rng=rng)


def finish(state: State, events: Events) -> State:
    state = replace(state, phase=Phase.OVER, arranging=None)
    outcome = result(state)
    assert outcome is not None
    events.append(
        {
            "event": "full_time",
            "score": list(state.score),
            "winners": outcome["winners"],
            "text": f"Full time {state.score[0]}-{state.score[1]}",
        }
    )
    return state


def shootout_goals(state: State) -> list[int] | None:
    if state.shootout is None:
        return None
    return [sum(k.kicks) for k in state.shootout]


def result(state: State) -> DuelResult | None:
    """docs/rules/duel.md "End of a half, of the match": most goals; else the shoot-out; else a
    draw."""
    if state.phase != Phase.OVER:
        return None
    goals = shootout_goals(state)
    winners: list[int] = []
    if state.score[0] != state.score[1]:
        winners = [0 if state.score[0] > state.score[1] else 1]
    elif state.coin_winner is not None:
        winners = [state.coin_winner]
    elif goals is not None and goals[0] != goals[1]:
        winners = [0 if goals[0] > goals[1] else 1]
    return {
        "winners": winners,
        "draw": not winners,
        "score": list(state.score),
        "shootout": goals,
        "possessions": state.possessions,
        "stats": stats(state),
    }


def stats(state: State) -> dict[str, list[int]]:
    """The match's stats, {name: [seat 0, seat 1]}, as the full-time screen lists them. Goals
    are the score's (the shoot-out's are the result's `shootout`); a save is a shot of the
    other seat that did not score ("An attack" 5: defence wins or tie = save)."""
    counts = state.counts
    return {
        **shot_stats(state.score, counts.shots),
        "duels": list(counts.duels),
        "attacks": list(counts.attacks),
    }

"""Hypothesis: random legal play never raises, conserves the pitch and the cards, never leaks a
secret into another seat's or a spectator's view, ends, round-trips through JSON (§15), and its
full-time stats agree with the score."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.base import REVEAL, bot_move, view
from app.games.hattrick import GAME, pitch
from app.games.hattrick.cards import DECKS, PLAYERS, TEAM_CHOICES, number_of, team_of
from app.games.hattrick.state import Match, put

MAX_ACTIONS = 6000

options = st.fixed_dictionaries(
    {
        "knockout": st.booleans(),
        "team_blue": st.sampled_from(TEAM_CHOICES),
        "team_red": st.sampled_from(TEAM_CHOICES),
        "move_required": st.booleans(),
        "half_end_zone": st.sampled_from(("attacking", "either_end")),
        "shootout_hand": st.booleans(),
    }
)


def ids_in(value: Any) -> set[str]:
    """Every card id anywhere in a JSON value."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("id"), str):
                found.add(item["id"])
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def secrets_of(m: Match, seat: int) -> set[str]:
    """The seat's hand, its draw pile and its laid card. (A chosen shooting or keeper card is a
    secret too, but every option is public: `check_views` checks that the choice is not shown.)"""
    hidden = {*m.hands[seat], *m.piles[seat]}
    if m.phase == "play" and m.pending[seat] is not None:
        hidden.add(m.pending[seat])
    return hidden


def check_invariants(m: Match, before: Match | None) -> None:
    cells = [p for row in m.grid for p in row]
    assert len(m.grid) == 6 and all(len(row) == 4 for row in m.grid)
    players = [p for p in cells if p is not None]
    assert len(players) == len(set(players))
    for team in (0, 1):
        mine = [p for p in players if team_of(p) == team]
        off = [p for p in m.off if team_of(p) == team]
        assert 7 <= len(mine) <= 10 and len(mine) + len(off) == 10
    for p in players:  # §15: every player stays in his starting column
        start_col = PLAYERS[number_of(p)].start[1]
        assert pitch.where(m, p)[1] == pitch.own_col(team_of(p), start_col)
    if m.phase not in ("over", "kick", "goal_kick_kicker", "goal_kick_other", "goal_kick_card"):
        assert m.carrier in players or (m.half == 4 and m.carrier is None)
    for team in (0, 1):
        in_play = [c for c in (m.pending[team], m.played[team]) if c and c[2:4] in "SPLBDR"]
        if m.shot is not None and not m.shot.resolved:
            in_play += [c for c in [m.shot.card, *m.shot.drawn] if team_of(c) == team]
        cards = [*m.hands[team], *m.piles[team], *m.discards[team], *in_play]
        assert Counter(cards) == Counter(DECKS[team])
        assert len(m.hands[team]) <= (5 if m.half == 4 else 3)
    if before is not None:
        assert all(a >= b for a, b in zip(m.score, before.score, strict=True))


def check_views(m: Match) -> None:
    spectator = view(GAME, m, None)
    assert spectator.private is None
    everyone = secrets_of(m, 0) | secrets_of(m, 1)
    assert not ids_in(spectator.public) & everyone
    if m.phase == "shot_cards":
        shot = spectator.public["shot"]
        assert shot["shooting"] is None and shot["keeper"] is None
    for seat in (0, 1):
        v = view(GAME, m, seat)
        assert v.public == spectator.public
        assert not ids_in(v.private) & secrets_of(m, 1 - seat)
        assert m.pending[1 - seat] is None or m.pending[1 - seat] not in repr(v.private)
    view(GAME, m, REVEAL)


def check_stats(m: Match, log: list[dict[str, Any]]) -> None:
    """The full-time stats agree with the match's log up to the shoot-out: its shots and their
    results (a save or a parry is a save of the keeper's team), its Scoring Opportunities and
    bookings (each foul books the fouling team); goals with the score, send-offs with the
    players off."""
    result = GAME.result(m)
    assert result is not None
    counted = {name: [0, 0] for name in ("goals", "shots", "saves", "chances", "fouls")}
    for event in log:
        kind = event["event"]
        if kind == "shootout_started":
            break
        if kind == "shot_result" and event["outcome"] == "goal":
            counted["goals"][event["team"]] += 1
        elif kind == "shot_result":
            counted["saves"][1 - event["team"]] += 1
        elif kind in ("shot", "scoring_opportunity"):
            counted["shots" if kind == "shot" else "chances"][event["team"]] += 1
        elif kind in ("yellow_card", "second_yellow_kept_on", "sent_off"):
            counted["fouls"][event["team"]] += 1
    assert {name: result["stats"][name] for name in counted} == counted
    assert counted["goals"] == result["score"]
    assert result["stats"]["sent_off"] == [sum(team_of(p) == t for p in m.off) for t in (0, 1)]


def random_match(opts: dict[str, Any], seed: int, *, full_checks: bool) -> Match:
    rng = random.Random(seed)
    state = GAME.new("match", opts, 2, seed)
    check_invariants(state, None)
    log: list[dict[str, Any]] = []
    for step in range(MAX_ACTIONS):
        if GAME.result(state) is not None:
            assert GAME.to_act(state) == frozenset()
            check_stats(state, log)
            return state
        seat = rng.choice(sorted(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        assert legal and all(len(GAME.legal_actions(state, s)) >= 2 for s in GAME.to_act(state))
        new, events = GAME.apply(state, seat, rng.choice(legal))
        log += events
        assert all(e["event"] and json.dumps(e) for e in events)
        check_invariants(new, state)
        if full_checks or step % 25 == 0:
            check_views(new)
            data = json.loads(json.dumps(GAME.dump(new)))
            assert GAME.load(data) == new
        state = new
    raise AssertionError("the match did not end within the safety valves")


@settings(max_examples=10)
@given(opts=options, seed=st.integers(0, 2**31))
def test_random_legal_play_keeps_every_invariant(opts: dict[str, Any], seed: int) -> None:
    random_match(opts, seed, full_checks=True)


@settings(max_examples=6)
@given(seed=st.integers(0, 2**31))
def test_random_knockout_matches_end_with_a_winner(seed: int) -> None:
    state = random_match({"knockout": True}, seed, full_checks=False)
    result = GAME.result(state)
    assert result is not None and len(result["winners"]) == 1


@settings(max_examples=3)
@given(seed=st.integers(0, 2**31))
def test_bot_plays_only_legal_actions_from_its_own_view(seed: int) -> None:
    state = GAME.new("match", {"knockout": True}, 2, seed)
    rng = random.Random(seed)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        action = bot_move(GAME, state, seat, rng)
        assert action in GAME.legal_actions(state, seat)
        # The bot sees only its view: hiding the opponent's hand and piles changes nothing.
        twin = GAME.load(GAME.dump(state))
        other = 1 - seat
        twin = replace(
            twin,
            hands=put(twin.hands, other, tuple(sorted(twin.hands[other]))),
            piles=put(twin.piles, other, tuple(sorted(twin.piles[other]))),
        )
        assert bot_move(GAME, twin, seat, random.Random(0)) == bot_move(
            GAME, state, seat, random.Random(0)
        )
        state, _ = GAME.apply(state, seat, action)

"""A replay step costs what a step costs (issue 37): a finished match's log is replayed once,
and any step is then served from the nearest state kept before it, with at most
`every - 1` engine steps, exactly as the view rebuilt from the seed would be."""

from __future__ import annotations

import random
from typing import Any

from app.db.records import ActionRow
from app.games.base import JsonDict
from app.rooms.commands.replays import Point, Steps
from app.rooms.push.views import revealed_view
from tests.support.tiny import TINY

EVERY = 4


def a_match(seed: int) -> tuple[Any, list[ActionRow]]:
    """A whole tiny race (target 40) played by random legal moves: its first state and log."""
    rng = random.Random(seed)
    first = state = TINY.new("race", {"target": 40}, 3, seed)
    actions: list[ActionRow] = []
    while TINY.result(state) is None:
        seat = min(TINY.to_act(state))
        action = rng.choice(TINY.legal_actions(state, seat))
        state, _events = TINY.apply(state, seat, action)
        note = {"event": "stand_in", "seat": seat, "reason": "away"} if seat == 2 else None
        actions.append(ActionRow(len(actions) + 1, seat, action, note, 0.0))
    return first, actions


def rebuilt(first: Any, actions: list[ActionRow], seq: int) -> JsonDict:
    """The view at `seq` as it was served before: the seed's state and the log up to it."""
    state, events = first, []
    for a in actions[:seq]:
        state, new_events = TINY.apply(state, a.seat, a.action)
        notes = [a.note] if a.note else []
        events.extend({"seq": a.seq, **e} for e in (*notes, *new_events))
    status = "finished" if seq == len(actions) else "playing"
    return {"seq": seq, "view": revealed_view(TINY, "race", state, status, events)}


def test_every_step_is_the_rebuilt_view_at_most_every_minus_one_engine_steps_away() -> None:
    first, actions = a_match(7)
    last = len(actions)
    assert last > 6 * EVERY
    steps = Steps(TINY, "race", first, actions, None, every=EVERY)
    steps.prepare()
    assert steps.applied == last  # the log replayed once
    for seq in random.Random(1).sample(range(last + 1), last + 1):
        before = steps.applied
        assert steps.view(seq) == rebuilt(first, actions, seq)
        assert steps.applied - before <= EVERY - 1


def test_the_last_step_comes_from_the_stored_final_state_without_the_engine() -> None:
    first, actions = a_match(8)
    last = len(actions)
    final = rebuilt(first, actions, last)
    state = first
    for a in actions:
        state, _events = TINY.apply(state, a.seat, a.action)
    stored = Point(TINY.load(TINY.dump(state)), final["view"]["log"])
    steps = Steps(TINY, "race", first, actions, stored, every=EVERY)
    assert steps.view(last) == final
    assert steps.applied == 0
    steps.prepare()  # the other steps: one pass, not up to the last (it is there)
    assert steps.applied == last - 1
    assert steps.view(last - 1) == rebuilt(first, actions, last - 1)

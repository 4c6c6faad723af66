"""Golden Football Duel replays: stored whole matches replay to the same states and events."""

from __future__ import annotations

import difflib
import json

import pytest

from app.games.duel import GAME
from tests.engines.duel.regen import MATCHES, REPLAYS, digest, path, record


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_stored_actions_replay_to_the_same_events_and_states(name: str) -> None:
    header, *steps, last = (json.loads(text) for text in path(name).read_text().splitlines())
    state = GAME.new(header["mode"], header["options"], 2, header["seed"])
    for step in steps:
        state, events = GAME.apply(state, step["seat"], step["action"])
        assert events == step["events"], f"seq {step['seq']}"
        assert digest(GAME.dump(state)) == step["digest"], f"seq {step['seq']}"
    assert GAME.dump(state) == last["final"]
    assert GAME.result(state) == last["result"]


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_regenerating_the_replay_changes_nothing(name: str) -> None:
    stored = path(name).read_text().splitlines()
    fresh = record(name)
    diff = "\n".join(difflib.unified_diff(stored, fresh, "stored", "regenerated", lineterm="", n=0))
    assert not diff, f"run `python -m tests.engines.duel.regen` and review:\n{diff[:3000]}"


def test_every_replay_file_belongs_to_a_match() -> None:
    assert {p.name for p in REPLAYS.glob("duel-*.jsonl")} == {path(n).name for n in MATCHES}


def test_the_shootout_replay_reaches_sudden_death() -> None:
    last = json.loads(path("shootout").read_text().splitlines()[-1])
    assert last["result"]["shootout"][0] != last["result"]["shootout"][1]
    assert len(last["final"]["shootout"][0]["kicks"]) > 5

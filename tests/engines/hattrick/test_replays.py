"""Golden Hat Trick replays: stored whole matches replay to the same states and events."""

from __future__ import annotations

import difflib
import json

import pytest

from app.games.hattrick import GAME
from tests.engines.hattrick.regen import MATCHES, REPLAYS, digest, path, record


def stored(name: str) -> list[dict]:
    return [json.loads(text) for text in path(name).read_text().splitlines()]


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_stored_actions_replay_to_the_same_events_and_states(name: str) -> None:
    header, *steps, last = stored(name)
    state = GAME.new(header["mode"], header["options"], 2, header["seed"])
    for step in steps:
        state, events = GAME.apply(state, step["seat"], step["action"])
        assert events == step["events"], f"seq {step['seq']}"
        assert digest(GAME.dump(state)) == step["digest"], f"seq {step['seq']}"
    assert GAME.dump(state) == last["final"]
    assert GAME.result(state) == last["result"]


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_regenerating_the_replay_changes_nothing(name: str) -> None:
    fresh = record(name)
    old = path(name).read_text().splitlines()
    diff = "\n".join(difflib.unified_diff(old, fresh, "stored", "regenerated", lineterm="", n=0))
    assert not diff, f"run `python -m tests.engines.hattrick.regen` and review:\n{diff[:3000]}"


def test_every_replay_file_belongs_to_a_match() -> None:
    assert {p.name for p in REPLAYS.glob("hattrick-*.jsonl")} == {path(n).name for n in MATCHES}


def test_the_knockout_replay_reaches_a_sudden_death_shootout() -> None:
    *_, last = stored("national-knockout")
    assert last["final"]["half"] == 4 and min(last["final"]["shootout"]["taken"]) > 5
    assert len(last["result"]["winners"]) == 1
    assert last["result"]["score"][0] == last["result"]["score"][1]

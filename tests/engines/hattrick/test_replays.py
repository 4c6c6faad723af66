"""Golden Hat Trick replays: stored whole matches replay to the same states and events."""

from __future__ import annotations

import json

import pytest

from app.games.hattrick import GAME
from tests.engines.hattrick.regen import MATCHES, REPLAYS, path, record
from tests.support import golden


def stored(name: str) -> list[dict]:
    return [json.loads(text) for text in path(name).read_text().splitlines()]


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_stored_actions_replay_to_the_same_events_and_states(name: str) -> None:
    header = golden.header_of(path(name))
    golden.replay(GAME, path(name), header["options"], 2)


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_regenerating_the_replay_changes_nothing(name: str) -> None:
    golden.unchanged(path(name), record(name), "python -m tests.engines.hattrick.regen")


def test_every_replay_file_belongs_to_a_match() -> None:
    assert {p.name for p in REPLAYS.glob("hattrick-*.jsonl")} == {path(n).name for n in MATCHES}


def test_the_knockout_replay_reaches_a_sudden_death_shootout() -> None:
    *_, last = stored("national-knockout")
    assert last["final"]["half"] == 4 and min(last["final"]["shootout"]["taken"]) > 5
    assert len(last["result"]["winners"]) == 1
    assert last["result"]["score"][0] == last["result"]["score"][1]

"""Golden Football Duel replays: stored whole matches replay to the same states and events."""

from __future__ import annotations

import json

import pytest

from app.games.duel import GAME
from tests.engines.duel.regen import MATCHES, REPLAYS, path, record
from tests.support import golden


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_stored_actions_replay_to_the_same_events_and_states(name: str) -> None:
    header = golden.header_of(path(name))
    golden.replay(GAME, path(name), header["options"], 2)


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_regenerating_the_replay_changes_nothing(name: str) -> None:
    golden.unchanged(path(name), record(name), "python -m tests.engines.duel.regen")


def test_every_replay_file_belongs_to_a_match() -> None:
    assert {p.name for p in REPLAYS.glob("duel-*.jsonl")} == {path(n).name for n in MATCHES}


def test_the_shootout_replay_reaches_sudden_death() -> None:
    last = json.loads(path("shootout").read_text().splitlines()[-1])
    assert last["result"]["shootout"][0] != last["result"]["shootout"][1]
    assert len(last["final"]["shootout"][0]["kicks"]) > 5

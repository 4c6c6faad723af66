"""Golden Drukker replays: stored whole games replay to the same states and events."""

from __future__ import annotations

import difflib
import json

import pytest

from app.games.focifogadas.game import GAME
from tests.engines.focifogadas.regen_drukker import MATCHES, REPLAYS, digest, path, record


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_stored_actions_replay_to_the_same_events_and_states(name: str) -> None:
    header, *steps, last = (json.loads(text) for text in path(name).read_text().splitlines())
    state = GAME.new(header["mode"], {}, len(header["players"]), header["seed"])
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
    assert not diff, (
        f"run `python -m tests.engines.focifogadas.regen_drukker` and review:\n{diff[:3000]}"
    )


def test_every_replay_file_belongs_to_a_game() -> None:
    stored = {p.name for p in REPLAYS.glob("focifogadas-drukker-*.jsonl")}
    assert stored == {path(n).name for n in MATCHES}


def test_the_replays_cover_half_time_purchases_and_both_payouts() -> None:
    events = [
        e
        for name in MATCHES
        for text in path(name).read_text().splitlines()[1:-1]
        for e in json.loads(text)["events"]
    ]
    assert any(e["event"] == "bets_bought" and e["count"] > 0 for e in events)
    assert any(e["event"] == "bet_drawn_decided" for e in events)
    assert any(e["event"] == "extra_turn" for e in events)
    assert sum(e["event"] == "bets_paid" for e in events) == len(MATCHES)

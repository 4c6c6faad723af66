"""Golden Drukker replays: stored whole games replay to the same states and events."""

from __future__ import annotations

import json

import pytest

from app.games.focifogadas.game import GAME
from tests.engines.focifogadas.regen_drukker import (
    MATCHES,
    RECORDED_BY_THE_OLD_BOT,
    REPLAYS,
    path,
    record,
)
from tests.support import golden


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_stored_actions_replay_to_the_same_events_and_states(name: str) -> None:
    header = golden.header_of(path(name))
    golden.replay(GAME, path(name), {}, len(header["players"]))


@pytest.mark.parametrize("name", sorted(set(MATCHES) - RECORDED_BY_THE_OLD_BOT))
def test_regenerating_the_replay_changes_nothing(name: str) -> None:
    golden.unchanged(path(name), record(name), "python -m tests.engines.focifogadas.regen_drukker")


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

"""Every game the server offers has golden whole-match replays (OpenSpiel's playthrough rule):
a rule change shows up as a reviewed diff, never silently."""

from __future__ import annotations

from pathlib import Path

from app.games import registry

REPLAYS = Path(__file__).resolve().parent / "replays"
TEST_GAMES = {"tiny", "tinynobot"}  # the platform tests' own toy games


def test_every_registered_game_has_golden_replays_for_every_mode() -> None:
    missing = []
    for game in registry.all_games():
        if game.id in TEST_GAMES:
            continue
        for mode in game.modes:
            names = [p.name for p in REPLAYS.glob(f"{game.id}-*.jsonl")]
            single_mode = len(game.modes) == 1
            if not any(single_mode or n.startswith(f"{game.id}-{mode}-") for n in names):
                missing.append(f"{game.id}/{mode}")
    assert missing == []

"""A finished room becomes a night from its engine's views alone: start money from the seed's
first state, end money and score from the final public view, the result from the engine."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

from app.crews.nights import as_json, derive, from_row, to_row
from app.crews.standings import standings
from app.games import registry

AT = datetime(2026, 12, 1, 21, 0, tzinfo=UTC)


def played(game_id: str, mode: str, seats: int, seed: int) -> tuple[Any, Any]:
    """The game and its final state after seeded random legal moves."""
    game = registry.get(game_id)
    assert game is not None
    options = game.modes[mode].defaults()
    state, rng = game.new(mode, options, seats, seed), random.Random(seed)
    for _ in range(5000):
        if game.result(state) is not None:
            return game, state
        seat = min(game.to_act(state))
        state, _events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    raise AssertionError("the match did not end")


def test_a_bukmeker_night_counts_each_members_money_won_or_lost() -> None:
    game, final = played("focifogadas", "bukmeker", 3, seed=1)
    end = [p["money"] for p in game.public(final).public["players"]]
    start = [
        p["money"]
        for p in game.public(game.new("bukmeker", game.modes["bukmeker"].defaults(), 3, 1)).public[
            "players"
        ]
    ]
    assert end != start  # money changed hands in this night
    night = derive(
        game,
        code="ABCDEF",
        mode="bukmeker",
        options=game.modes["bukmeker"].defaults(),
        seed=1,
        seats=[(0, "Anna", 0, False), (1, "Bot 1", None, True), (2, "Csaba", 2, False)],
        final=final,
        finished_at=AT,
    )
    assert [(s.start, s.end) for s in night.seats] == list(zip(start, end, strict=True))
    assert night.result == game.result(final)
    rows = {r.name: r for r in standings([night], {0: "Anna", 2: "Csaba"})}
    assert set(rows) == {"Anna", "Csaba"}
    assert (rows["Anna"].money, rows["Csaba"].money) == (end[0] - start[0], end[2] - start[2])


def test_a_duel_night_keeps_the_score_and_survives_its_cache_row() -> None:
    game, final = played("duel", "match", 2, seed=3)
    night = derive(
        game,
        code="ABCDEF",
        mode="match",
        options=game.modes["match"].defaults(),
        seed=3,
        seats=[(0, "Anna", 0, False), (1, "Bence", 1, False)],
        final=final,
        finished_at=AT.replace(tzinfo=None),  # SQLite hands times back without their zone
    )
    assert night.score == game.public(final).public["score"]
    assert all(s.start is None and s.end is None for s in night.seats)
    assert night.finished_at == AT
    row = to_row(night, room_id=7, crew_id=1)

    class Row:
        pass

    stored = Row()
    stored.__dict__.update(row)
    assert from_row(stored) == night
    assert as_json(night)["seats"] == [
        {"seat": 0, "name": "Anna", "member": 0},
        {"seat": 1, "name": "Bence", "member": 1},
    ]

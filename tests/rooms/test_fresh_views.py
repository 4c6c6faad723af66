"""What the server saves by identity never shows: at every step of a match of every mode,
each viewer's v1 view and delta-form view, made on the live path with every cache the server
keeps, equal the view made from the state's JSON in a room of its own (tests/support/
fresh_views.py; bench/view_check.py runs thousands of matches)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games import registry
from app.games.base import Game
from app.rooms import deltas
from tests.support.fresh_views import Mismatch, check_match, over_every_mode

STEPS = 200  # per match: past the opening phases of the long ones (a random duel ~2 000)


@over_every_mode
def test_every_view_equals_the_one_made_from_scratch(
    game: Game[Any], mode: str, players: int
) -> None:
    checked = check_match(game, mode, players, seed=3, steps=STEPS)
    assert checked.steps > 10 and checked.views == (checked.steps + 1) * (players + 1)
    assert checked.views / 2 < checked.deltas < checked.views  # some phones missed a push


def test_the_check_sees_an_encoding_kept_for_a_member_that_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The check has teeth: a delta form that kept the encoding of every member it had seen
    by name (not by identity) sends a phone stale parts, and is caught."""

    def by_name(value: dict[str, Any], was: object, encoded: dict[str, bytes]) -> dict[str, bytes]:
        return {
            k: encoded.get(k) or deltas._key(k) + deltas.orjson.dumps(v) for k, v in value.items()
        }

    monkeypatch.setattr(deltas, "_members_since", by_name)
    game = registry.get("focifogadas")
    assert game is not None
    with pytest.raises(Mismatch, match="delta view"):
        check_match(game, "drukker", 4, seed=3, steps=STEPS)


def test_the_check_sees_a_push_answering_every_base_with_the_first_ones_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A phone that missed a push holds an older base than the others: a push that worked out
    what changed since the first phone's base and handed it to every phone is caught."""
    worked_out = deltas.DeltaPush._shared_change

    def first_base_only(push: deltas.DeltaPush, parts: Any, base: Any) -> Any:
        return push._change[2] if push._change is not None else worked_out(push, parts, base)

    monkeypatch.setattr(deltas.DeltaPush, "_shared_change", first_base_only)
    game = registry.get("focifogadas")
    assert game is not None
    with pytest.raises(Mismatch, match="delta view"):
        check_match(game, "drukker", 4, seed=3, steps=STEPS)

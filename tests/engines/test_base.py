"""The engines' shared helpers (app/games/base.py): JSON equality, the legal check's lookup and
the seeded shuffle, against plain reference versions."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import Rng, json_equal, legal_element


@pytest.mark.parametrize(
    ("a", "b", "equal"),
    [
        (1, 1, True),
        (1, 1.0, False),
        (1, True, False),
        (None, None, True),
        ({"a": 1, "b": "x"}, {"b": "x", "a": 1}, True),
        ({"a": 1}, {"a": 1.0}, False),
        ({"a": 1}, {"a": 1, "b": 2}, False),
        ({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]}, True),
        ({"a": [1, {"b": None}]}, {"a": [1, {"b": False}]}, False),
        ({"cards": ["L01", "D02"]}, {"cards": ["L01", "D02"]}, True),
        ({"cards": ["L01", "D02"]}, {"cards": ["L01", "D03"]}, False),
        ({"cards": [True]}, {"cards": [1]}, False),
        ([1, 2], [1, 2, 3], False),
        ([1, [2.5]], [1, [2.5]], True),
        ((1,), [1], False),
        ([float("nan")], [float("nan")], False),
    ],
)
def test_json_equal_sees_types_as_json_does(a: Any, b: Any, equal: bool) -> None:
    assert json_equal(a, b) is equal
    assert json_equal(b, a) is equal


def test_legal_element_is_the_listed_element_and_never_a_lookalike_of_another_type() -> None:
    listed = [{"type": "buy", "count": 0}, {"type": "buy", "count": 1}]
    assert legal_element(listed, {"count": 1, "type": "buy"}) is listed[1]
    assert legal_element(listed, {"type": "buy", "count": 1.0}) is None
    assert legal_element(listed, {"type": "buy", "count": True}) is None
    assert legal_element([], {"type": "buy"}) is None


def reference_shuffle(rng: Rng, items: list[int]) -> tuple[tuple[int, ...], Rng]:
    """Fisher-Yates with one `randint(0, i)` per swap, each draw its own Rng."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = rng.randint(0, i)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40 + 3, 2**64 - 1])
@pytest.mark.parametrize("size", [0, 1, 2, 16, 54])
def test_shuffle_draws_what_randint_would(seed: int, size: int) -> None:
    rng = Rng(seed, 5)
    assert rng.shuffle(list(range(size))) == reference_shuffle(rng, list(range(size)))

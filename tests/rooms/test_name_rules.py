"""Names (issue 37, item 7), the rules alone: NFC, nothing invisible, something to see, and
the confusables skeleton that makes lookalikes meet (the API's answers:
tests/crews/test_names.py)."""

from __future__ import annotations

import pytest

from app.errors import RoomError
from app.rooms.commands.checks import clean_name, looks_like
from tests.crews.test_names import INVISIBLE, LOOKALIKES


@pytest.mark.parametrize("name", INVISIBLE)
def test_invisible_or_blank_names_are_refused(name: str) -> None:
    with pytest.raises(RoomError) as refused:
        clean_name(name)
    assert refused.value.code == "bad_name"


def test_names_are_nfc_normalised() -> None:
    assert clean_name("A\u0301lice") == "\u00c1lice"
    assert clean_name("  Vi\u1ec7t ") == "Vi\u1ec7t"


@pytest.mark.parametrize("name", LOOKALIKES)
def test_lookalikes_meet(name: str) -> None:
    assert looks_like(name, ["Alice"])


def test_different_names_stay_different() -> None:
    assert not looks_like("Dóra", ["Dora"])
    assert not looks_like("Bence", ["Benc"])

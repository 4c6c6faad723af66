"""The helper sheet's check (docs/rules/focifogadas.md §6.3 "Where" and "Colour", `KIND_RULES`): a
deck list that puts a card kind in a section it may not live in, or gives it a colour it may
not have, is refused when the catalogue is loaded; every allowed place and colour loads.

The shipped sheet always passes, so only a sheet with a misplaced card shows whether the
check holds: each test below adds one pair of cards to the shipped sheet.
"""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from app.games.focifogadas.cards import SECTIONS, load_catalogue

BOXES = {"H16", "A16"}
HALVES = {"HH", "AH"}
OPEN_PLAY = {"HH", "MID", "AH"}
EVERYWHERE = set(SECTIONS)
TEAM = {"red", "blue"}

# §6.3, kind -> (the sections its cards may live in, the header colours they may have)
ALLOWED: dict[str, tuple[set[str], set[str]]] = {
    "short_pass": (OPEN_PLAY, TEAM | {"green"}),
    "long_pass": (OPEN_PLAY, TEAM | {"green"}),  # coloured and outside MID: §6.3 notes (D)
    "dribble": (EVERYWHERE, TEAM),
    "keep": (EVERYWHERE, {"green"}),
    "clearance": (BOXES, TEAM),
    "throw_in": ({"MID"}, TEAM),
    "corner": (BOXES, TEAM),
    "back_pass": (HALVES, TEAM),
    "goal_kickout": (BOXES, {"both"}),
    "goal_pass": (BOXES, {"both"}),
    "shot_pass": (HALVES, {"both"}),
    "penalty_kickout": (BOXES, {"both"}),
    "foul_half": (HALVES, {"both"}),
    "foul_box": (BOXES, {"both"}),
}
COLOURS = ("red", "blue", "green", "both")


def shipped() -> dict[str, Any]:
    text = resources.files("app.games.focifogadas").joinpath("data/action_cards.json")
    data: dict[str, Any] = json.loads(text.read_text("utf-8"))
    return data


SHEET = shipped()


def with_pair(kind: str, colour: str, section: str) -> dict[str, Any]:
    """The shipped sheet plus two cards of `kind` and `colour` in `section`'s deck."""
    sheet = copy.deepcopy(SHEET)
    name = {"en": kind, "hu": kind, "da": kind}
    sheet["decks"][section].append({"kind": kind, "colour": colour, "count": 2, "name": name})
    return sheet


def loads(sheet: dict[str, Any]) -> bool:
    try:
        load_catalogue(sheet)
    except ValueError as refused:
        assert "cannot be in the" in str(refused)
        return False
    return True


def test_every_kind_of_the_catalogue_has_its_rule() -> None:
    kinds = {entry["kind"] for deck in SHEET["decks"].values() for entry in deck}
    assert kinds == set(ALLOWED)
    assert len(load_catalogue(SHEET).cards) == 80


@pytest.mark.parametrize("kind", sorted(ALLOWED))
def test_a_kind_loads_only_in_its_allowed_sections_and_colours(kind: str) -> None:
    sections, colours = ALLOWED[kind]
    some_colour, some_section = sorted(colours)[0], sorted(sections)[0]
    assert {s for s in SECTIONS if loads(with_pair(kind, some_colour, s))} == sections
    assert {c for c in COLOURS if loads(with_pair(kind, c, some_section))} == colours


def test_the_refusal_names_the_card_and_the_deck() -> None:
    with pytest.raises(ValueError, match="red corner cannot be in the MID deck"):
        load_catalogue(with_pair("corner", "red", "MID"))

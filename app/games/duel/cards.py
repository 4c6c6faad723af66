"""Football Duel cards: one deck per team, values 1-11, each card a unique id.

docs/rules/duel.md "Components": a team deck holds `copies` cards of each value 1-11. A card's id
spells its team, value and copy (`A-07b` = team A, value 7, copy b); the id is only ever shown
together with the face, so it leaks nothing.
"""

from __future__ import annotations

from typing import Final

from app.games.base import JsonDict

TEAMS: Final = ("A", "B")  # seat 0 plays team A (red), seat 1 team B (blue)
COPY_LETTERS: Final = "abcd"
VALUES: Final = tuple(range(1, 12))
LOWEST: Final = 1
HIGHEST: Final = 11

Card = str  # a card id, e.g. "A-07b"


def card_id(seat: int, value: int, copy: int) -> Card:
    return f"{TEAMS[seat]}-{value:02d}{COPY_LETTERS[copy]}"


def value_of(card: Card) -> int:
    return int(card[2:4])


def owner_of(card: Card) -> int:
    return TEAMS.index(card[0])


def deck(seat: int, copies: int) -> tuple[Card, ...]:
    """The team's whole deck, in catalogue order."""
    return tuple(card_id(seat, v, c) for v in VALUES for c in range(copies))


def compare(attack: int, defence: int) -> int:
    """+1 when the attack value wins, 0 on a tie, -1 when the defence wins.

    docs/rules/duel.md "Duel": the higher value wins, equal values tie; 1 beats 11 either way round.
    """
    if attack == defence:
        return 0
    if {attack, defence} == {LOWEST, HIGHEST}:
        return 1 if attack == LOWEST else -1
    return 1 if attack > defence else -1


def face(card: Card) -> JsonDict:
    """A card seen face up."""
    return {"id": card, "value": value_of(card)}


def back(seat: int) -> JsonDict:
    """A card seen from behind: only its team shows."""
    return {"id": None, "back": TEAMS[seat]}

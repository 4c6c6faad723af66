"""The 80 action cards (docs/rules/focifogadas.md §6.3–§6.4) as data.

The deck list lives in `data/action_cards.json` so a different helper sheet can be swapped in
(`load_catalogue`). Inside the engine a card is an int: its index in `CATALOGUE.cards`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from app.games.focifogadas.record import TEAMS

HOME, AWAY = 0, 1
SECTIONS = ("H16", "HH", "MID", "AH", "A16")
H16, HH, MID, AH, A16 = range(5)
COLOUR_TEAM = {"red": HOME, "blue": AWAY, "green": -1, "both": -1}

# §4.1: who defends each section (MID has no owner).
OWNER = (HOME, HOME, -1, AWAY, AWAY)

# §6.3: the kinds, the colours they may have and the sections they may live in.
KIND_RULES: Mapping[str, tuple[frozenset[str], frozenset[int]]] = {
    "short_pass": (frozenset({"red", "blue", "green"}), frozenset({HH, MID, AH})),
    "long_pass": (frozenset({"red", "blue", "green"}), frozenset({HH, MID, AH})),
    "dribble": (frozenset({"red", "blue"}), frozenset(range(5))),
    "keep": (frozenset({"green"}), frozenset(range(5))),
    "clearance": (frozenset({"red", "blue"}), frozenset({H16, A16})),
    "throw_in": (frozenset({"red", "blue"}), frozenset({MID})),
    "corner": (frozenset({"red", "blue"}), frozenset({H16, A16})),
    "back_pass": (frozenset({"red", "blue"}), frozenset({HH, AH})),
    "goal_kickout": (frozenset({"both"}), frozenset({H16, A16})),
    "goal_pass": (frozenset({"both"}), frozenset({H16, A16})),
    "shot_pass": (frozenset({"both"}), frozenset({HH, AH})),
    "penalty_kickout": (frozenset({"both"}), frozenset({H16, A16})),
    "foul_half": (frozenset({"both"}), frozenset({HH, AH})),
    "foul_box": (frozenset({"both"}), frozenset({H16, A16})),
}
ROLLING_KINDS = frozenset(
    {"throw_in", "corner", "back_pass", "goal_kickout", "shot_pass", "penalty_kickout"}
    | {"foul_half", "foul_box"}
)


@dataclass(frozen=True, slots=True)
class ActionCard:
    index: int
    id: str  # unique, e.g. "a16-05"
    section: int
    kind: str
    colour: str  # red | blue | green | both
    team: int  # HOME/AWAY for a single-colour header, -1 for green and two-colour cards
    sig: int  # equal for "completely identical" cards (same kind and colour, §6.4)
    kick_even: int  # the team that gets a kick-out on an even roll (§6.2, the circles)
    kick_odd: int
    name: Mapping[str, str]
    _face: dict[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        face = {
            "id": self.id,
            "kind": self.kind,
            "colour": self.colour,
            "section": SECTIONS[self.section],
            "name": dict(self.name),
            "die": self.kind in ROLLING_KINDS,
        }
        object.__setattr__(self, "_face", face)

    def to_json(self) -> dict[str, Any]:
        """The face of the card, as every view shows it: made once, and the same object in
        every view and event (a Drukker view holds some 40 faces); nobody may change it."""
        return self._face


@dataclass(frozen=True, slots=True)
class Catalogue:
    cards: tuple[ActionCard, ...]
    decks: tuple[tuple[int, ...], ...]  # per section, the card indices of the full deck
    by_id: Mapping[str, int]


def _kick_team(word: str, section: int) -> int:
    defender = OWNER[section]
    if word == "home" or word == "away":
        return TEAMS.index(word)
    if defender < 0:
        return -1  # kick-outs only happen on owned sections
    return defender if word == "defender" else 1 - defender


def load_catalogue(data: Mapping[str, Any]) -> Catalogue:
    """Build the catalogue from the JSON shape of `data/action_cards.json`, checking it."""
    cards: list[ActionCard] = []
    decks: list[tuple[int, ...]] = []
    sigs: dict[tuple[str, str], int] = {}
    for section, code in enumerate(SECTIONS):
        deck: list[int] = []
        for entry in data["decks"][code]:
            kind, colour = str(entry["kind"]), str(entry["colour"])
            colours, sections = KIND_RULES[kind]
            if colour not in colours or section not in sections:
                raise ValueError(f"{colour} {kind} cannot be in the {code} deck")
            sig = sigs.setdefault((kind, colour), len(sigs))
            for _ in range(int(entry["count"])):
                index = len(cards)
                cards.append(
                    ActionCard(
                        index=index,
                        id=f"{code.lower()}-{len(deck) + 1:02d}",
                        section=section,
                        kind=kind,
                        colour=colour,
                        team=COLOUR_TEAM[colour],
                        sig=sig,
                        kick_even=_kick_team(str(entry.get("kick_even", "attacker")), section),
                        kick_odd=_kick_team(str(entry.get("kick_odd", "defender")), section),
                        name={k: str(v) for k, v in entry["name"].items()},
                    )
                )
                deck.append(index)
        if len(deck) % 2:
            raise ValueError(f"the {code} deck must hold an even number of cards")
        decks.append(tuple(deck))
    return Catalogue(tuple(cards), tuple(decks), {c.id: c.index for c in cards})


def _default() -> Catalogue:
    text = resources.files(__package__).joinpath("data/action_cards.json").read_text("utf-8")
    return load_catalogue(json.loads(text))


CATALOGUE = _default()
CARDS = CATALOGUE.cards

"""Hat Trick components as data (docs/rules/hattrick.md §2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

BLUE: Final = 0
RED: Final = 1
LETTER: Final = ("B", "R")
COLOUR: Final = ("blue", "red")

SHORT: Final = "short_pass"
LONG: Final = "long_ball"
DRIBBLE: Final = "dribbling"
TYPE_CODE: Final = {"SP": SHORT, "LB": LONG, "DR": DRIBBLE}
CODE_OF: Final = {v: k for k, v in TYPE_CODE.items()}


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """§2.2: one shirt number; start in the team frame (own line, own column)."""

    number: int
    role: str
    start: tuple[int, int]
    side: str
    regular: tuple[int, int]  # attack, defence
    star: tuple[int, int]


# docs/rules/hattrick.md §2.2 (stats designed there).
PLAYERS: Final = {
    p.number: p
    for p in (
        PlayerCard(2, "right_back", (2, 4), "R", (2, 3), (3, 4)),
        PlayerCard(3, "left_back", (2, 1), "L", (2, 3), (3, 4)),
        PlayerCard(4, "centre_back", (1, 2), "L", (1, 4), (2, 5)),
        PlayerCard(5, "centre_back", (1, 3), "R", (1, 4), (2, 5)),
        PlayerCard(6, "defensive_midfielder", (3, 2), "L", (2, 3), (3, 4)),
        PlayerCard(7, "central_midfielder", (3, 3), "R", (3, 2), (4, 3)),
        PlayerCard(8, "forward", (5, 2), "L", (4, 1), (5, 2)),
        PlayerCard(9, "right_midfielder", (4, 4), "R", (3, 2), (4, 3)),
        PlayerCard(10, "left_midfielder", (4, 1), "L", (3, 2), (4, 3)),
        PlayerCard(11, "forward", (5, 3), "R", (4, 1), (5, 2)),
    )
}
NUMBERS: Final = tuple(sorted(PLAYERS))

# §3.2: the empty corners A-D in the global frame (line, column).
EMPTY_NAMES: Final = {"A": (1, 1), "B": (1, 4), "C": (6, 4), "D": (6, 1)}


def player_id(team: int, number: int) -> str:
    return f"{LETTER[team]}-{number:02d}"


def team_of(card_or_player: str) -> int:
    return BLUE if card_or_player[0] == "B" else RED


def number_of(player: str) -> int:
    return int(player[2:4])


# §2.3: each manager's 32 action cards.
def _deck(team: int) -> tuple[str, ...]:
    ids: list[str] = []
    for code, copies in (("SP", ("a", "b")), ("LB", ("a",)), ("DR", ("a",))):
        for value in (1, 2, 3, 4):
            for side in ("L", "R"):
                ids.extend(f"{LETTER[team]}-{code}{value}{side}-{c}" for c in copies)
    return tuple(ids)


DECKS: Final = (_deck(BLUE), _deck(RED))


def card_type(card: str) -> str:
    return TYPE_CODE[card[2:4]]


def card_value(card: str) -> int:
    return int(card[4])


def card_side(card: str) -> str:
    return card[5]


@dataclass(frozen=True, slots=True)
class ShootingCard:
    """§2.4: colour (action type), target third (shooter's view) and power modifier."""

    id: str
    colour: str
    target: str
    modifier: int


SHOOTING: Final = {
    s.id: s
    for s in (
        ShootingCard("SH-SP-L", SHORT, "L", 2),
        ShootingCard("SH-SP-C", SHORT, "C", 3),
        ShootingCard("SH-SP-R", SHORT, "R", 4),
        ShootingCard("SH-LB-L", LONG, "L", 3),
        ShootingCard("SH-LB-C", LONG, "C", 4),
        ShootingCard("SH-LB-R", LONG, "R", 2),
        ShootingCard("SH-DR-L", DRIBBLE, "L", 4),
        ShootingCard("SH-DR-C", DRIBBLE, "C", 2),
        ShootingCard("SH-DR-R", DRIBBLE, "R", 3),
    )
}


def shooting_of(colour: str) -> tuple[str, ...]:
    return tuple(s.id for s in SHOOTING.values() if s.colour == colour)


def keeper_cards(team: int, star: bool) -> tuple[str, ...]:
    """§2.5: the three keeper cards of a team's set."""
    mark = "GK*" if star else "GK"
    return tuple(f"{LETTER[team]}-{mark}-{third}" for third in ("L", "C", "R"))


def keeper_covers(card: str) -> str:
    return card[-1]


# §2.5: base save cards by the shooter's own line (5 or 6) and own column 1-4.
KEEPER_BASE: Final = {
    (False, 6): (3, 2, 2, 3),
    (False, 5): (4, 3, 3, 4),
    (True, 6): (3, 3, 3, 3),
    (True, 5): (4, 3, 3, 4),
}


def overlay(target: str, covers: str) -> int:
    """§8.3: + when the keeper covers the target, − for the other corner, else blank."""
    if covers == target:
        return 1
    if target != "C" and covers != "C":
        return -1
    return 0


# §2.6: star numbers per national team (1 = the star goalkeeper set); Regulars has none.
REGULARS: Final = "regulars"
NATIONAL_TEAMS: Final[dict[str, tuple[int, ...]]] = {
    "BRA": (2, 3, 5, 6, 8, 10),
    "CRO": (6, 7, 10, 11),
    "MEX": (1, 4, 7, 11),
    "CMR": (7, 11),
    "ESP": (4, 5, 6, 7, 10, 11),
    "NED": (3, 4, 6, 8, 10, 11),
    "CHI": (2, 6, 7, 10),
    "AUS": (8, 10),
    "COL": (2, 7, 8, 9, 11),
    "GRE": (3, 4, 5, 6),
    "CIV": (6, 10, 11),
    "JPN": (3, 7, 10),
    "URU": (3, 4, 5, 8, 11),
    "CRC": (1, 4, 8, 11),
    "ENG": (2, 6, 8, 11),
    "ITA": (1, 4, 5, 6, 11),
    "SUI": (3, 6, 7, 9),
    "ECU": (5, 9, 11),
    "FRA": (5, 7, 8, 9, 10),
    "HON": (5, 11),
    "ARG": (5, 6, 8, 9, 10, 11),
    "BIH": (7, 8, 10),
    "IRN": (4, 5),
    "NGA": (1, 6, 10),
    "GER": (1, 5, 6, 7, 8, 10),
    "POR": (2, 5, 6, 7, 10),
    "GHA": (3, 6, 11),
    "USA": (1, 6, 7, 8),
    "BEL": (1, 3, 4, 7, 10),
    "ALG": (1, 9, 11),
    "RUS": (4, 7, 11),
    "KOR": (6, 10),
}
TEAM_CHOICES: Final = (REGULARS, *NATIONAL_TEAMS)


def stars_of(team_choice: str) -> tuple[int, ...]:
    return NATIONAL_TEAMS.get(team_choice, ())


# §4.3/§15: hand sizes.
HAND: Final = 3
PENALTY_HAND: Final = 5
VALVE_TURNS: Final = 20  # §4.4
SHOOTOUT_VALVE: Final = 100  # §4.6
MIN_PLAYERS: Final = 7  # §6.2

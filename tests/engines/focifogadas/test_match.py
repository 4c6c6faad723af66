"""The match engine (docs/rules/focifogadas.md §6–§7): a literal board in, ball and tracks out.

Dice are scripted with `Dice`, a stand-in for the state's Rng that hands out given rolls and
leaves shuffled piles in their order, so each test states the exact cards and rolls.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from app.games.base import IllegalAction, Rng
from app.games.focifogadas import effects, match
from app.games.focifogadas.cards import (
    A16,
    AH,
    AWAY,
    CARDS,
    CATALOGUE,
    H16,
    HH,
    HOME,
    MID,
)
from app.games.focifogadas.match import MatchState
from app.games.focifogadas.record import MatchRecord


@dataclass(frozen=True)
class Dice:
    """Rolls given in advance; shuffles keep the order (so piles stay as the test wrote them)."""

    rolls: tuple[int, ...] = ()

    def die(self, sides: int) -> tuple[int, Dice]:
        assert self.rolls, "the engine rolled more dice than the test scripted"
        return self.rolls[0], Dice(self.rolls[1:])

    def shuffle(self, items: Sequence[Any]) -> tuple[tuple[Any, ...], Dice]:
        return tuple(items), self


def card(section: int, kind: str, colour: str, nth: int = 0) -> int:
    found = [
        c for c in CATALOGUE.decks[section] if CARDS[c].kind == kind and CARDS[c].colour == colour
    ]
    return found[nth]


def filler(section: int, not_like: int, taken: Sequence[int] = ()) -> int:
    """A card of `section` that is not identical to `not_like` and not a die card."""
    return next(
        c
        for c in CATALOGUE.decks[section]
        if CARDS[c].sig != CARDS[not_like].sig
        and c not in taken
        and CARDS[c].kind in ("dribble", "short_pass", "clearance")
    )


def board(section: int, poss: int, pair: tuple[int, int], n: int = 2, **fields: Any) -> MatchState:
    """A 1st-half board with the ball at (section, poss) and `pair` drawn by seat 0."""
    piles = tuple(tuple(c for c in deck if c not in pair) for deck in CATALOGUE.decks)
    m, _, _ = match.start_match(piles, 0, HOME, n, Dice(), half_time_break=True)
    fields = {"section": section, "poss": poss, "draw": piles, "pair": pair, **fields}
    return replace(m, **fields)


def play_one(
    section: int, poss: int, played: int, rolls: Sequence[int] = (), **fields: Any
) -> tuple[MatchState, list[dict[str, Any]]]:
    m = board(section, poss, (played, filler(section, played)), **fields)
    after, dice, events = match.play(m, CARDS[played].id, Dice(tuple(rolls)))
    assert dice == Dice(), "every scripted roll is used"
    return after, events


def ball(m: MatchState) -> tuple[int, int]:
    return m.section, m.poss


# --- One test per card type and die band (§6.3) ------------------------------------------------

CASES = [
    # id, section, possession, card, rolls, ball after, (home goals, away goals, C, Y, Rd)
    ("red short pass", MID, AWAY, card(MID, "short_pass", "red"), [], (AH, HOME), (0, 0, 0, 0, 0)),
    ("blue short pass", MID, HOME, card(MID, "short_pass", "blue"), [], (HH, AWAY), (0,) * 5),
    ("green pass, home", AH, HOME, card(AH, "short_pass", "green"), [], (A16, HOME), (0,) * 5),
    ("green pass, away", HH, AWAY, card(HH, "short_pass", "green"), [], (H16, AWAY), (0,) * 5),
    ("long pass home", MID, HOME, card(MID, "long_pass", "green"), [], (A16, HOME), (0,) * 5),
    ("long pass away", MID, AWAY, card(MID, "long_pass", "green"), [], (H16, AWAY), (0,) * 5),
    ("blue dribble", MID, HOME, card(MID, "dribble", "blue"), [], (MID, AWAY), (0,) * 5),
    ("red dribble box", A16, AWAY, card(A16, "dribble", "red"), [], (A16, HOME), (0,) * 5),
    ("clearance A16", A16, HOME, card(A16, "clearance", "blue"), [], (AH, AWAY), (0,) * 5),
    ("clearance H16", H16, AWAY, card(H16, "clearance", "red"), [], (HH, HOME), (0,) * 5),
    ("throw-in 1 tackle", MID, HOME, card(MID, "throw_in", "red"), [1], (MID, AWAY), (0,) * 5),
    ("throw-in 2 back", MID, AWAY, card(MID, "throw_in", "red"), [2], (HH, HOME), (0,) * 5),
    ("throw-in 3 back", MID, HOME, card(MID, "throw_in", "blue"), [3], (AH, AWAY), (0,) * 5),
    ("throw-in 4 short", MID, AWAY, card(MID, "throw_in", "red"), [4], (MID, HOME), (0,) * 5),
    ("throw-in 6 short", MID, AWAY, card(MID, "throw_in", "red"), [6], (MID, HOME), (0,) * 5),
    ("throw-in 7 fwd", MID, AWAY, card(MID, "throw_in", "red"), [7], (AH, HOME), (0,) * 5),
    ("throw-in 12 fwd", MID, HOME, card(MID, "throw_in", "blue"), [12], (HH, AWAY), (0,) * 5),
    ("corner 4 even", A16, HOME, card(A16, "corner", "red"), [4], (AH, HOME), (0, 0, 1, 0, 0)),
    ("corner 7 odd", A16, HOME, card(A16, "corner", "red"), [7], (AH, AWAY), (0, 0, 1, 0, 0)),
    ("corner 8 even", A16, HOME, card(A16, "corner", "red"), [8], (MID, HOME), (0, 0, 1, 0, 0)),
    ("corner 9 odd", A16, HOME, card(A16, "corner", "red"), [9], (MID, AWAY), (0, 0, 1, 0, 0)),
    ("corner 10 goal", A16, HOME, card(A16, "corner", "red"), [10], (MID, AWAY), (1, 0, 1, 0, 0)),
    ("corner 12 goal", H16, AWAY, card(H16, "corner", "blue"), [12], (MID, HOME), (0, 1, 1, 0, 0)),
    (
        "corner 1-3 again",
        A16,
        HOME,
        card(A16, "corner", "red"),
        [1, 2, 3, 6],
        (AH, HOME),
        (0, 0, 4, 0, 0),
    ),
    ("corner H16 6", H16, AWAY, card(H16, "corner", "blue"), [6], (HH, AWAY), (0, 0, 1, 0, 0)),
    (
        "back-pass own goal",
        AH,
        AWAY,
        card(AH, "back_pass", "blue"),
        [1],
        (MID, AWAY),
        (1, 0, 0, 0, 0),
    ),
    (
        "back-pass H own goal",
        HH,
        HOME,
        card(HH, "back_pass", "red"),
        [1],
        (MID, HOME),
        (0, 1, 0, 0, 0),
    ),
    ("back-pass 2", AH, AWAY, card(AH, "back_pass", "blue"), [2], (AH, HOME), (0,) * 5),
    ("back-pass 5", AH, AWAY, card(AH, "back_pass", "blue"), [5], (AH, AWAY), (0,) * 5),
    ("back-pass 6", AH, AWAY, card(AH, "back_pass", "blue"), [6], (MID, HOME), (0,) * 5),
    ("back-pass 9", AH, AWAY, card(AH, "back_pass", "blue"), [9], (MID, AWAY), (0,) * 5),
    ("back-pass 10", AH, AWAY, card(AH, "back_pass", "blue"), [10], (HH, HOME), (0,) * 5),
    ("back-pass 11", AH, AWAY, card(AH, "back_pass", "blue"), [11], (HH, AWAY), (0,) * 5),
    ("back-pass HH 10", HH, HOME, card(HH, "back_pass", "red"), [10], (AH, AWAY), (0,) * 5),
    (
        "Gól/Kirúgás goal",
        A16,
        HOME,
        card(A16, "goal_kickout", "both"),
        [],
        (MID, AWAY),
        (1, 0, 0, 0, 0),
    ),
    ("Gól/Kirúgás 4", A16, AWAY, card(A16, "goal_kickout", "both"), [4], (AH, HOME), (0,) * 5),
    ("Gól/Kirúgás 3", A16, AWAY, card(A16, "goal_kickout", "both"), [3], (AH, AWAY), (0,) * 5),
    ("Gól/Kirúgás 5", A16, AWAY, card(A16, "goal_kickout", "both"), [5], (MID, AWAY), (0,) * 5),
    ("Gól/Kirúgás 9", A16, AWAY, card(A16, "goal_kickout", "both"), [9], (MID, AWAY), (0,) * 5),
    ("Gól/Kirúgás 10", A16, AWAY, card(A16, "goal_kickout", "both"), [10], (HH, HOME), (0,) * 5),
    (
        "Kirúgás/Gól goal",
        H16,
        AWAY,
        card(H16, "goal_kickout", "both"),
        [],
        (MID, HOME),
        (0, 1, 0, 0, 0),
    ),
    ("Kirúgás/Gól 11", H16, HOME, card(H16, "goal_kickout", "both"), [11], (AH, HOME), (0,) * 5),
    ("Gól/Passz goal", A16, HOME, card(A16, "goal_pass", "both"), [], (MID, AWAY), (1, 0, 0, 0, 0)),
    ("Gól/Passz pass", A16, AWAY, card(A16, "goal_pass", "both"), [], (AH, AWAY), (0,) * 5),
    ("Passz/Gól pass", H16, HOME, card(H16, "goal_pass", "both"), [], (HH, HOME), (0,) * 5),
    ("Rárúgás 9 saved", AH, HOME, card(AH, "shot_pass", "both"), [9], (A16, AWAY), (0,) * 5),
    (
        "Rárúgás 10 goal",
        AH,
        HOME,
        card(AH, "shot_pass", "both"),
        [10],
        (MID, AWAY),
        (1, 0, 0, 0, 0),
    ),
    ("Rárúgás/Passz pass", AH, AWAY, card(AH, "shot_pass", "both"), [], (MID, AWAY), (0,) * 5),
    (
        "Passz/Rárúgás 12",
        HH,
        AWAY,
        card(HH, "shot_pass", "both"),
        [12],
        (MID, HOME),
        (0, 1, 0, 0, 0),
    ),
    ("Passz/Rárúgás 1", HH, AWAY, card(HH, "shot_pass", "both"), [1], (H16, HOME), (0,) * 5),
    ("Passz/Rárúgás pass", HH, HOME, card(HH, "shot_pass", "both"), [], (MID, HOME), (0,) * 5),
    (
        "11-es 10 goal",
        A16,
        HOME,
        card(A16, "penalty_kickout", "both"),
        [10],
        (MID, AWAY),
        (1, 0, 0, 0, 0),
    ),
    (
        "11-es 11 saved",
        A16,
        HOME,
        card(A16, "penalty_kickout", "both"),
        [11],
        (A16, AWAY),
        (0,) * 5,
    ),
    (
        "11-es kick-out 2",
        A16,
        AWAY,
        card(A16, "penalty_kickout", "both"),
        [2],
        (AH, HOME),
        (0,) * 5,
    ),
    (
        "Kirúgás/11-es 1",
        H16,
        AWAY,
        card(H16, "penalty_kickout", "both"),
        [1],
        (MID, HOME),
        (0, 1, 0, 0, 0),
    ),
    ("foul AH 1", AH, AWAY, card(AH, "foul_half", "both"), [1], (AH, HOME), (0,) * 5),
    ("foul AH 6", AH, HOME, card(AH, "foul_half", "both"), [6], (AH, AWAY), (0,) * 5),
    ("foul AH 7 yellow", AH, AWAY, card(AH, "foul_half", "both"), [7], (AH, HOME), (0, 0, 0, 1, 0)),
    (
        "foul AH 10 yellow",
        AH,
        HOME,
        card(AH, "foul_half", "both"),
        [10],
        (AH, AWAY),
        (0, 0, 0, 1, 0),
    ),
    ("foul AH 11 red", AH, AWAY, card(AH, "foul_half", "both"), [11], (AH, HOME), (0, 0, 0, 0, 1)),
    ("foul AH 12 red", AH, HOME, card(AH, "foul_half", "both"), [12], (AH, AWAY), (0, 0, 0, 0, 1)),
    ("foul HH 8 yellow", HH, AWAY, card(HH, "foul_half", "both"), [8], (HH, HOME), (0, 0, 0, 1, 0)),
    ("foul HH 3", HH, HOME, card(HH, "foul_half", "both"), [3], (HH, AWAY), (0,) * 5),
    (
        "box foul 2 pen goal",
        A16,
        AWAY,
        card(A16, "foul_box", "both"),
        [2, 5],
        (MID, AWAY),
        (1, 0, 0, 0, 0),
    ),
    (
        "box foul 8 pen saved",
        A16,
        HOME,
        card(A16, "foul_box", "both"),
        [8, 12],
        (A16, AWAY),
        (0, 0, 0, 1, 0),
    ),
    ("box foul 7 odd", A16, HOME, card(A16, "foul_box", "both"), [7], (A16, AWAY), (0, 0, 0, 1, 0)),
    (
        "box foul 11 red",
        A16,
        HOME,
        card(A16, "foul_box", "both"),
        [11],
        (A16, AWAY),
        (0, 0, 0, 0, 1),
    ),
    (
        "box foul 12 red pen",
        A16,
        AWAY,
        card(A16, "foul_box", "both"),
        [12, 1],
        (MID, AWAY),
        (1, 0, 0, 0, 1),
    ),
    (
        "H16 box foul 4 pen",
        H16,
        HOME,
        card(H16, "foul_box", "both"),
        [4, 3],
        (MID, HOME),
        (0, 1, 0, 0, 0),
    ),
    ("H16 box foul 5", H16, AWAY, card(H16, "foul_box", "both"), [5], (H16, HOME), (0,) * 5),
]


@pytest.mark.parametrize(
    ("section", "poss", "played", "rolls", "expected_ball", "tracks"),
    [c[1:] for c in CASES],
    ids=[c[0] for c in CASES],
)
def test_card_effect(
    section: int,
    poss: int,
    played: int,
    rolls: list[int],
    expected_ball: tuple[int, int],
    tracks: tuple[int, int, int, int, int],
) -> None:
    after, events = play_one(section, poss, played, rolls)
    assert ball(after) == expected_ball
    rec = match.record(after)
    assert (rec.home, rec.away, rec.corners, rec.yellows, rec.reds) == tracks
    rolled = [e["value"] for e in events if e["event"] == "die_rolled"]
    assert rolled == rolls  # every roll is a public event


def test_passzolgatas_moves_time_and_leaves_the_ball() -> None:
    after, events = play_one(AH, HOME, card(AH, "keep", "green"))
    assert ball(after) == (AH, HOME) and after.time_pos == 1
    assert {"event": "time_advanced", "half": 1, "time": 1, "cause": "keep"} in events


def test_goal_restarts_from_midfield_and_sets_first_goal_once() -> None:
    after, events = play_one(AH, HOME, card(AH, "shot_pass", "both"), [12])
    assert after.fg == HOME and after.h1 == 1 and ball(after) == (MID, AWAY)
    goal = next(e for e in events if e["event"] == "goal")
    assert goal == {"event": "goal", "team": "home", "half": 1, "score": [1, 0], "first": True}
    again, _ = play_one(H16, AWAY, card(H16, "goal_pass", "both"), fg=HOME, h1=1)
    assert again.fg == HOME and match.score(again) == [1, 1]


def test_second_half_goals_count_in_h2() -> None:
    after, _ = play_one(A16, HOME, card(A16, "goal_pass", "both"), half=2, h1=1)
    assert (after.h1, after.h2) == (1, 1)
    assert match.record(after) == MatchRecord(h1=1, h2=1, fg="home")


@pytest.mark.parametrize(
    ("field", "cap", "section", "poss", "kind", "rolls"),
    [
        ("corners", 20, A16, HOME, "corner", [1, 6]),
        ("yellows", 10, AH, HOME, "foul_half", [8]),
        ("reds", 5, AH, HOME, "foul_half", [12]),
    ],
)
def test_tracks_saturate_at_their_caps(
    field: str, cap: int, section: int, poss: int, kind: str, rolls: list[int]
) -> None:
    colour = "red" if kind == "corner" else "both"
    after, _ = play_one(section, poss, card(section, kind, colour), rolls, **{field: cap})
    assert getattr(after, field) == cap


def test_forward_moves_are_clamped_to_the_pitch() -> None:
    assert effects.forward(A16, HOME, 1) == A16
    assert effects.forward(AH, HOME, 2) == A16
    assert effects.forward(HH, AWAY, 2) == H16
    assert effects.forward(H16, HOME, -1) == H16


# --- Turns, pairs, time and halves (§7.2–§7.4) -------------------------------------------------


def test_the_player_chooses_either_card_and_the_other_goes_face_down() -> None:
    blue, red = card(MID, "dribble", "blue"), card(MID, "short_pass", "red")
    m = board(MID, HOME, (blue, red), n=3)
    assert match.legal(m) == [
        {"type": "play", "card": CARDS[blue].id},
        {"type": "play", "card": CARDS[red].id},
    ]
    after, _, events = match.play(m, CARDS[red].id, Dice())
    played = next(e for e in events if e["event"] == "card_played")
    assert played["card"]["id"] == CARDS[red].id
    assert played["discarded"] == {"id": None, "back": "MID"}
    assert after.discard[MID] == (blue, red) and after.current == 1
    drawn = next(e for e in events if e["event"] == "cards_drawn")
    assert drawn == {"event": "cards_drawn", "seat": 1, "section": "AH", "count": 2}
    with pytest.raises(IllegalAction):
        match.play(m, CARDS[card(MID, "long_pass", "green")].id, Rng(1))


def test_identical_pair_is_forced_revealed_and_gives_an_extra_turn() -> None:
    a, b = card(MID, "dribble", "blue", 0), card(MID, "dribble", "blue", 1)
    m = board(MID, HOME, (a, b), n=3)
    assert match.legal(m) == [{"type": "play", "card": CARDS[a].id}]
    after, _, events = match.play(m, CARDS[a].id, Dice())
    played = next(e for e in events if e["event"] == "card_played")
    assert played["identical"] and played["discarded"]["id"] == CARDS[b].id
    assert after.current == 0 and {"event": "extra_turn", "seat": 0} in events


def _exhausting(section: int, last: tuple[int, int], **fields: Any) -> MatchState:
    """`last` is the deck's final pair: the rest of the deck is already in its discard."""
    m = board(section, HOME, last, **fields)
    draw = list(m.draw)
    discard = list(m.discard)
    discard[section], draw[section] = draw[section], ()
    return replace(m, draw=tuple(draw), discard=tuple(discard))


def test_an_exhausted_deck_advances_time_and_is_reshuffled_with_the_cards_just_played() -> None:
    pair = (card(MID, "dribble", "red"), card(MID, "short_pass", "blue"))
    m = _exhausting(MID, pair)
    after, _, events = match.play(m, CARDS[pair[0]].id, Dice())
    assert after.time_pos == 1
    assert {"event": "time_advanced", "half": 1, "time": 1, "cause": "deck_exhausted"} in events
    assert sorted(after.draw[MID] + after.pair) == sorted(CATALOGUE.decks[MID])
    assert after.discard[MID] == ()


def test_passzolgatas_from_the_last_pair_advances_time_twice() -> None:
    pair = (card(AH, "keep", "green"), card(AH, "dribble", "red"))
    after, _, _ = match.play(_exhausting(AH, pair), CARDS[pair[0]].id, Dice())
    assert after.time_pos == 2


def test_the_half_ends_on_the_sixth_advance_and_the_extra_turn_is_lost() -> None:
    a, b = card(MID, "keep", "green", 0), card(MID, "keep", "green", 1)
    m = _exhausting(MID, (a, b), time_pos=5, n=3, current=2)
    after, _, events = match.play(m, CARDS[a].id, Dice())
    assert after.status == match.HALF_TIME and after.time_pos == 6
    assert after.last_player == 2 and after.pair is None and match.to_act(after) is None
    assert after.draw[MID] == ()  # no reshuffle after the half ended
    assert [e["event"] for e in events][-2:] == ["ball_moved", "half_ended"]


def test_second_half_reshuffles_everything_other_team_kicks_off_left_of_last_player() -> None:
    a, b = card(MID, "keep", "green", 0), card(MID, "keep", "green", 1)
    m = _exhausting(MID, (a, b), time_pos=5, n=3, current=2, kickoff=HOME)
    half_time, rng, _ = match.play(m, CARDS[a].id, Rng(3))
    assert half_time.status == match.HALF_TIME
    with pytest.raises(IllegalAction):
        match.start_second_half(m, rng)
    second, _, events = match.start_second_half(half_time, rng)
    assert (second.half, second.time_pos, ball(second)) == (2, 0, (MID, AWAY))
    assert second.current == 0  # left of seat 2 with 3 players
    for s in range(5):
        in_deck = second.draw[s] + (second.pair if s == MID else ())
        assert Counter(in_deck) == Counter(CATALOGUE.decks[s])
    assert sum(e["event"] == "deck_shuffled" for e in events) == 5


def test_without_a_break_the_second_half_starts_at_once_and_the_match_ends_after_it() -> None:
    a, b = card(MID, "keep", "green", 0), card(MID, "keep", "green", 1)
    m = _exhausting(MID, (a, b), time_pos=5, half_time_break=False)
    second, _, _ = match.play(m, CARDS[a].id, Rng(3))
    assert second.half == 2 and second.status == match.PLAYING
    last = _exhausting(MID, (a, b), time_pos=5, half=2)
    over, _, events = match.play(last, CARDS[a].id, Rng(3))
    assert match.is_over(over) and events[-1]["event"] == "match_ended"
    assert match.legal(over) == []


def test_decks_of_twelve_play_a_whole_match() -> None:
    """Bukméker's 12-card decks (§10.1): the engine plays whatever piles it is given."""
    piles, rng, _ = match.shuffle_decks(Rng(7))
    m, rng, _ = match.start_match([p[4:] for p in piles], 1, AWAY, 3, rng, half_time_break=False)
    assert (ball(m), m.current) == ((MID, AWAY), 1)
    while not match.is_over(m):
        m, rng, _ = match.play(m, match.legal(m)[-1]["card"], rng)
    for s in range(5):
        assert len(m.draw[s]) + len(m.discard[s]) == 12


def test_dump_and_load_round_trip() -> None:
    piles, rng, _ = match.shuffle_decks(Rng(11))
    m, rng, _ = match.start_match(piles, 0, HOME, 2, rng, half_time_break=True)
    for _ in range(10):
        m, rng, _ = match.play(m, match.legal(m)[0]["card"], rng)
    assert match.load(match.dump(m)) == m


# --- The worked example (§14), step by step ---------------------------------------------------


def test_worked_example_of_the_rulebook() -> None:
    blue_dribble = card(MID, "dribble", "blue")
    red_pass = card(MID, "short_pass", "red")
    green_pass = card(AH, "short_pass", "green")
    corner = card(A16, "corner", "red")
    foul = card(AH, "foul_half", "both")
    keep = card(AH, "keep", "green")
    shot = card(AH, "shot_pass", "both")
    # What was drawn with each played card (any different card of the same deck).
    plays = [blue_dribble, red_pass, green_pass, corner, foul, keep, shot]
    used: list[int] = list(plays)
    pairs: list[tuple[int, int]] = []
    for c in plays:
        other = filler(CARDS[c].section, c, used)
        used.append(other)
        pairs.append((c, other))
    piles = []
    for s, deck in enumerate(CATALOGUE.decks):
        top = [x for p in pairs if CARDS[p[0]].section == s for x in p]
        piles.append(tuple(top) + tuple(c for c in deck if c not in top))
    m, dice, _ = match.start_match(piles, 0, HOME, 4, Dice(), half_time_break=True)
    assert ball(m) == (MID, HOME)
    rolls = {corner: (6,), foul: (9,), shot: (12,)}
    expected = [
        ((MID, AWAY), (0, 0, 0, 0)),  # 1 blue dribble: away wins the ball in midfield
        ((AH, HOME), (0, 0, 0, 0)),  # 2 red short pass: one forward, to the right
        ((A16, HOME), (0, 0, 0, 0)),  # 3 green short pass helps the reds
        ((AH, HOME), (0, 1, 0, 0)),  # 4 corner, 6: away half, red circle
        ((AH, HOME), (0, 1, 1, 0)),  # 5 foul, 9: yellow card, odd -> reds keep it
        ((AH, HOME), (0, 1, 1, 1)),  # 6 Passzolgatás: time one to the right
        ((MID, AWAY), (1, 1, 1, 1)),  # 7 Rárúgás/Passz, 12: GOAL, away restarts
    ]
    for seat_turn, (c, (want_ball, (h1, corners, yellows, time))) in enumerate(
        zip(plays, expected, strict=True)
    ):
        assert m.current == seat_turn % 4
        assert m.pair is not None and c in m.pair
        m, dice, _ = match.play(m, CARDS[c].id, Dice(rolls.get(c, ())))
        assert dice == Dice()
        assert ball(m) == want_ball
        assert (m.h1, m.corners, m.yellows, m.time_pos) == (h1, corners, yellows, time)
    assert m.fg == HOME and match.record(m) == MatchRecord(h1=1, fg="home", corners=1, yellows=1)

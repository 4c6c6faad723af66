"""Betting cards (docs/rules/focifogadas.md §8): predicates, the decided@HT column, decided so far."""

import itertools

import pytest

from app.games.focifogadas.bets import CARDS, DARK_IDS, LIGHT_IDS, card, cut, verdicts
from app.games.focifogadas.record import CORNER_CAP, RED_CAP, YELLOW_CAP, MatchRecord

R = MatchRecord

# Hand-made final records and the light cards that hold on each (§8.2).
FINALS: list[tuple[MatchRecord, set[str]]] = [
    (R(), {"L05", "L06", "L12", "L15", "L20", "L21", "L23", "L25", "L27"}),
    (
        R(h1=1, a1=0, h2=0, a2=2, fg="home", corners=4, yellows=2, reds=1),
        {"L01", "L03", "L08", "L11", "L14", "L20", "L24", "L26", "L29"},
    ),
    (
        R(h1=2, a1=1, h2=1, a2=0, fg="away", corners=1, yellows=3),
        {"L02", "L03", "L07", "L09", "L10", "L13", "L16", "L18", "L25", "L28"},
    ),
    (
        R(h1=0, a1=2, h2=0, a2=3, fg="away", corners=2, yellows=1),
        {"L02", "L04", "L08", "L11", "L14", "L17", "L19", "L21", "L22"},
    ),
    (
        R(h1=1, a1=1, h2=2, a2=0, fg="home", yellows=10, reds=5, corners=20),
        {"L01", "L05", "L10", "L13", "L16", "L18", "L24", "L28", "L29"},
    ),
    (
        R(h1=1, a1=1, h2=0, a2=0, fg="away"),
        {"L02", "L05", "L09", "L12", "L15", "L20", "L23", "L25", "L27"},
    ),
]


def test_catalogue_has_29_light_and_25_dark_cards_with_three_languages() -> None:
    assert len(LIGHT_IDS) == 29 and len(DARK_IDS) == 25 and len(CARDS) == 54
    for bet in CARDS.values():
        assert set(bet.text) == {"hu", "en", "da"} and all(bet.text.values())
    assert card("D02").text["hu"] == "A mérkőzés végeredménye 0:2."
    assert card("L20").text["en"] == "Neither team scores more than 2 goals."


@pytest.mark.parametrize(("record", "expected"), FINALS)
def test_light_predicates_on_hand_made_records(record: MatchRecord, expected: set[str]) -> None:
    assert {c for c in LIGHT_IDS if card(c).holds(record)} == expected


def test_every_light_card_is_both_won_and_lost_somewhere_in_the_examples() -> None:
    won = set().union(*(e for _, e in FINALS))
    assert won == set(LIGHT_IDS)
    for c in LIGHT_IDS:
        assert any(c not in expected for _, expected in FINALS)


def test_dark_cards_hold_on_exactly_their_final_score() -> None:
    for h, a in itertools.product(range(6), repeat=2):
        record = R(h1=min(h, 1), a1=0, h2=h - min(h, 1), a2=a)
        holding = [c for c in DARK_IDS if card(c).holds(record)]
        assert holding == ([f"D{h}{a}"] if h <= 4 and a <= 4 else [])


def _second_halves(ht: MatchRecord) -> list[MatchRecord]:
    """§8.4 by brute force: 2nd halves with up to 8 goals a team, tracks up to their caps."""
    fgs = (ht.fg,) if ht.fg else (None, "home", "away")
    tracks = {
        (ht.corners, ht.yellows, ht.reds),
        (CORNER_CAP, ht.yellows, ht.reds),
        (ht.corners, YELLOW_CAP, ht.reds),
        (ht.corners, ht.yellows, RED_CAP),
        *(
            (min(ht.corners + k, CORNER_CAP), min(ht.yellows + k, YELLOW_CAP), ht.reds)
            for k in (1, 2, 3)
        ),
    }
    futures = []
    for h2, a2, fg in itertools.product(range(9), range(9), fgs):
        if ht.fg is None and (fg is None) != (h2 + a2 == 0):
            continue
        if ht.fg is None and fg is not None and (h2, a2)[fg == "away"] == 0:
            continue
        futures += [R(ht.h1, ht.a1, h2, a2, fg, c, y, rd) for c, y, rd in tracks]
    return futures


def _generic_ht(bet_id: str, futures: list[MatchRecord]) -> bool | None:
    values = set()
    for future in futures:
        values.add(card(bet_id).holds(future))
        if len(values) == 2:
            return None
    return values.pop()


def _half_time_records() -> list[MatchRecord]:
    records = []
    for h1, a1 in itertools.product(range(6), repeat=2):
        fgs = [None] if h1 + a1 == 0 else [t for t, g in (("home", h1), ("away", a1)) if g]
        records += [R(h1=h1, a1=a1, fg=fg) for fg in fgs]
    records += [R(corners=c) for c in range(CORNER_CAP + 1)]
    records += [R(yellows=y) for y in range(YELLOW_CAP + 1)]
    records += [R(reds=rd) for rd in range(RED_CAP + 1)]
    return records


def test_decided_at_half_time_column_agrees_with_the_generic_rule() -> None:
    status_value = {"won": True, "lost": False, "alive": None}
    for ht in _half_time_records():
        futures = _second_halves(ht)
        for c in CARDS:
            explicit = card(c).half_time_outcome(ht)
            assert explicit == _generic_ht(c, futures), (c, ht)
            assert status_value[card(c).status_so_far(ht, 2)] == explicit, (c, ht)
            assert card(c).decided_at_half_time(ht) == (explicit is not None)


def test_seed_examples_at_half_time() -> None:
    ht = R(h1=1, a1=0, fg="home", yellows=3)
    assert card("L03").half_time_outcome(ht) is True
    assert card("L26").half_time_outcome(ht) is False
    assert card("L08").half_time_outcome(ht) is None
    assert card("D00").half_time_outcome(ht) is False
    assert card("D10").half_time_outcome(ht) is None


def _brute_status(bet_id: str, r: MatchRecord, half: int) -> str:
    """Decided so far by a joint brute force over goals, first goal and all three tracks."""
    bet = card(bet_id)
    grow = range(6)
    values = set()
    goals = (
        itertools.product(grow, grow, grow, grow)
        if half == 1
        else ((0, 0, h2, a2) for h2, a2 in itertools.product(grow, grow))
    )
    for dh1, da1, dh2, da2 in goals:
        fgs = (r.fg,) if r.fg else ((None,) if dh1 + da1 + dh2 + da2 == 0 else ("home", "away"))
        for fg, k in itertools.product(fgs, (0, 1, 2, 3, 20)):
            future = R(
                r.h1 + dh1,
                r.a1 + da1,
                r.h2 + dh2,
                r.a2 + da2,
                fg,
                min(r.corners + k, CORNER_CAP),
                min(r.yellows + k, YELLOW_CAP),
                min(r.reds + k, RED_CAP),
            )
            values.add(bet.holds(future))
            if len(values) == 2:
                return "alive"
    return "alive" if len(values) == 2 else ("won" if values.pop() else "lost")


@pytest.mark.parametrize(
    ("record", "half"),
    [
        (R(), 1),
        (R(h1=2, a1=1, fg="home", corners=3, yellows=1), 1),
        (R(h1=0, a1=3, fg="away", reds=1), 2),
        (R(h1=0, a1=4, fg="away", corners=1), 1),
        (R(h1=3, a1=1, h2=0, a2=2, fg="home", yellows=2), 2),
        (R(h1=1, a1=1, h2=2, a2=0, fg="home", corners=5, yellows=3), 2),
    ],
)
def test_status_so_far_agrees_with_a_joint_brute_force(record: MatchRecord, half: int) -> None:
    for c in CARDS:
        assert card(c).status_so_far(record, half) == _brute_status(c, record, half), c


def test_verdicts_a_view_shares_answer_as_each_card_does() -> None:
    """Views judge a hand through `verdicts`, kept per (record, half) and shared by every
    view and room: asked in any order, after other records, they agree with the cards."""
    records = [R(), R(h1=2, a1=1, fg="home", corners=3), R(h1=0, a1=3, h2=1, a2=1, fg="away")]
    for _ in range(2):  # the second time from what the first left behind
        for r, half in itertools.product(records, (1, 2, None)):
            judged = verdicts(r, half)
            for c in reversed(list(CARDS)):
                assert judged.status(c) == card(c).status_so_far(r, half), (c, r, half)
                assert judged.holds(c) == card(c).holds(r), (c, r)


def test_status_so_far_examples_a_player_would_notice() -> None:
    r = R(h1=3, a1=0, fg="home")
    assert card("L18").status_so_far(r, 1) == "won"
    assert card("L20").status_so_far(r, 1) == "lost"
    assert card("L03").status_so_far(r, 1) == "alive"  # the away team may still catch up
    assert card("L03").status_so_far(r, 2) == "won"
    assert card("L01").status_so_far(r, 1) == "won"
    assert card("L02").status_so_far(R(), 1) == "alive"
    assert card("D30").status_so_far(r, 1) == "alive"
    assert card("D30").status_so_far(r, None) == "won"
    assert card("D31").status_so_far(r, None) == "lost"


def test_every_card_reads_only_its_own_quantity() -> None:
    """Statuses are cached on the record cut down to the card's quantity (`cut`): a card
    that also read, say, the corners would be judged on a record without them."""
    goals = range(3)
    records = [
        R(h1, a1, h2, a2, fg, corners, yellows, reds)
        for h1, a1, h2, a2 in itertools.product(goals, repeat=4)
        for fg in (None, "home", "away")
        for corners, yellows, reds in [(0, 0, 0), (1, 3, 1), (4, 2, 2), (CORNER_CAP, 0, RED_CAP)]
    ]
    for bet in CARDS.values():
        for r in records:
            assert bet.holds(r) == bet.holds(cut(r, bet.uses)), (bet.id, r)

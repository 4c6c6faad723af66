"""The bookmakers' table (docs/rules/focifogadas.md §10.1–§10.7): deal, draft, discs, stakes, settlement."""

from dataclasses import replace

import pytest

from app.games.base import IllegalAction, NotYourTurn, Rng
from app.games.focifogadas import book, settlement, views
from app.games.focifogadas.bets import is_dark
from app.games.focifogadas.book import Book, Offer, Stake
from app.games.focifogadas.record import MatchRecord


def dealt(n: int = 4, start: int = 0, markers: int = 6) -> Book:
    b, _, _ = book.deal(n, start, markers, Rng(5))
    return b


def staking(offers: list[tuple[str, int, int]], n: int = 3, markers: int = 6) -> Book:
    """A table at the start of the stakes with the given (card, bookmaker, disc) offers."""
    return replace(
        dealt(n, markers=markers),
        phase=book.STAKES,
        hands=((),) * n,
        offers=tuple(Offer(*o) for o in offers),
        stake_seat=0,
    )


def play(b: Book, steps: list[tuple[int, str, int]]) -> Book:
    for seat, card, k in steps:
        before = sum(b.money)
        b, _ = book.apply(b, seat, {"type": "stake", "card": card, "n": k})
        assert sum(b.money) == before
    return b


# --- Setup and draft (§10.1, §10.3) ---------------------------------------------------------


def test_deal_gives_4_light_4_dark_and_1000_per_player_each() -> None:
    for n in (3, 4, 5, 6):
        b = dealt(n)
        assert b.money == (1000 * n,) * n
        for hand in b.hands:
            assert sum(map(is_dark, hand)) == 4 and len(hand) == 8
        assert len({c for h in b.hands for c in h}) == 8 * n
        assert book.to_act(b) == frozenset(range(n))


def draft_round(b: Book, choose: int = 0) -> Book:
    for seat in range(b.n):
        b, events = book.apply(b, seat, book.legal(b, seat)[choose])
        assert "card" not in events[0]  # a pick is hidden
    for seat in book.seat_order(b):
        b, _ = book.apply(b, seat, book.legal(b, seat)[-1])
    return b


def test_picks_are_hidden_until_the_disc_turn_and_hands_pass_left() -> None:
    b = dealt(4, start=2)
    first = b.hands
    b, _ = book.apply(b, 0, {"type": "pick", "card": first[0][0]})
    with pytest.raises(NotYourTurn):
        book.apply(b, 0, {"type": "pick", "card": first[0][1]})
    pub = views.book_public(b, MatchRecord(), 1)
    assert pub["players"][0]["pick"] == {"id": None, "back": "bet"}
    assert first[0][0] not in str(pub)
    assert views.book_private(b, 0)["pick"]["id"] == first[0][0]
    assert first[0][0] not in str(views.book_private(b, 1))
    for seat in (1, 2, 3):
        b, _ = book.apply(b, seat, {"type": "pick", "card": first[seat][0]})
    assert b.phase == book.DISCS and book.to_act(b) == {2}  # reveals from the start player
    assert views.book_public(b, MatchRecord(), 1)["revealing"]["card"]["id"] == first[2][0]
    for seat in (2, 3, 0):
        b, events = book.apply(b, seat, {"type": "disc", "value": 12})
        assert events[0]["card"]["id"] == first[seat][0]
    assert {"type": "disc", "value": 12} not in book.legal(b, 1)  # three copies only
    b, _ = book.apply(b, 1, {"type": "disc", "value": 10})
    assert b.round == 2 and b.hands[1] == first[0][1:]  # seat 0's hand went to its left
    assert b.discs_left[book.DISC_VALUES.index(12)] == 0


def test_disc_value_runs_out_after_three_copies() -> None:
    b = dealt(4)
    for seat in range(4):
        b, _ = book.apply(b, seat, book.legal(b, seat)[0])
    for seat in range(3):
        b, _ = book.apply(b, seat, {"type": "disc", "value": 5})
    assert {"type": "disc", "value": 5} not in book.legal(b, 3)
    with pytest.raises(IllegalAction):
        book.apply(b, 3, {"type": "disc", "value": 5})


def test_round_three_forces_an_exact_result_when_none_was_offered() -> None:
    b = dealt(3)
    for _ in range(2):
        b = replace(
            b,
            hands=tuple(tuple(sorted(h, key=is_dark)) for h in b.hands),  # light cards first
        )
        b = draft_round(b, choose=0)
    assert not any(is_dark(o.card) for o in b.offers)
    for seat in range(3):
        assert book.legal(b, seat) and all(is_dark(a["card"]) for a in book.legal(b, seat))
    b = draft_round(b)
    assert b.phase == book.STAKES and b.hands == ((), (), ())
    assert all(sum(is_dark(o.card) for o in book.offers_of(b, s)) >= 1 for s in range(3))


# --- Stakes (§10.5) ------------------------------------------------------------------------


def test_stake_pays_the_bookmaker_at_once_and_forbids_own_cards_and_raising() -> None:
    b = staking([("L01", 0, 2), ("L02", 1, 4), ("L03", 2, 3)])
    cards = {a["card"] for a in book.legal(b, 0)}
    assert cards == {"L02", "L03"}  # rule 1: not your own card
    assert {a["n"] for a in book.legal(b, 0)} == {1, 2, 3}  # rule 3: at most 3 per card
    b = play(b, [(0, "L02", 3)])
    assert b.money == (2700, 3300, 3000) and b.markers[0] == 3
    assert book.to_act(b) == {1}
    b = play(b, [(1, "L03", 1), (2, "L01", 2)])
    assert {a["card"] for a in book.legal(b, 0)} == {"L03"}  # rule 2: no raising
    assert book.stake_blocks(b, 0) == {"L01": "own_card", "L02": "already_staked"}


def test_markers_left_bound_the_count_and_empty_seats_are_skipped() -> None:
    b = staking([("L01", 0, 2), ("L02", 1, 4), ("L03", 2, 3)], markers=4)
    b = play(b, [(0, "L02", 3), (1, "L01", 3), (2, "L01", 1), (0, "L03", 1)])
    assert b.markers == (0, 1, 3)
    assert book.to_act(b) == {1}
    assert book.stake_blocks(b, 0) == {
        "L01": "own_card",
        "L02": "already_staked",
        "L03": "already_staked",
    }
    b = replace(b, offers=(*b.offers, Offer("L04", 1, 5)))
    assert book.stake_blocks(b, 0)["L04"] == "no_markers"
    b = replace(b, offers=b.offers[:-1])
    b = play(b, [(1, "L03", 1)])
    assert book.to_act(b) == {2}  # seat 0 has no markers: skipped
    b = play(b, [(2, "L02", 3)])
    assert b.phase == book.DONE and book.to_act(b) == frozenset()


FOUR = [("L01", 0, 2), ("L02", 1, 3), ("L03", 2, 4), ("L04", 3, 5)]


def test_two_bettor_limit_holds_until_every_card_has_a_stake() -> None:
    b = staking(FOUR, n=4)
    b = play(b, [(0, "L02", 1), (1, "L03", 1), (2, "L02", 1)])
    assert "L02" not in {a["card"] for a in book.legal(b, 3)}
    assert book.stake_blocks(b, 3)["L02"] == "two_bettor_limit"
    b = play(b, [(3, "L01", 1), (0, "L04", 1)])  # now every card carries a marker
    assert "L02" not in book.stake_blocks(b, 3)  # rule 4 lifts: a third bettor is welcome
    b = play(b, [(1, "L01", 1), (2, "L01", 1), (3, "L02", 1)])
    assert book.bettors(b, "L02") == {0, 2, 3}


def test_deadlock_fallback_waives_the_limit_when_nothing_else_is_open() -> None:
    b2 = replace(
        staking(FOUR, n=4),
        stakes=tuple(
            Stake(card, seat, 1)
            for card, seat in [("L01", 3), ("L02", 0), ("L02", 2), ("L03", 0), ("L03", 1)]
        ),
        markers=(5, 5, 5, 5),
        stake_seat=3,
    )
    # Seat 3 now: own L04 is the only bare card; L02 and L03 each have two bettors.
    assert book.stake_blocks(b2, 3) == {
        "L01": "already_staked",
        "L02": "two_bettor_limit",
        "L03": "two_bettor_limit",
        "L04": "own_card",
    }
    assert {a["card"] for a in book.legal(b2, 3)} == {"L02", "L03"}


def test_the_limit_blocks_a_third_bettor_before_the_deadlock() -> None:
    b = staking(FOUR, n=4)
    b = play(b, [(0, "L02", 1), (1, "L03", 1), (2, "L01", 1), (3, "L01", 1)])
    with pytest.raises(IllegalAction):
        book.apply(b, 0, {"type": "stake", "card": "L01", "n": 1})


# --- Settlement (§10.7) --------------------------------------------------------------------


def test_seed_stake_example_pays_the_multiplier_without_returning_stakes() -> None:
    # §10.5: Zoli 2 and Peti 3 markers on Miki's ×4 card.
    money = (3000, 3000, 3000)
    offers = (Offer("L01", 0, 4),)
    stakes = (Stake("L01", 1, 2), Stake("L01", 2, 3))
    after, _ = settlement.settle(money, offers, stakes, lambda c: True)
    assert after == (1000, 3800, 4200)
    lost, _ = settlement.settle(money, offers, stakes, lambda c: False)
    assert lost == money


WORKED = {"a1": "L01", "a2": "L02", "a3": "L03", "X": "D11", "b2": "L04"}
WORKED |= {"b3": "L05", "Z": "L06", "Y": "D22", "c3": "L07"}


def test_rules_worked_settlement_example() -> None:
    w = WORKED
    b = staking(
        [
            (w["a1"], 0, 2), (w["a2"], 0, 4), (w["a3"], 0, 8),
            (w["X"], 1, 12), (w["b2"], 1, 3), (w["b3"], 1, 5),
            (w["Z"], 2, 2), (w["Y"], 2, 12), (w["c3"], 2, 6),
        ]
    )  # fmt: skip
    b = play(
        b,
        [
            (0, w["X"], 2), (1, w["a1"], 2), (2, w["a3"], 3), (0, w["b2"], 2), (1, w["a2"], 2),
            (2, w["X"], 1), (0, w["Z"], 1), (1, w["Y"], 2), (2, w["b3"], 2), (0, w["Y"], 1),
        ],
    )  # fmt: skip
    assert b.phase == book.DONE
    assert b.money == (3100, 3100, 2800)
    won = {w["X"], w["Y"], w["Z"]}
    after, groups = settlement.settle(b.money, b.offers, b.stakes, lambda c: c in won)
    assert after == (6233, 1733, 1034) and sum(after) == 9000
    assert [g["cards"] for g in groups] == [[w["Z"]], [w["X"], w["Y"]]]
    assert groups[0]["transfers"] == [
        {"card": w["Z"], "payer": 2, "payee": 0, "owed": 200, "paid": 200, "forgiven": 0}
    ]
    paid = {
        (t["payer"], t["payee"]): (t["owed"], t["paid"], t["forgiven"])
        for t in groups[1]["transfers"]
    }
    assert paid == {
        (1, 0): (2400, 2066, 334),
        (1, 2): (1200, 1034, 166),
        (2, 0): (1200, 867, 333),
        (2, 1): (2400, 1733, 667),
    }
    assert settlement.winners(after) == [0]


def test_lower_multiplier_first_then_fewer_markers() -> None:
    # Seat 0 holds 1000: its ×2 card (2 markers) is paid before its ×2 card with 3 markers,
    # and both before its ×3 card, which gets nothing.
    money = (1000, 5000, 5000)
    offers = (Offer("L03", 0, 3), Offer("L02", 0, 2), Offer("L01", 0, 2))
    stakes = (
        Stake("L03", 1, 1),
        Stake("L02", 2, 3),
        Stake("L01", 1, 2),
    )
    after, groups = settlement.settle(money, offers, stakes, lambda c: True)
    assert [g["cards"] for g in groups] == [["L01"], ["L02"], ["L03"]]
    assert after == (0, 5400, 5600)
    assert groups[2]["transfers"][0]["forgiven"] == 300


def test_insolvent_bookmaker_owes_nothing_later_even_after_receiving() -> None:
    # Seat 0 cannot pay its ×2 card in full; in the next group it is paid on its own bet,
    # yet the unpaid rest is never collected.
    money = (300, 5000, 5000)
    offers = (Offer("L01", 0, 2), Offer("L02", 1, 4))
    stakes = (Stake("L01", 1, 3), Stake("L02", 0, 1))
    after, groups = settlement.settle(money, offers, stakes, lambda c: True)
    assert after == (400, 4900, 5000)
    assert groups[0]["transfers"][0] == {
        "card": "L01", "payer": 0, "payee": 1, "owed": 600, "paid": 300, "forgiven": 300,
    }  # fmt: skip


def test_equal_claims_share_equally_and_the_remainder_goes_clockwise() -> None:
    money = (3000, 1001, 3000, 3000)
    offers = (Offer("D00", 1, 12),)
    stakes = (Stake("D00", 0, 1), Stake("D00", 2, 1), Stake("D00", 3, 1))
    after, _ = settlement.settle(money, offers, stakes, lambda c: True)
    # 1001 over three equal claims: 333 each, the 2 left go to seats 2 and 3 (left of seat 1).
    assert after == (3333, 0, 3334, 3334)


def test_claims_on_two_cards_of_one_bookmaker_in_a_group_are_summed_first() -> None:
    # A28: seat 0 owes seat 1 800 + 400 and seat 2 400 in one group, but holds 1000.
    money = (1000, 5000, 5000)
    offers = (Offer("L01", 0, 4), Offer("L02", 0, 4))
    stakes = (Stake("L01", 1, 2), Stake("L02", 1, 1), Stake("L02", 2, 1))
    after, groups = settlement.settle(money, offers, stakes, lambda c: True)
    assert len(groups) == 1 and groups[0]["cards"] == ["L01", "L02"]
    assert after == (0, 5750, 5250)  # 1000 split 1200 : 400
    owed = [
        (t["card"], t["payee"], t["owed"], t["paid"], t["forgiven"]) for t in groups[0]["transfers"]
    ]
    assert owed == [
        ("L01", 1, 800, 750, 50),
        ("L02", 1, 400, 0, 400),
        ("L02", 2, 400, 250, 150),
    ]

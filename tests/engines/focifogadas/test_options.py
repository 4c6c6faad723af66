"""The table's own choices (issue 22): `start_player` (§7.1, §12 SETUP_START_PLAYER) and the
five §12.1 alternatives, each changing the game as docs/rules/focifogadas.md says."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from app.games.base import BadOptions, IllegalAction
from app.games.focifogadas import book, bukmeker, drukker, live, match, settlement
from app.games.focifogadas.book import Offer, Stake
from app.games.focifogadas.game import GAME
from app.games.focifogadas.options import DISC_POOLS
from app.games.focifogadas.record import MatchRecord
from tests.engines.focifogadas.test_book import FOUR, WORKED, play, staking

MODES = ("drukker", "bukmeker", "live")
TABLE = ("disc_pool", "stake_limit_after_all_covered", "insolvency_split")


def run(mode: str, options: dict[str, Any], seats: int, seed: int, until: Any = None) -> Any:
    """Play a game with random legal actions (lowest seat first); returns (state, events)."""
    state = GAME.new(mode, options, seats, seed)
    rnd = random.Random(seed)
    log: list[dict[str, Any]] = []
    while GAME.result(state) is None and not (until and until(state, log)):
        seat = min(GAME.to_act(state))
        state, events = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
        log += [{**e, "by_seat": seat} for e in events]
    return state, log


# --- What the modes offer, and strict validation ---------------------------------------------


def test_each_mode_lists_its_options_with_the_rules_defaults() -> None:
    defaults = {mode: GAME.modes[mode].defaults() for mode in MODES}
    assert defaults["drukker"] == {"start_player": "random", "time_advances_per_half": 6}
    assert defaults["bukmeker"] == {
        "start_player": "random",
        "time_advances_per_half": 6,
        "disc_pool": "standard",
        "stake_limit_after_all_covered": None,
        "insolvency_split": "proportional",
    }
    assert defaults["live"] == {
        "scorer_seat": 0,
        "home_name": "Home",
        "away_name": "Away",
        "start_player": "random",
        "live_stake_tokens": 5,
        "disc_pool": "standard",
        "stake_limit_after_all_covered": None,
        "insolvency_split": "proportional",
    }


GOOD = {
    "time_advances_per_half": [6, 5],
    "disc_pool": ["standard", "sevens"],
    "stake_limit_after_all_covered": [None, 3],
    "insolvency_split": ["proportional", "equal"],
    "live_stake_tokens": [5, 6],
    "start_player": ["random", 0, 2],
}
BAD = {
    "time_advances_per_half": [5.0, True, 4, 7, "5", None],
    "disc_pool": ["Sevens", "", 7, None],
    "stake_limit_after_all_covered": [3.0, True, 2, 4, "3", "null"],
    "insolvency_split": ["equally", 1, None],
    "live_stake_tokens": [6.0, True, 4, 7, "6"],
    "start_player": [True, False, -1, 1.0, "first", None, "Random", 6],
}


@pytest.mark.parametrize("mode", MODES)
def test_options_accept_exactly_the_listed_values_with_their_json_type(mode: str) -> None:
    spec = GAME.modes[mode]
    for name in set(spec.options) & set(GOOD):
        for value in GOOD[name]:
            assert spec.check_options({name: value})[name] == value
        for value in BAD[name]:
            with pytest.raises(BadOptions):
                spec.check_options({name: value})
    for name in set(GOOD) - set(spec.options):  # an option of another mode is unknown here
        with pytest.raises(BadOptions):
            spec.check_options({name: GOOD[name][-1]})


@pytest.mark.parametrize("mode", MODES)
def test_a_start_seat_beyond_the_table_is_refused_when_the_game_is_set_up(mode: str) -> None:
    with pytest.raises(BadOptions):
        GAME.new(mode, {"start_player": 3}, 3, 1)
    with pytest.raises(BadOptions):  # the engine checks options itself, strictly
        GAME.new(mode, {"start_player": True}, 3, 1)
    GAME.new(mode, {"start_player": 2}, 3, 1)


@pytest.mark.parametrize("mode", MODES)
def test_non_default_options_survive_dump_and_load_through_json(mode: str) -> None:
    options: dict[str, Any] = {"start_player": 1}
    options |= {
        k: GOOD[k][-1] for k in GAME.modes[mode].options if k in GOOD and k != "start_player"
    }
    state, _ = run(mode, options, 4, 7)
    data = json.loads(json.dumps(GAME.dump(state)))
    assert GAME.load(data) == state and GAME.dump(GAME.load(data)) == GAME.dump(state)


@pytest.mark.parametrize("mode", MODES)
def test_default_dumps_carry_no_option_fields(mode: str) -> None:
    """Spelled-out defaults give the same dump as no options (the golden replays' digests)."""
    for seed in (1, 2):
        plain = GAME.dump(run(mode, {}, 4, seed)[0])
        spelled = GAME.dump(run(mode, GAME.modes[mode].defaults(), 4, seed)[0])
        assert plain == spelled
        text = json.dumps(plain)
        for name in ("start_choice", "host_start", "time_steps", "rules"):
            assert f'"{name}"' not in text


# --- start_player (§7.1 step 3, §12 SETUP_START_PLAYER) ---------------------------------------


def test_drukker_start_player_takes_the_first_turn_and_leads_the_purchases() -> None:
    for seed in range(6):
        s, log = run("drukker", {"start_player": 2}, 4, seed, lambda s, _: s.inner.buyer)
        chosen = [e for e in log if e["event"] == "start_player_chosen"]
        assert chosen == [{**chosen[0], "seat": 2, "by": "host"}]
        kick = next(e for e in log if e["event"] == "kicked_off")
        assert kick["seat"] == 2
        first_play = next(e for e in log if e["event"] == "card_played")
        assert first_play["seat"] == 2
        assert s.inner.buyer.seat == 2  # §9.3: purchases in seat order from the start player
        assert GAME.public(s).public["start_player"] == 2


def test_random_start_player_varies_with_the_seed_and_logs_no_host_choice() -> None:
    seats = set()
    for seed in range(12):
        _, log = run("drukker", {}, 4, seed, lambda s, _: s.inner.match is not None)
        chosen = next(e for e in log if e["event"] == "start_player_chosen")
        assert "by" not in chosen
        seats.add(chosen["seat"])
    assert len(seats) > 1


def test_bukmeker_start_player_peeks_reveals_stakes_and_kicks_off_first() -> None:
    for seed in range(4):
        s = GAME.new("bukmeker", {"start_player": 1}, 3, seed)
        assert GAME.to_act(s) == {1}  # §10.2: the peeks start with the start player
        s, log = run("bukmeker", {"start_player": 1}, 3, seed, lambda s, _: s.inner.match)
        order = [e["seat"] for e in log if e["event"] == "card_offered"][:3]
        assert order == [1, 2, 0]  # §10.3 step 2: reveals clockwise from the start player
        assert next(e for e in log if e["event"] == "stakes_opened")["seat"] == 1
        kick = [e["event"] for e in log][-20:]
        assert kick.index("start_player_chosen") < kick.index("kicked_off")
        assert next(e for e in log if e["event"] == "kicked_off")["seat"] == 1
        assert s.inner.match.current == 1


def test_live_start_player_leads_the_table_and_is_logged_at_the_kick_off() -> None:
    s, log = run("live", {"start_player": 3}, 4, 5, lambda s, _: live.phase(s.inner) == "kickoff")
    assert [e["seat"] for e in log if e["event"] == "card_offered"][:4] == [3, 0, 1, 2]
    assert next(e for e in log if e["event"] == "stakes_opened")["seat"] == 3
    assert not any(e["event"] == "start_player_chosen" for e in log)
    s, events = GAME.apply(s, s.inner.scorer, {"type": "kick_off"})
    assert {"event": "start_player_chosen", "seat": 3, "by": "host"}.items() <= events[-1].items()


# --- time_advances_per_half: 6 | 5 (§12.1, §15 d) ---------------------------------------------


def test_five_time_advances_end_each_half_sooner() -> None:
    s, log = run("drukker", {"time_advances_per_half": 5}, 2, 3)
    assert GAME.public(s).public["match"]["time_steps"] == 5
    ends = [e for e in log if e["event"] == "time_advanced"]
    assert max(e["time"] for e in ends) == 5
    assert [e["time"] for e in ends if e["half"] == 1] == [1, 2, 3, 4, 5]
    assert sum(e["event"] == "half_ended" for e in log) == 2

    def turns(steps: int) -> float:
        rnd = random.Random(11)
        total = 0
        for seed in range(300):
            b = bukmeker.new({"time_advances_per_half": steps}, 4, seed)
            m, _, _ = match.start_match(
                b.piles, 0, 0, 4, b.rng, half_time_break=False, time_steps=steps
            )
            total += match.play_out(m, rnd).turn
        return total / 300

    short, full = turns(5), turns(6)
    assert short < full - 5  # about 28 against 32 turns per half (§15 d)


def test_bukmeker_plays_the_shorter_half_too() -> None:
    s, log = run("bukmeker", {"time_advances_per_half": 5}, 3, 4)
    assert max(e["time"] for e in log if e["event"] == "time_advanced") == 5
    assert s.inner.match.time_steps == 5


# --- disc_pool: "standard" | "sevens" (§10.4, §12.1) ------------------------------------------


@pytest.mark.parametrize("mode", ["bukmeker", "live"])
def test_the_sevens_pool_is_offered_in_the_disc_step(mode: str) -> None:
    s, _ = run(mode, {"disc_pool": "sevens"}, 3, 2, lambda s, _: s.inner.book.phase == "discs")
    seat = min(GAME.to_act(s))
    assert [a["value"] for a in GAME.legal_actions(s, seat)] == [2, 3, 4, 5, 6, 7]
    pool = GAME.public(s).public["discs_left"]
    assert pool == [{"value": v, "left": 4} for v in (2, 3, 4, 5, 6, 7)]
    with pytest.raises(IllegalAction):
        GAME.apply(s, seat, {"type": "disc", "value": 8})
    s, _ = run(mode, {"disc_pool": "sevens"}, 6, 2, lambda s, _: s.inner.book.phase == "stakes")
    assert {o.disc for o in s.inner.book.offers} <= set(DISC_POOLS["sevens"][0])
    assert len(s.inner.book.offers) == 18  # 18 of the 24 discs: the pool never runs dry


# --- stake_limit_after_all_covered: None | 3 (§10.5 rule 4, A10) -----------------------------


def test_a_cap_of_three_bettors_once_every_card_is_covered() -> None:
    def table(cap: int | None) -> book.Book:
        b = staking([*FOUR, ("L05", 4, 6)], n=5)
        b = replace(b, rules=replace(b.rules, stake_cap=cap))
        # Every card gets a marker; L02 (seat 1's) then has bettors 0, 2 and 3.
        steps = [(0, "L02", 1), (1, "L03", 1), (2, "L02", 1), (3, "L01", 1), (4, "L04", 1)]
        steps += [(0, "L05", 1), (1, "L01", 1), (2, "L01", 1), (3, "L02", 1)]
        return play(b, steps)

    free, capped = table(None), table(3)
    assert book.to_act(capped) == {4}
    assert "L02" in {a["card"] for a in book.legal(free, 4)}  # (D): up to N − 1 bettors
    assert "L02" not in {a["card"] for a in book.legal(capped, 4)}
    assert book.stake_blocks(capped, 4)["L02"] == "three_bettor_limit"


def test_the_deadlock_fallback_also_waives_the_three_bettor_cap() -> None:
    b = staking([*FOUR, ("L05", 4, 6)], n=5)
    b = replace(b, rules=replace(b.rules, stake_cap=3), stake_seat=4, markers=(5,) * 5)
    three = [("L01", 1), ("L01", 2), ("L01", 3), ("L02", 0), ("L02", 2), ("L02", 3)]
    three += [("L03", 0), ("L03", 1), ("L03", 3), ("L04", 0), ("L04", 1), ("L04", 2)]
    three += [("L05", 0)]
    b = replace(b, stakes=tuple(Stake(card, seat, 1) for card, seat in three))
    assert set(book.stake_blocks(b, 4).values()) == {"own_card", "three_bettor_limit"}
    assert {a["card"] for a in book.legal(b, 4)} == {"L01", "L02", "L03", "L04"}


@pytest.mark.parametrize("mode", ["bukmeker", "live"])
def test_the_cap_reaches_the_table_from_the_room_option(mode: str) -> None:
    def most_bettors(options: dict[str, Any], seed: int) -> int:
        """Bettors on the most popular card when everyone stakes one marker at a time: on a
        bare card while there is one, then on the card most others bet on."""
        s, _ = run(mode, options, 6, seed, lambda s, _: s.inner.book.phase == "stakes")
        while s.inner.book.phase == "stakes":
            seat = min(GAME.to_act(s))
            singles = [a for a in GAME.legal_actions(s, seat) if a["n"] == 1]
            on = [len(book.bettors(s.inner.book, a["card"])) for a in singles]
            best = min(on) if min(on) == 0 else max(on)
            s, _ = GAME.apply(s, seat, singles[on.index(best)])
        return max(len(book.bettors(s.inner.book, o.card)) for o in s.inner.book.offers)

    assert most_bettors({"stake_limit_after_all_covered": 3}, 1) == 3
    assert most_bettors({}, 1) > 3


# --- insolvency_split: "proportional" | "equal" (§10.7, A11) ----------------------------------


def test_equal_split_shares_a_short_bookmakers_money_per_winning_bettor() -> None:
    # The rules' worked example (§10.7), group {X, Y}: P2 holds 3100 and owes 2400 + 1200.
    w = WORKED
    offers = (Offer(w["X"], 1, 12), Offer(w["Y"], 2, 12), Offer(w["Z"], 2, 2))
    stakes = (Stake(w["X"], 0, 2), Stake(w["X"], 2, 1), Stake(w["Z"], 0, 1))
    stakes += (Stake(w["Y"], 0, 1), Stake(w["Y"], 1, 2))
    money = (3100, 3100, 2800)
    won = {w["X"], w["Y"], w["Z"]}
    prop, _ = settlement.settle(money, offers, stakes, lambda c: c in won)
    equal, groups = settlement.settle(money, offers, stakes, lambda c: c in won, "equal")
    assert prop == (6233, 1733, 1034)
    paid = {(t["payer"], t["payee"]): t["paid"] for t in groups[1]["transfers"]}
    # P2: 1550 each would overpay P3 (owed 1200): P3 gets 1200, P1 the other 1900.
    # P3 (2600 after Z): 1300 each would overpay P1 (owed 1200): P1 1200, P2 the other 1400.
    assert paid == {(1, 0): 1900, (1, 2): 1200, (2, 0): 1200, (2, 1): 1400}
    assert equal == (6400, 1400, 1200) and sum(equal) == sum(money)


def test_equal_split_remainder_goes_clockwise_and_never_past_a_claim() -> None:
    money = (3000, 1001, 3000, 3000)
    offers = (Offer("D00", 1, 12),)
    stakes = (Stake("D00", 0, 3), Stake("D00", 2, 1), Stake("D00", 3, 2))
    after, _ = settlement.settle(money, offers, stakes, lambda c: True, "equal")
    assert after == (3333, 0, 3334, 3334)  # 333 each, +1 to seats 2 and 3 (left of seat 1)
    prop, _ = settlement.settle(money, offers, stakes, lambda c: True)
    assert prop[0] > prop[3] > prop[2]  # proportional: by the amount owed


@pytest.mark.parametrize("mode", ["bukmeker", "live"])
def test_the_split_reaches_the_settlement_from_the_room_option(mode: str) -> None:
    s = GAME.new(mode, {"insolvency_split": "equal"}, 4, 1)
    b = replace(
        s.inner.book,
        money=(3000, 1001, 3000, 3000),
        offers=(Offer("D00", 1, 12),),
        stakes=(Stake("D00", 0, 3), Stake("D00", 2, 1), Stake("D00", 3, 2)),
    )
    money, _ = settlement.settle_book(b, MatchRecord())
    assert money == (3333, 0, 3334, 3334)


# --- live_stake_tokens: 5 | 6 (§11 step 1, A16) -----------------------------------------------


def test_six_live_markers_each_all_placed() -> None:
    s = GAME.new("live", {"live_stake_tokens": 6}, 4, 3)
    assert s.inner.book.markers == (6,) * 4
    assert GAME.public(s).public["players"][0]["markers"] == 6
    s, log = run("live", {"live_stake_tokens": 6}, 4, 3, lambda s, _: s.inner.book.phase == "done")
    placed = [0] * 4
    for e in log:
        if e["event"] == "stake_placed":
            placed[e["seat"]] += e["n"]
    assert placed == [6] * 4
    default, _ = run("live", {}, 4, 3, lambda s, _: s.inner.book.phase == "done")
    assert sum(st.n for st in default.inner.book.stakes) == 5 * 4


@pytest.mark.parametrize("mode", ["bukmeker", "live"])
def test_the_table_shows_its_rules_only_when_they_are_not_the_defaults(mode: str) -> None:
    assert "table_rules" not in GAME.public(GAME.new(mode, {}, 3, 1)).public
    options = {"stake_limit_after_all_covered": 3, "insolvency_split": "equal"}
    shown = GAME.public(GAME.new(mode, options, 3, 1)).public["table_rules"]
    assert shown == {
        "disc_values": [2, 3, 4, 5, 6, 8, 10, 12],
        "disc_copies": 3,
        "stake_cap": 3,
        "split": "equal",
    }


def test_option_modules_keep_drukker_free_of_table_options() -> None:
    assert not set(TABLE) & set(drukker.SPEC.options)
    assert "live_stake_tokens" not in bukmeker.SPEC.options

"""Live odds for bettors (`Game.odds`, odds.py): Monte Carlo for Bukméker and Drukker from what
the viewer knows, a Poisson model for live mode, exact 1 / 0 for decided cards (§8.4)."""

import json
import math
import random
from dataclasses import replace

import pytest

from app.games.base import Rng
from app.games.focifogadas import bets, book, bukmeker, drukker, live, match, odds, views
from app.games.focifogadas.book import Offer
from app.games.focifogadas.bukmeker import BukState
from app.games.focifogadas.cards import CATALOGUE
from app.games.focifogadas.game import GAME, FociState
from app.games.focifogadas.live import LiveState
from app.games.focifogadas.match import MatchState

T0 = 1_800_000_000.0  # an epoch second: the clock of the live tests
SIMS = 600


def ctx(seed: int = 1, sims: int = SIMS, now: float = T0, **event_at: float) -> dict[str, object]:
    return {"seed": seed, "sims": sims, "now": now, "event_at": event_at}


def chances(result: dict[str, object] | None) -> dict[str, float]:
    assert result is not None
    cards = result["cards"]
    assert isinstance(cards, dict)
    return {c: q["p"] for c, q in cards.items()}


# --- Driving games --------------------------------------------------------------------------


def buk_in_match(seed: int, turns: int) -> BukState:
    """A 6-player Bukméker night `turns` turns into the match, every choice at random."""
    s = bukmeker.new({}, 6, seed)
    rnd = random.Random(seed)
    while s.match is None or s.match.turn < turns:
        seat = min(bukmeker.to_act(s))
        s, _ = bukmeker.apply(s, seat, rnd.choice(bukmeker.legal_actions(s, seat)))
    return s


def hidden_twin(s: BukState, seat: int | None, rnd: random.Random) -> BukState:
    """The same night with the cards `seat` cannot see dealt differently: draw-pile order,
    unpeeked set-aside piles and (for anyone but the current player) the drawn pair."""
    m = s.match
    assert m is not None and m.pair is not None
    looked = set(s.peeks[seat] or ()) if seat is not None else set()
    sees_pair = seat == m.current
    draw, aside, pair = [], [], m.pair
    for i in range(5):
        pool = list(m.draw[i]) + ([] if i in looked else list(s.aside[i]))
        with_pair = not sees_pair and i == m.section
        pool += list(m.pair) if with_pair else []
        rnd.shuffle(pool)
        n = len(m.draw[i])
        draw.append(tuple(pool[:n]))
        rest = pool[n:]
        if with_pair:
            pair, rest = (rest[0], rest[1]), rest[2:]
        aside.append(s.aside[i] if i in looked else tuple(rest))
    twin = replace(s, match=replace(m, draw=tuple(draw), pair=pair), aside=tuple(aside))
    assert twin != s
    return twin


def match_at_half_time(seed: int) -> MatchState:
    """A Drukker-style match (16-card decks) stopped at half time, played at random."""
    piles, rng, _ = match.shuffle_decks(Rng(seed))
    m, rng, _ = match.start_match(piles, 0, 0, 4, rng, half_time_break=True)
    rnd = random.Random(seed)
    while m.status == match.PLAYING:
        m, rng, _ = match.play(m, rnd.choice(match.legal(m))["card"], rng)
    assert m.status == match.HALF_TIME
    return m


def live_with(
    entries: tuple[str, ...], offers: tuple[str, ...] = ("L13", "L18", "L20", "D21")
) -> LiveState:
    s = live.new({}, 4, 5)
    b = replace(
        s.book,
        phase=book.DONE,
        offers=tuple(Offer(c, i % 4, 2) for i, c in enumerate(offers)),
        hands=((),) * 4,
    )
    return replace(s, book=b, entries=entries)


# --- Decided cards (§8.4) ------------------------------------------------------------------


def test_cards_already_won_show_one_and_lost_ones_zero() -> None:
    # 3:0 at half time: "home scores 3+" (L18) is won, "nobody scores 3+" (L20) is lost.
    goals = ("goal_home",) * 3
    s = FociState("live", live_with(("kick_off", *goals, "half_time")))
    result = GAME.odds(s, None, ctx(half_ended=T0))
    assert result is not None
    assert result["cards"]["L18"] == {"p": 1.0, "fair": 1.0}
    assert result["cards"]["L20"] == {"p": 0.0, "fair": None}
    assert 0.0 < result["cards"]["L13"]["p"] < 1.0
    assert result["method"] == "poisson"


def test_a_finished_bukmeker_night_shows_every_offer_settled() -> None:
    s = buk_in_match(3, turns=0)
    rnd = random.Random(3)
    assert s.match is not None
    final = match.play_out(s.match, rnd)
    s = replace(s, match=final)
    result = GAME.odds(FociState("bukmeker", s), None, ctx())
    record = match.record(final)
    assert result is not None and result["method"] == "decided" and result["sims"] == 0
    assert len(result["cards"]) == len(s.book.offers) == 18
    for card_id, quote in result["cards"].items():
        assert quote["p"] == (1.0 if bets.card(card_id).holds(record) else 0.0)


# --- Monte Carlo against the engine ---------------------------------------------------------


def test_exact_results_with_one_half_to_go_match_the_engines_own_frequencies() -> None:
    m = match_at_half_time(11)
    sims = 3000
    ours = odds.match_odds(m, m, odds.PUBLIC, bets.DARK_IDS, ctx(sims=sims))
    rnd = random.Random(77)
    finals = [match.simulate(m, rnd) for _ in range(sims)]
    for card_id in bets.DARK_IDS:
        freq = sum(bets.card(card_id).holds(r) for r in finals) / sims
        p = ours["cards"][card_id]["p"]
        assert abs(p - freq) < 0.035, (card_id, p, freq)
    assert ours["method"] == "monte_carlo" and ours["sims"] == sims
    # Results below the half-time score are lost for sure.
    h1, a1 = m.h1, m.a1
    for card_id in bets.DARK_IDS:
        h, a = int(card_id[1]), int(card_id[2])
        if h < h1 or a < a1:
            assert ours["cards"][card_id] == {"p": 0.0, "fair": None}
    assert sum(q["p"] for q in ours["cards"].values()) <= 1.0


def test_odds_before_kick_off_agree_with_the_calibration_table() -> None:
    """§8.2/§8.3 p(BUK): random play with 12-card decks, the kick-off tossed."""
    s = bukmeker.new({}, 6, 4)
    decks = tuple(d[bukmeker.SET_ASIDE :] for d in CATALOGUE.decks)
    template = odds.kickoff_template(decks, 6, s.book.start, ht=False)
    ids = list(odds.PRIOR)
    got = odds.match_odds(None, template, odds.PUBLIC, ids, ctx(sims=3000))
    for card_id in ids:
        assert abs(got["cards"][card_id]["p"] - odds.PRIOR[card_id]) < 0.04, card_id


def test_fair_multiplier_is_one_over_p() -> None:
    s = buk_in_match(5, turns=10)
    result = GAME.odds(FociState("bukmeker", s), None, ctx())
    assert result is not None
    for quote in result["cards"].values():
        if quote["p"] > 0:
            assert quote["fair"] == round(1 / quote["p"], 2)
        else:
            assert quote["fair"] is None


# --- Knowledge, determinism, shape ----------------------------------------------------------


@pytest.mark.parametrize("turns", [0, 25])
def test_odds_ignore_hidden_cards_the_viewer_cannot_know(turns: int) -> None:
    s = buk_in_match(8, turns)
    assert s.match is not None
    rnd = random.Random(turns)
    for viewer in (None, *range(6)):
        twin = hidden_twin(s, viewer, rnd)
        assert views.bukmeker_view(twin, viewer) == views.bukmeker_view(
            s, viewer
        )  # nothing to tell apart
        a = GAME.odds(FociState("bukmeker", s), viewer, ctx())
        b = GAME.odds(FociState("bukmeker", twin), viewer, ctx())
        assert a == b, viewer


def test_a_deal_keeps_what_the_viewer_saw_and_never_repeats_a_card() -> None:
    s = buk_in_match(12, 30)
    m = s.match
    assert m is not None and m.pair is not None
    seat = m.current
    looked = s.peeks[seat] or ()
    k = odds.Knowledge(tuple(s.aside[i] if i in looked else () for i in range(5)), True)
    rnd = random.Random(4)
    for _ in range(50):
        dealt = odds.deal_unseen(m, k, rnd)
        assert dealt.pair == m.pair
        for i, deck in enumerate(CATALOGUE.decks):
            cards = [*dealt.draw[i], *dealt.discard[i]]
            cards += list(m.pair) if i == m.section else []
            assert len(cards) == len(set(cards)) == len(deck) - bukmeker.SET_ASIDE
            assert set(cards) <= set(deck) and not set(cards) & set(k.out[i])
            assert len(dealt.draw[i]) == len(m.draw[i])
            assert dealt.discard[i][1::2] == m.discard[i][1::2]  # the played cards


def test_a_seat_that_peeked_prices_with_the_cards_it_saw() -> None:
    """The control of the test above: what a seat did see changes its odds."""
    s = buk_in_match(8, 25)
    seat = next(i for i in range(6) if s.match is not None and s.match.current != i)
    rnd = random.Random(1)
    twin = hidden_twin(replace(s, peeks=(None,) * 6), None, rnd)  # also moves peeked cards
    twin = replace(twin, peeks=s.peeks)
    a = GAME.odds(FociState("bukmeker", s), seat, ctx())
    b = GAME.odds(FociState("bukmeker", twin), seat, ctx())
    assert a != b


def test_same_state_and_context_give_the_same_odds_and_plain_json() -> None:
    s = FociState("bukmeker", buk_in_match(9, 40))
    first = GAME.odds(s, None, ctx(seed=5))
    assert first == GAME.odds(s, None, ctx(seed=5))
    assert json.loads(json.dumps(first)) == first
    assert chances(first) != chances(GAME.odds(s, None, ctx(seed=6)))


def test_a_step_that_moves_no_match_keeps_the_odds_and_a_match_turn_moves_them() -> None:
    """Odds never jump with no event (issue 36): the room prices every step with one seed, the
    game mixes in what everyone sees of the match, so a stake (or a pick, a disc) prices as
    before; a turn of the match is a new moment, a new sample."""
    s = bukmeker.new({}, 4, 3)
    rnd = random.Random(3)
    stakes = 0
    while s.match is None:
        seat = min(bukmeker.to_act(s))
        action = rnd.choice(bukmeker.legal_actions(s, seat))
        after, _ = bukmeker.apply(s, seat, action)
        if action["type"] == "stake" and after.match is None:  # (the last one kicks off)
            stakes += 1
            for viewer in (None, seat):
                before_odds = GAME.odds(FociState("bukmeker", s), viewer, ctx(sims=200))
                after_odds = GAME.odds(FociState("bukmeker", after), viewer, ctx(sims=200))
                assert before_odds is not None and after_odds is not None
                same = set(before_odds["cards"]) & set(after_odds["cards"])
                assert same and all(
                    before_odds["cards"][c] == after_odds["cards"][c] for c in same
                ), viewer
        s = after
    assert stakes > 0
    m = s.match
    assert m is not None
    assert odds.state_seed(1, m) != odds.state_seed(1, replace(m, turn=m.turn + 1))
    assert odds.state_seed(1, m) == odds.state_seed(
        1, replace(m, draw=tuple(p[::-1] for p in m.draw))
    )


def test_public_odds_cover_the_offers_and_a_seat_also_its_own_hand() -> None:
    s = bukmeker.new({}, 4, 2)
    rnd = random.Random(2)
    while s.book.round < 2 or s.book.phase != book.DISCS:
        seat = min(bukmeker.to_act(s))
        s, _ = bukmeker.apply(s, seat, rnd.choice(bukmeker.legal_actions(s, seat)))
    revealing = s.book.picks[min(bukmeker.to_act(s))]
    public = chances(GAME.odds(FociState("bukmeker", s), None, ctx()))
    assert set(public) == {o.card for o in s.book.offers} | {revealing}
    seat = max(i for i in range(4) if i not in bukmeker.to_act(s))
    own = chances(GAME.odds(FociState("bukmeker", s), seat, ctx()))
    pick = s.book.picks[seat]
    assert pick is not None and pick in own and pick not in public
    assert set(s.book.hands[seat]) <= set(own)


def test_drukker_shows_a_seat_its_own_secret_bets_only() -> None:
    s = drukker.new({}, 3, 6)
    state = FociState("drukker", s)
    assert GAME.odds(state, None, ctx()) is None
    own = chances(GAME.odds(state, 1, ctx()))
    assert set(own) == set(s.dealt[1])  # while choosing: the 8 dealt cards
    rnd = random.Random(6)
    for seat in range(3):
        s, _ = drukker.apply(s, seat, rnd.choice(drukker.legal_actions(s, seat)))
    hand = s.hands[1]
    assert hand is not None
    assert set(chances(GAME.odds(FociState("drukker", s), 1, ctx()))) == set(hand)


# --- Live mode: Poisson ---------------------------------------------------------------------

GOALS_PER_MINUTE = (odds.GOALS_HOME_90 + odds.GOALS_AWAY_90) / 90


def second_half_after(minutes: float) -> float:
    """`now` when the 2nd half has run `minutes` (HALF_TIME entered at T0)."""
    return T0 + (odds.BREAK_MINUTES + minutes) * 60


def test_no_more_goals_is_exp_of_minus_rate_times_time_left() -> None:
    s = FociState("live", live_with(("kick_off", "goal_home", "half_time"), ("D10", "L12")))
    result = GAME.odds(s, None, ctx(now=second_half_after(30), half_ended=T0))
    assert result is not None
    want = odds.quote(math.exp(-GOALS_PER_MINUTE * 15))["p"]
    assert result["cards"]["D10"]["p"] == want  # 1:0 stays 1:0
    assert result["cards"]["L12"]["p"] == want  # no goal in the 2nd half
    assert result["left"] == {"first_half": 0.0, "second_half": 15.0}
    assert result["rates"]["goals_home"] == odds.GOALS_HOME_90


def test_corners_and_cards_use_their_own_rates() -> None:
    # Before kick-off, "at most one corner" (L25) over 90 minutes of Poisson(CORNERS_90).
    s = FociState("live", live_with((), ("L25", "L27", "L29")))
    got = chances(GAME.odds(s, None, ctx()))
    lam = odds.CORNERS_90
    assert got["L25"] == odds.quote(math.exp(-lam) * (1 + lam))["p"]
    assert got["L27"] == odds.quote(math.exp(-odds.YELLOWS_90))["p"]
    assert got["L29"] == odds.quote(1 - math.exp(-odds.REDS_90))["p"]


def test_more_time_left_makes_over_two_and_a_half_goals_more_likely() -> None:
    # 1:1 in the 1st half; L23 is "at most 2 goals": its complement is over 2.5.
    s = FociState("live", live_with(("kick_off", "goal_home", "goal_away"), ("L23", "L22")))
    over = []
    for minute in (44, 30, 15, 1):
        got = chances(GAME.odds(s, None, ctx(now=T0 + minute * 60, half_started=T0)))
        over.append((1 - got["L23"], got["L22"]))
    assert over == sorted(over)
    assert over[0] < over[-1]


def test_the_half_clock_stops_at_45_minutes_and_waits_for_the_kick_off() -> None:
    s = FociState("live", live_with(("kick_off",), ("L06", "L15")))
    at_45 = GAME.odds(s, None, ctx(now=T0 + 45 * 60, half_started=T0))
    at_80 = GAME.odds(s, None, ctx(now=T0 + 80 * 60, half_started=T0))
    assert at_45 == at_80
    assert chances(at_45)["L06"] == 1.0  # no time left in the 1st half: still goalless
    before = FociState("live", live_with((), ("L06", "L15")))
    late = GAME.odds(before, None, ctx(now=T0 + 80 * 60, half_started=T0))  # stale: undone
    assert chances(late)["L06"] == odds.quote(math.exp(-GOALS_PER_MINUTE * 45))["p"]


def test_exact_result_chances_sum_to_at_most_one() -> None:
    dark = bets.DARK_IDS
    for entries, now in (
        ((), T0),
        (("kick_off", "goal_home"), T0 + 20 * 60),
        (("kick_off", "goal_away", "half_time", "goal_away"), second_half_after(44)),
    ):
        s = FociState("live", live_with(entries, dark))
        got = chances(GAME.odds(s, None, ctx(now=now, half_started=T0, half_ended=T0)))
        assert 0.5 < sum(got.values()) <= 1.0


def test_live_kick_off_and_half_time_log_the_clock_events() -> None:
    s = live_with(())
    s, events = live.apply(s, s.scorer, {"type": "kick_off"})
    assert {"event": "half_started", "half": 1, "text": "1st half under way"} in events
    s, _ = live.apply(s, s.scorer, {"type": "goal", "team": "away"})
    s, events = live.apply(s, s.scorer, {"type": "half_time"})
    assert {"event": "half_ended", "half": 1, "score": [0, 1]} in events

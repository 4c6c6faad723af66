"""What the next event would change (issue 36 §1): the views' `next` is each event's
settlement "if it ended now", the money the table shows as ▲/▼ before the event happens."""

import random
from dataclasses import replace

from app.games.focifogadas import bets, drukker, live, match, settlement, views
from app.games.focifogadas.nextevent import NEXT_EVENTS, after, hand_next, next_events
from tests.engines.focifogadas.test_drukker import to_half_time
from tests.engines.focifogadas.test_live import GOAL_H, betting_done, enter


def test_the_next_goal_is_the_settlement_of_the_record_with_that_goal() -> None:
    s = enter(betting_done(4, 3), {"type": "kick_off"}, GOAL_H)
    public = views.live_view(s, None).public
    nxt = public["next"]
    assert set(nxt) == set(NEXT_EVENTS)
    record = live.record_of(s.entries)
    for event in NEXT_EVENTS:
        then = after(record, event, 1)
        money, _ = settlement.settle_book(s.book, then)
        assert nxt[event]["if_ended_now"] == list(money)
    # an event that changes a card's verdict names it; one that changes nothing names none
    for event in NEXT_EVENTS:
        changed = nxt[event]["cards"]
        same = nxt[event]["if_ended_now"] == public["if_ended_now"]
        assert changed or same, event
    assert any(nxt[e]["cards"] for e in NEXT_EVENTS)


def test_next_is_there_only_while_the_match_runs() -> None:
    s = betting_done(4, 3)
    assert views.live_view(s, None).public["next"] is None  # before kick-off
    s = enter(s, {"type": "kick_off"})
    assert views.live_view(s, None).public["next"] is not None
    s = enter(s, {"type": "half_time"}, {"type": "full_time"}, {"type": "confirm_full_time"})
    assert views.live_view(s, None).public["next"] is None  # over


def test_a_drukker_seat_learns_what_the_next_goal_does_to_its_own_bets() -> None:
    s = to_half_time(2)
    assert s.match is not None
    h, a = match.score(s.match)
    exact, next_home = f"D{h}{a}", f"D{h + 1}{a}"
    s = replace(s, hands=((exact, next_home, "L13", "L14"), s.hands[1]))
    private = views.drukker_view(s, 0).private
    assert private is not None
    goal = private["next"]["goal_home"]
    # the exact result stops holding and the next one starts: 1000 out, 1000 in
    assert exact in goal["cards"] and next_home in goal["cards"]
    assert views.drukker_view(s, 1).private["next"] is not None  # every seat its own
    assert views.drukker_view(s, None).private is None  # never public


def test_a_seats_next_is_what_next_events_makes_of_its_hand() -> None:
    """`hand_next` reads each card's swings off a cache: the same answer as `next_events` of
    the seat's hand, on every seat of every step of random matches."""
    seen = 0
    for seed in range(40):
        s = drukker.new({}, 4, seed)
        rng = random.Random(seed)
        while True:
            _, v = drukker.judged(s)
            for seat, hand in enumerate(s.hands):
                if hand and s.payouts is None and v.live_half is not None:
                    money = s.money[seat]
                    plain = next_events(
                        v.record,
                        v.live_half,
                        list(hand),
                        lambda then, h=hand, m=money: [
                            m + sum(drukker.pays(c) for c in h if bets.card(c).holds(then))
                        ],
                    )
                    assert hand_next(hand, money, drukker.pays, v) == plain
                    seen += 1
            acting = [i for i in range(4) if drukker.legal_actions(s, i)]
            if not acting:
                break
            seat = min(acting)
            s, _ = drukker.apply(s, seat, rng.choice(drukker.legal_actions(s, seat)))
    assert seen > 1000

"""Live-match mode (docs/rules/focifogadas.md §11, §11.1): the scorer's entries, undo, full time."""

import json
import random
from dataclasses import replace

import pytest

from app.games.base import REVEAL, BadOptions, IllegalAction, NotYourTurn, seat_view
from app.games.focifogadas import book, bot, live, views
from app.games.focifogadas.book import Offer, Stake
from app.games.focifogadas.game import GAME, FociState
from app.games.focifogadas.live import LiveState
from tests.engines.focifogadas.test_bukmeker import (
    Replays,
    check_replay,
    replay_path,
    write_replays,
)


def betting_done(n: int = 4, seed: int = 3, **options: object) -> LiveState:
    s = live.new(dict(options), n, seed)
    rnd = random.Random(seed)
    while s.book.phase != book.DONE:
        seat = min(live.to_act(s))
        action = bot.live_action(seat_view(GAME, FociState("live", s), seat), rnd)
        assert action is not None
        s, _ = live.apply(s, seat, action)
    return s


def enter(s: LiveState, *actions: dict[str, object]) -> LiveState:
    for action in actions:
        s, _ = live.apply(s, s.scorer, action)
    return s


GOAL_H = {"type": "goal", "team": "home"}
GOAL_A = {"type": "goal", "team": "away"}


def test_options_and_setup() -> None:
    s = live.new({}, 3, 1)
    assert s.scorer == 0 and (s.home_name, s.away_name) == ("Home", "Away")
    assert s.book.markers == (5, 5, 5)  # §11 step 1: five stake markers
    assert s.book.money == (3000, 3000, 3000)
    with pytest.raises(BadOptions):
        live.new({"scorer_seat": 3}, 3, 1)
    with pytest.raises(BadOptions):
        live.new({}, 2, 1)
    named = live.new({"home_name": "Brazil", "away_name": "Germany", "scorer_seat": 2}, 4, 1)
    assert views.live_view(named, None).public["teams"] == {"home": "Brazil", "away": "Germany"}


def test_no_entries_during_betting_then_only_the_scorer_acts() -> None:
    s = live.new({"scorer_seat": 1}, 3, 2)
    assert not any(
        a["type"] == "kick_off" for seat in range(3) for a in live.legal_actions(s, seat)
    )
    s = betting_done(3, scorer_seat=1)
    assert live.phase(s) == "kickoff" and live.to_act(s) == {1}
    assert live.legal_actions(s, 1) == [
        {"type": "kick_off"},
        {"type": "set_scorer", "seat": 0},
        {"type": "set_scorer", "seat": 2},
    ]
    with pytest.raises(NotYourTurn):
        live.apply(s, 0, {"type": "kick_off"})


def test_entries_build_the_record_by_half() -> None:
    s = enter(betting_done(), {"type": "kick_off"}, GOAL_A, {"type": "corner"}, {"type": "yellow"})
    assert {"type": "full_time"} not in live.legal_actions(s, s.scorer)
    s = enter(s, {"type": "half_time"}, GOAL_H, GOAL_H, {"type": "red"})
    assert {"type": "half_time"} not in live.legal_actions(s, s.scorer)
    r = live.record_of(s.entries)
    assert (r.h1, r.a1, r.h2, r.a2, r.fg) == (0, 1, 2, 0, "away")
    assert (r.corners, r.yellows, r.reds) == (1, 1, 1)
    v = views.live_view(s, None)
    assert v.phase == "second_half" and v.public["score"] == [2, 1]
    assert v.public["half_time_score"] == [0, 1]


def test_undo_restores_the_exact_earlier_state_every_step() -> None:
    s = enter(betting_done(), {"type": "kick_off"})
    script = [GOAL_H, {"type": "corner"}, GOAL_A, {"type": "yellow"}, {"type": "half_time"}]
    script += [{"type": "red"}, GOAL_A, {"type": "corner"}]
    for action in script:
        before = s
        after, _ = live.apply(s, s.scorer, action)
        undone, events = live.apply(after, s.scorer, {"type": "undo"})
        assert undone == before
        assert live.dump(undone) == live.dump(before)
        assert views.live_view(undone, 1) == views.live_view(before, 1)
        assert events[0]["event"] == "entry_undone"
        s = after


def test_undoing_the_first_goal_reopens_first_goal_cards() -> None:
    s = betting_done()
    s = replace(s, book=replace(s.book, offers=(*s.book.offers[:-1], Offer("L01", 0, 2))))
    s = enter(s, {"type": "kick_off"}, GOAL_H)
    status = {o["card"]["id"]: o["status"] for o in views.live_view(s, None).public["offers"]}
    assert status["L01"] == "won"
    s, events = live.apply(s, s.scorer, {"type": "undo"})
    assert live.record_of(s.entries).fg is None
    assert events[0]["text"] == "Home goal undone (goal disallowed)"
    status = {o["card"]["id"]: o["status"] for o in views.live_view(s, None).public["offers"]}
    assert status["L01"] == "alive"


def test_undo_at_a_full_track_counts_entries_not_the_capped_value() -> None:
    s = enter(betting_done(), {"type": "kick_off"}, *[{"type": "corner"}] * 21)
    assert live.record_of(s.entries).corners == 20
    s = enter(s, {"type": "undo"})
    assert live.record_of(s.entries).corners == 20
    s = enter(s, {"type": "undo"})
    assert live.record_of(s.entries).corners == 19


def test_undo_can_take_back_kick_off_and_half_time() -> None:
    s = enter(betting_done(), {"type": "kick_off"}, {"type": "half_time"}, {"type": "undo"})
    assert live.phase(s) == "first_half"
    s = enter(s, {"type": "undo"})
    assert live.phase(s) == "kickoff" and {"type": "undo"} not in live.legal_actions(s, s.scorer)


def test_full_time_needs_confirmation_then_settles_and_cannot_be_undone() -> None:
    s = enter(betting_done(), {"type": "kick_off"}, {"type": "half_time"}, {"type": "full_time"})
    assert live.legal_actions(s, s.scorer) == [
        {"type": "confirm_full_time"},
        {"type": "cancel_full_time"},
    ]
    assert live.result(s) is None
    back = enter(s, {"type": "cancel_full_time"})
    assert live.phase(back) == "second_half" and not back.confirming
    s, events = live.apply(s, s.scorer, {"type": "confirm_full_time"})
    assert live.phase(s) == "over" and live.to_act(s) == frozenset()
    assert events[-1]["event"] == "game_over"
    result = live.result(s)
    assert result is not None and sum(result["money"]) == 4 * 4000
    assert views.live_view(s, None).public["players"][0]["money"] == result["money"][0]
    with pytest.raises(NotYourTurn):
        live.apply(s, s.scorer, {"type": "undo"})


def test_scorer_role_can_be_handed_on() -> None:
    s = enter(betting_done(), {"type": "kick_off"})
    s, events = live.apply(s, 0, {"type": "set_scorer", "seat": 2})
    assert events == [
        {
            "event": "scorer_handed_over",
            "seat": 0,
            "to": 2,
            "text": "Seat 1 handed the scorer role to seat 3",
        }
    ]
    assert live.to_act(s) == {2}
    with pytest.raises(NotYourTurn):
        live.apply(s, 0, GOAL_H)
    s, _ = live.apply(s, 2, GOAL_H)
    assert live.record_of(s.entries).h1 == 1


def test_undo_is_the_scorers_own_last_entry_only() -> None:
    """§11.1 UNDO with docs/UX.md §3.4 "the scorer's own last act": after a hand-over the new scorer
    cannot take back the previous scorer's entries; a scorer undoes their own, repeatedly."""
    s = enter(betting_done(), {"type": "kick_off"}, GOAL_H, {"type": "corner"})
    s, _ = live.apply(s, 0, {"type": "set_scorer", "seat": 2})
    assert {"type": "undo"} not in live.legal_actions(s, 2)
    with pytest.raises(IllegalAction):  # a crafted client's undo changes nothing
        live.apply(s, 2, {"type": "undo"})
    s = enter(s, {"type": "yellow"}, {"type": "yellow"})
    s = enter(s, {"type": "undo"}, {"type": "undo"})  # Dóra's own two, one after the other
    assert s.entries == ("kick_off", "goal_home", "corner")
    assert {"type": "undo"} not in live.legal_actions(s, 2)  # the corner is seat 0's
    # Handed back, seat 0 takes back its own entries again, as far as the kick-off.
    s, _ = live.apply(s, 2, {"type": "set_scorer", "seat": 0})
    s = enter(s, {"type": "undo"}, {"type": "undo"}, {"type": "undo"})
    assert s.entries == () and live.phase(s) == "kickoff"


def test_a_returning_scorer_cannot_undo_the_entry_made_in_between() -> None:
    s = enter(betting_done(), {"type": "kick_off"}, {"type": "set_scorer", "seat": 1}, GOAL_A)
    s = enter(s, {"type": "set_scorer", "seat": 0})
    assert live.to_act(s) == {0} and {"type": "undo"} not in live.legal_actions(s, 0)
    assert live.record_of(s.entries).a1 == 1  # seat 1's goal stands until seat 1 takes it back


def test_a_dump_from_before_authors_loads_and_its_entries_stay() -> None:
    """A live room dumped before entries kept their author: it loads, and its entries count as
    made by an unknown seat, which no scorer may undo (the safe reading); what the scorer
    enters afterwards is theirs to undo, back to those entries."""
    s = enter(betting_done(), {"type": "kick_off"}, GOAL_H)
    old = live.dump(s)
    del old["authors"]
    loaded = live.load(old)
    assert loaded.entries == s.entries and loaded.authors == (None, None)
    assert live.phase(loaded) == "first_half" and live.to_act(loaded) == {0}
    assert {"type": "undo"} not in live.legal_actions(loaded, 0)
    loaded = enter(loaded, {"type": "corner"})
    assert {"type": "undo"} in live.legal_actions(loaded, 0)
    loaded = enter(loaded, {"type": "undo"})
    assert {"type": "undo"} not in live.legal_actions(loaded, 0)
    assert live.load(json.loads(json.dumps(live.dump(loaded)))) == loaded


def test_a_scorer_no_person_plays_hands_the_role_to_one() -> None:
    s = enter(betting_done(4), {"type": "kick_off"})
    assert live.handover(s, 0, 2) == {"type": "set_scorer", "seat": 2}
    assert live.handover(s, 1, 2) is None  # only the scorer has the role to give
    assert live.handover(s, 0, 0) is None
    confirming = enter(s, {"type": "half_time"}, {"type": "full_time"})
    assert confirming.confirming
    # Nothing is settled without a person: the unconfirmed full time is cancelled first.
    assert live.handover(confirming, 0, 2) == {"type": "cancel_full_time"}
    before = live.new({}, 4, 3)
    assert live.handover(before, min(live.to_act(before)), 2) is None  # betting: bots bet


def test_bot_never_scores() -> None:
    s = betting_done()
    assert (
        bot.live_action(seat_view(GAME, FociState("live", s), s.scorer), random.Random(1)) is None
    )


def test_public_offers_show_stakes_status_and_if_ended_now() -> None:
    s = betting_done(3)
    b = replace(
        s.book,
        offers=(Offer("L13", 0, 3), Offer("D10", 1, 10)),
        stakes=(Stake("L13", 1, 2), Stake("D10", 2, 1)),
        money=(3200, 2900, 2900),
    )
    s = enter(replace(s, book=b), {"type": "kick_off"}, GOAL_H)
    pub = views.live_view(s, None).public
    assert pub["offers"][0]["stakes"] == [0, 2, 0] and pub["offers"][0]["multiplier"] == 3
    assert [o["status"] for o in pub["offers"]] == ["alive", "alive"]
    # If it ended 1:0 now: seat 0 pays 600 on L13, seat 1 pays 1000 on D10.
    assert pub["if_ended_now"] == [2600, 2500, 3900]
    s = enter(s, GOAL_H)
    pub = views.live_view(s, None).public
    assert pub["offers"][1]["status"] == "lost"
    assert pub["if_ended_now"] == [2600, 3500, 2900]
    with pytest.raises(IllegalAction):
        live.apply(s, s.scorer, {"type": "goal", "team": "nobody"})


def test_views_hide_draft_hands_from_others() -> None:
    s = live.new({}, 4, 9)
    own = {c["id"] for c in views.live_view(s, 0).private["hand"]}
    assert len(own) == 8
    for viewer in (1, 2, 3, None):
        text = str(views.live_view(s, viewer))
        assert not any(f"'{c}'" in text for c in own)
    everything = views.live_view(s, REVEAL).private
    assert everything is not None and len(everything["seats"]) == 4


# --- Golden replays: tests/replays/focifogadas-live-*.jsonl ----------------------------------
# Regenerate with `python -m tests.engines.focifogadas.test_live` and review the diff.

LIVE_REPLAYS: Replays = {
    "4p-bots": (21, {}, ("random", "bot", "bot", "bot")),
    "6p-named": (
        22,
        {"scorer_seat": 2, "home_name": "Brazil", "away_name": "Germany"},
        ("bot", "random", "bot", "random", "bot", "random"),
    ),
}


@pytest.mark.parametrize("name", sorted(LIVE_REPLAYS))
def test_golden_live_replays(name: str) -> None:
    check_replay("live", name, LIVE_REPLAYS)


def test_live_replays_cover_undo_handover_and_cancelled_full_time() -> None:
    kinds = {
        e["event"]
        for name in LIVE_REPLAYS
        for text in replay_path("live", name).read_text("utf-8").splitlines()[1:-1]
        for e in json.loads(text)["events"]
    }
    assert {"entry_undone", "scorer_handed_over", "bets_settled", "game_over"} <= kinds


if __name__ == "__main__":
    write_replays("live", LIVE_REPLAYS)

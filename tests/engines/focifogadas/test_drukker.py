"""Drukker mode (docs/rules/focifogadas.md §9): choosing bets, half-time purchases, payout."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from app.games.base import REVEAL, IllegalAction, NotYourTurn, seat_view
from app.games.focifogadas import bets, bot, drukker, match, views
from app.games.focifogadas.cards import A16, CARDS, CATALOGUE, HOME
from app.games.focifogadas.drukker import DrukkerState
from app.games.focifogadas.game import GAME, FociState


def start(n: int, seed: int = 1) -> DrukkerState:
    s = GAME.new("drukker", {}, n, seed)
    assert isinstance(s, FociState)
    return s.inner


def act(s: DrukkerState, seat: int, action: dict[str, object]) -> DrukkerState:
    new, _ = drukker.apply(s, seat, action)
    return new


def seen(s: DrukkerState, viewer: int | None) -> str:
    view = views.drukker_view(s, viewer)
    return json.dumps([view.public, view.private])


def choose_all(s: DrukkerState) -> DrukkerState:
    for seat in range(s.n):
        s = act(s, seat, drukker.legal_actions(s, seat)[0])
    return s


def to_half_time(n: int, seed: int = 1) -> DrukkerState:
    s = choose_all(start(n, seed))
    while s.phase == "match":
        (seat,) = drukker.to_act(s)
        s = act(s, seat, drukker.legal_actions(s, seat)[0])
    assert s.phase == "half_time"
    return s


def test_setup_deals_four_light_and_four_dark_and_400_each() -> None:
    s = start(6)
    assert s.money == (400,) * 6
    dealt = [c for hand in s.dealt for c in hand]
    assert len(set(dealt)) == 48
    for hand in s.dealt:
        assert sum(bets.is_dark(c) for c in hand) == 4
    assert (len(s.light), len(s.dark)) == (5, 1)  # §9.1: 29 − 24 light, 25 − 24 dark left


def test_everyone_keeps_four_of_eight_at_once_and_the_choice_stays_hidden() -> None:
    s = start(3)
    assert drukker.to_act(s) == frozenset({0, 1, 2})
    options = drukker.legal_actions(s, 1)
    assert len(options) == 70 and all(len(a["cards"]) == 4 for a in options)
    s, events = drukker.apply(s, 1, options[5])
    assert drukker.to_act(s) == frozenset({0, 2})
    kept = options[5]["cards"]
    for viewer in (0, 2, None):
        assert not any(f'"{c}"' in seen(s, viewer) for c in kept)
    assert not any(f'"{c}"' in json.dumps(events) for c in kept)
    assert views.drukker_view(s, None).public["players"][1]["chosen"] is True
    with pytest.raises(NotYourTurn):
        drukker.apply(s, 1, options[5])


def test_the_match_starts_once_the_last_seat_has_chosen() -> None:
    s = start(2)
    s = act(s, 0, drukker.legal_actions(s, 0)[0])
    assert s.match is None
    s, events = drukker.apply(s, 1, drukker.legal_actions(s, 1)[-1])
    assert s.phase == "match" and s.match is not None
    kinds = [e["event"] for e in events]
    assert kinds[:4] == ["bets_kept", "bets_chosen", "start_player_chosen", "coin_tossed"]
    assert drukker.to_act(s) == frozenset({s.start_player})
    assert views.drukker_view(s, s.start_player).private["pair"] is not None
    other = 1 - s.start_player
    assert views.drukker_view(s, other).private["pair"] is None
    assert len(views.drukker_view(s, None).public["match"]["decks"]) == 5


def test_half_time_buyers_go_in_seat_order_from_the_start_player() -> None:
    s = to_half_time(3)
    order = []
    while s.phase == "half_time":
        assert s.buyer is not None
        order.append(s.buyer.seat)
        s = act(s, s.buyer.seat, {"type": "buy", "count": 0})
    assert order == [(s.start_player + i) % 3 for i in range(3)]
    assert s.phase == "match" and s.match is not None and s.match.half == 2
    assert s.money == (400,) * 3


def test_buying_two_replaces_two_draws_redraws_decided_and_keeps_face_up() -> None:
    s = to_half_time(2)
    seat = s.start_player
    assert drukker.legal_actions(s, seat) == [{"type": "buy", "count": k} for k in range(3)]
    # L03 (leader at half time) is always decided at half time; L13–L15 never are.
    s = replace(s, light=("L03", "L13", "L14"), dark=("L15", "L16"))
    s = act(s, seat, {"type": "buy", "count": 2})
    assert s.money[seat] == 0
    hand = s.hands[seat]
    assert hand is not None
    replace_options = drukker.legal_actions(s, seat)
    assert len(replace_options) == 6
    s = act(s, seat, {"type": "replace", "cards": [hand[0], hand[1]]})
    assert drukker.legal_actions(s, seat) == [
        {"type": "draw", "deck": "light"},
        {"type": "draw", "deck": "dark"},
    ]
    s, events = drukker.apply(s, seat, {"type": "draw", "deck": "light"})
    assert events[0]["event"] == "bet_drawn_decided" and events[0]["card"]["id"] == "L03"
    assert s.shown == ("L03",)
    for deck in ("light", "dark", "light", "dark"):
        s, events = drukker.apply(s, seat, {"type": "draw", "deck": deck})
        assert events == [{"event": "bet_drawn", "seat": seat, "deck": deck}]
    assert s.buyer is not None and s.buyer.drawn == ("L13", "L15", "L14", "L16")
    # Drawn, not yet kept: only the buyer sees them.
    assert [c["id"] for c in views.drukker_view(s, seat).private["drawn"]] == [
        "L13",
        "L15",
        "L14",
        "L16",
    ]
    assert '"L13"' not in seen(s, 1 - seat)
    keep_options = drukker.legal_actions(s, seat)
    assert len(keep_options) == 6
    s, events = drukker.apply(s, seat, {"type": "keep_drawn", "cards": ["L13", "L15"]})
    assert s.hands[seat] == (hand[2], hand[3], "L13", "L15")
    assert s.bought[seat] == ("L13", "L15") and s.shown == ("L03", "L14", "L16")
    shown_to_others = views.drukker_view(s, 1 - seat).public["players"][seat]["bets"]
    assert [b["id"] for b in shown_to_others] == [None, None, "L13", "L15"]
    assert hand[0] not in seen(s, 1 - seat)  # set aside face down


def test_a_purchase_needs_enough_undecided_cards_left() -> None:
    s = to_half_time(2)
    s = replace(s, light=("L03", "L13", "L14"), dark=("L15",))
    assert drukker.legal_actions(s, s.start_player) == [
        {"type": "buy", "count": 0},
        {"type": "buy", "count": 1},
    ]
    s = replace(s, light=("L03", "L13"), dark=())
    assert drukker.legal_actions(s, s.start_player) == [{"type": "buy", "count": 0}]


def test_payout_is_1000_for_the_exact_result_and_400_for_other_fulfilled_cards() -> None:
    s = to_half_time(2, seed=4)
    while s.phase == "half_time":
        assert s.buyer is not None
        s = act(s, s.buyer.seat, {"type": "buy", "count": 0})
    before = s
    while True:
        (seat,) = drukker.to_act(s)
        last = s
        s = act(s, seat, drukker.legal_actions(s, seat)[0])
        if s.phase == "over":
            break
    assert s.match is not None
    home, away = match.score(s.match)
    exact = f"D{home}{away}" if home <= 4 and away <= 4 else "D44"
    wrong = "D00" if exact != "D00" else "D11"
    winner = "L13" if home > away else "L14" if away > home else "L15"
    loser = "L14" if home > away else "L13"
    rec = match.record(s.match)
    extra = next(c for c in bets.LIGHT_IDS if c != winner and bets.card(c).holds(rec))
    hands = ((exact, winner, wrong, loser), (wrong, loser, extra, winner))
    final = act(replace(last, hands=hands), seat, drukker.legal_actions(last, seat)[0])
    pays_exact = 1000 if exact == f"D{home}{away}" else 0
    assert final.payouts == (pays_exact + 400, 800)
    assert final.money == (400 + pays_exact + 400, 1200)
    result = drukker.result(final)
    assert result is not None and result["score"] == [home, away]
    assert result["winners"] == ([0] if pays_exact else [1])
    assert before.money == (400, 400)
    # At the end every hand is shown with its status and payout.
    lines = views.drukker_view(final, None).public["players"][1]["bets"]
    assert [line["payout"] for line in lines] == [0, 0, 400, 400]


def test_ties_share_the_victory() -> None:
    s = to_half_time(3)
    s = replace(s, phase="over", payouts=(0, 0, 0), money=(600, 200, 600))
    assert drukker.result(s) == {
        "winners": [0, 2],
        "money": [600, 200, 600],
        "payouts": [0, 0, 0],
        "score": match.score(s.match),
        "record": match.record(s.match).to_json(),
    }


def test_private_view_shows_own_bets_status_payout_and_if_ended_now() -> None:
    s = to_half_time(2)
    assert s.match is not None
    score = match.score(s.match)
    exact = f"D{score[0]}{score[1]}"
    s = replace(s, hands=((exact, "L13", "L14", "L15"), s.hands[1]))
    private = views.drukker_view(s, 0).private
    assert private is not None
    lines = {line["card"]["id"]: line for line in private["bets"]}
    assert lines[exact]["status"] == "alive" and lines[exact]["pays"] == 1000
    assert lines["L13"]["pays"] == 400 and lines["L13"]["payout"] == 0
    holds = [c for c in ("L13", "L14", "L15") if bets.card(c).holds(match.record(s.match))]
    assert private["if_ended_now"] == 400 + 1000 + 400 * len(holds)
    assert views.drukker_view(s, None).private is None
    assert len(views.drukker_view(s, REVEAL).private["seats"]) == 2


def test_bad_actions_change_nothing() -> None:
    s = to_half_time(2)
    seat = s.start_player
    with pytest.raises(NotYourTurn):
        drukker.apply(s, 1 - seat, {"type": "buy", "count": 0})
    with pytest.raises(IllegalAction):
        drukker.apply(s, seat, {"type": "buy", "count": 3})
    with pytest.raises(IllegalAction):
        drukker.apply(s, seat, {"type": "play", "card": "mid-01"})
    assert drukker.legal_actions(s, seat)[0] == {"type": "buy", "count": 0}


def test_game_registers_focifogadas_with_drukker_for_two_to_six() -> None:
    from app.games import registry

    game = registry.get("focifogadas")
    assert game is GAME
    spec = GAME.modes["drukker"]
    assert (spec.min_players, spec.max_players) == (2, 6)
    state = GAME.new("drukker", {}, 4, 9)
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state


# --- The bot (bot.py) --------------------------------------------------------------------------


def second_half(n: int = 2, seed: int = 1) -> DrukkerState:
    s = to_half_time(n, seed)
    while s.phase == "half_time":
        assert s.buyer is not None
        s = act(s, s.buyer.seat, {"type": "buy", "count": 0})
    return s


def at_the_box(s: DrukkerState, pair_kinds: tuple[str, str], **fields: object) -> DrukkerState:
    """The 2nd half's last time field, Home on the ball in the away box, `pair` to play."""
    assert s.match is not None
    deck = CATALOGUE.decks[A16]
    pair = tuple(next(c for c in deck if CARDS[c].kind == kind) for kind in pair_kinds)
    draw = list(s.match.draw)
    draw[A16] = tuple(c for c in deck if c not in pair)
    discard = list(s.match.discard)
    discard[A16] = ()
    m = replace(
        s.match,
        section=A16,
        poss=HOME,
        pair=pair,
        draw=tuple(draw),
        discard=tuple(discard),
        time_pos=5,
        **fields,
    )
    return replace(s, match=m)


def test_bot_keeps_the_score_at_its_exact_result() -> None:
    s = second_half()
    seat = s.match.current  # type: ignore[union-attr]
    s = at_the_box(s, ("goal_pass", "keep"), h1=1, a1=0, h2=0, a2=0, fg=0)
    hands = list(s.hands)
    hands[seat] = ("D10", "L13", "L03", "L20")
    s = replace(s, hands=tuple(hands))
    action = bot.drukker_action(seat_view(GAME, FociState("drukker", s), seat), random.Random(1))
    assert action is not None and action["card"].startswith("a16")
    assert CARDS[CATALOGUE.by_id[action["card"]]].kind == "keep"
    hands[seat] = ("D20", "L16", "L18", "L22")  # now a goal is what it needs
    action = bot.drukker_action(
        seat_view(GAME, FociState("drukker", replace(s, hands=tuple(hands))), seat),
        random.Random(1),
    )
    assert action is not None
    assert CARDS[CATALOGUE.by_id[action["card"]]].kind == "goal_pass"


def test_bot_wastes_time_once_its_bets_are_decided() -> None:
    s = second_half()
    seat = s.match.current  # type: ignore[union-attr]
    s = at_the_box(s, ("goal_pass", "keep"), reds=1, yellows=1)
    hands = list(s.hands)
    hands[seat] = ("L29", "L27", "L03" if s.match.h1 <= s.match.a1 else "L04", "L29")  # type: ignore[union-attr]
    action = bot.drukker_action(
        seat_view(GAME, FociState("drukker", replace(s, hands=tuple(hands))), seat),
        random.Random(2),
    )
    assert action is not None
    assert CARDS[CATALOGUE.by_id[action["card"]]].kind == "keep"


def test_bot_buys_at_half_time_to_replace_a_lost_bet() -> None:
    s = to_half_time(2)
    seat = s.start_player
    rec = s.match
    assert rec is not None
    lost = "L06" if rec.h1 + rec.a1 > 0 else "L07"  # decided against it at half time
    hands = list(s.hands)
    hands[seat] = ("L13", lost, "L14", "L15")  # L13–L15 are never decided at half time
    s = replace(s, hands=tuple(hands))
    rnd = random.Random(3)
    buy = bot.drukker_action(seat_view(GAME, FociState("drukker", s), seat), rnd)
    assert buy == {"type": "buy", "count": 1}
    s = act(s, seat, buy)
    assert bot.drukker_action(seat_view(GAME, FociState("drukker", s), seat), rnd) == {
        "type": "replace",
        "cards": [lost],
    }


def test_a_seats_private_part_is_shared_by_the_steps_that_leave_it_unchanged() -> None:
    """A card played by another seat that brings no goal, corner or card leaves my bets,
    money and pair as they were: the very same part (which the delta form neither builds nor
    encodes again). The mover's own part changes: its drawn pair is gone."""
    s = choose_all(start(4))
    shared = 0
    while s.match is not None and s.phase == "match" and shared < 10:
        mover = match.to_act(s.match)
        before = [views.drukker_view(s, seat).private for seat in range(4)]
        after = act(s, mover, drukker.legal_actions(s, mover)[0])
        assert after.match is not None
        now = [views.drukker_view(after, seat).private for seat in range(4)]
        assert now[mover] is not before[mover] and before[mover]["pair"] is not None
        if match.record(after.match) == match.record(s.match) and after.phase == "match":
            next_up = match.to_act(after.match)
            idle = [seat for seat in range(4) if seat not in (mover, next_up)]
            assert all(now[seat] is before[seat] for seat in idle)
            shared += 1
        s = after
    assert shared == 10


def test_card_faces_are_made_once_and_nothing_a_match_does_changes_them() -> None:
    """Views and events share each card's face (one object per card); after a whole match
    with every view built, every face is still what the card says."""
    faces = {c.id: json.dumps(c.to_json(), sort_keys=True) for c in CATALOGUE.cards}
    bet_faces = {i: json.dumps(b.to_json(), sort_keys=True) for i, b in bets.CARDS.items()}
    state: FociState = GAME.new("drukker", {}, 4, 11)
    rng = random.Random(11)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        state, _events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        GAME.public(state)
        for viewer in range(4):
            GAME.private(state, viewer)
    assert CATALOGUE.cards[0].to_json() is CATALOGUE.cards[0].to_json()
    assert {c.id: json.dumps(c.to_json(), sort_keys=True) for c in CATALOGUE.cards} == faces
    assert {i: json.dumps(b.to_json(), sort_keys=True) for i, b in bets.CARDS.items()} == bet_faces

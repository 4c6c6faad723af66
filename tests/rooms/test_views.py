"""Every viewer's view of a room, built and encoded without a database (app/rooms/push/views.py):
what a phone is sent at each step, and what it must never be sent."""

from __future__ import annotations

import json
import random
from typing import Any

import orjson
import pytest

from app.games import registry
from app.rooms.push.views import LOG_KEEP, RoomSnapshot, SeatInfo, revealed_view
from tests.rooms.support import room
from tests.support.tiny import TINY


def message(snap: RoomSnapshot, viewer: int | None) -> dict[str, Any]:
    text = snap.view_message(viewer)
    decoded: dict[str, Any] = json.loads(text.encode())
    assert decoded == json.loads(str(text))  # the bytes sent are the text's own
    return decoded


def picks(snap: RoomSnapshot, *numbers: int) -> None:
    """Every seat picks its secret, in seat order, each step taken as committed."""
    for seat, number in enumerate(numbers):
        snap.take(snap.step(seat, {"type": "pick", "number": number}, None, 2000.0 + seat))


def test_each_message_is_that_viewers_view_and_a_secret_stays_with_its_seat() -> None:
    snap = room()
    picks(snap, 3)  # seat 0 has picked 3, seat 1 not yet
    for viewer in (None, 0, 1):
        assert message(snap, viewer) == {"type": "view", "seq": 1, "view": snap.view(viewer)}
    assert message(snap, 0)["view"]["private"] == {"secret": 3}
    assert message(snap, 1)["view"]["private"] == {"secret": None}
    assert message(snap, None)["view"]["private"] is None
    assert "secrets" not in message(snap, 1)["view"]["public"]
    assert message(snap, 1)["view"]["legal"] and message(snap, 0)["view"]["legal"] == []


def test_public_is_the_same_for_every_viewer_and_encoded_once() -> None:
    snap = room(players=3)
    picks(snap, 1, 2)
    publics = [message(snap, viewer)["view"]["public"] for viewer in (None, 0, 1, 2)]
    assert publics.count(publics[0]) == 4
    assert list(snap._shared) == ["public", "log"]  # one encoding of each for all viewers


def test_a_step_changes_nothing_until_it_is_taken_and_then_the_views_are_new() -> None:
    snap = room()
    before = snap.view_message(0)
    step = snap.step(0, {"type": "pick", "number": 2}, {"event": "stand_in", "seat": 0}, 5.0)
    assert (snap.seq, snap.view_message(0)) == (0, before)
    snap.take(step)
    after = message(snap, 0)
    assert after["seq"] == 1 and after["view"]["private"] == {"secret": 2}
    # A room's note goes into the log before the game's own events, at the step's seq.
    assert after["view"]["log"] == [
        {"seq": 1, "event": "stand_in", "seat": 0},
        {"seq": 1, "event": "picked", "seat": 0},
    ]


def test_the_log_sent_keeps_only_the_latest_events() -> None:
    snap = room(target=40)
    picks(snap, 1, 1)
    while snap.status == "playing":
        seat = min(snap.to_act())
        snap.take(snap.step(seat, {"type": "add", "amount": 1}, None, 3000.0))
    log = message(snap, None)["view"]["log"]
    assert len(log) == LOG_KEEP and log[-1] == {"seq": snap.seq, "event": "won", "seat": seat}
    assert message(snap, None)["view"]["result"] == {"winners": [seat], "total": 40}


def test_the_lobby_shows_seats_and_options_never_a_token() -> None:
    snap = room()
    snap.state, snap.status = None, "lobby"
    view = message(snap, 1)["view"]
    assert view["phase"] == "lobby" and view["you"] == 1 and view["private"] is None
    assert view["public"] == {
        "seats": [{"seat": 0, "name": "P0", "bot": False}, {"seat": 1, "name": "P1", "bot": False}],
        "options": {"target": 10, "turn_seconds": 0},
        "min_players": 2,
        "max_players": 4,
    }
    assert "hash" not in snap.view_message(1)


def test_the_clock_counts_for_waited_for_humans_only(monkeypatch: pytest.MonkeyPatch) -> None:
    snap = room(players=3, turn_seconds=30, away=frozenset({2}))
    monkeypatch.setattr("app.rooms.push.views.time.time", lambda: 1010.0)
    clock = message(snap, None)["view"]["public"]["clock"]
    # Seat 1 is a bot and seat 2's player is away: the bot plays both, no clock runs for them.
    assert clock == {"turn_seconds": 30, "deadlines": {"0": 1030000}, "away": [2], "now": 1010000}
    assert snap.deadlines() == {0: 1030.0}
    assert "clock" not in room(turn_seconds=0).view(None)["public"]


def test_odds_go_to_everyone_and_a_seats_own_figures_to_that_seat_only() -> None:
    snap = room()
    snap.odds = {"public": {"cards": {}}, "0": {"secret_vs_left": 7}, "1": None}
    assert message(snap, None)["view"]["public"]["odds"] == {"cards": {}}
    assert message(snap, 0)["view"]["private"] == {"secret": None, "odds": {"secret_vs_left": 7}}
    assert message(snap, 1)["view"]["private"] == {"secret": None}


def test_a_replay_view_shows_every_secret_to_nobody_in_particular() -> None:
    snap = room()
    picks(snap, 2, 3)
    view = revealed_view(TINY, "race", snap.state, "playing", snap.log)
    assert view["public"]["secrets"] == [2, 3] and view["you"] is None and view["legal"] == []
    assert view["log"] == snap.log


def test_the_bytes_sent_are_the_whole_message_encoded_at_every_step_of_a_match() -> None:
    """A view is joined from parts kept from seq to seq (the log's events, a seat's private
    part while it is unchanged): on the wire it is the message encoded in one piece."""
    game = registry.get("focifogadas")
    assert game is not None
    seats = [SeatInfo(i, f"Ödön {i}", False) for i in range(4)]
    snap = RoomSnapshot("ABCDEF", 1, game, "drukker", {}, "playing", seats, 0, "h", None)
    snap.state = game.new("drukker", {}, 4, 7)
    rng = random.Random(7)
    while snap.status != "finished":
        for viewer in (None, 0, 1, 2, 3):
            whole = orjson.dumps({"type": "view", "seq": snap.seq, "view": snap.view(viewer)})
            sent = snap.view_bytes(viewer)
            assert json.loads(sent) == json.loads(whole)
            assert sent == _in_wire_order(whole)
            assert snap.view_message(viewer) == sent.decode()
        seat = min(snap.to_act())
        snap.take(snap.step(seat, rng.choice(snap.legal(seat)), None, 1000.0 + snap.seq))


def _in_wire_order(whole: bytes) -> bytes:
    """The message with `public` and `log` moved to the end of the view, where the wire has
    them (the parts every viewer shares close it)."""
    message = orjson.loads(whole)
    view = message["view"]
    view |= {"public": view.pop("public"), "log": view.pop("log")}
    return orjson.dumps(message)

"""The room layer on its own, where timing matters: reads that overlap commits."""

from __future__ import annotations

import asyncio
import gc
import json
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import orjson
import pytest
from sqlalchemy import Connection, Engine, event
from sqlalchemy.exc import OperationalError
from sqlalchemy.util import await_only

from app.db import store
from app.db.journal import Append, Conflict
from app.db.rooms import Database
from app.db.session import is_sqlite, make_engine
from app.errors import RoomError
from app.games.base import JsonDict
from app.rooms.push.broker import Message, Publisher
from app.rooms.push.views import RoomSnapshot
from app.rooms.wiring import Rooms

pytestmark = pytest.mark.asyncio


async def no_broker(_kind: str, _code: str, _seq: int, _data: JsonDict | None = None) -> None:
    """Instances here hear nothing of each other's changes but through the database."""


@asynccontextmanager
async def instance(
    database_url: str, publish: Publisher = no_broker, *, alone: bool = False
) -> AsyncIterator[Rooms]:
    """One instance of the room layer, with its own engine and cache; `alone`: it knows
    there is no other (every change to a room is made here)."""
    engine = make_engine(database_url)
    db = Database(engine, single_writer=is_sqlite(database_url))
    rooms = Rooms.build(db, publish, alone=alone, odds_sims=0)
    try:
        yield rooms
    finally:
        await rooms.aclose()
        await engine.dispose()


@pytest.fixture
async def rooms(database_url: str) -> AsyncIterator[Rooms]:
    async with instance(database_url) as rooms:
        yield rooms


async def tiny_room(rooms: Rooms, target: int = 20) -> tuple[str, str]:
    """A started two-seat tiny race; (code, host token)."""
    code, token = await rooms.lobby.create("tiny", "race", "Anna", {"target": target})
    await rooms.lobby.join(code, "Bence")
    await rooms.lobby.start(code, token)
    return code, token


async def stalled_read(
    rooms: Rooms, code: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[asyncio.Task[RoomSnapshot], asyncio.Event]:
    """A read of the room from the database (nothing cached) that stops once it has read all
    of it (room, seats, actions), until the returned event is set. Returns (the read, go on)."""
    rooms.cache.forget(code)
    reached, go_on = asyncio.Event(), asyncio.Event()
    actions_of = store.actions_of

    def slow_actions_of(*args: Any, **kwargs: Any) -> Any:
        # A read runs as one plain function through `AsyncConnection.run_sync`, on the event
        # loop's thread: it waits for the event the way SQLAlchemy awaits the driver.
        actions = actions_of(*args, **kwargs)
        reached.set()
        await_only(go_on.wait())
        return actions

    monkeypatch.setattr(store, "actions_of", slow_actions_of)
    reading = asyncio.create_task(rooms.cache.snapshot(code))
    await reached.wait()
    monkeypatch.setattr(store, "actions_of", actions_of)
    return reading, go_on


async def test_a_read_that_overlaps_a_commit_never_moves_the_room_back(
    rooms: Rooms, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _token = await tiny_room(rooms)
    assert await rooms.service.act(code, 0, "a", {"type": "pick", "number": 1}) == 1
    # A reader (a bot looking, another instance's change arriving) starts from the database
    # and stalls half-way, after reading the room at seq 1 ...
    reading, go_on = await stalled_read(rooms, code, monkeypatch)
    # ... while this instance commits seq 2.
    assert await rooms.service.act(code, 1, "b", {"type": "pick", "number": 2}) == 2
    go_on.set()
    snap = await reading
    latest = rooms.cache.latest(code)
    assert snap.seq == 2 and latest is not None and latest.seq == 2
    assert snap.to_act() == latest.to_act()  # the count phase: someone's turn to add


async def test_an_instance_that_has_not_heard_of_a_move_yet_looks_again_before_refusing(
    rooms: Rooms, database_url: str
) -> None:
    async with instance(database_url) as other:  # no broker: its news never arrives here
        code, _token = await tiny_room(rooms)
        assert (await rooms.cache.snapshot(code)).seq == 0  # this instance holds seq 0
        assert await other.service.act(code, 0, "a", {"type": "pick", "number": 1}) == 1
        assert await other.service.act(code, 1, "b", {"type": "pick", "number": 2}) == 2
        turn = next(iter((await other.cache.snapshot(code)).to_act()))
        # At seq 0 adding is not even possible yet; the room is at seq 2, where it is.
        assert await rooms.service.act(code, turn, "c", {"type": "add", "amount": 1}) == 3


async def test_another_instance_reads_every_state_of_a_room_right_even_its_end(
    rooms: Rooms, database_url: str
) -> None:
    code, _token = await tiny_room(rooms, target=5)
    await rooms.service.act(code, 0, "a", {"type": "pick", "number": 1})
    await rooms.service.act(code, 1, "b", {"type": "pick", "number": 2})
    ours = await rooms.cache.snapshot(code)
    while ours.status != "finished":
        turn = next(iter(ours.to_act()))
        await rooms.service.act(code, turn, f"c{ours.seq}", {"type": "add", "amount": 1})
        ours = await rooms.cache.snapshot(code)
        # A fresh instance (nothing cached) rolls the stored snapshot forward to the same
        # room: same seq, same status, same views, at every step and at the end.
        async with instance(database_url) as other:
            theirs = await other.cache.snapshot(code)
        assert (theirs.seq, theirs.status) == (ours.seq, ours.status)
        assert theirs.view(None)["public"] == ours.view(None)["public"]
        assert theirs.view(None)["log"] == ours.view(None)["log"]


async def move(rooms: Rooms, code: str, cid: str) -> int | str:
    """The seat to act adds 1, as this instance sees the room now; the seq or the error."""
    snap = rooms.cache.latest(code)
    assert snap is not None
    try:
        return await rooms.service.act(
            code, next(iter(snap.to_act())), cid, {"type": "add", "amount": 1}
        )
    except RoomError as exc:
        return exc.code


async def test_two_instances_appending_to_the_same_rooms_in_opposite_orders_never_deadlock(
    rooms: Rooms, database_url: str
) -> None:
    async with instance(database_url) as other:
        codes = [(await tiny_room(rooms, target=40))[0] for _ in range(2)]
        for seat in (0, 1):  # both pick in both rooms: the count phase, one seat to act
            for code in codes:
                await rooms.service.act(code, seat, f"pick-{seat}", {"type": "pick", "number": 1})
        for round_ in range(30):
            for instance_ in (rooms, other):
                for code in codes:
                    await instance_.cache.snapshot(
                        code
                    )  # both instances hold both rooms at one seq

            # One batch each, the rooms in opposite orders, at the same moment.
            answers = await asyncio.gather(
                move(rooms, codes[0], f"a{round_}"),
                move(rooms, codes[1], f"a{round_}"),
                move(other, codes[1], f"b{round_}"),
                move(other, codes[0], f"b{round_}"),
            )
            # A deadlock aborts a whole batch (without the journal's room order, PostgreSQL
            # found one in about one run of this test in three).
            assert "unavailable" not in answers
            assert sum(isinstance(x, int) for x in answers) == 2  # one move per room


async def test_a_read_that_overlaps_a_seat_marked_away_never_brings_the_old_seat_back(
    rooms: Rooms, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, token = await tiny_room(rooms)
    assert await rooms.service.act(code, 1, "b", {"type": "pick", "number": 2}) == 1
    # A reader reads the seats (Bence here) and stalls before it is done ...
    reading, go_on = await stalled_read(rooms, code, monkeypatch)
    # ... while the host hands Bence's seat to the bot.
    await rooms.service.set_away(code, 1, True, token)
    go_on.set()
    await reading
    latest = rooms.cache.latest(code)
    assert latest is not None and [s.away for s in latest.seats] == [False, True]


async def test_a_join_the_database_fails_to_commit_is_unavailable_and_seats_no_one(
    rooms: Rooms,
) -> None:
    code, _token = await rooms.lobby.create("tiny", "race", "Anna", {"target": 20})

    def disk_fails(_conn: Connection) -> None:
        raise OperationalError("COMMIT", None, Exception("disk I/O error"))

    event.listen(Engine, "commit", disk_fails)
    try:
        with pytest.raises(RoomError) as refused:
            await rooms.lobby.join(code, "Bence")
    finally:
        event.remove(Engine, "commit", disk_fails)
    assert refused.value.code == "unavailable"
    assert [s.name for s in (await rooms.cache.snapshot(code)).seats] == ["Anna"]
    assert (await rooms.lobby.join(code, "Bence"))[0] == 1  # the seat the failed join did not take


async def test_a_join_once_the_server_is_shutting_down_is_unavailable(database_url: str) -> None:
    async with instance(database_url) as rooms:
        code, _token = await rooms.lobby.create("tiny", "race", "Anna", {"target": 20})
        await rooms.aclose()  # SIGTERM: the writer thread is gone
        with pytest.raises(RoomError) as refused:
            await rooms.lobby.join(code, "Bence")
        assert refused.value.code == "unavailable"


class Recorder:
    """A broker that only remembers what was published."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, str, int, JsonDict | None]] = []

    async def __call__(self, kind: str, room: str, seq: int, data: JsonDict | None = None) -> None:
        self.heard.append((kind, room, seq, data))


async def first_legal_move(rooms: Rooms, code: str, cid: str) -> int:
    """The first legal action of the first seat the game waits for, as this instance knows
    the room; returns its seq."""
    snap = rooms.cache.latest(code)
    assert snap is not None
    seat = min(snap.to_act())
    return await rooms.service.act(code, seat, cid, snap.game.legal_actions(snap.state, seat)[0])


def count_room_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The codes of the rooms read from the database from now on, one per read."""
    reads: list[str] = []
    room_by_code = store.room_by_code

    def counted(session: Any, code: str, **kwargs: Any) -> Any:
        reads.append(code)
        return room_by_code(session, code, **kwargs)

    monkeypatch.setattr(store, "room_by_code", counted)
    return reads


async def betting_night(rooms: Rooms) -> str:
    """A started four-seat Drukker night without a turn clock (views hold no clock time)."""
    code, token = await rooms.lobby.create("focifogadas", "drukker", "Anna", {"turn_seconds": 0})
    for name in ("Bence", "Csilla", "Dóra"):
        await rooms.lobby.join(code, name)
    await rooms.lobby.start(code, token)
    return code


async def test_every_viewers_message_is_its_view_in_text_and_in_the_bytes_sent(
    rooms: Rooms,
) -> None:
    code, token = await rooms.lobby.create("focifogadas", "drukker", "Anna", {"turn_seconds": 0})
    await rooms.lobby.join(code, "Győző")
    lobby = await rooms.cache.snapshot(code)
    for viewer in (None, 0, 1):
        text = lobby.view_message(viewer)
        expected = {"type": "view", "seq": 0, "view": lobby.view(viewer)}
        assert json.loads(text) == orjson.loads(text.encode()) == expected
    await rooms.lobby.start(code, token)
    for move in range(6):
        snap = rooms.cache.latest(code)
        assert snap is not None and snap.state is not None
        for viewer in (None, 0, 1):
            text = snap.view_message(viewer)
            expected = {"type": "view", "seq": snap.seq, "view": snap.view(viewer)}
            assert json.loads(text) == orjson.loads(text.encode()) == expected, (move, viewer)
        seat = min(snap.to_act())
        await rooms.service.act(
            code, seat, f"m{move}", snap.game.legal_actions(snap.state, seat)[0]
        )


async def test_phones_opening_sockets_at_once_after_a_restart_share_one_read_of_their_room(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with instance(database_url) as before:
        code = await betting_night(before)
    reads = count_room_reads(monkeypatch)
    async with instance(database_url) as after:  # the restarted server: nothing cached
        await asyncio.gather(*(after.cache.must_exist(code) for _ in range(4)))
        assert reads == [code]
        assert after.cache.latest(code) is not None  # held for the four hellos that follow
        gone = await asyncio.gather(
            *(after.cache.must_exist("ZZZZZZ") for _ in range(3)), return_exceptions=True
        )
        assert [e.code for e in gone if isinstance(e, RoomError)] == ["not_found"] * 3
        assert reads == [code, "ZZZZZZ"]


@asynccontextmanager
async def night_on_two(
    database_url: str, publish: Publisher = no_broker
) -> AsyncIterator[tuple[Rooms, Rooms, str]]:
    """Two instances over one database, `here` (telling `publish`) and `there` (hearing
    nothing), and a betting night started at `here` that `there` holds at seq 0, as a phone
    connected there makes it. Yields (here, there, room code)."""
    async with instance(database_url, publish) as here, instance(database_url) as there:
        code = await betting_night(here)
        await there.cache.snapshot(code)
        yield here, there, code


class Phone:
    """A socket that keeps every view it is sent."""

    def __init__(self) -> None:
        self.views: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()

    async def send_text(self, data: str) -> None:
        message = orjson.loads(data.encode())  # as a server sends it (app/rooms/push/views.py)
        if message["type"] == "view":
            self.views.append(message)
            self.arrived.set()

    async def until(self, count: int) -> None:
        """Until `count` views have come."""
        while len(self.views) < count:
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), 5)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


async def visit(rooms: Rooms, phone: Phone, code: str, seat: int) -> None:
    """A phone that connects to `rooms`, stays until its first view comes, and leaves."""
    async with rooms.fanout.connect(phone, code, seat):
        await phone.until(1)


def forbid_room_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, reading a room from the database fails the test."""

    def no_reads(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("the room was read")

    monkeypatch.setattr(store, "room_by_code", no_reads)


async def test_an_instance_one_step_behind_follows_each_move_to_the_same_views(
    database_url: str,
) -> None:
    broker = Recorder()
    async with night_on_two(database_url, broker) as (here, there, code):
        rng = random.Random(7)
        ours = here.cache.latest(code)
        assert ours is not None
        while ours.status == "playing":
            seat = min(ours.to_act())
            action = rng.choice(ours.game.legal_actions(ours.state, seat))
            seq = await here.service.act(code, seat, f"c{ours.seq}", action)
            kind, room, published, move = broker.heard[-1]
            assert (kind, room, published) == ("state", code, seq)
            theirs = there.cache.follow(code, seq, move)
            assert theirs is not None, f"seq {seq} not followed"
            # Every seat and a spectator see there exactly what they would see here.
            for viewer in (None, 0, 1, 2, 3):
                assert theirs.view_message(viewer) == ours.view_message(viewer)
        assert ours.status == "finished" and ours.seq > 50
        # And what was followed is what the database holds.
        async with instance(database_url) as fresh:
            stored = await fresh.cache.snapshot(code)
        followed = there.cache.latest(code)
        assert followed is not None and followed.view_message(2) == stored.view_message(2)


async def test_a_move_that_cannot_be_followed_leaves_the_room_to_a_read(
    database_url: str,
) -> None:
    broker = Recorder()
    async with night_on_two(database_url, broker) as (here, there, code):
        for cid in ("a", "b"):
            snap = here.cache.latest(code)
            assert snap is not None
            seat = min(snap.to_act())
            await here.service.act(code, seat, cid, snap.game.legal_actions(snap.state, seat)[0])
        (_, _, one, first), (_, _, two, second) = broker.heard[-2:]
        assert there.cache.follow(code, two, second) is None  # a gap: seq 1 never arrived
        assert there.cache.follow(code, one, None) is None  # no move with it (as after a start)
        assert there.cache.follow(code, one, {"seat": 0}) is None  # a move it cannot read
        held = there.cache.latest(code)
        assert held is not None and held.seq == 0  # nothing was taken
        assert there.cache.follow(code, one, first) is not None
        followed = there.cache.follow(code, two, second)
        assert followed is not None and followed.seq == 2


async def test_a_phone_at_another_instance_gets_the_move_without_a_read_of_the_room(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    broker = Recorder()
    async with night_on_two(database_url, broker) as (here, there, code):
        phone = Phone()
        async with there.fanout.connect(phone, code, 1):
            snap = here.cache.latest(code)
            assert snap is not None
            seat = min(snap.to_act())
            seq = await here.service.act(
                code, seat, "a", snap.game.legal_actions(snap.state, seat)[0]
            )
            forbid_room_reads(monkeypatch)
            kind, room, published, move = broker.heard[-1]
            await there.fanout.on_message(Message(kind, room, published, origin="here", data=move))
            await phone.until(2)
            assert [m["seq"] for m in phone.views] == [0, seq]
            mine = snap.view_message(1)
            assert phone.views[-1] == orjson.loads(mine.encode())  # what the phone would get here
            monkeypatch.undo()


async def test_a_phone_joining_a_match_of_a_single_instance_needs_no_read(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with instance(database_url, alone=True) as rooms:
        code = await betting_night(rooms)
        forbid_room_reads(monkeypatch)
        phones = [Phone() for _ in range(4)]
        for seat, phone in enumerate(phones):
            await visit(rooms, phone, code, seat)
        monkeypatch.undo()
    held = rooms.cache.latest(code)
    assert held is not None
    assert [p.views for p in phones] == [
        [orjson.loads(held.view_message(s).encode())] for s in range(4)
    ]


async def test_a_room_nobody_watches_keeps_no_views_and_builds_them_for_a_phone_back(
    database_url: str,
) -> None:
    async with instance(database_url, alone=True) as rooms:
        code = await betting_night(rooms)
        first, back = Phone(), Phone()
        await visit(rooms, first, code, 0)
        held = rooms.cache.latest(code)
        assert held is not None and held.state is not None
        assert not held._views  # ~8 KB a seat, for every finished room of a night, otherwise
        await visit(rooms, back, code, 0)
        assert back.views == first.views


async def test_with_other_instances_a_phone_gets_the_room_as_it_stands_not_as_last_seen(
    database_url: str,
) -> None:
    async with night_on_two(database_url) as (here, there, code):
        for cid in ("a", "b", "c"):
            await first_legal_move(here, code, cid)
        phone = Phone()
        await visit(there, phone, code, 2)
        assert [v["seq"] for v in phone.views] == [3]


async def test_with_other_instances_phones_coming_back_at_once_share_one_read(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with night_on_two(database_url) as (here, there, code):
        await first_legal_move(here, code, "a")
        reads = count_room_reads(monkeypatch)
        phones = [Phone() for _ in range(4)]
        await asyncio.gather(*(visit(there, phones[seat], code, seat) for seat in range(4)))
        assert reads == [code]
        assert [[v["seq"] for v in p.views] for p in phones] == [[1]] * 4


async def test_a_phone_registering_while_a_read_is_under_way_waits_for_a_read_of_its_own(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with night_on_two(database_url) as (here, there, code):
        first, second = Phone(), Phone()
        reached, go_on = asyncio.Event(), asyncio.Event()
        actions_of = store.actions_of

        def stalled_once(*args: Any, **kwargs: Any) -> Any:
            actions = actions_of(*args, **kwargs)
            if not reached.is_set():
                reached.set()
                await_only(go_on.wait())
            return actions

        monkeypatch.setattr(store, "actions_of", stalled_once)
        there.cache.forget(code)
        reads = count_room_reads(monkeypatch)
        early = asyncio.create_task(visit(there, first, code, 0))
        await reached.wait()  # its read has begun, and read the room at seq 0 ...
        await first_legal_move(here, code, "a")
        late = asyncio.create_task(visit(there, second, code, 1))  # ... when it registers
        while not there.hub.is_connected(code, 1):
            await asyncio.sleep(0)
        go_on.set()
        await asyncio.gather(early, late)
        assert reads == [code, code]
        assert [v["seq"] for v in second.views] == [1]  # not seq 0, from the read it missed


async def test_a_commit_completing_after_a_newer_read_never_moves_the_room_back(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with night_on_two(database_url) as (here, there, code):
        start = here.cache.latest(code)
        assert start is not None
        # Here, a command's action is committed (seq 1) but the command has not resumed yet ...
        committed, go_on = asyncio.Event(), asyncio.Event()
        append = here.db.journal.append

        async def slow_to_resume(item: Any) -> None:
            await append(item)
            committed.set()
            await go_on.wait()

        monkeypatch.setattr(here.db.journal, "append", slow_to_resume)
        seat = min(start.to_act())
        action = start.game.legal_actions(start.state, seat)[0]
        acting = asyncio.create_task(here.service.act(code, seat, "a", action))
        await committed.wait()
        # ... when another instance moves the room on (seq 2) and a read here takes that in.
        theirs = await there.cache.snapshot(code)
        seat = min(theirs.to_act())
        await there.service.act(code, seat, "b", theirs.game.legal_actions(theirs.state, seat)[0])
        assert (await here.cache.snapshot(code)).seq == 2
        go_on.set()
        assert await acting == 1
        held = here.cache.latest(code)
        assert held is not None and held.seq == 2  # not back at 1


async def test_a_phone_holding_a_newer_view_is_never_sent_an_older_one(
    database_url: str,
) -> None:
    async with night_on_two(database_url) as (here, there, code):
        older = await there.cache.snapshot(code)  # seq 0, read before the move below
        snap = here.cache.latest(code)
        assert snap is not None
        seat = min(snap.to_act())
        await here.service.act(code, seat, "a", snap.game.legal_actions(snap.state, seat)[0])
        phone = Phone()
        async with here.fanout.connect(phone, code, 1):
            here.hub.push(older)  # say, a slow read finishing after the phone got seq 1
            await asyncio.sleep(0.01)
        assert [v["seq"] for v in phone.views] == [1]


@asynccontextmanager
async def windowed(
    database_url: str, monkeypatch: pytest.MonkeyPatch, window: float, batch: int = 0
) -> AsyncIterator[tuple[Rooms, Database, list[tuple[float, int]]]]:
    """Rooms over a journal with a commit window (and batch), and the commits it makes as
    they begin: (loop time it began, appends in it)."""
    engine = make_engine(database_url)
    db = Database(
        engine,
        single_writer=is_sqlite(database_url),
        commit_window=window,
        commit_batch=batch,
    )
    rooms = Rooms.build(db, no_broker, odds_sims=0)
    loop = asyncio.get_running_loop()
    commits: list[tuple[float, int]] = []
    commit = db.journal._commit

    async def counted(appends: list[Any]) -> set[tuple[int, int]]:
        commits.append((loop.time(), len(appends)))
        return await commit(appends)

    monkeypatch.setattr(db.journal, "_commit", counted)
    try:
        yield rooms, db, commits
    finally:
        await rooms.aclose()
        await engine.dispose()


async def test_a_busy_journal_shares_one_commit_among_the_actions_of_its_window(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """COMMIT_WINDOW_MS: a table playing alone is committed at once; actions of other rooms
    arriving within the window of the last commit wait for its end and go in together."""
    window = 1.0
    loop = asyncio.get_running_loop()
    async with windowed(database_url, monkeypatch, window) as (rooms, db, commits):
        codes = [(await tiny_room(rooms))[0] for _ in range(4)]

        async def add(code: str, cid: str) -> int:
            return await first_legal_move(rooms, code, cid)

        await add(codes[0], "a")  # nothing committed lately: at once, alone
        second = asyncio.create_task(add(codes[1], "b"))
        while not db.journal._pending and not second.done():  # b waits for a's window
            await asyncio.sleep(0)
        third = asyncio.create_task(add(codes[2], "c"))
        while len(db.journal._pending) < 2 and not third.done():
            await asyncio.sleep(0)
        assert await second == 1 and await third == 1
        assert [size for _, size in commits] == [1, 2]
        assert commits[1][0] >= commits[0][0] + window * 0.99
        await asyncio.sleep(window)  # idle for a window: the next action goes in at once
        began = loop.time()
        await add(codes[3], "d")
        assert commits[2][1] == 1 and commits[2][0] - began < window / 2
        began = loop.time()  # nor does a room's next action after a commit of its own alone
        await add(codes[3], "e")
        assert commits[3][1] == 1 and commits[3][0] - began < window / 2


async def test_a_full_batch_begins_its_commit_before_the_window_ends(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """COMMIT_BATCH: once that many actions of other rooms wait for the window's end, their
    commit begins at once (a busy instance's rooms do not wait the window out)."""
    window = 5.0
    loop = asyncio.get_running_loop()
    async with windowed(database_url, monkeypatch, window, batch=3) as (rooms, db, commits):
        codes = [(await tiny_room(rooms))[0] for _ in range(4)]
        await first_legal_move(rooms, codes[0], "a")  # at once, alone
        began = loop.time()
        moves = [asyncio.create_task(first_legal_move(rooms, codes[1], "b"))]
        moves.append(asyncio.create_task(first_legal_move(rooms, codes[2], "c")))
        for _ in range(1000):  # until b and c wait for the end of a's window
            if db.journal._full is not None:
                break
            await asyncio.sleep(0)
        moves.append(asyncio.create_task(first_legal_move(rooms, codes[3], "d")))
        assert await asyncio.gather(*moves) == [1, 1, 1]
        assert [size for _, size in commits] == [1, 3]
        assert commits[1][0] - began < window / 2


async def test_a_refused_append_reaches_its_caller_and_warns_of_nobody_gone(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An append that did not go in raises `Conflict` in the command waiting for it; one
    answered when nobody waits for it any more (its command cancelled as the answer came)
    leaves asyncio nothing to report as "exception was never retrieved" (`Append.fail`)."""
    engine = make_engine(database_url)
    db = Database(engine, single_writer=is_sqlite(database_url))
    journal = db.journal
    reported: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _loop, context: reported.append(context))

    async def refused(batch: list[Any]) -> set[tuple[int, int]]:
        return set()  # nothing written: another instance took these seqs first

    monkeypatch.setattr(journal, "_commit", refused)
    try:
        with pytest.raises(Conflict):
            await journal.append(Append(1, 1, 0, "a", {}, None, False, None))
        nobody = Append(2, 1, 0, "b", {}, None, False, None)
        nobody.fail(Conflict())
        del nobody
        gc.collect()
        await asyncio.sleep(0)
        assert reported == []
    finally:
        loop.set_exception_handler(None)
        await db.aclose()
        await engine.dispose()

"""The room service on its own, where timing matters: reads that overlap commits."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from app.db import store
from app.db.session import is_sqlite, make_engine
from app.rooms.errors import RoomError
from app.rooms.service import RoomService

pytestmark = pytest.mark.asyncio


@pytest.fixture
async def service(database_url: str) -> AsyncIterator[RoomService]:
    engine = make_engine(database_url)

    async def publish(_kind: str, _code: str, _seq: int) -> None:
        return None

    rooms = RoomService(engine, publish, single_writer=is_sqlite(database_url), odds_sims=0)
    yield rooms
    await rooms.aclose()
    await engine.dispose()


async def test_a_read_that_overlaps_a_commit_never_moves_the_room_back(
    service: RoomService, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, token = await service.create("tiny", "race", "Anna", {"target": 20})
    await service.join(code, "Bence")
    await service.start(code, token)
    assert await service.act(code, 0, "a", {"type": "pick", "number": 1}) == 1
    # A reader (a bot looking, another instance's change arriving) starts from the database
    # and stalls half-way, after reading the room at seq 1 ...
    service.forget(code)
    reached, go_on = asyncio.Event(), asyncio.Event()
    seats_of = store.seats_of

    async def slow_seats_of(*args: Any) -> Any:
        reached.set()
        await go_on.wait()
        return await seats_of(*args)

    monkeypatch.setattr(store, "seats_of", slow_seats_of)
    reading = asyncio.create_task(service.snapshot(code))
    await reached.wait()
    monkeypatch.setattr(store, "seats_of", seats_of)
    # ... while this instance commits seq 2.
    assert await service.act(code, 1, "b", {"type": "pick", "number": 2}) == 2
    go_on.set()
    snap = await reading
    latest = service.latest(code)
    assert snap.seq == 2 and latest is not None and latest.seq == 2
    assert snap.to_act() == latest.to_act()  # the count phase: someone's turn to add


async def test_an_instance_that_has_not_heard_of_a_move_yet_looks_again_before_refusing(
    service: RoomService, database_url: str
) -> None:
    engine = make_engine(database_url)

    async def publish(_kind: str, _code: str, _seq: int) -> None:
        return None  # no broker between the two: the other instance's news never arrives

    other = RoomService(engine, publish, single_writer=is_sqlite(database_url), odds_sims=0)
    try:
        code, token = await service.create("tiny", "race", "Anna", {"target": 20})
        await service.join(code, "Bence")
        await service.start(code, token)
        assert (await service.snapshot(code)).seq == 0  # this instance holds seq 0
        assert await other.act(code, 0, "a", {"type": "pick", "number": 1}) == 1
        assert await other.act(code, 1, "b", {"type": "pick", "number": 2}) == 2
        turn = next(iter((await other.snapshot(code)).to_act()))
        # At seq 0 adding is not even possible yet; the room is at seq 2, where it is.
        assert await service.act(code, turn, "c", {"type": "add", "amount": 1}) == 3
    finally:
        await other.aclose()
        await engine.dispose()


async def test_another_instance_reads_every_state_of_a_room_right_even_its_end(
    service: RoomService, database_url: str
) -> None:
    engine = make_engine(database_url)

    async def publish(_kind: str, _code: str, _seq: int) -> None:
        return None

    code, token = await service.create("tiny", "race", "Anna", {"target": 5})
    await service.join(code, "Bence")
    await service.start(code, token)
    await service.act(code, 0, "a", {"type": "pick", "number": 1})
    await service.act(code, 1, "b", {"type": "pick", "number": 2})
    ours = await service.snapshot(code)
    while ours.status != "finished":
        turn = next(iter(ours.to_act()))
        await service.act(code, turn, f"c{ours.seq}", {"type": "add", "amount": 1})
        ours = await service.snapshot(code)
        # A fresh instance (nothing cached) rolls the stored snapshot forward to the same
        # room: same seq, same status, same views, at every step and at the end.
        other = RoomService(engine, publish, single_writer=is_sqlite(database_url), odds_sims=0)
        try:
            theirs = await other.snapshot(code)
        finally:
            await other.aclose()
        assert (theirs.seq, theirs.status) == (ours.seq, ours.status)
        assert theirs.view(None)["public"] == ours.view(None)["public"]
        assert theirs.view(None)["log"] == ours.view(None)["log"]
    await engine.dispose()


async def move(rooms: RoomService, code: str, cid: str) -> int | str:
    """The seat to act adds 1, as this instance sees the room now; the seq or the error."""
    snap = rooms.latest(code)
    assert snap is not None
    try:
        return await rooms.act(code, next(iter(snap.to_act())), cid, {"type": "add", "amount": 1})
    except RoomError as exc:
        return exc.code


async def test_two_instances_appending_to_the_same_rooms_in_opposite_orders_never_deadlock(
    service: RoomService, database_url: str
) -> None:
    engine = make_engine(database_url)

    async def publish(_kind: str, _code: str, _seq: int) -> None:
        return None

    other = RoomService(engine, publish, single_writer=is_sqlite(database_url), odds_sims=0)
    try:
        rooms = []
        for _ in range(2):
            code, token = await service.create("tiny", "race", "Anna", {"target": 40})
            await service.join(code, "Bence")
            await service.start(code, token)
            rooms.append(code)
        for seat in (0, 1):  # both pick in both rooms: the count phase, one seat to act
            for code in rooms:
                await service.act(code, seat, f"pick-{seat}", {"type": "pick", "number": 1})
        for round_ in range(30):
            for rooms_ in (service, other):
                for code in rooms:
                    await rooms_.snapshot(code)  # both instances hold both rooms at one seq

            # One batch each, the rooms in opposite orders, at the same moment.
            answers = await asyncio.gather(
                move(service, rooms[0], f"a{round_}"),
                move(service, rooms[1], f"a{round_}"),
                move(other, rooms[1], f"b{round_}"),
                move(other, rooms[0], f"b{round_}"),
            )
            # A deadlock aborts a whole batch (without the journal's room order, PostgreSQL
            # found one in about one run of this test in three).
            assert "unavailable" not in answers
            assert sum(isinstance(x, int) for x in answers) == 2  # one move per room
    finally:
        await other.aclose()
        await engine.dispose()


async def test_a_read_that_overlaps_a_seat_marked_away_never_brings_the_old_seat_back(
    service: RoomService, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, token = await service.create("tiny", "race", "Anna", {"target": 20})
    await service.join(code, "Bence")
    await service.start(code, token)
    assert await service.act(code, 1, "b", {"type": "pick", "number": 2}) == 1
    service.forget(code)
    # A reader reads the seats (Bence here) and stalls before it is done ...
    reached, go_on = asyncio.Event(), asyncio.Event()
    seats_of = store.seats_of

    async def slow_seats_of(*args: Any) -> Any:
        seats = await seats_of(*args)
        reached.set()
        await go_on.wait()
        return seats

    monkeypatch.setattr(store, "seats_of", slow_seats_of)
    reading = asyncio.create_task(service.snapshot(code))
    await reached.wait()
    monkeypatch.setattr(store, "seats_of", seats_of)
    # ... while the host hands Bence's seat to the bot.
    await service.set_away(code, 1, True, token)
    go_on.set()
    await reading
    latest = service.latest(code)
    assert latest is not None and [s.away for s in latest.seats] == [False, True]

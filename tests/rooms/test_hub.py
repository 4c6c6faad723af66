"""A slow or dead phone never delays anyone else: bounded queues, newest view wins."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable

import pytest

from app.rooms.push import hub as hub_module
from app.rooms.push.broker import Message
from app.rooms.push.connection import MAX_DROPS_IN_A_ROW, Connection
from app.rooms.push.hub import PRESENCE_FOR, Hub
from tests.rooms.support import room

pytestmark = pytest.mark.asyncio


def view(seq: int) -> str:
    return json.dumps({"type": "view", "seq": seq, "view": {"n": seq}})


class SlowSocket:
    """A peer that accepts one message and then stops reading until released."""

    def __init__(self) -> None:
        self.sent: list[dict[str, object]] = []
        self.release = asyncio.Event()
        self.closed_with: int | None = None

    async def send_text(self, data: str) -> None:
        self.sent.append(json.loads(data))
        if len(self.sent) >= 1:
            await self.release.wait()

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed_with = code


class FastSocket(SlowSocket):
    async def send_text(self, data: str) -> None:
        self.sent.append(json.loads(data))


async def test_a_stuck_socket_keeps_only_the_newest_view_and_never_blocks_the_sender() -> None:
    slow = SlowSocket()
    conn = Connection(slow, "ROOM22", 0, limit=4)
    conn.send_view(1, "playing", view(1))
    await until(lambda: len(slow.sent) == 1)  # the writer is now stuck sending view 1
    for seq in range(2, 41):
        conn.send_view(seq, "playing", view(seq))  # returns at once: nothing awaits the peer
    conn.send({"type": "ack", "cid": "c", "seq": 40})
    await asyncio.sleep(0)
    slow.release.set()
    await until(lambda: {"type": "ack", "cid": "c", "seq": 40} in slow.sent)
    await until(lambda: slow.sent[-1].get("seq") == 40)
    seqs = [m["seq"] for m in slow.sent if m["type"] == "view"]
    assert seqs[0] == 1 and seqs[-1] == 40  # the first was in flight; the newest arrives
    assert len(seqs) <= 1 + 4  # everything between was dropped, not queued without bound
    assert {"type": "ack", "cid": "c", "seq": 40} in slow.sent  # acks are never dropped
    await conn.stop()


async def test_a_fast_socket_gets_every_view_in_order() -> None:
    fast = FastSocket()
    conn = Connection(fast, "ROOM22", None, limit=4)
    for seq in range(1, 4):
        conn.send_view(seq, "playing", view(seq))
        await asyncio.sleep(0)
    await until(lambda: len(fast.sent) == 3)
    assert [m["seq"] for m in fast.sent] == [1, 2, 3]
    await conn.stop()


async def test_a_socket_that_never_reads_is_closed_after_a_limit() -> None:
    dead = SlowSocket()
    conn = Connection(dead, "ROOM22", 1, limit=2)
    for seq in range(MAX_DROPS_IN_A_ROW + 10):
        conn.send_view(seq, "playing", view(seq))
    await until(lambda: dead.closed_with is not None)
    assert dead.closed_with == 1013
    await conn.stop()


async def test_close_after_sending_flushes_the_queue_first() -> None:
    fast = FastSocket()
    conn = Connection(fast, "ROOM22", 0, limit=4)
    conn.send({"type": "error", "code": "rate_limited", "message": "slow down"})
    conn.close_after_sending(1008, "rate limited")
    await until(lambda: fast.closed_with is not None)
    assert fast.sent[-1]["code"] == "rate_limited" and fast.closed_with == 1008
    await conn.stop()


async def test_presence_counts_other_instances_until_they_stop_telling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hub = Hub(instance="here")
    told = Message("presence", "ROOM22", 0, "there", 0.0, {"seats": [1], "spectators": 2})
    assert hub.heard(told)  # news: the phones here are told
    assert not hub.heard(told)  # the same again (a heartbeat): nothing to tell
    assert hub.presence("ROOM22", [0, 1], frozenset()) == {
        "type": "presence",
        "seats": [{"seat": 0, "connected": False}, {"seat": 1, "connected": True}],
        "spectators": 2,
    }
    assert hub.is_connected("ROOM22", 1) and not hub.is_connected("ROOM22", 0)
    # That instance was killed: after PRESENCE_FOR without a word, its sockets no longer count.
    later = time.monotonic() + PRESENCE_FOR + 1
    monkeypatch.setattr(hub_module.time, "monotonic", lambda: later)
    assert not hub.is_connected("ROOM22", 1)
    assert hub.presence("ROOM22", [0, 1], frozenset())["spectators"] == 0


async def test_a_broker_message_from_a_newer_instance_still_decodes() -> None:
    raw = b'{"kind":"state","room":"ROOM22","seq":3,"origin":"x","sent_at":1.0,"later":true}'
    assert Message.decode(raw) == Message("state", "ROOM22", 3, "x", 1.0)


async def test_a_push_sends_each_socket_its_own_view_once_and_never_an_older_one() -> None:
    hub = Hub(instance="here")
    phones = {seat: FastSocket() for seat in (0, 1, None)}
    conns = [hub.register(ws, "ROOM22", seat) for seat, ws in phones.items()]
    older = room()
    newer = room()
    newer.take(newer.step(0, {"type": "pick", "number": 3}, None, 5.0))
    hub.push(newer)
    hub.push(newer)  # the same seq again (a coalesced refresh): nothing new to send
    hub.push(older)  # a slow read finishing late: the phones keep the newer view
    await until(lambda: all(ws.sent for ws in phones.values()))
    for seat, ws in phones.items():
        assert [m["seq"] for m in ws.sent] == [1]
        assert ws.sent[0] == json.loads(newer.view_message(seat).encode())
    assert '"private":{"secret":3}' in json.dumps(phones[0].sent, separators=(",", ":"))
    assert '"secret":3' not in json.dumps(phones[1].sent + phones[None].sent, separators=(",", ":"))
    hub.push(newer, force=True)  # the seats changed, not the game: sent again
    await until(lambda: all(len(ws.sent) == 2 for ws in phones.values()))
    assert [len(ws.sent) for ws in phones.values()] == [2, 2, 2]
    for conn in conns:
        assert await hub.unregister(conn) == (conn is conns[-1])  # the last one out says so
    assert not hub.watched("ROOM22")


async def until(done: Callable[[], bool], seconds: float = 5.0) -> None:
    """Wait until `done()` holds or `seconds` have passed (the assertions after say which)."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        await asyncio.sleep(0.005)


async def test_phones_arriving_together_are_told_who_is_here_once_and_the_others_once() -> None:
    told: list[tuple[str, dict[str, object]]] = []

    async def announce(kind: str, code: str, seq: int, data: dict[str, object]) -> None:
        told.append((code, data))

    hub = Hub(instance="here", announce=announce)
    snap = room(players=4)
    phones = [FastSocket() for _ in range(4)]
    conns = []
    for seat, ws in enumerate(phones):  # the four phones of a match that starts
        conns.append(hub.register(ws, snap.code, seat))
        hub.send_presence(snap, announce=True)
    await until(lambda: all(ws.sent for ws in phones) and bool(told))
    everyone = [{"seat": s, "connected": True} for s in range(4)]
    for ws in phones:
        assert [m for m in ws.sent if m["type"] == "presence"] == [
            {"type": "presence", "seats": everyone, "spectators": 0}
        ]
    assert told == [(snap.code, {"seats": [0, 1, 2, 3], "spectators": 0})]
    await hub.unregister(conns[3])  # one leaves: the rest hear it, as it then stands
    hub.send_presence(snap)
    await until(lambda: len(phones[0].sent) == 2)
    assert phones[0].sent[-1]["seats"] == [*everyone[:3], {"seat": 3, "connected": False}]
    assert len(told) == 1  # without `announce` (news from another instance) nobody else is told
    for conn in conns[:3]:
        await conn.stop()

"""The opt-in delta form of views (README.md, "Beyond PROTOCOL.md"): a phone whose hello says
`"views": "delta"` holds, after applying every message as the README says, exactly the view a
v1 phone of the same seat holds; a v1 phone's messages are whole views, as before."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import pytest
import websockets

from app.games import registry
from app.rooms.connection import Connection
from app.rooms.deltas import DeltaPush, ViewParts
from app.rooms.views import LOG_KEEP, RoomSnapshot, SeatInfo
from tests.support.client import OPEN, Socket, auth, create_room, play
from tests.support.fresh_views import patch
from tests.support.server import RunningServer

pytestmark = pytest.mark.asyncio


class DeltaPhone:
    """A phone that asked for the delta form: every view it was sent, by seq, as it holds it."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.held: dict[str, Any] | None = None
        self.seq = -1
        self.seen: dict[int, dict[str, Any]] = {}
        self.raw: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, ws_url: str, code: str, token: str | None) -> DeltaPhone:
        phone = cls(await websockets.connect(f"{ws_url}/ws/{code}"))
        OPEN.append(phone)  # type: ignore[arg-type]  # closed after the test, as a Socket is
        hello: dict[str, Any] = {"type": "hello", "views": "delta"}
        if token is not None:
            hello["token"] = token
        await phone.ws.send(json.dumps(hello))
        return phone

    async def close(self) -> None:
        await self.ws.close()

    async def until(self, seq: int) -> None:
        while self.seq < seq:
            message = json.loads(await asyncio.wait_for(self.ws.recv(), 10))
            if message["type"] != "view":
                continue
            self.raw.append(message)
            if "base" in message:
                assert message["base"] == self.seq  # made against the view this phone holds
            self.held = patch(self.held, message)
            self.seq = message["seq"]
            self.seen[self.seq] = self.held


async def started(server: RunningServer, game: str, mode: str, players: int) -> list[str]:
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = await create_room(http, game=game, mode=mode)
        code, tokens = created["code"], [created["token"]]
        for i in range(1, players):
            joined = await http.post(f"/api/rooms/{code}/join", json={"name": f"Ödön {i}"})
            tokens.append(joined.json()["token"])
        response = await http.post(f"/api/rooms/{code}/start", headers=auth(tokens[0]))
        assert response.status_code == 200
    return [code, *tokens]


class Recording(Socket):
    """A v1 phone that keeps every view it was sent, by seq."""

    seen: dict[int, dict[str, Any]]

    async def next(self, timeout: float = 10.0) -> dict[str, Any]:
        message = await super().next(timeout)
        if message["type"] == "view":
            assert "base" not in message  # v1: whole views, never anything else
            self.seen = getattr(self, "seen", {})
            self.seen[message["seq"]] = message["view"]
        return message


async def test_a_delta_phone_holds_the_v1_view_at_every_seq(server: RunningServer) -> None:
    code, *tokens = await started(server, "tiny", "race", 2)
    v1 = {seat: await Recording.open(server.ws_url, code, t) for seat, t in enumerate(tokens)}
    watcher = await Recording.open(server.ws_url, code)
    deltas = [await DeltaPhone.open(server.ws_url, code, t) for t in [*tokens, None]]
    last = await play(v1)  # the v1 seats play the whole match
    seq = max(s.seq for s in v1.values())
    assert last["status"] == "finished"
    while watcher.seq < seq:
        await watcher.next()
    for phone in deltas:
        await phone.until(seq)
    for phone, socket in zip(deltas, [*v1.values(), watcher], strict=True):
        common = set(phone.seen) & set(socket.seen)
        assert seq in common and len(common) > seq // 2
        for at in common:
            assert phone.seen[at] == socket.seen[at], at
    # The first view is whole; after it, each is a delta of the one before.
    sent = deltas[0].raw
    assert "base" not in sent[0] and all("base" in m for m in sent[1:])


@pytest.mark.parametrize(("mode", "players"), [("drukker", 4), ("bukmeker", 3), ("drukker", 6)])
async def test_focifogadas_deltas_rebuild_every_whole_view_of_a_match(
    mode: str, players: int
) -> None:
    """Every seat's and a spectator's deltas over a whole random match, applied, give the v1
    view at every seq: bets changing status, cards shown, a log longer than a view keeps."""
    game = registry.get("focifogadas")
    assert game is not None
    seats = [SeatInfo(i, f"Ödön {i}", False) for i in range(players)]
    state = game.new(mode, {}, players, 7)
    snap = RoomSnapshot("ABCDEF", 1, game, mode, {}, "playing", seats, 0, "h", state)
    rng = random.Random(7)
    held: dict[int | None, dict[str, Any]] = {}
    bases: dict[int | None, ViewParts] = {}
    sizes = {"delta": 0, "whole": 0}
    reused = 0  # private parts the engine handed again unchanged, their encoding kept
    reused_public = 0  # public members the same, their encoding kept
    while True:
        push = DeltaPush(snap.seq)
        for seat in [None, *range(players)]:
            whole = json.loads(snap.view_message(seat))
            base = bases.get(seat)
            parts = push.parts(snap.view(seat), base)
            reused += (
                base is not None and parts.private is not None and parts.private is base.private
            )
            if base is not None and base.seq < parts.seq:
                reused_public += sum(v is base.public.get(k) for k, v in parts.public.items())
            message = json.loads(push.whole(parts) if base is None else push.delta(parts, base))
            held[seat] = patch(held.get(seat), message)
            assert held[seat] == whole["view"], (seat, snap.seq)
            assert json.loads(push.whole(parts)) == whole
            if base is not None:
                sizes["delta"] += len(json.dumps(message))
                sizes["whole"] += len(json.dumps(whole))
            bases[seat] = parts
        if snap.status == "finished":
            break
        seat = min(snap.to_act())
        snap.take(snap.step(seat, rng.choice(game.legal_actions(snap.state, seat)), None, 0.0))
    assert len(held[None]["log"]) == LOG_KEEP  # the log went past what a view keeps
    assert sizes["delta"] < sizes["whole"] / 3
    if mode == "drukker":  # its seats' parts are shared by the steps that leave them be
        assert reused > 0
        assert reused_public > 0  # and so are its players and shown bets


class Stalled:
    """A socket whose first send never completes: everything after it stays queued."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.blocked = asyncio.Event()

    async def send_text(self, data: str) -> None:
        self.sent.append(data)
        await self.blocked.wait()

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


async def test_a_delta_phone_whose_queued_views_are_dropped_gets_the_next_one_whole() -> None:
    ws = Stalled()
    conn = Connection(ws, "ABCDEF", 0, 2, delta=True)

    def view(seq: int) -> dict[str, Any]:
        log = [{"seq": s, "event": "tick"} for s in range(1, seq + 1)]
        public = {"n": seq, "fixed": "same"}
        fixed = {"game": "tiny", "mode": "race", "you": 0}
        return fixed | {"status": "playing", "public": public, "private": None, "log": log}

    class Snap:  # what `send_room` reads of a room at one seq
        def __init__(self, seq: int) -> None:
            self.seq, self.status = seq, "playing"

        def view(self, seat: int | None) -> dict[str, Any]:
            return view(self.seq)

    sent = []
    for seq in range(1, 6):
        conn.send_room(Snap(seq))  # type: ignore[arg-type]
        sent.append(conn._queue[-1][1])
        await asyncio.sleep(0)  # the writer takes the first and stalls on it
    kinds = ["base" in json.loads(text) for text in sent]
    # seq 1 whole; 2, 3 deltas queued; 4 finds the queue full: 2 and 3 dropped, 4 whole.
    assert kinds == [False, True, True, False, True]
    assert [json.loads(text)["seq"] for _, text in conn._queue] == [4, 5]
    ws.blocked.set()
    await conn.stop()

"""FAST_WIRE (app/fast/wire.py) changes how a socket is written, never what a phone receives:
the same match, on a server with it, sends every phone the same messages in the same order
as the plain path (every message through ASGI), which is the reference."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.db.migrate import upgrade
from app.fast.wire import Wire
from app.rooms.commands import lobby
from tests.support.client import Socket, auth, create_room
from tests.support.server import start_server

pytestmark = pytest.mark.asyncio

MOVES = 12


async def a_match(tmp_path: Path, fast_wire: bool) -> list[list[Any]]:
    """Each phone's messages (views, acks and errors; presence comes as the sockets
    settle) over a tiny match's first `MOVES` moves, codes and tokens by name."""
    url = f"sqlite+aiosqlite:///{tmp_path / f'{fast_wire}.db'}"
    upgrade(url)
    # No odds: they are priced beside the moves, and when they land would differ by run.
    running = start_server(url, fast_wire=fast_wire, odds_sims=0)
    try:
        async with httpx.AsyncClient(base_url=running.url) as http:
            created = await create_room(http)
            code, tokens = created["code"], [created["token"]]
            joined = await http.post(f"/api/rooms/{code}/join", json={"name": "P1"})
            tokens.append(joined.json()["token"])
            started = await http.post(f"/api/rooms/{code}/start", headers=auth(tokens[0]))
            assert started.status_code == 200
        phones = [await Socket.open(running.ws_url, code, t) for t in tokens]
        heard: list[list[Any]] = [[], []]

        async def until_seq(seq: int) -> None:
            for phone, inbox in zip(phones, heard, strict=True):
                while phone.seq < seq:
                    message = await phone.next()
                    if message["type"] != "presence":
                        inbox.append(message)

        await until_seq(0)
        for move in range(MOVES):
            view = phones[0].latest_view
            assert view is not None
            if view["status"] == "finished":
                break
            seat = min(view["to_act"])
            legal = phones[seat].latest_view["legal"]  # type: ignore[index]
            await phones[seat].send({"type": "act", "cid": f"m{move}", "action": legal[0]})
            await until_seq(move + 1)
        for phone in phones:
            await phone.close()
    finally:
        running.stop()
    text = json.dumps(heard)
    for name, value in (("CODE", code), ("T0", tokens[0]), ("T1", tokens[1])):
        text = text.replace(value, name)
    heard = json.loads(text)
    return heard


async def test_the_wire_sends_what_the_plain_path_sends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lobby, "new_seed", lambda: 42)  # the same match every time
    writes: list[int] = []  # messages per write() of frames (the server runs in this process)
    write = Wire.write

    def counted(self: Wire, texts: list[str | bytes]) -> bool:
        writes.append(len(texts))
        return write(self, texts)

    monkeypatch.setattr(Wire, "write", counted)
    plain = await a_match(tmp_path, False)
    assert len(plain[0]) > MOVES and len(plain[1]) > MOVES
    assert writes == []  # the reference: every message through ASGI
    assert await a_match(tmp_path, True) == plain
    assert sum(writes) >= sum(map(len, plain))  # … and here every one as frames

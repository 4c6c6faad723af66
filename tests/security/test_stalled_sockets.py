"""Sockets that never read: cut off within the send timeout (here 1 s, 10 s by default),
whatever the writer is doing, and no more than SOCKETS_PER_ADDRESS from one address."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bench.attacks.probes import held_by, non_reading_socket
from tests.support.client import auth
from tests.support.server import ServerProcess

pytestmark = pytest.mark.asyncio


@pytest.fixture
def process(tmp_path: Path) -> Iterator[ServerProcess]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'pitchside.db'}"
    server = ServerProcess.start(
        url, SEND_TIMEOUT="1", SOCKET_SEND_BUFFER="8192", SOCKETS_PER_ADDRESS="20"
    )
    yield server
    server.stop()


async def test_twenty_sockets_that_never_read_are_cut_off(process: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=process.url) as http:
        created = (
            await http.post(
                "/api/rooms", json={"game": "focifogadas", "mode": "drukker", "name": "A"}
            )
        ).json()
        code, host = created["code"], auth(created["token"])
        for _ in range(3):
            await http.post(f"/api/rooms/{code}/bots", headers=host)
        clients = [non_reading_socket("127.0.0.1", process.port, code) for _ in range(20)]
        try:
            # One more from this address is one too many.
            with pytest.raises(AssertionError, match="403"):
                non_reading_socket("127.0.0.1", process.port, code)
            assert held_by(process.process.pid, clients) == 20
            # The bots play the match: every view goes to twenty phones that never read.
            await http.post(f"/api/rooms/{code}/start", headers=host)
            await http.post(f"/api/rooms/{code}/seats/0/away", json={"away": True}, headers=host)
            started = time.monotonic()
            while held_by(process.process.pid, clients) and time.monotonic() - started < 30:
                await asyncio.sleep(0.1)
            released = time.monotonic() - started
            assert held_by(process.process.pid, clients) == 0, "still held after 30 s"
            metrics = (await http.get("/metrics")).text
            assert "pitchside_sockets 0.0" in metrics
            info = (await http.get(f"/api/rooms/{code}")).json()
            assert info["spectators"] == 0
            print(f"20 non-reading sockets released {released:.1f} s after the match began")
        finally:
            for s in clients:
                s.close()
        # The address may open sockets again.
        again = non_reading_socket("127.0.0.1", process.port, code)
        again.close()

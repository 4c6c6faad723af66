"""Issue 37's crew, name and small-input probes against one server on a fresh SQLite file,
each as a figure (run it from a checkout: the figures are that checkout's):

    .venv/bin/python -m bench.attacks.crew_probes

A tiny-race night is played over the WebSocket with the tests' helpers (tests/support)."""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any

import httpx

from app.db.migrate import upgrade
from app.games import registry
from tests.support.client import Socket, auth, play
from tests.support.server import RunningServer, start_server
from tests.support.tiny import TINY

INVISIBLE = ["Alice\u034f", "Ali\u200dce", "\u3164", "\u2800", "\ufe0fAlice", "\u0301\u0301"]
LOOKALIKES = ["\u0410lice", "\uff21\uff4c\uff49\uff43\uff45", "ALICE", "Al\u0456ce", "alice"]


async def crew(http: httpx.AsyncClient, *names: str) -> tuple[str, list[str]]:
    made = (await http.post("/api/crews", json={"name": "Thursday", "member": names[0]})).json()
    tokens = [made["token"]]
    for name in names[1:]:
        joined = await http.post(f"/api/crews/{made['code']}/join", json={"name": name})
        tokens.append(joined.json()["token"])
    return made["code"], tokens


async def night(
    server: RunningServer, http: httpx.AsyncClient, code: str, tokens: list[str], bot: bool
) -> tuple[str, list[str]]:
    """A crew room of these members (and a bot), played to the end; (room, seat tokens)."""
    body = {"game": "tiny", "mode": "race", "crew": code}
    room = (await http.post("/api/rooms", json=body, headers=auth(tokens[0]))).json()
    seats = [room["token"]]
    for token in tokens[1:]:
        joined = await http.post(f"/api/rooms/{room['code']}/join", json={}, headers=auth(token))
        seats.append(joined.json()["token"])
    if bot:
        await http.post(f"/api/rooms/{room['code']}/bots", headers=auth(room["token"]))
    await http.post(f"/api/rooms/{room['code']}/start", headers=auth(room["token"]))
    await finish(server, room["code"], seats)
    return room["code"], seats


async def finish(server: RunningServer, code: str, seats: list[str]) -> None:
    sockets = {s: await Socket.open(server.ws_url, code, t) for s, t in enumerate(seats)}
    await play(sockets)
    for socket in sockets.values():
        await socket.close()


def nights_of(body: dict[str, Any], name: str) -> int:
    return next((r["nights"] for r in body["standings"] if r["name"] == name), 0)


async def probes(server: RunningServer) -> dict[str, Any]:
    out: dict[str, Any] = {}
    async with httpx.AsyncClient(base_url=server.url) as http:
        code, tokens = await crew(http, "Anna", "Bence", "Csaba")
        room, seats = await night(server, http, code, [tokens[0], tokens[2]], bot=False)
        public = [
            (await http.get(f"/api/rooms/{room}")).text,
            (await http.get("/api/matches/recent?limit=50")).text,
        ]
        out["public answers showing the crew code (room, recent)"] = sum(code in t for t in public)
        await http.delete(f"/api/crews/{code}/members/2", headers=auth(tokens[0]))
        hello = await Socket.open(server.ws_url, room, seats[1])
        first = await hello.next()
        out["removed member's seat token, socket answer"] = first.get("code") or first["type"]
        again = (await http.post(f"/api/rooms/{room}/rematch", headers=auth(seats[0]))).json()
        await http.post(
            f"/api/rooms/{again['code']}/seats/1/away", json={"away": True}, headers=auth(seats[0])
        )
        await finish(server, again["code"], [seats[0]])
        body = (await http.get(f"/api/crews/{code}")).json()
        out["removed member's nights (1 before removal, 1 rematch after)"] = nights_of(
            body, "Csaba"
        )
        alone_code, alone = await crew(http, "Dora")
        await night(server, http, alone_code, alone, bot=True)
        body = (await http.get(f"/api/crews/{alone_code}")).json()
        out["counted nights of one member against a bot"] = nights_of(body, "Dora")
        big, _ = await crew(http, "Member 0")
        joins = [
            (await http.post(f"/api/crews/{big}/join", json={"name": f"M{n}"})).status_code
            for n in range(1, 60)
        ]
        out["members after 59 joins"] = 1 + joins.count(201)
        names, _ = await crew(http, "Alice")
        tried = [
            (await http.post(f"/api/crews/{names}/join", json={"name": n})).status_code
            for n in INVISIBLE + LOOKALIKES
        ]
        out[f"of {len(tried)} invisible/lookalike names, accepted"] = tried.count(201)
        deep = b"[" * 1500 + b"]" * 1500
        out["deep JSON on create, join (status, content type)"] = [
            (r.status_code, r.headers["content-type"].split(";")[0])
            for r in [
                await http.post(
                    "/api/rooms", content=deep, headers={"content-type": "application/json"}
                ),
                await http.post(
                    f"/api/rooms/{room}/join",
                    content=deep,
                    headers={"content-type": "application/json"},
                ),
            ]
        ]
        out["HEAD on /, /healthz, /api/rooms/{code}, /api/crews/{code}"] = [
            (await http.head(p)).status_code
            for p in ("/", "/healthz", f"/api/rooms/{room}", f"/api/crews/{code}")
        ]
        out["member 1.0 removed (status)"] = (
            await http.delete(f"/api/crews/{code}/members/1.0", headers=auth(tokens[0]))
        ).status_code
        out["?season=0 (status)"] = (await http.get(f"/api/crews/{code}?season=0")).status_code
        reads = [(await http.get(f"/api/crews/{code}")).status_code for _ in range(700)]
        out["crew reads refused of 700 in a row"] = reads.count(429)
    return out


async def rematch_and_nan(server: RunningServer) -> dict[str, Any]:
    out: dict[str, Any] = {}
    async with httpx.AsyncClient(base_url=server.url) as http:
        made = (
            await http.post("/api/rooms", json={"game": "tiny", "mode": "race", "name": "Anna"})
        ).json()
        code = made["code"]
        joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})).json()
        await http.post(f"/api/rooms/{code}/start", headers=auth(made["token"]))
        seat = await Socket.open(server.ws_url, code, made["token"])
        await seat.view_where(lambda v: True)
        await seat.send('{"type":"act","cid":"n1","action":{"type":"pick","number":NaN}}')
        out["act with NaN, answer"] = (await seat.expect("error"))["code"]
        await seat.close()
        spectator = await Socket.open(server.ws_url, code)
        await finish(server, code, [made["token"], joined["token"]])
        await http.post(f"/api/rooms/{code}/rematch", headers=auth(made["token"]))
        await spectator.send({"type": "ping"})
        await spectator.expect("pong")
        out["spectator told the rematch code"] = any(
            m["type"] == "rematch" for m in spectator.inbox
        )
    return out


async def main() -> None:
    registry.register(TINY)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'probe.db'}"
        upgrade(url)
        server = await asyncio.to_thread(
            start_server, url, http_rate_per_minute=100_000, rate_per_second=10_000
        )
        try:
            figures = await probes(server) | await rematch_and_nan(server)
        finally:
            await asyncio.to_thread(server.stop)
    for name, value in figures.items():
        print(f"{name}: {json.dumps(value)}")


if __name__ == "__main__":
    asyncio.run(main())

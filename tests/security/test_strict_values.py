"""Attacks with values outside docs/PROTOCOL.md's formats: each gets a 4xx (never a 5xx, never a
fake outage) and changes nothing."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
import websockets

from tests.api.test_ws import play_to_the_end, started_room
from tests.support.client import Socket, auth, create_room
from tests.support.server import RunningServer

pytestmark = pytest.mark.asyncio


@pytest.fixture
async def http(server: RunningServer) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as client:
        yield client


def db_errors(metrics: str) -> float:
    found = re.search(r"^pitchside_db_errors_total (\S+)$", metrics, re.M)
    return float(found.group(1)) if found else 0.0


async def rooms(http: httpx.AsyncClient) -> float:
    metrics = (await http.get("/metrics")).text
    return sum(
        float(n) for n in re.findall(r'^pitchside_rooms\{status="\w+"\} (\S+)$', metrics, re.M)
    )


async def lobby_of(http: httpx.AsyncClient, players: int, **body: Any) -> tuple[str, list[str]]:
    created = (await http.post("/api/rooms", json=body)).json()
    code, tokens = created["code"], [created["token"]]
    for i in range(1, players):
        tokens.append(
            (await http.post(f"/api/rooms/{code}/join", json={"name": f"P{i}"})).json()["token"]
        )
    return code, tokens


@pytest.mark.parametrize(
    "path",
    [
        "/api/rooms/{bad}",
        "/api/rooms/{bad}/replay",
        "/api/rooms/{bad}/replay/1",
        "/r/{bad}/qr.svg",
    ],
)
@pytest.mark.parametrize("bad", ["abcdef", "ABCDE0", "ABCDEFG", "Q" * 2900])
async def test_a_malformed_room_code_is_404_before_any_work(
    http: httpx.AsyncClient, path: str, bad: str
) -> None:
    answer = await http.get(path.format(bad=bad))
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"


async def raw_post(server: RunningServer, head: bytes, body: bytes) -> tuple[int, bytes]:
    """POST /api/rooms by hand, as an attacker would: the status and body of the answer, read
    as soon as the server gives it (it need not read a refused body to its end)."""
    port = int(server.url.rsplit(":", 1)[1])
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(b"POST /api/rooms HTTP/1.1\r\nHost: x\r\n" + head + b"\r\n" + body)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(4096), 5)
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    status = int(answer.split(b" ", 2)[1])
    return status, answer.split(b"\r\n\r\n", 1)[1]


async def test_a_16_mb_body_is_refused_413_and_makes_no_room(
    http: httpx.AsyncClient, server: RunningServer
) -> None:
    before = await rooms(http)
    name = b"x" * (16 * 1024 * 1024)
    body = b'{"game":"focifogadas","mode":"live","name":"A","options":{"home_name":"%s"}}' % name
    head = b"Content-Type: application/json\r\nContent-Length: %d\r\n" % len(body)
    status, answer = await raw_post(server, head, body[:65536])
    assert status == 413 and json.loads(answer)["error"]["code"] == "too_large"
    # Without a Content-Length (chunked), the body is counted as it comes.
    chunk = b"%x\r\n%s\r\n" % (65536, b"y" * 65536)
    start = b'{"game":"tiny","mode":"race","name":"'
    chunked = b"%x\r\n%s\r\n" % (len(start), start) + chunk * 2
    status, answer = await raw_post(server, b"Transfer-Encoding: chunked\r\n", chunked)
    assert status == 413
    assert await rooms(http) == before
    small = await http.post("/api/rooms", json={"game": "tiny", "mode": "race", "name": "A"})
    assert small.status_code == 201  # an ordinary body still goes through


@pytest.mark.parametrize(
    ("game", "mode", "options"),
    [
        ("duel", "match", {"copies": 3.0}),
        ("duel", "match", {"halves": True}),
        ("duel", "match", {"copies": "3"}),
        ("focifogadas", "live", {"scorer_seat": -1}),
        ("focifogadas", "live", {"scorer_seat": 6}),
        ("focifogadas", "live", {"scorer_seat": 1.0}),
        ("focifogadas", "live", {"home_name": "x" * 25}),
        ("focifogadas", "live", {"home_name": "   "}),
        ("focifogadas", "live", {"away_name": "tab\there"}),
        ("hattrick", "match", {"knockout": 1}),
        ("tiny", "race", {"turn_seconds": 30.0}),
    ],
)
async def test_option_values_are_checked_as_json_types(
    http: httpx.AsyncClient, game: str, mode: str, options: dict[str, Any]
) -> None:
    created = await http.post(
        "/api/rooms", json={"game": game, "mode": mode, "name": "A", "options": options}
    )
    assert created.status_code == 400, created.text
    assert created.json()["error"]["code"] == "bad_options"
    # and the same value through the lobby's PATCH changes nothing
    room = await create_room(http, game=game, mode=mode)
    before = (await http.get(f"/api/rooms/{room['code']}")).json()["options"]
    options = {k: v for k, v in options.items() if k != "turn_seconds"} or {"target": 5.0}
    patched = await http.patch(
        f"/api/rooms/{room['code']}/options", json=options, headers=auth(room["token"])
    )
    assert patched.status_code == 400 and patched.json()["error"]["code"] == "bad_options"
    assert (await http.get(f"/api/rooms/{room['code']}")).json()["options"] == before


async def test_team_names_are_trimmed_and_bounded_like_player_names(
    http: httpx.AsyncClient,
) -> None:
    room = await create_room(http, game="focifogadas", mode="live", home_name="  Ferencváros ")
    options = (await http.get(f"/api/rooms/{room['code']}")).json()["options"]
    assert options["home_name"] == "Ferencváros"


async def test_a_scorer_seat_the_table_lacks_is_refused_at_start_not_a_500(
    http: httpx.AsyncClient,
) -> None:
    code, tokens = await lobby_of(
        http, 3, game="focifogadas", mode="live", name="A", options={"scorer_seat": 5}
    )
    started = await http.post(f"/api/rooms/{code}/start", headers=auth(tokens[0]))
    assert started.status_code == 400 and started.json()["error"]["code"] == "bad_options"
    assert (await http.get(f"/api/rooms/{code}")).json()["status"] == "lobby"


@pytest.mark.parametrize("seat", ["99999999999", "-1", "64", "1.5", "one"])
async def test_seat_numbers_are_bounded_and_no_fake_outage_is_counted(
    http: httpx.AsyncClient, seat: str
) -> None:
    code, tokens = await lobby_of(http, 2, game="tiny", mode="race", name="A")
    await http.post(f"/api/rooms/{code}/start", headers=auth(tokens[0]))
    errors = db_errors((await http.get("/metrics")).text)
    answer = await http.post(
        f"/api/rooms/{code}/seats/{seat}/away", json={"away": True}, headers=auth(tokens[0])
    )
    assert 400 <= answer.status_code < 500, answer.text
    removed = await http.delete(f"/api/rooms/{code}/seats/{seat}", headers=auth(tokens[0]))
    assert 400 <= removed.status_code < 500, removed.text
    assert db_errors((await http.get("/metrics")).text) == errors
    assert (await http.get(f"/api/rooms/{code}")).json()["seats"][1]["away"] is False


@pytest.mark.parametrize(
    "body",
    [
        {"game": "tiny", "mode": "race", "name": 5},
        {"game": ["tiny"], "mode": "race", "name": "A"},
        {"game": "tiny", "mode": "race", "name": "A", "options": {"target": [5]}},
        {"game": "tiny", "mode": "race", "name": "A", "options": "target=5"},
        {"game": "t" * 65, "mode": "race", "name": "A"},
    ],
)
async def test_bodies_are_parsed_strictly(http: httpx.AsyncClient, body: dict[str, Any]) -> None:
    answer = await http.post("/api/rooms", json=body)
    assert 400 <= answer.status_code < 500, answer.text


async def test_away_takes_a_json_bool_only(http: httpx.AsyncClient) -> None:
    code, tokens = await lobby_of(http, 2, game="tiny", mode="race", name="A")
    await http.post(f"/api/rooms/{code}/start", headers=auth(tokens[0]))
    for away in ("yes", 1, "true"):
        answer = await http.post(
            f"/api/rooms/{code}/seats/1/away", json={"away": away}, headers=auth(tokens[0])
        )
        assert answer.status_code == 422, away
    assert (await http.get(f"/api/rooms/{code}")).json()["seats"][1]["away"] is False


async def test_an_action_matches_legal_by_json_type_and_is_logged_verbatim(
    http: httpx.AsyncClient, server: RunningServer
) -> None:
    code, tokens = await lobby_of(
        http, 2, game="tiny", mode="race", name="A", options={"target": 5}
    )
    await http.post(f"/api/rooms/{code}/start", headers=auth(tokens[0]))
    a = await Socket.open(server.ws_url, code, tokens[0])
    b = await Socket.open(server.ws_url, code, tokens[1])
    await a.view_where(lambda v: bool(v["legal"]))
    await b.view_where(lambda v: bool(v["legal"]))
    for fake in (1.0, True, "1"):
        answer = await a.act({"type": "pick", "number": fake}, cid=f"fake-{fake}")
        assert answer["type"] == "error" and answer["code"] == "illegal_action"
        assert answer["cid"] == f"fake-{fake}"
    # The same action with its keys in another order is legal, and logged as legal has it.
    await a.send('{"type":"act","cid":"reordered","action":{"number":1,"type":"pick"}}')
    assert (await a.expect("ack"))["seq"] == 1
    assert (await b.act({"type": "pick", "number": 2}))["type"] == "ack"
    await a.close()
    await b.close()
    await play_to_the_end(server, code, tokens)
    replay = (await http.get(f"/api/rooms/{code}/replay")).json()
    first = replay["actions"][0]
    assert json.dumps(first["action"]) == json.dumps({"type": "pick", "number": 1})


async def test_rematch_code_is_shown_only_to_the_rooms_seats(
    http: httpx.AsyncClient, server: RunningServer
) -> None:
    code, tokens = await started_room(server)
    await play_to_the_end(server, code, tokens)
    rematch = await http.post(f"/api/rooms/{code}/rematch", headers=auth(tokens[0]))
    assert rematch.status_code == 201
    stranger = (await http.get(f"/api/rooms/{code}")).json()
    assert "rematch_code" not in stranger or stranger["rematch_code"] is None
    forged = (await http.get(f"/api/rooms/{code}", headers=auth("forged"))).json()
    assert forged.get("rematch_code") is None
    seated = (await http.get(f"/api/rooms/{code}", headers=auth(tokens[1]))).json()
    assert seated["rematch_code"] == rematch.json()["code"]


async def test_pages_and_answers_carry_security_headers(http: httpx.AsyncClient) -> None:
    room = await create_room(http)
    for path in ("/", "/history", f"/r/{room['code']}", "/api/games", "/static/js/app.js"):
        headers = (await http.get(path)).headers
        csp = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, path
        assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"
    page = (await http.get("/")).text
    assert not re.search(r"<script(?![^>]*\bsrc=)", page), "an inline script the CSP refuses"


async def test_swagger_is_off_by_default(http: httpx.AsyncClient) -> None:
    assert (await http.get("/docs")).status_code == 404
    assert (await http.get("/redoc")).status_code == 404


async def test_socket_frames_between_8_and_64_kib_get_bad_message_above_close_1009(
    http: httpx.AsyncClient, server: RunningServer
) -> None:
    room = await create_room(http)
    ws = await websockets.connect(f"{server.ws_url}/ws/{room['code']}", max_size=None)
    await ws.send(json.dumps({"type": "hello"}))
    assert json.loads(await ws.recv())["type"] == "view"
    await ws.send(json.dumps({"type": "act", "cid": "big", "action": {"x": "y" * 30_000}}))
    while (answer := json.loads(await ws.recv()))["type"] != "error":
        pass
    assert answer["code"] == "bad_message" and answer["cid"] == "big"
    with pytest.raises(websockets.ConnectionClosed) as closed:
        # the server may close while the frame is still being written: the send itself raises
        await ws.send("x" * (1024 * 1024))
        while True:
            await ws.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


async def test_every_error_answering_an_act_carries_its_cid(server: RunningServer) -> None:
    code, tokens = await started_room(server)
    a = await Socket.open(server.ws_url, code, tokens[0])
    await a.view_where(lambda v: True)
    cases = [
        {"type": "act", "cid": "no-action"},
        {"type": "act", "cid": "not-an-object", "action": [1]},
        {"type": "act", "cid": "server:clock-1-0", "action": {"type": "pick", "number": 1}},
    ]
    for message in cases:
        await a.send(message)
        answer = await a.expect("error")
        assert answer["code"] == "bad_message" and answer["cid"] == message["cid"]
    for i in range(40):  # a flood: the acts refused for the rate name their cids
        await a.send({"type": "act", "cid": f"flood-{i}", "action": {"type": "nope"}})
    limited = []
    with pytest.raises(websockets.ConnectionClosed):
        while True:
            answer = await a.next(timeout=5)
            if answer.get("code") == "rate_limited":
                limited.append(answer["cid"])
    assert limited and all(c.startswith("flood-") for c in limited)

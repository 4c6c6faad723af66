"""Every HTTP endpoint and error code of docs/PROTOCOL.md, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import hashlib
import time
from typing import Any

import httpx
import pytest

from app.rooms.commands.codes import ALPHABET
from tests.support.client import auth, create_room
from tests.support.server import RunningServer

pytestmark = pytest.mark.asyncio


@pytest.fixture
async def http(server: RunningServer) -> Any:
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as client:
        yield client


def assert_error(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]


async def room(http: httpx.AsyncClient, code: str) -> dict[str, Any]:
    response = await http.get(f"/api/rooms/{code}")
    assert response.status_code == 200
    return dict(response.json())


async def test_games_lists_registered_games_with_modes_and_defaults(
    http: httpx.AsyncClient,
) -> None:
    games = {g["id"]: g for g in (await http.get("/api/games")).json()}
    tiny = games["tiny"]
    assert tiny["name"] == {"en": "Tiny race", "hu": "Kis verseny", "da": "Lille løb"}
    assert tiny["modes"] == [
        {
            "id": "race",
            "min_players": 2,
            "max_players": 4,
            "options": {"target": 10, "turn_seconds": 0},
        }
    ]


async def test_create_room_makes_the_creator_host_in_seat_zero(http: httpx.AsyncClient) -> None:
    created = await create_room(http, name="  Anna  ")
    code = created["code"]
    assert len(code) == 6 and set(code) <= set(ALPHABET)
    assert created["url"] == f"/r/{code}" and created["seat"] == 0 and created["token"]
    info = await room(http, code)
    assert info["status"] == "lobby" and info["seq"] == 0 and info["spectators"] == 0
    assert info["seats"] == [
        {"seat": 0, "name": "Anna", "bot": False, "connected": False, "away": False}
    ]
    assert info["options"] == {"target": 10, "turn_seconds": 0}
    assert len(info["seed_hash"]) == 64


async def test_options_overlay_the_defaults(http: httpx.AsyncClient) -> None:
    created = await create_room(http, target=5)
    assert (await room(http, created["code"]))["options"] == {"target": 5, "turn_seconds": 0}


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "chess", "mode": "race", "name": "A"}, 400, "unknown_game"),
        ({"game": "tiny", "mode": "blitz", "name": "A"}, 400, "unknown_mode"),
        (
            {"game": "tiny", "mode": "race", "name": "A", "options": {"target": 7}},
            400,
            "bad_options",
        ),
        (
            {"game": "tiny", "mode": "race", "name": "A", "options": {"speed": 1}},
            400,
            "bad_options",
        ),
        ({"game": "tiny", "mode": "race", "name": "   "}, 400, "bad_name"),
        ({"game": "tiny", "mode": "race", "name": "x" * 25}, 400, "bad_name"),
        ({"game": "tiny", "mode": "race", "name": "a\u0000b"}, 400, "bad_name"),
        ({"game": "tiny", "mode": "race"}, 422, "invalid"),
        ({"game": "tiny", "mode": "race", "name": 5}, 422, "invalid"),
    ],
)
async def test_bad_room_creation_is_refused(
    http: httpx.AsyncClient, body: dict[str, Any], status: int, code: str
) -> None:
    assert_error(await http.post("/api/rooms", json=body), status, code)


async def test_malformed_json_is_a_400(http: httpx.AsyncClient) -> None:
    response = await http.post(
        "/api/rooms", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert_error(response, 400, "bad_json")


async def test_a_24_character_name_is_fine(http: httpx.AsyncClient) -> None:
    created = await create_room(http, name="x" * 24)
    assert (await room(http, created["code"]))["seats"][0]["name"] == "x" * 24


async def test_unknown_rooms_are_404(http: httpx.AsyncClient) -> None:
    assert_error(await http.get("/api/rooms/ZZZZZZ"), 404, "not_found")
    assert_error(await http.get("/api/rooms/zz"), 404, "not_found")
    assert_error(await http.post("/api/rooms/ZZZZZZ/join", json={"name": "B"}), 404, "not_found")
    assert_error(await http.get("/api/rooms/ZZZZZZ/replay"), 404, "not_found")


async def test_join_takes_the_next_seat_until_full(http: httpx.AsyncClient) -> None:
    created = await create_room(http)
    code = created["code"]
    seats = []
    for name in ("Bence", "Csilla", "Dóra"):
        response = await http.post(f"/api/rooms/{code}/join", json={"name": name})
        assert response.status_code == 201
        seats.append(response.json()["seat"])
        assert response.json()["token"] not in (created["token"],)
    assert seats == [1, 2, 3]
    assert_error(
        await http.post(f"/api/rooms/{code}/join", json={"name": "Emil"}), 409, "room_full"
    )
    assert [s["name"] for s in (await room(http, code))["seats"]] == [
        "Anna",
        "Bence",
        "Csilla",
        "Dóra",
    ]


async def test_bad_join_changes_nothing(http: httpx.AsyncClient) -> None:
    code = (await create_room(http))["code"]
    before = await room(http, code)
    assert_error(await http.post(f"/api/rooms/{code}/join", json={"name": ""}), 400, "bad_name")
    assert_error(await http.post(f"/api/rooms/{code}/join", json={}), 422, "invalid")
    assert await room(http, code) == before


async def test_only_the_host_adds_bots_and_starts(http: httpx.AsyncClient) -> None:
    created = await create_room(http)
    code = created["code"]
    guest = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})).json()
    assert_error(await http.post(f"/api/rooms/{code}/bots"), 401, "bad_token")
    assert_error(
        await http.post(f"/api/rooms/{code}/bots", headers=auth("nonsense")), 401, "bad_token"
    )
    assert_error(
        await http.post(f"/api/rooms/{code}/bots", headers=auth(guest["token"])), 403, "not_host"
    )
    assert_error(await http.post(f"/api/rooms/{code}/start"), 401, "bad_token")
    assert_error(
        await http.post(f"/api/rooms/{code}/start", headers=auth(guest["token"])), 403, "not_host"
    )
    bot = await http.post(f"/api/rooms/{code}/bots", headers=auth(created["token"]))
    assert bot.status_code == 201 and bot.json() == {"seat": 2}
    seats = (await room(http, code))["seats"]
    assert seats[2]["bot"] is True and seats[2]["connected"] is True
    assert (
        await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
    ).status_code == 200
    assert (await room(http, code))["status"] == "playing"
    assert_error(
        await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"])),
        409,
        "already_started",
    )
    assert_error(
        await http.post(f"/api/rooms/{code}/join", json={"name": "Late"}), 409, "already_started"
    )
    assert_error(
        await http.post(f"/api/rooms/{code}/bots", headers=auth(created["token"])),
        409,
        "already_started",
    )


async def test_a_game_without_a_bot_answers_no_bot(http: httpx.AsyncClient) -> None:
    created = await create_room(http, game="tinynobot")
    code = created["code"]
    assert_error(
        await http.post(f"/api/rooms/{code}/bots", headers=auth(created["token"])), 409, "no_bot"
    )
    assert len((await room(http, code))["seats"]) == 1


async def test_start_needs_the_modes_player_range(http: httpx.AsyncClient) -> None:
    created = await create_room(http)
    code = created["code"]
    response = await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
    assert_error(response, 409, "player_count")
    assert "2" in response.json()["error"]["message"]
    assert (await room(http, code))["status"] == "lobby"


async def test_replay_and_rematch_wait_for_the_end(http: httpx.AsyncClient) -> None:
    created = await create_room(http)
    code = created["code"]
    await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})
    await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
    assert_error(await http.get(f"/api/rooms/{code}/replay"), 409, "not_finished")
    assert_error(await http.get(f"/api/rooms/{code}/replay/0"), 409, "not_finished")
    assert_error(
        await http.post(f"/api/rooms/{code}/rematch", headers=auth(created["token"])),
        409,
        "not_finished",
    )


async def test_pages_health_metrics_and_qr(http: httpx.AsyncClient) -> None:
    code = (await create_room(http))["code"]
    for path in ("/", f"/r/{code}", f"/r/{code}/replay"):
        page = await http.get(path)
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert (await http.get("/healthz")).json() == {"ok": True, "db": "ok"}
    metrics = (await http.get("/metrics")).text
    for name in (
        'pitchside_rooms{status="lobby"}',
        "pitchside_sockets",
        "pitchside_actions_applied_total",
        "pitchside_command_seconds_bucket",
    ):
        assert name in metrics
    qr = await http.get(f"/r/{code}/qr.svg")
    assert qr.headers["content-type"].startswith("image/svg+xml") and b"<svg" in qr.content


async def test_metrics_sample_the_event_loop_lag_all_the_time(http: httpx.AsyncClient) -> None:
    """An operator sees an overloaded instance as lag, even while nobody plays."""

    async def samples() -> float:
        text = (await http.get("/metrics")).text
        line = next(
            x for x in text.splitlines() if x.startswith("pitchside_loop_lag_seconds_count")
        )
        return float(line.split()[-1])

    before = await samples()
    began = time.monotonic()
    while await samples() < before + 2:  # one sample every 0.25 s
        assert time.monotonic() - began < 5, "the loop's lag is not sampled"
        await asyncio.sleep(0.05)  # the poll's pace, not a wait for the samples


async def test_seed_hash_is_the_sha256_of_the_decimal_seed(
    http: httpx.AsyncClient, server: RunningServer
) -> None:
    from tests.api.test_ws import play_to_the_end

    created = await create_room(http)
    code = created["code"]
    joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})).json()
    await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
    seed_hash = (await room(http, code))["seed_hash"]
    await play_to_the_end(server, code, [created["token"], joined["token"]])
    replay = (await http.get(f"/api/rooms/{code}/replay")).json()
    assert hashlib.sha256(replay["seed"].encode()).hexdigest() == seed_hash
    assert [a["seq"] for a in replay["actions"]] == list(range(1, len(replay["actions"]) + 1))
    assert replay["result"]["winners"]


async def test_recent_matches_list_finished_rooms_newest_first(
    http: httpx.AsyncClient, server: RunningServer
) -> None:
    from tests.api.test_ws import play_to_the_end

    codes = []
    for name in ("Old", "New"):
        created = await create_room(http, name=name, target=5)
        code = created["code"]
        joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Guest"})).json()
        await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
        await play_to_the_end(server, code, [created["token"], joined["token"]])
        codes.append(code)
    unfinished = (await create_room(http, name="Lobby"))["code"]
    recent = (await http.get("/api/matches/recent", params={"limit": 50})).json()
    listed = [m["code"] for m in recent]
    assert unfinished not in listed
    assert listed.index(codes[1]) < listed.index(codes[0])
    newest = recent[listed.index(codes[1])]
    assert [s["name"] for s in newest["seats"]] == ["New", "Guest"]
    assert newest["game"] == "tiny" and newest["result"]["winners"] in ([0], [1])

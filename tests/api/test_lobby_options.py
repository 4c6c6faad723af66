"""`PATCH /api/rooms/{code}/options` (README "Beyond PROTOCOL.md v1"): game options chosen in
the lobby. The host may change any game option, another player only the options its seat owns
(Hat Trick: seat 0 `team_blue`, seat 1 `team_red`); `turn_seconds` is fixed at creation. Every
refusal changes nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.api.test_http import assert_error, room
from tests.support.client import Socket, auth, create_room
from tests.support.server import RunningServer

pytestmark = pytest.mark.asyncio


@pytest.fixture
async def http(server: RunningServer) -> Any:
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as client:
        yield client


async def hattrick_room(http: httpx.AsyncClient) -> tuple[str, str, str]:
    """A Hat Trick lobby with Anna (host, Blue) and Bence (Red): code and both tokens."""
    created = await create_room(http, game="hattrick", mode="match")
    code = created["code"]
    joined = await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})
    return code, created["token"], joined.json()["token"]


async def patch(http: httpx.AsyncClient, code: str, token: str | None, body: Any) -> httpx.Response:
    headers = auth(token) if token else {}
    return await http.patch(f"/api/rooms/{code}/options", json=body, headers=headers)


async def test_games_name_the_seat_that_owns_an_option(http: httpx.AsyncClient) -> None:
    games = {g["id"]: g for g in (await http.get("/api/games")).json()}
    [match] = games["hattrick"]["modes"]
    assert match["owners"] == {"team_blue": 0, "team_red": 1}
    assert "owners" not in games["tiny"]["modes"][0]  # no owned options: the key is absent


async def test_each_manager_chooses_their_own_team(http: httpx.AsyncClient) -> None:
    code, host, guest = await hattrick_room(http)
    response = await patch(http, code, guest, {"team_red": "CRO"})
    assert response.status_code == 200, response.text
    assert response.json() == await room(http, code)  # the room, as GET shows it
    assert response.json()["options"]["team_red"] == "CRO"
    assert (await patch(http, code, host, {"team_blue": "BRA"})).status_code == 200
    options = (await room(http, code))["options"]
    assert (options["team_blue"], options["team_red"]) == ("BRA", "CRO")
    assert options["turn_seconds"] == 0 and options["knockout"] is False


async def test_a_player_may_not_set_another_seats_or_the_hosts_options(
    http: httpx.AsyncClient,
) -> None:
    code, _host, guest = await hattrick_room(http)
    before = await room(http, code)
    assert_error(await patch(http, code, guest, {"team_blue": "BRA"}), 403, "not_host")
    assert_error(await patch(http, code, guest, {"knockout": True}), 403, "not_host")
    both = {"team_red": "CRO", "team_blue": "BRA"}  # one owned, one not: all refused
    assert_error(await patch(http, code, guest, both), 403, "not_host")
    assert await room(http, code) == before


async def test_the_host_may_set_any_game_option_for_any_seat(http: httpx.AsyncClient) -> None:
    created = await create_room(http, game="hattrick", mode="match")
    code, host = created["code"], created["token"]
    # seat 1 is still empty: the host chooses for it (and later for a bot there)
    changes = {"team_red": "ESP", "knockout": True, "half_end_zone": "either_end"}
    assert (await patch(http, code, host, changes)).status_code == 200
    await http.post(f"/api/rooms/{code}/bots", headers=auth(host))
    assert (await patch(http, code, host, {"team_red": "KOR"})).status_code == 200
    options = (await room(http, code))["options"]
    assert options | changes | {"team_red": "KOR"} == options


async def test_bad_changes_are_refused_and_change_nothing(http: httpx.AsyncClient) -> None:
    code, host, guest = await hattrick_room(http)
    before = await room(http, code)
    assert_error(await patch(http, code, guest, {"team_red": "XXX"}), 400, "bad_options")
    mixed = {"team_blue": "BRA", "knockout": "yes"}  # one good value, one bad: nothing applies
    assert_error(await patch(http, code, host, mixed), 400, "bad_options")
    assert_error(await patch(http, code, host, {"colour": "pink"}), 400, "bad_options")
    assert_error(await patch(http, code, host, {"turn_seconds": 60}), 400, "bad_options")
    assert_error(await patch(http, code, host, {}), 400, "bad_options")
    assert_error(await patch(http, code, host, ["team_blue"]), 422, "invalid")
    assert_error(await patch(http, code, None, {"team_blue": "BRA"}), 401, "bad_token")
    assert_error(await patch(http, code, "nonsense", {"team_blue": "BRA"}), 401, "bad_token")
    assert_error(await patch(http, "ZZZZZZ", host, {"team_blue": "BRA"}), 404, "not_found")
    assert await room(http, code) == before


async def test_options_are_fixed_once_the_match_started(http: httpx.AsyncClient) -> None:
    code, host, guest = await hattrick_room(http)
    assert (await patch(http, code, guest, {"team_red": "NED"})).status_code == 200
    assert (await http.post(f"/api/rooms/{code}/start", headers=auth(host))).status_code == 200
    before = await room(http, code)
    assert_error(await patch(http, code, guest, {"team_red": "CRO"}), 409, "already_started")
    assert_error(await patch(http, code, host, {"knockout": True}), 409, "already_started")
    assert await room(http, code) == before


async def test_lobby_sockets_see_the_choice_and_the_match_plays_it(
    server: RunningServer, http: httpx.AsyncClient
) -> None:
    code, host, guest = await hattrick_room(http)
    sockets = [await Socket.open(server.ws_url, code, t) for t in (host, guest)]
    watcher = await Socket.open(server.ws_url, code)
    first = await watcher.view_where(lambda v: True)
    assert first["public"]["options"]["team_blue"] == "regulars"
    await patch(http, code, guest, {"team_red": "CRO"})
    await patch(http, code, host, {"team_blue": "BRA"})
    for sock in [*sockets, watcher]:
        view = await sock.view_where(lambda v: v["public"]["options"]["team_blue"] == "BRA")
        assert view["status"] == "lobby" and view["public"]["options"]["team_red"] == "CRO"
    await http.post(f"/api/rooms/{code}/start", headers=auth(host))
    playing = await watcher.view_where(lambda v: v["status"] == "playing")
    assert playing["public"]["teams"] == ["BRA", "CRO"]
    stars = {p["id"] for row in playing["public"]["pitch"] for p in row if p and p["star"]}
    assert "B-10" in stars and "R-11" in stars  # rules §2.6: BRA and CRO star numbers


async def test_a_start_player_past_the_last_seat_is_refused_at_start_and_nothing_starts(
    http: httpx.AsyncClient,
) -> None:
    """`start_player` 3 is a fine choice for four friends; with three seated, Start must say so
    (400 bad_options), leave the lobby as it was, and start once the host picks a real seat."""
    created = await create_room(http, game="focifogadas", mode="bukmeker", start_player=3)
    code, host = created["code"], created["token"]
    for name in ("Bence", "Zoli"):
        assert (await http.post(f"/api/rooms/{code}/join", json={"name": name})).status_code == 201
    before = await room(http, code)
    assert_error(
        await http.post(f"/api/rooms/{code}/start", headers=auth(host)), 400, "bad_options"
    )
    assert await room(http, code) == before
    assert (await patch(http, code, host, {"start_player": 2})).status_code == 200
    assert (await http.post(f"/api/rooms/{code}/start", headers=auth(host))).status_code == 200
    assert (await room(http, code))["status"] == "playing"

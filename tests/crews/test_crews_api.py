"""Crews over HTTP and the WebSocket (docs/PROTOCOL.md "Crews (1.1)"), on SQLite and PostgreSQL:
create and join, crew rooms with members, bots and guests, nights played to the end, the
admin's rename, remove and new season, and every bad input refused with nothing changed."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from app.crews.service import CrewService
from app.db.crews import Crew, CrewNight, CrewTx
from app.db.rooms import Database
from app.db.session import is_sqlite, make_engine
from app.rooms.commands.codes import ALPHABET
from app.rooms.wiring import Rooms
from tests.support.client import Socket, auth, play
from tests.support.server import RunningServer, start_server

pytestmark = pytest.mark.asyncio


async def play_to_the_end(server: RunningServer, code: str, tokens: list[str]) -> None:
    """The seats of `tokens` (seats 0, 1, … in order) play their first legal action whenever
    they must act, bots theirs, until the match is over."""
    sockets = {seat: await Socket.open(server.ws_url, code, t) for seat, t in enumerate(tokens)}
    try:
        assert (await play(sockets))["status"] == "finished"
    finally:
        for socket in sockets.values():
            await socket.close()


async def rebuild(database_url: str, crew: str) -> int:
    """Drop the crew's derived nights (as an operator would, from a shell on the database);
    returns how many there were."""
    engine = make_engine(database_url)

    async def publish(*_args: object, **_kwargs: object) -> None:
        return None

    rooms = Rooms.build(Database(engine, single_writer=is_sqlite(database_url)), publish)
    crews = CrewService(rooms)
    try:
        before = await crews._read(count_nights, crew)
        await crews.rebuild(crew)
        assert await crews._read(count_nights, crew) == 0
        return before
    finally:
        await rooms.aclose()
        await engine.dispose()


def count_nights(tx: CrewTx, crew: str) -> int:
    query = (
        select(func.count())
        .select_from(CrewNight)
        .join(Crew, Crew.id == CrewNight.crew_id)
        .where(Crew.code == crew)
    )
    return int(tx.session.execute(query).scalar_one())


async def new_crew(
    http: httpx.AsyncClient, *members: str, name: str = "Thursday"
) -> dict[str, Any]:
    """A crew of `members` (the first creates it): {code, tokens: [crew token per member]}."""
    created = await http.post("/api/crews", json={"name": name, "member": members[0]})
    assert created.status_code == 201, created.text
    crew = created.json()
    tokens = [crew["token"]]
    for i, member in enumerate(members[1:], start=1):
        joined = await http.post(f"/api/crews/{crew['code']}/join", json={"name": member})
        assert joined.status_code == 201, joined.text
        assert joined.json()["member"] == i
        tokens.append(joined.json()["token"])
    return {"code": crew["code"], "tokens": tokens}


async def crew_room(
    http: httpx.AsyncClient, crew: str, token: str, game: str = "tiny", mode: str = "race"
) -> dict[str, Any]:
    response = await http.post(
        "/api/rooms", json={"game": game, "mode": mode, "crew": crew}, headers=auth(token)
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


async def member_joins(http: httpx.AsyncClient, room: str, token: str) -> str:
    response = await http.post(f"/api/rooms/{room}/join", json={}, headers=auth(token))
    assert response.status_code == 201, response.text
    return str(response.json()["token"])


def error_of(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def play_night(
    server: RunningServer,
    http: httpx.AsyncClient,
    crew: dict[str, Any],
    members: list[int],
    *,
    bot: bool = True,
    guest: bool = False,
) -> str:
    """A tiny race in the crew: `members` seated by their crew tokens (the first creates the
    room), then a guest and a bot if asked, played to the end over the WebSocket."""
    room = await crew_room(http, crew["code"], crew["tokens"][members[0]])
    seat_tokens = [room["token"]]
    for m in members[1:]:
        seat_tokens.append(await member_joins(http, room["code"], crew["tokens"][m]))
    if guest:
        joined = await http.post(f"/api/rooms/{room['code']}/join", json={"name": "Guest"})
        assert joined.status_code == 201
        seat_tokens.append(joined.json()["token"])
    if bot:
        added = await http.post(f"/api/rooms/{room['code']}/bots", headers=auth(room["token"]))
        assert added.status_code == 201
    started = await http.post(f"/api/rooms/{room['code']}/start", headers=auth(room["token"]))
    assert started.status_code == 200, started.text
    await play_to_the_end(server, room["code"], seat_tokens)
    return str(room["code"])


async def test_create_and_join_a_crew(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = await http.post("/api/crews", json={"name": "  Thursday  ", "member": "Anna"})
        assert created.status_code == 201
        body = created.json()
        assert set(body) == {"code", "url", "member", "token"}
        assert len(body["code"]) == 8 and set(body["code"]) <= set(ALPHABET)
        assert body["url"] == f"/c/{body['code']}" and body["member"] == 0
        joined = await http.post(f"/api/crews/{body['code']}/join", json={"name": "Bence"})
        assert joined.status_code == 201 and joined.json()["member"] == 1
        crew = (await http.get(f"/api/crews/{body['code']}")).json()
        page = await http.get(body["url"])
        qr = await http.get(f"{body['url']}/qr.svg")
    assert crew["name"] == "Thursday"
    assert crew["members"] == [{"member": 0, "name": "Anna"}, {"member": 1, "name": "Bence"}]
    assert [(r["name"], r["nights"], r["points"]) for r in crew["standings"]] == [
        ("Anna", 0, 0),
        ("Bence", 0, 0),
    ]
    assert crew["nights"] == [] and crew["rooms"] == []
    assert body["token"] not in str(crew)
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert qr.status_code == 200 and qr.text.lstrip().startswith("<")


async def test_a_crew_night_through_the_websocket_counts_for_its_members(
    server: RunningServer,
) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna", "Bence", "Csaba")
        room = await crew_room(http, crew["code"], crew["tokens"][1])
        info = (await http.get(f"/api/rooms/{room['code']}")).json()
        assert info["crew_name"] is None and crew["code"] not in str(info)  # to strangers
        mine = (await http.get(f"/api/rooms/{room['code']}", headers=auth(room["token"]))).json()
        assert mine["crew_name"] == "Thursday" and crew["code"] not in str(mine)
        changed = await http.patch(
            f"/api/rooms/{room['code']}/options", json={"target": 5}, headers=auth(room["token"])
        )
        assert changed.status_code == 200 and changed.json()["crew_name"] == "Thursday"
        assert info["seats"][0]["name"] == "Bence"  # seat 0 is the member, named as such
        listed = (await http.get(f"/api/crews/{crew['code']}")).json()["rooms"]
        assert [(r["code"], r["status"]) for r in listed] == [(room["code"], "lobby")]
        anna = await member_joins(http, room["code"], crew["tokens"][0])
        await http.post(f"/api/rooms/{room['code']}/bots", headers=auth(room["token"]))
        await http.post(f"/api/rooms/{room['code']}/start", headers=auth(room["token"]))
        await play_to_the_end(server, room["code"], [room["token"], anna])
        final = (await http.get(f"/api/rooms/{room['code']}")).json()
        crew_now = (await http.get(f"/api/crews/{crew['code']}")).json()
    assert final["status"] == "finished"
    replay_winner = crew_now["nights"][0]["result"]["winners"]
    (night,) = crew_now["nights"]
    assert night["code"] == room["code"] and night["game"] == "tiny"
    assert night["seats"] == [
        {"seat": 0, "name": "Bence", "member": 1},
        {"seat": 1, "name": "Anna", "member": 0},
        {"seat": 2, "name": "Bot 1", "member": None},
    ]
    assert night["score"] == [0, 0]
    rows = {r["name"]: r for r in crew_now["standings"]}
    assert rows["Csaba"]["nights"] == 0  # a member who did not play this night
    assert rows["Anna"]["nights"] == rows["Bence"]["nights"] == 1
    winner_names = {night["seats"][s]["name"] for s in replay_winner}
    for name in ("Anna", "Bence"):
        assert rows[name]["points"] == (3 if name in winner_names else 0)
    if winner_names == {"Bot 1"}:
        assert crew_now["standings"][0]["points"] == 0
    else:
        assert crew_now["standings"][0]["name"] in winner_names
    assert crew_now["rooms"] == []  # no longer open


async def test_a_duel_night_counts_goals_from_each_side(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna", "Bence")
        room = await crew_room(http, crew["code"], crew["tokens"][0], "duel", "match")
        await member_joins(http, room["code"], crew["tokens"][1])
        await http.post(f"/api/rooms/{room['code']}/start", headers=auth(room["token"]))
        watcher = await Socket.open(server.ws_url, room["code"])
        # The game's bot plays both seats (a whole Duel of first legal moves never ends).
        for seat in (0, 1):
            away = await http.post(
                f"/api/rooms/{room['code']}/seats/{seat}/away",
                json={"away": True},
                headers=auth(room["token"]),
            )
            assert away.status_code == 200
        await watcher.view_where(lambda v: v["status"] == "finished", timeout=60)
        replay = (await http.get(f"/api/rooms/{room['code']}/replay")).json()
        crew_now = (await http.get(f"/api/crews/{crew['code']}")).json()
    (night,) = crew_now["nights"]
    anna = next(row for row in crew_now["standings"] if row["name"] == "Anna")
    score = night["score"]
    assert score == replay["result"]["score"]
    assert (anna["goals_for"], anna["goals_against"]) == (score[0], score[1])
    won = 0 in replay["result"]["winners"]
    assert (anna["wins"], anna["points"]) == (
        (1, 3) if won else (0, 0 if score != score[::-1] else 1)
    )


async def test_a_rematch_stays_in_the_crew_with_its_members(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna", "Bence")
        room = await crew_room(http, crew["code"], crew["tokens"][0])
        bence = await member_joins(http, room["code"], crew["tokens"][1])
        await http.post(f"/api/rooms/{room['code']}/start", headers=auth(room["token"]))
        await play_to_the_end(server, room["code"], [room["token"], bence])
        again = await http.post(f"/api/rooms/{room['code']}/rematch", headers=auth(room["token"]))
        assert again.status_code == 201
        second = again.json()["code"]
        seen = await http.get(f"/api/rooms/{second}", headers=auth(room["token"]))
        assert seen.json()["crew_name"] == "Thursday"
        await play_to_the_end(server, second, [room["token"], bence])
        crew_now = (await http.get(f"/api/crews/{crew['code']}")).json()
    assert [n["code"] for n in crew_now["nights"]] == [second, room["code"]]
    assert all([s["member"] for s in n["seats"]] == [0, 1] for n in crew_now["nights"])
    rows = {r["name"]: r for r in crew_now["standings"]}
    assert rows["Anna"]["nights"] == rows["Bence"]["nights"] == 2
    assert rows["Anna"]["wins"] + rows["Bence"]["wins"] == 2
    assert rows["Anna"]["points"] + rows["Bence"]["points"] == 6


async def test_a_guest_without_a_crew_token_plays_and_counts_for_nobody(
    server: RunningServer,
) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna")
        code = await play_night(server, http, crew, [0], bot=False, guest=True)
        crew_now = (await http.get(f"/api/crews/{crew['code']}")).json()
    (night,) = crew_now["nights"]
    assert night["code"] == code
    assert night["seats"][1] == {"seat": 1, "name": "Guest", "member": None}
    assert [r["name"] for r in crew_now["standings"]] == ["Anna"]
    assert crew_now["standings"][0]["nights"] == 1


async def test_bad_input_is_refused_and_changes_nothing(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna", "Bence")
        other = await new_crew(http, "Zoltán", name="Other crew")
        code = crew["code"]
        # Unknown crews.
        assert error_of(await http.get("/api/crews/ZZZZZZZZ")) == (404, "not_found")
        assert error_of(await http.get("/api/crews/nope")) == (404, "not_found")
        assert error_of(await http.post("/api/crews/ZZZZZZZZ/join", json={"name": "X"})) == (
            404,
            "not_found",
        )
        unknown_room = await http.post(
            "/api/rooms",
            json={"game": "tiny", "mode": "race", "crew": "ZZZZZZZZ"},
            headers=auth(crew["tokens"][0]),
        )
        assert error_of(unknown_room) == (404, "not_found")
        # Names: empty, too long, duplicate (case-insensitively).
        for name in ("", "   ", "x" * 41):
            refused = await http.post("/api/crews", json={"name": name, "member": "Anna"})
            assert error_of(refused) == (400, "bad_name")
        assert (
            await http.post("/api/crews", json={"name": "x" * 40, "member": "A"})
        ).status_code == 201
        for name in ("", "  ", "y" * 25):
            assert error_of(await http.post(f"/api/crews/{code}/join", json={"name": name})) == (
                400,
                "bad_name",
            )
        for name in ("bence", " BENCE "):
            assert error_of(await http.post(f"/api/crews/{code}/join", json={"name": name})) == (
                409,
                "name_taken",
            )
        # A crew room needs a member's crew token of that crew.
        body = {"game": "tiny", "mode": "race", "crew": code}
        assert error_of(await http.post("/api/rooms", json=body)) == (401, "bad_token")
        foreign = await http.post("/api/rooms", json=body, headers=auth(other["tokens"][0]))
        assert error_of(foreign) == (401, "bad_token")
        room = await crew_room(http, code, crew["tokens"][0])
        # A crew token used for another crew's room; a member seated twice.
        assert error_of(
            await http.post(
                f"/api/rooms/{room['code']}/join", json={}, headers=auth(other["tokens"][0])
            )
        ) == (401, "bad_token")
        assert error_of(
            await http.post(
                f"/api/rooms/{room['code']}/join", json={}, headers=auth(crew["tokens"][0])
            )
        ) == (409, "already_seated")
        await member_joins(http, room["code"], crew["tokens"][1])
        assert error_of(
            await http.post(
                f"/api/rooms/{room['code']}/join", json={}, headers=auth(crew["tokens"][1])
            )
        ) == (409, "already_seated")
        seats = (await http.get(f"/api/rooms/{room['code']}")).json()["seats"]
        crew_now = (await http.get(f"/api/crews/{code}")).json()
    assert [s["name"] for s in seats] == ["Anna", "Bence"]
    assert [m["name"] for m in crew_now["members"]] == ["Anna", "Bence"]


async def test_the_admin_renames_removes_and_starts_a_season(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna", "Bence", "Csaba")
        code, (anna, bence, csaba) = crew["code"], crew["tokens"]
        await play_night(server, http, crew, [0, 1, 2], bot=False)
        # Only the admin (member 0) may.
        assert error_of(
            await http.patch(f"/api/crews/{code}", json={"name": "X"}, headers=auth(bence))
        ) == (403, "not_admin")
        assert error_of(await http.patch(f"/api/crews/{code}", json={"name": "X"})) == (
            401,
            "bad_token",
        )
        renamed = await http.patch(
            f"/api/crews/{code}", json={"name": "Fridays"}, headers=auth(anna)
        )
        assert renamed.status_code == 200
        before = (await http.get(f"/api/crews/{code}")).json()
        assert before["name"] == "Fridays"
        # Removing Csaba: their night still counts under their name; their token is dead.
        assert (
            await http.delete(f"/api/crews/{code}/members/2", headers=auth(bence))
        ).status_code == 403
        removed = await http.delete(f"/api/crews/{code}/members/2", headers=auth(anna))
        assert removed.status_code == 204
        after = (await http.get(f"/api/crews/{code}")).json()
        assert [m["name"] for m in after["members"]] == ["Anna", "Bence"]
        assert after["standings"] == before["standings"]
        assert "Csaba" in {r["name"] for r in after["standings"]}
        assert after["nights"][0]["seats"][2]["name"] == "Csaba"
        body = {"game": "tiny", "mode": "race", "crew": code}
        assert error_of(await http.post("/api/rooms", json=body, headers=auth(csaba))) == (
            401,
            "bad_token",
        )
        room = await crew_room(http, code, anna)
        assert error_of(
            await http.post(f"/api/rooms/{room['code']}/join", json={}, headers=auth(csaba))
        ) == (401, "bad_token")
        # A new season: standings from now on; the old season stays viewable.
        season = await http.post(f"/api/crews/{code}/seasons", headers=auth(anna))
        assert season.status_code == 201 and season.json()["season"] == 2
        now = (await http.get(f"/api/crews/{code}")).json()
        old = (await http.get(f"/api/crews/{code}?season=1")).json()
    assert now["season"] == 2 and now["nights"] == []
    assert all(r["nights"] == 0 for r in now["standings"])
    assert {r["name"] for r in now["standings"]} == {"Anna", "Bence"}
    assert old["standings"] == before["standings"] and len(old["nights"]) == 1


async def test_filters_by_game_and_pages_with_before(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna", "Bence")
        first = await play_night(server, http, crew, [0, 1], bot=False)
        second = await play_night(server, http, crew, [1, 0], bot=False)
        every = (await http.get(f"/api/crews/{crew['code']}")).json()
        duel_only = (await http.get(f"/api/crews/{crew['code']}?game=duel")).json()
        tiny_race = (await http.get(f"/api/crews/{crew['code']}?game=tiny&mode=race")).json()
        newest_at = every["nights"][0]["finished_at"]
        paged = (await http.get(f"/api/crews/{crew['code']}", params={"before": newest_at})).json()
        after_first = (await http.get(f"/api/crews/{crew['code']}?room={first}")).json()
        bad = await http.get(f"/api/crews/{crew['code']}?before=yesterday")
    assert [n["code"] for n in every["nights"]] == [second, first]
    assert duel_only["nights"] == [] and all(r["nights"] == 0 for r in duel_only["standings"])
    assert tiny_race["standings"] == every["standings"]
    assert [n["code"] for n in paged["nights"]] == [first]
    assert all(r["nights"] == 1 for r in after_first["standings"])
    assert error_of(bad) == (400, "bad_before")


async def test_standings_survive_a_restart_agree_across_instances_and_rebuild(
    database_url: str,
) -> None:
    first = start_server(database_url, http_rate_per_minute=100_000, rate_per_second=10_000)
    try:
        async with httpx.AsyncClient(base_url=first.url) as http:
            crew = await new_crew(http, "Anna", "Bence")
            await play_night(first, http, crew, [0, 1])
            await play_night(first, http, crew, [1, 0])
            seen = (await http.get(f"/api/crews/{crew['code']}")).json()
    finally:
        first.stop()
    second, third = (start_server(database_url, rate_per_second=10_000) for _ in range(2))
    try:
        async with (
            httpx.AsyncClient(base_url=second.url) as a,
            httpx.AsyncClient(base_url=third.url) as b,
        ):
            after_restart = (await a.get(f"/api/crews/{crew['code']}")).json()
            other_instance = (await b.get(f"/api/crews/{crew['code']}")).json()
            dropped = await rebuild(database_url, crew["code"])
            rebuilt = (await b.get(f"/api/crews/{crew['code']}")).json()
    finally:
        second.stop()
        third.stop()
    assert sum(r["nights"] for r in seen["standings"]) == 4
    assert dropped == 2  # the cached nights were gone, and derived again from the rooms
    assert after_restart == other_instance == rebuilt == seen


async def test_two_phones_joining_with_one_name_at_once_get_one_member(
    server: RunningServer,
) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna")
        path = f"/api/crews/{crew['code']}/join"
        answers = await asyncio.gather(
            *(http.post(path, json={"name": name}) for name in ("Dóra", "dóra", "DÓRA", "Emese"))
        )
        members = (await http.get(f"/api/crews/{crew['code']}")).json()["members"]
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [201, 201, 409, 409]
    assert all(a.json()["error"]["code"] == "name_taken" for a in answers if a.status_code == 409)
    assert sorted(m["name"].casefold() for m in members) == ["anna", "dóra", "emese"]
    assert sorted(m["member"] for m in members) == [0, 1, 2]

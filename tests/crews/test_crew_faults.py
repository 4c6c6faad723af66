"""A crew stays its members' (issue 37, item 6): nothing public shows a crew's code (its
invite); a removed member's seat tokens die and the rooms finished after the removal count
nothing for them; crew reads are rate-limited; a crew has at most 50 members; a night counts
only with two people at the table; member numbers and seasons are digits only."""

from __future__ import annotations

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.crews.test_crews_api import (
    crew_room,
    error_of,
    member_joins,
    new_crew,
    play_night,
    play_to_the_end,
)
from tests.support.client import Socket, auth
from tests.support.server import RunningServer, start_server

pytestmark = pytest.mark.asyncio
MEMBERS_MAX = 50  # app/crews/members.py


async def test_nothing_public_shows_a_crew_code(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna", "Bence", name="Secret club")
        code = await play_night(server, http, crew, [0, 1], bot=False)
        recent = (await http.get("/api/matches/recent?limit=50")).text
        stranger = (await http.get(f"/api/rooms/{code}")).json()
        lobby = await crew_room(http, crew["code"], crew["tokens"][0])
        guest = await http.post(f"/api/rooms/{lobby['code']}/join", json={"name": "Guest"})
        as_guest = await http.get(
            f"/api/rooms/{lobby['code']}", headers=auth(guest.json()["token"])
        )
        as_member = await http.get(f"/api/rooms/{lobby['code']}", headers=auth(lobby["token"]))
    assert code in recent and crew["code"] not in recent
    assert crew["code"] not in str(stranger) and stranger["crew_name"] is None
    assert "crew" not in stranger
    # A guest seated in a crew room is no member: no crew name either; a member sees it.
    assert crew["code"] not in as_guest.text and as_guest.json()["crew_name"] is None
    assert crew["code"] not in as_member.text and as_member.json()["crew_name"] == "Secret club"


async def test_a_removed_member_loses_their_seats_and_later_nights(
    server: RunningServer,
) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna", "Bence", "Csaba")
        code, (anna, _bence, csaba) = crew["code"], crew["tokens"]
        # Night 1: Anna and Csaba, no bot: it counts for both.
        room = await crew_room(http, code, anna)
        csaba_seat = await member_joins(http, room["code"], csaba)
        await http.post(f"/api/rooms/{room['code']}/start", headers=auth(room["token"]))
        await play_to_the_end(server, room["code"], [room["token"], csaba_seat])
        # An open room where Csaba sits, with a socket of theirs.
        lobby = await crew_room(http, code, anna)
        lobby_seat = await member_joins(http, lobby["code"], csaba)
        watching = await Socket.open(server.ws_url, lobby["code"], lobby_seat)
        await watching.expect("view")
        before = (await http.get(f"/api/crews/{code}")).json()
        removed = await http.delete(f"/api/crews/{code}/members/2", headers=auth(anna))
        assert removed.status_code == 204
        # Their socket is closed; coming back with the seat token is refused.
        with pytest.raises(ConnectionClosed):
            while True:
                await watching.next(timeout=5)
        again = await Socket.open(server.ws_url, lobby["code"], lobby_seat)
        refused = await again.expect("error")
        started = await http.post(f"/api/rooms/{lobby['code']}/start", headers=auth(lobby_seat))
        # Anna's rematch of night 1, after the removal: Csaba's seat plays by the bot.
        rematch = await http.post(f"/api/rooms/{room['code']}/rematch", headers=auth(anna))
        assert rematch.status_code == 401  # a crew token holds no seat...
        rematch = await http.post(f"/api/rooms/{room['code']}/rematch", headers=auth(room["token"]))
        second = rematch.json()["code"]
        csaba_sees = await http.get(f"/api/rooms/{room['code']}", headers=auth(csaba_seat))
        away = await http.post(
            f"/api/rooms/{second}/seats/1/away", json={"away": True}, headers=auth(room["token"])
        )
        assert away.status_code == 200
        await play_to_the_end(server, second, [room["token"]])
        after = (await http.get(f"/api/crews/{code}")).json()
    assert refused["code"] == "bad_token"
    assert error_of(started)[0] == 401
    assert csaba_sees.json()["rematch_code"] is None  # their token holds no seat any more
    rows_before = {r["name"]: r for r in before["standings"]}
    rows = {r["name"]: r for r in after["standings"]}
    assert rows_before["Csaba"]["nights"] == 1
    assert rows["Csaba"] == rows_before["Csaba"]  # night 1 stays theirs, night 2 is not
    assert rows["Anna"]["nights"] == 2
    assert [s["member"] for s in after["nights"][0]["seats"]] == [0, None]


async def test_a_night_alone_against_bots_counts_for_nobody(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna", "Bence")
        alone = await play_night(server, http, crew, [0], bot=True)
        together = await play_night(server, http, crew, [0, 1], bot=True)
        crew_now = (await http.get(f"/api/crews/{crew['code']}")).json()
    assert [n["code"] for n in crew_now["nights"]] == [together, alone]  # both listed
    rows = {r["name"]: r for r in crew_now["standings"]}
    assert rows["Anna"]["nights"] == 1 and rows["Bence"]["nights"] == 1


async def test_a_crew_has_at_most_fifty_members(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Member 0")
        for n in range(1, MEMBERS_MAX):
            joined = await http.post(f"/api/crews/{crew['code']}/join", json={"name": f"M{n}"})
            assert joined.status_code == 201, joined.text
        full = await http.post(f"/api/crews/{crew['code']}/join", json={"name": "One more"})
        # A removed member's place is free again.
        await http.delete(f"/api/crews/{crew['code']}/members/7", headers=auth(crew["tokens"][0]))
        freed = await http.post(f"/api/crews/{crew['code']}/join", json={"name": "One more"})
        members = (await http.get(f"/api/crews/{crew['code']}")).json()["members"]
    assert MEMBERS_MAX == 50
    assert error_of(full) == (409, "crew_full")
    assert "50" in full.json()["error"]["message"]
    assert freed.status_code == 201 and len(members) == MEMBERS_MAX


async def test_member_numbers_and_seasons_are_digits(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Anna", "Bence")
        code, admin = crew["code"], crew["tokens"][0]
        answers = [
            await http.delete(f"/api/crews/{code}/members/{n}", headers=auth(admin))
            for n in ("1.0", "+1", "1e0", " 1", "0x1")
        ]
        seasons = [
            await http.get(f"/api/crews/{code}", params={"season": s})
            for s in ("0", "1.0", "-1", "01")
        ]
        fine = await http.get(f"/api/crews/{code}", params={"season": "1"})
        members = (await http.get(f"/api/crews/{code}")).json()["members"]
    assert all(a.status_code in (400, 404, 422) for a in answers), [a.text for a in answers]
    assert all("error" in a.json() for a in answers)
    assert [m["name"] for m in members] == ["Anna", "Bence"]  # nobody removed
    assert [s.status_code for s in seasons] == [422, 422, 422, 422]
    assert fine.status_code == 200 and fine.json()["season"] == 1


async def test_crew_reads_are_rate_limited(database_url: str) -> None:
    running = start_server(database_url, http_reads_per_minute=5, rate_per_second=10_000)
    try:
        async with httpx.AsyncClient(base_url=running.url) as http:
            crew = await new_crew(http, "Anna")
            statuses = [
                (await http.get(f"/api/crews/{crew['code']}")).status_code for _ in range(8)
            ]
            unknown = await http.get("/api/crews/ZZZZZZZZ")
    finally:
        running.stop()
    assert statuses[:5] == [200] * 5 and statuses[5:] == [429] * 3
    assert error_of(unknown) == (429, "rate_limited")

import httpx

from tests.support.client import Socket, auth, create_room
from tests.support.server import RunningServer


async def test_two_seats_play_tiny(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        room = await create_room(http)
        code = room["code"]
        joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})).json()
        assert (await http.post(f"/api/rooms/{code}/start", headers=auth(room["token"]))).status_code == 200
        a = await Socket.open(server.ws_url, code, room["token"])
        b = await Socket.open(server.ws_url, code, joined["token"])
        va = await a.view_where(lambda v: v["status"] == "playing")
        assert va["you"] == 0 and va["phase"] == "secret"
        ack = await a.act(va["legal"][0])
        assert ack["type"] == "ack" and ack["seq"] == 1

"""One name, one look (issue 37, item 7): names are NFC-normalised, refused when they hold
invisible characters or show nothing, and compared by their confusables skeleton (Unicode
TR39) inside a room and a crew: a lookalike of a member or of a seated player is
`name_taken`, and a guest cannot sit in a crew room under a member's name."""

from __future__ import annotations

import httpx
import pytest

from tests.crews.test_crews_api import crew_room, error_of, new_crew
from tests.support.client import create_room
from tests.support.server import RunningServer

INVISIBLE = [
    "Alice\u034f",  # combining grapheme joiner (Mn)
    "Ali\u200dce",  # zero-width joiner (Cf)
    "\u3164",  # Hangul filler
    "\u115f\u1160",  # Hangul choseong and jungseong fillers
    "\u2800",  # Braille blank
    "\ufe0fAlice",  # variation selector
    "Alice\u00ad",  # soft hyphen
    "\u2060Bob",  # word joiner
    "\u0301\u0301",  # combining marks alone
    "a\u0301\u0302\u0303\u0304\u0305",  # a smear of marks
]
LOOKALIKES = [
    "\u0410lice",  # Cyrillic А
    "\uff21\uff4c\uff49\uff43\uff45",  # fullwidth
    "ALICE",
    "alice",
    "Al\u0456ce",  # Cyrillic і
]


@pytest.mark.asyncio
async def test_a_crew_refuses_lookalikes_of_its_members(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Alice", "\u00c1gnes")
        path = f"/api/crews/{crew['code']}/join"
        lookalikes = [await http.post(path, json={"name": n}) for n in LOOKALIKES]
        decomposed = await http.post(path, json={"name": "A\u0301gnes"})
        invisible = [await http.post(path, json={"name": n}) for n in INVISIBLE]
        members = (await http.get(f"/api/crews/{crew['code']}")).json()["members"]
    assert [error_of(a) for a in lookalikes] == [(409, "name_taken")] * len(LOOKALIKES)
    assert error_of(decomposed) == (409, "name_taken")
    assert [error_of(a) for a in invisible] == [(400, "bad_name")] * len(INVISIBLE)
    assert [m["name"] for m in members] == ["Alice", "\u00c1gnes"]


@pytest.mark.asyncio
async def test_a_guest_cannot_sit_under_a_members_name(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        crew = await new_crew(http, "Alice", "Bence")
        room = await crew_room(http, crew["code"], crew["tokens"][0])
        path = f"/api/rooms/{room['code']}/join"
        # Bence is a member who has not sat down: a guest may not take their name either.
        as_members = [await http.post(path, json={"name": n}) for n in ("Alice", "Bence")]
        lookalike = await http.post(path, json={"name": "\u0412ence"})  # Cyrillic В
        guest = await http.post(path, json={"name": "Csaba"})
        seats = (await http.get(f"/api/rooms/{room['code']}")).json()["seats"]
    assert [error_of(a) for a in as_members] == [(409, "name_taken")] * 2
    assert error_of(lookalike) == (409, "name_taken")
    assert guest.status_code == 201
    assert [s["name"] for s in seats] == ["Alice", "Csaba"]


@pytest.mark.asyncio
async def test_a_room_refuses_a_lookalike_of_a_seated_player(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        room = await create_room(http, name="Alice")
        path = f"/api/rooms/{room['code']}/join"
        answers = [await http.post(path, json={"name": n}) for n in LOOKALIKES]
        invisible = await http.post(path, json={"name": "Alice\u034f"})
        other = await http.post(path, json={"name": "Bot 1"})
        bot = await http.post(
            f"/api/rooms/{room['code']}/bots", headers={"Authorization": f"Bearer {room['token']}"}
        )
        seats = (await http.get(f"/api/rooms/{room['code']}")).json()["seats"]
    assert [error_of(a) for a in answers] == [(409, "name_taken")] * len(LOOKALIKES)
    assert error_of(invisible) == (400, "bad_name")
    assert other.status_code == 201 and bot.status_code == 201
    assert [s["name"] for s in seats] == ["Alice", "Bot 1", "Bot 2"]

"""A room link pasted into a chat app: the page's preview tags and its PNG card."""

from __future__ import annotations

import html
import io
import re
from typing import Any

import httpx
import pytest
from PIL import Image

from app.api.preview import request_lang
from tests.support.client import create_room
from tests.support.server import RunningServer, start_server

META = re.compile(r'<meta (?:property|name)="([^"]+)" content="([^"]*)">')


@pytest.fixture
async def http(server: RunningServer) -> Any:
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as client:
        yield client


async def tags(http: httpx.AsyncClient, path: str, lang: str | None = None) -> dict[str, str]:
    headers = {"Accept-Language": lang} if lang else {}
    page = await http.get(path, headers=headers)
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    return {name: html.unescape(value) for name, value in META.findall(page.text)}


async def bukmeker_night(http: httpx.AsyncClient, host: str = "Bence") -> tuple[str, str]:
    created = await create_room(http, "focifogadas", "bukmeker", host)
    joined = await http.post(f"/api/rooms/{created['code']}/join", json={"name": "Anna"})
    assert joined.status_code == 201
    return created["code"], created["token"] + joined.json()["token"]


@pytest.mark.parametrize(
    ("accept", "title"),
    [
        ("en-GB,en;q=0.9", "Bence's Bukméker night · 2 of 6 seats"),
        ("hu-HU,hu;q=0.9,en;q=0.5", "Bence Bukméker-estje · 2/6 hely foglalt"),
        ("da,en;q=0.5", "Bences Bukméker-aften · 2 af 6 pladser"),
        ("fr-FR", "Bence's Bukméker night · 2 of 6 seats"),
    ],
)
async def test_a_room_link_previews_in_the_language_asked_for(
    http: httpx.AsyncClient, server: RunningServer, accept: str, title: str
) -> None:
    code, tokens = await bukmeker_night(http)
    meta = await tags(http, f"/r/{code}", accept)
    assert meta["og:title"] == meta["twitter:title"] == title
    assert code in meta["og:description"]
    assert meta["twitter:card"] == "summary_large_image"
    assert meta["og:image"].startswith(f"{server.url}/r/{code}/card.png")
    assert meta["og:url"] == f"{server.url}/r/{code}"
    page = (await http.get(f"/r/{code}", headers={"Accept-Language": accept})).text
    for secret in (tokens[:40], tokens[40:]):  # neither seat's token
        assert secret not in page


async def test_a_name_in_the_tags_is_escaped(http: httpx.AsyncClient) -> None:
    code, _ = await bukmeker_night(http, "<script>\"x\"&'y'")
    page = (await http.get(f"/r/{code}")).text
    assert "<script>" not in page.split("</head>")[0].replace('<script type="module"', "")
    meta = await tags(http, f"/r/{code}")
    assert meta["og:title"].startswith("<script>\"x\"&'y''s Bukméker night")


async def test_a_code_with_no_room_gets_the_page_with_generic_tags(
    http: httpx.AsyncClient,
) -> None:
    meta = await tags(http, "/r/ZZZZZZ", "hu")
    assert meta["og:title"] == "Pitchside: foci-társasjátékok barátokkal"
    assert meta["twitter:card"] == "summary_large_image"
    card = await http.get("/r/ZZZZZZ/card.png")
    assert card.status_code == 200 and card.content.startswith(b"\x89PNG")


async def test_the_card_is_a_png_a_chat_app_shows(http: httpx.AsyncClient) -> None:
    code, _ = await bukmeker_night(http)
    meta = await tags(http, f"/r/{code}", "hu")
    card = await http.get(meta["og:image"])
    assert card.status_code == 200 and card.headers["content-type"] == "image/png"
    assert "max-age" in card.headers["cache-control"]
    image = Image.open(io.BytesIO(card.content))
    assert image.format == "PNG" and image.size == (1200, 630)
    assert 5_000 < len(card.content) < 300_000
    # drawn: more than a blank background
    colours = image.convert("RGB").getcolors(maxcolors=100_000) or []
    assert len(colours) > 10


async def test_cards_are_reads_by_code_limited_like_the_others(database_url: str) -> None:
    server = start_server(database_url, http_reads_per_minute=2)
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            code = (await create_room(http))["code"]
            answers = [(await http.get(f"/r/{code}/card.png")).status_code for _ in range(3)]
            assert answers == [200, 200, 429]
            # past the limit the page still opens, with the generic tags
            meta = await tags(http, f"/r/{code}")
            assert meta["og:title"].startswith("Pitchside")
    finally:
        server.stop()


def test_the_language_is_the_best_one_accept_language_names() -> None:
    assert request_lang(None) == "en"
    assert request_lang("de-DE, hu;q=0.4, da;q=0.8") == "da"
    assert request_lang("hu;q=0, en;q=0.1") == "en"
    assert request_lang("da-DK") == "da"

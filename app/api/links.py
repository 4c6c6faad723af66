"""The client's pages (app/api/pages.py) by path, and what shares a room's link: its preview
card, its QR code, and where links point (`/api/config`)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

import qrcode
import qrcode.image.svg
from fastapi import APIRouter, Depends, Request, Response

from app.api import pages, preview
from app.api.http import CodeDep, RoomsDep, client_address, read_limited
from app.api.limits import PerAddress
from app.errors import RoomError
from app.net import Reach
from app.rooms.commands.codes import is_code

router = APIRouter()


def page(request: Request) -> Response:
    """The client's page (app/api/pages.py): `/`, `/history` and the other client paths."""
    return pages.plain_page(request)


@router.get("/", include_in_schema=False)
async def home(request: Request) -> Response:
    return page(request)


@router.get("/history", include_in_schema=False)
async def history_page(request: Request) -> Response:
    return page(request)


@router.get("/r/{code}", include_in_schema=False)
async def room_page(code: str, request: Request, rooms: RoomsDep) -> Response:
    """The page, with the room's link preview and the hints of its first screen."""
    lang = preview.request_lang(request.headers.get("accept-language"))
    snap = None
    limiter: PerAddress = request.app.state.read_limiter
    if is_code(code.upper()) and limiter.allow(client_address(request)):
        try:  # a read by code, limited as the others are; past the limit: the generic tags
            snap = await rooms.cache.snapshot(code.upper())
        except RoomError:
            snap = None
    found = preview.Preview.of(lang, preview.public_base_url(request), code.upper(), snap)
    return pages.room_page(request, found)


@router.get("/r/{code}/replay", include_in_schema=False)
async def replay_page(request: Request) -> Response:
    return page(request)


@router.get("/r/{code}/card.png", include_in_schema=False, dependencies=[Depends(read_limited)])
async def room_card(code: CodeDep, request: Request, rooms: RoomsDep) -> Response:
    """The room link's preview card (app/api/preview.py), drawn off the event loop; generic
    for a code with no room. `?lang=` as in the page's tags, else Accept-Language."""
    lang = request.query_params.get("lang")
    if lang not in preview.LANGS:
        lang = preview.request_lang(request.headers.get("accept-language"))
    try:
        snap = await rooms.cache.snapshot(code)
    except RoomError as exc:
        if exc.status != 404:
            raise
        snap = None
    found = preview.Preview.of(lang, "", code, snap)
    png = await asyncio.get_running_loop().run_in_executor(CARD_THREAD, found.card)
    return Response(png, media_type="image/png", headers={"Cache-Control": "public, max-age=600"})


# One thread draws preview cards, as one draws QR codes (below).
CARD_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="card")


@router.get("/r/{code}/qr.svg", include_in_schema=False, dependencies=[Depends(read_limited)])
async def room_qr(code: CodeDep, request: Request) -> Response:
    """The room link as a QR code (dark on white), for the lobby: drawn off the event loop,
    once per link. The link's address is `PUBLIC_URL`, the page's own when this server serves
    on it, else the network address detected (`net.Reach.link_base`): never a `Host` it
    does not serve on."""
    return await qr_response(f"{link_base(request)}/r/{code}")


def link_base(request: Request) -> str:
    """Where the links handed out from this request's page point (`net.Reach.link_base`)."""
    reach: Reach = request.app.state.reach
    return reach.link_base(request.scope)


@router.get("/api/config")
async def config(request: Request) -> dict[str, str | None]:
    """Where links should point when a page was opened through loopback (a phone cannot open
    127.0.0.1): `public_url` (PUBLIC_URL) if set, else `lan_url`, the network address the
    server detected (null when it knows none, e.g. it listens on 127.0.0.1 only)."""
    reach: Reach = request.app.state.reach
    return {"public_url": reach.public_url, "lan_url": None if reach.public_url else reach.lan_url}


async def qr_response(url: str) -> Response:
    """`url` as an SVG QR code; it may depend on the page's `Host` (one this server serves
    on), so caches keep one per Host."""
    if len(url) > QR_URL_MAX:
        raise RoomError("bad_request", "the link is too long for a QR code", 400)
    svg = await asyncio.get_running_loop().run_in_executor(QR_THREAD, qr_svg, url)
    headers = {"Cache-Control": "max-age=3600", "Vary": "Host"}
    return Response(svg, media_type="image/svg+xml", headers=headers)


QR_URL_MAX = 256
# One thread draws QR codes: a flood of them queues there, and the event loop (which
# shares the interpreter with it) keeps answering everyone else.
QR_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="qr")


@lru_cache(maxsize=1024)
def qr_svg(url: str) -> bytes:
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathFillImage, border=2)
    data: bytes = image.to_string()
    return data

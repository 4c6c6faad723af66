"""HTTP routes of docs/PROTOCOL.md: thin adapters over RoomService."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

import qrcode
import qrcode.image.svg
from fastapi import APIRouter, Depends, Header, Request, Response
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse
from starlette.datastructures import State

from app.api import pages, preview
from app.api.limits import PerAddress
from app.api.schemas import (
    AwayIn,
    AwayOut,
    Created,
    CreateRoom,
    ErrorOut,
    GameOut,
    Joined,
    JoinRoom,
    ModeOut,
    OptionsIn,
    RematchRoom,
    RoomOut,
    SeatNumber,
    SeatOut,
)
from app.crews.service import of_app as crews_of
from app.errors import RoomError, not_found
from app.games import registry
from app.net import Reach
from app.rooms.codes import is_code, token_matches
from app.rooms.hub import Hub
from app.rooms.service import RoomService, clock_default

STATIC = Path(__file__).resolve().parents[2] / "static"
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut} for status in (400, 401, 403, 404, 409, 429, 503)
}

router = APIRouter()


async def get_service(request: Request) -> RoomService:
    service: RoomService = request.app.state.service
    return service


async def get_hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def error_response(status: int, code: str, message: str) -> JSONResponse:
    """docs/PROTOCOL.md's error body."""
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, if any."""
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


async def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    return bearer_token(authorization)


def client_address(request: Request) -> str:
    """The client's address as uvicorn resolved it: its proxy-headers middleware takes a
    forwarded address only from a peer listed in FORWARDED_ALLOW_IPS (README)."""
    return request.client.host if request.client else "?"


def count_write(state: State, address: str) -> None:
    """Room creation, joins and lobby option changes are rate-limited per client address."""
    limiter: PerAddress = state.http_limiter
    if not limiter.allow(address):
        raise RoomError(
            "rate_limited", "too many rooms, joins or option changes; wait a minute", 429
        )


async def limited(request: Request) -> None:
    count_write(request.app.state, client_address(request))


async def read_limited(request: Request) -> None:
    """Reads by room code (room, replay, QR) and of the recent matches are rate-limited per
    client address: codes are the rooms' only secret, and guessing them takes many reads;
    replays and results cost CPU to build."""
    limiter: PerAddress = request.app.state.read_limiter
    if not limiter.allow(client_address(request)):
        raise RoomError("rate_limited", "too many requests; wait a minute", 429)


def checked_code(code: str) -> str:
    """The path's room code, checked against docs/PROTOCOL.md's format before any other work."""
    if not is_code(code):
        raise not_found(code[:16])
    return code


async def room_code(code: str) -> str:
    return checked_code(code)


ServiceDep = Annotated[RoomService, Depends(get_service)]
HubDep = Annotated[Hub, Depends(get_hub)]
TokenDep = Annotated[str | None, Depends(bearer)]
CodeDep = Annotated[str, Depends(room_code)]
SEATS_MAX = 64  # no mode has more seats; a larger number is refused before any work
SeatPath = Annotated[int, PathParam(ge=0, lt=SEATS_MAX)]
SeqPath = Annotated[int, PathParam(ge=0, le=2**31 - 1)]


@router.get("/api/games", response_model=list[GameOut], response_model_exclude_none=True)
async def list_games() -> list[GameOut]:
    return [
        GameOut(
            id=game.id,
            name=dict(game.name),
            modes=[
                ModeOut(
                    id=mode_id,
                    min_players=spec.min_players,
                    max_players=spec.max_players,
                    options=spec.defaults() | {"turn_seconds": clock_default(game.id, mode_id)},
                    owners=spec.owners() or None,
                )
                for mode_id, spec in game.modes.items()
            ],
        )
        for game in registry.all_games()
    ]


@router.post(
    "/api/rooms",
    status_code=201,
    response_model=Created,
    responses=ERRORS,
    dependencies=[Depends(limited)],
)
async def create_room(
    body: CreateRoom, service: ServiceDep, request: Request, token: TokenDep
) -> Created:
    if body.crew is not None:  # a crew room: seat 0 is the crew token's member
        crews = crews_of(request.app.state)
        code, token = await crews.create_room(body.crew, token, body.game, body.mode, body.options)
        return Created(code=code, url=room_url(code), seat=0, token=token)
    if body.name is None:
        raise RoomError("invalid", "name: Field required", 422)
    code, token = await service.create(body.game, body.mode, body.name, body.options)
    return Created(code=code, url=room_url(code), seat=0, token=token)


def room_url(code: str) -> str:
    return f"/r/{code}"


@router.get(
    "/api/rooms/{code}",
    response_model=RoomOut,
    responses=ERRORS,
    dependencies=[Depends(read_limited)],
)
async def get_room(
    code: CodeDep, service: ServiceDep, hub: HubDep, token: TokenDep, request: Request
) -> RoomOut:
    room = await room_out(code, service, hub, token)
    room.crew_name = await crews_of(request.app.state).crew_name_for(code, token)
    return room


@router.patch(
    "/api/rooms/{code}/options",
    response_model=RoomOut,
    responses=ERRORS,
    dependencies=[Depends(limited)],
)
async def set_options(
    code: CodeDep,
    body: OptionsIn,
    service: ServiceDep,
    hub: HubDep,
    token: TokenDep,
    request: Request,
) -> RoomOut:
    """In the lobby: the host changes game options, a player those its seat owns."""
    await service.set_options(code, token, body.root)
    room = await room_out(code, service, hub, token)
    room.crew_name = await crews_of(request.app.state).crew_name_for(code, token)
    return room


async def room_out(code: str, service: RoomService, hub: Hub, token: str | None) -> RoomOut:
    """The room as `GET /api/rooms/{code}` answers it. `rematch_code` (a room that is
    playing) only for a request with one of the room's seat tokens."""
    snap = await service.snapshot(code)
    seated = token is not None and any(token_matches(token, s.token_hash) for s in snap.seats)
    presence = hub.presence(code, [s.seat for s in snap.seats], snap.bot_seats)
    online = {p["seat"] for p in presence["seats"] if p["connected"]}
    return RoomOut(
        code=snap.code,
        game=snap.game.id,
        mode=snap.mode,
        options=snap.options,
        status=snap.status,
        seats=[
            SeatOut(seat=s.seat, name=s.name, bot=s.bot, connected=s.seat in online, away=s.away)
            for s in snap.seats
        ],
        spectators=presence["spectators"],
        seq=snap.seq,
        seed_hash=snap.seed_hash,
        rematch_code=snap.rematch_code if seated else None,
    )


@router.post(
    "/api/rooms/{code}/join",
    status_code=201,
    response_model=Joined,
    responses=ERRORS,
    dependencies=[Depends(limited)],
)
async def join_room(
    code: CodeDep, body: JoinRoom, service: ServiceDep, request: Request, token: TokenDep
) -> Joined:
    if token is not None:  # a crew token: in a crew room, the seat is the member's
        seat, token = await crews_of(request.app.state).join_room(code, token, body.name)
        return Joined(seat=seat, token=token)
    if body.name is None:
        raise RoomError("invalid", "name: Field required", 422)
    seat, token = await service.join(code, body.name)
    return Joined(seat=seat, token=token)


@router.post("/api/rooms/{code}/bots", status_code=201, response_model=SeatNumber, responses=ERRORS)
async def add_bot(code: CodeDep, service: ServiceDep, token: TokenDep) -> SeatNumber:
    return SeatNumber(seat=await service.add_bot(code, token))


@router.post("/api/rooms/{code}/seats/{seat}/away", response_model=AwayOut, responses=ERRORS)
async def seat_away(
    code: CodeDep, seat: SeatPath, body: AwayIn, service: ServiceDep, token: TokenDep
) -> AwayOut:
    """The host marks a seat away (the game's bot plays it) or back. A player who returns
    with their token is back by themselves."""
    await service.set_away(code, seat, body.away, token=token or "")
    return AwayOut(seat=seat, away=body.away)


@router.post("/api/rooms/{code}/start", responses=ERRORS)
async def start_room(code: CodeDep, service: ServiceDep, token: TokenDep) -> dict[str, str]:
    await service.start(code, token)
    return {"status": "playing"}


@router.post(
    "/api/rooms/{code}/rematch", status_code=201, response_model=RematchRoom, responses=ERRORS
)
async def rematch_room(code: CodeDep, service: ServiceDep, token: TokenDep) -> RematchRoom:
    new_code = await service.rematch(code, token)
    return RematchRoom(code=new_code, url=f"/r/{new_code}")


@router.get("/api/matches/recent", responses=ERRORS, dependencies=[Depends(read_limited)])
async def recent_matches(service: ServiceDep, limit: int = 20) -> list[dict[str, Any]]:
    """The latest finished matches on this server, newest first (the History page)."""
    return await service.recent(max(1, min(limit, 50)))


@router.delete(
    "/api/rooms/{code}/seats/{seat}", status_code=204, response_class=Response, responses=ERRORS
)
async def remove_seat(code: CodeDep, seat: SeatPath, service: ServiceDep, token: TokenDep) -> None:
    """In the lobby, the host removes a seat (not seat 0); the seats after it move down."""
    await service.remove_seat(code, seat, token)


@router.get("/api/rooms/{code}/replay", responses=ERRORS, dependencies=[Depends(read_limited)])
async def replay(code: CodeDep, service: ServiceDep) -> dict[str, Any]:
    return await service.replay(code)


@router.get(
    "/api/rooms/{code}/replay/{seq}", responses=ERRORS, dependencies=[Depends(read_limited)]
)
async def replay_step(code: CodeDep, seq: SeqPath, service: ServiceDep) -> dict[str, Any]:
    return await service.replay_view(code, seq)


@router.get("/healthz", responses={503: {"description": "the database is unreachable"}})
async def healthz(request: Request, service: ServiceDep) -> JSONResponse:
    try:
        await service.room_counts()
    except RoomError:
        return JSONResponse({"ok": False, "db": "unreachable"}, status_code=503)
    return JSONResponse({"ok": True, "db": "ok"})


def _page(request: Request) -> Response:
    """The client's page (app/api/pages.py): `/`, `/history` and the other client paths."""
    return pages.plain_page(request)


@router.get("/", include_in_schema=False)
async def home(request: Request) -> Response:
    return _page(request)


@router.get("/history", include_in_schema=False)
async def history_page(request: Request) -> Response:
    return _page(request)


@router.get("/r/{code}", include_in_schema=False)
async def room_page(code: str, request: Request, service: ServiceDep) -> Response:
    """The page, with the room's link preview and the hints of its first screen."""
    lang = preview.request_lang(request.headers.get("accept-language"))
    snap = None
    limiter: PerAddress = request.app.state.read_limiter
    if is_code(code.upper()) and limiter.allow(client_address(request)):
        try:  # a read by code, limited as the others are; past the limit: the generic tags
            snap = await service.snapshot(code.upper())
        except RoomError:
            snap = None
    found = preview.Preview.of(lang, preview.public_base_url(request), code.upper(), snap)
    return pages.room_page(request, found)


@router.get("/r/{code}/replay", include_in_schema=False)
async def replay_page(request: Request) -> Response:
    return _page(request)


@router.get("/r/{code}/card.png", include_in_schema=False, dependencies=[Depends(read_limited)])
async def room_card(code: CodeDep, request: Request, service: ServiceDep) -> Response:
    """The room link's preview card (app/api/preview.py), drawn off the event loop; generic
    for a code with no room. `?lang=` as in the page's tags, else Accept-Language."""
    lang = request.query_params.get("lang")
    if lang not in preview.LANGS:
        lang = preview.request_lang(request.headers.get("accept-language"))
    try:
        snap = await service.snapshot(code)
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

"""HTTP of docs/PROTOCOL.md, what its routes share: the error body, the bearer token, the
limits per client address, the room code of a path, and the app's rooms (`Rooms`) as a
dependency; the games on offer and the health check. The routes by job: rooms.py (the lobby
and the rematch), replays.py (finished matches), links.py (the pages, a room link's card and
QR), crews.py (the crews)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse
from starlette.datastructures import State

from app.api.limits import PerAddress
from app.api.schemas import ErrorOut, GameOut, ModeOut
from app.errors import RoomError, not_found
from app.games import registry
from app.rooms.commands.checks import clock_default
from app.rooms.commands.codes import is_code
from app.rooms.wiring import Rooms

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut} for status in (400, 401, 403, 404, 409, 429, 503)
}

router = APIRouter()


async def get_rooms(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


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


def room_url(code: str) -> str:
    return f"/r/{code}"


RoomsDep = Annotated[Rooms, Depends(get_rooms)]
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


@router.get("/healthz", responses={503: {"description": "the database is unreachable"}})
async def healthz(request: Request, rooms: RoomsDep) -> JSONResponse:
    try:
        await rooms.cache.room_counts()
    except RoomError:
        return JSONResponse({"ok": False, "db": "unreachable"}, status_code=503)
    return JSONResponse({"ok": True, "db": "ok"})

"""HTTP routes of docs/PROTOCOL.md for a room: create, read, join, options, bots, seats away
or removed, start (the lobby, app/rooms/commands/lobby.py), and the rematch (app/rooms/commands/rematch.py)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request, Response

from app.api.http import (
    ERRORS,
    CodeDep,
    RoomsDep,
    SeatPath,
    TokenDep,
    limited,
    read_limited,
    room_url,
)
from app.api.schemas import (
    AwayIn,
    AwayOut,
    Created,
    CreateRoom,
    Joined,
    JoinRoom,
    OptionsIn,
    RematchRoom,
    RoomOut,
    SeatNumber,
    SeatOut,
)
from app.crews.service import of_app as crews_of
from app.errors import RoomError
from app.rooms.commands.codes import token_matches
from app.rooms.wiring import Rooms

router = APIRouter()


@router.post(
    "/api/rooms",
    status_code=201,
    response_model=Created,
    responses=ERRORS,
    dependencies=[Depends(limited)],
)
async def create_room(
    body: CreateRoom, rooms: RoomsDep, request: Request, token: TokenDep
) -> Created:
    if body.crew is not None:  # a crew room: seat 0 is the crew token's member
        crews = crews_of(request.app.state)
        code, token = await crews.create_room(body.crew, token, body.game, body.mode, body.options)
        return Created(code=code, url=room_url(code), seat=0, token=token)
    if body.name is None:
        raise RoomError("invalid", "name: Field required", 422)
    code, token = await rooms.lobby.create(body.game, body.mode, body.name, body.options)
    return Created(code=code, url=room_url(code), seat=0, token=token)


@router.get(
    "/api/rooms/{code}",
    response_model=RoomOut,
    responses=ERRORS,
    dependencies=[Depends(read_limited)],
)
async def get_room(code: CodeDep, rooms: RoomsDep, token: TokenDep, request: Request) -> RoomOut:
    room = await room_out(code, rooms, token)
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
    rooms: RoomsDep,
    token: TokenDep,
    request: Request,
) -> RoomOut:
    """In the lobby: the host changes game options, a player those its seat owns."""
    await rooms.lobby.set_options(code, token, body.root)
    room = await room_out(code, rooms, token)
    room.crew_name = await crews_of(request.app.state).crew_name_for(code, token)
    return room


async def room_out(code: str, rooms: Rooms, token: str | None) -> RoomOut:
    """The room as `GET /api/rooms/{code}` answers it. `rematch_code` (a room that is
    playing) only for a request with one of the room's seat tokens."""
    snap = await rooms.cache.snapshot(code)
    seated = token is not None and any(token_matches(token, s.token_hash) for s in snap.seats)
    presence = rooms.hub.presence(code, [s.seat for s in snap.seats], snap.bot_seats)
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
    code: CodeDep, body: JoinRoom, rooms: RoomsDep, request: Request, token: TokenDep
) -> Joined:
    if token is not None:  # a crew token: in a crew room, the seat is the member's
        seat, token = await crews_of(request.app.state).join_room(code, token, body.name)
        return Joined(seat=seat, token=token)
    if body.name is None:
        raise RoomError("invalid", "name: Field required", 422)
    seat, token = await rooms.lobby.join(code, body.name)
    return Joined(seat=seat, token=token)


@router.post("/api/rooms/{code}/bots", status_code=201, response_model=SeatNumber, responses=ERRORS)
async def add_bot(code: CodeDep, rooms: RoomsDep, token: TokenDep) -> SeatNumber:
    return SeatNumber(seat=await rooms.lobby.add_bot(code, token))


@router.post("/api/rooms/{code}/seats/{seat}/away", response_model=AwayOut, responses=ERRORS)
async def seat_away(
    code: CodeDep, seat: SeatPath, body: AwayIn, rooms: RoomsDep, token: TokenDep
) -> AwayOut:
    """The host marks a seat away (the game's bot plays it) or back. A player who returns
    with their token is back by themselves."""
    await rooms.service.set_away(code, seat, body.away, token=token or "")
    return AwayOut(seat=seat, away=body.away)


@router.post("/api/rooms/{code}/start", responses=ERRORS)
async def start_room(code: CodeDep, rooms: RoomsDep, token: TokenDep) -> dict[str, str]:
    await rooms.lobby.start(code, token)
    return {"status": "playing"}


@router.post(
    "/api/rooms/{code}/rematch", status_code=201, response_model=RematchRoom, responses=ERRORS
)
async def rematch_room(code: CodeDep, rooms: RoomsDep, token: TokenDep) -> RematchRoom:
    new_code = await rooms.rematches.rematch(code, token)
    return RematchRoom(code=new_code, url=f"/r/{new_code}")


@router.delete(
    "/api/rooms/{code}/seats/{seat}", status_code=204, response_class=Response, responses=ERRORS
)
async def remove_seat(code: CodeDep, seat: SeatPath, rooms: RoomsDep, token: TokenDep) -> None:
    """In the lobby, the host removes a seat (not seat 0); the seats after it move down."""
    await rooms.lobby.remove_seat(code, seat, token)

"""HTTP routes of docs/PROTOCOL.md "Crews (1.1)", and the admin's additions (README "Beyond
docs/PROTOCOL.md"): thin adapters over CrewService. Crew rooms go through `POST /api/rooms` and
`POST /api/rooms/{code}/join` (app/api/rooms.py), which hand them to the same service."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi import Path as PathParam
from pydantic import BaseModel, Field

from app.api.http import ERRORS, TokenDep, limited, read_limited
from app.api.links import link_base, page, qr_response
from app.crews.service import CrewService, of_app
from app.crews.service import Query as CrewQuery
from app.errors import RoomError

router = APIRouter()


async def get_crews(request: Request) -> CrewService:
    return of_app(request.app.state)


CrewsDep = Annotated[CrewService, Depends(get_crews)]


class CreateCrew(BaseModel):
    name: str = Field(max_length=200)
    member: str = Field(max_length=200)


class CrewCreated(BaseModel):
    code: str
    url: str
    member: int
    token: str


class JoinCrew(BaseModel):
    name: str = Field(max_length=200)


class CrewJoined(BaseModel):
    member: int
    token: str


class RenameCrew(BaseModel):
    name: str = Field(max_length=200)


def _time(text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        at = datetime.fromisoformat(text)
    except ValueError as exc:
        raise RoomError("bad_before", "before must be an ISO 8601 time") from exc
    return at if at.tzinfo else at.replace(tzinfo=UTC)


@router.post(
    "/api/crews",
    status_code=201,
    response_model=CrewCreated,
    responses=ERRORS,
    dependencies=[Depends(limited)],
)
async def create_crew(body: CreateCrew, crews: CrewsDep) -> CrewCreated:
    code, token = await crews.create(body.name, body.member)
    return CrewCreated(code=code, url=f"/c/{code}", member=0, token=token)


@router.post(
    "/api/crews/{code}/join",
    status_code=201,
    response_model=CrewJoined,
    responses=ERRORS,
    dependencies=[Depends(limited)],
)
async def join_crew(code: str, body: JoinCrew, crews: CrewsDep) -> CrewJoined:
    member, token = await crews.join(code, body.name)
    return CrewJoined(member=member, token=token)


# Numbers in paths and queries as digits only: "1.0" or "+1" is no member and no season.
MemberPath = Annotated[str, PathParam(pattern=r"^[0-9]{1,6}$")]
SeasonQuery = Annotated[str | None, Query(pattern=r"^[1-9][0-9]{0,5}$")]


@router.get("/api/crews/{code}", responses=ERRORS, dependencies=[Depends(read_limited)])
async def get_crew(
    code: str,
    crews: CrewsDep,
    game: str | None = None,
    mode: str | None = None,
    season: SeasonQuery = None,
    before: str | None = None,
    room: str | None = None,
) -> dict[str, Any]:
    """The crew, its members, standings, nights (newest first, 50 at most) and open rooms;
    `?game=`/`&mode=` restrict to those rooms, `?season=N` shows an old season, `?before=`
    pages the nights, `?room=CODE` gives the table as it stood after that room's night."""
    number = int(season) if season is not None else None
    query = CrewQuery(game=game, mode=mode, season=number, before=_time(before), room=room)
    return await crews.get(code, query)


@router.patch("/api/crews/{code}", responses=ERRORS)
async def rename_crew(
    code: str, body: RenameCrew, crews: CrewsDep, token: TokenDep
) -> dict[str, str]:
    return {"code": code, "name": await crews.rename(code, token, body.name)}


@router.delete("/api/crews/{code}/members/{member}", status_code=204, responses=ERRORS)
async def remove_member(
    code: str, member: MemberPath, crews: CrewsDep, token: TokenDep
) -> Response:
    await crews.remove(code, token, int(member))
    return Response(status_code=204)


@router.post("/api/crews/{code}/seasons", status_code=201, responses=ERRORS)
async def new_season(code: str, crews: CrewsDep, token: TokenDep) -> dict[str, Any]:
    return await crews.new_season(code, token)


@router.get("/c/{code}", include_in_schema=False)
async def crew_page(code: str, request: Request) -> Response:
    return page(request)


@router.get("/c/{code}/qr.svg", include_in_schema=False, dependencies=[Depends(read_limited)])
async def crew_qr(code: str, request: Request) -> Response:
    """The crew's invite link as a QR code (dark on white), for the crew page; its address as
    the room QR's (`links.link_base`)."""
    return await qr_response(f"{link_base(request)}/c/{quote(code, safe='')}")

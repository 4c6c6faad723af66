"""HTTP routes of docs/PROTOCOL.md for finished matches: the recent ones, a replay's log and
its views face up, step by step (app/rooms/commands/replays.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends

from app.api.http import ERRORS, CodeDep, RoomsDep, SeqPath, read_limited

router = APIRouter()


@router.get("/api/matches/recent", responses=ERRORS, dependencies=[Depends(read_limited)])
async def recent_matches(rooms: RoomsDep, limit: int = 20) -> list[dict[str, Any]]:
    """The latest finished matches on this server, newest first (the History page)."""
    return await rooms.replays.recent(max(1, min(limit, 50)))


@router.get("/api/rooms/{code}/replay", responses=ERRORS, dependencies=[Depends(read_limited)])
async def replay(code: CodeDep, rooms: RoomsDep) -> dict[str, Any]:
    return await rooms.replays.replay(code)


@router.get(
    "/api/rooms/{code}/replay/{seq}", responses=ERRORS, dependencies=[Depends(read_limited)]
)
async def replay_step(code: CodeDep, seq: SeqPath, rooms: RoomsDep) -> dict[str, Any]:
    return await rooms.replays.replay_view(code, seq)

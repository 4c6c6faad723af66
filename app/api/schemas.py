"""Request and response bodies of the HTTP API (PROTOCOL.md)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, RootModel


class CreateRoom(BaseModel):
    game: str = Field(max_length=64)
    mode: str = Field(max_length=64)
    name: str | None = Field(default=None, max_length=200)  # required unless `crew`
    options: dict[str, Any] | None = None
    crew: str | None = Field(default=None, max_length=64)  # a crew room (PROTOCOL.md 1.1)


class JoinRoom(BaseModel):
    name: str | None = Field(default=None, max_length=200)  # required unless a crew token


class OptionsIn(RootModel[dict[str, Any]]):
    """`PATCH /api/rooms/{code}/options`: some of the room's game options, by name."""


class Created(BaseModel):
    code: str
    url: str
    seat: int
    token: str


class Joined(BaseModel):
    seat: int
    token: str


class SeatNumber(BaseModel):
    seat: int


class RematchRoom(BaseModel):
    code: str
    url: str


class ModeOut(BaseModel):
    id: str
    min_players: int
    max_players: int
    options: dict[str, Any]
    # Beyond PROTOCOL.md v1: options a seat may set in the lobby, {name: seat}; absent if none.
    owners: dict[str, int] | None = None


class GameOut(BaseModel):
    id: str
    name: dict[str, str]
    modes: list[ModeOut]


class SeatOut(BaseModel):
    seat: int
    name: str
    bot: bool
    connected: bool
    away: bool = False


class AwayIn(BaseModel):
    away: bool = True


class AwayOut(BaseModel):
    seat: int
    away: bool


class RoomOut(BaseModel):
    code: str
    game: str
    mode: str
    options: dict[str, Any]
    status: str
    seats: list[SeatOut]
    spectators: int
    seq: int
    seed_hash: str
    rematch_code: str | None = None
    crew: str | None = None  # the crew's code, for a crew room


class ErrorBody(BaseModel):
    code: str
    message: str


class ErrorOut(BaseModel):
    error: ErrorBody

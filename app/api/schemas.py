"""Request and response bodies of the HTTP API (docs/PROTOCOL.md)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, RootModel, StringConstraints

# Bodies are parsed strictly: a string is a string, a bool a bool (no "1" for true, no 1.0
# for 1), and every string is bounded. Names are checked against docs/PROTOCOL.md's `name` rule by
# the service (400 `bad_name`); here they are only bounded.
TEXT_MAX, NAME_TEXT_MAX = 64, 200
Text = Annotated[str, StringConstraints(max_length=TEXT_MAX)]
NameText = Annotated[str, StringConstraints(max_length=NAME_TEXT_MAX)]
OptionName = Annotated[str, StringConstraints(max_length=TEXT_MAX)]
OptionValue = Annotated[
    str | bool | int | float | None, Field(union_mode="left_to_right")
]  # strict: the union keeps each JSON type as it came
OPTIONS_MAX = 32  # options named in one body


class Strict(BaseModel):
    model_config = ConfigDict(strict=True)


class CreateRoom(Strict):
    game: Text
    mode: Text
    name: NameText | None = None  # required unless `crew`
    options: Annotated[dict[OptionName, OptionValue], Field(max_length=OPTIONS_MAX)] | None = None
    crew: Text | None = None  # a crew room (docs/PROTOCOL.md 1.1)


class JoinRoom(Strict):
    name: NameText | None = None  # required unless a crew token


class OptionsIn(RootModel[Annotated[dict[OptionName, OptionValue], Field(max_length=OPTIONS_MAX)]]):
    """`PATCH /api/rooms/{code}/options`: some of the room's game options, by name."""

    model_config = ConfigDict(strict=True)


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


class AwayIn(Strict):
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
    # A crew room's crew by name, for one of its members' seat tokens only; its code is the
    # crew's invite and never shown here.
    crew_name: str | None = None


class ErrorBody(BaseModel):
    code: str
    message: str


class ErrorOut(BaseModel):
    error: ErrorBody

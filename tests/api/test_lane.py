"""The lobby lane (FAST_LANE, app/fast/lane.py) answers create, join and start exactly as the
FastAPI routes (the reference) do: the same status, headers and bytes for the plain requests it serves, and every
other form passed on to the routes untouched. Each script runs on an app with the lane and on
one without it, each on a fresh database, and the answers are compared one by one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.middleware import Middleware
from starlette.types import ASGIApp, Receive, Scope, Send

from app.db.migrate import upgrade
from app.fast.lane import LobbyLane
from app.main import create_app
from app.rooms.commands.lobby import Lobby
from app.settings import Settings

pytestmark = pytest.mark.asyncio

JSON = {"content-type": "application/json"}
Headers = list[tuple[str, str]]


@dataclass
class Step:
    """One request; `routed`: the lane passes it on to the routes. `keep` names the code or
    token of the answer for the steps after (`<A>` in a path, header or body)."""

    method: str
    path: str
    body: str | None = None
    headers: Headers | dict[str, str] = field(default_factory=lambda: dict(JSON))
    routed: bool = False
    keep: dict[str, str] = field(default_factory=dict)  # name -> field of the answer
    chunked: bool = False  # the body streamed in pieces, without a Content-Length


class Reached:
    """The framework's outermost middleware of ours (outside the body limit): the requests
    that got past the lane, by (method, path)."""

    def __init__(self, app: ASGIApp, seen: list[tuple[str, str]]) -> None:
        self.app, self.seen = app, seen

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            self.seen.append((scope["method"], scope["path"]))
        await self.app(scope, receive, send)


@asynccontextmanager
async def app_on(
    tmp: Path, *, lane: bool, seen: list[tuple[str, str]], rate: int, raises: bool = True
) -> AsyncIterator[httpx.AsyncClient]:
    url = f"sqlite+aiosqlite:///{tmp / ('lane.db' if lane else 'routes.db')}"
    upgrade(url)
    settings = Settings(database_url=url, bot_delay_ms=0, odds_workers=0, http_rate_per_minute=rate)
    app = create_app(settings)
    assert isinstance(app.lane, LobbyLane)
    if not lane:
        app.lane = None
    app.user_middleware.insert(0, Middleware(Reached, seen=seen))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=raises)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            yield client


Answer = tuple[int, Headers, str]


async def play(client: httpx.AsyncClient, script: list[Step]) -> tuple[list[Answer], list[str]]:
    """Each answer as (status, headers, body), the codes and tokens it was given by name;
    and the paths of the steps that are `routed`."""
    kept: dict[str, str] = {}
    answers: list[Answer] = []
    routed: list[str] = []

    def fill(text: str) -> str:
        for name, value in kept.items():
            text = text.replace(f"<{name}>", value)
        return text

    for number, step in enumerate(script):
        headers = (
            [(k, fill(v)) for k, v in step.headers]
            if isinstance(step.headers, list)
            else {k: fill(v) for k, v in step.headers.items()}
        )
        body = None if step.body is None else fill(step.body).encode()
        response = await client.request(
            step.method,
            fill(step.path),
            content=pieces(body) if step.chunked and body is not None else body,
            headers=headers,
        )
        if step.routed:
            routed.append(fill(step.path))
        for name, key in step.keep.items():
            kept[name] = response.json()[key]
        if response.status_code == 201:  # a new room's code or a seat's token: random
            answer = response.json()
            kept.update({f"{number}.{k}": answer[k] for k in ("code", "token") if k in answer})
        text = response.text
        for name, value in sorted(kept.items(), key=lambda item: -len(item[1])):
            text = text.replace(value, f"<{name}>")
        answers.append((response.status_code, list(response.headers.items()), text))
    return answers, routed


async def pieces(body: bytes) -> AsyncIterator[bytes]:
    for at in range(0, len(body), 16 * 1024):
        yield body[at : at + 16 * 1024]


async def compare(tmp_path: Path, script: list[Step], rate: int = 1000) -> None:
    seen_lane: list[tuple[str, str]] = []
    seen_routes: list[tuple[str, str]] = []
    async with app_on(tmp_path, lane=True, seen=seen_lane, rate=rate) as client:
        with_lane, routed = await play(client, script)
    async with app_on(tmp_path, lane=False, seen=seen_routes, rate=rate) as client:
        with_routes, _ = await play(client, script)
    for step, lane, routes in zip(script, with_lane, with_routes, strict=True):
        assert lane == routes, (step.method, step.path, step.body)
    assert [path for _method, path in seen_lane] == routed  # the rest the lane answered
    assert len(seen_routes) == len(script)


def create(body: str, *, routed: bool = False, keep: str = "", **kw: Any) -> Step:
    keeping = {keep: "code", f"{keep}0": "token"} if keep else {}
    return Step("POST", "/api/rooms", body, routed=routed, keep=keeping, **kw)


def join(code: str, body: str, *, routed: bool = False, keep: str = "", **kw: Any) -> Step:
    keeping = {keep: "token"} if keep else {}
    return Step("POST", f"/api/rooms/{code}/join", body, routed=routed, keep=keeping, **kw)


def start(
    code: str, token: str | None, *, routed: bool = False, body: str | None = None, **kw: Any
) -> Step:
    headers = {} if token is None else {"authorization": f"Bearer {token}"}
    return Step(
        "POST",
        f"/api/rooms/{code}/start",
        body,
        headers=kw.pop("headers", headers),
        routed=routed,
        **kw,
    )


TINY = '"game": "tiny", "mode": "race"'
LOBBY = [
    create(f'{{{TINY}, "name": "Anna"}}', keep="A"),
    create(f'{{{TINY}, "name": "Bea", "options": {{"target": 5, "turn_seconds": 30}}}}', keep="B"),
    create(f'{{{TINY}, "name": "Cili", "options": {{"target": 5.0}}}}'),  # bad_options
    create(f'{{{TINY}, "name": "Cili", "options": {{"target": 10000000000000000000000}}}}'),
    create(f'{{{TINY}, "name": "Cili", "options": {{"target": NaN}}}}'),
    create(f'{{{TINY}, "name": "Cili", "options": {{"target": [5]}}}}', routed=True),
    create(f'{{{TINY}, "name": "{"x" * 30}"}}'),  # bad_name, from the room layer
    create(f'{{{TINY}, "name": "{"x" * 201}"}}', routed=True),  # over the schema's bound
    create(f"{{{TINY}}}", routed=True),  # no name
    create(f'{{{TINY}, "name": 5}}', routed=True),
    create('{"game": "chess", "mode": "race", "name": "Anna"}'),  # unknown_game
    create(f'{{"game": "{"g" * 65}", "mode": "race", "name": "Anna"}}', routed=True),
    create(f'{{{TINY}, "name": "Anna"', routed=True),  # bad_json
    create("[]", routed=True),
    create(f'{{{TINY}, "name": "Anna", "colour": "red"}}', keep="C"),  # the schema ignores it
    create(f'{{{TINY}, "name": "Anna", "crew": "QQQQQQ"}}', routed=True),
    create(f'{{{TINY}, "name": "Anna"}}', headers={"content-type": "text/plain"}, routed=True),
    create(
        f'{{{TINY}, "name": "Anna"}}',
        headers={"content-type": "application/json; charset=utf-8"},
        routed=True,
        keep="D",
    ),
    create(
        f'{{{TINY}, "name": "Anna"}}',
        headers=[("content-type", "application/json")] * 2,
        routed=True,
    ),
    join("<A>", '{"name": "Bence"}', keep="A1"),
    join("<A>", f'{{"name": "{"x" * 30}"}}'),  # bad_name
    join("<A>", "{}", routed=True),
    join("<A>", '{"name": 5}', routed=True),
    join("<A>", "null", routed=True),
    join("<A>", '{"name": "Bence"', routed=True),
    join("<A>", '{"name": "Bence"}', headers={**JSON, "authorization": "Bearer x"}, routed=True),
    join("abc", '{"name": "Bence"}'),  # not a code: not_found
    join("ZZZZZZ", '{"name": "Bence"}'),  # no such room
    start("<A>", None),  # bad_token
    start("<A>", "<A1>"),  # not_host
    start("<B>", "<B0>"),  # player_count
    start("abc", "<A0>"),
    start("<A>", "<A0>", headers=[("authorization", "Bearer <A0>")] * 2, routed=True),
    join("<A>", '{"name": "Csilla"}'),
    join("<A>", '{"name": "Dóra"}'),
    join("<A>", '{"name": "Edit"}'),  # room_full
    start("<A>", "<A0>"),
    start("<A>", "<A0>"),  # already_started
    join("<C>", '{"name": "Bence"}'),
    start("<C>", "Bearer <C0>"),  # the token with "Bearer " in it: bad_token
    start("<C>", "<C0>"),
    # Over the body limit (64 KiB), by its Content-Length or as it streams in: the limit's 413.
    create(f'{{{TINY}, "name": "Anna"{" " * 65536}}}', routed=True),
    create(f'{{{TINY}, "name": "Anna"{" " * 65536}}}', routed=True, chunked=True),
    create(f'{{{TINY}, "name": "Anna"{" " * 60000}}}', chunked=True),  # under it: the lane's
    join("<A>", f'{{"name": "Bence"{" " * 65536}}}', routed=True),
    join("<A>", f'{{"name": "Bence"{" " * 65536}}}', routed=True, chunked=True),
    start("<A>", "<A0>", body=" " * 65537, routed=True),
    Step("POST", "/api/rooms/", "{}", routed=True),
    Step("POST", "/api/rooms/<A>/bots", "{}", routed=True),
]


async def test_the_lane_answers_the_lobby_as_the_routes_do(tmp_path: Path) -> None:
    await compare(tmp_path, LOBBY)


async def test_the_lane_counts_creations_and_joins_against_the_rate_limit(tmp_path: Path) -> None:
    script = [
        create(f'{{{TINY}, "name": "Anna"}}', keep="A"),
        join("<A>", '{"name": "Bence"}'),
        create(f'{{{TINY}, "name": "Anna"}}'),  # rate_limited
        join("<A>", '{"name": "Csilla"}'),  # rate_limited
        join("abc", '{"name": "Csilla"}'),  # rate_limited before the code is looked at
        create(f'{{{TINY}, "name": "Anna"', routed=True),  # bad_json before the limit
        join("<A>", "{}", routed=True),  # rate_limited before the body is checked
        start("<A>", "<A0>"),  # not counted
    ]
    await compare(tmp_path, script, rate=2)


async def test_an_error_of_ours_in_the_lane_is_answered_as_the_framework_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lane stands in front of the framework's error middleware: a bug under it is
    answered the same plain 500 (no security headers: that middleware is outside them)."""

    async def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Lobby, "create", broken)
    answers = []
    for lane in (True, False):
        seen: list[tuple[str, str]] = []
        async with app_on(tmp_path, lane=lane, seen=seen, rate=1000, raises=False) as client:
            response = await client.post(
                "/api/rooms", json={"game": "tiny", "mode": "race", "name": "A"}
            )
            answers.append((response.status_code, list(response.headers.items()), response.text))
        assert seen == ([] if lane else [("POST", "/api/rooms")])
    assert answers[0] == answers[1]
    assert answers[0][0] == 500 and answers[0][2] == "Internal Server Error"

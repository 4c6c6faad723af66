"""The FastAPI application: routes, error bodies, static files, and the room machinery."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.exceptions import HTTPException as StarletteHTTPException

from app import metrics, net
from app.api import crews, http, links, pages, replays, ws
from app.api import rooms as room_routes
from app.api.guard import SocketGuard
from app.api.limits import BodyLimit, HeadAsGet, PerAddress, SecurityHeaders
from app.db.rooms import Database
from app.db.session import is_sqlite, make_engine
from app.errors import RoomError
from app.fast.front import Pitchside
from app.fast.lane import LobbyLane
from app.rooms.follow.odds import OddsWorker
from app.rooms.push.broker import make_broker
from app.rooms.push.hub import Hub
from app.rooms.wiring import Rooms
from app.settings import Settings, get_settings

log = logging.getLogger(__name__)

BODY_LIMIT = 64 * 1024  # bytes of an HTTP request body, at most (more: 413 too_large)


def create_app(settings: Settings | None = None) -> Pitchside:
    """The app for `settings` (default: the environment). Migrations are not run here;
    `python -m app` and the tests run them first."""
    settings = settings or get_settings()
    database_url = settings.resolved_database_url

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(database_url, timeout=settings.db_timeout)
        broker = make_broker(
            settings.broker,
            settings.redis_url,
            database_url,
            tick_every=settings.broker_tick_ms / 1000,
        )
        hub = Hub(broker.instance, settings.send_queue, broker.publish)
        rooms = Rooms.build(
            Database(
                engine,
                single_writer=is_sqlite(database_url),
                commit_window=settings.commit_window_ms / 1000,
                commit_batch=settings.commit_batch,
                fast_sqlite=settings.fast_sqlite,
            ),
            broker.publish,
            hub=hub,
            alone=broker.name == "memory",
            bot_delay=settings.bot_delay_ms / 1000,
            clock_scale=settings.clock_scale,
            odds=OddsWorker(settings.odds_workers),
            odds_sims=settings.odds_sims,
        )
        app.state.settings = settings
        app.state.rooms = rooms
        app.state.hub = hub
        app.state.broker = broker
        app.state.http_limiter = PerAddress(settings.http_rate_per_minute, 60.0)
        app.state.read_limiter = PerAddress(settings.http_reads_per_minute, 60.0)
        await broker.start(rooms.fanout.on_message)  # broker -> fan-out -> hub, one way
        hub.start_heartbeat()
        lag = asyncio.get_running_loop().create_task(metrics.watch_loop_lag())
        log.info("rooms fan out through the %s broker", broker.name)
        try:
            yield
        finally:
            lag.cancel()
            await rooms.aclose()
            await hub.close_all(1012, "server restarting")
            await broker.stop()
            await engine.dispose()

    app = Pitchside(
        title="Pitchside",
        version="1",
        summary="Football table games with friends in real-time rooms (docs/PROTOCOL.md v1).",
        lifespan=lifespan,
        docs_url="/docs" if settings.api_docs else None,
        redoc_url=None,
        # No OpenTelemetry here: FastAPI's own would look up the three global providers on
        # every request and socket (bench/README.md, "Starting a match").
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    app.add_middleware(BodyLimit, limit=BODY_LIMIT)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(net.RelativeRedirects)  # a 307 never names the request's Host
    app.add_middleware(HeadAsGet)
    app.state.reach = net.Reach.of(settings)  # where phones reach us: links, QR, Origins
    app.add_middleware(  # outermost: sockets per address, send buffers, the watchdog
        SocketGuard,
        per_address=settings.sockets_per_address,
        send_timeout=settings.send_timeout,
        send_buffer=settings.socket_send_buffer,
        wire=settings.fast_wire,  # a fast path (app/fast/wire.py)
    )
    app.add_api_websocket_route("/ws/{code}", ws.room_socket)
    if settings.fast_lane:  # a fast path (app/fast/lane.py); the framework is the reference
        app.lane = LobbyLane(app.framework, limit=BODY_LIMIT)

    @app.exception_handler(RoomError)
    async def room_error(_request: Request, exc: RoomError) -> JSONResponse:
        return http.error_response(exc.status, exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return http.error_response(400, "bad_json", "the body is not valid JSON")
        first = errors[0] if errors else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return http.error_response(422, "invalid", f"{where}: {first.get('msg', 'invalid')}")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # FastAPI's 400 is a body it could not parse (JSON nested too deeply, say).
        codes = {400: "bad_json", 404: "not_found", 405: "method_not_allowed"}
        return http.error_response(
            exc.status_code, codes.get(exc.status_code, "error"), str(exc.detail)
        )

    @app.get("/metrics", include_in_schema=False)
    async def prometheus(request: Request) -> Response:
        rooms: Rooms = request.app.state.rooms
        try:
            counts = await rooms.cache.room_counts()
        except RoomError:
            counts = {}
        for status in ("lobby", "playing", "finished"):
            metrics.ROOMS.labels(status).set(counts.get(status, 0))
        return Response(generate_latest(metrics.REGISTRY), media_type=CONTENT_TYPE_LATEST)

    app.include_router(http.router)
    app.include_router(room_routes.router)
    app.include_router(replays.router)
    app.include_router(links.router)
    app.include_router(crews.router)
    # static/ from memory: versioned, gzip made once, the client's modules bundled (pages.py)
    app.mount("/static", pages.assets(), name="static")
    return app

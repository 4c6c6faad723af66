"""The one place that reads the environment."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

DATA_DIR = Path("data")


class Settings(BaseSettings):
    """Configuration, from environment variables of the same name (upper case)."""

    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    host: str = Field(
        default="0.0.0.0",
        description="where to listen: every interface (phones on the network), or 127.0.0.1 "
        "to keep a server local",
    )
    port: int = 8000
    database_url: str = Field(
        default="",
        description="SQLAlchemy async URL; empty = an embedded SQLite file under ./data/",
    )
    redis_url: str = Field(default="", description="redis://… for fan-out across instances")
    broker: str = Field(
        default="auto",
        description="fan-out between instances: auto (redis if REDIS_URL, else LISTEN/NOTIFY on "
        "PostgreSQL, else in-process), redis, postgres or memory (a single instance)",
    )
    allowed_origins: str = Field(
        default="",
        description="comma-separated Origins allowed on the WebSocket; empty = same host only",
    )
    bot_delay_ms: int = Field(default=700, description="pause before a bot acts, for humans")
    clock_scale: float = Field(
        default=1.0, description="multiplies every turn clock (tests and demos run them faster)"
    )
    odds_workers: int = Field(
        default=1, description="processes pricing live odds (0 = a thread of this process)"
    )
    odds_sims: int = Field(default=2000, description="simulations per odds estimate; 0 = no odds")
    log_level: str = "info"
    send_queue: int = Field(default=16, description="views queued per socket before dropping")
    rate_per_second: int = 20
    http_rate_per_minute: int = Field(
        default=120, description="room creations and joins per client address per minute"
    )
    http_reads_per_minute: int = Field(
        default=600, description="reads by room code (room, replay, QR) per address per minute"
    )
    forwarded_allow_ips: str = Field(
        default="",
        description="comma-separated addresses or networks of the reverse proxies whose "
        "X-Forwarded-For is believed (uvicorn's); empty = none, the peer is the client",
    )
    sockets_per_address: int = Field(default=32, description="open WebSockets per address")
    send_timeout: float = Field(
        default=10.0,
        description="seconds a socket may take to accept one message before it is cut off",
    )
    socket_send_buffer: int = Field(
        default=256 * 1024,
        description="kernel send buffer of a WebSocket, bytes (0 = the kernel's own sizing): "
        "what a phone that stopped reading can hold of this machine's memory",
    )
    db_timeout: float = Field(
        default=1.5, description="seconds for a database connect or statement before unavailable"
    )
    commit_window_ms: float = Field(
        default=15.0,
        description="least milliseconds between two group commits of actions while busy "
        "(0 = commit at once): a night of many tables shares commits, for a few ms",
    )
    commit_batch: int = Field(
        default=8,
        ge=0,
        description="actions waiting that begin a commit before the window's end (0 = none)",
    )
    api_docs: bool = Field(default=False, description="serve Swagger UI at /docs")
    broker_tick_ms: float = Field(
        default=1000.0,
        gt=0,
        description="milliseconds between an instance's heartbeats on the broker: how soon "
        "another instance notices news it missed, and reads its rooms again",
    )
    public_url: str = Field(
        default="",
        description="the address friends open (https://pitch.example), for the links and QR "
        "codes a page opened through loopback hands out; empty = the network address detected",
    )
    # Bounded connections (app/api/connections.py): a request's head must arrive within
    # `http_header_timeout` s of the connection's start or the previous answer (a silent or
    # idle connection is closed then), its body within `http_body_timeout` s of its head;
    # an address holds `connections_per_address` TCP connections (0 = no limit; a trusted
    # proxy of FORWARDED_ALLOW_IPS is not counted).
    # The fast paths (app/fast/__init__.py): each goes around a library for CPU per action
    # and is kept only while it pays; off, the framework's plain path serves (the reference
    # that their equivalence tests compare against).
    fast_wire: bool = Field(
        default=True, description="write a socket's frames onto uvicorn's transport (wire.py)"
    )
    fast_lane: bool = Field(
        default=True, description="answer create, join and start in front of FastAPI (lane.py)"
    )
    fast_sqlite: bool = Field(
        default=True, description="the SQLite writer's statements as SQL text (fast/sqlite.py)"
    )
    http_header_timeout: float = 10.0
    http_body_timeout: float = 30.0
    connections_per_address: int = Field(default=128, ge=0)

    @property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        return f"sqlite+aiosqlite:///{(DATA_DIR / 'pitchside.db').resolve()}"

    @property
    def origins(self) -> list[str]:
        return [o.strip() for o in self.allowed_origins.split(",") if o.strip()]


@lru_cache
def get_settings() -> Settings:
    return Settings()

"""Phones reach the table: `python -m app` serves the network and says where, the links and
QR codes name an address a phone can open (never the request's `Host`), and a socket from a
page served at one of this machine's addresses is let in while a foreign one is not.

Every connection here goes to 127.0.0.1: the network addresses are read, never dialled (a
made-up one, 192.0.2.7 of TEST-NET-1, stands for the machine's Wi-Fi address)."""

from __future__ import annotations

import ipaddress
import os
import socket
import subprocess
import sys
from collections.abc import Iterator

import httpx
import pytest
import websockets

import app.__main__ as entry
from app import net
from app.api.links import qr_svg
from app.db.migrate import upgrade
from app.net import Reach, lan_addresses, terminal_qr
from app.settings import Settings
from tests.support.client import create_room
from tests.support.server import ROOT, RunningServer, free_port, start_server

LAN = "192.0.2.7"
PUBLIC = "https://pitch.example"
QR_BLOCKS = set("█▀▄\xa0 ")  # print_ascii draws a blank half as a no-break space


def qr_block(text: str) -> list[str]:
    """The lines of `text` drawn with the QR code's block characters."""
    return [line for line in text.splitlines() if line and set(line) <= QR_BLOCKS]


@pytest.fixture(scope="module")
def sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('reach') / 'pitchside.db'}"
    upgrade(url)
    return url


@pytest.fixture(scope="module")
def on_the_lan(sqlite_url: str) -> Iterator[RunningServer]:
    """A server that believes it listens on every interface of a machine whose Wi-Fi address
    is LAN; it really listens on 127.0.0.1 only."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(net, "interface_addresses", lambda: [("lo", "127.0.0.1"), ("wlan0", LAN)])
        server = start_server(sqlite_url, host="0.0.0.0")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def public(sqlite_url: str) -> Iterator[RunningServer]:
    server = start_server(sqlite_url, host="0.0.0.0", public_url=PUBLIC + "/")
    yield server
    server.stop()


def port_of(server: RunningServer) -> int:
    return int(server.url.rsplit(":", 1)[1])


# --- the addresses and what `python -m app` prints -------------------------------------------


def test_the_machines_addresses_are_its_non_loopback_ipv4_ones_wifi_before_bridges() -> None:
    interfaces = [
        ("lo", "127.0.0.1"),
        ("docker0", "172.17.0.1"),
        ("wlan0", "192.168.1.10"),
        ("eth0", "192.168.1.10"),
        ("eth1", "169.254.3.3"),  # link-local: no phone is sent there
        ("eth2", "10.0.0.5"),
    ]
    assert lan_addresses(interfaces) == ["192.168.1.10", "10.0.0.5", "172.17.0.1"]
    for address in lan_addresses():  # this machine's own, read from its interfaces
        assert not ipaddress.IPv4Address(address).is_loopback


def test_python_m_app_listens_everywhere_and_prints_each_phone_url_and_a_qr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], sqlite_url: str
) -> None:
    """The README's play command with no HOST: every interface, and where phones go."""
    monkeypatch.delenv("HOST", raising=False)
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.setattr(net, "interface_addresses", lambda: [("eth0", LAN), ("wlan0", "10.1.2.3")])
    monkeypatch.setattr(entry, "get_settings", lambda: Settings(database_url=sqlite_url))
    monkeypatch.setattr(entry, "tune_gc", lambda: None)
    served: dict[str, object] = {}
    monkeypatch.setattr(entry.uvicorn, "run", lambda _app, **options: served.update(options))
    entry.main(["--no-migrate"])
    assert served["host"] == "0.0.0.0"
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8000" in out.splitlines()[0]
    assert f"  http://{LAN}:8000" in out.splitlines() and "  http://10.1.2.3:8000" in out
    assert qr_block(out) == qr_block(terminal_qr(f"http://{LAN}:8000"))  # the first, drawn
    assert len(qr_block(out)) > 10
    assert "--host 127.0.0.1" in out


def test_a_local_server_says_so_and_draws_no_qr(sqlite_url: str) -> None:
    settings = Settings(database_url=sqlite_url, host="127.0.0.1", port=8123)
    out = entry.where_to_open(settings, Reach.of(settings, [LAN]))
    assert out.startswith("Pitchside is ready: open http://127.0.0.1:8123")
    assert LAN not in out and not qr_block(out)


def test_the_started_server_prints_its_phone_url_and_qr(sqlite_url: str) -> None:
    """`python -m app` for real (on 127.0.0.1, with a PUBLIC_URL for phones)."""
    port = free_port()
    env = os.environ | {
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "DATABASE_URL": sqlite_url,
        "PUBLIC_URL": PUBLIC,
        "LOG_LEVEL": "warning",
    }
    with subprocess.Popen(
        [sys.executable, "-m", "app"], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    ) as process:
        assert process.stdout is not None
        lines = []
        for line in process.stdout:  # printed before it serves; read until the QR's note
            lines.append(line)
            if line.startswith("(the QR code is"):
                break
        process.terminate()
    out = "".join(lines)
    assert f"open http://127.0.0.1:{port}" in out and f"  {PUBLIC}\n" in out
    assert qr_block(out) == qr_block(terminal_qr(PUBLIC))


# --- links and QR codes ----------------------------------------------------------------------


async def qr_of(server: RunningServer, path: str, host: str | None = None) -> httpx.Response:
    headers = {"Host": host} if host else {}
    async with httpx.AsyncClient(base_url=server.url) as http:
        answer = await http.get(path, headers=headers)
    assert answer.status_code == 200, answer.text
    return answer


async def test_the_qr_code_never_encodes_a_spoofed_host(on_the_lan: RunningServer) -> None:
    port = port_of(on_the_lan)
    async with httpx.AsyncClient(base_url=on_the_lan.url) as http:
        code = (await create_room(http))["code"]
    lan_link = f"http://{LAN}:{port}/r/{code}"
    for host in ("evil.example", f"evil.example:{port}", f"{LAN}:1", f"x@{LAN}:{port}", None):
        qr = await qr_of(on_the_lan, f"/r/{code}/qr.svg", host)
        assert qr.content == qr_svg(lan_link), host  # a page on 127.0.0.1: the LAN address
        assert "host" in qr.headers["vary"].lower()
    # A phone that opened the page at the machine's address gets that address.
    assert (await qr_of(on_the_lan, f"/r/{code}/qr.svg", f"{LAN}:{port}")).content == qr_svg(
        lan_link
    )


async def test_with_public_url_every_qr_code_names_it(public: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=public.url) as http:
        code = (await create_room(http))["code"]
        crew = (await http.post("/api/crews", json={"name": "Friday", "member": "Anna"})).json()
        config = (await http.get("/api/config")).json()
    assert config == {"public_url": PUBLIC, "lan_url": None}
    for host in ("evil.example", None):
        room_qr = await qr_of(public, f"/r/{code}/qr.svg", host)
        assert room_qr.content == qr_svg(f"{PUBLIC}/r/{code}")
        crew_qr = await qr_of(public, f"/c/{crew['code']}/qr.svg", host)
        assert crew_qr.content == qr_svg(f"{PUBLIC}/c/{crew['code']}")


async def test_the_client_learns_the_detected_address(on_the_lan: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=on_the_lan.url) as http:
        config = (await http.get("/api/config", headers={"Host": "evil.example"})).json()
    assert config == {"public_url": None, "lan_url": f"http://{LAN}:{port_of(on_the_lan)}"}


async def test_a_redirect_names_no_host(on_the_lan: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=on_the_lan.url) as http:
        answer = await http.get("/api/games/?x=1", headers={"Host": "evil.example"})
    assert answer.status_code == 307
    assert answer.headers["location"] == "/api/games?x=1"


# --- the socket's Origin ---------------------------------------------------------------------


async def open_with_origin(server: RunningServer, code: str, origin: str) -> bool:
    """Whether a socket to 127.0.0.1 that names `origin` is let in."""
    try:
        ws = await websockets.connect(
            f"{server.ws_url}/ws/{code}", origin=websockets.Origin(origin)
        )
    except websockets.InvalidStatus as refused:
        assert refused.response.status_code == 403
        return False
    await ws.close()
    return True


async def test_a_page_served_at_the_machines_address_may_open_a_socket(
    on_the_lan: RunningServer,
) -> None:
    port = port_of(on_the_lan)
    async with httpx.AsyncClient(base_url=on_the_lan.url) as http:
        code = (await create_room(http))["code"]
    assert await open_with_origin(on_the_lan, code, f"http://{LAN}:{port}")
    assert await open_with_origin(on_the_lan, code, f"http://localhost:{port}")
    assert await open_with_origin(on_the_lan, code, on_the_lan.url)  # its own host
    assert not await open_with_origin(on_the_lan, code, "http://evil.example")
    assert not await open_with_origin(on_the_lan, code, f"http://evil.example:{port}")
    assert not await open_with_origin(on_the_lan, code, f"http://{LAN}:{port + 1}")
    assert not await open_with_origin(on_the_lan, code, PUBLIC)


async def test_a_page_at_public_url_may_open_a_socket(public: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=public.url) as http:
        code = (await create_room(http))["code"]
    assert await open_with_origin(public, code, PUBLIC)
    assert not await open_with_origin(public, code, "https://evil.example")


def test_a_test_cannot_dial_beyond_loopback() -> None:
    """Item 7: tests/conftest.py's guard refuses a connect to another address, before any
    packet leaves."""
    with pytest.raises(ConnectionRefusedError, match=r"127\.0\.0\.1"):
        socket.create_connection((LAN, 9), timeout=1)

"""Where phones reach this server: the machine's network addresses, the URLs `python -m app`
prints, the base of the links and QR codes friends get, and the Origins a socket may come from.

Nothing here dials anyone: the addresses are read from the machine's interfaces. A link or a
QR code is never built from a request's `Host` alone: it names `PUBLIC_URL`, else the page's
own address when it is one this server serves on, else the network address detected.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.settings import Settings

ALL_INTERFACES = ("0.0.0.0", "::", "")
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
# Interfaces of containers and virtual machines: listed last, so the first address printed
# (and the one in the terminal's QR code) is the Wi-Fi's or the cable's.
VIRTUAL = ("docker", "br-", "veth", "virbr", "vbox", "vmnet", "lxc", "lxd", "cni", "flannel")
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def is_loopback(host: str) -> bool:
    """`localhost`, 127.x.y.z or ::1 (with or without brackets)."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _linux_interfaces() -> list[tuple[str, str]]:
    """(interface, IPv4 address) of every interface that has one, read with an ioctl."""
    import fcntl

    found: list[tuple[str, str]] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _index, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, request)
            except OSError:
                continue  # no IPv4 address on this one
            found.append((name, socket.inet_ntoa(answer[20:24])))
    return found


def interface_addresses() -> list[tuple[str, str]]:
    """(interface, IPv4 address) of this machine, as far as it can tell without a network
    library: every interface on Linux, else what the machine's own name resolves to."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            return _linux_interfaces()
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [("", str(info[4][0])) for info in infos]


def lan_addresses(interfaces: Iterable[tuple[str, str]] | None = None) -> list[str]:
    """This machine's non-loopback IPv4 addresses, each once: those of physical interfaces
    first, containers' and virtual machines' bridges last."""
    pairs = interface_addresses() if interfaces is None else list(interfaces)
    seen: dict[str, bool] = {}
    for name, address in pairs:
        try:
            ip = ipaddress.IPv4Address(address)
        except ValueError:
            continue
        if ip.is_loopback or ip.is_unspecified or ip.is_link_local or address in seen:
            continue
        seen[address] = name.startswith(VIRTUAL)
    return sorted(seen, key=lambda address: seen[address])  # stable: physical ones first


def _origin(url: str) -> str:
    """`scheme://host[:port]` of a URL, lower case."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


@dataclass(frozen=True)
class Reach:
    """Where this server is reached: `PUBLIC_URL`, the host names it serves on (every one of
    the machine's when it listens on all interfaces) and its port."""

    public_url: str | None  # without a trailing slash
    hosts: frozenset[str]  # lower case, IPv6 without brackets
    lan: tuple[str, ...]  # the non-loopback ones a phone can open, best first
    port: int

    @classmethod
    def of(cls, settings: Settings, addresses: Iterable[str] | None = None) -> Reach:
        """What `settings` serve: `addresses` are the machine's non-loopback ones
        (default: `lan_addresses()`), read only when it listens on all interfaces. Behind a
        reverse proxy (`FORWARDED_ALLOW_IPS`) this machine's addresses are not the ones phones
        open, so none is offered for links: set `PUBLIC_URL` there."""
        public = settings.public_url.strip().rstrip("/") or None
        bind = settings.host.strip().strip("[]").lower()
        if bind in ALL_INTERFACES:
            lan = tuple(lan_addresses() if addresses is None else addresses)
            hosts = frozenset((*LOOPBACK_NAMES, *lan))
        elif is_loopback(bind):
            lan = ()
            hosts = frozenset(LOOPBACK_NAMES if bind == "localhost" else (bind,))
        else:
            lan = (bind,)
            hosts = frozenset(lan)
        if settings.forwarded_allow_ips.strip():
            lan = ()
        return cls(public, hosts, lan, settings.port)

    @property
    def lan_url(self) -> str | None:
        """The address the server detected for phones, as a URL (None: none known)."""
        return f"http://{_url_host(self.lan[0])}:{self.port}" if self.lan else None

    def phone_urls(self) -> list[str]:
        """Each non-loopback address phones can open, as a URL."""
        return [f"http://{_url_host(host)}:{self.port}" for host in self.lan]

    def served(self, netloc: str, scheme: str, port: int | None) -> str | None:
        """`netloc` (`host[:port]`, from an Origin or a Host) rebuilt from its parts if it
        names one of the hosts this server serves on, at the `port` the connection came in
        on; else None. Nothing else of it is kept (no user part, no stray characters)."""
        if port is None or any(c in netloc for c in "@/?#\\ \t"):
            return None
        try:
            parts = urlsplit(f"{scheme}://{netloc}")
            named = parts.port or (443 if scheme in ("https", "wss") else 80)
        except ValueError:
            return None
        host = (parts.hostname or "").lower()
        if named != port or host not in self.hosts:
            return None
        return f"{_url_host(host)}:{named}"

    def link_base(self, scope: Scope) -> str:
        """The base of a link made for the request in `scope` (the QR routes): `PUBLIC_URL`;
        else the page's own address if it is a non-loopback one this server serves on (a
        phone that opened the room there); else the detected network address; else (no
        network) the page's own loopback address, or localhost. Never a `Host` this server
        does not serve on."""
        if self.public_url:
            return self.public_url
        scheme = "https" if scope.get("scheme") == "https" else "http"
        host = _header(scope, b"host")
        served = self.served(host, scheme, _server_port(scope)) if host is not None else None
        own = f"{scheme}://{served}" if served else None
        if own and not is_loopback(urlsplit(own).hostname or ""):
            return own
        return self.lan_url or own or f"http://localhost:{self.port}"

    def origin_allowed(self, scope: Scope, extra: Iterable[str] = ()) -> bool:
        """A socket's Origin: the page's own host (its `Host`), `PUBLIC_URL`, a host this
        server serves on (at the port the socket came in on), or one of `extra`
        (`ALLOWED_ORIGINS`, `*` for any). Without an Origin it is not a browser: allowed."""
        origin = _header(scope, b"origin")
        if origin is None:
            return True
        allowed = {o.lower() for o in extra}
        if "*" in allowed or origin.lower() in allowed:
            return True
        if self.public_url and origin.lower() == _origin(self.public_url):
            return True
        parts = urlsplit(origin)
        host = _header(scope, b"host")
        if host is not None and parts.netloc == host:
            return True
        return parts.scheme in ("http", "https") and bool(
            self.served(parts.netloc, parts.scheme, _server_port(scope))
        )


def _header(scope: Scope, name: bytes) -> str | None:
    """The first header of `name`, as Starlette's `Headers.get` reads it (latin-1)."""
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _server_port(scope: Scope) -> int | None:
    """The port the connection came in on (the listening socket's, not one a client named)."""
    server = scope.get("server")
    return int(server[1]) if server and server[1] is not None else None


class RelativeRedirects:
    """Redirects (Starlette's trailing-slash 307s) point at a path, not at the `Host` the
    request named: a redirect's absolute URL becomes its path and query (this app has no
    redirect to another site)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def relative(message: Message) -> None:
            if message["type"] == "http.response.start" and 300 <= message["status"] < 400:
                message["headers"] = [
                    (key, _path_only(value) if key.lower() == b"location" else value)
                    for key, value in message.get("headers", ())
                ]
            await send(message)

        await self.app(scope, receive, relative)


def _path_only(location: bytes) -> bytes:
    parts = urlsplit(location.decode("latin-1"))
    if not parts.netloc:
        return location
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return path.encode("latin-1")


def terminal_qr(url: str) -> str:
    """`url` as a QR code drawn with text, for a terminal."""
    import io

    import qrcode

    code = qrcode.QRCode(border=2)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)  # light squares on a dark terminal, as on paper
    return out.getvalue()

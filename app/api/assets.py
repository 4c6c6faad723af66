"""static/ served from memory: versioned URLs, gzip made once, long-lived caching.

Read once when the app is made (a changed file is served after a restart). Each file gets a
version, the start of its content's SHA-256; its versioned URL (`/static/css/app.css?v=…`) is
cached for a year as immutable, any other URL of it (no `v`, or an old one) is `no-cache` and
revalidated by its ETag. A body is sent gzip-encoded (made at start, at level 9) to a request
that accepts gzip, when that is smaller. Nothing here runs per request but a dict lookup.

The client's modules are also served as bundles (`app.api.bundle`), without comments:
`/static/bundle/js/app.js` is `/static/js/app.js` with its whole static graph, and
`/static/bundle/js/<path>` the chunk an `import()` of `/static/js/<path>` fetches. When the
modules cannot be bundled, the pages load `/static/js/app.js` itself, with a `modulepreload`
hint for each module of its graph.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import mimetypes
import re
from dataclasses import dataclass
from pathlib import Path

from starlette.types import Receive, Scope, Send

from app.api import bundle

log = logging.getLogger(__name__)

ENTRY = "/static/js/app.js"  # the client's one entry module
BUNDLES = "/static/bundle"  # the bundle of ENTRY and its chunks, under the modules' paths
# Modules the bundle defines beside ENTRY's graph, evaluated on their first import(): each
# game's option labels, which Home and a room's lobby draw their first screen with (small).
LAZY = re.compile(r"/static/js/games/[^/]+/options\.js")
IMMUTABLE = b"public, max-age=31536000, immutable"
REVALIDATE = b"no-cache"
GZIP_LEVEL = 9
TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".html": "text/html; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
}
COMPRESSIBLE = (".js", ".css", ".json", ".svg", ".webmanifest", ".html", ".md")


def minified(script: str) -> bytes:
    """A bundle without its comments, indentation and empty lines (`bundle.strip`): 28 %
    fewer bytes to send after gzip."""
    return bundle.strip(script).encode()


def version(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:12]


@dataclass(frozen=True)
class Asset:
    path: str  # the URL path, "/static/js/app.js"
    body: bytes
    gzipped: bytes | None  # None when gzip would not make it smaller
    media_type: str
    version: str

    @classmethod
    def of(cls, path: str, body: bytes) -> Asset:
        suffix = Path(path).suffix
        media = TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"
        packed = gzip.compress(body, GZIP_LEVEL, mtime=0) if suffix in COMPRESSIBLE else None
        if packed is not None and len(packed) >= len(body):
            packed = None
        return cls(path, body, packed, media, version(body))

    @property
    def url(self) -> str:
        return f"{self.path}?v={self.version}"

    @property
    def etag(self) -> bytes:
        return f'"{self.version}"'.encode()


class Assets:
    """Every file under `root` (static/), by URL path, and the bundles of the client."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.files: dict[str, Asset] = {}
        for file in sorted(root.rglob("*")):
            if file.is_file() and not file.name.startswith("."):
                path = "/static/" + file.relative_to(root).as_posix()
                self.files[path] = Asset.of(path, file.read_bytes())
        self.graph: list[str] = []  # ENTRY's static module graph
        self.defined: frozenset[str] = frozenset()  # the modules the bundle defines
        self.bundled = False
        try:
            self._bundle()
        except bundle.Unbundlable as exc:
            log.warning("the client's modules are served unbundled: %s", exc)
            self.graph = self._plain_graph()

    def _source(self, url: str) -> str | None:
        asset = self.files.get(url)
        return asset.body.decode() if asset is not None and url.endswith(".js") else None

    def _bundle(self) -> None:
        lazy = [path for path in self.files if LAZY.fullmatch(path)]
        main = frozenset(bundle.graph([ENTRY, *lazy], self._source))
        chunks: dict[str, str] = {}
        made: dict[str, Asset] = {}
        for path in self.files:
            if path.startswith("/static/js/") and path.endswith(".js") and path not in main:
                text, _ = bundle.chunk(path, self._source, main)
                at = BUNDLES + path.removeprefix("/static")
                made[at] = Asset.of(at, minified(text))
                chunks[path] = made[at].url
        text, order = bundle.bundle(ENTRY, self._source, chunks, lazy)
        at = BUNDLES + ENTRY.removeprefix("/static")
        made[at] = Asset.of(at, minified(text))
        self.files.update(made)
        self.graph = bundle.graph([ENTRY], self._source)
        self.defined = frozenset(order)
        self.bundled = True

    def _plain_graph(self) -> list[str]:
        """ENTRY and every module it imports, each once, in the order first met."""
        seen: list[str] = []
        todo = [ENTRY]
        while todo:
            url = todo.pop(0)
            text = self._source(url)
            if url not in seen and text is not None:
                seen.append(url)
                todo += bundle.imports(url, text)
        return seen

    def url(self, path: str) -> str:
        """`path`'s versioned URL (the path itself when there is no such file)."""
        asset = self.files.get(path)
        return asset.url if asset is not None else path

    @property
    def script(self) -> str:
        """The URL of the page's one script."""
        return self.url(BUNDLES + ENTRY.removeprefix("/static") if self.bundled else ENTRY)

    def module_url(self, path: str) -> str | None:
        """What an import() of module `path` fetches (for a `modulepreload` hint), or None
        (no such module, or the bundle has it)."""
        if path not in self.files or path in self.defined:
            return None
        return self.url(BUNDLES + path.removeprefix("/static")) if self.bundled else path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """ASGI app mounted at /static: GET and HEAD of a file, else 404 / 405."""
        path = "/static" + scope["path"].removeprefix(scope.get("root_path", "")).removeprefix(
            "/static"
        )
        asset = self.files.get(path)
        if scope["method"] not in ("GET", "HEAD"):
            await _answer(send, 405, [(b"allow", b"GET, HEAD")], b"")
            return
        if asset is None:
            body = b'{"error":{"code":"not_found","message":"Not Found"}}'
            await _answer(send, 404, [(b"content-type", b"application/json")], body)
            return
        headers = dict(scope["headers"])
        query = scope.get("query_string", b"").decode()
        fresh = f"v={asset.version}" in query.split("&")
        out = [
            (b"cache-control", IMMUTABLE if fresh else REVALIDATE),
            (b"etag", asset.etag),
        ]
        if asset.gzipped is not None:
            out.append((b"vary", b"Accept-Encoding"))
        if asset.etag in _tags(headers.get(b"if-none-match", b"")):
            await _answer(send, 304, out, b"")
            return
        body = asset.body
        if asset.gzipped is not None and _accepts_gzip(headers.get(b"accept-encoding", b"")):
            body = asset.gzipped
            out.append((b"content-encoding", b"gzip"))
        out.append((b"content-type", asset.media_type.encode()))
        await _answer(send, 200, out, b"" if scope["method"] == "HEAD" else body, len(body))


def _tags(header: bytes) -> list[bytes]:
    return [t.strip().removeprefix(b"W/") for t in header.split(b",")]


def _accepts_gzip(header: bytes) -> bool:
    """Whether an Accept-Encoding header takes gzip (`gzip;q=0` refuses it)."""
    for part in header.lower().split(b","):
        name, _, params = part.strip().partition(b";")
        if name.strip() in (b"gzip", b"*"):
            q = params.strip().removeprefix(b"q=")
            try:
                return not params.strip() or float(q) > 0
            except ValueError:
                return True
    return False


async def _answer(
    send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes, length: int = -1
) -> None:
    size = len(body) if length < 0 else length
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [*headers, (b"content-length", str(size).encode())]
            if status != 304
            else headers,
        }
    )
    await send({"type": "http.response.body", "body": body})

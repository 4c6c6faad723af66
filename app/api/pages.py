"""The one HTML page of the client, as each path serves it.

static/index.html is read when the server starts; the page served has every `/static/` URL
in it versioned (`app.api.assets`, so the files are cached for good and a deploy is seen at
once: the page itself is `no-cache`), the client's bundle as its one script, and hints for
what the client fetches first, so a phone on mobile data asks for it all in the page's first
round trip rather than one discovery at a time (bench/mobile_load.py):

- the shell's strings (`/static/i18n/{en,hu,da}.json`) and `/api/games`, on every page;
- on a room's page, the room (`/api/rooms/CODE`), its game's strings and its game's
  `options.js` (what the lobby draws its first buttons from), and the link preview's tags
  (`app.api.preview`).

Hinted fetches are made as the client makes them (same URL, `crossorigin` = same-origin
credentials, no extra headers), so the client's own fetch takes the hinted answer.
"""

from __future__ import annotations

import gzip
import html
import re
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response

from app.api.assets import Assets
from app.api.preview import Preview

STATIC = Path(__file__).resolve().parents[2] / "static"
SHELL_STRINGS = ("en", "hu", "da")  # static/js/i18n.js loads all three before the first screen
PAGE_GZIP_LEVEL = 6  # per request: a page is a few KB
_STATIC_URL = re.compile(r'(?P<attr>\b(?:href|src))="(?P<path>/static/[^"?#]+)"')
_SCRIPT = re.compile(r'<script type="module" src="[^"]*"></script>')


@cache
def assets() -> Assets:
    """static/ as this process serves it (read once)."""
    return Assets(STATIC)


class Page:
    """static/index.html with versioned URLs and the hints every path shares; `render` adds
    a path's own."""

    def __init__(self, store: Assets, template: str) -> None:
        self.assets = store
        text = _STATIC_URL.sub(lambda m: f'{m["attr"]}="{store.url(m["path"])}"', template)
        text = _SCRIPT.sub(f'<script type="module" src="{store.script}"></script>', text, count=1)
        head, marker, tail = text.partition("</head>")
        if not marker:
            raise ValueError("static/index.html has no </head>")
        hints = [fetch_hint(f"/static/i18n/{lang}.json") for lang in SHELL_STRINGS]
        hints.append(fetch_hint("/api/games"))
        if not store.bundled:  # the modules one by one: each hinted, so all come at once
            hints += [f'<link rel="modulepreload" href="{url}">' for url in store.graph[1:]]
        self.head = head + "".join(f"  {h}\n" for h in hints)
        self.tail = marker + tail

    def render(self, extra: list[str], lang: str | None = None) -> str:
        head = self.head
        if lang is not None:
            head = head.replace('<html lang="en">', f'<html lang="{lang}">', 1)
        return head + "".join(f"  {h}\n" for h in extra) + self.tail

    def room_hints(self, code: str, game: str) -> list[str]:
        """What the room screen fetches before drawing its first buttons."""
        hints = [fetch_hint(f"/api/rooms/{code}")]
        strings = f"/static/js/games/{game}/i18n.json"
        if strings in self.assets.files:
            hints.append(fetch_hint(strings))
        options = self.assets.module_url(f"/static/js/games/{game}/options.js")
        if options is not None:
            hints.append(f'<link rel="modulepreload" href="{html.escape(options)}">')
        return hints


def fetch_hint(url: str) -> str:
    return f'<link rel="preload" as="fetch" crossorigin href="{html.escape(url)}">'


@cache
def page() -> Page:
    return Page(assets(), (STATIC / "index.html").read_text(encoding="utf-8"))


def html_response(request: Request, text: str) -> Response:
    """A page: `no-cache` (a new deploy is seen at once), gzip-encoded when accepted."""
    body = text.encode()
    headers = {"Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", "").lower():
        body = gzip.compress(body, PAGE_GZIP_LEVEL)
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="text/html; charset=utf-8", headers=headers)


def plain_page(request: Request) -> Response:
    """The page as `/`, `/history` and the other client paths get it."""
    return html_response(request, page().render([]))


def room_page(request: Request, preview: Preview) -> Response:
    """A room's page, with its preview's tags and the hints of its screen."""
    shown = page()
    extra = preview.tags()
    if preview.game is not None:  # the room's own code, as the client asks for it
        extra += shown.room_hints(preview.code, preview.game)
    return html_response(request, shown.render(extra, preview.lang))

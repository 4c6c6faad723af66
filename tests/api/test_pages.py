"""The page and its files as a phone on mobile data gets them: compressed, cached for good
under versioned URLs (the page itself always revalidated), and every module of the client in
the page's first round of requests (bench/mobile_load.py times it)."""

from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.api import assets as assets_module
from app.api.assets import Assets
from app.api.pages import STATIC, Page
from tests.support.client import create_room
from tests.support.server import RunningServer

STATIC_URL = re.compile(r'\b(?:href|src)="(/static/[^"]+)"')
IMPORT = re.compile(r'^(?:import|export)\b[^;"]*?\bfrom\s*"([^"]+)"', re.M)


@pytest.fixture
async def http(server: RunningServer) -> Any:
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as client:
        yield client


def module_graph(entry: str) -> set[str]:
    """The modules `entry` imports statically, read from static/js as a browser would."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        text = (STATIC / url.removeprefix("/static/")).read_text()
        for spec in IMPORT.findall(text):
            base = url.rsplit("/", 1)[0]
            path = spec if spec.startswith("/") else f"{base}/{spec}"
            parts: list[str] = []
            for part in path.split("/"):
                if part == "..":
                    parts.pop()
                elif part != ".":
                    parts.append(part)
            todo.append("/".join(parts))
    return seen


async def test_static_js_is_sent_gzip_encoded_to_a_browser_that_asks(
    http: httpx.AsyncClient,
) -> None:
    page = (await http.get("/")).text
    script = re.search(r'<script type="module" src="([^"]+)"', page)
    assert script is not None
    for url in (script[1], "/static/js/app.js", "/static/css/app.css", "/static/i18n/hu.json"):
        packed = await http.get(url, headers={"Accept-Encoding": "gzip"})
        plain = await http.get(url, headers={"Accept-Encoding": "identity"})
        assert packed.headers["content-encoding"] == "gzip", url
        assert "content-encoding" not in plain.headers, url
        assert packed.content == plain.content  # httpx undid the gzip: the same file
        assert int(packed.headers["content-length"]) < len(plain.content) / 2, url
        assert "Accept-Encoding" in packed.headers["vary"]
    for url in ("/", "/r/ABCDEF"):
        page_answer = await http.get(url, headers={"Accept-Encoding": "gzip"})
        assert page_answer.headers["content-encoding"] == "gzip"


async def test_the_page_is_revalidated_and_its_files_are_versioned_and_kept_for_good(
    http: httpx.AsyncClient,
) -> None:
    code = (await create_room(http))["code"]
    for path in ("/", f"/r/{code}", "/history"):
        page = await http.get(path)
        assert page.headers["cache-control"] == "no-cache", path
        # every file the page names, but the strings the client fetches by their plain URLs
        # (hinted as such, revalidated: below)
        tags = [
            t for t in re.findall(r"<(?:link|script)[^>]*>", page.text) if 'as="fetch"' not in t
        ]
        urls = [u for t in tags for u in STATIC_URL.findall(t)]
        assert any("/css/app.css" in u for u in urls) and any(".js" in u for u in urls)
        for url in urls:
            assert re.search(r"\?v=[0-9a-f]{12}$", url), url
            answer = await http.get(url)
            assert answer.status_code == 200, url
            assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
    # The same file by its plain (or an old) URL: revalidated, 304 while unchanged.
    for url in ("/static/css/app.css", "/static/css/app.css?v=000000000000"):
        answer = await http.get(url)
        assert answer.headers["cache-control"] == "no-cache"
        again = await http.get(url, headers={"If-None-Match": answer.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
    assert (await http.get("/static/js/nothing.js")).status_code == 404


def test_a_changed_file_gets_a_new_url_and_the_others_keep_theirs(tmp_path: Path) -> None:
    root = tmp_path / "static"
    shutil.copytree(STATIC, root)
    template = (root / "index.html").read_text()
    before = Page(Assets(root), template).render([])
    dom = root / "js" / "dom.js"
    dom.write_text(dom.read_text() + "\n// changed\nexport const changed = 1;\n")
    after = Page(Assets(root), template).render([])
    script = re.compile(r'<script type="module" src="([^"]+)"')
    css = re.compile(r'href="(/static/css/app\.css[^"]*)"')
    assert script.findall(before) != script.findall(after)
    assert css.findall(before) == css.findall(after)


async def test_every_module_of_the_client_comes_in_the_pages_first_round_of_requests(
    http: httpx.AsyncClient,
) -> None:
    """One script per page, defining every module app.js imports however deep, and each
    game's options.js (Home and a lobby draw their first buttons with them)."""
    page = (await http.get("/")).text
    scripts = re.findall(r'<script type="module" src="([^"]+)"', page)
    assert len(scripts) == 1
    bundle = (await http.get(scripts[0])).text
    defined = set(re.findall(r'__P\.d\("([^"]+)"', bundle))
    graph = module_graph("/static/js/app.js")
    assert len(graph) > 40
    assert graph <= defined, graph - defined
    for game in ("duel", "focifogadas", "hattrick"):
        assert f"/static/js/games/{game}/options.js" in defined
    # The rest: a chunk each, fetched on the first import() of it.
    table = "/static/js/games/duel/table.js"
    assert table not in defined and f'"{table}":' in bundle
    # What the first screen fetches is hinted, as the client fetches it.
    for url in ("/static/i18n/en.json", "/static/i18n/hu.json", "/static/i18n/da.json"):
        assert f'<link rel="preload" as="fetch" crossorigin href="{url}">' in page
    assert '<link rel="preload" as="fetch" crossorigin href="/api/games">' in page


async def test_a_rooms_page_hints_the_room_and_its_games_strings(
    http: httpx.AsyncClient,
) -> None:
    code = (await create_room(http, "focifogadas", "bukmeker", "Bence"))["code"]
    page = (await http.get(f"/r/{code}")).text
    for url in (f"/api/rooms/{code}", "/static/js/games/focifogadas/i18n.json"):
        assert f'<link rel="preload" as="fetch" crossorigin href="{url}">' in page


def test_modules_it_cannot_bundle_load_one_by_one_each_with_a_preload_hint(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = tmp_path / "static"
    shutil.copytree(STATIC, root)
    words = root / "js" / "words.js"
    words.write_text(words.read_text() + "\nexport default 1;\n")
    store = Assets(root)
    assert not store.bundled and "cannot bundle" in caplog.text
    page = Page(store, (root / "index.html").read_text()).render([])
    assert re.search(r'<script type="module" src="/static/js/app\.js\?v=\w+">', page)
    hinted = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', page))
    assert hinted == module_graph("/static/js/app.js") - {"/static/js/app.js"}


def test_gzip_is_not_sent_to_a_client_that_refuses_it() -> None:
    assert assets_module._accepts_gzip(b"gzip, deflate, br")
    assert assets_module._accepts_gzip(b"*")
    assert not assets_module._accepts_gzip(b"gzip;q=0, identity")
    assert not assets_module._accepts_gzip(b"identity")
    assert gzip.decompress(assets_module.Asset.of("/static/a.js", b"x" * 500).gzipped or b"")

"""A phone on mobile data: time to the first usable button of home and of a room page.

Starts `python -m app` on a free 127.0.0.1 port with a temporary SQLite database, creates a
room through the API (a Bukméker night, as a host would), then opens `/` and `/r/CODE` in
Chromium (Playwright, /usr/bin/chromium) as a phone on fast 3G as Lighthouse defines it:
562.5 ms round trip, 180 000 B/s down, 84 375 B/s up, CPU 4x slower, cache disabled
(../shared/TESTING.md, "A phone on mobile data"). Each run is a fresh browser context.

"First usable button": the first enabled <button> the app draws in the page's content
(`#main`) or its action bar (`#bar`), timed inside the page from its navigation start
(`performance.now()` when a MutationObserver first sees one; the menu button of the static
header does not count, it does nothing before the scripts run). Also printed: the requests the
page made by then and the bytes they took on the wire (headers included), per kind.

    .venv/bin/python bench/mobile_load.py [--runs 5] [--no-throttle] [--warm]

`--warm`: a phone coming back (the cache on, the page opened once before the timed open):
what the versioned files' year-long caching saves. Requests served from the cache are not
counted.

Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from playwright.async_api import Browser, async_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
FAST_3G = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 180000,
    "uploadThroughput": 84375,
}
CPU_SLOWDOWN = 4

# Records, in the page's own clock, when an enabled button first shows in #main or #bar.
PROBE = """
(() => {
  const seek = () => {
    if (window.__firstButton !== undefined) return;
    const b = document.querySelector("#main button:not([disabled]), #bar button:not([disabled])");
    if (b) window.__firstButton = { at: performance.now(), text: b.textContent.trim() };
  };
  new MutationObserver(seek).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"],
  });
})();
"""


@dataclass
class Run:
    ms: float
    button: str
    requests: int = 0
    wire_bytes: int = 0
    by_kind: dict[str, list[int]] = field(default_factory=dict)  # kind -> [count, bytes]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, db: Path) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite+aiosqlite:///{db}",
        "PORT": str(port),
        "HOST": "127.0.0.1",
        "LOG_LEVEL": "warning",
        "HTTP_READS_PER_MINUTE": "100000",
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "app", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        if server.poll() is not None:
            raise SystemExit(f"the server exited with {server.returncode}")
        time.sleep(0.1)
    server.terminate()
    raise SystemExit("the server did not answer /healthz within 30 s")


def kind_of(url: str, resource: str) -> str:
    path = url.split("://", 1)[-1].split("/", 1)[-1].split("?", 1)[0]
    if path.endswith(".js"):
        return "js"
    if path.endswith(".css"):
        return "css"
    if path.endswith(".json"):
        return "json" if not path.startswith("api/") else "api"
    if path.startswith("api/"):
        return "api"
    return resource.lower()


async def one_run(browser: Browser, url: str, throttle: bool, warm: bool = False) -> Run:
    context = await browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="en-GB",
    )
    try:
        await context.add_init_script(PROBE)
        page = await context.new_page()
        cdp = await context.new_cdp_session(page)
        await cdp.send("Network.enable")
        await cdp.send("Network.setCacheDisabled", {"cacheDisabled": not warm})
        if throttle:
            await cdp.send("Network.emulateNetworkConditions", FAST_3G)
            await cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        sent: dict[str, tuple[str, str, float]] = {}  # requestId -> (url, type, wall time)
        done: dict[str, tuple[int, float]] = {}  # requestId -> (bytes, timestamp)
        cdp.on(
            "Network.requestWillBeSent",
            lambda e: sent.setdefault(
                e["requestId"], (e["request"]["url"], e.get("type", "Other"), e["timestamp"])
            ),
        )
        cdp.on(
            "Network.loadingFinished",
            lambda e: done.__setitem__(
                e["requestId"], (int(e["encodedDataLength"]), e["timestamp"])
            ),
        )
        cached: set[str] = set()
        cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
        if warm:  # the first visit, untimed
            await page.goto(url)
            await page.wait_for_selector("#main button:enabled, #bar button:enabled")
            sent.clear()
            done.clear()
        await page.goto(url, wait_until="commit")
        await page.wait_for_selector(
            "#main button:enabled, #bar button:enabled", state="attached", timeout=60_000
        )
        found = await page.evaluate("window.__firstButton")
        run = Run(ms=float(found["at"]), button=str(found["text"]))
        # The requests sent before the button showed (CDP's timestamps are monotonic seconds;
        # the first request is the page's own, sent at its navigation start).
        if sent:
            first = min(t for _, _, t in sent.values())
            cutoff = first + run.ms / 1000
            for rid, (req_url, kind, t) in sent.items():
                if t > cutoff or rid in cached:
                    continue
                size = done.get(rid, (0, 0.0))[0]
                run.requests += 1
                run.wire_bytes += size
                tally = run.by_kind.setdefault(kind_of(req_url, kind), [0, 0])
                tally[0] += 1
                tally[1] += size
        return run
    finally:
        await context.close()


def create_room(base: str) -> str:
    body = {"game": "focifogadas", "mode": "bukmeker", "name": "Bence"}
    answer = httpx.post(f"{base}/api/rooms", json=body, timeout=10)
    answer.raise_for_status()
    code: str = answer.json()["code"]
    joined = httpx.post(f"{base}/api/rooms/{code}/join", json={"name": "Anna"}, timeout=10)
    joined.raise_for_status()
    return code


def report(name: str, runs: list[Run]) -> None:
    times = [r.ms for r in runs]
    middle = sorted(runs, key=lambda r: r.ms)[len(runs) // 2]
    spread = ", ".join(f"{t / 1000:.2f}" for t in times)
    print(f"{name}: first usable button {statistics.median(times) / 1000:.2f} s median ({spread})")
    print(
        f"  button {middle.button!r}; {middle.requests} requests, "
        f"{middle.wire_bytes / 1024:.1f} KiB on the wire before it"
    )
    for kind, (count, size) in sorted(middle.by_kind.items(), key=lambda kv: -kv[1][1]):
        print(f"    {kind:<10} {count:>3} requests {size / 1024:>8.1f} KiB")


async def bench(runs: int, throttle: bool, warm: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start_server(port, Path(tmp) / "bench.db")
        base = f"http://127.0.0.1:{port}"
        try:
            code = create_room(base)
            async with async_playwright() as p:
                browser = await p.chromium.launch(
                    executable_path=CHROMIUM,
                    args=[
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                    ],
                )
                try:
                    shape = "fast 3G, CPU 4x" if throttle else "no throttling"
                    shape += ", cache on, second visit" if warm else ", cache off"
                    print(f"{runs} runs each, {shape}, Chromium {browser.version}")
                    for name, path in (("home", "/"), (f"room /r/{code}", f"/r/{code}")):
                        report(
                            name,
                            [
                                await one_run(browser, base + path, throttle, warm)
                                for _ in range(runs)
                            ],
                        )
                finally:
                    await browser.close()
        finally:
            server.terminate()
            server.wait(10)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per page (median printed)")
    parser.add_argument(
        "--no-throttle", action="store_true", help="no network or CPU emulation (a quick check)"
    )
    parser.add_argument(
        "--warm", action="store_true", help="a second visit with the cache on (a phone back)"
    )
    args = parser.parse_args(argv)
    asyncio.run(bench(args.runs, not args.no_throttle, args.warm))


if __name__ == "__main__":
    main()

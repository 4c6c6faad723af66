"""QR flood (issue 21, finding 1): FLOODERS clients loop on `GET /r/{code}/qr.svg` while one
normal client times `GET /api/games`; prints the normal client's p50/p95/p99/max and how the
flooders were answered.

    python -m bench.attacks.qr_flood http://127.0.0.1:8000 [--flooders 4] [--seconds 5]
        [--code-length 2900]   # 6 = valid codes (a new one each time: never cached)
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass
from multiprocessing.queues import Queue

import httpx

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


@dataclass
class Figures:
    p50_ms: float
    p95_ms: float
    p99_ms: float  # of the ~60 requests timed, that is the slowest
    max_ms: float
    normal_requests: int
    flood_answers: Counter[int]
    quiet_p50_ms: float  # the same client the second before the flood began
    quiet_p95_ms: float
    quiet_p99_ms: float

    def __str__(self) -> str:
        answers = ", ".join(f"{n} x {status}" for status, n in sorted(self.flood_answers.items()))
        return (
            f"normal client: before the flood p50 {self.quiet_p50_ms:.1f} ms, p95 "
            f"{self.quiet_p95_ms:.1f} ms, p99 {self.quiet_p99_ms:.1f} ms; during it p50 "
            f"{self.p50_ms:.1f} ms, p95 {self.p95_ms:.1f} ms, p99 {self.p99_ms:.1f} ms, "
            f"max {self.max_ms:.1f} ms over {self.normal_requests} "
            f"requests; flood: {answers}"
        )


def _percentiles(took: list[float]) -> tuple[float, float, float, float]:
    """p50, p95, p99 and the slowest."""
    took = sorted(took)

    def q(share: float) -> float:
        return took[min(len(took) - 1, round(len(took) * share))]

    return statistics.median(took), q(0.95), q(0.99), took[-1]


async def _flooder(url: str, length: int, until: float, answers: Counter[int]) -> None:
    rng = random.Random()
    stem = "".join(rng.choice(ALPHABET) for _ in range(max(0, length - 6)))  # drawn once
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        while time.monotonic() < until:
            code = (stem + "".join(rng.choice(ALPHABET) for _ in range(6)))[-length:]
            try:
                answers[(await http.get(f"/r/{code}/qr.svg")).status_code] += 1
            except httpx.HTTPError:
                answers[0] += 1


async def _normal(url: str, until: float) -> list[float]:
    took: list[float] = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        (await http.get("/api/games")).raise_for_status()  # connected, warm: not counted
        while time.monotonic() < until:
            started = time.perf_counter()
            (await http.get("/api/games")).raise_for_status()
            took.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.02)
    return took


async def _flood(url: str, flooders: int, length: int, seconds: float) -> Counter[int]:
    until = time.monotonic() + seconds
    answers: Counter[int] = Counter()
    await asyncio.gather(*(_flooder(url, length, until, answers) for _ in range(flooders)))
    return answers


def _flood_process(url: str, flooders: int, length: int, seconds: float, out: Queue) -> None:  # type: ignore[type-arg]
    out.put(asyncio.run(_flood(url, flooders, length, seconds)))


async def flood(url: str, flooders: int = 4, seconds: float = 5.0, length: int = 6) -> Figures:
    """The flooders run in a process of their own, so that the time the normal client
    measures is the server's, not that of its own event loop busy with the flood."""
    quiet = await _normal(url, time.monotonic() + 1.0)
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    flooding = context.Process(target=_flood_process, args=(url, flooders, length, seconds, out))
    flooding.start()
    await asyncio.sleep(0.5)  # the flood is under way before the first measurement
    took = await _normal(url, time.monotonic() + seconds - 0.7)
    answers: Counter[int] = await asyncio.to_thread(out.get, True, 60)
    await asyncio.to_thread(flooding.join, 10)
    p50, p95, p99, worst = _percentiles(took)
    quiet_p50, quiet_p95, quiet_p99, _ = _percentiles(quiet)
    return Figures(p50, p95, p99, worst, len(took), answers, quiet_p50, quiet_p95, quiet_p99)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("--flooders", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--code-length", type=int, default=6)
    args = parser.parse_args()
    print(asyncio.run(flood(args.url, args.flooders, args.seconds, args.code_length)))


if __name__ == "__main__":
    main()

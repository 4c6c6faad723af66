"""Paired load runs of two builds on this machine: server CPU µs per action at both shapes.

Issue 38 §7 (nothing bought with speed) and §2 (another server runtime): each build is a git
revision, checked out as a detached worktree under /tmp (removed at the end), optionally
followed by `:granian` to serve it with granian instead of uvicorn (bench/serve_granian.py of
this checkout, since an older revision has none, serving the worktree's app), then optionally
by `+NAME=value` settings for its server (`HEAD+FAST_WIRE=false`: the same build with one
fast path off, app/fast). Every run is this checkout's
`bench/load.py full` (the same load generator for both builds, in a process of its own,
`ODDS_SIMS=0`) with the server started from the build's worktree and the same .venv, at
saturation (200 rooms × 4, every seat plays at once) and at human pace (500 rooms × 4, a mean
pause of 2 s), in interleaved pairs: A B, then B A, … (on a shared machine the speed drifts).
It prints one JSON line per run, then a table of server CPU µs per action (median and min),
actions/s and p99 per build and shape, and the ratio of the medians B / A.

    .venv/bin/python bench/paired.py 3084f8c HEAD                       # 2 pairs, 30 s windows
    .venv/bin/python bench/paired.py 3084f8c main --pairs 1 --seconds 10  # a quick look
    .venv/bin/python bench/paired.py HEAD HEAD:granian --pairs 2 --seconds 30
    .venv/bin/python bench/paired.py HEAD HEAD+FAST_WIRE=false --pairs 2 --seconds 20
    .venv/bin/python bench/paired.py A B --shapes saturation --out runs.jsonl

The figures worth comparing are server CPU per action (the load generator shares the 2 cores,
so actions/s and latency move with whatever else runs); the load average before each run is
in its JSON line.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHAPES = {"saturation": (200, 0.0), "pace": (500, 2.0)}  # rooms × 4 clients, mean pause (s)


def one_run(checkout: str, server: str, rooms: int, pace: float, seconds: float) -> None:
    """In a child process: one `load.py full` run of the server in `checkout`; a JSON line."""
    sys.path.insert(0, str(HERE))
    import load

    load.ROOT = Path(checkout)  # the server's cwd, whose `app` it serves: the build's code
    os.environ[load.SERVER_ENV] = server
    figures = load.run(load.run_load("full", rooms, 4, seconds, pace, None))
    print(json.dumps({k: v for k, v in figures.items() if k != "error_codes"}), flush=True)


def run_child(
    command: list[str], cwd: Path, timeout: float, settings: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """One run in a process of its own (its server dies with it, and inherits `settings`); a
    run over `timeout` seconds fails with what it said."""
    env = os.environ | {"ODDS_SIMS": "0"} | settings
    try:
        return subprocess.run(
            command, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired as exc:
        said = exc.stderr.decode() if isinstance(exc.stderr, bytes) else exc.stderr or ""
        return subprocess.CompletedProcess(command, -9, "", said + "\ntimed out")


def worktree(rev: str, where: Path) -> Path:
    path = where / rev.replace("/", "_")
    if not path.exists():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(path), rev],
            check=True,
        )
    return path


def table(runs: list[dict[str, Any]], builds: list[str]) -> str:
    lines = [
        "| shape | build | runs | server CPU µs/action median / min | actions/s median "
        "| p99 ms median |",
        "|---|---|---|---|---|---|",
    ]
    for shape in SHAPES:
        medians = []
        for build in builds:
            mine = [
                r for r in runs if r["shape"] == shape and r["build"] == build and "failed" not in r
            ]
            if not mine:
                continue
            cpu = [r["server_cpu_us_per_action"] for r in mine]
            medians.append(statistics.median(cpu))
            lines.append(
                f"| {shape} | {build} | {len(mine)} | {statistics.median(cpu):.0f} / {min(cpu):.0f} "
                f"| {statistics.median(r['actions_per_s'] for r in mine):.0f} "
                f"| {statistics.median(r['p99_ms'] for r in mine):.0f} |"
            )
        if len(medians) == 2:
            lines.append(f"| {shape} | B / A | | {medians[1] / medians[0]:.3f} | | |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "a",
        nargs="?",
        help="build A: a git revision, optionally :granian, then +NAME=value settings",
    )
    parser.add_argument("b", nargs="?", help="build B: the same")
    parser.add_argument("--pairs", type=int, default=2, help="pairs per shape (A B, B A, …)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured window of a run")
    parser.add_argument("--shapes", default="saturation,pace", help="saturation, pace or both")
    parser.add_argument("--out", type=Path, help="also append the JSON lines to this file")
    parser.add_argument(
        "--one", nargs=4, metavar=("CHECKOUT", "SERVER", "ROOMS", "PACE"), help=argparse.SUPPRESS
    )  # a child's run
    args = parser.parse_args()
    if args.one:
        checkout, server, rooms, pace = args.one
        one_run(checkout, server, int(rooms), float(pace), args.seconds)
        return
    if not (args.a and args.b):
        parser.error("two builds: A and B")
    shapes = [s.strip() for s in args.shapes.split(",") if s.strip()]
    if not set(shapes) <= set(SHAPES):
        parser.error("--shapes: saturation, pace, or both (comma-separated)")
    builds = [args.a, args.b]
    where = Path(tempfile.mkdtemp(prefix="paired-"))
    runs: list[dict[str, Any]] = []
    checkouts: dict[str, tuple[Path, str, str, dict[str, str]]] = {}
    try:
        for build in builds:
            head, *assignments = build.split("+")
            rev, _, server = head.partition(":")
            if not all("=" in a for a in assignments):
                parser.error(f"{build}: settings are +NAME=value")
            settings = dict(a.split("=", 1) for a in assignments)
            if server not in ("", "uvicorn", "granian"):
                parser.error(f"{build}: the server is uvicorn or granian")
            commit = subprocess.run(
                ["git", "-C", str(ROOT), "rev-parse", "--short", rev],
                check=True,
                capture_output=True,
                text=True,
            ).stdout.strip()
            checkouts[build] = (worktree(commit, where), server or "uvicorn", commit, settings)
        for pair in range(args.pairs):
            order = builds if pair % 2 == 0 else builds[::-1]
            for shape in shapes:
                rooms, pace = SHAPES[shape]
                for build in order:
                    path, server, commit, settings = checkouts[build]
                    load_avg = " ".join(Path("/proc/loadavg").read_text().split()[:3])
                    child = run_child(
                        [
                            sys.executable,
                            __file__,
                            "--one",
                            str(path),
                            server,
                            str(rooms),
                            str(pace),
                            "--seconds",
                            str(args.seconds),
                        ],
                        path,
                        timeout=args.seconds * 3 + 240,
                        settings=settings,
                    )
                    run: dict[str, Any] = {
                        "build": build,
                        "commit": commit,
                        "server": server,
                        "shape": shape,
                        "pair": pair + 1,
                        "load": load_avg,
                    }
                    last = (child.stdout.strip().splitlines() or [""])[-1]
                    if child.returncode == 0 and last.startswith("{"):
                        run |= json.loads(last)
                    else:
                        run["failed"] = child.stderr.strip().splitlines()[-3:]
                    runs.append(run)
                    line = json.dumps(run)
                    print(line, flush=True)
                    if args.out:
                        with args.out.open("a") as f:
                            f.write(line + "\n")
    finally:
        for path in {c[0] for c in checkouts.values()}:
            with contextlib.suppress(subprocess.CalledProcessError):
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)],
                    check=True,
                    capture_output=True,
                )
        shutil.rmtree(where, ignore_errors=True)
    print()
    print(table(runs, builds))


if __name__ == "__main__":
    main()

"""Where a live server's CPU goes, part by part: `load.py full` with the main parts of the
server's command path timed on its own thread's CPU clock around every call, inside load.py's
window only.

The server is `python -m app` as load.py starts it, with this file's `install()` run at its
interpreter's start (a `sitecustomize` on its PYTHONPATH only): each part below is wrapped in
`time.thread_time_ns()`, the collector's passes are timed through `gc.callbacks`, and on
SIGUSR1 the server appends its totals to a file. load.py reads the server's CPU at the
window's start and end; here each of those reads first sends SIGUSR1, so the difference of
the last two lines is the window's. Parts are per committed action (`app.metrics.ACTIONS`).
Unlike py-spy's samples (bench/README.md, twelfth pass), these are timed; a wrapper costs
~1.5 µs a call (two clock reads), ~11 calls an action, which the figures include.

    ODDS_SIMS=0 .venv/bin/python bench/live_parts.py --rooms 500 --pace 2 --seconds 30  # human pace
    ODDS_SIMS=0 .venv/bin/python bench/live_parts.py --rooms 200 --seconds 30           # saturation
"""

from __future__ import annotations

import argparse
import ast
import functools
import gc
import importlib
import os
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

OUT = "LIVE_PARTS_OUT"  # the server's environment: where it appends its totals

# (label, module, attribute path): synchronous calls, timed whole. Indented labels run inside
# the part above them (not added twice to the sum).
PARTS = [
    ("an act parsed (pydantic)", "app.api.ws", "Session.parse"),
    ("the engine's step", "app.rooms.push.views", "RoomSnapshot.step"),
    ("the commit (SQLite)", "app.db.journal", "Journal._commit_sync"),
    ("the copy moved on", "app.rooms.push.views", "RoomSnapshot.take"),
    ("the push: views, queued", "app.rooms.push.hub", "Hub.push"),
    ("the wire: frames onto the transport", "app.rooms.push.connection", "Connection._flush"),
    ("  of which the transport's write()", "app.fast.wire", "Wire.write"),
]


# --- in the server -------------------------------------------------------------------------


def install() -> None:
    """Wrap the parts and answer SIGUSR1 with the totals (run by the server's sitecustomize)."""
    out = os.environ.get(OUT)
    if not out:
        return
    clock = time.thread_time_ns
    spent: Counter[str] = Counter()
    calls: Counter[str] = Counter()

    def timed(label: str, fn: Any) -> Any:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            began = clock()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[label] += clock() - began
                calls[label] += 1

        return wrapper

    for label, module, path in PARTS:
        owner_name, _, name = path.rpartition(".")
        owner = getattr(importlib.import_module(module), owner_name)
        raw = owner.__dict__[name]
        if isinstance(raw, staticmethod):
            setattr(owner, name, staticmethod(timed(label, raw.__func__)))
        else:
            setattr(owner, name, timed(label, raw))

    collecting: list[int] = [0]
    loop_thread = threading.get_ident()  # the event loop's (the database's own run elsewhere)

    def collector(phase: str, info: dict[str, int]) -> None:
        if threading.get_ident() != loop_thread:
            return
        if phase == "start":
            collecting[0] = clock()
        else:
            label = f"the collector, generation {info['generation']}"
            spent[label] += clock() - collecting[0]
            calls[label] += 1

    gc.callbacks.append(collector)
    from app import metrics

    def dump(_signum: int, _frame: Any) -> None:
        totals = {
            "cpu_ns": time.process_time_ns(),
            "actions": metrics.REGISTRY.get_sample_value("pitchside_actions_applied_total"),
            "spent": dict(spent),
            "calls": dict(calls),
        }
        with open(out, "a") as f:
            f.write(repr(totals) + "\n")

    signal.signal(signal.SIGUSR1, dump)


# --- the benchmark -------------------------------------------------------------------------


def report(lines: list[str]) -> None:
    if len(lines) < 2:
        raise SystemExit("the server wrote no totals for the window")
    before, after = (ast.literal_eval(line) for line in lines[-2:])
    actions = after["actions"] - before["actions"]
    cpu_us = (after["cpu_ns"] - before["cpu_ns"]) / 1000
    if actions <= 0:
        raise SystemExit("no action was applied in the window")
    print(f"\nserver CPU in the window: {cpu_us / actions:.0f} µs an action, {actions:.0f} actions")
    print(f"{'part':46s} {'µs/action':>9s} {'share':>6s} {'calls/action':>12s} {'µs/call':>8s}")
    labels = [label for label, _, _ in PARTS] + sorted(
        k for k in after["spent"] if k.startswith("the collector")
    )
    outer = 0.0
    for label in labels:
        spent = (after["spent"].get(label, 0) - before["spent"].get(label, 0)) / 1000
        calls = after["calls"].get(label, 0) - before["calls"].get(label, 0)
        if not label.startswith(" "):
            outer += spent
        per_call = spent / calls if calls else 0.0
        print(
            f"{label:46s} {spent / actions:9.1f} {100 * spent / cpu_us:5.1f}% "
            f"{calls / actions:12.2f} {per_call:8.1f}"
        )
    rest = cpu_us - outer
    print(
        f"{'the rest (uvicorn, event loop, glue, lobby)':46s} {rest / actions:9.1f} "
        f"{100 * rest / cpu_us:5.1f}%"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pace", type=float, default=0.0, help="mean seconds between actions")
    args = parser.parse_args()

    here = Path(__file__).resolve().parent
    sys.path.insert(0, str(here))
    import load

    site = Path(tempfile.mkdtemp())
    (site / "sitecustomize.py").write_text("import live_parts\n\nlive_parts.install()\n")
    totals = site / "totals"
    spawn = load._spawn

    def spawn_timed(command: list[str], env: dict[str, str]) -> Any:
        path = os.pathsep.join([str(site), str(here), env.get("PYTHONPATH", "")])
        return spawn(command, env | {"PYTHONPATH": path, OUT: str(totals)})

    read_cpu = load.Server.cpu_seconds

    def cpu_seconds(server: Any) -> float:
        os.kill(server.process.pid, signal.SIGUSR1)  # its totals, as near this read as may be
        return read_cpu(server)

    load._spawn = spawn_timed
    load.Server.cpu_seconds = cpu_seconds  # type: ignore[method-assign]
    figures = load.run(
        load.run_load("full", args.rooms, args.clients, args.seconds, args.pace, None)
    )
    print(
        f"load.py: {figures['actions_per_s']:.0f} actions/s, "
        f"{figures['server_cpu_us_per_action']:.0f} µs of server CPU an action "
        f"(p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms)"
    )
    report(totals.read_text().splitlines())


if __name__ == "__main__":
    main()

"""Instructions per move: `bench/command_path.py` under `valgrind --tool=callgrind`, counted.

The measure every change to the command path has been held to since the fifth pass
(bench/README.md): timings on this shared machine move by more than most changes save,
instruction counts do not. `command_path.py` runs twice under callgrind, side by side (the
machine's two cores), with `--moves M` and `--moves M + 2000` and the same rooms, and the
difference / 2000 is what one move costs, without the process's start, the rooms' creation
and its end. Without `--together` each move is a lone commit (human pace's shape), and two
runs of one tree repeat to ~1 %; with it, moves are committed in the batches that timing
gives them, and runs differ by ~5 %.

    .venv/bin/python bench/move_instructions.py               # lone moves, ~4 minutes
    .venv/bin/python bench/move_instructions.py --together    # saturation's batches
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import ROOT
from start_instructions import callgrind_total

MORE = 2000  # the moves between the two runs


def instructions(moves: int, extra: list[str]) -> int:
    """Total instructions of `command_path.py --moves moves` and `extra`, start to end."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                str(ROOT / "bench" / "command_path.py"),
                "--moves",
                str(moves),
                *extra,
            ],
            env=os.environ | {"PYTHONHASHSEED": "0"},
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=True,
        )
        return callgrind_total(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--moves", type=int, default=600, help="the first run's (default 600)")
    parser.add_argument("--together", action="store_true", help="every room acts at once")
    args = parser.parse_args()
    extra = ["--rooms", str(args.rooms)]
    extra += ["--together"] if args.together else []
    with ThreadPoolExecutor(2) as both:
        few, more = both.map(lambda n: instructions(n, extra), (args.moves, args.moves + MORE))
    print(f"instructions per move: {(more - few) / MORE:,.0f}")


if __name__ == "__main__":
    main()

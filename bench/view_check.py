"""Long property run: every view of thousands of whole matches, as the server makes them,
against the same views made from scratch (tests/support/fresh_views.py).

For each mode of each game at its fewest and most players, `--matches` random whole matches
(seeds from `--first`) are played on the live path; at every seq each viewer's view must
equal the view of a room made from the state's JSON. The test suite runs 200 steps of one match of
each (tests/rooms/test_fresh_views.py); this is the run that the caches of issue 20 answer
to (bench/README.md). Prints what was compared per mode; exits 1 at the first view that
differs, saying where.

    .venv/bin/python bench/view_check.py                     # 100 matches a mode (~6 min)
    .venv/bin/python bench/view_check.py --game focifogadas --matches 2000
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games import registry
from tests.support.fresh_views import Checked, Mismatch, check_match, every_mode


def run(job: tuple[str, str, int, range]) -> tuple[str, Checked, float, str | None]:
    """One mode's matches; the first mismatch ends them."""
    game_id, mode, players, seeds = job
    game = registry.get(game_id)
    assert game is not None
    checked, started, failed = Checked(), time.process_time(), None
    try:
        for seed in seeds:
            check_match(game, mode, players, seed, checked)
    except Mismatch as exc:
        failed = str(exc)
    return f"{game_id} {mode} ×{players}", checked, time.process_time() - started, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100, help="whole matches per mode")
    parser.add_argument("--game", help="one game only (its id), else every game")
    parser.add_argument("--first", type=int, default=0, help="the first match's seed")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.matches)
    games = [g for g in registry.all_games() if args.game in (None, g.id)]
    if not games:
        parser.error(f"no game {args.game!r}")
    jobs = [(g.id, m, p, seeds) for g, m, p in every_mode(games)]
    failures = 0
    with Pool(args.workers) as pool:
        for name, checked, cpu, failed in pool.imap_unordered(run, jobs):
            print(
                f"{name}: {checked.matches} matches, {checked.steps} steps; equal to the fresh "
                f"views: {checked.views}; {cpu:.0f} s of CPU"
                + (f"; DIFFERS at {failed}" if failed else "")
            )
            failures += failed is not None
    print("every view equal" if not failures else f"{failures} mode(s) with a view that differs")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

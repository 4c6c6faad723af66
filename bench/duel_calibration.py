"""Football Duel calibration: random play against the rules file's table, and the bot's edge.

    .venv/bin/python bench/duel_calibration.py [--matches 3000] [--all-rows] [--workers 2]

Random legal play (every legal action equally likely, arrangement swaps included) over two
halves, compared with the calibration table of docs/rules/duel.md; then the bot against random play,
the bot's seat alternating. Prints matches per second for each run.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games.duel import GAME
from tests.engines.duel.play import Match, bot, uniform

# docs/rules/duel.md "Calibration": copies -> (goals per match, possessions per match, share of 0:0)
TABLE = {2: (1.4, 13, 0.23), 3: (2.7, 25, 0.05), 4: (4.0, 37, 0.01)}


def random_match(job: tuple[int, int]) -> tuple[int, int, bool]:
    seed, copies = job
    state = Match(seed, {"copies": copies}, (uniform, uniform)).final()
    return sum(state.score), state.possessions, state.score == (0, 0)


def bot_match(seed: int) -> tuple[int, int, int]:
    """(bot goals, random goals, +1 bot won / 0 draw / -1 bot lost); the bot sits in seat seed % 2."""
    seat = seed % 2
    policies = (bot, uniform) if seat == 0 else (uniform, bot)
    state = Match(seed, {}, policies).final()
    result = GAME.result(state)
    assert result is not None
    won = 1 if result["winners"] == [seat] else -1 if result["winners"] else 0
    return state.score[seat], state.score[1 - seat], won


def calibrate(pool: Pool, matches: int, copies: int) -> None:  # type: ignore[type-arg]
    start = time.perf_counter()
    rows = pool.map(random_match, [(seed, copies) for seed in range(matches)], chunksize=25)
    rate = matches / (time.perf_counter() - start)
    goals = sum(r[0] for r in rows) / matches
    possessions = sum(r[1] for r in rows) / matches
    nil = sum(r[2] for r in rows) / matches
    want = TABLE[copies]
    print(
        f"{copies:>6} | {goals:5.2f} ({want[0]:.1f}) | {possessions:6.2f} ({want[1]:>2}) "
        f"| {nil:6.1%} ({want[2]:.0%}) | {rate:6.1f}"
    )


def bot_edge(pool: Pool, matches: int) -> None:  # type: ignore[type-arg]
    start = time.perf_counter()
    rows = pool.map(bot_match, range(matches), chunksize=25)
    rate = matches / (time.perf_counter() - start)
    wins = sum(r[2] == 1 for r in rows)
    draws = sum(r[2] == 0 for r in rows)
    losses = matches - wins - draws
    print(f"\nBot against random play, {matches} matches (copies 3, two halves):")
    print(
        f"  bot wins {wins / matches:.1%}, draws {draws / matches:.1%}, loses {losses / matches:.1%}"
    )
    print(
        f"  goals per match: bot {sum(r[0] for r in rows) / matches:.2f}, "
        f"random {sum(r[1] for r in rows) / matches:.2f}"
    )
    print(f"  {rate:.1f} matches/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3000)
    parser.add_argument("--all-rows", action="store_true", help="also copies 2 and 4")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rows = (2, 3, 4) if args.all_rows else (3,)
    print(f"Random legal play, {args.matches} matches per row, two halves ({args.workers} workers)")
    print("copies | goals/match (rules) | possessions (rules) | 0:0 (rules) | matches/s")
    with Pool(args.workers) as pool:
        for copies in rows:
            calibrate(pool, args.matches, copies)
        bot_edge(pool, args.matches)


if __name__ == "__main__":
    main()

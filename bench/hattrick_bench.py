"""Hat Trick bench: goals and shots per match over bot-vs-bot matches, and throughput.

    .venv/bin/python bench/hattrick_bench.py [--matches 3000] [--workers 2] [--knockout]

Plays whole matches with `GAME.bot_action` in both seats (seed = match number) and prints goals,
shots, fouls, send-offs and SOs per match, how halves ended, and matches per second. Then the
goal rate per shot next to docs/rules/hattrick.md Appendix C (keeper save cards after the penalty
reduction, before the +/− overlay; the Appendix assumes uniform independent cards and a keeper
who guesses at random, the bots do neither, so only the shape should agree).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games.hattrick import GAME

# docs/rules/hattrick.md Appendix C: base save cards -> goal share for power 4..8
APPENDIX_C = {
    1: (0.65, 0.79, 0.88, 0.94, 0.98),
    2: (0.32, 0.48, 0.59, 0.71, 0.81),
    3: (0.07, 0.15, 0.27, 0.39, 0.52),
    4: (0.01, 0.02, 0.06, 0.13, 0.22),
}
COUNTED = ("goal", "shot_result", "sent_off", "yellow_card", "scoring_opportunity", "contest")


def play(job: tuple[int, bool]) -> tuple[Counter[str], Counter[tuple[int, int, str]], int]:
    """One bot match: event counts, shots by (save cards, power, outcome), actions."""
    seed, knockout = job
    state = GAME.new("match", {"knockout": knockout}, 2, seed)
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    shots: Counter[tuple[int, int, str]] = Counter()
    actions = 0
    pending: tuple[int, int] | None = None
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        action = GAME.bot_action(state, seat, rng)
        assert action is not None
        state, events = GAME.apply(state, seat, action)
        actions += 1
        for e in events:
            name = e["event"]
            if name in COUNTED:
                counts[name] += 1
            if name == "shot_cards_revealed":
                pending = (e["base"] - e["penalty"], e["power"])
            if name == "shot_result" and pending is not None and state.half != 4:
                shots[(*pending, e["outcome"])] += 1
            if name == "shootout_started":
                counts["shootouts"] += 1
    counts["valve_halves"] += int(state.valve >= 20)
    return counts, shots, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--knockout", action="store_true")
    args = parser.parse_args()
    jobs = [(seed, args.knockout) for seed in range(args.matches)]
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        results = pool.map(play, jobs, chunksize=25)
    elapsed = time.perf_counter() - start
    n = len(results)
    totals: Counter[str] = Counter()
    shots: Counter[tuple[int, int, str]] = Counter()
    for counts, s, _ in results:
        totals.update(counts)
        shots.update(s)
    actions = sum(a for *_, a in results)
    print(f"{n} bot-vs-bot matches (knockout={args.knockout}) in {elapsed:.1f} s")
    print(
        f"  matches/s {n / elapsed:.1f} with {args.workers} workers; actions/match {actions / n:.0f}"
    )
    for label, key in (
        ("goals/match", "goal"),
        ("shots/match", "shot_result"),
        ("SOs/match", "scoring_opportunity"),
        ("contests/match", "contest"),
        ("yellow cards/match", "yellow_card"),
        ("send-offs/match", "sent_off"),
        ("shoot-outs/match", "shootouts"),
    ):
        print(f"  {label:<20} {totals[key] / n:.2f}")
    goals_from_shots = sum(v for (_, _, o), v in shots.items() if o == "goal")
    all_shots = sum(shots.values())
    print(f"  goals per shot {goals_from_shots / max(1, all_shots):.2f}")
    print("\nGoal share per shot (save cards after penalty; Appendix C in brackets; n shots)")
    print("  cards " + "".join(f"{'power ' + str(p):>22}" for p in range(4, 9)))
    for base in sorted(APPENDIX_C):
        cells = []
        for i, power in enumerate(range(4, 9)):
            taken = sum(v for (b, p, _), v in shots.items() if (b, p) == (base, power))
            goals = shots[(base, power, "goal")]
            share = f"{goals / taken:.2f}" if taken else "  - "
            cells.append(f"{share} ({APPENDIX_C[base][i]:.2f}) n={taken:<5}")
        print(f"  {base:>5} " + "".join(f"{c:>22}" for c in cells))


if __name__ == "__main__":
    main()

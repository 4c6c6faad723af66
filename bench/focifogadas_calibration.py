"""Focifogadás calibration (docs/rules/focifogadas.md §15) and match-engine throughput.

    python bench/focifogadas_calibration.py [--matches 30000] [--seed 1]

Plays `--matches` matches per scenario with `match.play_out` (the fast path that shares every
rule with the engine) and prints turns, goals (sd), corners, yellows and reds per match next
to the rules file's figures, then matches simulated per CPU second (fast path, and the
event-writing engine path on a sample). The scenarios include the §12.1 alternative
`time_advances_per_half = 5`; a last table shows how each `disc_pool` covers the fair
multipliers 1/p(BUK) of the betting cards.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games.base import Rng
from app.games.focifogadas import match, odds
from app.games.focifogadas.bets import is_dark
from app.games.focifogadas.cards import CARDS, CATALOGUE, OWNER
from app.games.focifogadas.options import DISC_POOLS

# §15: turns, goals, goals sd, corners, yellows, reds, P(0:0)
Row = tuple[float | None, float | None, float | None, float | None, float | None]
SPEC: dict[str, tuple[float | None, float | None, *Row]] = {
    "Drukker, random": (63.5, 3.53, 1.75, 2.65, 1.43, 0.72, 0.02),
    "Bukméker, random": (53.5, 2.94, 1.67, 2.21, 1.23, 0.61, 0.05),
    "All players attack": (117.6, 11.0, None, 7.5, 3.0, 1.5, None),
    "All players defend": (43.2, 0.53, None, 0.9, 0.9, 0.4, None),
    # §15 (d): "5 advances per half (start + 4 green) gave about 28 turns per half and 3.1
    # goals per match" (16-card decks); the rules give no figure for Bukméker's 12.
    "Drukker, 5 advances": (56.0, 3.1, None, None, None, None, None),
    "Bukméker, 5 advances": (None, None, None, None, None, None, None),
}


def goal_chance(card: int, section: int, poss: int) -> float:
    """The chance that playing `card` now scores at once (Passzolgatás slightly negative)."""
    kind = CARDS[card].kind
    attacking = OWNER[section] >= 0 and poss != OWNER[section]
    chances = {
        "goal_kickout": 1.0 if attacking else 0.0,
        "goal_pass": 1.0 if attacking else 0.0,
        "penalty_kickout": 10 / 12 if attacking else 0.0,
        "shot_pass": 3 / 12 if attacking else 0.0,
        "foul_box": 0.5 * 10 / 12,
        "corner": 1 / 3,  # 3/12 per roll, 3/12 roll again
        "back_pass": 1 / 12,
        "keep": -0.01,
    }
    return chances.get(kind, 0.0)


def extreme(rnd: random.Random, sign: int) -> match.Chooser:
    def choose(c1: int, c2: int, section: int, poss: int) -> int:
        a, b = sign * goal_chance(c1, section, poss), sign * goal_chance(c2, section, poss)
        if a == b:
            return c1 if rnd.random() < 0.5 else c2
        return c1 if a > b else c2

    return choose


@dataclass
class Scenario:
    name: str
    removed: int  # cards set aside per deck (Bukméker: 4)
    chooser: Callable[[random.Random], match.Chooser | None]
    time_steps: int = match.TIME_STEPS  # §12.1 time_advances_per_half


SCENARIOS = [
    Scenario("Drukker, random", 0, lambda rnd: None),
    Scenario("Bukméker, random", 4, lambda rnd: None),
    Scenario("All players attack", 0, lambda rnd: extreme(rnd, +1)),
    Scenario("All players defend", 0, lambda rnd: extreme(rnd, -1)),
    Scenario("Drukker, 5 advances", 0, lambda rnd: None, time_steps=5),
    Scenario("Bukméker, 5 advances", 4, lambda rnd: None, time_steps=5),
]


def kick_off(
    rnd: random.Random, removed: int, time_steps: int, players: int = 4
) -> match.MatchState:
    piles = []
    for deck in CATALOGUE.decks:
        pile = list(deck)
        rnd.shuffle(pile)
        piles.append(pile[removed:])
    kickoff = rnd.randint(0, 1)
    m, _, _ = match.start_match(
        piles,
        rnd.randrange(players),
        kickoff,
        players,
        Rng(0),
        half_time_break=False,
        time_steps=time_steps,
    )
    return m


def run(scenario: Scenario, matches: int, seed: int) -> tuple[list[float | None], float]:
    rnd = random.Random(seed)
    choose = scenario.chooser(rnd)
    turns, goals, corners, yellows, reds, nil = [], [], [], [], [], 0
    elapsed = 0.0
    for _ in range(matches):
        m = kick_off(rnd, scenario.removed, scenario.time_steps)
        start = time.process_time()
        end = match.play_out(m, rnd, choose)
        elapsed += time.process_time() - start
        rec = match.record(end)
        turns.append(end.turn)
        goals.append(rec.home + rec.away)
        corners.append(rec.corners)
        yellows.append(rec.yellows)
        reds.append(rec.reds)
        nil += rec.home + rec.away == 0
    figures: list[float | None] = [
        statistics.fmean(turns),
        statistics.fmean(goals),
        statistics.pstdev(goals),
        statistics.fmean(corners),
        statistics.fmean(yellows),
        statistics.fmean(reds),
        nil / matches,
    ]
    return figures, matches / elapsed


def engine_rate(matches: int, seed: int) -> float:
    """Matches per second through `match.play` (events, frozen states, the state's Rng)."""
    start = time.process_time()
    for i in range(matches):
        piles, rng, _ = match.shuffle_decks(Rng(seed + i))
        m, rng, _ = match.start_match(piles, 0, 0, 4, rng, half_time_break=False)
        while not match.is_over(m):
            m, rng, _ = match.play(m, match.legal(m)[0]["card"], rng)
    return matches / (time.process_time() - start)


def disc_cover() -> None:
    """Per `disc_pool`: the share of light / dark cards whose fair multiplier 1/p(BUK) lies
    within the pool's range, and the median fair multiplier of the dark cards it cannot reach."""
    print("disc_pool: values × copies; light / dark cards with 1/p(BUK) inside the range")
    for name, (values, copies) in DISC_POOLS.items():
        lo, hi = min(values), max(values)
        fair = {c: 1 / p for c, p in odds.PRIOR.items()}
        light = [f for c, f in fair.items() if not is_dark(c)]
        dark = [f for c, f in fair.items() if is_dark(c)]
        share = [sum(lo <= f <= hi for f in group) / len(group) for group in (light, dark)]
        beyond = statistics.median(f for f in dark if f > hi)
        print(
            f"  {name:<9} {values} × {copies}: light {share[0]:.0%}, dark {share[1]:.0%};"
            f" dark cards past ×{hi}: median fair ×{beyond:.0f}"
        )


def fmt(value: float | None, digits: int = 2) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=30_000, help="matches per scenario")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    head = ["turns", "goals", "sd", "corners", "yellows", "reds", "P(0:0)"]
    print(f"{args.matches} matches per scenario; each cell: simulated / rules §15")
    print(f"{'scenario':<22}" + "".join(f"{h:>15}" for h in head) + f"{'matches/s':>12}")
    for i, scenario in enumerate(SCENARIOS):
        figures, rate = run(scenario, args.matches, args.seed + i)
        spec = SPEC[scenario.name]
        cells = "".join(
            f"{fmt(ours, 3 if col == 6 else 2) + ' / ' + fmt(want, 3 if col == 6 else 2):>15}"
            for col, (ours, want) in enumerate(zip(figures, spec, strict=True))
        )
        print(f"{scenario.name:<22}{cells}{rate:>12.0f}")
    sample = max(50, min(500, args.matches // 60))
    print(f"engine path (match.play with events), {sample} matches: {engine_rate(sample, 7):.0f}/s")
    disc_cover()


if __name__ == "__main__":
    main()

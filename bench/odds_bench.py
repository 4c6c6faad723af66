"""Focifogadás odds bench: simulation speed and the time to price a 6-player Bukméker night.

    .venv/bin/python bench/odds_bench.py [--sims 2000] [--matches 5000] [--seed 1]

Prints simulated matches per second on one core (`match.simulate`, uniformly random play:
12-card Bukméker decks from kick-off, 16-card Drukker decks across the half-time pause), then
`GAME.odds` timings on one 6-player Bukméker night (target: all 18 offered cards at 2,000
simulations each in under 2 s): the public odds before kick-off, at three points of the
match, and the whole job the room runs after one action (public + 6 seats).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.games.base import Rng
from app.games.focifogadas import bukmeker, match
from app.games.focifogadas.bukmeker import BukState
from app.games.focifogadas.game import GAME, FociState

TARGET_SECONDS = 2.0


def matches_per_second(n: int, aside: int, ht: bool, seed: int) -> float:
    piles, rng, _ = match.shuffle_decks(Rng(seed))
    piles = tuple(p[aside:] for p in piles)
    m, _, _ = match.start_match(piles, 0, 0, 6, rng, half_time_break=ht)
    rnd = random.Random(seed)
    began = time.perf_counter()
    for _ in range(n):
        match.simulate(m, rnd)
    return n / (time.perf_counter() - began)


def night(seed: int) -> list[tuple[str, BukState]]:
    """One 6-player night played at random: the states at kick-off and during the match."""
    s = bukmeker.new({}, 6, seed)
    rnd = random.Random(seed)
    marks: list[tuple[str, BukState]] = []
    while bukmeker.phase(s) != "over":
        if (
            s.match is not None
            and s.match.turn in (0, 20, 45, 70)
            and (not marks or marks[-1][1].match is None or marks[-1][1].match.turn != s.match.turn)
        ):
            marks.append((f"turn {s.match.turn} (half {s.match.half})", s))
        if bukmeker.phase(s) == "stakes" and not marks:
            marks.append(("stakes (whole matches)", s))
        seat = min(bukmeker.to_act(s))
        s, _ = bukmeker.apply(s, seat, rnd.choice(bukmeker.legal_actions(s, seat)))
    return marks


def timed(state: FociState, viewer: int | None, context: dict[str, object]) -> float:
    began = time.perf_counter()
    result = GAME.odds(state, viewer, context)
    elapsed = time.perf_counter() - began
    assert result is not None
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=2000)
    parser.add_argument("--matches", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    buk = matches_per_second(args.matches, bukmeker.SET_ASIDE, False, args.seed)
    druk = matches_per_second(args.matches, 0, True, args.seed)
    print(f"simulated matches per second, one core: Bukméker {buk:,.0f}, Drukker {druk:,.0f}")

    context: dict[str, object] = {"seed": 7, "sims": args.sims, "now": 0.0, "event_at": {}}
    worst = 0.0
    for label, s in night(args.seed):
        state = FociState("bukmeker", s)
        cards = len(s.book.offers)
        public = timed(state, None, context)
        everyone = public + sum(timed(state, seat, context) for seat in range(6))
        worst = max(worst, public)
        print(
            f"{label:<24} {cards} cards x {args.sims} sims: public {public:.2f} s,"
            f" public + 6 seats {everyone:.2f} s"
        )
    verdict = "under" if worst < TARGET_SECONDS else "OVER"
    print(f"slowest public pricing {worst:.2f} s: {verdict} the {TARGET_SECONDS:.0f} s target")


if __name__ == "__main__":
    main()

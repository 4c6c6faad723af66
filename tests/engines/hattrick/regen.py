"""Regenerate the golden Hat Trick replays: `python -m tests.engines.hattrick.regen`.

Each `tests/replays/hattrick-<name>.jsonl` holds one whole match: a header (seed, options, who
played), one line per action (seat, action, events, digest of the dumped state) and a last line
with the result and the final dump. Review a regeneration as a diff: a changed line is a changed
rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from app.games.base import Action, Event, bot_move
from app.games.hattrick import GAME
from app.games.hattrick.state import Match
from tests.support import golden
from tests.support.golden import REPLAYS

Policy = Callable[[Match, int, random.Random], Action]


def bot(state: Match, seat: int, rng: random.Random) -> Action:
    action = bot_move(GAME, state, seat, rng)
    assert action is not None
    return action


def hasty(state: Match, seat: int, rng: random.Random) -> Action:
    return rng.choice(GAME.legal_actions(state, seat))


POLICIES: dict[str, Policy] = {"bot": bot, "random": hasty}

# name -> (seed, options, players); seed 16 of the knockout match reaches sudden death
MATCHES: dict[str, tuple[int, dict[str, Any], tuple[str, str]]] = {
    "default": (1, {}, ("bot", "bot")),
    "national-knockout": (
        16,
        {"knockout": True, "team_blue": "BRA", "team_red": "GER"},
        ("bot", "bot"),
    ),
    "bot-vs-random": (
        3,
        {"move_required": True, "half_end_zone": "either_end", "shootout_hand": False},
        ("bot", "random"),
    ),
}


def steps(
    seed: int, options: dict[str, Any], players: tuple[str, str]
) -> Iterator[tuple[int, Action, list[Event], Match]]:
    state = GAME.new("match", options, 2, seed)
    rng = random.Random(seed)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        action = POLICIES[players[seat]](state, seat, rng)
        state, events = GAME.apply(state, seat, action)
        yield seat, action, events, state


def record(name: str) -> list[str]:
    """The replay file's lines for one of `MATCHES`, played afresh."""
    seed, options, players = MATCHES[name]
    header = {"game": "hattrick", "mode": "match", "seed": seed, "options": options}
    return golden.record(GAME, {**header, "players": players}, steps(seed, options, players))


def path(name: str) -> Path:
    return REPLAYS / f"hattrick-{name}.jsonl"


def main() -> None:
    golden.write_all(MATCHES, record, path)


if __name__ == "__main__":
    main()

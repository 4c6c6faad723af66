"""Regenerate the golden Football Duel replays: `python -m tests.engines.duel.regen`.

Each `tests/replays/duel-<name>.jsonl` holds one whole match: a header (seed, options, who
played), one line per action (seat, action, events, digest of the dumped state) and a last line
with the result and the final dump. Review a regeneration as a diff: a changed line is a changed
rule.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.games.duel import GAME
from tests.engines.duel.play import Match, Policy, bot, hasty
from tests.support import golden
from tests.support.golden import REPLAYS

POLICIES: dict[str, Policy] = {"bot": bot, "random": hasty}

# name -> (seed, options, players); seed 9 of the shoot-out match reaches sudden death
MATCHES: dict[str, tuple[int, dict[str, Any], tuple[str, str]]] = {
    "default": (1, {}, ("bot", "bot")),
    "bot-vs-random": (2, {"copies": 2}, ("bot", "random")),
    "shootout": (
        9,
        {"copies": 2, "halves": 1, "extra_time": True, "shootout": True},
        ("bot", "bot"),
    ),
}


def record(name: str) -> list[str]:
    """The replay file's lines for one of `MATCHES`, played afresh."""
    seed, options, players = MATCHES[name]
    match = Match(seed, options, (POLICIES[players[0]], POLICIES[players[1]]))
    header = {"game": "duel", "mode": "match", "seed": seed, "options": options, "players": players}
    steps = ((step.seat, step.action, step.events, step.state) for step in match.steps())
    return golden.record(GAME, header, steps)


def path(name: str) -> Path:
    return REPLAYS / f"duel-{name}.jsonl"


def main() -> None:
    golden.write_all(MATCHES, record, path)


if __name__ == "__main__":
    main()

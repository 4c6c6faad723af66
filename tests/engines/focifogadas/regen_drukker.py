"""Regenerate the golden Drukker replays: `python -m tests.engines.focifogadas.regen_drukker`.

Each `tests/replays/focifogadas-drukker-<name>.jsonl` holds one whole game: a header (seed,
seats, who played), one line per action (seat, action, events, digest of the dumped state)
and a last line with the result and the final dump. Review a regeneration as a diff: a
changed line is a changed rule.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from app.games.base import bot_move
from app.games.focifogadas.game import GAME
from tests.support import golden
from tests.support.golden import REPLAYS

# name -> (seed, players); "bot" is GAME.bot_action, "random" a uniformly random legal action.
MATCHES: dict[str, tuple[int, tuple[str, ...]]] = {
    "2p-bots": (1, ("bot", "bot")),
    "4p-mixed": (2, ("bot", "random", "bot", "random")),
    "6p-random": (3, ("random",) * 6),
    "2p-seat-bots": (1, ("bot", "bot")),
    "4p-seat-mixed": (2, ("bot", "random", "bot", "random")),
}
# The bot-played files were recorded by the Drukker bot when it was handed the state: its
# Monte-Carlo samples dealt the hidden cards afresh, but from the piles in their real order, so
# its choices followed that order. Handed its seat's view (issue 38), it deals them from what the
# seat cannot rule out and chooses otherwise from its first sampled play on. Those files still
# replay byte for byte (test_replays_drukker.py) and are kept as they are: not regenerated.
# The `seat-` files are the same seeds and players recorded by the bot as it is now (handed
# its seat's view), and are regenerated like the bot-free one: a changed bot shows there.
RECORDED_BY_THE_OLD_BOT = frozenset({"2p-bots", "4p-mixed"})


def record(name: str) -> list[str]:
    """The replay file's lines for one of `MATCHES`, played afresh (lowest seat to act first)."""
    seed, players = MATCHES[name]
    header = {"game": "focifogadas", "mode": "drukker", "seed": seed, "players": players}
    return golden.record(GAME, header, _steps(seed, players))


def _steps(seed: int, players: tuple[str, ...]) -> Iterator[golden.Step]:
    state = GAME.new("drukker", {}, len(players), seed)
    chooser = random.Random(seed)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        if players[seat] == "bot":
            action = bot_move(GAME, state, seat, chooser)
        else:
            action = chooser.choice(GAME.legal_actions(state, seat))
        assert action is not None
        state, events = GAME.apply(state, seat, action)
        yield seat, action, events, state


def path(name: str) -> Path:
    return REPLAYS / f"focifogadas-drukker-{name}.jsonl"


def main() -> None:
    golden.write_all(sorted(set(MATCHES) - RECORDED_BY_THE_OLD_BOT), record, path)


if __name__ == "__main__":
    main()

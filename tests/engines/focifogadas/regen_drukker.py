"""Regenerate the golden Drukker replays: `python -m tests.engines.focifogadas.regen_drukker`.

Each `tests/replays/focifogadas-drukker-<name>.jsonl` holds one whole game: a header (seed,
seats, who played), one line per action (seat, action, events, digest of the dumped state)
and a last line with the result and the final dump. Review a regeneration as a diff: a
changed line is a changed rule.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from app.games.focifogadas.game import GAME

REPLAYS = Path(__file__).resolve().parents[2] / "replays"

# name -> (seed, players); "bot" is GAME.bot_action, "random" a uniformly random legal action.
MATCHES: dict[str, tuple[int, tuple[str, ...]]] = {
    "2p-bots": (1, ("bot", "bot")),
    "4p-mixed": (2, ("bot", "random", "bot", "random")),
    "6p-random": (3, ("random",) * 6),
}


def digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def line(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record(name: str) -> list[str]:
    """The replay file's lines for one of `MATCHES`, played afresh (lowest seat to act first)."""
    seed, players = MATCHES[name]
    header = {"game": "focifogadas", "mode": "drukker", "seed": seed, "players": players}
    lines = [line(header)]
    state = GAME.new("drukker", {}, len(players), seed)
    chooser = random.Random(seed)
    seq = 0
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        if players[seat] == "bot":
            action = GAME.bot_action(state, seat, chooser)
        else:
            action = chooser.choice(GAME.legal_actions(state, seat))
        assert action is not None
        state, events = GAME.apply(state, seat, action)
        seq += 1
        entry = {"seq": seq, "seat": seat, "action": action, "events": events}
        lines.append(line({**entry, "digest": digest(GAME.dump(state))}))
    lines.append(line({"result": GAME.result(state), "final": GAME.dump(state)}))
    return lines


def path(name: str) -> Path:
    return REPLAYS / f"focifogadas-drukker-{name}.jsonl"


def main() -> None:
    for name in MATCHES:
        path(name).write_text("\n".join(record(name)) + "\n", encoding="utf-8")
        print(f"wrote {path(name)}")


if __name__ == "__main__":
    main()

"""Golden whole-match replays, shared by every game's `regen` and `test_replays`.

A replay file `tests/replays/<game>-<name>.jsonl` holds a header line (game, mode, seed,
options, who played), one line per action (seq, seat, action, events, a digest of the dumped
state) and a last line with the result and the final dump. Review a regeneration as a diff:
a changed line is a changed rule.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

REPLAYS = Path(__file__).resolve().parents[1] / "replays"

Step = tuple[int, dict[str, Any], list[dict[str, Any]], Any]  # seat, action, events, new state


def digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def line(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record(game: Any, header: dict[str, Any], steps: Iterable[Step]) -> list[str]:
    """The lines of a replay file: `header`, then one line per step, then the result."""
    lines = [line(header)]
    state = None
    for seq, (seat, action, events, state) in enumerate(steps, start=1):
        entry = {"seq": seq, "seat": seat, "action": action, "events": events}
        lines.append(line({**entry, "digest": digest(game.dump(state))}))
    lines.append(line({"result": game.result(state), "final": game.dump(state)}))
    return lines


def write_all(names: Iterable[str], record: Any, path: Any) -> None:
    """Regenerate every named replay file (a game's `regen` command)."""
    for name in names:
        path(name).write_text("\n".join(record(name)) + "\n", encoding="utf-8")
        print(f"wrote {path(name)}")


def replay(game: Any, path: Path, options: dict[str, Any], seats: int) -> None:
    """Apply a stored replay's actions afresh; every event, state digest and the result agree."""
    header, *steps, last = (json.loads(text) for text in path.read_text().splitlines())
    state = game.new(header["mode"], options, seats, header["seed"])
    for step in steps:
        state, events = game.apply(state, step["seat"], step["action"])
        assert events == step["events"], f"seq {step['seq']}"
        assert digest(game.dump(state)) == step["digest"], f"seq {step['seq']}"
    assert game.dump(state) == last["final"]
    assert game.result(state) == last["result"]


def header_of(path: Path) -> dict[str, Any]:
    first: dict[str, Any] = json.loads(path.read_text().splitlines()[0])
    return first


def unchanged(path: Path, fresh: list[str], command: str) -> None:
    """The stored file equals a fresh regeneration; otherwise show the diff to review."""
    stored = path.read_text().splitlines()
    diff = "\n".join(difflib.unified_diff(stored, fresh, "stored", "regenerated", lineterm="", n=0))
    assert not diff, f"run `{command}` and review:\n{diff[:3000]}"

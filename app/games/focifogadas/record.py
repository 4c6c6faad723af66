"""The match record that betting cards are judged on (docs/rules/focifogadas.md §5).

Goals are kept per half (the half-time tiles, §4.2); corners, yellow and red cards are match
totals that saturate at their track caps (20 / 10 / 5). The record is a frozen value: every
helper returns a new record.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from app.games.base import JsonDict

Team = Literal["home", "away"]
TEAMS: Final[tuple[Team, Team]] = ("home", "away")

# docs/rules/focifogadas.md §4.2 and §12.1 `track_caps`
CORNER_CAP: Final = 20
YELLOW_CAP: Final = 10
RED_CAP: Final = 5
TRACK_CAPS: Final[dict[str, int]] = {"corners": CORNER_CAP, "yellows": YELLOW_CAP, "reds": RED_CAP}


def opp(team: Team) -> Team:
    """The other team."""
    return "away" if team == "home" else "home"


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """Goals per half, the first-goal team and the capped match totals (§5)."""

    h1: int = 0
    a1: int = 0
    h2: int = 0
    a2: int = 0
    fg: Team | None = None
    corners: int = 0
    yellows: int = 0
    reds: int = 0

    # --- Totals ---------------------------------------------------------------------------

    @property
    def home(self) -> int:
        """H: home goals in the match."""
        return self.h1 + self.h2

    @property
    def away(self) -> int:
        """A: away goals in the match."""
        return self.a1 + self.a2

    @property
    def score(self) -> tuple[int, int]:
        """(H, A), home first."""
        return self.home, self.away

    def goals(self, team: Team) -> int:
        return self.home if team == "home" else self.away

    def half_score(self, half: int) -> tuple[int, int]:
        """(home, away) goals in half 1 or 2."""
        return (self.h1, self.a1) if half == 1 else (self.h2, self.a2)

    # --- Updates --------------------------------------------------------------------------

    def with_goal(self, team: Team, half: int) -> MatchRecord:
        """One more goal for `team` in `half`; the first goal of the match also sets fg."""
        field = ("h" if team == "home" else "a") + ("1" if half == 1 else "2")
        fg = self.fg if self.fg is not None else team
        return replace(self, **{field: getattr(self, field) + 1}, fg=fg)

    def with_corner(self) -> MatchRecord:
        return replace(self, corners=min(CORNER_CAP, self.corners + 1))

    def with_yellow(self) -> MatchRecord:
        return replace(self, yellows=min(YELLOW_CAP, self.yellows + 1))

    def with_red(self) -> MatchRecord:
        return replace(self, reds=min(RED_CAP, self.reds + 1))

    # --- JSON -----------------------------------------------------------------------------

    def to_json(self) -> JsonDict:
        return {
            "h1": self.h1,
            "a1": self.a1,
            "h2": self.h2,
            "a2": self.a2,
            "fg": self.fg,
            "corners": self.corners,
            "yellows": self.yellows,
            "reds": self.reds,
        }

    @classmethod
    def from_json(cls, data: JsonDict) -> MatchRecord:
        fg = data.get("fg")
        if fg not in (None, "home", "away"):
            raise ValueError(f"bad first-goal team {fg!r}")
        return cls(
            h1=int(data["h1"]),
            a1=int(data["a1"]),
            h2=int(data["h2"]),
            a2=int(data["a2"]),
            fg=fg,
            corners=int(data["corners"]),
            yellows=int(data["yellows"]),
            reds=int(data["reds"]),
        )


EMPTY_RECORD: Final = MatchRecord()

"""The 54 betting cards (docs/rules/focifogadas.md §8): texts from data, predicates here.

Each card is a predicate over the `MatchRecord`. Two derived judgements:
- `half_time_outcome` / `decided_at_half_time`: the explicit "decided@HT" column of §8.2/§8.3;
- `status_so_far`: the generic §8.4 rule at any moment ("decided so far", A31): a card is won
  (lost) when every continuation of the match keeps it true (false). It is computed by
  enumerating continuations of the one quantity the card looks at, so it is exact and general;
  the tests check the explicit column against it.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Final, Literal

from app.games.base import JsonDict
from app.games.focifogadas.record import TRACK_CAPS, MatchRecord, Team

Kind = Literal["light", "dark"]
Status = Literal["alive", "won", "lost"]
# What a card looks at: match totals (H, A), one half's goals, both halves' goal counts
# ("halves": L08, L09), the first-goal team, or one of the three tracks.
Uses = Literal["totals", "first_half", "second_half", "halves", "fg", "corners", "yellows", "reds"]
Predicate = Callable[[MatchRecord], bool]
# The decided@HT column: None = undecided, True = already won, False = already lost.
HalfTimeRule = Callable[[MatchRecord], bool | None]


def _h1(r: MatchRecord) -> int:
    return r.h1 + r.a1


def _h2(r: MatchRecord) -> int:
    return r.h2 + r.a2


def _always(pred: Predicate) -> HalfTimeRule:
    return pred


def _never(_: Predicate) -> HalfTimeRule:
    return lambda r: None


def _once_scored(pred: Predicate) -> HalfTimeRule:
    return lambda r: None if r.fg is None else pred(r)


def _true_if(cond: Predicate) -> Callable[[Predicate], HalfTimeRule]:
    return lambda _pred: lambda r: True if cond(r) else None


def _false_if(cond: Predicate) -> Callable[[Predicate], HalfTimeRule]:
    return lambda _pred: lambda r: False if cond(r) else None


# docs/rules/focifogadas.md §8.2: id -> (uses, predicate, decided@HT column)
_LIGHT: Final[dict[str, tuple[Uses, Predicate, Callable[[Predicate], HalfTimeRule]]]] = {
    "L01": ("fg", lambda r: r.fg == "home", _once_scored),
    "L02": ("fg", lambda r: r.fg == "away", _once_scored),
    "L03": ("first_half", lambda r: r.h1 > r.a1, _always),
    "L04": ("first_half", lambda r: r.a1 > r.h1, _always),
    "L05": ("first_half", lambda r: r.h1 == r.a1, _always),
    "L06": ("first_half", lambda r: _h1(r) == 0, _always),
    "L07": ("first_half", lambda r: _h1(r) >= 3, _always),
    "L08": ("halves", lambda r: _h2(r) > _h1(r), _never),
    "L09": ("halves", lambda r: _h1(r) > _h2(r), _false_if(lambda r: _h1(r) == 0)),
    "L10": ("second_half", lambda r: r.h2 > r.a2, _never),
    "L11": ("second_half", lambda r: r.a2 > r.h2, _never),
    "L12": ("second_half", lambda r: _h2(r) == 0, _never),
    "L13": ("totals", lambda r: r.home > r.away, _never),
    "L14": ("totals", lambda r: r.away > r.home, _never),
    "L15": ("totals", lambda r: r.home == r.away, _never),
    "L16": ("totals", lambda r: r.home - r.away >= 2, _never),
    "L17": ("totals", lambda r: r.away - r.home >= 2, _never),
    "L18": ("totals", lambda r: r.home >= 3, _true_if(lambda r: r.h1 >= 3)),
    "L19": ("totals", lambda r: r.away >= 3, _true_if(lambda r: r.a1 >= 3)),
    "L20": (
        "totals",
        lambda r: r.home <= 2 and r.away <= 2,
        _false_if(lambda r: r.h1 >= 3 or r.a1 >= 3),
    ),
    "L21": (
        "totals",
        lambda r: r.home == 0 or r.away == 0,
        _false_if(lambda r: r.h1 >= 1 and r.a1 >= 1),
    ),
    "L22": ("totals", lambda r: r.home + r.away >= 5, _true_if(lambda r: _h1(r) >= 5)),
    "L23": ("totals", lambda r: r.home + r.away <= 2, _false_if(lambda r: _h1(r) >= 3)),
    "L24": ("corners", lambda r: r.corners >= 4, _true_if(lambda r: r.corners >= 4)),
    "L25": ("corners", lambda r: r.corners <= 1, _false_if(lambda r: r.corners >= 2)),
    "L26": ("yellows", lambda r: r.yellows == 2, _false_if(lambda r: r.yellows >= 3)),
    "L27": ("yellows", lambda r: r.yellows == 0, _false_if(lambda r: r.yellows >= 1)),
    "L28": ("yellows", lambda r: r.yellows >= 3, _true_if(lambda r: r.yellows >= 3)),
    "L29": ("reds", lambda r: r.reds >= 1, _true_if(lambda r: r.reds >= 1)),
}


@dataclass(frozen=True, slots=True)
class BetCard:
    """One betting card: its identity, texts, and what it says about the match."""

    id: str
    kind: Kind
    text: dict[str, str]
    uses: Uses
    predicate: Predicate
    half_time_rule: HalfTimeRule
    _face: JsonDict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "_face", {"id": self.id, "kind": self.kind, "text": dict(self.text)}
        )

    def holds(self, record: MatchRecord) -> bool:
        """Did the event happen, judged on a final record."""
        return self.predicate(record)

    def half_time_outcome(self, record: MatchRecord) -> bool | None:
        """§8.2 decided@HT column on the half-time record: True/False once decided, else None."""
        return self.half_time_rule(record)

    def decided_at_half_time(self, record: MatchRecord) -> bool:
        """§8.4: is the card already fulfilled or impossible at half time."""
        return self.half_time_rule(record) is not None

    def status_so_far(self, record: MatchRecord, live_half: int | None) -> Status:
        """A31: "won"/"lost" once no continuation can change the card, else "alive".

        `live_half` is the half in progress (1 before kick-off and in the 1st half, 2 from
        half time on); None once the match is over and the record is final.
        """
        return _status(self.id, cut(record, self.uses), live_half)

    def to_json(self) -> JsonDict:
        """The card as a view shows it: a physical card object with a unique id. Made once
        and shared by every view and event that shows it; nobody may change it."""
        return self._face


def continuations(record: MatchRecord, live_half: int | None, uses: Uses) -> Iterator[MatchRecord]:
    """Every way the quantity `uses` can still end up (§8.4), the others held as they are.

    Goals: the half in progress and any later half may still grow. A card reads at most two
    goal counters that matter (`_GROWING`), so two counters are enumerated: growth up to
    G + 5 (G = goals so far) is enough, as no card counts past 5 goals or needs one counter
    to overtake another by more than G + 2. (The tests check this by a joint brute force.)
    """
    if live_half is None:
        yield record
        return
    if uses == "fg":
        options: tuple[Team | None, ...] = (
            (record.fg,) if record.fg is not None else (None, "home", "away")
        )
        for fg in options:
            yield replace(record, fg=fg)
        return
    if uses in TRACK_CAPS:
        for value in range(getattr(record, uses), TRACK_CAPS[uses] + 1):
            yield replace(record, **{uses: value})  # type: ignore[arg-type]
        return
    counters = _GROWING[uses][live_half - 1]
    if counters is None:  # a finished half
        yield record
        return
    ix, iy = (_COUNTERS.index(name) for name in counters)
    base = [record.h1, record.a1, record.h2, record.a2]
    rest = (record.fg, record.corners, record.yellows, record.reds)
    growth = range(record.home + record.away + 6)
    for x, y in itertools.product(growth, repeat=2):
        goals = base.copy()
        goals[ix] += x
        goals[iy] += y
        yield MatchRecord(goals[0], goals[1], goals[2], goals[3], *rest)


_COUNTERS: Final = ("h1", "a1", "h2", "a2")
# The goal counters that may still change what a card says, in the 1st and in the 2nd half.
# Totals only see sums, so growth in the half in progress stands for all later growth;
# "halves" cards only see each half's sum, so one counter per half stands for both teams.
_GROWING: Final[dict[str, tuple[tuple[str, str] | None, tuple[str, str] | None]]] = {
    "totals": (("h1", "a1"), ("h2", "a2")),
    "first_half": (("h1", "a1"), None),
    "second_half": (("h2", "a2"), ("h2", "a2")),
    "halves": (("h1", "h2"), ("h2", "a2")),
}


def cut(record: MatchRecord, uses: Uses) -> MatchRecord:
    """The record with only what a card of `uses` looks at (every predicate reads only its
    quantity; the tests check it). Statuses are cached on it, so a corner or a booking does
    not make every goal card's status be worked out again, in any room."""
    if uses == "fg":
        return MatchRecord(fg=record.fg)
    if uses == "corners":
        return MatchRecord(corners=record.corners)
    if uses == "yellows":
        return MatchRecord(yellows=record.yellows)
    if uses == "reds":
        return MatchRecord(reds=record.reds)
    return MatchRecord(record.h1, record.a1, record.h2, record.a2)


class Verdicts:
    """What many cards say of one record: `status_so_far` with the half in progress, and
    `holds` were the match to end now. A view asks this for every held card of every seat,
    and the record changes only with a goal, a corner or a booking: `verdicts` keeps one per
    (record, half), and each remembers its answers."""

    __slots__ = ("_half", "_holds", "_record", "_relevant", "_status")

    def __init__(self, record: MatchRecord, live_half: int | None) -> None:
        self._record = record
        self._half = live_half
        self._relevant: dict[Uses, MatchRecord] = {}
        self._status: dict[str, Status] = {}
        self._holds: dict[str, bool] = {}

    @property
    def record(self) -> MatchRecord:
        """The record these verdicts judge."""
        return self._record

    @property
    def live_half(self) -> int | None:
        """The half in progress they judge with (None once over)."""
        return self._half

    def relevant(self, uses: Uses) -> MatchRecord:
        """The record with only what a card of `uses` looks at: its status is a function
        of this and the half in progress alone."""
        known = self._relevant.get(uses)
        if known is None:
            known = self._relevant[uses] = cut(self._record, uses)
        return known

    def status(self, card_id: str) -> Status:
        known = self._status.get(card_id)
        if known is None:
            relevant = self.relevant(CARDS[card_id].uses)
            known = self._status[card_id] = _status(card_id, relevant, self._half)
        return known

    def holds(self, card_id: str) -> bool:
        known = self._holds.get(card_id)
        if known is None:
            known = self._holds[card_id] = CARDS[card_id].holds(self._record)
        return known


@lru_cache(maxsize=4096)
def verdicts(record: MatchRecord, live_half: int | None) -> Verdicts:
    return Verdicts(record, live_half)


@lru_cache(maxsize=4096)
def judge(
    h1: int,
    a1: int,
    h2: int,
    a2: int,
    fg: Team | None,
    corners: int,
    yellows: int,
    reds: int,
    live_half: int | None,
) -> tuple[MatchRecord, Verdicts]:
    """The record of these numbers and its `verdicts`, one pair per record: looked up by
    what the record is made of (hashed in C; a `MatchRecord`'s hash and equality are Python
    code), once per state a push shows."""
    record = MatchRecord(h1, a1, h2, a2, fg, corners, yellows, reds)
    return record, verdicts(record, live_half)


@lru_cache(maxsize=256)
def undecided(light: tuple[str, ...], dark: tuple[str, ...], record: MatchRecord) -> int:
    """How many cards of these decks are not decided at half time on `record` (§8.4), once
    per decks and record: a half-time buyer's legal buys and the check of its buy ask."""
    return sum(not CARDS[c].decided_at_half_time(record) for c in light + dark)


@lru_cache(maxsize=65536)
def _status(card_id: str, record: MatchRecord, live_half: int | None) -> Status:
    bet = CARDS[card_id]
    seen: set[bool] = set()
    for future in continuations(record, live_half, bet.uses):
        seen.add(bet.predicate(future))
        if len(seen) == 2:
            return "alive"
    return "won" if True in seen else "lost"


def _dark_predicate(home: int, away: int) -> Predicate:
    return lambda r: r.home == home and r.away == away


def _dark_half_time(home: int, away: int) -> HalfTimeRule:
    # §8.3: impossible once the half-time score passes it; never already fulfilled.
    return lambda r: False if r.h1 > home or r.a1 > away else None


def _load() -> dict[str, BetCard]:
    raw = json.loads((Path(__file__).parent / "data" / "betting_cards.json").read_text("utf-8"))
    cards: dict[str, BetCard] = {}
    for entry in raw["cards"]:
        cid = entry["id"]
        if entry["kind"] == "light":
            uses, pred, ht = _LIGHT[cid]
            cards[cid] = BetCard(cid, "light", entry["text"], uses, pred, ht(pred))
        else:
            h, a = entry["home"], entry["away"]
            cards[cid] = BetCard(
                cid, "dark", entry["text"], "totals", _dark_predicate(h, a), _dark_half_time(h, a)
            )
    return cards


CARDS: Final[dict[str, BetCard]] = _load()
LIGHT_IDS: Final[tuple[str, ...]] = tuple(c for c, card in CARDS.items() if card.kind == "light")
DARK_IDS: Final[tuple[str, ...]] = tuple(c for c, card in CARDS.items() if card.kind == "dark")


def card(card_id: str) -> BetCard:
    return CARDS[card_id]


def is_dark(card_id: str) -> bool:
    return CARDS[card_id].kind == "dark"

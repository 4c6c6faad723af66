"""Live-match betting, 3–6 players (docs/rules/focifogadas.md §11, §11.1).

Phases: the bookmakers' draft, discs and stakes of `book.py` (5 markers each, §11 step 1),
then the scorer's entries while the friends watch the broadcast: `kickoff` → `first_half` →
`second_half` → `over`. The `MatchRecord` and the phase are functions of the entry list alone,
so an undo restores the exact earlier state; each entry keeps the seat that made it, and only
that seat, while it holds the role, may undo it (`can_undo`). Full time asks for a
confirmation, then settles.
The engine has no clock: the `half_started` / `half_ended` events mark the kick-off and half
time, and the room's commit times of those events drive the live odds (odds.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from app.games.base import (
    Action,
    BadOptions,
    Event,
    JsonDict,
    ModeSpec,
    OptionSpec,
    Rng,
    check_legal,
)
from app.games.focifogadas import book, odds, settlement
from app.games.focifogadas.actions import Entry, Goal, LiveAction, is_book
from app.games.focifogadas.events import Entry as EntryEvent
from app.games.focifogadas.events import Events, FociEvent
from app.games.focifogadas.options import LIVE_STAKE_TOKENS, START_PLAYER, start_event, start_seat
from app.games.focifogadas.record import (
    CORNER_CAP,
    RED_CAP,
    TEAMS,
    YELLOW_CAP,
    MatchRecord,
    Team,
)
from app.games.focifogadas.settlement import BookResult
from app.games.focifogadas.state import LiveState as LiveState

SPEC: Final = ModeSpec(
    min_players=3,
    max_players=6,
    options={
        "scorer_seat": OptionSpec(0, tuple(range(6))),  # §11.1 (D): the host, who has the TV
        "home_name": OptionSpec("Home"),
        "away_name": OptionSpec("Away"),
        "start_player": START_PLAYER,
        # §11 step 1 (S p.13): one of the six cubes marks the colour, 5 are stakes (A16)
        "live_stake_tokens": LIVE_STAKE_TOKENS,
        **book.TABLE_OPTIONS,
    },
)
MARKERS: Final = 5  # the default of live_stake_tokens

KICK_OFF, HALF_TIME, FULL_TIME = "kick_off", "half_time", "full_time"
GOAL_HOME, GOAL_AWAY = "goal_home", "goal_away"
COUNTED: Final = ("corner", "yellow", "red")
ENTRY_TEXT: Final = {
    KICK_OFF: "Kick-off",
    GOAL_HOME: "Home goal",
    GOAL_AWAY: "Away goal",
    "corner": "Corner",
    "yellow": "Yellow card",
    "red": "Red card",
    HALF_TIME: "Half time",
    FULL_TIME: "Full time",
}
UNDONE_AS: Final = {GOAL_HOME: "goal disallowed", GOAL_AWAY: "goal disallowed"}


# --- Setup ----------------------------------------------------------------------------------


def new(options: JsonDict, seats: int, seed: int) -> LiveState:
    if not SPEC.min_players <= seats <= SPEC.max_players:
        raise BadOptions(f"live mode is for {SPEC.min_players}–{SPEC.max_players} players")
    opts = SPEC.check_options(options)
    scorer = int(opts["scorer_seat"])
    if not 0 <= scorer < seats:
        raise BadOptions("option 'scorer_seat' must name a seat at the table")
    chosen = start_seat(opts, seats)
    rng = Rng(seed)
    if chosen is None:
        start, rng = rng.randint(0, seats - 1)  # §7.1 step 3: chance stands in for the roll-off
    else:
        start = chosen
    markers = int(opts["live_stake_tokens"])
    b, rng, _ = book.deal(seats, start, markers, rng, book.table_rules(opts))
    return LiveState(
        n=seats,
        rng=rng,
        book=b,
        scorer=scorer,
        home_name=str(opts["home_name"]),
        away_name=str(opts["away_name"]),
        host_start=chosen is not None,
    )


# --- The entry list (§11.1) -----------------------------------------------------------------


def record_of(entries: tuple[str, ...]) -> MatchRecord:
    """The record is recomputed from the entries: caps apply to counts, never stored. It is
    asked for on every entry, so it is counted (`tuple.count`), not built entry by entry: a
    scorer's long log made each entry cost the whole log in records (issue 37)."""
    split = entries.index(HALF_TIME) if HALF_TIME in entries else len(entries)
    first, second = entries[:split], entries[split:]
    home, away = _first_at(entries, GOAL_HOME), _first_at(entries, GOAL_AWAY)
    fg: Team | None = None
    if home is not None or away is not None:
        fg = "home" if away is None or (home is not None and home < away) else "away"
    return MatchRecord(
        h1=first.count(GOAL_HOME),
        a1=first.count(GOAL_AWAY),
        h2=second.count(GOAL_HOME),
        a2=second.count(GOAL_AWAY),
        fg=fg,
        corners=min(CORNER_CAP, entries.count("corner")),
        yellows=min(YELLOW_CAP, entries.count("yellow")),
        reds=min(RED_CAP, entries.count("red")),
    )


def _first_at(entries: tuple[str, ...], entry: str) -> int | None:
    return entries.index(entry) if entry in entries else None


def phase(s: LiveState) -> str:
    if s.book.phase != book.DONE:
        return s.book.phase
    if FULL_TIME in s.entries:
        return "over"
    if HALF_TIME in s.entries:
        return "second_half"
    return "first_half" if KICK_OFF in s.entries else "kickoff"


def live_half(s: LiveState) -> int | None:
    """The half in progress for `status_so_far`: 1 until half time, None once over."""
    p = phase(s)
    return None if p == "over" else (2 if p == "second_half" else 1)


def to_act(s: LiveState) -> frozenset[int]:
    p = phase(s)
    if p == "over":
        return frozenset()
    if s.book.phase != book.DONE:
        return book.to_act(s.book)
    return frozenset({s.scorer})


def legal_actions(s: LiveState, seat: int) -> list[LiveAction]:
    if seat not in to_act(s):
        return []
    if s.book.phase != book.DONE:
        return [*book.legal(s.book, seat)]
    if s.confirming:
        return [{"type": "confirm_full_time"}, {"type": "cancel_full_time"}]
    p = phase(s)
    actions: list[LiveAction] = []
    if p == "kickoff":
        actions.append({"type": "kick_off"})
    else:
        actions += [Goal(type="goal", team=t) for t in TEAMS]
        actions += [Entry(type=kind) for kind in COUNTED]
        actions.append({"type": "half_time" if p == "first_half" else "full_time"})
        if can_undo(s, seat):
            actions.append({"type": "undo"})
    actions += [{"type": "set_scorer", "seat": i} for i in range(s.n) if i != s.scorer]
    return actions


def can_undo(s: LiveState, seat: int) -> bool:
    """§11.1 UNDO, read with docs/UX.md §3.4 ("the scorer's own last act"): the last entry of `L`
    was made by `seat`, the scorer. Repeated undos go back through the scorer's own entries;
    after SET_SCORER the new scorer cannot take back the previous scorer's (nor an entry of
    unknown author, state.py)."""
    return bool(s.authors) and s.authors[-1] == seat


# --- Applying -------------------------------------------------------------------------------


def apply(s: LiveState, seat: int, action: LiveAction) -> tuple[LiveState, list[Event]]:
    check_legal(legal_actions(s, seat), seat, to_act(s), action)
    after, events = _apply(s, seat, action)
    return after, book.narrate(events)


def _apply(s: LiveState, seat: int, action: LiveAction) -> tuple[LiveState, Events]:
    if is_book(action):
        b, events = book.apply(s.book, seat, action)
        if b.phase == book.DONE:
            events.append({"event": "scorer_named", "seat": s.scorer})
        return replace(s, book=b), events
    if action["type"] == "set_scorer":
        new_scorer = action["seat"]
        return replace(s, scorer=new_scorer), [
            {"event": "scorer_handed_over", "seat": seat, "to": new_scorer}
        ]
    if action["type"] == "undo":
        return _undo(s, seat)
    if action["type"] == "full_time":
        return replace(s, confirming=True), [{"event": "full_time_requested", "seat": seat}]
    if action["type"] == "cancel_full_time":
        return replace(s, confirming=False), [{"event": "full_time_cancelled", "seat": seat}]
    if action["type"] == "confirm_full_time":
        return _full_time(replace(s, confirming=False))
    if action["type"] == "goal":
        return _enter(s, seat, f"goal_{action['team']}")
    return _enter(s, seat, action["type"])


def _entry_event(s: LiveState, entry: str, seat: int) -> EntryEvent:
    r = record_of(s.entries)
    event: EntryEvent = {
        "event": "entry_made",
        "entry": entry,
        "seat": seat,
        "score": list(r.score),
        "text": ENTRY_TEXT[entry],
    }
    if entry in (GOAL_HOME, GOAL_AWAY):
        event["team"] = "home" if entry == GOAL_HOME else "away"
        event["team_name"] = s.home_name if entry == GOAL_HOME else s.away_name
    return event


def _enter(s: LiveState, seat: int, entry: str) -> tuple[LiveState, Events]:
    s = _appended(s, entry, seat)
    events: Events = [_entry_event(s, entry, seat)]
    # The clock of the live odds: the room logs when these were committed (odds.py).
    if entry == KICK_OFF:
        events.append({"event": "half_started", "half": 1, "text": "1st half under way"})
        if s.host_start:
            events.append(start_event(s.book.start))
    elif entry == HALF_TIME:
        r = record_of(s.entries)
        events.append({"event": "half_ended", "half": 1, "score": [r.h1, r.a1]})
    return s, events


def _appended(s: LiveState, entry: str, seat: int) -> LiveState:
    return replace(s, entries=(*s.entries, entry), authors=(*s.authors, seat))


def _undo(s: LiveState, seat: int) -> tuple[LiveState, Events]:
    """§11.1: remove the last entry, whatever its kind (the scorer's own: can_undo); a public
    event names it."""
    removed = s.entries[-1]
    s = replace(s, entries=s.entries[:-1], authors=s.authors[:-1])
    r = record_of(s.entries)
    text = f"{ENTRY_TEXT[removed]} undone"
    if removed in UNDONE_AS:
        text += f" ({UNDONE_AS[removed]})"
    event: FociEvent = {
        "event": "entry_undone",
        "entry": removed,
        "seat": seat,
        "score": list(r.score),
        "text": text,
    }
    return s, [event]


def _full_time(s: LiveState) -> tuple[LiveState, Events]:
    s = _appended(s, FULL_TIME, s.scorer)
    events: Events = [_entry_event(s, FULL_TIME, s.scorer)]
    money, groups = settlement.settle_book(s.book, record_of(s.entries))
    return s, events + settlement.settlement_events(groups, money)


# --- Outcome, views, bot, JSON ---------------------------------------------------------------


def result(s: LiveState) -> BookResult | None:
    if phase(s) != "over":
        return None
    return settlement.final_result(s.book, record_of(s.entries))


def started(s: LiveState) -> bool:
    return phase(s) in ("first_half", "second_half", "over")


def price(s: LiveState, viewer: int | None, context: JsonDict) -> JsonDict | None:
    """`Game.odds`: the live model's odds of the cards `viewer` can see (odds.live_odds)."""
    ids = odds.book_cards(s.book, odds.viewer_seat(s.n, viewer))
    if not ids:
        return None
    return odds.live_odds(record_of(s.entries), live_half(s), started(s), ids, context)


def handover(s: LiveState, seat: int, to: int) -> Action | None:
    """The scorer's role to a person (§11.1 SET_SCORER), when the scorer is a bot or away; an
    unconfirmed full time is cancelled first, so nothing is settled without a person."""
    if seat not in to_act(s) or s.book.phase != book.DONE or seat != s.scorer or to == seat:
        return None
    if s.confirming:
        return {"type": "cancel_full_time"}
    action: Action = {"type": "set_scorer", "seat": to}
    return action if any(a == action for a in legal_actions(s, seat)) else None


def dump(s: LiveState) -> JsonDict:
    return s.to_json()


def load(d: JsonDict) -> LiveState:
    return LiveState.from_json(d)

"""Random play that every registered game passes (OpenSpiel's playthroughs, issue 38 item 4).

Thousands of random legal moves, over seeds, every mode, every table size and random room
options, some seats played by the game's bot (handed its seat's view, `base.bot_move`). At each
step:

- the game waits for someone until it has a result; a seat it does not wait for has no legal
  action and is refused with `NotYourTurn`; the move played is one of the seat's legal ones;
- `apply` leaves its input as it was, and the new state's dump is JSON that loads back to the
  same state (and dumps to the same JSON);
- no seat is handed another seat's secret: no card id that another seat's `private` part
  shows and the public part does not appears in a seat's private part or legal actions, and
  the spectator sees the public part alone (the one secret seats may share is a Bukméker pile
  several of them looked at, §10.2); what the public part shows is the twin check's;
- a viewer's view is the same in a twin state where the cards it may not see changed places
  (`check_twin`): each game states from its rules where it hides cards (`HIDDEN`: draw piles,
  hands, face-down choices, Focifogadás' match decks and hidden discards, which its dump holds
  as numbers, Drukker's dealt and held bets and betting decks, Bukméker's set-aside piles,
  draft hands and picks), and every card lying only there goes round a random cycle among the
  cards of its deck, with one light and one dark bet trading places in a hidden hand; a view
  that shows such a card, or anything it depends on (a pile's top, how many light bets a seat
  holds), differs between the twins, and so do Focifogadás' odds for the viewer (`Priced`);
  leaks planted in the views (a pile top's colour, a count of light bets, a set-aside pile's
  card, a hand's sum) and in the odds (priced knowing the drawn pair) are caught so
  (`test_the_twin_check_catches_a_planted_leak`).

The default run stays short: 12 matches per game and mode capped at 160 moves, and one whole
match each (some 9,000 moves in all, ~20 s on an idle machine); `RANDOM_PLAY_LONG=1` plays 250
whole matches per game and mode.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games import registry
from app.games.base import (
    BadOptions,
    Game,
    NotYourTurn,
    Priced,
    View,
    bot_move,
    legal_element,
    seat_view,
    view,
)
from app.games.duel import views as duel_views
from app.games.focifogadas import bets as foci_bets
from app.games.focifogadas import book
from app.games.focifogadas import bot as foci_bot
from app.games.focifogadas import cards as foci_cards
from app.games.focifogadas import drukker as foci_drukker
from app.games.focifogadas import match as foci_match
from app.games.focifogadas import odds as foci_odds
from app.games.focifogadas import state as foci_state
from app.games.focifogadas import views as foci_views
from app.games.hattrick import views as hattrick_views

LONG = os.environ.get("RANDOM_PLAY_LONG") == "1"
WHOLE = 10_000  # moves: more than any random match lasts (a Duel's: ~2,000)
MAX_STEPS = WHOLE if LONG else 160  # per match drawn by hypothesis
EXAMPLES = 250 if LONG else 12  # matches per game and mode (both hypothesis profiles)
BOT_SHARE = 0.15  # of a bot seat's moves, those its bot makes (bots are slow: Monte Carlo)
TWIN_SHARE = 0.25  # of the steps, those checked against a twin state (each costs ~3 views)
ODDS = {"sims": 2, "seed": 38}  # a twin's odds (`Priced`): a few simulations, one seed
SHARED = frozenset({"peeked"})  # private parts several seats may hold the same (Bukméker)

CASES = [(game.id, mode) for game in registry.GAMES for mode in sorted(game.modes)]


ID = re.compile(r'"id": "([^"\\]*)"')  # a card's id, in JSON text as json.dumps writes it


def card_ids(data: Any) -> set[str]:
    """The ids of the cards a JSON value shows (`{"id": "..."}` objects)."""
    return set(ID.findall(json.dumps(data)))


def options_for(game: Game[Any], mode: str, seats: int, rnd: random.Random) -> dict[str, Any]:
    """Room options drawn from each option's closed set (a seat number or "random" for a start
    player; free text and numbers keep their defaults)."""
    options = {}
    for name, spec in game.modes[mode].options.items():
        choices = list(spec.choices or (spec.default,))
        if spec.default == "random":
            choices += range(seats)
        options[name] = rnd.choice(choices)
    return options


def check_hidden(game: Game[Any], state: Any, seats: int, rnd: random.Random) -> None:
    """No seat's view shows a card another seat holds in secret (a card its private part
    shows and the public part does not); the spectator sees the public part alone."""
    shown = game.public(state)
    public = card_ids(shown.public)
    to_act = game.to_act(state)
    private = [game.private(state, seat) for seat in range(seats)]
    secrets = [
        card_ids({k: v for k, v in (p or {}).items() if k not in SHARED}) - public for p in private
    ]
    for seat in range(seats):
        legal = game.legal_actions(state, seat) if seat in to_act else []
        seen = json.dumps([private[seat], legal])
        for other in range(seats):
            leaked = {card for card in secrets[other] if f'"{card}"' in seen}
            assert other == seat or not leaked, f"seat {seat} sees seat {other}'s {sorted(leaked)}"
    seat = rnd.randrange(seats)  # the contract's view of a seat is these same parts
    assert seat_view(game, state, seat) == {
        "phase": shown.phase,
        "you": seat,
        "to_act": sorted(to_act),
        "legal": game.legal_actions(state, seat) if seat in to_act else [],
        "public": shown.public,
        "private": private[seat],
    }
    assert view(game, state, None) == View(shown.phase, shown.public, None)
    assert game.private(state, seats) is None  # not a seat: no secrets


def seen_by(game: Game[Any], state: Any, viewer: int | None) -> dict[str, Any]:
    """Everything `viewer` (a seat, or None for a spectator) is shown: its view's parts."""
    shown = game.public(state)
    if viewer is None:
        return {"phase": shown.phase, "public": shown.public}
    view = seat_view(game, state, viewer)
    return {k: view[k] for k in ("phase", "public", "private", "legal", "to_act")}


# --- Twins: the same state with cards a viewer may not see in other places --------------------
#
# Each game says, from its rules and not from its views, where it keeps what a viewer may not
# see (`Hidden.places`): the twin check then moves exactly those cards and tests the views
# against that statement, so a view that shows a hidden card (or anything that depends on one:
# a pile's top, a count of light bets) differs between the twins even where the card it shows
# was thought "seen". Cards the dump holds as numbers (Focifogadás' action cards) are turned
# into their ids first (`to_ids`) and back after (`from_ids`).

Place = tuple[Any, Any]  # (a list or dict of the dump, an index or key): a card or cards there


@dataclasses.dataclass(frozen=True)
class Hidden:
    """Where a game hides its cards. `places(state, dump, viewer)`: the parts of the (card-id
    form) dump `viewer` may not see; `kind(state, card)`: cards of one kind may change places
    (the same deck); `mix(a, b)`: kinds that may also trade places inside one hidden list (a
    hand of light and dark bets, one of each kept); `to_ids`/`from_ids`: numbered cards to ids
    and back, in place; `log(dump)`: what the public log tells of the hidden cards and no view
    shows (a twin that changes it is one no match could reach; its odds may differ)."""

    places: Callable[[Any, Any, int | None], Iterator[Place]]
    kind: Callable[[Any, str], str]
    mix: Callable[[str, str], bool] = lambda a, b: False
    to_ids: Callable[[Any], None] = lambda dump: None
    from_ids: Callable[[Any], None] = lambda dump: None
    log: Callable[[Any], Any] = lambda dump: None


def _hattrick_places(state: Any, d: Any, viewer: int | None) -> Iterator[Place]:
    """hattrick.md §13: draw piles (their order) for everyone, a hand and a face-down choice
    for all but their manager."""
    for team in (0, 1):
        yield d["piles"], team
        if team != viewer:
            yield d["hands"], team
            yield d["pending"], team


def _hattrick_kind(state: Any, card: str) -> str:
    if card.startswith("SH-"):
        return "shooting"
    return card[0] + ("-keeper" if "-GK" in card else "-action")


def _duel_places(state: Any, d: Any, viewer: int | None) -> Iterator[Place]:
    """duel.md: piles for everyone; a hand, a chain, a pending arrangement and shoot-out keepers
    and takers for all but their seat; the picked goalkeeper for all but the defender."""
    for seat, side in enumerate(d["sides"]):
        yield side, "pile"
        if seat != viewer:
            yield side, "hand"
            yield side, "chain"
            if d["arranging"] is not None:
                yield d["arranging"][seat], "hand"
                yield d["arranging"][seat], "chain"
    if viewer != 1 - d["ball"]:
        yield d, "keeper"
    for seat, kicker in enumerate(d["shootout"] or ()):
        yield kicker, "pile"
        if seat != viewer:
            yield from ((kicker, name) for name in ("pool", "keepers", "takers", "dropped"))


FOCI_NUMBERED = ("draw", "discard", "pair")  # a match's action cards (board.dump)
FOCI_PILES = ("aside", "piles")  # Bukméker's set-aside piles and 12-card decks


def _foci_convert(dump: Any, card: Callable[[Any], Any]) -> None:
    def each(value: Any) -> Any:
        return [each(v) for v in value] if isinstance(value, list) else card(value)

    s = dump["state"]
    for part, names in ((s.get("match"), FOCI_NUMBERED), (s, FOCI_PILES)):
        for name in names if part is not None else ():
            if part.get(name) is not None:
                part[name] = each(part[name])


def _foci_places(state: Any, d: Any, viewer: int | None) -> Iterator[Place]:
    """focifogadas.md §7.6: draw piles, hidden discards (not an identical pair's, shown whole)
    and the drawn pair (but for its drawer); Drukker's betting decks, dealt cards (the 4 not
    chosen for ever), held bets until the end and a buyer's draws and set-aside cards, for all
    but their owner; Bukméker's set-aside piles for all but their peekers, and its 12-card
    decks; draft hands and picks for all but their holder (not a pick being revealed)."""
    s, inner = d["state"], state.inner
    others = [seat for seat in range(inner.n) if seat != viewer]
    if isinstance(inner, foci_state.DrukkerState):
        yield s, "light"
        yield s, "dark"
        for seat in others:
            yield s["dealt"], seat
            if inner.phase != foci_state.OVER:
                yield s["hands"], seat
        if inner.buyer is not None and inner.buyer.seat != viewer:
            yield s["buyer"], "drawn"
            yield s["buyer"], "replaced"
    if isinstance(inner, foci_state.BukState):
        looked = () if viewer is None else inner.peeks[viewer] or ()
        yield from ((s["aside"], pile) for pile in range(len(s["aside"])) if pile not in looked)
        yield s, "piles"
    if isinstance(inner, foci_state.BukState | foci_state.LiveState):
        b = inner.book
        revealing = book.seat_order(b)[b.disc_turn] if b.phase == book.DISCS else None
        for seat in others:
            yield s["book"]["hands"], seat
            if seat != revealing:
                yield s["book"]["picks"], seat
    m = getattr(inner, "match", None)
    if m is not None:
        yield s["match"], "draw"
        for pile in s["match"]["discard"]:  # (hidden, played) per turn, the played one on top
            for i in range(0, len(pile) - 1, 2):
                if _foci_sig(pile[i]) != _foci_sig(pile[i + 1]):
                    yield pile, i
        if foci_match.to_act(m) != viewer:
            yield s["match"], "pair"


def _foci_sig(card: str) -> int:
    return foci_cards.CARDS[foci_cards.CATALOGUE.by_id[card]].sig


def _foci_log(d: Any) -> Any:
    """Which hidden discards the log showed: an identical pair's (§7.6)."""
    m = d["state"].get("match")
    piles = [] if m is None else m["discard"]
    return [
        [_foci_sig(p[i]) == _foci_sig(p[i + 1]) for i in range(0, len(p) - 1, 2)] for p in piles
    ]


def _foci_kind(state: Any, card: str) -> str:
    """An action card's deck (its section); a bet's deck, and at Drukker's half time whether
    it is decided: a buyer's legal buys say how many undecided bets the decks hold (§9.3 step
    1, A13), so a twin keeps that."""
    if card in foci_cards.CATALOGUE.by_id:
        return foci_cards.SECTIONS[foci_cards.CARDS[foci_cards.CATALOGUE.by_id[card]].section]
    inner = state.inner
    if isinstance(inner, foci_state.DrukkerState) and inner.phase == foci_state.HALF_TIME:
        decided = foci_bets.CARDS[card].decided_at_half_time(foci_drukker.half_time_record(inner))
        return card[0] + ("-decided" if decided else "-open")
    return card[0]


HIDDEN: dict[str, Hidden] = {
    "duel": Hidden(_duel_places, lambda state, card: card[0]),
    "hattrick": Hidden(_hattrick_places, _hattrick_kind),
    "focifogadas": Hidden(
        _foci_places,
        _foci_kind,
        mix=lambda a, b: a[0] + b[0] in ("LD", "DL") and a[1:] == b[1:],
        to_ids=lambda dump: _foci_convert(
            dump, lambda c: c if c is None else foci_cards.CARDS[c].id
        ),
        from_ids=lambda dump: _foci_convert(
            dump, lambda c: c if c is None else foci_cards.CATALOGUE.by_id[c]
        ),
        log=_foci_log,
    ),
}


def string_leaves(value: Any, parent: Any = None, key: Any = None) -> Iterator[Place]:
    """Where the strings inside `parent[key]` (or `value`) lie."""
    if isinstance(value, str):
        if parent is not None:
            yield parent, key
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from string_leaves(v, value, i)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from string_leaves(v, value, k)


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON values first differ, as a path ("[1].public.match"), or None."""
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return next(
            (p for k in a if (p := first_difference(a[k], b[k], f"{path}.{k}")) is not None), None
        )
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return next(
            (
                p
                for i in range(len(a))
                if (p := first_difference(a[i], b[i], f"{path}[{i}]")) is not None
            ),
            None,
        )
    return None if a == b else path or "(the whole view)"


def check_twin(game: Game[Any], state: Any, dumped: Any, seats: int, rnd: random.Random) -> None:
    """The viewer's view is the same in a twin state where the cards it may not see changed
    places: every card that lies only in places the game's rules hide from it (`HIDDEN`) and
    every card the revealed view names that the viewer's view does not and that lies once in
    the dump. Cards of one kind go round in a random cycle (the whole draw pile reordered, a
    hand's card swapped with the deck's), and in each hidden list one pair of kinds that
    `mix` trades places (a kept light bet and a dark one not chosen: the hand's mix changes).
    A game's odds (`Priced`, a few simulations) are the viewer's too, compared unless the twin
    changed what the log told (an identical pair's hidden card: no match reaches that twin)."""
    hidden = HIDDEN.get(game.id, Hidden(lambda *_: iter(()), lambda state, card: card[0]))
    viewer = rnd.choice([None, *range(seats)])
    seen = seen_by(game, state, viewer)
    shown = json.dumps(seen)
    twin = json.loads(json.dumps(dumped))
    hidden.to_ids(twin)
    log = hidden.log(twin)
    where: dict[str, list[Place]] = {}
    for parent, key in string_leaves(twin):
        where.setdefault(parent[key], []).append((parent, key))
    secret: set[tuple[int, Any]] = set()
    lists: dict[int, list[Any]] = {}
    for parent, key in hidden.places(state, twin, viewer):
        for at, i in string_leaves(parent[key], parent, key):
            secret.add((id(at), i))
            if isinstance(at, list):
                lists[id(at)] = at
    movable = {
        card for card, places in where.items() if all((id(p), k) in secret for p, k in places)
    }
    revealed = card_ids(dataclasses.astuple(game.revealed(state)))
    movable |= {c for c in revealed if len(where.get(c, ())) == 1 and f'"{c}"' not in shown}
    kind = {card: hidden.kind(state, card) for card in sorted(movable)}
    kinds: dict[str, list[str]] = {}
    for card, k in kind.items():
        kinds.setdefault(k, []).append(card)
    trade: dict[str, str] = {}  # positions of a card get this card (before the cycles)
    for at in lists.values():
        free = [c for c in at if isinstance(c, str) and c in movable and c not in trade]
        pairs = [(a, b) for a in free for b in free if a < b and hidden.mix(kind[a], kind[b])]
        if pairs:
            a, b = rnd.choice(pairs)
            trade |= {a: b, b: a}
    cycle: dict[str, str] = {}
    for cards in kinds.values():
        rnd.shuffle(cards)
        cycle |= dict(zip(cards, cards[1:] + cards[:1], strict=True)) if len(cards) > 1 else {}
    moved = {c: cycle.get(trade.get(c, c), trade.get(c, c)) for c in movable}
    moved = {c: to for c, to in moved.items() if to != c}
    if not moved:
        return
    for card, to in moved.items():
        for parent, key in where[card]:
            parent[key] = to
    same_log = hidden.log(twin) == log
    hidden.from_ids(twin)
    twin_state = game.load(twin)
    twin_seen = seen_by(game, twin_state, viewer)
    if isinstance(game, Priced) and same_log:  # the odds it is shown, too
        seen["odds"] = game.odds(state, viewer, ODDS)
        twin_seen["odds"] = game.odds(twin_state, viewer, ODDS)
    if twin_seen != seen:
        path = first_difference(seen, twin_seen)
        who = "the spectator" if viewer is None else f"seat {viewer}"
        some = ", ".join(f"{c}→{to}" for c, to in sorted(moved.items())[:6])
        raise AssertionError(
            f"{who} sees cards it may not: its view's {path} changes when they change places "
            f"({len(moved)} moved: {some}, …)"
        )


def play(
    game: Game[Any], mode: str, seats: int, seed: int, bots: frozenset[int], steps: int = MAX_STEPS
) -> int:
    """One random match (up to `steps` moves) with every check; the moves made."""
    rnd = random.Random(seed)
    try:
        state = game.new(mode, options_for(game, mode, seats, rnd), seats, seed)
    except BadOptions:  # an option this table size refuses (a scorer seat beyond it, say)
        state = game.new(mode, game.modes[mode].defaults(), seats, seed)
    dumped = game.dump(state)
    check_hidden(game, state, seats, rnd)
    for step in range(steps):
        to_act = game.to_act(state)
        if game.result(state) is not None:
            assert not to_act, "a finished match waits for nobody"
            return step
        assert to_act, "a match in play waits for someone"
        waiting = sorted(to_act)
        idle = [s for s in range(seats) if s not in to_act]
        for other in idle:
            assert game.legal_actions(state, other) == []
        seat = rnd.choice(waiting)
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} is waited for with nothing to play"
        if idle:
            with pytest.raises(NotYourTurn):
                game.apply(state, rnd.choice(idle), legal[0])
        action = None
        if seat in bots and rnd.random() < BOT_SHARE:
            action = bot_move(game, state, seat, random.Random(rnd.random()))
        if action is None:
            action = rnd.choice(legal)
        assert legal_element(legal, action) is not None, f"the bot's {action!r} is not legal"
        after, events = game.apply(state, seat, action)
        assert game.dump(state) == dumped, "apply changed its input"
        dumped = game.dump(after)
        text = json.dumps({"state": dumped, "events": events}, allow_nan=False)
        assert game.load(json.loads(text)["state"]) == after
        assert game.dump(game.load(json.loads(text)["state"])) == dumped
        check_hidden(game, after, seats, rnd)
        if rnd.random() < TWIN_SHARE:
            check_twin(game, after, dumped, seats, rnd)
        state = after
    assert steps < WHOLE, "a random match never ended"
    return steps


@pytest.fixture(scope="module", autouse=True)
def quick_bukmeker_beliefs() -> Iterator[None]:
    """The Bukméker bot's belief for a short half is 6,000 simulated matches, once per process
    (bot.bukmeker_chance): here a few hundred do, forgotten afterwards (legality is tested
    here, the bot's judgement in tests/engines/focifogadas)."""
    sims = foci_bot.BELIEF_SIMS
    foci_bot._simulated_prior.cache_clear()
    foci_bot.BELIEF_SIMS = 300
    yield
    foci_bot.BELIEF_SIMS = sims
    foci_bot._simulated_prior.cache_clear()


@pytest.mark.parametrize(("game_id", "mode"), CASES)
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_random_play(game_id: str, mode: str, data: st.DataObject) -> None:
    game = registry.get(game_id)
    assert game is not None
    spec = game.modes[mode]
    seats = data.draw(st.integers(spec.min_players, spec.max_players), label="seats")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    bots = data.draw(st.frozensets(st.integers(0, seats - 1)), label="bot seats")
    assert play(game, mode, seats, seed, bots if game.has_bot else frozenset()) > 0


@pytest.mark.parametrize(("game_id", "mode"), CASES)
def test_a_whole_random_match(game_id: str, mode: str) -> None:
    """One match to its end (full time, extra time, shoot-out where it gets there), the most
    seats with bots."""
    game = registry.get(game_id)
    assert game is not None
    seats = game.modes[mode].max_players
    assert play(game, mode, seats, 38, frozenset({0}), WHOLE) > 0


def test_every_registered_game_is_played() -> None:
    assert {game_id for game_id, _ in CASES} == {game.id for game in registry.GAMES}
    assert len(CASES) == sum(len(game.modes) for game in registry.GAMES)


# --- The twin check itself: leaks planted in the views are caught ---------------------------


def _leak_top_colour(real: Callable[..., Any]) -> Callable[..., Any]:
    """match_public also shows the colour of each draw pile's top card."""
    return lambda m: {
        **real(m),
        "next": [foci_cards.CARDS[p[0]].colour if p else None for p in m.draw],
    }


def _leak_light_bets(real: Callable[..., Any]) -> Callable[..., Any]:
    """Drukker's players also show how many light bets each holds (all face down)."""

    def players(over: bool, money: Any, hands: Any, *rest: Any) -> list[Any]:
        shown = real(over, money, hands, *rest)
        light = [sum(not c.startswith("D") for c in hand or ()) for hand in hands]
        return [{**p, "light": k} for p, k in zip(shown, light, strict=True)]

    return players


def _leak_aside(real: Callable[..., Any]) -> Callable[..., Any]:
    """Bukméker's table also shows the kind of each set-aside pile's first card."""
    return lambda s: {**real(s), "aside": [foci_cards.CARDS[p[0]].kind for p in s.aside]}


def _leak_hattrick_pile(real: Callable[..., Any]) -> Callable[..., Any]:
    """Hat Trick's table also shows the type of each draw pile's top card."""
    return lambda m: {**real(m), "tops": [p[-1][2:4] if p else None for p in m.piles]}


def _leak_duel_hand(real: Callable[..., Any]) -> Callable[..., Any]:
    """Football Duel's sides also show the sum of the hand's values."""
    return lambda state, seat, side: {
        **real(state, seat, side),
        "hand_total": sum(int(c[2:4]) for c in side.hand),
    }


def _leak_pair_to_odds(real: Callable[..., Any]) -> Callable[..., Any]:
    """Every seat's odds are worked out knowing the drawn pair (the drawer's alone)."""
    return lambda out=((),) * 5, holds_pair=False: real(out, True)


PLANTS = [
    (foci_views, "match_public", _leak_top_colour, "focifogadas", "drukker", 3),
    (foci_views, "match_public", _leak_top_colour, "focifogadas", "bukmeker", 3),
    (foci_views, "_players", _leak_light_bets, "focifogadas", "drukker", 3),
    (foci_views, "bukmeker_public", _leak_aside, "focifogadas", "bukmeker", 4),
    (foci_odds, "Knowledge", _leak_pair_to_odds, "focifogadas", "drukker", 3),
    (hattrick_views, "_public", _leak_hattrick_pile, "hattrick", "match", 2),
    (duel_views, "_public_side", _leak_duel_hand, "duel", "match", 2),
]


@pytest.mark.parametrize(("module", "name", "leak", "game_id", "mode", "seats"), PLANTS)
def test_the_twin_check_catches_a_planted_leak(
    monkeypatch: pytest.MonkeyPatch,
    module: Any,
    name: str,
    leak: Callable[[Callable[..., Any]], Callable[..., Any]],
    game_id: str,
    mode: str,
    seats: int,
) -> None:
    """A view made to show something hidden (not a card id: a colour, a count, a sum) fails
    the twin check within a few hundred random moves."""
    monkeypatch.setattr(module, name, leak(getattr(module, name)))
    game = registry.get(game_id)
    assert game is not None
    rnd = random.Random(38)
    state = game.new(mode, game.modes[mode].defaults(), seats, 38)
    with pytest.raises(AssertionError, match="sees cards it may not"):
        for _ in range(400):
            check_twin(game, state, game.dump(state), seats, rnd)
            if game.result(state) is not None:
                break
            seat = rnd.choice(sorted(game.to_act(state)))
            state, _ = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))

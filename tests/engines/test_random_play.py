"""Random play that every registered game passes (OpenSpiel's playthroughs, issue 38 item 4).

Thousands of random legal moves, over seeds, every mode, every table size and random room
options, some seats played by the game's bot (handed its seat's view, `base.bot_move`). At each
step:

- the game waits for someone until it has a result; a seat it does not wait for has no legal
  action and is refused with `NotYourTurn`; the move played is one of the seat's legal ones;
- `apply` leaves its input as it was, and the new state's dump is JSON that loads back to the
  same state (and dumps to the same JSON);
- every seat's view and the spectator's hold no other seat's secret: no card id that only
  another seat's `private` part shows appears anywhere in a seat's view (its public part, its
  private part, its legal actions), and the spectator sees the public part alone (the one
  secret seats may share is a Bukméker pile several of them looked at, §10.2);
- a viewer's view is the same in a twin state where two cards it cannot see changed places
  (`check_twin`: what a seat or the spectator sees depends on nothing it cannot see).

The default run stays short: 12 matches per game and mode capped at 160 moves, and one whole
match each (some 9,000 moves in all, ~15 s); `RANDOM_PLAY_LONG=1` plays 250 whole matches per
game and mode.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games import registry
from app.games.base import (
    BadOptions,
    Game,
    NotYourTurn,
    View,
    bot_move,
    legal_element,
    seat_view,
    view,
)
from app.games.focifogadas import bot as foci_bot

LONG = os.environ.get("RANDOM_PLAY_LONG") == "1"
WHOLE = 10_000  # moves: more than any random match lasts (a Duel's: ~2,000)
MAX_STEPS = WHOLE if LONG else 160  # per match drawn by hypothesis
EXAMPLES = 250 if LONG else 12  # matches per game and mode (both hypothesis profiles)
BOT_SHARE = 0.15  # of a bot seat's moves, those its bot makes (bots are slow: Monte Carlo)
TWIN_SHARE = 0.25  # of the steps, those checked against a twin state (each costs ~3 views)
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


def seen_by(game: Game[Any], state: Any, viewer: int | None) -> list[Any]:
    """Everything `viewer` (a seat, or None for a spectator) is shown: its view's parts."""
    shown = game.public(state)
    if viewer is None:
        return [shown.phase, shown.public]
    view = seat_view(game, state, viewer)
    return [view["phase"], view["public"], view["private"], view["legal"], view["to_act"]]


def check_twin(game: Game[Any], state: Any, dumped: Any, seats: int, rnd: random.Random) -> None:
    """The viewer's view is the same in a twin state where two cards it cannot see changed
    places (in the dump: a hand card and one of a pile, say): what it sees does not depend on
    what it cannot. Cards of the same kind (the same first letter of their ids) are swapped,
    each named once in the dump: where it lies now, not also in a record of what was played."""
    viewer = rnd.choice([None, *range(seats)])
    seen = seen_by(game, state, viewer)
    text, shown = json.dumps(dumped), json.dumps(seen)
    unseen = sorted(
        card
        for card in card_ids(dataclasses.astuple(game.revealed(state)))
        if text.count(f'"{card}"') == 1 and f'"{card}"' not in shown
    )
    kinds: dict[str, list[str]] = {}
    for card in unseen:
        kinds.setdefault(card[0], []).append(card)
    pairs = [cards for cards in kinds.values() if len(cards) > 1]
    if not pairs:
        return
    a, b = rnd.sample(rnd.choice(pairs), 2)
    swapped = text.replace(f'"{a}"', "\0").replace(f'"{b}"', f'"{a}"').replace("\0", f'"{b}"')
    twin = game.load(json.loads(swapped))
    assert seen_by(game, twin, viewer) == seen, f"{viewer} sees where {a} and {b} are"


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

"""Random legal Drukker games (DESIGN.md quality bars): they end, conserve every card and
every pééénz, round-trip through JSON and never show a secret to another seat."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from app.games.base import Event
from app.games.focifogadas import bets, drukker, match, views
from app.games.focifogadas.cards import CARDS, CATALOGUE
from app.games.focifogadas.drukker import DrukkerState

MAX_STEPS = 3000
QUOTED = re.compile(r'"([^"]*)"')


def action_cards_conserved(s: DrukkerState) -> None:
    m = s.match
    if m is None:
        return
    for section, deck in enumerate(CATALOGUE.decks):
        held = list(m.draw[section] + m.discard[section])
        if m.pair is not None and CARDS[m.pair[0]].section == section:
            held += m.pair
        assert Counter(held) == Counter(deck)


def bet_cards_conserved(s: DrukkerState) -> None:
    drawn = s.buyer.drawn if s.buyer else ()
    every = [*s.light, *s.dark, *s.shown, *drawn]
    every += [c for hand in s.dealt for c in hand] + [c for b in s.bought for c in b]
    assert sorted(every) == sorted(bets.CARDS)


def secrets_from(s: DrukkerState, viewer: int | None) -> set[str]:
    """Every id that `viewer` must not see now (a seat sees its own hand and pair)."""
    secret: set[str] = set()
    for seat in range(s.n):
        hand = s.hands[seat] or ()
        out_of_play = set(s.dealt[seat]) - set(hand)
        if seat != viewer:
            secret |= out_of_play if s.hands[seat] is not None else set(s.dealt[seat])
            if s.phase != "over":
                secret |= set(hand) - set(s.bought[seat])
        elif s.hands[seat] is not None:
            secret |= out_of_play  # unchosen and replaced cards are gone for the owner too
    if s.buyer is not None and s.buyer.seat != viewer:
        secret |= set(s.buyer.drawn)
    secret |= set(s.light + s.dark)
    m = s.match
    if m is not None:
        secret |= {CARDS[c].id for pile in m.draw for c in pile}
        for pile in m.discard:  # (hidden, played) pairs; an identical pair was shown
            for hidden, played in zip(pile[::2], pile[1::2], strict=True):
                if CARDS[hidden].sig != CARDS[played].sig:
                    secret.add(CARDS[hidden].id)
        if m.pair is not None and match.to_act(m) != viewer:
            secret |= {CARDS[c].id for c in m.pair}
    return secret


def assert_hidden(text: str, secret: set[str]) -> None:
    leaked = secret & set(QUOTED.findall(text))
    assert not leaked, f"leaked {sorted(leaked)}"


def money_moves(before: DrukkerState, after: DrukkerState, seat: int, action: Any) -> None:
    """Money changes only by −200 per bought card, then by the payouts at the end."""
    diff = [a - b for a, b in zip(after.money, before.money, strict=True)]
    if action["type"] == "buy":
        expected = [0] * before.n
        expected[seat] = -200 * action["count"]
        assert diff == expected
    elif after.phase == "over" and before.phase != "over":
        assert after.payouts is not None and diff == list(after.payouts)
        rec = match.record(after.match)  # type: ignore[arg-type]
        for hand, paid in zip(after.hands, after.payouts, strict=True):
            assert paid == sum(drukker.pays(c) for c in hand or () if bets.card(c).holds(rec))
    else:
        assert diff == [0] * before.n


def check_step(
    before: DrukkerState, after: DrukkerState, seat: int, action: Any, events: list[Event]
) -> None:
    action_cards_conserved(after)
    bet_cards_conserved(after)
    money_moves(before, after, seat, action)
    assert drukker.load(json.loads(json.dumps(drukker.dump(after)))) == after
    for viewer in [*range(after.n), None]:
        view = views.drukker_view(after, viewer)
        if viewer is None:
            assert view.private is None
        assert_hidden(json.dumps([view.public, view.private]), secrets_from(after, viewer))
    shown_now: set[str] = set()
    if action["type"] == "play":  # the played card (and an identical twin) went face up
        pair = before.match.pair if before.match else None
        twin = pair is not None and CARDS[pair[0]].sig == CARDS[pair[1]].sig
        shown_now = {CARDS[c].id for c in pair or ()} if twin else {action["card"]}
    assert_hidden(json.dumps(events), secrets_from(after, None) - shown_now)
    for other in range(after.n):
        if other not in drukker.to_act(after):
            assert drukker.legal_actions(after, other) == []


@given(
    seed=st.integers(0, 2**31 - 1),
    seats=st.integers(2, 6),
    chooser=st.randoms(use_true_random=False),
)
def test_random_legal_play_ends_conserves_and_never_leaks(
    seed: int, seats: int, chooser: random.Random
) -> None:
    s = drukker.new({}, seats, seed)
    for _ in range(MAX_STEPS):
        if drukker.result(s) is not None:
            break
        seat = chooser.choice(sorted(drukker.to_act(s)))
        legal = drukker.legal_actions(s, seat)
        assert legal
        action = chooser.choice(legal)
        after, events = drukker.apply(s, seat, action)
        check_step(s, after, seat, action, events)
        s = after
    result = drukker.result(s)
    assert result is not None, "the game ended"
    assert drukker.to_act(s) == frozenset()
    assert set(result["winners"]) <= set(range(seats)) and result["winners"]

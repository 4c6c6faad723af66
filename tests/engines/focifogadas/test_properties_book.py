"""Random play of Bukméker and live mode: ends, conserves money and cards, never leaks."""

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.base import REVEAL, bot_move
from app.games.base import view as view_of
from app.games.focifogadas import book
from app.games.focifogadas.cards import CARDS
from app.games.focifogadas.game import GAME, FociState

MAX_STEPS = 3000


def _ids(cards: Any) -> set[str]:
    return {str(c) for c in cards}


def _secrets(s: FociState, with_pair: bool = True) -> dict[int, set[str]]:
    """Per seat, the card ids only that seat may see right now.

    The drawn pair counts for views; not for events, which may show a card played face up
    just before a reshuffle put it back into the pile it was drawn again from.
    """
    inner = s.inner
    b: book.Book = inner.book
    secrets = {seat: set(b.hands[seat]) for seat in range(b.n)}
    revealing = None
    if b.phase == book.DISCS:
        revealing = book.seat_order(b)[b.disc_turn]
    for seat, pick in enumerate(b.picks):
        if pick is not None and seat != revealing:
            secrets[seat].add(pick)
    if s.mode == "bukmeker":
        for seat, piles in enumerate(inner.peeks):
            looked = {CARDS[c].id for i in piles or () for c in inner.aside[i]}
            secrets[seat] |= looked
        m = inner.match
        if with_pair and m is not None and m.pair is not None and m.status == "playing":
            secrets[m.current] |= {CARDS[c].id for c in m.pair}
    return secrets


def _check_no_leak(s: FociState) -> None:
    secrets = _secrets(s)
    n = s.inner.n
    seen_by_all = json.dumps(GAME.public(s).public)
    for viewer in [*range(n), None]:
        view = view_of(GAME, s, viewer)
        text = json.dumps([view.public, view.private])
        for owner, ids in secrets.items():
            if owner == viewer:
                continue
            leaked = {c for c in ids if f'"{c}"' in text}
            # A card another seat also saw legitimately (two peekers of one pile) is fine.
            leaked -= secrets.get(viewer, set()) if viewer is not None else set()
            assert not leaked, (owner, viewer, leaked)
    assert "aside" not in seen_by_all


def _check_conservation(s: FociState, total: int) -> None:
    inner = s.inner
    b: book.Book = inner.book
    assert sum(b.money) == total and min(b.money) >= 0
    cards = [c for h in b.hands for c in h] + [p for p in b.picks if p] + [o.card for o in b.offers]
    assert len(cards) == len(set(cards))
    # Nothing leaves the table before the draft ends; then the 5 left per hand go to the box.
    assert len(cards) == (8 * b.n if b.phase in (book.DRAFT, book.DISCS) else 3 * b.n)
    if s.mode == "bukmeker":
        m = inner.match
        action = [c for p in inner.aside for c in p]
        action += (
            [c for p in inner.piles for c in p]
            if m is None
            else [c for p in m.draw + m.discard for c in p] + list(m.pair or ())
        )
        assert sorted(action) == list(range(80))


def _play(mode: str, n: int, seed: int, check_every: int) -> FociState:
    rnd = random.Random(seed)
    s = GAME.new(mode, {"scorer_seat": seed % n} if mode == "live" else {}, n, seed)
    total = 1000 * n * n
    for step in range(MAX_STEPS):
        seats = GAME.to_act(s)
        if not seats:
            break
        seat = rnd.choice(sorted(seats))
        legal = GAME.legal_actions(s, seat)
        assert legal
        if rnd.random() < 0.5 and (action := bot_move(GAME, s, seat, rnd)) is not None:
            assert action in legal
        else:
            action = rnd.choice(legal)
        s, events = GAME.apply(s, seat, action)
        said = json.dumps(events)  # events are public: no seat's secret may be in them
        secret = {c for ids in _secrets(s, with_pair=False).values() for c in ids}
        assert not {c for c in secret if f'"{c}"' in said}
        assert GAME.load(json.loads(json.dumps(GAME.dump(s)))) == s
        _check_conservation(s, total)
        if step % check_every == 0:
            _check_no_leak(s)
    result = GAME.result(s)
    assert result is not None, "the game did not end"
    assert sum(result["money"]) == total and min(result["money"]) >= 0
    assert view_of(GAME, s, REVEAL).public["players"][0]["money"] == result["money"][0]
    return s


@settings(max_examples=12)
@given(n=st.integers(3, 6), seed=st.integers(0, 2**31))
def test_random_bukmeker_games(n: int, seed: int) -> None:
    _play("bukmeker", n, seed, check_every=3)


@settings(max_examples=20)
@given(n=st.integers(3, 6), seed=st.integers(0, 2**31))
def test_random_live_games(n: int, seed: int) -> None:
    _play("live", n, seed, check_every=1)

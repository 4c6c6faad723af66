"""What the next event of the match would change (issue 36 §1: the money story on the table).

For each event that can come next while the match runs (a goal of either side, a corner, a
yellow, a red), every seat's money "if it ended now" after it, and the cards whose status so
far or verdict-if-it-ended-now it would change: a phone shows "next goal Home ▲600 (L05)"
beside the "if it ended now" of the record as it stands. Pure; the views call it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Final

from app.games.base import JsonDict
from app.games.focifogadas import bets, settlement
from app.games.focifogadas.book import Book
from app.games.focifogadas.record import MatchRecord

NEXT_EVENTS: Final = ("goal_home", "goal_away", "corner", "yellow", "red")


def after(record: MatchRecord, event: str, half: int) -> MatchRecord:
    """The record once `event` happened in `half`."""
    if event == "goal_home":
        return record.with_goal("home", half)
    if event == "goal_away":
        return record.with_goal("away", half)
    if event == "corner":
        return record.with_corner()
    if event == "yellow":
        return record.with_yellow()
    return record.with_red()


def changed(
    card_ids: Iterable[str], before: MatchRecord, then: MatchRecord, half: int
) -> list[str]:
    """The cards whose status so far, or whose verdict were it to end now, `then` changes."""
    out = []
    for c in card_ids:
        card = bets.card(c)
        if card.status_so_far(before, half) != card.status_so_far(then, half) or card.holds(
            before
        ) != card.holds(then):
            out.append(c)
    return out


def next_events(
    record: MatchRecord,
    half: int,
    card_ids: list[str],
    money_after: Callable[[MatchRecord], list[int]],
) -> JsonDict:
    """{event: {"if_ended_now": [money per seat], "cards": [ids it changes]}}."""
    out: JsonDict = {}
    for event in NEXT_EVENTS:
        then = after(record, event, half)
        out[event] = {
            "if_ended_now": money_after(then),
            "cards": changed(card_ids, record, then, half),
        }
    return out


@lru_cache(maxsize=256)
def book_next(b: Book, record: MatchRecord, half: int) -> JsonDict:
    """A bookmakers' table (Bukméker, live): every offer, every seat's settled money. The
    book stands still through a match and the record changes only at an event: one answer,
    shared by the steps between (views are read, never changed)."""
    return next_events(
        record,
        half,
        [o.card for o in b.offers],
        lambda then: list(settlement.settle_book(b, then)[0]),
    )


@lru_cache(maxsize=16384)
def _swings(card_id: str, relevant: MatchRecord, half: int) -> tuple[tuple[bool, bool], ...]:
    """What each of `NEXT_EVENTS` does to one card: (holds were the match to end after it,
    changed: its status so far or that verdict). A card reads only its own quantity
    (`bets.cut`, which the tests check), so this is worked out on the record cut down to
    it (`relevant`): once for every seat of every room whose record agrees on that quantity,
    and an event that leaves the quantity as it was (a corner, for a goal card) changes
    nothing."""
    card = bets.card(card_id)
    status, holds = card.status_so_far(relevant, half), card.holds(relevant)
    out = []
    for event in NEXT_EVENTS:
        then = bets.cut(after(relevant, event, half), card.uses)
        if then == relevant:
            out.append((holds, False))
            continue
        then_holds = card.holds(then)
        out.append(
            (
                then_holds,
                then_holds != holds
                # a decided card stays decided: no continuation changes it (A31), and the
                # record after an event is one of them
                or (status == "alive" and card.status_so_far(then, half) != status),
            )
        )
    return tuple(out)


@lru_cache(maxsize=4096)
def hand_next(
    hand: tuple[str, ...], money: int, pays: Callable[[str], int], v: bets.Verdicts
) -> JsonDict | None:
    """A Drukker seat (its own bets, private): its money were it to end after each event.

    `next_events` of its hand, read from each card's `_swings`. Made once per hand, money
    and verdicts (one object per record and half, hashed by identity): a seat's drawn pair
    changes its private part every other turn, not this (views are read, never changed)."""
    half = v.live_half
    if half is None:
        return None
    rows = [(c, _swings(c, v.relevant(bets.card(c).uses), half)) for c in hand]
    return {
        event: {
            "if_ended_now": [money + sum(pays(c) for c, row in rows if row[i][0])],
            "cards": [c for c, row in rows if row[i][1]],
        }
        for i, event in enumerate(NEXT_EVENTS)
    }

"""A seat's held bets as the views show them (each with its status so far and its payout),
and a Drukker seat's private part, built from them once for every step that leaves it as it
was (docs/rules/focifogadas.md §7.6, §9)."""

from __future__ import annotations

from functools import lru_cache

from app.games.base import JsonDict
from app.games.focifogadas import bets, match
from app.games.focifogadas.cards import CARDS
from app.games.focifogadas.drukker import judged, pays
from app.games.focifogadas.nextevent import hand_next
from app.games.focifogadas.state import DrukkerState


def bet_line(card_id: str, face_up: bool, verdicts: bets.Verdicts) -> JsonDict:
    """One held bet with its status so far (`verdicts`: judged on the record so far and the
    half in progress) and its payout (what it pays, what it paid)."""
    return _line(card_id, face_up, verdicts.status(card_id))


@lru_cache(maxsize=4096)
def _line(card_id: str, face_up: bool, status: bets.Status) -> JsonDict:
    """A bet line is one of a few thousand (card, face up, status): built once and shared by
    every view that shows it, as `BET_BACK` is (views are read, never changed)."""
    pay = pays(card_id)
    return {
        "card": bets.card(card_id).to_json(),
        "face_up": face_up,
        "status": status,
        "pays": pay,
        "payout": pay if status == "won" else 0,
    }


def _if_ended(money: int, hand: tuple[str, ...] | None, unpaid: bool, v: bets.Verdicts) -> int:
    """A seat's money if the match ended with the record as it stands."""
    won = sum(pays(c) for c in hand or () if v.holds(c)) if unpaid else 0
    return money + won


def seat_private(s: DrukkerState, seat: int) -> JsonDict:
    """A Drukker seat's private part: its dealt or held bets, what it would have now, its
    drawn pair and its half-time draws (what it set aside, what it drew)."""
    hand = s.hands[seat]
    m = s.match
    buyer = s.buyer
    return _seat_private(
        s.dealt[seat] if hand is None else None,
        hand,
        s.bought[seat],
        s.money[seat],
        s.payouts is None,
        judged(s)[1],
        m.pair if m is not None and match.to_act(m) == seat else None,
        buyer.drawn if buyer is not None and buyer.seat == seat else None,
        buyer.replaced if buyer is not None and buyer.seat == seat else None,
    )


@lru_cache(maxsize=4096)
def _seat_private(
    dealt: tuple[str, ...] | None,
    hand: tuple[str, ...] | None,
    up: tuple[str, ...],
    money: int,
    unpaid: bool,
    verdicts: bets.Verdicts,
    pair: tuple[int, int] | None,
    drawn: tuple[str, ...] | None,
    replaced: tuple[str, ...] | None,
) -> JsonDict:
    """A seat's private part is made of these alone, and most steps change none of them
    for most seats (another seat played, no goal): the same part, one object, is shared by
    the steps, which the delta form then neither builds nor encodes again (views are read,
    never changed). `verdicts` stands for the record so far and the half in progress (one
    object per pair, `bets.verdicts`): a key hashed by identity, where a `MatchRecord`'s
    hash and equality are Python code run for every seat of every push."""
    return {
        "dealt": None if dealt is None else [bets.card(c).to_json() for c in dealt],
        "bets": [] if hand is None else _bets(hand, up, verdicts),
        "if_ended_now": _if_ended(money, hand, unpaid, verdicts),
        # what the next goal, corner or booking would change (issue 36 §1)
        "next": hand_next(hand, money, pays, verdicts) if hand and unpaid else None,
        "pair": None if pair is None else [CARDS[c].to_json() for c in pair],
        "drawn": None if drawn is None else [bets.card(c).to_json() for c in drawn],
        # the bets it set aside at half time (§9.3 step 2: hidden from the others for ever)
        "replaced": None if replaced is None else [bets.card(c).to_json() for c in replaced],
    }


@lru_cache(maxsize=4096)
def _bets(hand: tuple[str, ...], up: tuple[str, ...], verdicts: bets.Verdicts) -> list[JsonDict]:
    """A seat's held bets as its private part lists them: one list while they stay (the
    part itself changes with the seat's drawn pair, every other turn)."""
    return [bet_line(c, c in up, verdicts) for c in hand]

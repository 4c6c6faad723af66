"""What each viewer sees of a match and of a Drukker game (rules/focifogadas.md §7.6).

This module alone decides visibility, by whitelisting fields. Hidden things: draw-pile order,
the drawn pair (the current player only), hidden discards, betting hands (their owner only,
until the end), half-time replaced cards and unchosen cards (never), drawn-not-yet-kept cards
(the buyer only). REVEAL sees every seat's private part (replays).
"""

from __future__ import annotations

from functools import lru_cache

from app.games.base import REVEAL, JsonDict, View, Viewer
from app.games.focifogadas import bets, match
from app.games.focifogadas.cards import CARDS, SECTIONS
from app.games.focifogadas.drukker import DrukkerState, pays
from app.games.focifogadas.match import MatchState
from app.games.focifogadas.record import TEAMS, MatchRecord

BET_BACK = {"id": None, "back": "bet"}


# --- The match --------------------------------------------------------------------------------


def match_public(m: MatchState) -> JsonDict:
    """What everyone sees of the match: ball, tracks, time, pile sizes, face-up top cards."""
    return {
        "status": m.status,
        "half": m.half,
        "time": m.time_pos,
        "time_steps": m.time_steps,
        "ball": {"section": SECTIONS[m.section], "poss": TEAMS[m.poss]},
        "score": match.score(m),
        "half_time_score": [m.h1, m.a1] if m.half == 2 or m.status != match.PLAYING else None,
        "first_goal": None if m.fg < 0 else TEAMS[m.fg],
        "corners": m.corners,
        "yellows": m.yellows,
        "reds": m.reds,
        "kickoff": TEAMS[m.kickoff],
        "current": match.to_act(m),
        "turn": m.turn,
        "decks": [
            {
                "section": SECTIONS[s],
                "draw": len(m.draw[s]),
                "discard": len(m.discard[s]),
                "top": CARDS[m.discard[s][-1]].to_json() if m.discard[s] else None,
            }
            for s in range(5)
        ],
    }


def pair_faces(m: MatchState) -> list[JsonDict] | None:
    """The drawn pair's faces: for the current player (and REVEAL) only."""
    return None if m.pair is None else [CARDS[c].to_json() for c in m.pair]


def empty_match_public() -> JsonDict:
    return {"status": "not_started", "score": [0, 0]}


# --- Drukker ----------------------------------------------------------------------------------


def live_half(s: DrukkerState) -> int | None:
    """The half in progress for `bets.status_so_far`: 1 before kick-off, None once over."""
    if s.match is None:
        return 1
    if s.phase == "over":
        return None
    return 2 if s.phase == "half_time" else s.match.half


def current_record(s: DrukkerState) -> MatchRecord:
    return MatchRecord() if s.match is None else match.record(s.match)


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


def if_ended_now(s: DrukkerState, seat: int, verdicts: bets.Verdicts) -> int:
    """The seat's money if the match ended with the record as it stands."""
    hand = s.hands[seat] or ()
    won = sum(pays(c) for c in hand if verdicts.holds(c)) if s.payouts is None else 0
    return s.money[seat] + won


def _public_player(s: DrukkerState, seat: int, rec: MatchRecord) -> JsonDict:
    hand = s.hands[seat]
    player: JsonDict = {"seat": seat, "money": s.money[seat], "chosen": hand is not None}
    if hand is None:
        player["bets"] = []
    elif s.phase == "over":
        verdicts = bets.verdicts(rec, live_half(s))
        player["bets"] = [bet_line(c, True, verdicts) for c in hand]
        player["payout"] = None if s.payouts is None else s.payouts[seat]
    else:
        up = s.bought[seat]
        player["bets"] = [bets.card(c).to_json() if c in up else BET_BACK for c in hand]
    return player


def _buyer_public(s: DrukkerState) -> JsonDict | None:
    b = s.buyer
    if b is None:
        return None
    return {"seat": b.seat, "step": b.step, "count": b.count, "drawn": len(b.drawn)}


def drukker_public(s: DrukkerState, rec: MatchRecord) -> JsonDict:
    m = s.match
    return {
        "mode": "drukker",
        "start_player": None if s.start_player < 0 else s.start_player,
        "players": [_public_player(s, i, rec) for i in range(s.n)],
        "score": [0, 0] if m is None else match.score(m),
        "match": empty_match_public() if m is None else match_public(m),
        "bet_decks": {"light": len(s.light), "dark": len(s.dark)},
        "shown": [bets.card(c).to_json() for c in s.shown],
        "buyer": _buyer_public(s),
        "prices": {"card": 200, "dark": 1000, "light": 400},
    }


def drukker_private(s: DrukkerState, seat: int, rec: MatchRecord) -> JsonDict:
    hand = s.hands[seat]
    up = s.bought[seat]
    verdicts = bets.verdicts(rec, live_half(s))
    private: JsonDict = {
        "dealt": [bets.card(c).to_json() for c in s.dealt[seat]] if hand is None else None,
        "bets": [] if hand is None else [bet_line(c, c in up, verdicts) for c in hand],
        "if_ended_now": if_ended_now(s, seat, verdicts),
        "pair": None,
        "drawn": None,
    }
    if s.match is not None and match.to_act(s.match) == seat:
        private["pair"] = pair_faces(s.match)
    if s.buyer is not None and s.buyer.seat == seat:
        private["drawn"] = [bets.card(c).to_json() for c in s.buyer.drawn]
    return private


def drukker_view(s: DrukkerState, viewer: Viewer) -> View:
    rec = current_record(s)  # once per view: every bet line reads it
    public = drukker_public(s, rec)
    if viewer is REVEAL:
        private: JsonDict | None = {"seats": [drukker_private(s, i, rec) for i in range(s.n)]}
    elif isinstance(viewer, int) and 0 <= viewer < s.n:
        private = drukker_private(s, viewer, rec)
    else:
        private = None
    return View(phase=s.phase, public=public, private=private)

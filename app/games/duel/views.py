"""What each viewer sees. The only place that decides visibility: every field is whitelisted.

Public: score, half, possession, the attack so far, pile sizes, each chain and hand as backs
(slot occupancy only; a seat's pending arrangement is never public), and every card a duel has
revealed. Private: the seat's own hand and chain (its pending arrangement while arranging), the
goalkeeper it picked, and its shoot-out keepers and takers.
"""

from __future__ import annotations

from app.games.base import JsonDict, PublicView, View
from app.games.duel.cards import TEAMS, Card, back, face
from app.games.duel.outcome import shootout_goals
from app.games.duel.rules import allowed_slots, to_act
from app.games.duel.state import SHOOTOUT_KEEPERS, SHOTS_TO_EARN, Kicker, Phase, Side, Slots, State


def _faces(cards: tuple[Card, ...]) -> list[JsonDict]:
    return [face(c) for c in cards]


def _backs(seat: int, count: int) -> list[JsonDict]:
    return [back(seat) for _ in range(count)]


def _chain_faces(chain: Slots) -> list[JsonDict | None]:
    return [None if c is None else face(c) for c in chain]


def _public_side(state: State, seat: int, side: Side) -> JsonDict:
    return {
        "team": TEAMS[seat],
        "pile": len(side.pile),
        "hand": _backs(seat, len(side.hand)),
        "chain": [None if c is None else back(seat) for c in side.chain],
        "set_aside": _faces(side.set_aside),
        "arranging": state.phase == Phase.ARRANGE and seat in to_act(state),
    }


def _attack(state: State) -> JsonDict | None:
    if state.phase not in (Phase.CHALLENGE, Phase.GOALKEEPER, Phase.SHOT, Phase.ARRANGE):
        return None
    duel = state.last_duel
    last = None
    if duel is not None:
        last = {
            "attacker": duel.attacker,
            "attack_card": face(duel.attack_card),
            "defence_card": None if duel.defence_card is None else face(duel.defence_card),
            "slot": duel.slot,
            "outcome": duel.outcome,
        }
    live = state.phase != Phase.ARRANGE
    return {
        "seat": state.ball,
        "wins": state.wins,
        "wins_for_shot": SHOTS_TO_EARN,
        "next": state.phase if live else None,
        "allowed_slots": [s + 1 for s in allowed_slots(state)]
        if state.phase == Phase.CHALLENGE
        else [],
        "goalkeeper_picked": state.keeper is not None,
        "last_duel": last,
    }


def _public_kicker(seat: int, kicker: Kicker) -> JsonDict:
    return {
        "pile": len(kicker.pile),
        "keepers": _backs(seat, len(kicker.keepers) + len(kicker.pool)),
        "takers": _backs(seat, len(kicker.takers)),
        "ready": kicker.is_ready,
        "used": _faces(kicker.used),
        "kicks": list(kicker.kicks),
    }


def _public_shootout(state: State) -> JsonDict | None:
    if state.shootout is None:
        return None
    kickers = state.shootout
    return {
        "goals": shootout_goals(state),
        "first": state.first_shooter if state.phase != Phase.SHOOTOUT_SETUP else None,
        "shooter": state.shooter if state.phase == Phase.PENALTY else None,
        "sudden_death": any(len(k.kicks) > SHOOTOUT_KEEPERS for k in kickers),
        "coin_winner": state.coin_winner,
        "players": [_public_kicker(seat, k) for seat, k in enumerate(kickers)],
    }


def public(state: State) -> PublicView:
    return PublicView(state.phase, _public(state))


def _public(state: State) -> JsonDict:
    in_match = state.phase in (Phase.CHALLENGE, Phase.GOALKEEPER, Phase.SHOT, Phase.ARRANGE)
    return {
        "half": state.half,
        "halves": state.options.halves,
        "copies": state.options.copies,
        "extra_time": state.half > state.options.halves,
        "score": list(state.score),
        "possession": state.ball if in_match else None,
        "possessions": state.possessions,
        "attack": _attack(state),
        "players": [_public_side(state, seat, side) for seat, side in enumerate(state.sides)],
        "shootout": _public_shootout(state),
    }


def private(state: State, seat: int) -> JsonDict | None:
    """The seat's own hand and chain (its pending arrangement while arranging), the goalkeeper
    it picked and its shoot-out cards; None for anyone but the two seats."""
    if seat not in (0, 1):
        return None
    side = state.sides[seat]
    hand, chain = side.hand, side.chain
    if state.arranging is not None:
        hand, chain = state.arranging[seat].hand, state.arranging[seat].chain
    mine: JsonDict = {
        "hand": _faces(hand),
        "chain": _chain_faces(chain),
        "goalkeeper": face(state.keeper) if state.keeper and seat != state.ball else None,
        "shootout": None,
    }
    if state.shootout is not None:
        kicker = state.shootout[seat]
        mine["shootout"] = {
            "pool": _faces(kicker.pool),
            "keepers": _faces(kicker.keepers),
            "takers": _faces(kicker.takers),
            "dropped": _faces(kicker.dropped),
        }
    return mine


def revealed(state: State) -> View:
    """Everything face up (replays and tests)."""
    piles = [side.pile for side in state.sides]
    if state.shootout is not None:
        piles = [k.pile for k in state.shootout]
    face_up = {
        "seats": [private(state, seat) for seat in (0, 1)],
        "piles": [_faces(p) for p in piles],
        "goalkeeper": None if state.keeper is None else face(state.keeper),
    }
    return View(state.phase, _public(state), face_up)

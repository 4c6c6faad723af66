"""What each viewer sees (docs/rules/hattrick.md §13, docs/PROTOCOL.md "Conventions inside views").

The only place that decides visibility: every field is whitelisted. Hands, draw-pile order and
undisclosed choices (a laid card, a shooting or keeper card before the reveal) stay private.
"""

from __future__ import annotations

from dataclasses import fields

from app.games.base import JsonDict, PublicView, View
from app.games.hattrick.cards import (
    COLOUR,
    EMPTY_NAMES,
    PLAYERS,
    SHOOTING,
    card_side,
    card_type,
    card_value,
    keeper_cards,
    keeper_covers,
    number_of,
    team_of,
)
from app.games.hattrick.pitch import attack_of, defence_of, is_star, keeper_base
from app.games.hattrick.state import Match, Options


def card_face(card: str) -> JsonDict:
    """Any physical card face up: action, shooting or keeper card."""
    if card.startswith("SH-"):
        s = SHOOTING[card]
        return {
            "id": card,
            "kind": "shooting",
            "colour": s.colour,
            "target": s.target,
            "modifier": s.modifier,
        }
    if "-GK" in card:
        return {
            "id": card,
            "kind": "keeper",
            "team": team_of(card),
            "covers": keeper_covers(card),
            "star": "GK*" in card,
        }
    return {
        "id": card,
        "kind": "action",
        "team": team_of(card),
        "type": card_type(card),
        "value": card_value(card),
        "side": card_side(card),
    }


def back(team: int) -> JsonDict:
    return {"id": None, "back": COLOUR[team]}


def player_face(m: Match, player: str) -> JsonDict:
    card = PLAYERS[number_of(player)]
    return {
        "id": player,
        "team": team_of(player),
        "number": card.number,
        "role": card.role,
        "side": card.side,
        "attack": attack_of(m, player),
        "defence": defence_of(m, player),
        "star": is_star(m, player),
    }


def table_cards(m: Match) -> list[JsonDict | None]:
    """The card each seat has on the table: face up once revealed, a back while hidden (the
    seat's own hidden choice is in its `private.chosen`)."""
    out: list[JsonDict | None] = []
    for team in (0, 1):
        hidden = m.pending[team]
        shown = m.played[team]
        if hidden is not None:
            out.append(back(team))
        elif shown is not None:
            out.append(card_face(shown))
        else:
            out.append(None)
    return out


def shot_view(m: Match) -> JsonDict | None:
    """`public.shot`: the shooting numbers (docs/UX.md); choices appear only once revealed."""
    shot = m.shot
    if shot is None:
        return None
    live = not shot.resolved
    # Once the shot is resolved its cards are in the discard piles, and may later be shuffled
    # into a temporary deck: from then on only the numbers stay on show.
    return {
        "team": shot.team,
        "player": shot.player,
        "colour": shot.colour,
        "line": shot.line,
        "col": shot.col,
        "penalty": shot.penalty,
        # §2.5/§8.3: the base is public from the shot's start (shooter's field, keeper's set),
        # so both managers see what the keeper card gives before they choose (issue 6).
        "base": shot.base if shot.base is not None else keeper_base(m),
        "overlay": shot.overlay,
        "allowance": shot.allowance,
        "power": shot.power,
        "total": shot.total,
        "outcome": shot.outcome,
        "card": card_face(shot.card) if live else None,
        "card_value": card_value(shot.card),
        "shooting": card_face(shot.shooting) if shot.shooting else None,
        "keeper": card_face(shot.keeper) if shot.keeper else None,
        "drawn": [card_face(c) for c in shot.drawn] if live else [],
        "drawn_values": [card_value(c) for c in shot.drawn],
        "chosen": [m.phase == "shot_cards" and m.pending[t] is not None for t in (0, 1)],
    }


def options_json(options: Options) -> JsonDict:
    return {f.name: getattr(options, f.name) for f in fields(options)}


def public(m: Match) -> PublicView:
    return PublicView(m.phase, _public(m))


def _public(m: Match) -> JsonDict:
    so = m.shootout
    return {
        "half": m.half,
        "score": list(m.score),
        "shootout": None
        if so is None
        else {
            "goals": list(so.goals),
            "taken": list(so.taken),
            "first": so.first,
            "kicker": so.kicker,
        },
        "teams": [m.options.team_blue, m.options.team_red],
        "pitch": [[None if p is None else player_face(m, p) for p in row] for row in m.grid],
        "empty_names": {k: list(v) for k, v in EMPTY_NAMES.items()},
        "carrier": m.carrier,
        "attacker": m.attacker,
        "scoring_opportunity": m.so,
        "so_round": m.so_round if m.so else 0,
        "yellow": list(m.yellow),
        "sent_off": list(m.off),
        "hand_sizes": [len(h) for h in m.hands],
        "pile_sizes": [len(p) for p in m.piles],
        "discards": [[card_face(c) for c in d] for d in m.discards],
        "exhausted": list(m.exhausted),
        "valve": m.valve,
        "table": table_cards(m),
        "chosen": [m.pending[t] is not None for t in (0, 1)],
        "moved": m.moved,
        "shooting_cards": [card_face(c) for c in SHOOTING],
        "keepers": [[card_face(c) for c in keeper_cards(t, 1 in m.stars[t])] for t in (0, 1)],
        "keeper_star": [1 in m.stars[t] for t in (0, 1)],
        "shot": shot_view(m),
        "options": options_json(m.options),
    }


def private(m: Match, seat: int) -> JsonDict | None:
    """The manager's own hand and the card it chose face down; None for anyone else."""
    if seat not in (0, 1):
        return None
    chosen = m.pending[seat]
    return {
        "team": seat,
        "hand": [card_face(c) for c in m.hands[seat]],
        "chosen": None if chosen is None else card_face(chosen),
    }


def revealed(m: Match) -> View:
    """Everything face up: both hands, the order of both draw piles, the hidden choices."""
    face_up: JsonDict = {
        "hands": [[card_face(c) for c in h] for h in m.hands],
        "piles": [[card_face(c) for c in p] for p in m.piles],
        "pending": [None if c is None else card_face(c) for c in m.pending],
    }
    return View(m.phase, _public(m), face_up)

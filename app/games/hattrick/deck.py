"""Hat Trick chance and cards (docs/rules/hattrick.md §4.3, §12): coin tosses, shuffles, draws and
discards. Every draw from the seeded `Rng` in the state is logged as an event."""

from __future__ import annotations

from dataclasses import replace

from app.games.hattrick.cards import DECKS, HAND
from app.games.hattrick.state import Events, Match, put


def coin_toss(m: Match, purpose: str, ev: Events) -> tuple[int, Match]:
    """§12: a coin toss, logged; the team that won it."""
    team, rng = m.rng.randint(0, 1)
    ev.append({"event": "coin_toss", "purpose": purpose, "team": team})
    return team, replace(m, rng=rng)


def fresh_deck(m: Match, team: int, hand: int, ev: Events) -> Match:
    """§4.2.3 / §4.6.1: all 32 cards shuffled into a new draw pile, then the hand drawn."""
    deck, rng = m.rng.shuffle(DECKS[team])
    m = replace(
        m,
        rng=rng,
        piles=put(m.piles, team, deck),
        hands=put(m.hands, team, ()),
        discards=put(m.discards, team, ()),
    )
    ev.append({"event": "deck_shuffled", "team": team, "cards": len(deck)})
    return draw_up_to(m, team, hand, ev)


def draw_one(m: Match, team: int, ev: Events) -> tuple[str | None, Match]:
    """The top card of the draw pile, making a temporary deck from the discards when empty."""
    if not m.piles[team]:
        if not m.discards[team]:
            return None, m
        deck, rng = m.rng.shuffle(m.discards[team])
        m = replace(m, rng=rng, piles=put(m.piles, team, deck), discards=put(m.discards, team, ()))
        ev.append({"event": "temporary_deck", "team": team, "cards": len(deck)})
    pile = m.piles[team]
    m = replace(m, piles=put(m.piles, team, pile[:-1]))
    if len(pile) == 1 and not m.exhausted[team] and m.half <= 3:
        m = replace(m, exhausted=put(m.exhausted, team, True))  # §4.4: the original deck is out
        ev.append({"event": "deck_exhausted", "team": team})
    return pile[-1], m


def draw_up_to(m: Match, team: int, size: int, ev: Events) -> Match:
    count = 0
    while len(m.hands[team]) < size:
        card, m = draw_one(m, team, ev)
        if card is None:
            break
        m = replace(m, hands=put(m.hands, team, (*m.hands[team], card)))
        count += 1
    if count:
        ev.append({"event": "cards_drawn", "team": team, "count": count})
    return m


def both_draw(m: Match, ev: Events) -> Match:
    for team in (0, 1):
        m = draw_up_to(m, team, HAND, ev)
    return m


def discard_played(m: Match) -> Match:
    """The cards in play go to their teams' discard piles."""
    discards = m.discards
    for team in (0, 1):
        card = m.played[team]
        if card is not None:
            discards = put(discards, team, (*discards[team], card))
    return replace(m, discards=discards, played=(None, None))

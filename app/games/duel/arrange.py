"""The Football Duel turn switch (docs/rules/duel.md "Turn switch and refill"): the refill, and both
seats rearranging hand and chain at once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from app.games.duel.actions import Arranging, SwapCard, SwapSlots
from app.games.duel.state import CHAIN_SLOTS, FULL_SQUAD, Arrangement, Events, Side, State, player


def refill(side: Side) -> tuple[Side, int]:
    """docs/rules/duel.md "Turn switch and refill": draw until 11 held or the pile is empty.

    Drawn cards fill empty chain slots (lowest first), then the hand; the chain must hold
    min(6, held), so hand cards move into empty slots when it is short. The owner can then
    rearrange freely, so this placement takes no choice away.
    """
    drawn = side.pile[: max(0, FULL_SQUAD - side.held)]
    chain, hand = list(side.chain), list(side.hand)
    for card in drawn:
        if None in chain:
            chain[chain.index(None)] = card
        else:
            hand.append(card)
    while hand and None in chain:
        chain[chain.index(None)] = hand.pop()
    side = replace(side, pile=side.pile[len(drawn) :], hand=tuple(hand), chain=tuple(chain))
    return side, len(drawn)


def arrangement_actions(arrangement: Arrangement) -> list[Arranging]:
    """docs/rules/duel.md "Turn switch": swap a hand card with a chain card, or two chain slots."""
    if arrangement.done:
        return []
    chain = arrangement.chain
    actions: list[Arranging] = [
        {"type": "swap", "card": card, "slot": slot + 1}
        for card in arrangement.hand
        for slot in range(CHAIN_SLOTS)
        if chain[slot] is not None
    ]
    actions += [
        {"type": "swap", "slots": [a + 1, b + 1]}
        for a in range(CHAIN_SLOTS)
        for b in range(a + 1, CHAIN_SLOTS)
        if chain[a] is not None or chain[b] is not None
    ]
    actions.append({"type": "done"})
    return actions


def is_legal_arrangement(arrangement: Arrangement, action: Mapping[str, Any]) -> bool:
    """The same answer as `action in arrangement_actions(arrangement)`, without building the
    list (random play calls this for every one of its many swaps)."""
    if arrangement.done or not isinstance(action, dict) or "type" not in action:
        return False
    keys = action.keys()
    if keys == {"type"}:
        return bool(action["type"] == "done")
    if action["type"] != "swap":
        return False
    if keys == {"type", "slots"}:
        slots = action["slots"]
        if not (isinstance(slots, list) and len(slots) == 2 and all(_is_slot(s) for s in slots)):
            return False
        a, b = slots
        return bool(a < b and (arrangement.chain[a - 1] or arrangement.chain[b - 1]))
    if keys == {"type", "card", "slot"}:
        slot = action["slot"]
        return (
            action["card"] in arrangement.hand
            and _is_slot(slot)
            and bool(arrangement.chain[slot - 1])
        )
    return False


def _is_slot(value: object) -> bool:
    return type(value) is int and 1 <= value <= CHAIN_SLOTS


def _swap(arrangement: Arrangement, action: SwapCard | SwapSlots) -> Arrangement:
    chain = list(arrangement.chain)
    if "slots" in action:
        a, b = action["slots"][0] - 1, action["slots"][1] - 1
        chain[a], chain[b] = chain[b], chain[a]
        return Arrangement(arrangement.hand, tuple(chain))
    slot, card = action["slot"] - 1, action["card"]
    out = chain[slot]
    assert out is not None  # only occupied slots are legal
    hand = tuple(out if c == card else c for c in arrangement.hand)
    chain[slot] = card
    return Arrangement(hand, tuple(chain))


def arrange(state: State, seat: int, action: Arranging, events: Events) -> State:
    """Both arrange at once; once both said done, their arrangements become their sides and
    `arranging` is None (the caller then starts the possession)."""
    assert state.arranging is not None
    mine = state.arranging[seat]
    if action["type"] == "done":
        mine = Arrangement(mine.hand, mine.chain, done=True)
        events.append({"event": "arranged", "seat": seat, "text": f"{player(seat)} is ready"})
    else:
        mine = _swap(mine, action)
    both = (mine, state.arranging[1]) if seat == 0 else (state.arranging[0], mine)
    if not all(a.done for a in both):
        return replace(state, arranging=both)
    sides = tuple(
        replace(s, hand=a.hand, chain=a.chain) for s, a in zip(state.sides, both, strict=True)
    )
    return replace(state, sides=(sides[0], sides[1]), arranging=None)
